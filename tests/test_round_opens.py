"""Whose turn begins a round, as the host screen is told it (companion/snapshots.py
round_opens): the moment the host enters an event turned up from a real deck. Read from
the public view alone, so it can tell nothing a role kept hidden would."""
from __future__ import annotations

from companion.snapshots import round_opens
from engine import initial_state, load_record, public_view


def view(seats, parts=("event_decks",)):
    rec = {"format": "bang-record/1", "ruleset": "base", "mode": "tracker", "seats": seats,
           "turn": seats[0]["name"], "phase": "play", "parts": list(parts),
           "event_deck": {"decks": ["high_noon"], "pile": None, "current": None}}
    return public_view(initial_state(load_record(rec)))


THREE = [{"name": "Ann", "role": "outlaw", "character": "Jesse Jones"},
         {"name": "Bob", "role": "deputy", "character": "Kit Carlson"},
         {"name": "Cid", "role": "renegade", "character": "Rose Doolan"}]


def test_the_sheriff_s_turn_begins_the_round():
    seats = [{"name": "Ann", "role": "outlaw", "character": "Jesse Jones"},
             {"name": "Bob", "role": "renegade", "character": "Kit Carlson"},
             {"name": "Cid", "role": "sheriff", "character": "Rose Doolan"},
             {"name": "Dan", "role": "deputy", "character": "Bart Cassidy"}]
    assert round_opens("base", view(seats)) == "Cid"


def test_at_three_players_the_deputy_s_turn_does_and_once_he_is_out_the_next_one_s():
    assert round_opens("base", view(THREE, ("three_players", "event_decks"))) == "Bob"
    out = [dict(THREE[0]), {**THREE[1], "alive": False}, dict(THREE[2])]
    assert round_opens("base", view(out, ("three_players", "event_decks"))) == "Cid"


def test_no_role_face_up_names_no_seat():
    assert round_opens("base", None) is None
    assert round_opens("base", {"seats": [{"name": "Ann", "role": None}]}) is None
