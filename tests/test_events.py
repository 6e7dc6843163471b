"""The event decks as a part (engine/rulesets/events/, issue 30): the deal's deck choice and
pile, what the views carry, and seeded random games with an event deck played to the end
with the invariants of tests/test_engine_random.py checked after every move (the rulings
themselves are the records tests/records/event-*.json)."""
from __future__ import annotations

import random

import pytest

from engine import Refusal, apply, initial_state, public_view, view_for
from engine.cards import drawn
from engine.playout import NAMES, candidates
from engine.rulesets.events.data import BY_ID, EVENTS, MIXED_SIZE
from engine.start import deal
from helpers import check_invariants

PART = ["event_decks"]


def test_the_deal_shuffles_the_chosen_decks_into_the_header():
    for choice, size in (("high_noon", 15), ("fistful", 15), ("both", MIXED_SIZE + 1)):
        header = deal(NAMES[:4], seed=7, parts=PART, options={"events": choice})
        pile = header["event_deck"]["pile"]
        assert header["parts"] == PART and len(pile) == size and BY_ID[pile[-1]].final
    without = deal(NAMES[:4], seed=7, parts=PART,
                   options={"events": "high_noon", "event_bonus": False})
    assert len(without["event_deck"]["pile"]) == 13
    own = deal(NAMES[:4], seed=7, parts=PART, options={"event_cards": "table"})
    assert own["event_deck"]["pile"] is None


def test_star_wars_has_no_event_deck():
    with pytest.raises(Refusal):
        deal(NAMES[:4], seed=1, ruleset="starwars", parts=PART)
    deal(NAMES[:4], seed=1, ruleset="legends", parts=PART)


def test_the_views_carry_the_event_and_the_deck():
    header = deal(NAMES[:4], seed=3, parts=PART, options={"events": "fistful"})
    header["event_deck"]["current"] = "the_judge"
    state = initial_state(header)
    pub = public_view(state)
    assert pub["event"]["id"] == "the_judge" and pub["event"]["rule"] == "event.the_judge"
    assert pub["event_deck"] == {"decks": ["fistful"], "cards": "app", "left": 15,
                                 "next": header["event_deck"]["pile"][0]}
    me = view_for(state, "Ann")["me"]
    assert me["event_note"] == {"$t": BY_ID["the_judge"].yours}


def event_moves(rng: random.Random, state) -> list[dict]:
    """The moves the events allow, for whoever may act: random, often refused."""
    names = [s.name for s in state.seats]
    out = []
    for a in state.pending:
        seat = state.seats[a.seat]
        if a.kind == "daltons":
            out += [{"by": seat.name, "ability": {"daltons": c}} for c in seat.in_play]
    by = names[state.turn]
    target = rng.choice(names)
    out += [{"by": by, "ability": {"hard_liquor": True}},
            {"by": by, "ability": {"give_life": target}},
            {"by": by, "ability": {"ranch": rng.randint(1, 3)}},
            {"by": by, "ability": {"sniper": target}},
            {"by": by, "ability": {"ricochet": rng.choice(["Mustang", "Barrel", "Jail"])},
             "target": target},
            {"by": by, "ability": {"new_identity": rng.choice(["Slab the Killer", "Rose Doolan"])}},
            {"by": by, "ability": {"vendetta": True}, "check": drawn(rng)},
            {"by": by, "ability": {"peyote": rng.choice(["red", "black"])}, "check": drawn(rng)},
            {"by": by, "ability": {"handcuffs": "hearts"}}]
    rng.shuffle(out)
    return out


def event_game(seed: int, ruleset: str = "base", max_moves: int = 3000):
    rng = random.Random(seed)
    n = rng.randint(4, 7)
    choice = rng.choice(["high_noon", "fistful", "both"])
    header = deal(NAMES[:n], seed=seed, ruleset=ruleset, parts=PART,
                  options={"events": choice})
    state = initial_state(header)
    seen = set()
    for _ in range(max_moves):
        if state.winner is not None:
            break
        moves = candidates(rng, state)
        moves = event_moves(rng, state) + moves if rng.random() < 0.3 else moves + event_moves(rng, state)
        for move in moves:
            try:
                new, _ = apply(state, move)
            except Refusal:
                continue
            check_invariants(state, move, new)
            state = new
            if state.event:
                seen.add(state.event)
            break
        else:
            raise AssertionError(f"seed {seed}: no move accepted in {state.to_dict()}")
    return state, seen


@pytest.mark.parametrize("ruleset", ["base", "legends"])
def test_random_games_with_an_event_deck(ruleset):
    seen = set()
    for seed in range(40):
        state, events = event_game(seed, ruleset)
        seen |= events
    assert len(seen) >= 20      # most events came out at least once


@pytest.mark.slow
def test_many_random_games_with_an_event_deck():
    seen = set()
    for seed in range(40, 400):
        state, events = event_game(seed, "base" if seed % 3 else "legends")
        assert state.winner is not None, f"seed {seed} did not end"
        seen |= events
    assert seen == {e.id for e in EVENTS}
