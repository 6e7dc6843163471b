"""Legends rulings over every combination a record cannot list: A Thousand Ways to Die
for each pair of the deck's 80 cards, written by name and corner or by corner alone."""
from __future__ import annotations

from itertools import product

from engine import Refusal, apply, initial_state
from engine.cards import BASE_CARDS, parse_drawn
from helpers import a_record

COPIES = [(c.name, k, parse_drawn(cp)) for c in BASE_CARDS for k, cp in enumerate(c.copies)]


def _state():
    return initial_state(a_record("legends", characters=["Kit Carlson"] * 4, life=4, hand=4,
                                  roles=("sheriff", "outlaw", "renegade", "outlaw"), turn="Ann",
                                  feats=[{"name": "A Thousand Ways to Die", "tokens": {}}]))


def _accepted(state, show) -> bool:
    try:
        apply(state, {"by": "Ann", "perform": "A Thousand Ways to Die", "show": show})
        return True
    except Refusal as e:
        assert e.code in ("feat_requirement", "unknown_card"), (show, e.code)
        return False


def corner(rs):
    return rs[0] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[rs[1]]


def test_two_named_cards_are_accepted_exactly_when_a_missed_and_another_copy_of_its_suit():
    state = _state()
    assert len(COPIES) == 80
    for a, b in product(COPIES, COPIES):
        want = a[0] == "Missed!" and a[2][1] == b[2][1] and a[:2] != b[:2]
        show = [f"{a[0]} {corner(a[2])}", f"{b[0]} {corner(b[2])}"]
        assert _accepted(state, show) is want, (show, want)


def test_corners_alone_are_accepted_when_the_deck_holds_two_different_cards_for_them():
    state = _state()
    corners = sorted({c[2] for c in COPIES})
    for x, y in product(corners, corners):
        missed = [c for c in COPIES if c[0] == "Missed!" and c[2] == x]
        others = [c for c in COPIES if c[2] == y]
        want = x[1] == y[1] and any(m[:2] != o[:2] for m in missed for o in others)
        assert _accepted(state, [corner(x), corner(y)]) is want, (x, y)
