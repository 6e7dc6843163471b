"""Static files for a phone on a busy Wi-Fi (companion/assets.py, companion/seams/werkzeug.py):
versioned URLs cached for good, gzip, revalidation, module preloads, keep-alive."""
from __future__ import annotations

import gzip
import http.client
import re

import pytest

from companion.assets import Assets

PAGE_LINKS = re.compile(r'(?:href|src)="(/(?:assets|static|bundles)/[^"]+)"')
BUNDLE = re.compile(r"/assets/\w{12}/bundles/[\w+-]+\.js")


def phone_page(client, mode="referee", query=""):
    r = client.post("/tables", data={"mode": mode})
    table_id = r.headers["Location"].rsplit("/", 1)[1]
    r = client.get(f"/p/{table_id}{query}", headers={"Accept-Encoding": "gzip, br"})
    assert r.status_code == 200
    assert r.headers["Content-Encoding"] == "gzip"
    return gzip.decompress(r.data).decode()


def test_every_file_a_page_links_is_versioned_compressed_and_kept(app, client):
    html = phone_page(client)
    links = PAGE_LINKS.findall(html)
    version = app.extensions["assets"].version
    assert links and all(u.startswith(f"/assets/{version}/") for u in links), links
    assert [u for u in links if u.endswith(".js") and "/vendor/" not in u] == \
        [u for u in links if BUNDLE.fullmatch(u)]            # the page's modules, one file
    for url in set(links):
        r = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200, url
        assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        plain = client.get(url)
        if url.endswith((".js", ".css")) and len(plain.data) > 1024:
            assert r.headers["Content-Encoding"] == "gzip", url
            assert gzip.decompress(r.data) == plain.data
            assert len(r.data) < len(plain.data) * 0.6
        again = client.get(url, headers={"If-None-Match": r.headers["ETag"]})
        assert again.status_code == 304 and not again.data


def test_modules_are_preloaded_except_those_loaded_on_demand(app, client):
    """Served one by one (?bundle=0, see test_server_bundle.py), the modules are preloaded."""
    html = phone_page(client, query="?bundle=0")
    preloads = re.findall(r'<link rel="modulepreload" href="/assets/\w+/js/([\w-]+\.js)"', html)
    graph = app.extensions["bundles"].graph                 # esbuild's metafile
    assert {"phone.js", "connection.js", "delta.js", "dom.js"} <= set(preloads)
    expected = {*graph.reached(["js/phone.js"], lazy=False),
                *graph.reached(["js/referee-phone.js"], lazy=False)}
    assert {"js/" + m for m in preloads} == expected
    assert len(preloads) == len(set(preloads))               # each module once
    assert "feats-tracker.js" not in preloads                # fetched at Legends tables only
    assert "referee-pick.js" not in preloads                 # at the first tap needing it


def test_plain_static_urls_still_work_and_are_revalidated(client):
    r = client.get("/static/js/phone.js")
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-cache"
    assert client.get("/static/js/nope.js").status_code == 404
    assert client.get("/assets/0123/js/nope.js").status_code == 404
    old = client.get("/assets/000000000000/js/phone.js")    # a page from before a restart
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"


def test_the_version_follows_the_content(tmp_path):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text('import { b } from "./b.js";\nexport const a = b;\n')
    (tmp_path / "js" / "b.js").write_text('export const b = 1;\nconst c = () => import("./c.js");\n')
    first = Assets(str(tmp_path))
    assert first.version == Assets(str(tmp_path)).version
    (tmp_path / "js" / "b.js").write_text("export const b = 2;\n")
    assert Assets(str(tmp_path)).version != first.version


@pytest.mark.slow
def test_one_connection_carries_many_requests(live_server):
    host = live_server.url.split("//")[1]
    conn = http.client.HTTPConnection(host, timeout=5)
    try:
        conn.request("GET", "/static/js/dom.js")
        r = conn.getresponse()
        assert r.status == 200 and r.getheader("Connection") != "close"
        r.read()
        sock = conn.sock
        conn.request("POST", "/tables", body="mode=tracker",
                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        r = conn.getresponse()
        assert r.status == 303
        r.read()
        conn.request("GET", "/healthz")
        r = conn.getresponse()
        assert r.read() == b"ok"
        assert conn.sock is sock                          # the same TCP connection
    finally:
        conn.close()
