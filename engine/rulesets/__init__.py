"""The rulesets' registry: every game the engine plays, by name. Everything that differs
between them lives in a `Ruleset` object (its package under engine/rulesets/): roles,
cards, characters, words, rules texts, and the hooks the core calls. A State carries its
Ruleset (`state.rules`, set when the table is dealt) and the core asks it; the core never
imports this registry, and only engine/start.py and the public facade look names up in
it. A new ruleset is its package and one line here.
"""
from __future__ import annotations

from ..rulebook import add as add_rules
from .base import Ruleset
from .legends import Legends
from .starwars import StarWars

RULESETS: dict[str, Ruleset] = {r.name: r for r in (
    Ruleset(),
    Legends(),
    StarWars(),
)}

for _rules in RULESETS.values():           # each ruleset's rules texts, in its own section
    add_rules(_rules.rule_group, _rules.rule_texts, _rules.rule_aliases)


def rules_of(state) -> Ruleset:
    """The ruleset of a State, or the one of that name (the base game for a name the
    registry does not hold)."""
    if isinstance(state, str):
        return RULESETS.get(state) or RULESETS["base"]
    return state.rules


__all__ = ["Ruleset", "RULESETS", "rules_of"]
