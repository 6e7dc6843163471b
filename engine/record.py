"""Game records (bang-record/1): read and check one, replay it, export one, and check
its expectations. See docs/record-format.md.
"""
from __future__ import annotations

import copy
import json

from .errors import RecordError, Refusal
from .game import apply
from .moves import Move
from .start import initial_state
from .state import State
from .table import cards_of, distance, reach, winners
from .views import public_view

SEAT_KEYS = {"life", "hand", "in_play", "alive"}   # and the ruleset's own (seat_fields)
DEPTH_MAX = 16          # how deeply a record may nest lists and objects
CHECK_KEYS = SEAT_KEYS | {"turn", "phase", "pending", "winner", "winners", "distance",
                          "reach"}


def check_keys(rules) -> set[str]:
    """What a record of this ruleset may expect: the core's keys and the ruleset's own
    (`Ruleset.records`: its `seat_fields`, `expect_keys`)."""
    return CHECK_KEYS | set(rules.records.seat_fields) | set(rules.records.expect_keys)


def load_record(data: str | bytes | dict) -> dict:
    """Parse and check a record (JSON text or an already parsed dict). Raises RecordError."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise RecordError(f"line {e.lineno} column {e.colno}", f"not valid JSON: {e.msg}") \
                from None
        except (ValueError, RecursionError) as e:   # bad UTF-8, a huge number, deep nesting
            raise RecordError("", f"not valid JSON ({type(e).__name__})") from None
    if depth(data) > DEPTH_MAX:
        raise RecordError("", f"a record nests lists and objects at most {DEPTH_MAX} deep")
    state = initial_state(data)
    names = {s.name.casefold() for s in state.seats}
    known = check_keys(state.rules)
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves", "a list of moves")
    for k, d in enumerate(moves):
        w = f"moves[{k}]"
        try:
            m = Move.from_dict(d, state.rules.vocab)
        except Refusal as e:
            if isinstance(d, dict) and isinstance(d.get("expect"), dict) \
                    and d["expect"].get("illegal") in (True, "bad_move"):
                _check_expect_form(d["expect"], f"{w}.expect", move=True, known=known)
                if "then" in d:
                    _check_expect_form(d["then"], f"{w}.then", move=False, known=known)
                continue           # a ruling that this move cannot even be read
            raise RecordError(w, e.message) from None
        if m.by.casefold() != "host" and m.by.casefold() not in names:
            raise RecordError(f"{w}.by", f"no seat named {m.by!r}")
        if isinstance(d.get("expect"), dict):
            refs = {}      # a move the record expects to be refused may name anything
        else:
            refs = {"target": m.opts.get("target"), "other": m.opts.get("other")}
        if isinstance(m.arg, dict) and refs:
            refs.update({f"{m.action}.{key}": m.arg.get(key) for key in ("from", "seat", "turn")})
        for key, v in refs.items():
            if v is not None and v != "discard" and (not isinstance(v, str)
                                                      or v.casefold() not in names):
                raise RecordError(f"{w}.{key}", f"no seat named {v!r}")
        _check_expect_form(d.get("expect", "ok"), f"{w}.expect", move=True, known=known)
        if "then" in d:
            _check_expect_form(d["then"], f"{w}.then", move=False, known=known)
    if "expect" in data:
        _check_expect_form(data["expect"], "expect", move=False, known=known)
    return data


def depth(value, limit: int = DEPTH_MAX) -> int:
    """How deeply `value` nests lists and dicts (a scalar: 0), without recursion; it
    stops counting once past `limit`. The server's packets are checked with it too."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        deepest = max(deepest, d)
        if d > limit:
            break
        todo.extend((x, d + 1) for x in v)
    return deepest


def _check_expect_form(e: object, where: str, move: bool, known: set[str]) -> None:
    if move:
        if e == "ok" or (isinstance(e, dict) and set(e) == {"illegal"}
                         and (e["illegal"] is True or isinstance(e["illegal"], str))):
            return
        raise RecordError(where, 'expected "ok" or {"illegal": "CODE"}')
    if not isinstance(e, dict):
        raise RecordError(where, "expectations are a JSON object")
    unknown = set(e) - known
    if unknown:
        raise RecordError(f"{where}.{sorted(unknown)[0]}",
                          f"unknown expectation (known: {', '.join(sorted(known))})")


def replay(record: dict, upto: int | None = None) -> State:
    """The state after the record's moves (undone moves skipped; refusals the record
    expects are skipped too). Raises RecordError at the first unexpected refusal."""
    state = initial_state(record)
    for k, d in enumerate(record.get("moves", [])[:upto]):
        if isinstance(d, dict) and d.get("undone"):
            continue
        try:
            state, _ = apply(state, d)
        except Refusal as e:
            if isinstance(d, dict) and isinstance(d.get("expect"), dict):
                continue
            raise RecordError(f"moves[{k}]", f"refused ({e.code}): {e.message}") from None
    return state


def export_record(header: dict, moves: list[dict]) -> dict:
    """A record of a table: its header and its moves, in order."""
    out = copy.deepcopy(header)
    out["format"] = "bang-record/1"
    out["moves"] = copy.deepcopy(moves)
    return out


def public_record(header: dict, moves: list[dict], state: State) -> dict:
    """A record of a running game that anyone may see: the roles still secret in `state`
    (those its public view does not show: living players other than the Sheriff, unless
    the table plays with every role face up) are written "unknown". It replays the same
    way, because a role only matters once it is public (at elimination or the end)."""
    out = export_record(header, moves)
    secret = {row["name"] for row in public_view(state)["seats"]
              if row["alive"] and row["role"] is None}
    if state.winner is None:
        for seat in out["seats"]:
            if seat.get("name") in secret:
                seat["role"] = "unknown"
    out.pop("seed", None)          # the seed would deal the same roles again
    return out


def check_record(record: dict) -> tuple[int, list[str]]:
    """Replay a record and check every expectation: (number passed, failure lines)."""
    record = load_record(record)
    state = initial_state(record)
    passed, failed = 0, []
    for k, d in enumerate(record.get("moves", [])):
        if d.get("undone"):
            continue
        want = d.get("expect", "ok")
        try:
            new, _ = apply(state, d)
            refusal = None
        except Refusal as e:
            new, refusal = state, e
        if want == "ok":
            if refusal is None:
                passed += 1
            else:
                failed.append(f"moves[{k}]: expected the move to be accepted, it was refused "
                              f"({refusal.code}): {refusal.message}")
        else:
            code = want["illegal"]
            if refusal is not None and (code is True or refusal.code == code):
                passed += 1
            elif refusal is not None:
                failed.append(f"moves[{k}]: expected refusal {code}, found {refusal.code}: "
                              f"{refusal.message}")
            else:
                failed.append(f"moves[{k}]: expected refusal {code}, the move was accepted")
                new = state
        state = new
        if "then" in d:
            p, f = check_state(state, d["then"], f"moves[{k}].then")
            passed, failed = passed + p, failed + f
    if "expect" in record:
        p, f = check_state(state, record["expect"], "expect")
        passed, failed = passed + p, failed + f
    return passed, failed


def _seat_value(state: State, name: str, key: str):
    seat = state.seats[state.index(name)]
    value = getattr(seat, key)
    return sorted(value) if key == "in_play" else value


def check_state(state: State, expect: dict, where: str) -> tuple[int, list[str]]:
    """Check one expectations object against a state: (passed, failure lines)."""
    passed, failed = 0, []

    def verdict(label: str, want, found) -> None:
        nonlocal passed
        if want == found:
            passed += 1
        else:
            failed.append(f"{where}: {label}: expected {json.dumps(want, ensure_ascii=False)}, "
                          f"found {json.dumps(found, ensure_ascii=False)}")

    names = [s.name for s in state.seats]
    rules = state.rules
    for key, want in expect.items():
        try:
            if key in SEAT_KEYS or key in rules.records.seat_fields:
                for name, v in want.items():
                    found = _seat_value(state, name, key)
                    if key == "in_play":
                        v = sorted(cards_of(state).get(x).name for x in v)
                    verdict(f"{key} {name}", v, found)
            elif key == "turn":
                verdict("turn", want, names[state.turn])
            elif key == "phase":
                verdict("phase", want, state.phase)
            elif key == "pending":
                found = []
                for a in state.pending:
                    if names[a.seat] not in found:
                        found.append(names[a.seat])
                verdict("pending", want, found)
            elif key == "winner":
                verdict("winner", want, state.winner)
            elif key == "winners":
                verdict("winners", sorted(want), sorted(names[k] for k in winners(state)))
            elif key == "distance":
                for pair, v in want.items():
                    a, _, b = pair.partition(">")
                    verdict(f"distance {pair}", v, distance(state, a.strip(), b.strip()))
            elif key == "reach":
                for name, v in want.items():
                    verdict(f"reach {name}", sorted(v), sorted(reach(state, name)))
            elif key in rules.records.expect_keys:
                verdict(key, want, rules.records.expect_value(state, key))
        except (Refusal, AttributeError, TypeError) as e:
            failed.append(f"{where}.{key}: cannot be checked: {e}")
    return passed, failed
