"""What the pages' catalogs are cut from is written at build time (companion/extracted.py:
`make messages`, `make bundle`) into companion/translations/extracted.json, committed, and
checked here the way tests/test_server_bundle.py checks the bundles; the running server
reads it and extracts or scans nothing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import extracted, i18n


def test_the_committed_file_is_what_the_build_writes_now():
    problem = extracted.stale()
    assert problem is None, problem


def test_a_stale_file_fails_the_check_with_what_to_do(tmp_path):
    data = json.loads(Path(extracted.PATH).read_text(encoding="utf-8"))
    data["modules"]["phone"]["base"].remove("static/js/bits.js")
    old = tmp_path / "extracted.json"
    old.write_text(extracted.text(data), encoding="utf-8")
    problem = extracted.stale(str(old))
    assert problem and "stale" in problem and "make messages" in problem
    assert extracted.stale(str(tmp_path / "none.json"))
    old.write_text(extracted.text(extracted.build()), encoding="utf-8")
    assert extracted.stale(str(old)) is None


def test_the_server_cuts_the_pages_catalogs_without_extracting(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the server ran the build's extraction")
    for name in ("build", "worded_by_server", "modules"):
        monkeypatch.setattr(extracted, name, refuse)
    monkeypatch.setattr(extracted, "extract_from_dir", refuse)
    i18n.reload()
    try:
        digest, body = i18n.page_catalog("hu", "starwars", "phone")
        assert b'"m":{' in body and len(body) > 1000
        assert i18n.shown_by_pages("base", "host")
    finally:
        monkeypatch.undo()
        i18n.reload()


@pytest.mark.parametrize("page", extracted.ENTRIES)
def test_each_page_loads_its_own_modules(page):
    modules = json.loads(Path(extracted.PATH).read_text(encoding="utf-8"))["modules"][page]
    assert f"static/js/{page}.js" in modules["base"]
    assert "static/js/i18n.js" in modules["base"]
