"""Whose turn begins a round, as the host screen is told it (companion/snapshots.py
round_opens): the moment the host enters an event turned up from a real deck. Read from
the public view alone, so it can tell nothing a role kept hidden would."""
from __future__ import annotations

from companion.snapshots import round_opens
from engine import initial_state, load_record, public_view
from helpers import JESSE, a_record


def view(**more):
    """The public view of a tracker table with High Noon's deck, at Ann's play (`more`:
    a_record's keywords)."""
    rec = a_record(mode="tracker", turn="Ann",
                   events={"decks": ["high_noon"], "pile": None, "current": None}, **more)
    return public_view(initial_state(load_record(rec)))


THREE = {"roles": ("outlaw", "deputy", "renegade"), "characters": JESSE[:3],
         "parts": ["three_players"]}


def test_the_sheriff_s_turn_begins_the_round():
    four = view(roles=("outlaw", "renegade", "sheriff", "deputy"), characters=JESSE)
    assert round_opens("base", four) == "Cid"


def test_at_three_players_the_deputy_s_turn_does_and_once_he_is_out_the_next_one_s():
    assert round_opens("base", view(**THREE)) == "Bob"
    assert round_opens("base", view(**THREE, Bob={"alive": False})) == "Cid"


def test_no_role_face_up_names_no_seat():
    assert round_opens("base", None) is None
    assert round_opens("base", {"seats": [{"name": "Ann", "role": None}]}) is None
