"""The rulesets' registry: every game the engine plays, by name. Everything that differs
between them lives in a `Ruleset` object (its package under engine/rulesets/): roles,
cards, characters, words, rules texts, refusal codes, move vocabulary, and the hooks the
core calls. A State carries its Ruleset (`state.rules`, set when the table is dealt) and
the core asks it; the core never imports this registry, and only engine/start.py and the
public facade look names up in it.

A new ruleset is its package (exposing `RULES`, its `Ruleset` object) and its name in
PACKAGES: the registry imports each one, and adds what it brings to the engine's tables
(its codes to engine/errors.py, its words to the move vocabulary of engine/moves.py, its
rules texts to the rulebook).
"""
from __future__ import annotations

from importlib import import_module

from ..errors import add_codes
from ..moves import extend as add_vocabulary
from ..rulebook import add as add_rules
from .base import Ruleset

PACKAGES = ("base", "legends", "starwars")

RULESETS: dict[str, Ruleset] = {}
for _package in PACKAGES:
    _rules = import_module(f".{_package}", __name__).RULES
    RULESETS[_rules.name] = _rules

for _rules in RULESETS.values():
    _others = [r for r in RULESETS.values() if r is not _rules]
    # the header keys and move options only other rulesets read (each refuses them)
    _rules.foreign_keys = {key: other.name for other in _others for key in other.header_keys
                           if key not in _rules.header_keys}
    _rules.foreign_options = frozenset(key for other in _others for key in other.option_shapes
                                       if key not in _rules.option_shapes)
    add_codes(_rules.codes)
    add_vocabulary(_rules.move_shapes, _rules.option_shapes, _rules.move_keys,
                   _rules.field_words)
    add_rules(_rules.rule_group, _rules.rule_texts, _rules.rule_aliases)


def rules_of(state) -> Ruleset:
    """The ruleset of a State, or the one of that name (the base game for a name the
    registry does not hold)."""
    if isinstance(state, str):
        return RULESETS.get(state) or RULESETS["base"]
    return state.rules


__all__ = ["Ruleset", "RULESETS", "rules_of"]
