"""One home per ruleset: outside engine/rulesets/, no code compares a ruleset's name. The
core asks the table's ruleset object (`rules_of(state)`), the pages ask `view.features` or
include the parts the ruleset declares."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import engine
from companion import looks
from engine.rulesets import Ruleset
from engine.parts import Actions, Part
from engine.rulesets.base import Data, Playouts, Records, Views
from engine.rulesets.events.data import EVENTS

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("engine", "companion", "templates", "static")
HOMES = (ROOT / "engine" / "rulesets", ROOT / "static" / "vendor")
# the rulesets' names and the parts' (engine/parts.py: an event deck, a player-count game)
NAMES = sorted(set(engine.RULESETS) | set(engine.PARTS_BY_NAME) | {"base", "legends", "starwars"})


def patterns(names) -> list[re.Pattern]:
    name = "|".join(map(re.escape, names))
    lit = rf"""["'`]({name})["'`]"""
    return [
        re.compile(rf"(==|!=|===|!==)\s*{lit}"),                    # x == "legends"
        re.compile(rf"{lit}\s*(==|!=|===|!==)"),                    # "legends" == x
        re.compile(rf"\b(not\s+in|in)\s*[\(\[\{{]\s*{lit}"),         # x in ("legends", ...)
        re.compile(rf"{lit}\s+(not\s+)?in\b"),                      # "highnoon" in parts
        re.compile(rf"[\(\[]\s*{lit}\s*,[^\n]*\]\s*\.includes\("),  # ["legends", ...].includes(
        re.compile(rf"\.includes\(\s*{lit}"),                       # parts.includes("highnoon")
        re.compile(r"\bruleset\b\s*(==|!=|===|!==)"),                # ruleset == anything
        re.compile(r"\bcase\s+[\"'](" + name + r")[\"']"),           # switch on a name
    ]


PATTERNS = patterns(NAMES)


def offences(text: str, searches=PATTERNS) -> list[str]:
    """The lines of `text` that compare a ruleset's or a part's name."""
    return [line.strip() for line in text.splitlines()
            if any(p.search(line) for p in searches)]


def scanned_files():
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in (".py", ".js", ".html") or not path.is_file():
                continue
            if any(home in path.parents for home in HOMES):
                continue
            yield path


def test_the_scanner_finds_comparisons():
    bad = ['if state.ruleset == "legends":', "if (view.ruleset === 'legends') {",
           '{% if ruleset == "legends" %}', 'if s.ruleset != "starwars":',
           'if "base" == name:', 'if ruleset in ("legends", "base"):',
           'on = snap.view.ruleset !== "legends";']
    for line in bad:
        assert offences(line), f"the scanner missed {line!r}"
    good = ['rules = rules_of(state)', 'ruleset = record.get("ruleset", "base")',
            'if not rules_of(state).features.get("feats"):', '"ruleset": state.ruleset,']
    for line in good:
        assert not offences(line), f"the scanner flagged {line!r}"


def test_the_scanner_finds_a_parts_name():
    """A part's name is compared nowhere outside its home either (the core reads the
    composed ruleset's data and reactions; the pages read the view)."""
    searches = patterns([*NAMES, "highnoon"])
    bad = ['if "highnoon" in rules.parts:', 'if (view.parts.includes("highnoon")) {',
           "{% if 'highnoon' in parts %}", 'if part == "highnoon":']
    for line in bad:
        assert offences(line, searches), f"the scanner missed {line!r}"
    assert not offences('parts = header.get("parts", [])', searches)


def test_no_ruleset_name_is_compared_outside_the_ruleset_homes():
    found = []
    for path in scanned_files():
        for line in offences(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)}: {line}")
    assert not found, "compare a feature of the ruleset, not its name:\n" + "\n".join(found)


def test_every_ruleset_declares_what_the_core_reads():
    for name, rules in engine.RULESETS.items():
        assert rules.name == name
        assert rules.data.leader in rules.data.roles
        for n in range(4, 8):
            assert len(rules.data.role_mix[n]) == n and set(rules.data.role_mix[n]) <= set(rules.data.roles)
        assert set(rules.data.goals) == set(rules.data.roles)
        assert {"life", "check", "character", "leader"} <= set(rules.data.words)
        assert rules.title and list(rules.data.characters) and list(rules.data.cards)


def test_every_ruleset_has_its_look_in_the_companion():
    """How a ruleset looks is the companion's (companion/looks/), one Look per ruleset."""
    assert set(looks.LOOKS) == set(engine.RULESETS)
    for name, rules in engine.RULESETS.items():
        look = looks.look_of(rules)
        assert look.hint and set(look.role_marks) == set(rules.data.roles), name
        assert set(look.blue_hints) <= {c.name for c in rules.data.cards.rows}, name


def _named_for_one(members, rulesets) -> list[str]:
    """The members whose name holds a word of a card's or a character's name (words of 4
    letters or more: "jourdonnais", "calamity", "barrel", "volcanic")."""
    words = {w for rules in rulesets for row in (*rules.data.cards.rows, *rules.data.characters.rows)
             for w in re.findall(r"[a-z]{4,}", row.name.casefold())}
    words |= {w for e in EVENTS for w in re.findall(r"[a-z]{4,}", e.name.casefold())} - {
        "cards"}                  # "A Fistful of Cards", the deck's last card: `data.cards`
    return sorted(m for m in members if set(re.findall(r"[a-z]+", m.casefold())) & words)


def test_no_member_of_the_seam_is_named_for_one_character_or_card():
    """What the core asks a ruleset is general (a moment, a table of data), never a hook
    for one character or card (as `own_barrel_label = "Jourdonnais"` was): not on the
    class, not in its data, its record, views and random-moves parts, nor in the shape of a
    part (engine/parts.py: `Part`, `Actions`); the words of every card, character and
    event."""
    members = [k for k in vars(Ruleset) if not k.startswith("__")]
    members += [f.name for f in dataclasses.fields(Data)] + [
        k for part in (Records, Views, Playouts, Part) for k in vars(part)
        if not k.startswith("__")] + [f.name for f in dataclasses.fields(Actions)]
    assert {"answer_moves", "random_moves", "abilities", "decorate"} <= set(members)
    assert _named_for_one(members, engine.RULESETS.values()) == []
    assert _named_for_one(["own_barrel_label", "jourdonnais_check", "draws", "thirst_rule"],
                          engine.RULESETS.values()) == ["jourdonnais_check", "own_barrel_label",
                                                        "thirst_rule"]


def members(cls) -> set[str]:
    """A class's members as tools/ruleset_surface.py counts them: what it defines, data
    fields included, dunders aside."""
    return {k for k in vars(cls) if not (k.startswith("__") and k.endswith("__"))} | set(
        getattr(cls, "__annotations__", {}))


def test_the_class_the_core_sees_is_narrow():
    """Issue 28: at most 30 members (100 at the start); a ruleset's data is one frozen
    value, its part of a record, its views and its random moves are parts of their own."""
    assert len(members(Ruleset)) <= 30, sorted(members(Ruleset))
    assert {"data", "records", "views", "playouts", "reactions", "actions"} <= members(Ruleset)
    for rules in engine.RULESETS.values():
        with pytest.raises(dataclasses.FrozenInstanceError):
            rules.data.leader = "x"
        with pytest.raises(TypeError):                 # its tables too
            rules.data.words["life"] = "x"
