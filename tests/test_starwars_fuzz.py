"""Property-based: whatever a phone sends in a Star Wars move (Destiny keys, order, discards,
ranges, checks, Tempered's repeat), the engine either plays it or refuses it with a code,
and a refusal leaves the state as it was."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Refusal, apply, initial_state
from engine.rulesets.starwars.data import DESTINY, SW_CARDS
from engine.say import english, is_message
from helpers import a_record

SEATS = ["Ann", "Bob", "Cid", "Dan"]
CARDS = [c.name for c in SW_CARDS] + ["Cover", "Lucky", "take", "nope"]
EFFECTS = sorted({k for e in DESTINY.values() for k in e}) + ["", "heal"]
text = st.one_of(st.sampled_from(SEATS + CARDS + ["hand", "pass", "fail", "card", "destiny"]),
                 st.text(max_size=8))
value = st.one_of(text, st.integers(-3, 12), st.booleans(), st.none(),
                  st.dictionaries(st.sampled_from(SEATS + ["Zed"]), text, max_size=3),
                  st.lists(text, max_size=3))


def table(life: int, hand: int, phase: str):
    return initial_state(a_record(
        "starwars", characters=("Tempered", "Lucky", "Stubborn", "Accurate"), phase=phase,
        Ann={"life": min(life, 5), "hand": hand, "in_play": ["Trash Compactor", "A New Hope"]},
        Bob={"life": 2, "in_play": ["Cover", "DLT-19"], "ranges": {"DLT-19": 2}},
        Cid={"energy": 3}, Dan={"life": 1, "hand": 0}))


moves = st.fixed_dictionaries(
    {"by": st.sampled_from(SEATS)},
    optional={"target": value, "card": value, "as": value, "destiny": st.one_of(
        st.sampled_from(EFFECTS), value), "first": value, "other": value,
        "discards": value, "range": value, "check": value})


# Background threads left by the server tests (Socket.IO clients) draw from the global
# `random`; Hypothesis notices and warns, which this suite turns into errors.
@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")
@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(life=st.integers(1, 5), hand=st.integers(0, 6), phase=st.sampled_from(["start", "play"]),
       action=st.sampled_from(["play", "respond", "check", "ability"]), arg=value, extra=moves,
       second=moves)
def test_any_star_wars_move_is_played_or_refused_cleanly(life, hand, phase, action, arg,
                                                         extra, second):
    state = table(life, hand, phase)
    for move in ({**extra, action: arg}, {**second, "play": "BANG!", "target": "Bob"},
                 {**extra, "respond": arg if isinstance(arg, str) else "Missed!"}):
        if action == "ability" and "ability" in move and not isinstance(move["ability"], dict):
            move["ability"] = {"repeat": move["ability"]}
        before = state.to_dict()
        try:
            state, events = apply(state, move)
        except Refusal as e:
            assert e.code and e.message and e.rule and is_message(e.say)
            assert state.to_dict() == before
            continue
        # every event is a message (or, until every part is converted, a sentence)
        assert all((is_message(ev["text"]) or isinstance(ev["text"], str)) and english(ev["text"])
                   for ev in events)
        for s in state.seats:
            assert s.life <= s.max_life and s.hand >= 0
