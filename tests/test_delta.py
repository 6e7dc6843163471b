"""Patches (companion/delta.py, docs/protocol.md): a phone that applies every patch it
receives holds exactly the full snapshot the server would send it.

Pure properties over open-ended JSON first (Hypothesis), then whole random games played
through the server's sockets, with phones taking patches beside phones taking full
snapshots, reconnects and lost messages on the way.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine.playout import candidates
from companion import delta

from helpers import NAMES, Pair, TableHelper, text

# Background threads left by the server tests (Socket.IO clients) draw from the global
# `random`; Hypothesis notices and warns, which this suite turns into errors.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")


KEYS = st.sampled_from(["a", "b", "c", "life", "log", "seq", "1", "é"])
SCALARS = (st.none() | st.booleans() | st.integers(-3, 3)
           | st.sampled_from([0.5, 1.0, -2.0]) | st.sampled_from(["", "x", "BANG!", "♥"]))
JSON = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=5)
                    | st.dictionaries(KEYS, kids, max_size=5), max_leaves=25)


@pytest.mark.slow
@pytest.mark.long
@settings(max_examples=600, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_any_value_into_any_other(old, new):
    patch = delta.diff(old, new)
    before = text(old)
    assert text(delta.apply(old, patch)) == text(new)
    assert text(old) == before                       # apply works on a copy
    assert text(delta.apply(old, json.loads(text(patch)))) == text(new)   # as sent
    assert (patch is None) == (text(old) == text(new))


NOT_ONE = st.recursive(st.none() | st.integers(-3, 3) | st.sampled_from(["", "x", "♥"]),
                       lambda kids: st.lists(kids, max_size=4)
                       | st.dictionaries(KEYS, kids, max_size=4), max_leaves=15)
BASE = st.dictionaries(KEYS, NOT_ONE, max_size=5)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(BASE, BASE, NOT_ONE, NOT_ONE, NOT_ONE, NOT_ONE), min_size=1,
                max_size=3), st.booleans())
def test_a_patch_of_dicts_built_on_shared_parts_is_the_patch_of_the_dicts(seats, you_in):
    # the hub's seat snapshots: {"table": {**facts, "you": own}, "view": {**public, "me":
    # own}, "log": …}, each change's facts and public part shared by every seat; the
    # patch worked out on the shared parts once is diff()'s (no True, no 1.0: diff's
    # quick comparison takes them for 1, for every dict alike)
    old_facts, new_facts = seats[0][0], seats[0][1]
    if you_in:
        old_facts, new_facts = dict(old_facts, you=None), dict(new_facts, you=None)
    old_pub, new_pub = {k: v for k, v in old_facts.items() if k != "you"}, dict(new_facts)
    new_pub.pop("you", None)
    memo: dict = {}
    for _, _, you0, you1, me0, me1 in seats:
        old = {"table": {**old_facts, "you": you0}, "view": {**old_pub, "me": me0}, "log": 1}
        new = {"table": {**new_facts, "you": you1}, "view": {**new_pub, "me": me1}, "log": 2}
        patch = delta.diff_built(old, new, {"table": (old_facts, "you"),
                                            "view": (old_pub, "me")},
                                 {"table": (new_facts, "you"), "view": (new_pub, "me")}, memo)
        assert patch == delta.diff(old, new)
        assert text(delta.apply(json.loads(text(old)), patch)) == text(new)   # as sent


@pytest.mark.slow
@pytest.mark.long
@settings(max_examples=300, deadline=None)
@given(st.lists(JSON, max_size=12), st.integers(0, 12), st.lists(JSON, max_size=4))
def test_a_sliding_window_travels_as_a_slide(window, k, more):
    new = window[k:] + more
    patch = delta.diff(window, new)
    assert text(delta.apply(window, patch)) == text(new)
    if 0 < k < len(window) and text(new) != text(window):
        assert isinstance(patch, list) and len(patch) == 2    # a slide, not the list


def test_one_change_is_one_small_operation():
    old = {"seq": 1, "view": {"seats": [{"life": 4}, {"life": 3}]}, "log": ["a", "b"]}
    new = {"seq": 2, "view": {"seats": [{"life": 4}, {"life": 2}]}, "log": ["b", "c"]}
    assert delta.diff(old, new) == {"seq": [2], "view": {"seats": {"1": {"life": [2]}}},
                                    "log": [1, ["c"]]}
    assert delta.diff({"a": 1}, {"a": True}) == {"a": [True]}
    assert delta.diff({"a": 1, "b": 2}, {"b": 2, "a": 1}) == [{"b": 2, "a": 1}]
    assert delta.diff({"a": 1, "b": 2}, {"b": 2}) == {"a": []}


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.dictionaries(KEYS, JSON, max_size=4), st.dictionaries(st.sampled_from(NAMES[:4]),
       st.booleans(), max_size=4), st.booleans())
def test_presence_comes_out_and_goes_back(rest, presence, lobby):
    table = {"id": "t", **({"lobby": [{"id": f"i{n}", "name": n} for n in presence]}
                           if lobby else {})}
    full = delta.compose({"seq": 1, "table": table, **{k: v for k, v in rest.items()
                                                         if k not in ("seq", "table")}},
                         presence)
    core, found = delta.strip(full)
    assert found == presence
    assert text(delta.compose(core, found)) == text(full)


# -- through the server ------------------------------------------------------------------
def play(seed: int, mode: str = "tracker", moves: int = 400) -> dict:
    from companion import create_app
    app = create_app({"DATABASE": ":memory:", "TESTING": True})
    rng = random.Random(seed)
    helper = TableHelper(app, mode=mode)
    names = NAMES[:rng.choice([4, 5, 6, 7])]
    for n in names:
        helper.join(n)
    pairs = [Pair(helper, n) for n in names] + [Pair(helper, None)]
    helper.deal()
    table = helper.tables().get(helper.id)
    sizes = {"full": 0, "patch": 0}
    played = 0
    for step in range(moves * 6):                # bounded: tries, not moves
        if played >= moves or table.state is None or table.state.winner:
            break
        for p in pairs:
            p.check(rng, drop=0.05)
        if rng.random() < 0.03:
            rng.choice(pairs).reconnect()        # a phone that went away and came back
        move = rng.choice(candidates(rng, table.state))
        by = move.pop("by")
        phone = next(p for p in pairs if p.name == by)
        ack = phone.full.emit("move", move, callback=True)
        if ack.get("ok"):
            played += 1
    for p in pairs:
        p.check(rng)
        sizes["full"] += len(text(p.full_snap))
    # every patch, applied to the JSON sent before, gave the new snapshot's JSON
    assert app.extensions["companion"].hub.check
    assert app.extensions["companion"].hub.missed == 0
    app.extensions["companion"].storage.close()
    return {"played": played, "winner": table.state.winner}


@pytest.mark.slow
@pytest.mark.long
def test_patched_phones_rebuild_every_snapshot_over_whole_random_games():
    # whole games until 250 moves are played: how long a game lasts depends on its deal,
    # whose seed is the server's own (four games once played 199 moves, failing "> 200")
    total = seed = 0
    while total < 250 and seed < 16:
        total += play(seed, "referee" if seed % 2 else "tracker")["played"]
        seed += 1
    assert total >= 250, (total, seed)


def test_a_patch_is_much_smaller_than_the_snapshot():
    from companion import create_app
    app = create_app({"DATABASE": ":memory:", "TESTING": True})
    helper = TableHelper(app)
    for n in NAMES:
        helper.join(n)
    pairs = [Pair(helper, n) for n in NAMES]
    helper.deal()
    rng = random.Random(1)
    for p in pairs:
        p.check(rng)
        p.patched.get_received()
    ack = pairs[1].full.emit("move", {"set": {"in_play": ["Mustang"]}}, callback=True)
    assert ack == {"ok": True}
    for p in pairs:
        msgs = [m["args"][0] for m in p.patched.get_received() if m["name"] == "snapshot"]
        assert len(msgs) == 1 and "patch" in msgs[0]
        p.follower.receive(msgs[0])
        full = [m["args"][0] for m in p.full.get_received() if m["name"] == "snapshot"][-1]
        assert text(p.follower.snapshot()) == text(full)
        # a distance's reason is a message with its parts as arguments (issue 10): the phone
        # of the seat that put a Mustang in play gets every other seat's new reason (0.39
        # of its snapshot; the others about 0.14)
        assert len(text(msgs[0])) * 2 < len(text(full)), (len(text(msgs[0])), len(text(full)))
    app.extensions["companion"].storage.close()


class Recording:
    """A stand-in for the Socket.IO server: keeps what the hub emits."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict]] = []

    def emit(self, event, data, to=None):
        self.sent.append((to, data))


def test_the_hub_sends_a_full_snapshot_where_a_quick_comparison_hides_a_change():
    # the check runs where the hub is made with `check` (every test's app: TESTING),
    # not on every move of a real server
    from companion.hub import Hub
    io = Recording()
    hub = Hub(io, check=True)
    snap = lambda seq, v: {"seq": seq, "table": {"id": "t"}, "view": {"a": v, "b": "x" * 200}}
    send = lambda seq, core, presence: hub._send(None, "r", {"en": (0, 1)}, seq, presence,
                                                 lambda obj, lang, reader: obj,
                                                 lambda: core)
    send(1, snap(1, 0), {"Ann": True})
    send(2, snap(2, 1), {"Ann": True})
    send(3, snap(3, True), {"Ann": True})     # True == 1 in Python
    send(3, snap(3, True), {"Ann": False})    # presence alone
    send(3, snap(3, True), {"Ann": False})    # nothing new: nothing sent
    kinds = [("patch" in m, "view" in m, "presence" in m) for _, m in io.sent]
    assert kinds == [(False, True, False), (True, False, False), (False, True, False),
                     (False, False, True)]
    assert io.sent[1][1]["patch"] == {"view": {"a": [1]}}
    assert hub.missed == 1
    assert io.sent[2][1]["view"]["a"] is True
    f = delta.Follower()
    for _, m in io.sent:
        f.receive(m)
    assert text(f.snapshot()) == text(delta.compose(snap(3, True), {"Ann": False}))


def test_a_new_game_gets_a_full_snapshot_and_a_change_within_a_game_a_patch():
    # the hub does not encode a patch to weigh it against the snapshot: at a new game (the
    # table's `game` changed) a room gets the full snapshot, within a game the patch
    from companion.hub import Hub
    io = Recording()
    hub = Hub(io, check=True)
    snap = lambda seq, game, v: {"seq": seq, "table": {"id": "t", "game": game},
                                 "view": {"a": v}}
    for seq, game, v in ((1, 1, "x"), (2, 1, "y" * 5000), (3, 2, "y" * 5000)):
        hub._send(None, "r", {"en": (0, 1)}, seq, {}, lambda obj, lang, reader: obj,
                  lambda: snap(seq, game, v))
    assert [("patch" in m, "view" in m) for _, m in io.sent] == [
        (False, True), (True, False), (False, True)]
    assert hub.missed == 0


def test_a_message_is_replaced_whole_so_that_a_patch_is_worded_as_a_snapshot_is():
    # the hub works the patch out before the words (once for every language of a seat)
    # and words only the patch: a patch inside a message would patch a sentence
    old = {"why": {"$t": "{n} seats apart", "n": 2}, "seats": [{"$t": "Bang!"}], "x": 1}
    new = {"why": {"$t": "{n} seats apart", "n": 3}, "seats": [{"$t": "Missed!"}], "x": 1}
    assert delta.diff(old, new) == {"why": [new["why"]], "seats": {"0": [{"$t": "Missed!"}]}}
    assert delta.diff(old, new, strict=False) == delta.diff(old, new)


@pytest.mark.parametrize("lang", ["en", "hu", "ru"])
def test_the_hubs_worded_patches_rebuild_the_worded_snapshot(lang):
    from companion import i18n
    from companion.hub import Hub, Wording
    io = Recording()
    hub = Hub(io, check=True)
    snap = lambda seq, n, card: {"seq": seq, "table": {"id": "t"}, "view": {
        "why": {"$t": "{n} seats apart", "n": n}, "cards": [{"$t": card}], "b": "x" * 200}}
    cores = [snap(1, 2, "Bang!"), snap(2, 3, "Bang!"), snap(3, 3, "Missed!")]
    for core in cores:
        hub._send(None, "r", {lang: (0, 1)}, core["seq"], {"Ann": True}, Wording(),
                  lambda: core, reader="Ann")
    assert ["patch" in m for _, m in io.sent] == [False, True, True]
    f = delta.Follower()
    for _, m in io.sent:
        f.receive(m)
    assert text(f.snapshot()) == text(delta.compose(i18n.localize(cores[-1], lang, "Ann"),
                                                    {"Ann": True}))
    assert hub.missed == 0
