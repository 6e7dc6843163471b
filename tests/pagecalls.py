"""The sentences the pages make: every t() and tn() call of a module of static/js, read
from its source by a small JavaScript tokenizer (strings, template literals, regular
expressions and comments are skipped as wholes, so a parenthesis or a comma inside one
never splits a call), with its literal sentence, its arguments' keys and the `you` it
declares beside it (static/js/i18n.js): an object literal of N_("...") / N_plural("...",
"...") forms, or the name of a `const` holding one. tests/test_second_person.py checks them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_NUMBER = re.compile(r"\d[\w.]*")
# after one of these a `/` starts a regular expression, not a division
_BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", "do", "else", "in",
                                               "of", "new", "delete", "void", "throw", "=>"}


@dataclass
class Tok:
    kind: str            # "name", "string" (value: its text), "tpl", "num", "regex", "op"
    value: str
    line: int
    pos: int = 0         # its offset in the source


def tokens(source: str) -> list[Tok]:
    """The tokens of a module, comments left out; a template literal's `${...}` parts are
    tokens of their own between "tpl" pieces (`${` as an "{" operator)."""
    out: list[Tok] = []
    i, line, n = 0, 1, len(source)
    braces: list[str] = []           # "{" of code, "${" of a template's expression

    def template(i: int) -> int:     # i: just after a backtick or a "}" closing "${"
        nonlocal line
        start = i
        while i < n:
            c = source[i]
            if c == "\\":
                i += 2
                continue
            if c == "`":
                out.append(Tok("tpl", source[start:i], line, start))
                return i + 1
            if source.startswith("${", i):
                out.append(Tok("tpl", source[start:i], line, start))
                out.append(Tok("op", "{", line, i))
                braces.append("${")
                return i + 2
            line += c == "\n"
            i += 1
        raise SyntaxError(f"unterminated template literal at line {line}")

    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            end = source.index("*/", i) + 2
            line += source.count("\n", i, end)
            i = end
        elif c in "\"'":
            j = i + 1
            while source[j] != c:
                if source[j] == "\n":
                    raise SyntaxError(f"unterminated string at line {line}")
                j += 2 if source[j] == "\\" else 1
            out.append(Tok("string", _unescape(source[i + 1:j]), line, i))
            i = j + 1
        elif c == "`":
            i = template(i + 1)
        elif c == "/" and (not out or (out[-1].kind in ("op", "name")
                                       and out[-1].value in _BEFORE_REGEX)):
            j, in_class = i + 1, False
            while source[j] != "/" or in_class:
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            m = _NAME.match(source, j + 1)
            j = m.end() if m else j + 1
            out.append(Tok("regex", source[i:j], line, i))
            i = j
        elif m := _NAME.match(source, i):
            out.append(Tok("name", m.group(), line, i))
            i = m.end()
        elif m := _NUMBER.match(source, i):
            out.append(Tok("num", m.group(), line, i))
            i = m.end()
        elif source.startswith("=>", i):
            out.append(Tok("op", "=>", line, i))
            i += 2
        elif c == "{":
            braces.append("{")
            out.append(Tok("op", c, line, i))
            i += 1
        elif c == "}":
            if braces and braces.pop() == "${":
                out.append(Tok("op", "}", line, i))
                i = template(i + 1)
            else:
                out.append(Tok("op", c, line, i))
                i += 1
        else:
            out.append(Tok("op", c, line, i))
            i += 1
    return out


_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", re.S)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _unescape(body: str) -> str:
    """A JavaScript string literal's text (without its quotes)."""
    def one(m: re.Match) -> str:
        e = m.group(1)
        if len(e) > 1:
            return chr(int(e.strip("ux{}"), 16))
        return _SIMPLE.get(e, e)
    return _ESCAPE.sub(one, body)


_OPEN, _CLOSE = {"(": ")", "[": "]", "{": "}"}, {")", "]", "}"}


def _group(toks: list[Tok], at: int) -> tuple[list[list[Tok]], int]:
    """The comma-separated parts inside the bracket at toks[at], and the index after it."""
    parts: list[list[Tok]] = [[]]
    depth, i = 0, at + 1
    while True:
        tok = toks[i]
        if tok.kind == "op" and tok.value in _OPEN:
            depth += 1
        elif tok.kind == "op" and tok.value in _CLOSE:
            if depth == 0:
                return ([p for p in parts if p] if parts != [[]] else []), i + 1
            depth -= 1
        elif tok.kind == "op" and tok.value == "," and depth == 0:
            parts.append([])
            i += 1
            continue
        parts[-1].append(tok)
        i += 1


@dataclass
class Call:
    where: str                        # "file.js:line"
    fn: str                           # "t" or "tn"
    text: str | None                  # the literal sentence (a plural's singular)
    plural: str | None = None         # tn's literal plural
    keys: set[str] | None = None      # its arguments' keys when written as an object literal
    you: dict | None = None           # None: no `you` argument; {}: said to no seat
    you_const: str | None = None      # the const it names as its `you`, if it does
    problems: list[str] = field(default_factory=list)


def _literal(part: list[Tok]) -> str | None:
    return part[0].value if len(part) == 1 and part[0].kind == "string" else None


def _object(part: list[Tok]) -> tuple[dict | None, list[str]]:
    """A `you` object literal: {key: form}, each form a string or a (one, many) pair."""
    if not (part and part[0].value == "{" and part[-1].value == "}"):
        return None, ["`you` is an object literal or the name of a const holding one"]
    entries, _ = _group(part, 0)
    out, problems = {}, []
    for entry in entries:
        ok = (len(entry) >= 5 and entry[0].kind in ("name", "string") and entry[1].value == ":"
              and entry[2].kind == "name" and entry[2].value in ("N_", "N_plural")
              and entry[3].value == "(")
        args = _group(entry, 3)[0] if ok else []
        texts = [_literal(a) for a in args]
        if not ok or None in texts or len(texts) != (1 if entry[2].value == "N_" else 2) \
                or len(entry) != 4 + sum(len(a) for a in args) + len(args):
            problems.append("each `you` form is N_(\"...\") or N_plural(\"...\", \"...\") "
                            "under an argument's name")
            continue
        out[entry[0].value] = texts[0] if len(texts) == 1 else (texts[0], texts[1])
    return out, problems


def _keys(part: list[Tok]) -> set[str] | None:
    if not (part and part[0].value == "{" and part[-1].value == "}"):
        return None
    keys = set()
    for entry in _group(part, 0)[0]:
        if entry[0].kind in ("name", "string"):
            keys.add(entry[0].value)
    return keys


def calls(source: str, where: str) -> list[Call]:
    """Every call t(text, args, you) and tn(one, many, n, args, you) of a module."""
    toks = tokens(source)
    consts = _consts(toks)
    out = []
    for k, tok in enumerate(toks[:-1]):
        if not (tok.kind == "name" and tok.value in ("t", "tn") and toks[k + 1].value == "("):
            continue
        before = toks[k - 1].value if k else ""
        if before in (".", "function"):
            continue
        args, _ = _group(toks, k + 1)
        call = Call(f"{where}:{tok.line}", tok.value, _literal(args[0]) if args else None)
        first_arg, you_at = (1, 2) if tok.value == "t" else (3, 4)
        if tok.value == "tn":
            call.plural = _literal(args[1]) if len(args) > 1 else None
        if len(args) > first_arg:
            call.keys = _keys(args[first_arg])
        if len(args) > you_at:
            you = args[you_at]
            if len(you) == 1 and you[0].kind == "name" and you[0].value in consts:
                call.you_const = you[0].value
                you = consts[you[0].value]
            call.you, call.problems = _object(you)
        out.append(call)
    return out


def _consts(toks: list[Tok]) -> dict[str, list[Tok]]:
    """{name: the tokens of its object literal} of every `const name = {...}`."""
    found = {}
    for k in range(len(toks) - 3):
        if toks[k].value == "const" and toks[k + 1].kind == "name" and toks[k + 2].value == "=" \
                and toks[k + 3].value == "{":
            found[toks[k + 1].value] = toks[k + 3:_group(toks, k + 3)[1]]
    return found


def you_consts(source: str) -> set[str]:
    """The consts of a module whose object literal holds an N_ form (a declared `you`)."""
    return {name for name, toks in _consts(tokens(source)).items()
            if any(t.kind == "name" and t.value in ("N_", "N_plural") for t in toks)}
