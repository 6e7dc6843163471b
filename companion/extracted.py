"""What the build reads out of the sources for the pages' catalogs, written by `make
messages` and `make bundle` (`extracted.write()`) into
companion/translations/extracted.json and committed; companion/i18n.py reads that file and
never runs an extractor or scans a template while serving.

* "worded_by_server": the engine's message templates (its `msg(...)` and `plural(...)`
  calls, as pybabel extracts them) that no page's script says too: the server words them
  for each socket, so a page's catalog leaves them out.
* "modules": {page: {ruleset: [static/js/... paths]}}: the modules a page ("phone",
  "host") may load at a table of that ruleset: those its template and its partials load
  (a ruleset's own partials only at its tables), and every module they import, at once or
  later, as esbuild's metafile says (static/bundles/meta.json, companion/bundle.py).

tests/test_extracted.py checks the committed file is what this module would write now, as
tests/test_server_bundle.py checks the bundles.
"""
from __future__ import annotations

import json
import os
import re

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import engine
from engine.rulesets import RULESETS

from . import bundle, looks
from .paths import folder

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "translations")
PATH = os.path.join(FOLDER, "extracted.json")
POT = os.path.join(FOLDER, "messages.pot")
PAGE_SOURCES = ("static/js/",)      # a page's scripts, as the catalogs' references name them
ENTRIES = ("phone", "host")         # the pages a catalog is cut for
_JS_IN_TEMPLATE = re.compile(r"""["']js/([\w./-]+\.js)["']""")


def worded_by_server() -> list[str]:
    root = os.path.dirname(engine.__file__)
    said = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            root, method_map=[("**.py", "python")], keywords={"msg": None, "plural": (1, 2)}):
        said.add(message if isinstance(message, str) else message[0])
    with open(POT, "rb") as f:
        theirs = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f)
                  if m.id and any(path.startswith(PAGE_SOURCES) for path, _ in m.locations)}
    return sorted(said - theirs)


def modules(page: str, ruleset: str) -> list[str]:
    templates = folder("templates")
    declared = {part for name in RULESETS for parts in looks.look_of(name).partials.values()
                for part in parts}
    mine = {part for parts in looks.look_of(ruleset).partials.values() for part in parts}
    entries = []
    for name in sorted(os.listdir(templates)):
        if name == f"{page}.html" or (name.startswith(f"_{page}_")
                                      and (name not in declared or name in mine)):
            with open(os.path.join(templates, name), encoding="utf-8") as f:
                entries += ["js/" + rel for rel in _JS_IN_TEMPLATE.findall(f.read())]
    bundle.graph_of.cache_clear()               # the metafile as it is now
    return sorted(bundle.reached(folder("static"), entries))


def build() -> dict:
    return {"worded_by_server": worded_by_server(),
            "modules": {page: {name: modules(page, name) for name in sorted(RULESETS)}
                        for page in ENTRIES}}


def text(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write(path: str = PATH) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text(build()))


def stale(path: str = PATH) -> str | None:
    """What to do when the file at `path` is not what the build would write now, or None."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text(build()):
                return None
    except OSError:
        pass
    return (f"{os.path.basename(path)} is stale (the engine's messages, static/js or the "
            "templates changed): run `make messages` (or `make bundle`) and commit it")
