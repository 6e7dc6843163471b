"""A game started by the ruleset's name: the one place where the name a caller gives
(`deal(..., ruleset=name)`) or a record's header holds (`"ruleset": name`)
is looked up in the rulesets' registry. It sits above the core and the rulesets: the
core is handed the Ruleset object (engine/dealing.py) and a State carries it from then on.
"""
from __future__ import annotations

from .dealing import check_format, check_players, deal as deal_with, need, read_header, unknown
from .rulesets import RULESETS
from .state import State


def deal(names: list[str], *, ruleset: str = "base", seed: int,
         characters: dict[str, str] | None = None, mode: str = "referee",
         options: dict | None = None) -> dict:
    """A new game's record header (engine/dealing.py's `deal`, for the ruleset named).
    Raises Refusal on a bad player list, ruleset, mode or character."""
    rules = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if rules is None:
        check_players(names)
        raise unknown(ruleset, mode)
    return deal_with(names, rules, seed=seed, characters=characters, mode=mode,
                     options=options)


def initial_state(record: dict) -> State:
    """The State a record's header describes, with the ruleset it names. Raises
    RecordError naming the place."""
    check_format(record)
    ruleset = record.get("ruleset", "base")
    need(isinstance(ruleset, str) and ruleset in RULESETS, "ruleset",
         f"{ruleset!r} is not a ruleset this engine knows ({', '.join(RULESETS)})")
    rules = RULESETS[ruleset]
    for other in RULESETS.values():         # a key another ruleset reads: refused unless empty
        for key in other.header_keys:
            need(key in rules.header_keys or not record.get(key), key,
                 f"{key!r} belongs to the {other.name} ruleset")
    return read_header(record, rules)
