"""Reading ES modules without running them, for companion/bundle.py: a small tokenizer
(strings, template literals, regular expressions, comments, brackets), each module's
import and export lines, the modules it names in strings, and its body rewritten to run
inside a function (import lines out, `export` keywords off, `import(` through the
bundle). What it cannot read as surely as a browser would, it refuses (NotUnderstood).
"""
from __future__ import annotations

import json
import posixpath
import re
from dataclasses import dataclass, field
from typing import Callable

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
