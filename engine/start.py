"""A game started by the ruleset's name: the one place where the name a caller gives
(`deal(..., ruleset=name, parts=[...])`) or a record's header holds (`"ruleset": name`,
`"parts": [...]`) is looked up in the rulesets' registry and the table's ruleset composed
(engine/parts.py). It sits above the core and the rulesets: the core is handed the
Ruleset object (engine/dealing.py) and a State carries it from then on.
"""
from __future__ import annotations

from .dealing import check_format, check_players, deal as deal_with, need, read_header, unknown
from .errors import Refusal
from .rulesets import PARTS_BY_NAME, RULESETS, compose, player_counts
from .state import State


def deal(names: list[str], *, ruleset: str = "base", seed: int,
         characters: dict[str, str] | None = None, mode: str = "referee",
         options: dict | None = None, parts=()) -> dict:
    """A new game's record header (engine/dealing.py's `deal`, for the ruleset named with
    the parts named and the player-count part for that many players, if any: the header's
    `parts`). Raises Refusal on a bad player list, ruleset, part, mode or character."""
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        check_players(names)
        raise unknown(ruleset, mode)
    check_players(names, player_counts(ruleset, parts))   # the counts any part may deal
    rules = compose(ruleset, parts, players=len(names))
    return deal_with(names, rules, seed=seed, characters=characters, mode=mode,
                     options=options)


def initial_state(record: dict) -> State:
    """The State a record's header describes, with the ruleset it names composed with the
    parts it names. Raises RecordError naming the place."""
    check_format(record)
    ruleset = record.get("ruleset", "base")
    need(isinstance(ruleset, str) and ruleset in RULESETS, "ruleset",
         f"{ruleset!r} is not a ruleset this engine knows ({', '.join(RULESETS)})")
    parts = record.get("parts", [])
    need(isinstance(parts, list) and all(isinstance(p, str) for p in parts), "parts",
         "a list of the names of parts")
    for p in parts:
        need(p in PARTS_BY_NAME, "parts",
             f"{p!r} is not a part this engine knows ({', '.join(PARTS_BY_NAME) or 'none'})")
    try:
        rules = compose(ruleset, parts)
    except Refusal as e:
        need(False, "parts", e.message)
    others = [(r, "ruleset") for r in RULESETS.values()]
    others += [(p, "part") for p in PARTS_BY_NAME.values()]
    for other, what in others:      # a key another ruleset or part reads: refused unless empty
        for key in other.header_keys:
            need(key in rules.header_keys or not record.get(key), key,
                 f"{key!r} belongs to the {other.name} {what}")
    return read_header(record, rules)
