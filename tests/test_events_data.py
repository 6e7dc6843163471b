"""The event cards as data (engine/rulesets/events/data.py): 15 of High Noon (the final
card and The Bullet's two bonus cards included) and 15 of A Fistful of Cards, and the
pile a table's choice of decks shuffles."""
from __future__ import annotations

import random

from hypothesis import given, strategies as st

from engine.rulesets.events.data import (BY_ID, CHOICES, DECKS, EVENTS, FISTFUL, HIGH_NOON,
                                          MIXED_SIZE, deck_cards, find, shuffled)


def test_thirty_events_fifteen_a_deck():
    assert len(EVENTS) == 30 == len(BY_ID)
    assert sum(e.deck == HIGH_NOON for e in EVENTS) == 15
    assert sum(e.deck == FISTFUL for e in EVENTS) == 15
    assert [e.id for e in EVENTS if e.final] == ["high_noon", "a_fistful_of_cards"]
    assert [e.id for e in EVENTS if e.bonus] == ["handcuffs", "new_identity"]
    assert set(DECKS) == {HIGH_NOON, FISTFUL} and set(CHOICES) == {"none", "high_noon",
                                                                    "fistful", "both"}


def test_every_event_has_its_words_and_rule():
    for e in EVENTS:
        assert e.name and e.effect.endswith((".", "!")) and e.yours.endswith((".", "!"))
        assert e.rule == f"event.{e.id}"
        assert e.timing in ("round", "reveal", "turn_start", "draw", "turn_end")


def test_an_event_is_found_by_id_or_name():
    assert find("The Reverend") is BY_ID["the_reverend"]
    assert find("the_reverend") is BY_ID["the_reverend"]
    assert find("a fistful of cards") is BY_ID["a_fistful_of_cards"]
    assert find("Reverend") is None and find(3) is None


def test_without_the_bonus_cards_high_noon_has_thirteen():
    events, finals = deck_cards((HIGH_NOON,), bonus=False)
    assert len(events) == 12 and [e.id for e in finals] == ["high_noon"]


@given(st.integers(0, 2 ** 32), st.sampled_from(["high_noon", "fistful", "both"]),
       st.booleans())
def test_a_shuffled_pile_ends_with_a_final_card(seed, choice, bonus):
    decks = CHOICES[choice]
    pile = shuffled(decks, random.Random(seed), bonus)
    assert BY_ID[pile[-1]].final and not any(BY_ID[e].final for e in pile[:-1])
    assert len(set(pile)) == len(pile) and all(BY_ID[e].deck in decks for e in pile)
    if len(decks) == 1:          # one deck: every card of it (the rulebooks)
        assert len(pile) == len(deck_cards(decks, bonus)[0]) + 1
    else:                        # both: 12 events and one final card (docs/decisions.md)
        assert len(pile) == MIXED_SIZE + 1
