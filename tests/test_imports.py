"""Imports run one way in engine/ (docs/architecture.md): the core never imports the rulesets,
their registry or what stands above it; a ruleset imports the core (and the base ruleset it
builds on), never another ruleset or the registry; the registry and the modules above it
import the rest. No cycle, and no import inside a function to hide one, in engine/ and in
companion/. Read with `ast` from the files, without importing anything.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP = ("engine", "engine.start", "engine.record", "engine.playout",    # above the registry
       "engine.reference")
REGISTRY = "engine.rulesets"
BASE_RULESET = "engine.rulesets.base"


def modules(root: Path) -> dict[str, Path]:
    """{dotted module name: file} of the package in `root` (a folder with __init__.py)."""
    out = {}
    for f in sorted(root.rglob("*.py")):
        parts = list(f.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = f
    return out


def _named(cur: str, is_pkg: bool, node: ast.AST, mods: dict) -> list[str]:
    """The package's modules one import statement names (a name imported from a module is
    that module, a submodule imported from a package is the submodule)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = cur.split(".") if is_pkg else cur.split(".")[:-1]
        if node.level > 1:
            base = base[:len(base) - (node.level - 1)]
        mod = ".".join(base + [node.module] if node.module else base) if node.level \
            else node.module or ""
        names = [f"{mod}.{a.name}" for a in node.names]
    out = []
    for n in names:
        while n and n not in mods:
            n = n.rpartition(".")[0]
        if n:
            out.append(n)
    return out


def registered(cur: str, is_pkg: bool, tree: ast.Module, mods: dict) -> list[str]:
    """The modules a package imports by name at load (`PACKAGES = ("base", ...)` and
    `PARTS = (...)`, each imported with importlib: the registry's rulesets and parts), as
    edges like any import."""
    base = cur if is_pkg else cur.rpartition(".")[0]
    out = []
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Tuple):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(x, ast.Name) and x.id in ("PACKAGES", "PARTS") for x in targets):
                out += [f"{base}.{e.value}" for e in node.value.elts
                        if isinstance(e, ast.Constant) and f"{base}.{e.value}" in mods]
    return out


def read(root: Path) -> tuple[dict[str, set[str]], list[str]]:
    """(the import graph {module: modules it imports, those a registry names in PACKAGES
    included}, every import inside a function as "file:line")."""
    mods = modules(root)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    inner = []
    for m, f in mods.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        in_function = {id(x) for fn in ast.walk(tree)
                       if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                       for x in ast.walk(fn)}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                continue
            if id(node) in in_function:
                inner.append(f"{f.relative_to(root.parent)}:{node.lineno}")
            graph[m].update(t for t in _named(m, f.name == "__init__.py", node, mods) if t != m)
        graph[m].update(registered(m, f.name == "__init__.py", tree, mods))
    return graph, inner


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other (strongly connected, more than one)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer(m: str, pkg: str = "engine") -> str:
    """"top", "registry", "ruleset" or "core" (TOP and REGISTRY read for package `pkg`)."""
    top = {t.replace("engine", pkg, 1) for t in TOP}
    registry = REGISTRY.replace("engine", pkg, 1)
    if m in top:
        return "top"
    if m == registry:
        return "registry"
    if m.startswith(registry + "."):
        return "ruleset"
    return "core"


def home(m: str, pkg: str = "engine") -> str:
    """The ruleset a module belongs to ("engine.rulesets.starwars.data" -> its package)."""
    return ".".join(m.split(".")[:len(pkg.split(".")) + 2])


def wrong_way(graph: dict[str, set[str]], pkg: str = "engine") -> list[str]:
    """Every import against the direction core <- rulesets <- registry <- top."""
    base = BASE_RULESET.replace("engine", pkg, 1)
    bad = []
    for m, targets in sorted(graph.items()):
        for t in sorted(targets):
            mine, theirs = layer(m, pkg), layer(t, pkg)
            if mine == "core" and theirs != "core":
                bad.append(f"the core module {m} imports {t} ({theirs})")
            elif mine == "ruleset" and theirs in ("top", "registry"):
                bad.append(f"the ruleset module {m} imports {t} ({theirs})")
            elif mine == "ruleset" and theirs == "ruleset" and home(t, pkg) not in (home(m, pkg), base):
                bad.append(f"the ruleset module {m} imports another ruleset's {t}")
            elif mine == "registry" and theirs == "top":
                bad.append(f"the registry imports {t}, which stands above it")
    return bad


def test_the_engine_has_no_import_cycle():
    graph, _ = read(ROOT / "engine")
    assert not cycles(graph), f"modules importing each other: {cycles(graph)}"


def test_the_engine_imports_nothing_inside_a_function():
    _, inner = read(ROOT / "engine")
    assert not inner, "imports inside functions (import at the top, one way):\n" + "\n".join(inner)


def test_the_companion_imports_nothing_inside_a_function_and_has_no_cycle():
    """The server too: every import at the top of its module (an optional library, for
    a hosted server, in a try at the top), so what a module needs is read in one place
    and a cycle cannot hide in a function."""
    graph, inner = read(ROOT / "companion")
    assert not inner, "imports inside functions (import at the top):\n" + "\n".join(inner)
    assert not cycles(graph), f"modules importing each other: {cycles(graph)}"


def test_the_core_never_imports_a_ruleset_and_imports_run_one_way():
    graph, _ = read(ROOT / "engine")
    assert not wrong_way(graph), "\n".join(wrong_way(graph))


def test_the_layers_are_what_the_docs_say():
    graph, _ = read(ROOT / "engine")
    assert {layer(m) for m in graph} == {"top", "registry", "ruleset", "core"}
    assert layer("engine.effects") == "core" and layer("engine.rulesets.starwars.data") == "ruleset"
    for rules in ("base", "legends", "starwars"):
        assert f"engine.rulesets.{rules}" in graph, f"the {rules} ruleset has no module of its own"
        assert f"engine.rulesets.{rules}" in graph[REGISTRY], f"the registry does not load {rules}"


def _package(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / "fake" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "fake"


def test_the_checks_find_a_cycle_an_inner_import_and_a_core_importing_a_ruleset(tmp_path):
    """A made-up package that breaks every rule: the checks must say so."""
    pkg = _package(tmp_path, {
        "__init__.py": "from .game import apply\n",
        "game.py": "from .table import dist\nfrom .rulesets import RULESETS\n\ndef apply():\n"
                   "    from .rulesets.moon import Moon\n    return Moon\n",
        "table.py": "from . import game\n\ndef dist():\n    return 1\n",
        "rulesets/__init__.py": "from .base import Ruleset\nPACKAGES = ('moon',)\n"
                                "PARTS = (\n    'sun',\n)\n",
        "rulesets/base.py": "from ..table import dist\n",
        "rulesets/moon/__init__.py": "from ..base import Ruleset\nfrom ...game import apply\n"
                                     "from ..sun import data\nfrom ... import rulesets\n",
        "rulesets/sun/__init__.py": "",
        "rulesets/sun/data.py": "from ... import rulesets\n",
    })
    graph, inner = read(pkg)
    assert any({"fake.game", "fake.table"} <= set(c) for c in cycles(graph)), cycles(graph)
    assert inner == ["fake/game.py:5"]
    bad = wrong_way(graph, "fake")
    assert "the core module fake.game imports fake.rulesets (registry)" in bad
    assert "the core module fake.game imports fake.rulesets.moon (ruleset)" in bad
    assert "the ruleset module fake.rulesets.moon imports another ruleset's fake.rulesets.sun.data" in bad
    assert "the ruleset module fake.rulesets.sun.data imports fake.rulesets (registry)" in bad
    assert not any("fake.rulesets.base" in b for b in bad)   # a ruleset may build on the base
    # the registry loads its rulesets and parts by name (PACKAGES, PARTS): those are edges,
    # and a cycle
    assert {"fake.rulesets.moon", "fake.rulesets.sun"} <= graph["fake.rulesets"]
    assert any({"fake.rulesets", "fake.rulesets.moon"} <= set(c) for c in cycles(graph))
    # and the same package, put right, passes
    fixed = _package(tmp_path / "fixed", {
        "__init__.py": "from .game import apply\nfrom .rulesets import RULESETS\n",
        "game.py": "from .table import dist\n\ndef apply(state):\n    return state.rules\n",
        "table.py": "def dist():\n    return 1\n",
        "rulesets/__init__.py": "from .base import Ruleset\nfrom .moon import Moon\n",
        "rulesets/base.py": "from ..table import dist\n",
        "rulesets/moon/__init__.py": "from ..base import Ruleset\nfrom ...game import apply\n",
    })
    graph, inner = read(fixed)
    assert not cycles(graph) and not inner and not wrong_way(graph, "fake")
