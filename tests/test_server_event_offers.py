"""The event moves a phone is offered (issue 30: me["offers"], docs/protocol.md) over
Socket.IO: what the phone's tap sends is the offered choice's move exactly as the view
gives it (static/js/referee-offers.js adds nothing but the card turned over where the
offer asks for one), and the engine takes it; a choice shown refused is refused with the
same code; no other seat is offered anything."""
from __future__ import annotations

from helpers import a_record


def ok(ack):
    assert ack["ok"] is True, ack
    return ack


def offers(t, name):
    return t.view(name)["me"]["offers"]


def life(t, name):
    return next(s["life"] for s in t.view("host")["seats"] if s["name"] == name)


def event_table(record_table, event, **seats):
    """Ann's turn at its start, `event` in force; `seats`: a seat's fields by its name."""
    return record_table(a_record(phase="start", **seats,
                                 events={"decks": ["fistful", "high_noon"], "current": event}))


def test_the_tap_sends_the_offered_move_and_the_engine_takes_it(record_table):
    t = event_table(record_table, "blood_brothers", Ann={"life": 3}, Cid={"life": 2})
    [offer] = offers(t, "Ann")
    assert offer["id"] == "give_life" and offer["event"] == "blood_brothers"
    assert offer["ask"] and offer["rule"] == "event.blood_brothers"
    for name in ("Bob", "Cid", "Dan"):
        assert offers(t, name) == [], name          # only the seat whose turn it is
    by = {c["key"]: c for c in offer["choices"]}
    assert by["Bob"]["ok"] is False and by["Bob"]["code"] == "full_life" and by["Bob"]["reason"]
    # a choice shown refused is refused, for the same reason, and nothing changes
    ack = t.emit("Ann", "move", by["Bob"]["move"])
    assert ack["ok"] is False and ack["error"]["code"] == "full_life", ack
    assert by["Cid"]["ok"] is True
    ok(t.emit("Ann", "move", by["Cid"]["move"]))      # the move as the view gave it
    assert (life(t, "Ann"), life(t, "Cid")) == (2, 3)
    assert offers(t, "Ann") == []                   # once a turn


def test_a_checked_offer_takes_the_move_and_the_card_turned_over(record_table):
    t = event_table(record_table, "peyote", Ann={"hand": 0})
    [offer] = offers(t, "Ann")
    assert offer["check"] is True
    red = next(c for c in offer["choices"] if c["key"] == "red")
    ok(t.emit("Ann", "move", {**red["move"], "check": "2♣"}))     # a wrong call: no more
    assert offers(t, "Ann") == []
    assert t.view("Ann")["phase"] == "play"


def test_a_one_choice_offer_is_one_move(record_table):
    t = event_table(record_table, "hard_liquor", Ann={"life": 3})
    [offer] = offers(t, "Ann")
    [choice] = offer["choices"]
    assert offer["ask"] is None and choice["ok"] is True
    ok(t.emit("Ann", "move", choice["move"]))
    assert life(t, "Ann") == 4 and offers(t, "Ann") == []
