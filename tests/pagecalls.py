"""The sentences the pages make: every t() and tn() call of a module of static/js, read by
acorn, the JavaScript parser pinned in package.json (tests/js/calls.mjs prints each
module's calls, `const` object literals and string keys as JSON), with its literal
sentence, its arguments' keys and the `you` it declares beside it (static/js/i18n.js): an
object literal of N_("...") / N_plural("...", "...") forms, or the name of a `const`
holding one. tests/test_second_person.py checks them."""
from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from bundling import NODE, ROOT

READER = Path(__file__).resolve().parent / "js" / "calls.mjs"
ACORN = ROOT / "node_modules" / "acorn"


def missing() -> str | None:
    """Why the pages can't be read here, or None."""
    return ("node is not on this machine" if NODE is None else
            "acorn is not installed (run `npm ci`)" if not ACORN.is_dir() else None)


def read(sources: dict[str, str]) -> dict[str, dict]:
    """{where: {"calls", "consts", "keys"}} for every module, read by one node process."""
    done = subprocess.run([NODE, str(READER)], input=json.dumps(sources), cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=True)
    out = json.loads(done.stdout)
    broken = {where: m["error"] for where, m in out.items() if "error" in m}
    if broken:
        raise SyntaxError(f"acorn could not read: {broken}")
    return out


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


def _literal(arg: dict) -> str | None:
    return arg["value"] if arg["type"] == "string" else None


def _form(value: dict) -> str | tuple[str, str] | None:
    """N_("...") -> the text, N_plural("...", "...") -> (one, many), else None."""
    if value["type"] != "call" or value["name"] not in ("N_", "N_plural"):
        return None
    texts = [_literal(a) for a in value["args"]]
    if None in texts or len(texts) != (1 if value["name"] == "N_" else 2):
        return None
    return texts[0] if len(texts) == 1 else (texts[0], texts[1])


def _object(arg: dict) -> tuple[dict | None, list[str]]:
    """A `you` object literal: {key: form}, each form a string or a (one, many) pair."""
    if arg["type"] != "object":
        return None, ["`you` is an object literal or the name of a const holding one"]
    out, problems = {}, []
    for entry in arg["entries"]:
        form = _form(entry["value"]) if entry["key"] is not None else None
        if form is None:
            problems.append("each `you` form is N_(\"...\") or N_plural(\"...\", \"...\") "
                            "under an argument's name")
            continue
        out[entry["key"]] = form
    return out, problems


def _keys(arg: dict) -> set[str] | None:
    if arg["type"] != "object":
        return None
    return {entry["key"] for entry in arg["entries"] if entry["key"] is not None}


def _calls(module: dict, where: str) -> list[Call]:
    consts = module["consts"]
    out = []
    for found in module["calls"]:
        fn, args = found["fn"], found["args"]
        call = Call(f"{where}:{found['line']}", fn, _literal(args[0]) if args else None)
        first_arg, you_at = (1, 2) if fn == "t" else (3, 4)
        if fn == "tn":
            call.plural = _literal(args[1]) if len(args) > 1 else None
        if len(args) > first_arg:
            call.keys = _keys(args[first_arg])
        if len(args) > you_at:
            you = args[you_at]
            if you["type"] == "name" and you["name"] in consts:
                call.you_const = you["name"]
                you = consts[you["name"]]
            call.you, call.problems = _object(you)
        out.append(call)
    return out


def calls(source: str, where: str) -> list[Call]:
    """Every call t(text, args, you) and tn(one, many, n, args, you) of a module."""
    return _calls(read({where: source})[where], where)


def modules(sources: dict[str, str]) -> dict[str, tuple[list[Call], set[str], list[dict]]]:
    """For each module: its calls, the consts holding an N_ form (a declared `you`) and
    the string keys of its object literals ({"line", "key"}), read in one go."""
    out = {}
    for where, module in read(sources).items():
        out[where] = (_calls(module, where), _you_consts(module), module["keys"])
    return out


def _you_consts(module: dict) -> set[str]:
    def has_form(value: dict) -> bool:
        if value["type"] == "call":
            return value["name"] in ("N_", "N_plural") or any(map(has_form, value["args"]))
        if value["type"] == "object":
            return any(has_form(e["value"]) for e in value["entries"])
        return False
    return {name for name, value in module["consts"].items() if has_form(value)}


def you_consts(source: str) -> set[str]:
    """The consts of a module whose object literal holds an N_ form (a declared `you`)."""
    return _you_consts(read({"m.js": source})["m.js"])


def string_keys(source: str) -> list[dict]:
    """The string keys of a module's object literals: {"line", "key"}."""
    return read({"m.js": source})["m.js"]["keys"]
