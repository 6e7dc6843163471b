"""One script per page, made by esbuild: the pages read static/bundles/, this module reads
its metafile.

A phone on a busy Wi-Fi pays a round trip for every few files it asks for, so each page
gets its modules as one file. `make bundle` (bundle.mjs, esbuild as a pinned development
dependency: package.json) writes one bundle per page's set of modules in static/bundles/,
minified, with a source map, and esbuild's metafile `static/bundles/meta.json`; all of it
is committed, so a server needs Python alone. tests/test_server_bundle.py rebuilds them
where Node is present and fails on a stale one.

The metafile is the one reader of the modules' import graph here:

* which bundle holds a page's modules (`module_script(entry)` in its templates, in their
  order; `module_bundle()` at the end of base.html puts the bundle's <script> there);
* the `<link rel="modulepreload">` hints of a page served module by module (`?bundle=0`):
  every module its entry imports at once, so the browser asks for them all together;
* which modules a page may load, lazily imported ones too (companion/i18n.py cuts each
  page's word catalog from them: `reached()`).

Bundles are static files like the others (companion/assets.py): served at
`/assets/<content hash>/bundles/...`, immutable, gzipped once. A lazily imported module
is inside its page's bundle (`import("./referee-sheets.js")`, written as it is, is
esbuild's own, no request), so it shares every module's one instance with the page.

`?bundle=0` on a page's address, `BUNDLE_MODULES = False` in the app's config or
`BANG_BUNDLE_MODULES=0` in the environment serves the modules one by one from static/js,
for debugging. So does every page, with a warning in the log, when a module changed
since the bundles were made (its size is not the metafile's: run `make bundle`), and a
page whose set of modules has no bundle (add it to PAGES in bundle.mjs).
"""
from __future__ import annotations

import functools
import json
import os
import threading
from dataclasses import dataclass, field
from typing import Callable

from flask import g, request
from markupsafe import Markup, escape

from .assets import head_file

META = "bundles/meta.json"        # under static/
SOURCE = "static/"                # esbuild runs at the repository's root: its paths start so
PAGE = "page:"                    # bundle.mjs's page entries, in the metafile


@dataclass
class Graph:
    """What esbuild's metafile says: each module's imports, each page's bundle."""
    imports: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # rel -> (dep, kind)
    sizes: dict[str, int] = field(default_factory=dict)                     # rel -> bytes read
    bundles: dict[tuple[str, ...], str] = field(default_factory=dict)       # entries -> bundle

    def reached(self, entries: list[str], lazy: bool = True) -> list[str]:
        """Every module the entries import (lazily too, unless not `lazy`), entries first."""
        seen: list[str] = []
        todo = list(entries)
        while todo:
            rel = todo.pop(0)
            if rel in seen:
                continue
            seen.append(rel)
            todo += [dep for dep, kind in self.imports.get(rel, ())
                     if lazy or kind == "import-statement"]
        return seen

    def stale(self, size: Callable[[str], int | None]) -> list[str]:
        """The modules whose size is not the one the bundles were made from."""
        return sorted(rel for rel, n in self.sizes.items() if size(rel) != n)


def rel_of(path: str) -> str | None:
    return path[len(SOURCE):] if path.startswith(SOURCE) else None


def parse(text: str) -> Graph:
    """The graph of a metafile's text (json.JSONDecodeError, KeyError when it is not one)."""
    meta = json.loads(text)
    graph = Graph()
    for path, info in meta["inputs"].items():
        rel = rel_of(path)
        if rel is not None:
            graph.sizes[rel] = info["bytes"]
            graph.imports[rel] = [(rel_of(i["path"]), i["kind"]) for i in info["imports"]
                                  if rel_of(i["path"]) is not None]
    for path, info in meta["outputs"].items():
        entry, rel = info.get("entryPoint", ""), rel_of(path)
        if entry.startswith(PAGE) and rel is not None and rel.endswith(".js"):
            modules = tuple(rel_of(i["path"]) for i in meta["inputs"][entry]["imports"])
            graph.bundles[modules] = rel
    return graph


@functools.cache
def graph_of(static_folder: str) -> Graph:
    """The metafile of a static folder as it is on disk (companion/i18n.py), read once."""
    try:
        with open(os.path.join(static_folder, META), encoding="utf-8") as f:
            return parse(f.read())
    except (OSError, ValueError, KeyError):
        return Graph()


def reached(static_folder: str, entries: list[str]) -> list[str]:
    """Every module (as static/js/x.js) the page's `entries` may load, lazily too."""
    return [SOURCE + rel for rel in graph_of(static_folder).reached(entries)]


class Bundles:
    """The app's bundles: whether they are on, and the graph of static/bundles/meta.json."""

    def __init__(self, assets, enabled: bool, log) -> None:
        self.assets = assets
        self.enabled = enabled
        self.log = log
        self._graph: Graph | None = None
        self._ok = False
        self._lock = threading.Lock()

    def _size(self, rel: str) -> int | None:
        asset = self.assets.get(rel)
        return None if asset is None else len(asset.body)

    @property
    def graph(self) -> Graph:
        """The metafile's graph, read once (and whether the bundles match the modules)."""
        with self._lock:
            if self._graph is None:
                meta = self.assets.get(META)
                try:
                    self._graph = parse(meta.body.decode("utf-8")) if meta else Graph()
                except (ValueError, KeyError) as err:
                    self.log.warning("%s is not esbuild's metafile (%s): run `make bundle`", META, err)
                    self._graph = Graph()
                stale = self._graph.stale(self._size)
                self._ok = bool(self._graph.bundles) and not stale
                if stale:
                    self.log.warning("modules served one by one: %s changed since the bundles "
                                     "were made (run `make bundle`)", ", ".join(stale))
                elif not self._graph.bundles:
                    self.log.warning("modules served one by one: no bundles in static/bundles/ "
                                     "(run `make bundle`)")
            return self._graph

    @property
    def ok(self) -> bool:
        """Whether the pages get their bundles (made, and made from these modules)."""
        self.graph
        return self._ok

    def warm(self) -> None:
        """Read the metafile now (a server at its start), so the first page waits for nothing."""
        self.assets.version
        self.graph

    def on(self) -> bool:
        return self.enabled and request.args.get("bundle") != "0" and self.ok

    def bundle(self, entries: list[str]) -> str | None:
        """The bundle (its path under static/) of a page's modules, if one was made."""
        return self.graph.bundles.get(tuple(entries))


def init_app(app, assets) -> Bundles:
    """Bundles for the app's pages (after assets.init_app), and the templates' helpers:
    `module_script(entry)` where a page has a module, `module_bundle()` at its end,
    `modulepreload(entry)` in its head."""
    enabled = app.config.get("BUNDLE_MODULES",
                             os.environ.get("BANG_BUNDLE_MODULES", "1").lower() not in ("0", "no", "false"))
    bundles = Bundles(assets, bool(enabled), app.logger)
    app.extensions["bundles"] = bundles

    def in_bundle(entry: str) -> bool:
        return bundles.on() and any(entry in page for page in bundles.graph.bundles)

    def modulepreload(entry: str) -> Markup:
        """<link rel=modulepreload> for `entry` and all it imports at once (each once a
        page); none for a module the page's bundle holds."""
        if in_bundle(entry):
            return Markup("")
        done = g.setdefault("modulepreloaded", set())
        links = []
        for rel in bundles.graph.reached([entry], lazy=False):
            if rel not in done:
                done.add(rel)
                links.append(f'<link rel="modulepreload" href="{escape(assets.url(rel))}">')
        return Markup("\n".join(links))

    def script(entry: str) -> str:
        return f'<script type="module" src="{escape(assets.url(entry))}"></script>'

    def module_script(entry: str) -> Markup:
        """A page's module: its own <script>, or a part of the page's bundle (then every
        module_script of the page is, so that the modules keep their order)."""
        if bundles.on():
            g.setdefault("bundle_entries", []).append(entry)
            return Markup("")
        return Markup(script(entry))

    def module_bundle() -> Markup:
        """The page's bundle, in its head (templates/base.html renders the body's parts
        first, so that every module_script of the page is known), as a render-blocking
        module: it runs once the page is parsed, as any module does, and the browser
        paints the page first as its scripts made it (the phone: its seat from the first
        view), not once before they run and again after. Served one by one
        (`?bundle=0`), each module_script is its own script where it stands."""
        entries = g.get("bundle_entries")
        if not entries:
            return Markup("")
        found = bundles.bundle(entries)
        if found is None:
            app.logger.warning("page served without a bundle: no bundle holds %s (add them "
                               "to PAGES in bundle.mjs, run `make bundle`)", ", ".join(entries))
            return Markup("\n".join(script(e) for e in entries))
        url = head_file(assets.url(found), "rel=modulepreload")
        return Markup(f'<script type="module" src="{escape(url)}" blocking="render"></script>')

    app.jinja_env.globals.update(modulepreload=modulepreload, module_script=module_script,
                                 module_bundle=module_bundle)
    return bundles
