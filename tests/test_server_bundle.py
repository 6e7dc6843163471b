"""One script per page (companion/bundle.py): small module graphs joined and run in Node
(the same order, the same instances, live namespaces), what the bundler refuses, the
server falling back to the modules one by one, and the real pages' bundles."""
from __future__ import annotations

import gzip
import json
import logging
import re
import shutil
import subprocess

import pytest

from companion import create_app
from companion.bundle import WARM, Bundler, entries_of
from companion.jsmodules import NotUnderstood, tokenize

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on this machine")

GRAPH = {
    # the entry: named, namespace and lazy imports; words that only look like code
    "js/a.js": """\
import { b, bump as up } from "./b.js";
import * as c from "./c.js";
import E, * as e from "./e.js";
const fake = "import { x } from './nope.js'";   // export let y = 1; import("./nope.js")
const re = /\\/import\\(/;
const tpl = `export ${b} import("./nope.js")`;
log.push("a", b);
up();
log.push(c.count);
const D = "./d.js";
const d = await import(D);
log.push(d.default, d.shared === c.token, (await import("./d.js")) === d);
log.push(re.test("/import("), fake.length > 0, tpl.startsWith("export 2"));
log.push(E(), e.e, e.default === E);
""",
    "js/e.js": 'export default function named() { return "E"; }\nexport const e = 5;\n',
    "js/b.js": """\
import "./c.js";
import { inc } from "./c.js";
log.push("b");
export const b = 2, other = 3;
export function bump() { inc(); }
""",
    # top-level await, a binding it reassigns (read through its namespace: live)
    "js/c.js": """\
export let count = 0;
export function inc() { count += 1; }
export const token = {};
await Promise.resolve();
log.push("c");
""",
    # imported lazily, by a name held in a constant: shares c.js with the entry
    "js/d.js": """\
import { token } from "./c.js";
export { token as shared };
log.push("d");
export default "D";
""",
    "js/unused.js": 'log.push("never");\n',
}


def bundle(files: dict[str, str], entries: list[str]) -> str:
    return Bundler(files.get, "/assets/v/").build(entries)


def run(tmp_path, text: str) -> list:
    """Run a bundle as a module in Node, with a page's `location`; what it logged."""
    (tmp_path / "bundle.mjs").write_text(text)
    (tmp_path / "run.mjs").write_text(
        'globalThis.location = { href: "http://127.0.0.1/p/t1" };\n'
        "globalThis.log = [];\n"
        'await import("./bundle.mjs");\n'
        "await new Promise((resolve) => setTimeout(resolve, 20));\n"
        "console.log(JSON.stringify(globalThis.log));\n")
    out = subprocess.run([NODE, str(tmp_path / "run.mjs")], capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@needs_node
def test_a_bundle_runs_modules_in_order_once_with_shared_instances(tmp_path):
    text = bundle(GRAPH, ["js/a.js"])
    assert "js/d.js" in text and "js/unused.js" not in text
    assert run(tmp_path, text) == ["c", "b", "a", 2, 1, "d", "D", True, True, True, True, True,
                                   "E", 5, True]


@needs_node
def test_a_pages_entries_run_in_the_order_of_its_scripts(tmp_path):
    files = {"js/one.js": 'import { n } from "./n.js";\nlog.push("one", n());\n',
             "js/two.js": 'import { n } from "./n.js";\nlog.push("two", n());\n',
             "js/n.js": 'let k = 0;\nexport const n = () => ++k;\nlog.push("n");\n',
             "js/bad.js": 'log.push("bad");\nthrow new Error("no");\n'}
    assert run(tmp_path, bundle(files, ["js/two.js", "js/one.js"])) == ["n", "two", 1, "one", 2]
    # one entry failing does not stop the next (as with separate <script>s)
    text = bundle(files, ["js/bad.js", "js/one.js"]).replace(
        "if (self.reportError)", "if (false)").replace("throw err;", "log.push('reported');")
    assert run(tmp_path, text) == ["bad", "n", "one", 1, "reported"]


@pytest.mark.parametrize("source, why", [
    ('import { x } from "./m.js";\n', "reassigns"),                # m.js: export let x; x = 2
    ('import { nope } from "./m.js";\n', "does not export"),
    ("const u = import.meta.url;\n", "import.meta"),
    ('export * from "./m.js";\n', "export *"),
    ('import { y } from "./cycle.js";\nexport const z = 1;\n', "cycle"),
    ('import x from "https://elsewhere/x.js";\n', "not a module beside it"),
    ('import { x } from "./gone.js";\n', "not there"),
    ('import { x } from "./m.js" with { type: "json" };\n', "attributes"),
    ("export const { a, b } = {};\n", "destructuring"),
    ('const s = "open;\n', "string left open"),
    ("function f() {\n", "left open"),
    ("const __b_load = 1;\n", "__b_"),
    ("export\n", "ends inside"),
    ("import x\n", "ends inside"),
])
def test_what_the_bundler_refuses(source, why):
    files = {"js/entry.js": source,
             "js/m.js": "export let x = 1;\nexport function set() { x = 2; }\n",
             "js/cycle.js": 'import { z } from "./entry.js";\nexport const y = z;\n'}
    with pytest.raises(NotUnderstood, match=why):
        bundle(files, ["js/entry.js"])


def test_a_reassigned_binding_read_through_a_namespace_is_fine():
    files = {"js/entry.js": 'import * as m from "./m.js";\nm.set();\nexport const seen = () => m.x;\n',
             "js/m.js": "export let x = 1;\nexport function set() { x = 2; }\n"}
    assert 'get: () => x' in bundle(files, ["js/entry.js"])


def test_tokens_inside_strings_templates_regexes_and_comments_are_not_code():
    src = ('const a = "import(" + `${"}`"}` + `x${ {a: 1}.a }y`; // import.meta\n'
           "const r = a / 2 / 1, s = /[/]import\\//g; /* export * */\n")
    names = [t.text for t in tokenize("x.js", src) if t.kind == "name"]
    assert "import" not in names and "meta" not in names and "export" not in names
    assert [t.kind for t in tokenize("x.js", src)].count("regex") == 1


def test_bundle_names_round_trip():
    assert entries_of("js/referee-phone+js/phone.js") == ["js/referee-phone.js", "js/phone.js"]
    assert entries_of("nope.css") == []


# ---- the server ------------------------------------------------------------------------

SCRIPT = re.compile(r'<script type="module" src="([^"]+)"></script>')


def page(client, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, path
    return r.get_data(as_text=True)


def table(client, **form) -> str:
    return client.post("/tables", data=form).headers["Location"].rsplit("/", 1)[1]


def test_a_phone_page_loads_one_bundle_cached_for_good(app, client):
    t = table(client, mode="referee")
    html = page(client, f"/p/{t}")
    assert SCRIPT.findall(html) == [SCRIPT.findall(html)[0]]
    url = SCRIPT.findall(html)[0]
    assert re.fullmatch(r"/bundles/\w{12}/js/referee-phone\+js/language\+js/phone\.js", url), url
    assert 'rel="modulepreload" href="/assets/' not in html     # (the words' catalog keeps its)
    r = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert r.headers["Content-Encoding"] == "gzip"
    text = gzip.decompress(r.data).decode()
    for module in ("js/phone.js", "js/link.js", "js/referee-phone.js", "js/phone-referee.js", "js/dom.js",
                   "js/referee-play.js", "js/feats-dialogs.js", "js/story.js"):
        assert f'__b_defs.set("{module}"' in text, module          # lazy ones too
    assert '__b_defs.set("js/host.js"' not in text
    again = client.get(url, headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304
    # a page from before a restart: the current bundle, not to be kept under that URL
    old = client.get(url.replace(url.split("/")[2], "000000000000"))
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"
    for bad in ("/bundles/x/js/nope.js", "/bundles/x/vendor/socket.io.min.js",
                "/bundles/x/js/phone+js/phone.js", "/bundles/x/css/app.css"):
        assert client.get(bad).status_code == 404, bad


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


def test_a_module_it_cannot_read_makes_every_page_unbundled_and_is_logged(app, client, tmp_path, caplog):
    folder = tmp_path / "static"
    shutil.copytree(app.static_folder, folder)
    (folder / "js" / "odd.js").write_text("export const here = import.meta.url;\n")
    app.extensions["assets"].folder = str(folder)        # read on the first request
    with caplog.at_level(logging.WARNING):
        html = page(client, f"/p/{table(client, mode='tracker')}")
    assert [u.rsplit("/", 1)[1] for u in SCRIPT.findall(html)] == ["language.js", "phone.js"]
    assert 'rel="modulepreload"' in html
    assert any("js/odd.js: import.meta" in r.getMessage() for r in caplog.records)
    assert client.get("/bundles/x/js/phone.js").status_code == 404


REAL_PAGES = [("/p/{referee}", ["js/referee-phone.js", "js/language.js", "js/phone.js"]),
              ("/p/{tracker}", ["js/language.js", "js/phone.js"]),
              ("/host/{tracker}", ["js/language.js", "js/host.js"]),
              ("/rules", ["js/language.js", "js/rules.js", "js/rules-anchor.js"]),
              ("/", ["js/language.js"])]


@needs_node
def test_every_real_pages_bundle_parses(app, client, tmp_path):
    """Each page's bundle is valid JavaScript (node --check; without Node, the browser
    tests run every page from its bundle), every module of the static folder can be
    bundled, and the server builds each page's bundle when it starts."""
    ids = {"referee": table(client, mode="referee"), "tracker": table(client, mode="tracker")}
    seen = set()
    for path, entries in REAL_PAGES:
        html = page(client, path.format(**ids))
        urls = SCRIPT.findall(html)
        assert len(urls) == 1 and urls[0].endswith("/" + "+".join(e[:-3] for e in entries) + ".js")
        assert tuple(entries) in WARM           # built when the server starts
        text = client.get(urls[0]).get_data(as_text=True)
        out = tmp_path / f"page{len(seen)}.mjs"
        out.write_text(text)
        check = subprocess.run([NODE, "--check", str(out)], capture_output=True, text=True,
                               timeout=30)
        assert check.returncode == 0, (path, check.stderr)
        seen |= set(re.findall(r'__b_defs\.set\("([^"]+)"', text))
    bundles = app.extensions["bundles"]
    assert bundles.ok
    assert set(bundles.modules()) - seen == {"js/lobby-ability.js"}   # a Star Wars lobby's


def test_a_server_builds_its_pages_bundles_at_start(app):
    bundles = app.extensions["bundles"]
    bundles.warm()
    assert set(bundles._built) == {tuple(entries) for entries in WARM}


def test_without_comments_every_real_module_has_the_same_tokens():
    """compact() drops comments and indentation only: each module of static/ keeps its
    tokens, and the line breaks between them (what semicolon insertion reads)."""
    from pathlib import Path

    from companion.jsmodules import compact
    folder = Path(__file__).resolve().parent.parent / "static"
    modules = [p for p in folder.rglob("*.js") if "vendor" not in p.parts]
    assert len(modules) > 20
    for path in modules:
        src = path.read_text()
        short = compact(path.name, src)
        before, after = tokenize(path.name, src), tokenize(path.name, short)
        assert [(t.text, t.nl and i > 0) for i, t in enumerate(before)] == \
            [(t.text, t.nl and i > 0) for i, t in enumerate(after)], path
        assert len(short) < len(src)
