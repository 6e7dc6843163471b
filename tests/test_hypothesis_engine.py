"""A Hypothesis state machine over the engine: random tables (every ruleset the engine
lists, both modes, 3 to 8 seats, with or without the event decks, often with an event
in force from the start), then random moves, legal or not (the playout's plausible
moves, the offers of the event in force among them, any JSON in a move's place, any
event's move, host corrections with any values), with the invariants checked after
every step: among them, each choice a phone is offered holds the engine's verdict, and
an event's move accepted was offered."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import engine
from engine.moves import ACTIONS, OPTIONS
from engine.rulesets.events import PART as EVENTS
from engine.rulesets.events.data import BY_ID
from engine.rulesets.events.offers import OFFERS
from engine.say import english, is_message
from engine.playout import NAMES, candidates
from engine.table import deck_size, winner_now
from helpers import any_event_move, bare, check_offers

pytestmark = pytest.mark.slow      # each test here: `make test-quick` leaves them out

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 6, 10 ** 6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
words = st.sampled_from(["BANG!", "Missed!", "Beer", "Barrel", "Mustang", "hand", "take",
                         "discard", "8♠", "K♥", "10h", "Jail", "Dynamite", "Gatling",
                         "pass", "fail", "Wilhelm Scream", "host", "", "Zed"])


class EngineMachine(RuleBasedStateMachine):
    """The state is a table; `moves` the accepted moves, canonical, in order."""

    @initialize(ruleset=st.sampled_from(sorted(engine.RULESETS)),
                mode=st.sampled_from(["referee", "tracker"]),
                players=st.integers(3, 8), seed=st.integers(0, 2 ** 32),
                events=st.sampled_from(["moves", "any", "deck", None]))
    def deal(self, ruleset, mode, players, seed, events):
        if players not in engine.player_counts(ruleset):     # Star Wars: 4 to 7
            players = 4 + players % 4
        self.rng = random.Random(seed)
        parts = ["event_decks"] if events and EVENTS.goes_with(ruleset) else []
        self.header = engine.deal(NAMES[:players], ruleset=ruleset, seed=seed, mode=mode,
                                  parts=parts)
        if parts and events != "deck":       # an event in force from the first turn: one
            self.header["event_deck"]["current"] = self.rng.choice(    # with moves, or any
                sorted(OFFERS) + ["the_daltons"] if events == "moves" else sorted(BY_ID))
        self.state = engine.initial_state(self.header)
        self.moves: list[dict] = []

    def _try(self, move) -> None:
        before = self.state.to_dict()
        try:
            new, events = engine.apply(self.state, move)
        except engine.Refusal as e:
            assert e.code in engine.CODES and isinstance(e.message, str) and e.message
            assert self.state.to_dict() == before, "a refused move changed the state"
            return
        assert self.state.to_dict() == before, "apply changed the state it was given"
        assert all(is_message(ev.get("text")) and english(ev["text"]) for ev in events)
        canonical = engine.canonical(move, self.state.rules.vocab)   # its table's words
        assert engine.apply(self.state, canonical)[0].to_dict() == new.to_dict(), \
            "the canonical move plays differently from the move sent"
        self.state = new
        self.moves.append(canonical)

    @rule(pick=st.integers(0, 30))
    def plausible_move(self, pick):
        if self.state.winner is not None:
            return
        moves = candidates(self.rng, self.state)
        if moves:
            self._try(moves[pick % len(moves)])

    @rule(by=st.integers(0, 8), action=st.sampled_from(ACTIONS), arg=json_values | words,
          opts=st.dictionaries(st.sampled_from(OPTIONS), json_values | words, max_size=3),
          extra=st.dictionaries(st.text(max_size=6), json_values, max_size=2))
    def any_move(self, by, action, arg, opts, extra):
        names = [s.name for s in self.state.seats] + ["host", "Zed"]
        move = {**extra, **opts, "by": names[by % len(names)], action: arg}
        self._try(move)

    @rule(offered=st.booleans())
    def event_move(self, offered):
        """A move a phone is offered (each is accepted), or any event's move by any seat
        (accepted only if a phone was offered it)."""
        if self.state.winner is not None or "event_decks" not in self.state.rules.parts:
            return
        ok = check_offers(self.state, self.rng)
        move = self.rng.choice(ok) if offered and ok else any_event_move(self.rng, self.state)
        before = len(self.moves)
        self._try(move)
        if len(self.moves) > before:
            assert bare(move) in [bare(m) for m in ok], f"{move} was accepted, not offered"

    @rule(seat=st.integers(0, 7), field=st.sampled_from(["life", "hand", "fame", "in_play",
                                                          "turn", "range"]),
          value=json_values | st.integers(-5, 200) | st.lists(words, max_size=3))
    def host_correction(self, seat, field, value):
        names = [s.name for s in self.state.seats]
        fields = {"seat": names[seat % len(names)], field: value}
        if field == "turn":
            fields = {"turn": names[seat % len(names)]}
        self._try({"by": "host", "set": fields})

    @invariant()
    def counts_stay_in_bounds(self):
        s = self.state
        for seat in s.seats:
            assert seat.life <= seat.max_life
            assert 0 <= seat.hand <= deck_size(s), f"{seat.name}'s hand is {seat.hand}"
            if not seat.alive:
                assert seat.hand == 0 and seat.in_play == []
            if s.rules.data.features.get("fame"):     # a field only Legends' seats have
                assert 0 <= seat.fame <= 5
        for a in s.pending:
            assert s.seats[a.seat].alive, "a question is put to an eliminated player"
        if s.winner is None:
            assert s.seats[s.turn].alive
            assert winner_now(s) is None
        else:
            assert s.pending == []

    @invariant()
    def views_show_no_other_secret_role(self):
        s = self.state
        if s.winner is not None:
            return
        leader = engine.rules_of(s).data.leader
        hidden = {x.name for x in s.seats if x.alive and x.role != leader}
        if "three_players" in s.rules.parts:        # the 3-player game: every role face up
            hidden = set()
        public = engine.public_view(s)
        for seat in public["seats"]:
            if seat["name"] in hidden:
                assert seat.get("role") is None, f"{seat['name']}'s role is public"
        for me in s.seats:
            view = engine.view_for(s, me.name)
            for seat in view["seats"]:
                if seat["name"] in hidden and seat["name"] != me.name:
                    assert seat.get("role") is None, f"{me.name} sees {seat['name']}'s role"

    @invariant()
    def the_offers_hold_the_engines_verdict(self):
        if "event_decks" in self.state.rules.parts:
            check_offers(self.state, self.rng)

    @invariant()
    def the_log_replays_to_the_state(self):
        if len(self.moves) % 7 == 0:        # every few steps: a replay costs the whole log
            record = {**self.header, "moves": self.moves}
            assert engine.replay(record).to_dict() == self.state.to_dict()


EngineMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_engine_state_machine = pytest.mark.long(EngineMachine.TestCase)
