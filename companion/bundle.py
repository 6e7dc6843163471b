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
The reading is done by a small tokenizer (strings, template literals, regular
expressions, comments), so nothing inside a string or a comment is taken for code.

`BUNDLE_MODULES = False` in the app's config (or `BANG_BUNDLE_MODULES=0` in the
environment), or `?bundle=0` on a page's address, serves the modules one by one, for
debugging.
"""
from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
import threading
from dataclasses import dataclass, field
from typing import Callable

from flask import abort, g, request
from markupsafe import Markup, escape

from .assets import IMMUTABLE, Asset, make_asset, send

PREFIX = "__b_"          # the bundle's own names; a module using one is refused


class NotUnderstood(ValueError):
    """A module the bundler cannot join with the others without changing what it does."""

    def __init__(self, rel: str, why: str) -> None:
        super().__init__(f"{rel}: {why}")
        self.rel = rel
        self.why = why


# ---- tokens ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Token:
    kind: str            # name, num, str, tpl (a template literal with no ${}), regex, punct
    text: str
    start: int
    end: int
    depth: int           # brackets open around it
    nl: bool             # a line break between it and the token before


_LINE_BREAK = re.compile(r"[\n\r\u2028\u2029]")
_TOKEN = re.compile(r"""
  (?P<space>(?:[ \t\f\v\u00a0\ufeff\r\n\u2028\u2029]+|//[^\n\r\u2028\u2029]*|/\*[\s\S]*?\*/)+)
| (?P<name>[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*)
| (?P<num>0[xXoObB][\da-fA-F_]+n?|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?n?)
| (?P<str>'(?:[^'\\\n\r]|\\[\s\S])*'|"(?:[^"\\\n\r]|\\[\s\S])*")
| (?P<punct>>>>=|\.\.\.|===|!==|\*\*=|<<=|>>=|>>>|&&=|\|\|=|\?\?=|=>|==|!=|<=|>=
  |&&|\|\||\?\?|\?\.(?!\d)|\+\+|--|\+=|-=|\*=|/=|%=|&=|\|=|\^=|\*\*|<<|>>
  |[{}()\[\];,<>+\-*/%&|^!~?:=.@\#`])
""", re.X)
_TPL = re.compile(r"(?:[^`\\$]|\\[\s\S]|\$(?!\{))*(`|\$\{)")
_REGEX = re.compile(r"/(?![*/])(?:[^/\\\[\n\r]|\\[^\n\r]|\[(?:[^\]\\\n\r]|\\[^\n\r])*\])+/[A-Za-z]*")
# after these words an expression starts, so a `/` opens a regular expression
_BEFORE_EXPR = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
                "throw", "case", "do", "else", "yield", "await", "extends"}
_OPEN = {"(": ")", "[": "]", "{": "}"}
ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=",
          "&&=", "||=", "??="}


def _regex_may_start(prev: Token | None) -> bool:
    """Whether a `/` after `prev` opens a regular expression (else it divides)."""
    if prev is None:
        return True
    if prev.kind == "punct":
        return prev.text not in (")", "]", "}")
    if prev.kind == "name":
        return prev.text in _BEFORE_EXPR
    return prev.kind == "tpl-part" and prev.text.endswith("${")


def tokenize(rel: str, src: str) -> list[Token]:
    """The module's tokens (comments and spaces skipped), or NotUnderstood."""
    out: list[Token] = []
    stack: list[str] = []        # "(", "[", "{", or "${" (inside a template literal)
    i, n, nl = 0, len(src), False
    match = _TOKEN.match

    def template(at: int, depth: int, nl: bool) -> int:
        """Scan a template literal's text from `at` (just after ` or }); the next index."""
        m = _TPL.match(src, at)
        if not m:
            raise NotUnderstood(rel, f"a template literal left open (offset {at})")
        whole = src[at - 1] == "`" and m.group(1) == "`"
        out.append(Token("tpl" if whole else "tpl-part", src[at - 1:m.end()], at - 1, m.end(), depth, nl))
        if m.group(1) == "${":
            stack.append("${")
        return m.end()

    while i < n:
        m = match(src, i)
        if m is None:
            what = "a string left open" if src[i] in "'\"" else f"a character not understood: {src[i]!r}"
            raise NotUnderstood(rel, f"{what} (offset {i})")
        kind, text, end = m.lastgroup, m.group(), m.end()
        if kind == "space":
            nl = nl or bool(_LINE_BREAK.search(text))
            i = end
            continue
        depth = len(stack)
        if kind != "punct":
            out.append(Token(kind, text, i, end, depth, nl))
            i = end
        elif text == "`":
            i = template(i + 1, depth, nl)
        elif text in ("/", "/=") and _regex_may_start(out[-1] if out else None):
            r = _REGEX.match(src, i)
            if not r:
                raise NotUnderstood(rel, f"a regular expression not understood (offset {i})")
            out.append(Token("regex", r.group(), i, r.end(), depth, nl))
            i = r.end()
        elif text in _OPEN:
            out.append(Token("punct", text, i, end, depth, nl))
            stack.append(text)
            i = end
        elif text in (")", "]", "}"):
            if not stack:
                raise NotUnderstood(rel, f"{text!r} closes nothing (offset {i})")
            top = stack.pop()
            if top == "${" and text == "}":
                i = template(i + 1, depth - 1, nl)
            elif _OPEN.get(top) != text:
                raise NotUnderstood(rel, f"{text!r} closes {top!r} (offset {i})")
            else:
                out.append(Token("punct", text, i, end, depth - 1, nl))
                i = end
        else:
            out.append(Token("punct", text, i, end, depth, nl))
            i = end
        nl = False
    if stack:
        raise NotUnderstood(rel, f"{stack[-1]!r} left open at the end")
    return out


def string_value(tok: Token) -> str | None:
    """The value of a plain string or template literal without escapes, else None."""
    if tok.kind in ("str", "tpl") and "\\" not in tok.text:
        return tok.text[1:-1]
    return None


# ---- modules --------------------------------------------------------------------------

@dataclass
class Import:
    start: int
    dep: str                               # the module's path under static/
    names: list[tuple[str, str]]           # (exported name, local name)
    namespace: str | None = None           # import * as ns / export {...} from: a local


@dataclass
class Module:
    rel: str
    imports: list[Import] = field(default_factory=list)
    lazy: list[str] = field(default_factory=list)           # modules named in strings
    exports: dict[str, str] = field(default_factory=dict)   # name -> JS expression
    mutable: set[str] = field(default_factory=set)          # exported names reassigned
    body: str = ""
    dynamic: bool = False                                   # has import(...)
    text: str = ""                                          # as a definition in a bundle

    @property
    def deps(self) -> list[str]:
        return list(dict.fromkeys(i.dep for i in self.imports))


_STATEMENT = {"import", "export", "const", "let", "var", "function", "class", "async", "if",
              "for", "while", "do", "return", "throw", "try", "switch"}


def resolve(rel: str, spec: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(rel), spec))


def parse(rel: str, src: str, exists: Callable[[str], bool]) -> Module:
    """Read one module: its imports, exports, lazily named modules; its body rewritten."""
    toks = tokenize(rel, src)
    mod = Module(rel)
    edits: list[tuple[int, int, str]] = []      # (start, end, replacement) in src

    def blank(start: int, end: int) -> None:
        edits.append((start, end, "\n" * src.count("\n", start, end)))

    def spec_at(k: int) -> tuple[str, int]:
        tok = toks[k] if k < len(toks) else None
        value = string_value(tok) if tok else None
        if value is None:
            raise NotUnderstood(rel, "an import from something other than a plain string")
        if not value.startswith(("./", "../")):
            raise NotUnderstood(rel, f"an import of {value!r}, not a module beside it")
        dep = resolve(rel, value)
        if not exists(dep):
            raise NotUnderstood(rel, f"imports {value!r}, which is not there")
        k += 1
        if k < len(toks) and toks[k].text in ("with", "assert") and not toks[k].nl:
            raise NotUnderstood(rel, "import attributes")
        return dep, k

    def end_of(k: int) -> int:
        """The end offset of a statement whose last token is toks[k - 1] (with its `;`)."""
        if k < len(toks) and toks[k].text == ";":
            return toks[k].end
        return toks[k - 1].end

    def names_list(k: int) -> tuple[list[tuple[str, str]], int]:
        """`{ a, b as c, "d" as e }` from toks[k] == "{": [(a, a), (b, c), ...], after }."""
        pairs, k = [], k + 1
        while toks[k].text != "}":
            first = toks[k]
            name = string_value(first) if first.kind in ("str", "tpl") else first.text
            if name is None or first.kind not in ("name", "str"):
                raise NotUnderstood(rel, f"an import or export list not understood (offset {first.start})")
            k += 1
            local = name
            if toks[k].text == "as":
                local = toks[k + 1].text
                k += 2
            pairs.append((name, local))
            if toks[k].text == ",":
                k += 1
            elif toks[k].text != "}":
                raise NotUnderstood(rel, f"an import or export list not understood (offset {toks[k].start})")
        return pairs, k + 1

    k = 0
    while k < len(toks):
        tok = toks[k]
        nxt = toks[k + 1] if k + 1 < len(toks) else None
        prev = toks[k - 1] if k else None
        if tok.kind == "name" and tok.text.startswith(PREFIX):
            raise NotUnderstood(rel, f"the name {tok.text} (the bundle's own names begin with {PREFIX})")
        if tok.kind == "name" and prev is not None and prev.text in (".", "?."):
            k += 1
            continue                                        # a property: x.import
        if tok.text == "import" and tok.kind == "name" and nxt is not None and nxt.text == ".":
            raise NotUnderstood(rel, "import.meta")
        if tok.text == "import" and tok.kind == "name" and nxt is not None and nxt.text == "(":
            edits.append((tok.start, tok.end, PREFIX + "import"))
            mod.dynamic = True
            k += 1
            continue
        if tok.kind in ("str", "tpl"):
            value = string_value(tok)
            if value and value.startswith(("./", "../")) and re.search(r"\.m?js$", value):
                dep = resolve(rel, value)
                if exists(dep) and dep not in mod.lazy:
                    mod.lazy.append(dep)
        if tok.kind != "name" or tok.depth != 0 or tok.text not in ("import", "export"):
            k += 1
            continue
        if tok.text == "import":
            k += 1
            names: list[tuple[str, str]] = []
            namespace = None
            if toks[k].kind in ("str", "tpl"):
                dep, k = spec_at(k)
            else:
                if toks[k].kind == "name" and toks[k].text != "from":
                    names.append(("default", toks[k].text))
                    k += 1
                    if toks[k].text == ",":
                        k += 1
                if toks[k].text == "*":
                    if toks[k + 1].text != "as":
                        raise NotUnderstood(rel, "import * without a name")
                    namespace = toks[k + 2].text
                    k += 3
                elif toks[k].text == "{":
                    more, k = names_list(k)
                    names += more
                if toks[k].text != "from":
                    raise NotUnderstood(rel, f"an import line not understood (offset {tok.start})")
                dep, k = spec_at(k + 1)
            mod.imports.append(Import(tok.start, dep, names, namespace))
            blank(tok.start, end_of(k))
            continue
        # export ...
        k += 1
        what = toks[k]
        if what.text == "default":
            after = toks[k + 1]
            named = None
            if after.text == "function":
                j = k + 2 + (toks[k + 2].text == "*")
                named = toks[j] if toks[j].kind == "name" else None
            elif after.text == "async" and toks[k + 2].text == "function":
                j = k + 3 + (toks[k + 3].text == "*")
                named = toks[j] if toks[j].kind == "name" else None
            elif after.text == "class":
                named = toks[k + 2] if toks[k + 2].kind == "name" and toks[k + 2].text != "extends" else None
            if named is not None:
                edits.append((tok.start, after.start, ""))
                mod.exports["default"] = named.text
            elif after.text in ("function", "async", "class"):
                raise NotUnderstood(rel, "an anonymous export default function or class")
            else:
                edits.append((tok.start, after.start, f"const {PREFIX}default = "))
                mod.exports["default"] = PREFIX + "default"
            k += 1
        elif what.text in ("const", "let", "var"):
            edits.append((tok.start, what.start, ""))
            j = k + 1
            if toks[j].kind != "name":
                raise NotUnderstood(rel, "a destructuring export")
            mod.exports[toks[j].text] = toks[j].text
            j += 1                          # the other declarators: `, name =` at this depth
            while j < len(toks):
                t = toks[j]
                if t.depth == 0 and (t.text == ";" or (t.nl and t.kind == "name" and t.text in _STATEMENT)):
                    break
                if t.depth == 0 and t.text == ",":
                    if toks[j + 1].kind != "name":
                        raise NotUnderstood(rel, "a destructuring export")
                    mod.exports[toks[j + 1].text] = toks[j + 1].text
                j += 1
            k += 1
        elif what.text in ("function", "class") or (what.text == "async" and toks[k + 1].text == "function"):
            j = k + (2 if what.text == "async" else 1)
            j += toks[j].text == "*"
            if toks[j].kind != "name":
                raise NotUnderstood(rel, "an export not understood")
            edits.append((tok.start, what.start, ""))
            mod.exports[toks[j].text] = toks[j].text
            k += 1
        elif what.text == "{":
            pairs, k = names_list(k)
            if k < len(toks) and toks[k].text == "from":
                dep, k = spec_at(k + 1)
                local = f"{PREFIX}re{len(mod.imports)}"
                mod.imports.append(Import(tok.start, dep, [], local))
                for name, exported in pairs:
                    mod.exports[exported] = f"{local}[{json.dumps(name)}]"
            else:
                for name, exported in pairs:
                    mod.exports[exported] = name
            blank(tok.start, end_of(k))
        else:
            raise NotUnderstood(rel, f"export {what.text} (offset {what.start})")

    # which exported bindings the module itself reassigns (an import of them must stay live)
    locals_ = {v: n for n, v in mod.exports.items()}
    for j, t in enumerate(toks):
        if t.kind != "name" or t.text not in locals_:
            continue
        before = toks[j - 1] if j else None
        after = toks[j + 1] if j + 1 < len(toks) else None
        if before is not None and before.text in (".", "?.", "const", "let", "var", "function", "class"):
            continue
        if (after is not None and (after.text in ASSIGN or after.text in ("++", "--"))) or (
                before is not None and before.text in ("++", "--")):
            mod.mutable.add(locals_[t.text])

    out, last = [], 0
    for start, end, text in sorted(edits):
        out.append(src[last:start])
        out.append(text)
        last = end
    out.append(src[last:])
    mod.body = compact(rel, "".join(out))
    return mod


def compact(rel: str, src: str) -> str:
    """The module without its comments and indentation: between two tokens, whatever
    holds a line break becomes one line break (so semicolon insertion reads it the same),
    anything else stays as it is. Strings, template literals and regular expressions are
    tokens, so they keep every character."""
    out, last = [], 0
    for tok in tokenize(rel, src):
        gap = src[last:tok.start]
        out.append("\n" if tok.nl else gap)
        out.append(src[tok.start:tok.end])
        last = tok.end
    return "".join(out).lstrip("\n")


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
WARM = [("js/phone.js",), ("js/referee-phone.js", "js/phone.js"), ("js/host.js",),
        ("js/rules.js", "js/rules-anchor.js")]


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
