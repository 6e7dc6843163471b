"""The rulesets' registry: every game the engine plays, by name. Everything that differs
between them lives in a `Ruleset` object (its package under engine/rulesets/): roles,
cards, characters, words, rules texts, refusal codes, move vocabulary, and the hooks the
core calls. A State carries its Ruleset (`state.rules`, set when the table is dealt) and
the core asks it; the core never imports this registry, and only engine/start.py and the
public facade look names up in it.

A new ruleset is its package (exposing `RULES`, its `Ruleset` object) and its name in
PACKAGES. Registering writes nothing anywhere: each ruleset carries its own move
vocabulary (`vocab`), refusal codes (`codes`) and rules texts (`book`), and a move is
read against its table's. What lists every ruleset at once (every refusal code, every
rules text) is read from them by engine/reference.py.
"""
from __future__ import annotations

from importlib import import_module

from .base import Ruleset

PACKAGES = ("base", "legends", "starwars")

RULESETS: dict[str, Ruleset] = {}
for _package in PACKAGES:
    _rules = import_module(f".{_package}", __name__).RULES
    RULESETS[_rules.name] = _rules


def rules_of(state) -> Ruleset:
    """The ruleset of a State, or the one of that name (the base game for a name the
    registry does not hold)."""
    if isinstance(state, str):
        return RULESETS.get(state) or RULESETS["base"]
    return state.rules


__all__ = ["Ruleset", "RULESETS", "rules_of"]
