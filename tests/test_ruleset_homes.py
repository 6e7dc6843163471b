"""One home per ruleset (docs/architecture.md): nothing that only one ruleset has is named
in a core file (engine/*.py and the base game, engine/rulesets/base.py), not in code, not
in a message, not in a comment. The names are read from the rulesets themselves: their
rule ids' prefixes, refusal codes, hooks, move words, header and seat fields, features,
decisions, kinds of card, the fields their characters add, their Feats', cards' and
characters' names, and a few words.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from engine import PARTS_BY_NAME, RULESETS, compose
from engine.characters import Character
from engine.moves import CORE as CORE_WORDS
from engine.rulebook import CORE as CORE_BOOK
from engine.rulesets.legends.characters import LEGEND_CHARS
from engine.rulesets.events.data import EVENTS
from engine.rulesets.legends.feats import FEATS

ROOT = Path(__file__).resolve().parent.parent
BASE = RULESETS["base"]
SIDES = {"legends": (LEGEND_CHARS,)}      # character tables besides `characters`
THINGS = {"legends": {f.name for f in FEATS},    # its own things' names besides cards
          "event_decks": {e.name for e in EVENTS}}   # every event card, by its name
KEYS = {"event_decks": {e.id for e in EVENTS}}      # ...and by its id, a key in quotes

# the words that say a ruleset's own ideas, whatever the names
WORDS = {"legends": ("legend", "legends", "feat", "feats", "fame", "boast", "boasting",
                     "oregon"),
         "starwars": ("star wars", "starwars", "destiny", "vader", "jedi", "sith", "energy",
                      "stormtrooper", "stormtroopers", "rebel", "rebels", "empire"),
         "event_decks": ("high noon", "fistful", "daltons", "ghost", "ghosts", "sermon",
                         "reverend", "shootout", "hangover", "gold rush", "ambush", "lasso",
                         "peyote", "vendetta", "sniper", "ricochet", "roulette", "handcuffs"),
         "three_players": ("3-player", "three players", "final hit", "hunts"),
         "eight_players": ("8-player", "eight players", "two renegades")}


def core_files(root: Path = ROOT) -> list[Path]:
    return sorted((root / "engine").glob("*.py")) + [root / "engine" / "rulesets" / "base.py"]


def own_names(rules) -> tuple[set[str], set[str]]:
    """What only this ruleset has, as it would be written in a file: (names, words of its
    move vocabulary, found only as a key in quotes)."""
    base_cards = {c.name for c in BASE.data.cards.rows}
    base_chars = {c.name for c in BASE.data.characters.rows}
    core_hooks = {h for c in BASE.data.characters.rows for h in (c.draw, c.on_hit)}
    names = set(rules.codes) | set(rules.data.draws)
    names |= {c.name for c in rules.data.cards.rows} - base_cards
    names |= {c.name for c in rules.data.characters.rows} - base_chars
    for key in (rules.name, *rules.parts):
        names |= THINGS.get(key, set())                   # Legends' Feats, the events
    names |= set(rules.records.header_keys) | set(rules.records.seat_fields)
    names |= set(rules.records.counts)
    names |= set(rules.records.expect_keys)
    for table in (rules.data.characters, *SIDES.get(rules.name, ())):
        for c in table.rows:
            names |= {h for h in (c.draw, c.on_hit) if h} - core_hooks
            names |= {f.name for f in dataclasses.fields(c)} - {
                f.name for f in dataclasses.fields(Character)}
    keys = own_words(rules.vocab) | set(rules.actions.abilities)
    keys |= (set(rules.data.features) | set(rules.data.decisions)) - set(BASE.data.features) - set(BASE.data.decisions)
    keys |= {c.kind for c in rules.data.cards.rows} - {c.kind for c in BASE.data.cards.rows}
    keys |= set(rules.parts)                     # a part's name, as a key ("parts": [...])
    for key in (rules.name, *rules.parts):
        keys |= KEYS.get(key, set())
    return names, keys - SHARED


# Keys a ruleset reads that are the core's words too (the Jail, a BANG!, a Panic! are kinds
# of base cards; every game has a discard and a card turned up; a draw may give a card,
# `turns.DrawRule.give`; a weapon has a range): not the ruleset's alone.
SHARED = {"jail", "bang", "panic", "reveal", "discard", "other", "first", "give", "range"}


def own_words(vocab) -> set[str]:
    """The words of a ruleset's vocabulary that the core's (moves.CORE) has not: its move
    kinds, options, keys added to the core's moves, and their names."""
    core = CORE_WORDS
    out = (vocab.arg_shapes.keys() - core.arg_shapes.keys()) | (
        vocab.option_shapes.keys() - core.option_shapes.keys()) | (
        vocab.words.keys() - core.words.keys())
    for action, shape in core.arg_shapes.items():
        if isinstance(shape, dict):
            out |= vocab.arg_shapes[action].keys() - shape.keys()
    return out


def patterns(rules) -> list[re.Pattern]:
    """The ruleset's names and rule-id prefixes as searches in a file's text."""
    prefixes = [g[1] for g in rules.book.groups if g not in CORE_BOOK.groups]
    prefixes += [a for a in rules.book.aliases if a not in CORE_BOOK.aliases]
    names, keys = own_names(rules)
    out = [re.compile(rf"\b{re.escape(p)}\.[a-z_]") for p in prefixes]
    out += [re.compile(rf"(?<!\w){re.escape(n)}(?!\w)") for n in sorted(names, key=len,
                                                                          reverse=True)]
    out += [re.compile(rf"[\"']{re.escape(k)}[\"']") for k in sorted(keys)]
    words = [w for key in (rules.name, *rules.parts) for w in WORDS.get(key, ())]
    out += [re.compile(rf"\b{re.escape(w)}\b", re.I) for w in words]
    return out


def _without_base_names(line: str) -> str:
    """The line with the base game's card and character names blanked (Star Wars' Lucky
    is not Lucky Duke)."""
    for n in BASE_NAMES:
        line = line.replace(n, " ")
    return line


BASE_NAMES = sorted({c.name for c in BASE.data.cards.rows} | {c.name for c in BASE.data.characters.rows},
                    key=len, reverse=True)


def found(files: list[Path], rulesets) -> list[str]:
    out = []
    for rules in rulesets:
        searches = patterns(rules)
        for f in files:
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                line = _without_base_names(line)
                for p in searches:
                    hit = p.search(line)
                    if hit:
                        out.append(f"{f.relative_to(f.parents[1])}:{n}: "
                                   f"{'+'.join((rules.name, *rules.parts))}'s "
                                   f"{hit.group(0)!r}")
                        break
    return out


def others() -> list:
    """Every ruleset but the base game, and every part composed with the first ruleset it
    goes with (its own names are those it adds: codes, keys, words, rules texts)."""
    out = [r for name, r in RULESETS.items() if name != "base"]
    for part in PARTS_BY_NAME.values():
        out.append(compose(part.rulesets[0] if part.rulesets else "base", [part.name]))
    return out


def test_the_core_names_nothing_of_another_ruleset():
    bad = found(core_files(), others())
    assert not bad, "a ruleset's own name in a core file:\n" + "\n".join(bad)


def test_the_names_are_read_from_the_rulesets():
    """The searches know each ruleset's things: a Feat, a code, a hook, a card, a field."""
    legends, starwars = RULESETS["legends"], RULESETS["starwars"]
    names, keys = own_names(legends)
    assert {"The Oregon Trail", "feat_done", "kit_legend", "gringo_legend", "evades_brown",
            "lucky_for_all", "fame"} <= names and {"perform", "boast", "show"} <= keys
    names, keys = own_names(starwars)
    assert {"destiny_order_required", "Bacta Tank"} <= names
    assert {"destiny", "named_checks", "custom_ability", "hope_cap", "hope"} <= keys
    assert "BANG!" not in own_names(starwars)[0] and "Jourdonnais" not in own_names(legends)[0]
    names, keys = own_names(compose("base", ["event_decks"]))
    assert {"Thirst", "The Daltons", "Russian Roulette", "event_deck"} <= names
    assert {"thirst", "the_daltons", "event_decks"} <= keys


def test_the_check_can_fail(tmp_path):
    """A core file that names Legends' and Star Wars' things is caught, line by line."""
    (tmp_path / "engine" / "rulesets").mkdir(parents=True)
    core = tmp_path / "engine" / "turns.py"
    core.write_text('def draw(ctx):\n'
                    '    if hook == "kit_legend":\n'
                    '        raise Refusal("feat_done", "", "legend.kit_carlson")\n'
                    '    n = 2  # the usual draw\n'
                    '    if any(e.get("oregon") for e in log): n -= 1\n'
                    '    return char.evades_brown\n'
                    'x = "A Bacta Tank"\n'
                    '# Star Wars: the Encounter with Destiny\n', encoding="utf-8")
    (tmp_path / "engine" / "rulesets" / "base.py").write_text("", encoding="utf-8")
    bad = found(core_files(tmp_path), others())
    lines = sorted({b.split(":")[1] for b in bad}, key=int)
    assert lines == ["2", "3", "5", "6", "7", "8"], bad


def test_a_parts_names_are_searched_too(tmp_path, monkeypatch):
    """A part (engine/parts.py) is held to the same rule: a core file naming its refusal
    code, its header key, its name or its words is caught."""
    from engine.parts import Part
    from engine.start import _composed

    class Toy(Part):
        name = "toy_noon"
        codes = {"toy_forbids": "A toy event forbids this move."}
        header_keys = ("toy_event",)
    monkeypatch.setitem(PARTS_BY_NAME, "toy_noon", Toy())
    monkeypatch.setitem(WORDS, "toy_noon", ("high noon",))
    _composed.cache_clear()
    (tmp_path / "engine" / "rulesets").mkdir(parents=True)
    (tmp_path / "engine" / "turns.py").write_text(
        'raise Refusal("toy_forbids", "", "x")\n'
        'if "toy_noon" in rules.parts:\n'
        'e = record.get("toy_event")\n'
        '# High Noon: the event\n'
        'n = 2  # the usual draw\n', encoding="utf-8")
    (tmp_path / "engine" / "rulesets" / "base.py").write_text("", encoding="utf-8")
    bad = found(core_files(tmp_path), others())
    _composed.cache_clear()
    assert sorted({b.split(":")[1] for b in bad}, key=int) == ["1", "2", "3", "4"], bad


def counted(text: str, counts) -> list[str]:
    """Where a text compares a number of players, seats or names with one of `counts`, or
    writes a role mix row for one (`3: (...)`): a player-count game's own number."""
    n = "|".join(str(c) for c in sorted(counts))
    many = r"(?:len\([^()]*\)|\b\w*(?:players|seats|names|count)\w*)"
    cmp = r"(?:==|!=|<=|>=|<|>)"
    searches = [rf"{many}\s*{cmp}\s*(?:{n})\b", rf"\b(?:{n})\s*{cmp}\s*{many}",
                rf"{many}\s+(?:not\s+)?in\s*[(\[{{][^)\]}}]*\b(?:{n})\b",
                rf"(?<![\w.])(?:{n})\s*:\s*\("]
    return [f"{k}: {line.strip()}" for k, line in enumerate(text.splitlines(), 1)
            if any(re.search(p, line) for p in searches)]


def test_no_core_file_names_a_player_count_games_number():
    """The 3- and 8-player games are parts (engine/rulesets/players/): no core file tests
    a count of players against their numbers or writes their role mix rows (the counts
    are read from the parts' rows, so a new count part is searched for too); the names
    of their events and characters are searched above."""
    counts = {n for part in PARTS_BY_NAME.values() for n in part.role_mix}
    assert counts == {3, 8}
    bad = [f"{f.name}:{hit}" for f in core_files()
           for hit in counted(f.read_text(encoding="utf-8"), counts)]
    assert not bad, "\n".join(bad)
    made_up = ("if len(state.seats) == 3:\n    x = 1\nif players in (3, 8): pass\n"
               "mix = {8: ('sheriff',)}\nif 8 > n_players: pass\nif len(alive) <= 2: pass\n"
               "hand = 3\n")
    assert [h.split(":")[0] for h in counted(made_up, counts)] == ["1", "3", "4", "5"]
