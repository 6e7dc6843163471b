"""One script per page: the page's ES modules joined by the server, without a build step.

A phone on a busy Wi-Fi pays a round trip for every few files it asks for, so a page
whose modules come one by one opens slower than a page of one file. Here the server reads
static/js's modules (the first time a page needs them), and for each page serves all
the modules its entries reach as one file, under a URL that names its content
(`/bundles/<hash>/<entries>.js`, cached for good, gzipped once):

* Every module keeps its own scope: it becomes an async function returning its exports
  (a frozen object of getters, so `import * as ns` and `import()` read live values),
  run once, when first imported, in the order ES modules run: a module's imports first,
  in the order of its import lines; the page's entries in the order of their <script>s.
* `import { a as b } from "./x.js"` becomes `const { a: b } = await <x's exports>`.
  A module's top-level `await` (static/js/i18n.js) stays valid: the function is async.
* Lazily imported modules come in too: every string in a module that names a module
  beside it ("./referee-sheets.js", even held in a constant) brings that module, and
  `import(spec)` asks the bundle first, so the referee sheets and the Feat dialogs share
  the bundle's instance of every module they import. Any other `import(url)` (the
  language catalog) is a real import, relative to the module's own URL.

What it cannot keep the same, it refuses (`NotUnderstood`), and the server then serves
the modules one by one as before (and logs why): a named import of a binding its module
reassigns (`export let x` then `x = ...`: a bundle could not keep the import live),
`export *`, destructuring exports, `import.meta`, import attributes, a static import
cycle, an import of a name the module does not export, a name beginning with `__b_`.
The reading is companion/jsmodules.py's: a small tokenizer (strings, template literals,
regular expressions, comments), so nothing inside a string or a comment is taken for code.

`BUNDLE_MODULES = False` in the app's config (or `BANG_BUNDLE_MODULES=0` in the
environment), or `?bundle=0` on a page's address, serves the modules one by one, for
debugging.
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
from typing import Callable

from flask import abort, g, request
from markupsafe import Markup, escape

from .assets import IMMUTABLE, Asset, make_asset, send
from .jsmodules import PREFIX, Module, NotUnderstood, parse

# ---- bundles --------------------------------------------------------------------------

RUNTIME = """\
// This page's modules in one file, built by the server (companion/bundle.py): each
// module keeps its own scope, runs once, when first imported. ?bundle=0 serves them one by one.
const __b_base = new URL(%(base)s, location.href);
const __b_defs = new Map();
const __b_done = new Map();
function __b_load(id) {
  let p = __b_done.get(id);
  if (!p) { p = __b_defs.get(id)(); __b_done.set(id, p); }
  return p;
}
function __b_dyn(spec, from) {
  const url = new URL(spec, new URL(from, __b_base)).href;
  const id = url.startsWith(__b_base.href) ? url.slice(__b_base.href.length) : "";
  return __b_defs.has(id) ? Promise.resolve().then(() => __b_load(id)) : import(url);
}
"""

FINISH = """\
for (const id of %(entries)s) {
  try { await __b_load(id); } catch (err) {
    if (self.reportError) self.reportError(err); else setTimeout(() => { throw err; });
  }
}
"""


def module_text(mod: Module) -> str:
    """One module as a definition: an async function returning its exports."""
    head = []
    if mod.dynamic:
        head.append(f"const {PREFIX}import = (spec) => {PREFIX}dyn(spec, {json.dumps(mod.rel)});")
    for imp in sorted(mod.imports, key=lambda i: i.start):
        load = f"await {PREFIX}load({json.dumps(imp.dep)})"
        if imp.namespace:
            head.append(f"const {imp.namespace} = {load};")
            load = imp.namespace
        if imp.names:
            pairs = ", ".join(f"{json.dumps(name)}: {local}" for name, local in imp.names)
            head.append(f"const {{ {pairs} }} = {load};")
        elif not imp.namespace:
            head.append(f"{load};")
    getters = ",\n  ".join(f"{json.dumps(name)}: {{ get: () => {expr}, enumerable: true }}"
                           for name, expr in mod.exports.items())
    return (f"// ---- {mod.rel}\n{PREFIX}defs.set({json.dumps(mod.rel)}, async function () {{\n"
            + "".join(line + "\n" for line in head)
            + mod.body.rstrip() + "\n"
            + f"return Object.freeze(Object.create(null, {{\n  {getters}\n}}));\n}});\n")


_PARSED: dict[tuple[str, bytes], Module] = {}


class Bundler:
    """Reads modules through `source(rel) -> str | None`, each once, and joins them."""

    def __init__(self, source: Callable[[str], str | None], base: str) -> None:
        self.source = source
        self.base = base                   # the URL the modules are served under
        self._modules: dict[str, Module] = {}

    def module(self, rel: str) -> Module:
        if rel not in self._modules:
            src = self.source(rel)
            if src is None:
                raise NotUnderstood(rel, "not there")
            key = (rel, hashlib.sha256(src.encode()).digest())
            if key not in _PARSED:     # the same file in another app of this process
                try:
                    _PARSED[key] = parse(rel, src, lambda r: self.source(r) is not None)
                except IndexError:
                    raise NotUnderstood(rel, "it ends inside an import or export") from None
            self._modules[rel] = _PARSED[key]
        return self._modules[rel]

    def order(self, entries: list[str]) -> list[str]:
        """Every module the entries reach (imports and lazily named ones), imports first."""
        done: list[str] = []
        path: list[str] = []
        lazy = list(entries)

        def visit(rel: str) -> None:
            if rel in done:
                return
            if rel in path:
                cycle = " -> ".join(path[path.index(rel):] + [rel])
                raise NotUnderstood(rel, f"a cycle of static imports: {cycle}")
            path.append(rel)
            mod = self.module(rel)
            for dep in mod.deps:
                visit(dep)
            path.pop()
            done.append(rel)
            lazy.extend(mod.lazy)

        while lazy:
            visit(lazy.pop(0))
        self.check(done)
        return done

    def check(self, rels: list[str]) -> None:
        """Every named import exists in its module, and none is of a reassigned binding."""
        for rel in rels:
            for imp in self.module(rel).imports:
                dep = self.module(imp.dep)
                for name, _ in imp.names:
                    if name not in dep.exports:
                        raise NotUnderstood(rel, f"imports {name!r}, which {imp.dep} does not export")
                    if name in dep.mutable:
                        raise NotUnderstood(rel, f"imports {name!r}, which {imp.dep} reassigns "
                                                 "(a bundle could not keep the import live)")

    def build(self, entries: list[str]) -> str:
        parts = [RUNTIME % {"base": json.dumps(self.base)}]
        for rel in self.order(entries):
            mod = self.module(rel)
            if not mod.text:
                mod.text = module_text(mod)
            parts.append(mod.text)
        parts.append(FINISH % {"entries": json.dumps(entries)})
        return "".join(parts)


def digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:12]


def bundle_name(entries: list[str]) -> str:
    """`js/referee-phone.js`, `js/phone.js` -> `js/referee-phone+js/phone.js`."""
    return "+".join(e[:-3] for e in entries) + ".js"


def entries_of(name: str) -> list[str]:
    if not name.endswith(".js"):
        return []
    return [e + ".js" for e in name[:-3].split("+")]


# ---- serving --------------------------------------------------------------------------

MAX_ENTRIES = 8
# the pages' usual entries, built by warm(); any other set is built at its first page
WARM = [("js/language.js",), ("js/language.js", "js/phone.js"),
        ("js/referee-phone.js", "js/language.js", "js/phone.js"), ("js/language.js", "js/host.js"),
        ("js/language.js", "js/rules.js", "js/rules-anchor.js")]


class Bundles:
    """The app's bundles: whether they are on, each page's built once and kept."""

    def __init__(self, assets, enabled: bool, log) -> None:
        self.assets = assets
        self.enabled = enabled
        self.log = log
        self._ok: bool | None = None
        self._built: dict[tuple[str, ...], tuple[str, object]] = {}
        self._lock = threading.Lock()
        self._bundler: Bundler | None = None

    def _source(self, rel: str) -> str | None:
        asset = self.assets.get(rel)
        if asset is None or not rel.endswith(".js"):
            return None
        return asset.body.decode("utf-8")

    def modules(self) -> list[str]:
        """Every module of the static folder (the vendored classic scripts aside)."""
        return [rel for rel in self.assets._load()
                if rel.endswith(".js") and not rel.startswith("vendor/")]

    @property
    def ok(self) -> bool:
        """Whether every module can be bundled (checked once; logged when not)."""
        with self._lock:
            if self._ok is None:
                self._bundler = Bundler(self._source, self.assets.url(""))
                try:
                    for rel in sorted(self.modules()):
                        self._bundler.order([rel])
                    self._ok = True
                except Exception as err:      # noqa: BLE001 - whatever it is, pages still work
                    self.log.warning("modules served one by one, not bundled: %s", err)
                    self._ok = False
            return self._ok

    def warm(self) -> None:
        """Read every module now (a server at its start), so the first page waits for none."""
        if self.enabled and self.ok:
            for entries in WARM:
                if all(e in self.modules() for e in entries):
                    self.get(list(entries))

    def on(self) -> bool:
        return self.enabled and request.args.get("bundle") != "0" and self.ok

    def get(self, entries: list[str], keep: bool = True):
        """(content hash, asset) of the bundle of these entries, built once if `keep`."""
        key = tuple(entries)
        with self._lock:
            found = self._built.get(key)
        if found:
            return found
        text = self._bundler.build(entries).encode()
        found = (digest(text), make_asset("bundle.js", text) if keep else
                 Asset(text, None, "text/javascript", digest(text)))
        if keep:
            with self._lock:
                self._built[key] = found
        return found

    def url(self, entries: list[str]) -> str:
        key, _ = self.get(entries)
        return f"/bundles/{key}/{bundle_name(entries)}"


def init_app(app, assets) -> Bundles:
    """Bundles for the app's pages (after assets.init_app), and the templates' helpers:
    `module_script(entry)` where a page has a module, `module_bundle()` at its end."""
    enabled = app.config.get("BUNDLE_MODULES",
                             os.environ.get("BANG_BUNDLE_MODULES", "1").lower() not in ("0", "no", "false"))
    bundles = Bundles(assets, bool(enabled), app.logger)
    app.extensions["bundles"] = bundles
    preload = app.jinja_env.globals["modulepreload"]

    def serve(key: str, name: str):
        entries = entries_of(name)
        if (not entries or len(entries) > MAX_ENTRIES or len(set(entries)) != len(entries)
                or not bundles.enabled or not bundles.ok
                or not all(e in bundles.modules() for e in entries)):
            abort(404)
        try:
            # a page's own bundle is built and kept when the page is; another is built
            # for this answer only (a page from before a restart asking for its own)
            current, asset = bundles.get(entries, keep=False)
        except NotUnderstood:
            abort(404)
        return send(asset, IMMUTABLE if key == current else "no-cache")

    app.add_url_rule("/bundles/<key>/<path:name>", "bundle", serve)

    def modulepreload(entry: str) -> Markup:
        """No hints for modules the page's bundle holds (a module from elsewhere keeps its own)."""
        return Markup("") if bundles.on() and entry in bundles.modules() else preload(entry)

    def script(entry: str) -> str:
        return f'<script type="module" src="{escape(assets.url(entry))}"></script>'

    def module_script(entry: str) -> Markup:
        """A page's module: its own <script>, or a part of the page's bundle."""
        if bundles.on() and entry in bundles.modules():
            g.setdefault("bundle_entries", []).append(entry)
            return Markup("")
        return Markup(script(entry))

    def module_bundle() -> Markup:
        """The page's bundle, at the end of its body (module scripts run after parsing)."""
        entries = g.get("bundle_entries")
        if not entries:
            return Markup("")
        try:
            url = bundles.url(entries)
        except Exception as err:          # noqa: BLE001 - the modules one by one, then
            app.logger.warning("page served without its bundle: %s", err)
            return Markup("\n".join(script(e) for e in entries))
        return Markup(f'<script type="module" src="{escape(url)}"></script>')

    app.jinja_env.globals.update(modulepreload=modulepreload, module_script=module_script,
                                 module_bundle=module_bundle)
    return bundles
