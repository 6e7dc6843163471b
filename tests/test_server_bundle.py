"""One script per page, made by esbuild (bundle.mjs, `make bundle`) and committed in
static/bundles/: the committed bundles are what esbuild makes of static/js now (rebuilt
and compared where Node is present; skipped with a notice elsewhere, a failure under
REQUIRE_NODE=1 as in CI), what a page's bundle does (the order of its modules, one
instance of each, lazily imported ones too), the server reading esbuild's metafile, and
falling back to the modules one by one."""
from __future__ import annotations

import gzip
import json
import logging
import re
import shutil
from pathlib import Path

import pytest

from companion import create_app
from companion.bundle import META, parse

from bundling import GRAPH, ROOT, run_node

SCRIPT = re.compile(r'<script type="module" src="([^"]+)"(?: blocking="render")?></script>')


# ---- the committed bundles are esbuild's -----------------------------------------------

def test_the_committed_bundles_are_what_esbuild_makes_of_static_js(node):
    out = run_node(node, ["bundle.mjs", "--check"], ROOT)
    assert out.returncode == 0, out.stderr + out.stdout      # says: run `make bundle`


def copy_for_bundling(dest: Path) -> Path:
    """The files `node bundle.mjs` reads and writes, in a folder of their own."""
    for name in ("bundle.mjs", "package.json"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "static" / "js", dest / "static" / "js")
    shutil.copytree(ROOT / "static" / "bundles", dest / "static" / "bundles")
    (dest / "node_modules").symlink_to(ROOT / "node_modules")
    return dest


def test_a_stale_bundle_fails_the_check_with_what_to_do(node, tmp_path):
    copy = copy_for_bundling(tmp_path)
    assert run_node(node, ["bundle.mjs", "--check"], copy).returncode == 0
    phone = copy / "static" / "js" / "phone.js"
    phone.write_text(phone.read_text() + "\nconsole.log(1);\n")
    out = run_node(node, ["bundle.mjs", "--check"], copy)
    assert out.returncode == 1
    assert "static/bundles/ is stale" in out.stderr and "Run `make bundle`" in out.stderr
    assert "language+phone.js" in out.stderr and "meta.json" in out.stderr
    # a bundle of a page that is no longer made, left in the folder, is stale too
    assert run_node(node, ["bundle.mjs"], copy).returncode == 0
    (copy / "static" / "bundles" / "old+page.js").write_text("")
    out = run_node(node, ["bundle.mjs", "--check"], copy)
    assert out.returncode == 1 and "old+page.js" in out.stderr
    assert run_node(node, ["bundle.mjs"], copy).returncode == 0     # make bundle cleans it
    assert not (copy / "static" / "bundles" / "old+page.js").exists()


# ---- what a page's bundle does (bundle.mjs's own entry, run in Node) -------------------

def test_a_pages_bundle_runs_its_modules_in_order_once_each(node, tmp_path):
    """Entries in their <script>s' order, one failing not stopping the next, top-level
    await, live bindings, and a lazily imported module seeing the page's own instance."""
    for rel, text in GRAPH.items():
        (tmp_path / "static" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "static" / rel).write_text(text)
    (tmp_path / "run.mjs").write_text(f"""\
import {{ bundle }} from {json.dumps(str(ROOT / "bundle.mjs"))};
const r = await bundle({json.dumps(str(tmp_path))}, [["js/one.js", "js/bad.js", "js/two.js"]]);
globalThis.log = [];
globalThis.self = {{ reportError: (err) => log.push("reported " + err.message) }};
await import("./static/bundles/one+bad+two.js");
console.log(JSON.stringify({{ log, outputs: Object.keys(r.metafile.outputs) }}));
""")
    out = run_node(node, ["run.mjs"], tmp_path)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["log"] == ["shared", "one", "// hi", 1, "bad", "reported no", "two", 2,
                          "lazy", "lazy sees", 2, True]
    assert sorted(got["outputs"]) == ["static/bundles/one+bad+two.js",
                                      "static/bundles/one+bad+two.js.map"]   # one file


# ---- the server ------------------------------------------------------------------------

def page(client, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, path
    return r.get_data(as_text=True)


def table(client, **form) -> str:
    return client.post("/tables", data=form).headers["Location"].rsplit("/", 1)[1]


def meta() -> dict:
    return json.loads((ROOT / "static" / META).read_text())


def test_a_phone_page_loads_one_bundle_cached_for_good(app, client):
    t = table(client, mode="referee")
    html = page(client, f"/p/{t}")
    assert len(SCRIPT.findall(html)) == 1
    url = SCRIPT.findall(html)[0]
    version = app.extensions["assets"].version
    assert url == f"/assets/{version}/bundles/referee-phone+language+phone.js", url
    assert 'rel="modulepreload" href="/assets/' not in html     # (the words' catalog keeps its)
    r = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert r.headers["Content-Encoding"] == "gzip"
    text = gzip.decompress(r.data).decode()
    assert text == (ROOT / "static" / "bundles" / "referee-phone+language+phone.js").read_text()
    assert text.rstrip().endswith("//# sourceMappingURL=referee-phone+language+phone.js.map")
    # its functions compiled as it streams in, off the page's main thread (bundle.mjs)
    assert text.startswith("//# allFunctionsCalledOnLoad\n")
    assert client.get(url + ".map").mimetype == "application/json"
    held = meta()["outputs"]["static/bundles/referee-phone+language+phone.js"]["inputs"]
    for module in ("phone.js", "link.js", "referee-phone.js", "phone-referee.js", "dom.js",
                   "referee-play.js", "referee-sheets.js", "feats-dialogs.js", "story.js",
                   "awake.js"):
        assert f"static/js/{module}" in held, module             # lazy ones too
    assert "static/js/host.js" not in held
    again = client.get(url, headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304


def test_a_pages_bundle_is_named_in_its_head_and_blocks_its_first_paint(app, client):
    """The browser paints the page once, as its scripts made it (the phone: its seat
    from the first view), not once before they run and again after: the bundle is a
    render-blocking module in the head, though the body's parts name its modules
    (the referee's sheets, the lobby's ability) and the rest of the page comes first."""
    t = table(client, mode="referee")
    for path in (f"/p/{t}", "/rules", "/"):
        html = page(client, path)
        head, body = html.split("</head>", 1)
        tags = re.findall(r'<script type="module"[^>]*>', html)
        assert len(tags) == 1 and tags[0] in head and 'blocking="render"' in tags[0], path
        assert "/bundles/" not in body, path
    html = page(client, f"/p/{t}")
    assert html.index('id="game-view"') < html.index('id="confirm')   # the page's order
    assert html.count('id="game-view"') == 1 and html.count('id="lobby-view"') == 1
    # one by one, each module is its own script where it stands, as before
    html = page(client, f"/p/{t}?bundle=0")
    head = html.split("</head>", 1)[0]
    assert 'type="module" src="/assets/' not in head and "blocking" not in html


def test_a_pages_answer_names_its_heads_files_in_a_link_header(app, client):
    """The browser asks for a page's style sheets and bundle as soon as the answer's
    headers come in (a `Link` header), not once it has committed the page and parsed its
    head: the same files as the head names, in its order, and nothing else."""
    t = table(client, mode="referee")
    for path in (f"/p/{t}", "/rules", "/", f"/p/{t}?bundle=0"):
        r = client.get(path)
        head = r.get_data(as_text=True).split("</head>", 1)[0]
        named = re.findall(r'<link rel="stylesheet" href="([^"]+)">', head) + [
            url for url in re.findall(r'<script type="module" src="([^"]+)"', head)]
        links = re.findall(r"<([^>]+)>; rel=(preload; as=style|modulepreload)",
                           r.headers.get("Link", ""))
        assert named and links == [(url, "preload; as=style" if url.endswith(".css")
                                    else "modulepreload") for url in named], path
    assert "Link" not in client.get(f"/p/{t}/seat", headers={"Accept": "application/json"}).headers


def test_unbundled_on_asking_or_by_config(app, client, tmp_path):
    t = table(client, mode="referee")
    html = page(client, f"/p/{t}?bundle=0")
    scripts = [u.rsplit("/", 1)[1] for u in SCRIPT.findall(html)]
    assert scripts == ["referee-phone.js", "language.js", "phone.js"]   # in order
    assert 'rel="modulepreload"' in html and "/bundles/" not in html
    off = create_app({"TESTING": True, "BUNDLE_MODULES": False,
                      "DATABASE": str(tmp_path / "off.sqlite3")})
    with off.test_client() as c:
        html = page(c, f"/p/{table(c, mode='tracker')}")
        assert [u.rsplit("/", 1)[1] for u in SCRIPT.findall(html)] == ["language.js", "phone.js"]
        assert "/bundles/" not in html
    off.extensions["companion"].storage.close()


def swap_static(app, tmp_path) -> Path:
    folder = tmp_path / "static"
    shutil.copytree(app.static_folder, folder)
    app.extensions["assets"].folder = str(folder)        # read on the first request
    return folder


def test_a_module_changed_since_the_bundles_makes_pages_unbundled_and_is_logged(
        app, client, tmp_path, caplog):
    folder = swap_static(app, tmp_path)
    with open(folder / "js" / "dom.js", "a") as f:
        f.write("// changed, no `make bundle` after\n")
    with caplog.at_level(logging.WARNING):
        html = page(client, f"/p/{table(client, mode='tracker')}")
    assert [u.rsplit("/", 1)[1] for u in SCRIPT.findall(html)] == ["language.js", "phone.js"]
    assert 'rel="modulepreload"' in html and "/bundles/" not in html
    assert any("js/dom.js changed since the bundles were made (run `make bundle`)"
               in r.getMessage() for r in caplog.records)


def test_without_a_metafile_pages_are_unbundled_and_it_is_logged(app, client, tmp_path, caplog):
    folder = swap_static(app, tmp_path)
    (folder / META).write_text("{not json")
    with caplog.at_level(logging.WARNING):
        html = page(client, "/rules")
    assert [u.rsplit("/", 1)[1] for u in SCRIPT.findall(html)] == [
        "language.js", "rules.js", "rules-anchor.js"]
    assert any("run `make bundle`" in r.getMessage() for r in caplog.records)


def test_a_page_whose_modules_have_no_bundle_loads_them_one_by_one(app, client, tmp_path, caplog):
    folder = swap_static(app, tmp_path)
    data = json.loads((folder / META).read_text())
    del data["outputs"]["static/bundles/language+host.js"]       # as if not in PAGES
    (folder / META).write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING):
        html = page(client, f"/host/{table(client, mode='tracker')}")
    assert [u.rsplit("/", 1)[1] for u in SCRIPT.findall(html)] == ["language.js", "host.js"]
    assert any("no bundle holds js/language.js, js/host.js (add them to PAGES in bundle.mjs"
               in r.getMessage() for r in caplog.records)


def test_every_real_page_has_its_bundle(app, client, caplog):
    """Every page, of every ruleset in both modes, loads one bundle and nothing else of
    static/js, and every module of static/js is in some page's bundle."""
    from engine.rulesets import RULESETS
    paths = ["/", "/join", "/rules", "/t/nosuchtable"]
    for ruleset in RULESETS:
        for mode in ("tracker", "referee"):
            t = table(client, mode=mode, ruleset=ruleset)
            paths += [f"/p/{t}", f"/host/{t}", f"/t/{t}"]
    used = set()
    with caplog.at_level(logging.WARNING):
        for path in paths:
            html = client.get(path).get_data(as_text=True)
            urls = SCRIPT.findall(html)
            assert len(urls) == 1 and "/bundles/" in urls[0], (path, urls)
            used.add(urls[0].rsplit("/", 1)[1])
    assert not [r.getMessage() for r in caplog.records if "bundle" in r.getMessage()]
    outputs = meta()["outputs"]
    assert {f"static/bundles/{name}" for name in used} == {
        o for o in outputs if o.endswith(".js")}                 # no bundle made for nothing
    held = {i for o in outputs.values() for i in o["inputs"]}
    modules = {f"static/js/{p.name}" for p in (ROOT / "static" / "js").glob("*.js")}
    assert modules <= held, modules - held


def test_the_metafiles_graph_has_the_lazy_imports():
    graph = parse((ROOT / "static" / META).read_text())
    at_once = graph.reached(["js/phone.js"], lazy=False)
    every = graph.reached(["js/phone.js"])
    assert at_once[0] == "js/phone.js" and {"js/dom.js", "js/i18n.js", "js/link.js"} <= set(at_once)
    assert {"js/story.js", "js/awake.js", "js/referee-sheets.js", "js/feats-tracker.js",
            "js/feats-dialogs.js"} <= set(every) - set(at_once)
    assert graph.bundles[("js/language.js", "js/phone.js")] == "bundles/language+phone.js"
