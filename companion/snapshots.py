"""The snapshot each client holds after every change, built for it.

Only three things ever go out: the table's public facts (below), the engine's view for
that recipient (`public_view` for the host, `view_for(own seat)` for a phone), and the
log lines the engine wrote for everyone. No tokens, no digests, no raw state. A patch
(companion/delta.py) is computed from two of these snapshots of one recipient, so it
can carry nothing they do not.

These functions build the snapshot without presence (who is connected): the hub adds it
(`delta.compose`), since it changes without a new `seq`.
"""
from __future__ import annotations

from engine import rules_of
from engine.rulesets.events.data import BY_ID, deck_cards
from engine.say import name

LOG_SENT = 50          # the host screen's log
LOG_SENT_PHONE = 12    # a phone shows the latest lines; every byte is sent to 7 phones


def table_info(table, join_url: str) -> dict:
    """The part of a snapshot every recipient shares (built once per change)."""
    phase = table.phase
    info = {
        "id": table.id,
        "ruleset": table.ruleset,
        "mode": table.mode,
        "status": phase,
        "game": table.game,
        "join_url": join_url,
        "lobby": [{"id": e["id"], "name": e["name"],
                   **({"character": e["character"]} if e.get("character") else {})}
                  for e in table.lobby],
        "moves": table.live_count,
        "last_by": table.last_mover,      # who may still take the last move back (or None)
        "you": None,
    }
    info["roles"] = table.roles() if phase == "over" else []
    info["story"] = table.story() if phase == "over" else None    # every role is public then
    info["scores"] = table.scores()
    return info


def for_host(table, info: dict, views: dict) -> dict:
    """The host screen's snapshot: the public view (`views`: engine.all_views)."""
    info = dict(info)
    info["can_undo"] = table.status == "playing" and info["moves"] > 0
    info["can_redo"] = table.can_redo
    info["unclaimed"] = [e["name"] for e in table.lobby if e.get("unclaimed")]
    info["characters"] = rules_of(table.ruleset).data.characters.names()   # the lobby's chooser
    info["players"] = list(table.player_counts)     # how many players it may be dealt for
    info["event_cards"] = event_cards(table.header, views.get(None))
    info["round_opens"] = round_opens(table.ruleset, views.get(None))
    return {"seq": table.version, "table": info, "view": views.get(None),
            "log": table.log[-LOG_SENT:]}


def phone_log(table) -> list[dict]:
    """The log lines a phone is sent: one list for all the seats of a change, so that
    what changed in it is worked out (and worded) once (companion/delta.py `memo`)."""
    return table.log[-LOG_SENT_PHONE:]


def phone_info(table, info: dict) -> dict:
    """The table facts every phone is sent, all but its own `you` (`info`: table_info):
    without the lobby once dealt (the seats are in the view). One dict for all the
    seats of a change (for_seat adds each one's `you`)."""
    if table.state is not None and "lobby" in info:
        return {k: v for k, v in info.items() if k != "lobby"}
    return info


def for_seat(table, entry: dict, info: dict, views: dict, log: list | None = None) -> dict:
    """One phone's snapshot: its own seat's view (its role and everything public);
    `log`: phone_log(table), when the caller builds several; `info`: table_info or,
    for several, phone_info. Its `table` is `{**phone_info(table, info), "you": …}`
    and its view `{**the phones' public part, "me": …}` (engine.all_views): the hub's
    patches count on that (delta.diff_built)."""
    you = {"lobby_id": entry["id"], "name": entry["name"],
           "seat": entry["name"] if table.state is not None else None}
    return {"seq": table.version, "table": {**phone_info(table, info), "you": you},
            "view": views.get(entry["name"]), "log": phone_log(table) if log is None else log}


def event_cards(header: dict | None, view: dict | None) -> list[dict]:
    """The cards of a table's event deck with their names, for the host screen: the card
    that comes next (the pile lies face up) and the host's entry of the one the players
    turned up from their own deck (`event_cards: "table"`); [] at a table without one."""
    deck = (view or {}).get("event_deck") or {}
    if not deck:
        return []
    options = (header or {}).get("options") or {}
    events, finals = deck_cards(tuple(deck.get("decks") or ()),
                                bonus=options.get("event_bonus", True) is not False)
    return [{"id": e.id, "name": name(e.name)} for e in events + finals if e.id in BY_ID]


def round_opens(ruleset: str, view: dict | None) -> str | None:
    """The seat whose turn begins a round (when an event is turned up), from the public
    view alone: the seat of the first of the ruleset's roles face up (the Sheriff's; at a
    table of three, which has no Sheriff, the Deputy's: every role is face up there), or
    once he is out the next one alive after him, as the engine's round start
    (engine/effects.py round_begins) counts it. None before the deal."""
    seats = list((view or {}).get("seats") or [])
    order = rules_of(ruleset).data.roles
    dealt = [k for k, s in enumerate(seats) if s.get("role") in order]
    if not dealt:
        return None
    first = min(dealt, key=lambda k: order.index(seats[k]["role"]))
    for k in range(len(seats)):
        seat = seats[(first + k) % len(seats)]
        if seat.get("alive", True) is not False:
            return seat.get("name")
    return None
