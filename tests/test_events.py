"""The event decks as a part (engine/rulesets/events/, issue 30): the deal's deck choice and
pile, what the views carry, and seeded random games with an event deck played to the end
with the invariants of tests/test_engine_random.py checked after every move (the rulings
themselves are the records tests/records/event-*.json)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import Refusal, apply, initial_state, public_view, view_for
from engine.playout import NAMES, candidates
from engine.record import load_record
from engine.rulesets.events.data import BY_ID, EVENTS, MIXED_SIZE
from engine.start import deal
from engine.rulesets.events.offers import OFFERS
from engine.rulesets.events.rules import ABILITIES
from helpers import any_event_move, bare, check_invariants, check_offers

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


def event_game(seed: int, ruleset: str = "base", max_moves: int = 3000, offers: bool = False,
               only: str | None = None):
    """A random game with an event deck: the playout's moves (the offers among them) and,
    now and then, any event move. With `offers`, after every move: each choice offered
    holds the engine's verdict, and an event move accepted was offered ok. `only`: the
    deck holds that one event, revealed as the second round begins and kept."""
    rng = random.Random(seed)
    n = rng.randint(4, 7)
    choice = rng.choice(["high_noon", "fistful", "both"])
    header = deal(NAMES[:n], seed=seed, ruleset=ruleset, parts=PART,
                  options={"events": choice})
    if only:
        header["event_deck"] = {"decks": ["high_noon", "fistful"], "pile": [only],
                                "current": None}
    state = initial_state(header)
    seen, used = set(), set()
    for _ in range(max_moves):
        if state.winner is not None:
            break
        ok = check_offers(state, rng) if offers else None
        moves = candidates(rng, state)
        if rng.random() < 0.2:
            moves.insert(0, any_event_move(rng, state))
        for move in moves:
            try:
                new, _ = apply(state, move)
            except Refusal:
                continue
            check_invariants(state, move, new)
            key = next(iter(move.get("ability") or {}), None)
            if key in ABILITIES:
                used.add(key)
                if ok is not None:
                    assert bare(move) in [bare(m) for m in ok], \
                        f"seed {seed}: {move} accepted, not offered ok"
            state = new
            if state.event:
                seen.add(state.event)
            break
        else:
            raise AssertionError(f"seed {seed}: no move accepted in {state.to_dict()}")
    return state, seen, used


@pytest.mark.parametrize("ruleset", ["base", "legends"])
def test_random_games_with_an_event_deck(ruleset):
    seen = set()
    for seed in range(40):
        state, events, _ = event_game(seed, ruleset)
        seen |= events
    assert len(seen) >= 20      # most events came out at least once


@pytest.mark.slow
@pytest.mark.long
def test_many_random_games_with_an_event_deck():
    seen = set()
    for seed in range(40, 400):
        state, events, _ = event_game(seed, "base" if seed % 3 else "legends")
        assert state.winner is not None, f"seed {seed} did not end"
        seen |= events
    assert seen == {e.id for e in EVENTS}


@pytest.mark.parametrize("ruleset", ["base", "legends"])
@pytest.mark.long
def test_the_offers_hold_the_engines_verdict_in_random_games(ruleset):
    """Every choice offered ok is accepted by apply, one offered refused is refused with
    its code, an event's move accepted was offered ok; the playouts make every event's
    move (they take them from the offers)."""
    used = set()
    for k, event in enumerate(sorted(OFFERS) + ["the_daltons"]):
        for seed in range(1000 + 10 * k, 1003 + 10 * k):    # until a game made its move
            _, _, keys = event_game(seed, ruleset, max_moves=300, offers=True, only=event)
            used |= keys
            if event in OFFERS and OFFERS[event].key in keys or "daltons" in keys:
                break
    assert used == set(ABILITIES), sorted(set(ABILITIES) - used)


def record_state(name: str, *moves):
    path = Path(__file__).resolve().parent / "records" / f"{name}.json"
    state = initial_state(load_record(json.loads(path.read_text(encoding="utf-8"))))
    for move in moves:
        state, _ = apply(state, move)
    return state


def test_the_daltons_question_is_answered_from_the_answer_sheet():
    """Each card in play of the seat asked is one answer, the move the phone sends; the
    other seats have nothing to answer and nothing offered."""
    state = record_state("event-the-daltons-discard-a-blue-card", {"by": "Dan", "end_turn": {}})
    rows = view_for(state, "Bob")["me"]["answers"]
    assert [(r["respond"], r["ability"], r["ok"]) for r in rows] == [
        (None, {"daltons": "Mustang"}, True), (None, {"daltons": "Barrel"}, True)]
    assert rows[0]["label"] == {"$t": "Mustang"} and not rows[0]["needs_check"]
    new, _ = apply(state, {"by": "Bob", "ability": rows[1]["ability"]})
    assert new.seats[1].in_play == ["Mustang"] and new.pending == []
    for other in ("Ann", "Cid", "Dan"):
        me = view_for(state, other)["me"]
        assert me["answers"] == [] and me["offers"] == []


def lucky_duke_table(event: str):
    """A table whose Sheriff, first to play, is Lucky Duke, with `event` in force."""
    header = deal(NAMES[:4], seed=2, parts=PART, options={"events": "fistful"})
    k = next(k for k, seat in enumerate(header["seats"]) if seat["role"] == "sheriff")
    header["seats"][k]["character"] = "Lucky Duke"
    header["event_deck"]["current"] = event
    state = initial_state(header)
    assert state.turn == k
    return state, header["seats"][k]["name"]


def test_a_peyote_call_turns_one_card_and_a_vendetta_draw_two_for_lucky_duke():
    """Peyote's card is a call, not a draw!: one card even for Lucky Duke, who turns two
    for his Vendetta draw! (the offer says how many the phone asks for)."""
    state, duke = lucky_duke_table("peyote")
    [offer] = view_for(state, duke)["me"]["offers"]
    assert offer["id"] == "peyote" and offer["check"] and offer["check_cards"] == 1
    assert [c["ok"] for c in offer["choices"]] == [True, True]
    apply(state, {**offer["choices"][0]["move"], "check": "8♥"})
    state, duke = lucky_duke_table("vendetta")
    state, _ = apply(state, {"by": duke, "draw": {}})
    [offer] = view_for(state, duke)["me"]["offers"]
    assert offer["id"] == "vendetta" and offer["check_cards"] == 2 and offer["choices"][0]["ok"]
    assert offer["ask"] is None and offer["choices"][0]["label"] == offer["label"]
    apply(state, {**offer["choices"][0]["move"], "check": ["8♥", "2♠"], "keep": "8♥"})
