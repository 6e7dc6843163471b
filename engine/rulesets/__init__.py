"""Each ruleset's one home. Everything that differs between the games the engine plays
lives in a `Ruleset` object: roles, cards, characters, words, and the hooks the core calls
(setup, hand limit, winner, rewards, extra moves, what a phone is told). The core asks the
table's ruleset (`rules_of(state)`) and never tests a ruleset's name; tests/test_seam.py
keeps it that way.
"""
from __future__ import annotations

from .base import Ruleset
from .legends import Legends
from .starwars import StarWars

RULESETS: dict[str, Ruleset] = {r.name: r for r in (Ruleset(), Legends(), StarWars())}


def rules_of(state) -> Ruleset:
    """The ruleset of a State (or of a ruleset name)."""
    name = state if isinstance(state, str) else state.ruleset
    return RULESETS.get(name) or RULESETS["base"]


__all__ = ["Ruleset", "RULESETS", "rules_of"]
