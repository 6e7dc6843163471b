"""A ruleset with a new mechanic is data and reactions to the moments the core announces
(engine/moments.py), built from parts with no core change: the shapes of the 3-player game
(issue 29: a role mix for 3 is one data row) and of an event deck (issue 30: an event
that forbids Beer for a round is a reaction to the moments a Beer is played or answered
with, with its own refusal code), tried here on rulesets made in the test itself."""
from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest

from engine import RULESETS, Refusal, apply
from engine.dealing import deal, read_header
from engine.moments import ANSWER, MOMENTS, PLAYED, TURN_START, joined
from engine.say import msg, name
from helpers import KIT, a_record

BASE = RULESETS["base"]
# Ann, the Sheriff, at her play; Bob, an Outlaw, at 2 lives
TABLE = partial(a_record, characters=KIT, life=(4, 2, 4, 4), hand=(5, 4, 4, 4), turn="Ann")


def no_beer(ctx, i, card, *rest) -> None:
    """A Beer played in turn (PLAYED) or to answer a question (ANSWER) is refused."""
    if card.kind == "beer":
        raise Refusal("event_forbids", msg("No {card} this round.", card=name(card.name)),
                      "card.beer")


class NoBeerRound(type(BASE)):
    """The base game plus one event: no Beer, in turn or while dying."""
    name = "no_beer_round"
    codes = {"event_forbids": "The event in force forbids this move."}
    reactions = joined(BASE.reactions, {PLAYED: (no_beer,), ANSWER: (no_beer,)})


class ThreePlayers(type(BASE)):
    """The base game with a role mix for 3 (a data row)."""
    name = "three"
    data = replace(BASE.data,
                   role_mix={**BASE.data.role_mix, 3: ("deputy", "outlaw", "renegade")})


def state_of(rules, **more):
    return read_header(TABLE(**more), rules)


def test_an_event_that_forbids_beer_is_a_reaction():
    plain, event = state_of(BASE), state_of(NoBeerRound())
    after, _ = apply(plain, {"by": "Ann", "play": "Beer"})
    assert after.seats[0].life == 5
    with pytest.raises(Refusal) as refused:
        apply(event, {"by": "Ann", "play": "Beer"})
    assert refused.value.code == "event_forbids" and event.seats[0].life == 4
    shot, _ = apply(event, {"by": "Ann", "play": "BANG!", "target": "Bob"})
    hit, _ = apply(shot, {"by": "Bob", "respond": "take"})
    assert hit.seats[1].life == 1                   # every other card plays as before


def test_the_beer_while_dying_is_refused_too():
    event = state_of(NoBeerRound(), Bob={"life": 1})
    shot, _ = apply(event, {"by": "Ann", "play": "BANG!", "target": "Bob"})
    dying, _ = apply(shot, {"by": "Bob", "respond": "take"})
    assert [a.kind for a in dying.pending] == ["dying"]
    with pytest.raises(Refusal) as refused:
        apply(dying, {"by": "Bob", "respond": "Beer"})
    assert refused.value.code == "event_forbids"
    plain = state_of(BASE, Bob={"life": 1})
    shot, _ = apply(plain, {"by": "Ann", "play": "BANG!", "target": "Bob"})
    dying, _ = apply(shot, {"by": "Bob", "respond": "take"})
    saved, _ = apply(dying, {"by": "Bob", "respond": "Beer"})
    assert saved.seats[1].life == 1 and saved.seats[1].alive


def test_a_three_player_role_mix_is_a_data_row():
    names = ["Ann", "Bob", "Cid"]
    with pytest.raises(Refusal) as refused:
        deal(names, BASE, seed=1)
    assert "4 to 7" in refused.value.message
    header = deal(names, ThreePlayers(), seed=1)
    assert sorted(s["role"] for s in header["seats"]) == ["deputy", "outlaw", "renegade"]
    with pytest.raises(Refusal) as refused:
        deal(names[:2], ThreePlayers(), seed=1)
    assert "3 to 7" in refused.value.message


def test_a_refusal_code_of_a_ruleset_made_from_parts_is_its_own():
    """The event's code is documented by its ruleset only: the base game never uses it."""
    assert "event_forbids" not in BASE.codes


def test_reactions_join_in_order_and_only_to_known_moments():
    first, second = (lambda *a: None), (lambda *a: None)
    assert joined({TURN_START: (first,)}, {TURN_START: (second,)})[TURN_START] == (first, second)
    with pytest.raises(KeyError):
        joined({"round_begins": (first,)})
    assert len(set(MOMENTS)) == len(MOMENTS)


def test_turn_start_is_announced_with_the_new_turn():
    seen = []

    class Watched(type(BASE)):
        reactions = {TURN_START: (lambda ctx, i: seen.append(ctx.s.seats[i].name),)}
    state = state_of(Watched())
    after, _ = apply(state, {"by": "Ann", "end_turn": {}})
    assert seen == ["Bob"] and after.seats[after.turn].name == "Bob"
