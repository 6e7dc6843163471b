"""Games as the engine sees them: dealing, dealing again, and replaying a move log.

Everything rules-related is the engine's; this module only turns the server's data
(lobby entries, stored log rows) into engine calls and engine answers into log lines.
"""
from __future__ import annotations

import json
import logging
import secrets

import engine
from engine.dealing import MODES        # ("referee", "tracker")
from engine import rules_of
from engine.rulesets import RULESETS     # the rulesets this engine can deal
from engine.rulesets.events.data import BY_ID as EVENTS_BY_ID
from engine.say import KEY, is_message, msg, name
from .errors import Problem, said

log = logging.getLogger(__name__)

OPTIONS_MAX_BYTES = 2048
# The part a table's ruleset is composed with when the lobby chose an event deck (the deal's
# option `events`: "high_noon", "fistful" or "both"; engine/rulesets/events).
EVENT_PART = "event_decks"


def takes_events(ruleset: str) -> bool:
    """Whether the lobby offers an event deck at a table of `ruleset` (not Star Wars')."""
    part = engine.PARTS_BY_NAME.get(EVENT_PART)
    return part is not None and (not part.rulesets or ruleset in part.rulesets)


def chosen_parts(options: object) -> tuple[str, ...]:
    """The parts the set-up's options ask for: an event deck is the events' part."""
    events = options.get("events") if isinstance(options, dict) else None
    return (EVENT_PART,) if events not in (None, "none") else ()


def deal(names: list[str], *, ruleset: str, mode: str, characters: dict | None = None,
         options: object = None, sheriff: str | None = None, parts=()) -> dict:
    """A new game's header from the engine, with a fresh random seed (kept in it).

    `sheriff` names the seat that must get the sheriff's role (a rotation); the roles
    are otherwise the engine's deal. `parts`: the parts its ruleset is composed with (an
    event deck; the player-count part for that many players is the engine's choice).
    Raises Problem (bad_deal).
    """
    if options is not None and (not isinstance(options, dict)
                                or len(json.dumps(options)) > OPTIONS_MAX_BYTES):
        raise Problem("bad_request", msg("'options' must be a small JSON object."))
    seed = secrets.randbits(53)
    try:
        header = engine.deal(names, ruleset=ruleset, seed=seed, characters=characters or None,
                             mode=mode, options=options or None, parts=parts)
        header.setdefault("seed", seed)
        if sheriff is not None:
            _give_sheriff(header, sheriff)
        engine.initial_state(header)          # the header must read back as a game
    except (engine.Refusal, engine.RecordError, KeyError, ValueError, TypeError) as e:
        raise Problem("bad_deal", said(e)) from None
    return header


def _give_sheriff(header: dict, name: str) -> None:
    """Swap roles so that seat `name` is the sheriff (the other roles stay as dealt)."""
    seats = header["seats"]
    target = next(s for s in seats if s["name"] == name)
    leader = rules_of(header).data.leader
    holder = next((s for s in seats if s["role"] == leader), None)
    if holder is not None and holder is not target:
        holder["role"], target["role"] = target["role"], holder["role"]


def redeal(header: dict, state, *, keep_characters: bool | str,
           rotate_sheriff: bool) -> dict:
    """The next game at the same seats. The survivors keep their characters if
    `keep_characters` is true, everybody if it is "all"; the sheriff's role may pass to
    the next seat clockwise. Raises Problem."""
    seats = header["seats"]
    names = [s["name"] for s in seats]
    characters = None
    if keep_characters and state is not None:
        characters = {s.name: ({"name": s.character, "energy": state.custom[s.character]}
                               if s.character in state.custom else s.character)
                      for s in state.seats if s.alive or keep_characters == "all"}
    sheriff = None
    if rotate_sheriff:
        leader = rules_of(header).data.leader
        k = next((i for i, s in enumerate(seats) if s["role"] == leader), -1)
        sheriff = names[(k + 1) % len(names)]
    return deal(names, ruleset=header.get("ruleset", "base"),
                mode=header.get("mode", "tracker"), characters=characters,
                options=header.get("options") or None, sheriff=sheriff,
                parts=header.get("parts") or ())


def characters_by_seat(table, characters: object) -> dict | None:
    """The host's `{lobby_id: character}` as the engine's `{seat name: character}`."""
    if characters is None:
        return None
    def fine(v: object) -> bool:      # a name, or {"name", "energy"} for a custom ability
        return isinstance(v, str) or (isinstance(v, dict) and set(v) <= {"name", "energy"}
                                      and isinstance(v.get("name"), str))
    if not isinstance(characters, dict) or not all(
            isinstance(k, str) and fine(v) for k, v in characters.items()):
        raise Problem("bad_request", msg("'characters' maps lobby ids to character names."))
    return {table.entry(k)["name"]: v for k, v in characters.items()
            if not isinstance(v, str) or v.strip()}


def log_lines(seq: int, events: list[dict]) -> list[dict]:
    """The engine's events as the log lines every client may read."""
    return [{"seq": seq, "text": _text(e.get("text", "")), "kind": str(e.get("type", "")),
             **({"decision": str(e["decision"])} if e.get("decision") else {})}
            for e in events]


# A correction of one count of one seat, by the host or by the player himself: taps of
# one correction in a row make one log line (add_lines).
AMOUNTS = ("{seat}'s {what} goes from {before} to {after}.",
           "The host sets {seat}'s {what} from {before} to {after}.")


def _amount(line: dict) -> dict | None:
    text = line.get("text")
    return text if (line.get("kind") == "set" and is_message(text)
                    and text.get(KEY) in AMOUNTS) else None


def add_lines(lines: list[dict], new: list[dict]) -> None:
    """Add a move's log lines to `lines`. A correction right after one of the same seat's
    same count, by the same hand, joins its line: one line from the first value to the
    last ("...life from 4 to 2"), not one per tap of + or −; the line keeps the last
    tap's own words as `step` (what an undo takes back). The moves stay one per tap."""
    last = lines[-1] if lines else None
    now = _amount(new[0]) if len(new) == 1 else None
    before = _amount(last) if last and now else None
    if (before and before[KEY] == now[KEY] and before.get("seat") == now.get("seat")
            and before.get("what") == now.get("what") and last["seq"] == new[0]["seq"] - 1):
        lines[-1] = dict(new[0], text=dict(now, before=before["before"]), step=now)
        return
    lines.extend(new)


def _text(text: object) -> object:
    """An event's text as the log keeps it: a message (the reader's page words it)."""
    return text if is_message(text) else str(text)


def canonical(move: object, vocab=engine.moves.CORE) -> object:
    """A stored move as the engine reads it with its table's vocabulary (a log written
    before moves were stored canonically may hold keys a client sent); one it cannot read
    is kept as it is and skipped by `replay`."""
    try:
        return engine.canonical(move, vocab)
    except engine.Refusal:
        return move


def story(header: dict, moves: list[dict]) -> dict:
    """The story of a finished game, for its picture: every seat's life after each move,
    where each turn began, each event that came out (High Noon, A Fistful of Cards), each
    elimination with who caused it, each change of life the
    host made by hand (a correction, which the picture draws apart from the game's own
    hits: `fixes`), the roles and the winners. Only for a game that is over: every role
    in it is public then."""
    state = engine.initial_state(header)
    names = [s.name for s in state.seats]
    life = [[max(s.life, 0)] for s in state.seats]
    turns, outs, fixes, shown, k = [0], [], [], [], 0
    for m in moves:
        if m["undone"]:
            continue
        try:
            state, events = engine.apply(state, m["move"])
        except (engine.Refusal, engine.RecordError):
            continue
        k += 1
        for e in events:
            if e.get("type") == "turn":
                turns.append(k)
            elif e.get("type") == "out":
                outs.append({"seat": e.get("seat"), "by": e.get("by"), "at": k})
            elif e.get("type") == "event" and e.get("event") in EVENTS_BY_ID:
                card = EVENTS_BY_ID[e["event"]]
                shown.append({"id": card.id, "name": name(card.name), "at": k})
        by_host = str(m["move"].get("by", "")).casefold() == "host"
        for j, s in enumerate(state.seats):
            if by_host and max(s.life, 0) != life[j][-1]:
                fixes.append({"seat": s.name, "at": k})
            life[j].append(max(s.life, 0))
    side = state.winner
    winners = [names[k] for k in engine.winners(state)]
    return {"names": names, "max": [s.max_life for s in state.seats], "life": life,
            "turns": turns, "outs": outs, "fixes": fixes, "events": shown, "winner": side,
            "roles": {s.name: s.role for s in state.seats}, "winners": winners,
            "characters": {s.name: s.character for s in state.seats}}


def add_score(scores: dict | None, story_: dict) -> dict:
    """The table's running score with one more finished game: games won per player, by
    role ({"games": n, "players": {name: {"won": k, "roles": {role: k}}}})."""
    out = {"games": 0, "players": {}}
    if isinstance(scores, dict):
        out = {"games": int(scores.get("games", 0)),
               "players": {n: {"won": int(p.get("won", 0)), "roles": dict(p.get("roles", {}))}
                           for n, p in dict(scores.get("players", {})).items()}}
    out["games"] += 1
    for name in story_["names"]:
        out["players"].setdefault(name, {"won": 0, "roles": {}})
    for name in story_["winners"]:
        p = out["players"][name]
        p["won"] += 1
        role = story_["roles"].get(name, "")
        p["roles"][role] = p["roles"].get(role, 0) + 1
    return out


# The kinds of event an undo line may repeat: each is worded from what the move itself
# showed the table (a card played, an answer, a count changed, a check, a turn passing).
# An elimination ("out"), its rewards and penalties and the game's end say roles that the
# undo hides again, so the line stops before the first event of any other kind: what it
# may say is listed here, never what it must leave out (issue 22).
UNDO_SAYS = frozenset({"play", "answer", "set", "life", "hand", "discard", "check", "jail",
                       "dynamite", "missed", "ability", "destiny", "turn"})


def taken_back(state, move: dict) -> dict:
    """The log line of a move the host took back, saying what it was: the first things it
    did, as the engine words them, played on a copy that is thrown away, up to the first
    event that is not in UNDO_SAYS."""
    try:
        _, events = engine.apply(state, move)
    except (engine.Refusal, engine.RecordError):
        events = []
    said = []
    for e in events[:2]:
        if e.get("type") not in UNDO_SAYS:
            break
        if e.get("text"):
            said.append(e["text"])
    return msg("The host took back: {what}", what=said) if said else msg("The host took back a move.")


def replay(header: dict, moves: list[dict]):
    """(state, log lines) from a header and the stored log rows, skipping undone moves.

    A stored move the engine now refuses (an engine changed between two runs) is
    skipped and said so in the log rather than losing the whole table.
    """
    state = engine.initial_state(header)
    lines = [{"seq": 0, "text": msg("The cards are dealt. {names} sit clockwise.",
                                    names=", ".join(s.name for s in state.seats)),
              "kind": "deal"}]
    for m in moves:
        if m["undone"]:
            lines.append({"seq": m["seq"], "text": taken_back(state, m["move"]), "kind": "undo"})
            continue
        try:
            state, events = engine.apply(state, m["move"])
        except (engine.Refusal, engine.RecordError) as e:
            log.warning("move %s could not be replayed: %s", m["seq"], e)
            lines.append({"seq": m["seq"], "text": msg("Move {seq} no longer fits the rules "
                                                       "and was skipped.", seq=m["seq"]),
                          "kind": "skipped"})
            continue
        add_lines(lines, log_lines(m["seq"], events))
    return state, lines




def from_record(text: object) -> tuple[dict, list[dict]]:
    """A record read, checked and replayed by the engine: (header, the moves that
    stand). Moves taken back, and refusals the record expects, are left out; the
    expectations and bookkeeping keys too. Raises Problem (bad_record)."""
    try:
        record = engine.load_record(text)
        engine.replay(record)
        header = {k: v for k, v in record.items() if k not in ("moves", "expect", "seed")}
        header.setdefault("format", "bang-record/1")
        header.setdefault("ruleset", "base")
        header.setdefault("mode", "referee")
        if header["ruleset"] not in RULESETS or header["mode"] not in MODES:
            raise Problem("bad_record", msg("This server cannot run that ruleset or mode."))
        state = engine.initial_state(header)
        moves = []
        for d in record.get("moves", []):
            if d.get("undone"):
                continue
            try:
                move = engine.canonical(d, state.rules.vocab)
                state, _ = engine.apply(state, move)
            except engine.Refusal:
                continue                    # a refusal the record expects (replay said so)
            moves.append(move)
    except engine.RecordError as e:
        raise Problem("bad_record", msg("{where}: {why}", where=e.where, why=said(e))
                      if e.where else said(e)) from None
    except (engine.Refusal, KeyError, ValueError, TypeError, AttributeError) as e:
        raise Problem("bad_record", said(e)) from None
    return header, moves
