"""A game started by the ruleset's name: the one place where the name a caller gives
(`deal(..., ruleset=name, parts=[...])`) or a record's header holds (`"ruleset": name`,
`"parts": [...]`) is looked up in the rulesets' registry and the table's ruleset composed
(engine/parts.py). It sits above the core and the rulesets: the core is handed the
Ruleset object (engine/dealing.py) and a State carries it from then on.
"""
from __future__ import annotations

from functools import lru_cache

from .dealing import check_format, check_players, deal as deal_with, need, read_header, unknown
from .errors import Refusal
from .parts import composed
from .rulesets import PARTS_BY_NAME, RULESETS, Ruleset
from .say import msg
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
    check_players(names, player_counts(ruleset, parts),   # the counts any part may deal
                  RULESETS[ruleset].data.words.get("players"))
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
    others = [(r.name, r.records.header_keys, "ruleset") for r in RULESETS.values()]
    others += [(p.name, p.header_keys, "part") for p in PARTS_BY_NAME.values()]
    for other, keys, what in others:   # a key another ruleset or part reads: refused unless empty
        for key in keys:
            need(key in rules.records.header_keys or not record.get(key), key,
                 f"{key!r} belongs to the {other} {what}")
    return read_header(record, rules)


def counted_parts(ruleset: str, players: int) -> tuple[str, ...]:
    """The player-count parts (a part with rows of `role_mix`) that deal a table of this
    ruleset for that many players: none when the ruleset has a row of its own."""
    if players in RULESETS[ruleset].data.role_mix:
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
    counts = set(rules.data.role_mix)
    counts |= {n for p in PARTS_BY_NAME.values() if p.goes_with(ruleset) for n in p.role_mix}
    return tuple(sorted(counts))


def choosable_counts(ruleset: str) -> tuple[int, ...]:
    """How many players a table of this ruleset may seat before its parts are chosen (the
    lobby): its own counts and those of each part that goes with it, chosen alone. The
    deal then checks the counts of the parts it is given (`player_counts`)."""
    counts = set(player_counts(ruleset))
    for p in PARTS_BY_NAME.values():
        if p.goes_with(ruleset) and not p.role_mix:
            counts |= set(player_counts(ruleset, (p.name,)))
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
