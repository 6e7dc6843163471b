"""The rulesets' registry: every game the engine plays, by name, and every part a table's
ruleset may be composed with. Everything that differs between games lives in a `Ruleset`
object (its package under engine/rulesets/): roles, cards, characters, words, rules
texts, refusal codes, move vocabulary, and its reactions to the core's moments. A State
carries its Ruleset (`state.rules`, set when the table is dealt) and the core asks it;
the core never imports this registry, and only engine/start.py and the public facade
look names up in it.

A new ruleset is its package (exposing `RULES`, its `Ruleset` object) and its name in
PACKAGES; a new part (a player-count game, an event deck: engine/parts.py) is its package
(exposing `PART`, its `Part` object) and its name in PARTS, one a line. Registering writes
nothing anywhere: each ruleset carries its own move vocabulary (`vocab`), refusal codes
(`codes`) and rules texts (`book`), a composed ruleset joins its parts' to them, and a
move is read against its table's. What lists every ruleset at once (every refusal code,
every rules text) is read from them by engine/reference.py.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from ..errors import Refusal
from ..parts import Part, composed
from ..say import msg
from .base import Ruleset

PACKAGES = ("base", "legends", "starwars")
PARTS = (
    "events",
)

RULESETS: dict[str, Ruleset] = {}
for _package in PACKAGES:
    _rules = import_module(f".{_package}", __name__).RULES
    RULESETS[_rules.name] = _rules

PARTS_BY_NAME: dict[str, Part] = {}
for _package in PARTS:
    _part = import_module(f".{_package}", __name__).PART
    PARTS_BY_NAME[_part.name] = _part


def counted_parts(ruleset: str, players: int) -> tuple[str, ...]:
    """The player-count parts (a part with rows of `role_mix`) that deal a table of this
    ruleset for that many players: none when the ruleset has a row of its own."""
    if players in RULESETS[ruleset].role_mix:
        return ()
    return tuple(p.name for p in PARTS_BY_NAME.values()
                 if players in p.role_mix and p.goes_with(ruleset))


def compose(ruleset: str, parts=(), players: int | None = None) -> Ruleset:
    """The ruleset a table plays: the base ruleset `ruleset` with the `parts` named (in
    their order) and, for a deal of `players` players, the player-count part that deals
    that many (`counted_parts`). Raises Refusal for an unknown ruleset or part, or a part
    that does not go with the ruleset."""
    if ruleset not in RULESETS:
        raise Refusal("bad_move", msg("Unknown ruleset: {ruleset}.", ruleset=str(ruleset)),
                      "setup.roles")
    if not isinstance(parts, (list, tuple)) or not all(isinstance(p, str) for p in parts):
        raise Refusal("bad_move", msg("The parts of a game are a list of names."),
                      "setup.roles")
    names = tuple(parts)
    if players is not None:
        names += tuple(p for p in counted_parts(ruleset, players) if p not in names)
    for p in names:
        part = PARTS_BY_NAME.get(p)
        if part is None:
            raise Refusal("bad_move", msg("Unknown part of a game: {part}.", part=p),
                          "setup.roles")
        if not part.goes_with(ruleset):
            raise Refusal("bad_move", msg("{part} is not played with {ruleset}.",
                                          part=msg(part.title),
                                          ruleset=msg(RULESETS[ruleset].title)),
                          "setup.roles")
    if len(set(names)) != len(names):
        raise Refusal("bad_move", msg("A part of a game is named twice."), "setup.roles")
    return _composed(ruleset, names)


@lru_cache(maxsize=None)
def _composed(ruleset: str, names: tuple[str, ...]) -> Ruleset:
    """One composed object per combination, shared by every table that plays it."""
    return composed(RULESETS[ruleset], tuple(PARTS_BY_NAME[p] for p in names))


def player_counts(ruleset: str, parts=()) -> tuple[int, ...]:
    """How many players a table of this ruleset with these parts may be dealt for: its
    composed role mix's rows and those of the player-count parts that go with it."""
    rules = compose(ruleset, parts)
    counts = set(rules.role_mix)
    counts |= {n for p in PARTS_BY_NAME.values() if p.goes_with(ruleset) for n in p.role_mix}
    return tuple(sorted(counts))


def rules_of(state) -> Ruleset:
    """The ruleset of a State; of a record header (its `ruleset` with its `parts`); or the
    one of that name (the base game for a name the registry does not hold)."""
    if isinstance(state, str):
        return RULESETS.get(state) or RULESETS["base"]
    if isinstance(state, dict):
        name = state.get("ruleset", "base")
        name = name if isinstance(name, str) and name in RULESETS else "base"
        return compose(name, state.get("parts") or ())
    return state.rules


__all__ = ["Ruleset", "Part", "RULESETS", "PARTS_BY_NAME", "compose", "counted_parts",
           "player_counts", "rules_of"]
