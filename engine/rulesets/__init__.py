"""The rulesets' registry: every game the engine plays, by name, and every part a table's
ruleset may be composed with. Everything that differs between games lives in a `Ruleset`
object (its package under engine/rulesets/): roles, cards, characters, words, rules
texts, refusal codes, move vocabulary, and its reactions to the core's moments. A State
carries its Ruleset (`state.rules`, set when the table is dealt) and the core asks it;
the core never imports this registry, and only engine/start.py (which composes a table's
ruleset from its parts: `compose`, `player_counts`, `rules_of`) and the public facade
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

from importlib import import_module

from .base import Ruleset

PACKAGES = ("base", "legends", "starwars")
PARTS = (
    "events",
    "players.three",
    "players.eight",
)

RULESETS: dict[str, Ruleset] = {}
for _package in PACKAGES:
    _rules = import_module(f".{_package}", __name__).RULES
    RULESETS[_rules.name] = _rules

PARTS_BY_NAME: dict = {}             # {name: Part} (engine/parts.py)
for _package in PARTS:
    _part = import_module(f".{_package}", __name__).PART
    PARTS_BY_NAME[_part.name] = _part


__all__ = ["Ruleset", "RULESETS", "PARTS_BY_NAME"]
