"""Dealing a table: roles and characters dealt from a recorded seed, and a record's header
read into a State (with a clear error naming the place of any mistake). Both are handed
the table's Ruleset; engine/start.py finds it by the name a caller or a header gives.
"""
from __future__ import annotations

import random

from .cards import norm
from .errors import RecordError, Refusal
from .moves import BY_MAX
from .state import PHASES, Seat, State
from .say import msg, plural

FORMAT = "bang-record/1"
UNKNOWN = "unknown"       # a role a record does not show
MODES = ("referee", "tracker")


def deal(names: list[str], rules, *, seed: int, characters: dict[str, str] | None = None,
         mode: str = "referee", options: dict | None = None) -> dict:
    """A new game's record header for the ruleset `rules` (composed with its `parts`,
    named in the header: engine/parts.py): seats in the given clockwise
    order, roles dealt by the ruleset's mix for that many players and characters dealt (unless given
    per name) from `seed`. Raises Refusal on a bad player list or character."""
    check_players(names, tuple(rules.data.role_mix))
    if mode not in MODES:
        raise unknown(rules.name, mode)
    rng = random.Random(seed)
    roles = list(rules.data.role_mix[len(names)])
    rng.shuffle(roles)
    chars = rules.data.characters
    given = {}
    for who, value in (characters or {}).items():
        given[who] = rules.records.dealt_character(rules, value)
    chosen = [g["character"] for g in given.values()]
    if len(set(chosen)) != len(chosen):
        raise Refusal("bad_move", msg("Two players cannot have the same character."),
                      "characters")
    pool = [c for c in chars.names() if c not in chosen]
    rng.shuffle(pool)
    seats = []
    for name, role in zip(names, roles):
        seats.append({"name": name, "role": role, **(given.get(name)
                                                     or {"character": pool.pop()})})
    header = {"format": FORMAT, "ruleset": rules.name,
              **({"parts": list(rules.parts)} if rules.parts else {}), "mode": mode,
              "seed": seed, "options": dict(options or {}), "seats": seats, "moves": []}
    rules.records.deal_extra(header, rng, rules)
    return header


def check_players(names: list[str], counts: tuple[int, ...] = (4, 5, 6, 7),
                  own: str | None = None) -> None:
    """As many players as the ruleset has a role mix for (`counts`), no two of the same
    name. `own`: the ruleset's own sentence for another count, with its reason ({low},
    {high}, {n}). Raises Refusal."""
    if len(names) not in counts:
        said = dict(low=min(counts), high=max(counts))
        raise Refusal("bad_move", msg(own, n=len(names), **said) if own else
                      plural("BANG! is played by {low} to {high} players, not {n}.",
                             "BANG! is played by {low} to {high} players, not {n}.",
                             len(names), **said), "setup.roles")
    if len({n.casefold() for n in names}) != len(names):
        raise Refusal("bad_move", msg("Two players have the same name."), "seats")


def unknown(ruleset: object, mode: object) -> Refusal:
    """The refusal of a deal for a ruleset or a mode this engine does not know."""
    return Refusal("bad_move", msg("Unknown ruleset or mode: {ruleset}, {mode}.",
                                   ruleset=str(ruleset), mode=str(mode)), "setup.roles")


def need(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise RecordError(where, message)


def _int(d: dict, key: str, where: str, default: int, low: int = -99,
         high: int = 99) -> int:
    v = d.get(key, default)
    need(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high,
          f"{where}.{key}", f"a whole number from {low} to {high} is needed, not "
          f"{str(v)[:20]!r}")
    return v


def check_format(record: object) -> None:
    """A record is a JSON object of this format. Raises RecordError."""
    need(isinstance(record, dict), "", "a record is a JSON object")
    fmt = record.get("format", FORMAT)
    need(fmt == FORMAT, "format", f"expected {FORMAT!r}, found {fmt!r}")


def read_header(record: dict, rules) -> State:
    """The State a record's header describes, for the ruleset `rules` (the one the header
    names). Raises RecordError naming the place."""
    check_format(record)
    mode = record.get("mode", "referee")
    need(mode in MODES, "mode", f"expected one of {', '.join(MODES)}, found {mode!r}")
    options = record.get("options", {})
    need(isinstance(options, dict), "options", "options are a JSON object")
    cards, chars, roles = rules.data.cards, rules.data.characters, rules.data.roles + (UNKNOWN,)
    raw = record.get("seats")
    most = max(rules.data.role_mix)
    need(isinstance(raw, list) and 2 <= len(raw) <= most, "seats",
         f"a list of 2 to {most} seats")
    seats: list[Seat] = []
    custom: dict[str, int] = {}
    leader_at = next((k for k, d in enumerate(raw)
                      if isinstance(d, dict) and d.get("role") == rules.data.leader), 0)
    for k, d in enumerate(raw):
        w = f"seats[{k}]"
        need(isinstance(d, dict), w, "a seat is a JSON object")
        name = d.get("name")
        need(isinstance(name, str) and name.strip() != "" and len(name) <= BY_MAX,
              f"{w}.name", f"a name of 1 to {BY_MAX} characters is needed")
        need(name.casefold() not in {s.name.casefold() for s in seats}, f"{w}.name",
              f"{name!r} is already seated")
        role = d.get("role")
        need(role in roles, f"{w}.role", f"expected one of {', '.join(roles)}, found {role!r}")
        ch = rules.records.read_character(rules, d, w, need)
        if chars.find(ch.name) is None:
            custom[ch.name] = ch.life          # an ability the app knows only by name
        max_life = _int(d, "max_life", w, rules.max_life(role, ch), 1)
        start_hand = rules.start_hand(k, leader_at, len(raw), max_life, ch, options)
        life = _int(d, "life", w, max_life)
        need(life <= max_life, f"{w}.life", f"{life} is above the maximum of {max_life}")
        hand = _int(d, "hand", w, start_hand, 0, rules.data.deck_size)
        in_play = d.get("in_play", [])
        need(isinstance(in_play, list), f"{w}.in_play", "a list of card names")
        names = []
        for c, card in enumerate(in_play):
            found = cards.find(card) if isinstance(card, str) else None
            need(found is not None and found.colour == "blue", f"{w}.in_play[{c}]",
                  f"{card!r} is not a card that stays in play")
            need(found.name not in names, f"{w}.in_play[{c}]", f"two {found.name} in play")
            names.append(found.name)
        need(sum(cards.get(n).is_weapon for n in names) <= 1, f"{w}.in_play",
              "only one weapon at a time")
        alive = d.get("alive", True)
        need(isinstance(alive, bool), f"{w}.alive", "true or false")
        ranges = _ranges(d.get("ranges", {}), names, cards, w)
        seat = Seat(name.strip(), role, ch.name, life if alive else min(life, 0), max_life,
                    hand if alive else 0, names if alive else [], alive,
                    ranges=ranges if alive else {})
        vars(seat).update(rules.records.read_seat(d, w, need))    # the ruleset's own seat fields
        seats.append(seat)
    need(sum(s.alive for s in seats) >= 2, "seats", "at least two players must be alive")
    state = State(seats=seats, rules=rules, mode=mode, options=options, custom=custom)
    rules.records.read_extra(record, state, need)
    turn = record.get("turn")
    if turn is None:
        state.turn = first_player(seats, rules.data.roles)
    else:
        try:
            state.turn = state.index(turn)
        except Refusal:
            raise RecordError("turn", f"no seat named {turn!r}") from None
        need(seats[state.turn].alive, "turn", f"{turn} has been eliminated")
    phase = record.get("phase", "start")
    phase = "play" if phase == "discard" else phase    # the draft's discard step is end_turn
    need(phase in PHASES, "phase", f"expected one of {', '.join(PHASES)}, found {phase!r}")
    state.phase = phase
    need(sum(norm(s.role) == rules.data.leader for s in seats) <= 1, "seats",
          f"only one {rules.data.words['leader']}")
    return state


def first_player(seats: list[Seat], roles: tuple[str, ...]) -> int:
    """Who plays first: the living player of the first of the ruleset's roles at the table,
    in their order (the Sheriff; with no Sheriff, the Deputy); the first seat if none."""
    dealt = [k for k, s in enumerate(seats) if s.alive and s.role in roles]
    return min(dealt, key=lambda k: roles.index(seats[k].role), default=0)


def _ranges(raw: object, names: list[str], cards, w: str) -> dict:
    """The ranges entered for weapons in play whose range the app does not know."""
    need(isinstance(raw, dict), f"{w}.ranges", "ranges are {weapon: number}")
    out = {}
    for key, value in raw.items():
        card = cards.find(key)
        need(card is not None and card.name in names and card.entered_range,
              f"{w}.ranges", f"{key!r} is not a weapon in play whose range is entered")
        need(isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 9,
              f"{w}.ranges", "a range from 1 to 9")
        out[card.name] = value
    for n in names:
        need(not cards.get(n).entered_range or n in out, f"{w}.ranges",
              f"the range printed on the {n} is needed (\"ranges\": {{\"{n}\": 3}})")
    return out
