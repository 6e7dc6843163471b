"""A page's bundle in Chromium (bundle.mjs, companion/bundle.py): a lazily imported module
is the bundle's own copy, sharing the state of every module with the page (one instance
each), with no request; and the same modules one by one behave the same."""
from __future__ import annotations

import json

import pytest
import requests

from browsing import Watch, expect, loopback_only
from bundling import GRAPH, ROOT, run_node

pytestmark = pytest.mark.browser

ORIGIN = "http://bundle.test"
PAGE = """<!doctype html><meta charset="utf-8"><title>bundle</title>
<script>window.log = [];</script>
%s
"""


def serve_folder(page, folder, html: str, asked: list[str]) -> None:
    """The page's requests to ORIGIN answered from `folder` (html at /), each noted."""
    def answer(route):
        path = route.request.url[len(ORIGIN):].split("?")[0]
        asked.append(path)
        if path == "/":
            return route.fulfill(body=html, content_type="text/html")
        file = folder / path.lstrip("/")
        if not file.is_file():
            return route.fulfill(status=404, body="")
        return route.fulfill(body=file.read_bytes(), content_type="text/javascript")
    page.route(ORIGIN + "/**", answer)


def test_a_lazily_imported_module_shares_the_bundles_instances(node, browser, tmp_path):
    for rel, text in GRAPH.items():
        (tmp_path / "static" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "static" / rel).write_text(text)
    (tmp_path / "build.mjs").write_text(
        f"import {{ bundle }} from {json.dumps(str(ROOT / 'bundle.mjs'))};\n"
        f"await bundle({json.dumps(str(tmp_path))}, [['js/one.js', 'js/bad.js', 'js/two.js']]);\n")
    out = run_node(node, ["build.mjs"], tmp_path)
    assert out.returncode == 0, out.stderr
    want = ["shared", "one", "// hi", 1, "bad", "two", 2, "lazy", "lazy sees", 2, True]
    logs = {}
    for how, scripts in (
            ("bundle", ['<script type="module" src="/bundles/one+bad+two.js"></script>']),
            ("one by one", [f'<script type="module" src="/js/{m}.js"></script>'
                            for m in ("one", "bad", "two")])):
        ctx = browser.new_context()
        page = ctx.new_page()
        errors, asked = [], []
        page.on("pageerror", lambda e: errors.append(e.message))
        serve_folder(page, tmp_path / "static", PAGE % "\n".join(scripts), asked)
        page.goto(ORIGIN + "/")
        page.wait_for_function("window.log.length >= %d" % len(want))
        logs[how] = page.evaluate("window.log")
        assert errors == ["no"], (how, errors)       # bad.js's, reported; the rest ran
        if how == "bundle":
            assert asked == ["/", "/bundles/one+bad+two.js"], asked  # lazy.js: in the bundle
        else:
            assert "/js/lazy.js" in asked and asked.count("/js/shared.js") == 1, asked
        ctx.close()
    assert logs["bundle"] == want
    assert logs["one by one"] == want


def dealt_table(server: str, ruleset: str, mode: str) -> tuple[str, dict[str, str]]:
    """A dealt table of four: its id and each player's seat token."""
    import socketio
    http = requests.Session()
    r = http.post(server + "/tables", data={"ruleset": ruleset, "mode": mode},
                  allow_redirects=False, timeout=5)
    table_id = r.headers["Location"].rstrip("/").split("/")[-1]
    tokens = {n: requests.post(f"{server}/t/{table_id}/join", json={"name": n},
                               timeout=5).json()["token"] for n in ("Ann", "Bob", "Cid", "Dee")}
    host = socketio.Client(reconnection=False)
    host.connect(server, auth={"table": table_id}, transports=["websocket"], wait_timeout=10,
                 headers={"Cookie": f"host_{table_id}={http.cookies.get(f'host_{table_id}')}"})
    try:
        assert host.call("deal", {}, timeout=10)["ok"]
    finally:
        host.disconnect()
    return table_id, tokens


@pytest.mark.long
def test_a_real_pages_lazy_modules_come_from_its_bundle(server, pw, browser):
    """A dealt BANG! Star Wars referee phone runs referee-sheets.js as soon as its seat
    shows (the ruleset's checks), and awake.js at the first tap: from the bundle, with no
    module asked for; one by one (?bundle=0) the same page asks for each."""
    table_id, tokens = dealt_table(server, "starwars", "referee")
    for query, name in (("", "Ann"), ("?bundle=0", "Bob")):
        watch = Watch()
        ctx = browser.new_context(**pw.devices["Pixel 7"])
        page = watch.page(ctx, name)
        asked: list[str] = []
        page.on("request", lambda req: asked.append(req.url))
        page.goto(loopback_only(f"{server}/p/{table_id}{query}#{tokens[name]}"))
        expect(page.locator("#game-view")).to_be_visible()
        page.locator("#char-name").click()                    # the first tap: awake.js
        expect(page.locator("#awake")).to_be_visible()         # ... which has run
        page.wait_for_load_state("networkidle")
        scripts = [u for u in asked if u.endswith(".js") and "/vendor/" not in u]
        if query:
            assert any(u.endswith("/js/referee-sheets.js") for u in scripts), scripts
            assert any(u.endswith("/js/awake.js") for u in scripts), scripts
        else:
            assert [u.rsplit("/", 2)[-2:] for u in scripts] == [
                ["bundles", "lobby-ability+referee-phone+language+phone.js"]], scripts
        assert not watch.errors, watch.errors
        ctx.close()
