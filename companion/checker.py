"""`bang-companion check FILE...`: replay records and report every failed expectation.

Prints one line per failed expectation and a closing line `N passed, N failed`.
Exit status: 0 when every expectation holds, 1 when some failed, 2 when a file could
not be read (the message names the file and the place in it; never a traceback).

Records are language-free: names in them are the English ones. The checker also takes
a card, character or role name written in Hungarian or Russian, as the catalogs
(companion/translations) spell it, and gives the engine the English name: "Sör" and
"Пиво" are Beer, "seriff" and "Шериф" the sheriff. Case, accents and punctuation do
not matter; a seat's name is never read as a card's; an unknown name is still refused.
"""
from __future__ import annotations

import functools
import json
import sys
import unicodedata
from pathlib import Path

from engine import RecordError, check_record, load_record
from engine.record import DEPTH_MAX, depth
from engine import rules_of
from engine.rulesets import RULESETS

from . import i18n

FREE_TEXT = ("note", "format", "ruleset")      # keys whose values are never names


def key(text: str) -> str:
    """How a name is matched: case, accents and punctuation ignored ("Nem talált!" and
    "nem talalt" are one; Russian letters stay letters)."""
    spread = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in spread if ch.isalnum())


@functools.cache
def native_names(ruleset: str) -> dict[str, str]:
    """{key of a translated name: its English name} for the cards, characters and roles of
    a ruleset, in every language but English (a role maps to its id, as records write
    it). A spelling that two names share in different languages is left out."""
    rules = rules_of(ruleset)
    english: dict[str, str] = {n: n for n in rules.data.cards.names()}
    english.update({n: n for n in rules.data.characters.names()})
    roles = rules.data.words.get("roles") or {r: r.replace("_", " ").title() for r in rules.data.roles}
    english.update({title: role for role, title in roles.items()})
    found: dict[str, str] = {}
    clash: set[str] = set()
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        for name, written in english.items():
            text = i18n.gettext(name, lang)
            k = key(text)
            if not k or text == name:
                continue
            if found.get(k, written) != written:
                clash.add(k)
            found[k] = written
    return {k: v for k, v in found.items() if k not in clash}


def to_english(record):
    """The record with every Hungarian or Russian name of a card, character or role
    given its English name (anything else as it is)."""
    if not isinstance(record, dict) or depth(record) > DEPTH_MAX:
        return record                     # load_record says what is wrong with it
    ruleset = record.get("ruleset", "base")
    names = native_names(ruleset if isinstance(ruleset, str) and ruleset in RULESETS
                         else "base")
    if not names:
        return record
    seats = {s["name"].casefold() for s in record.get("seats") or []
             if isinstance(s, dict) and isinstance(s.get("name"), str)}

    def walk(value):
        if isinstance(value, dict):
            return {k: v if k in FREE_TEXT else walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str) and value.casefold() not in seats:
            return names.get(key(value), value)
        return value
    return walk(record)


def check_file(path: Path) -> tuple[int, list[str]]:
    """(passed, failure lines) for one file. Raises RecordError or OSError."""
    data = path.read_bytes()
    try:
        parsed = json.loads(data)
    except (ValueError, RecursionError):
        parsed = None                     # load_record says where and why
    record = load_record(data if parsed is None else to_english(parsed))
    return check_record(record)


def main(paths: list[str], out=sys.stdout, err=sys.stderr) -> int:
    passed = failed = 0
    unreadable = False
    if not paths:
        print("check: name one or more record files", file=err)
        return 2
    for name in paths:
        path = Path(name)
        try:
            p, failures = check_file(path)
        except RecordError as e:
            print(f"{name}: {e}", file=err)
            unreadable, failed = True, failed + 1
            continue
        except (OSError, UnicodeDecodeError) as e:
            print(f"{name}: cannot read the file: {getattr(e, 'strerror', None) or e}", file=err)
            unreadable, failed = True, failed + 1
            continue
        passed += p
        failed += len(failures)
        for line in failures:
            print(f"{name}: {line}", file=out)
    print(f"{passed} passed, {failed} failed", file=out)
    if unreadable:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
