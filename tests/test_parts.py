"""A table's ruleset is composed at the deal from a base ruleset and parts (engine/parts.py):
a player-count game brings rows of the role mix and its own win and reward rules, an
event deck brings reactions; the header names the parts and a record reads them back.
Tried on toy parts made here (the real ones are issues 29 and 30), registered for one
test at a time."""
from __future__ import annotations

import json
from functools import partial

import pytest

import engine
from engine import RULESETS, RecordError, Refusal, apply, initial_state
from engine.moments import CHECK_CARD, ROUND_START, SETTLE, WON
from engine.parts import Part, composed
from engine.rulesets import PARTS_BY_NAME
from engine.start import _composed, compose, counted_parts, player_counts
from engine.say import N_, english, msg
from engine.start import deal
from helpers import KIT, a_record

BASE = RULESETS["base"]
TARGETS = {"deputy": "renegade", "renegade": "outlaw", "outlaw": "deputy"}


def final_hit(ctx, fallen, side):
    """The one who eliminates his own target wins; with one left, he does."""
    seats = ctx.s.seats
    for i, source, _ in fallen:
        if source is not None and source != i and TARGETS.get(seats[source].role) == seats[i].role:
            return seats[source].role
    living = [s for s in seats if s.alive]
    return living[0].role if len(living) == 1 else None


def three_cards(ctx, i, source, card):
    """Whoever eliminates another draws 3 cards, whatever the role."""
    if source is not None and source != i and ctx.s.seats[source].alive:
        ctx.gain(source, 3, msg("reward for an elimination"))
    return True


class Three(Part):
    name = "toy_three"
    title = N_("The 3-player game")
    rulesets = ("base",)
    role_mix = {3: ("deputy", "outlaw", "renegade")}
    data = {"sides": {"deputy": N_("The Deputy wins."), "outlaw": N_("The Outlaw wins."),
                      "renegade": N_("The Renegade wins.")},
            "side_roles": {"deputy": ("deputy",), "outlaw": ("outlaw",),
                           "renegade": ("renegade",)}}
    reactions = {WON: (final_hit,), SETTLE: (three_cards,)}


class Eight(Part):
    name = "toy_eight"
    rulesets = ("base", "legends")
    role_mix = {8: ("sheriff", "renegade", "renegade", "outlaw", "outlaw", "outlaw",
                    "deputy", "deputy")}


class Events(Part):
    """Every draw! is a heart; a round's start is counted in a field of the state, which
    the header's `toy_rounds` starts."""
    name = "toy_events"
    title = N_("Toy events")
    codes = {"toy_forbids": "A toy event forbids this move."}
    header_keys = ("toy_rounds",)
    expect_keys = ("toy_rounds",)
    reactions = {CHECK_CARD: (lambda ctx, i, card: (card[0], "H"),),
                 ROUND_START: (lambda ctx, i: ctx.s.toy_rounds.append(ctx.s.seats[i].name),)}

    def deal_extra(self, header, rng, rules):
        header["toy_rounds"] = []

    def read_extra(self, record, state, need):
        rounds = record.get("toy_rounds", [])
        need(isinstance(rounds, list), "toy_rounds", "a list")
        state.toy_rounds = list(rounds)

    def copy_fields(self, new):
        new.toy_rounds = list(new.toy_rounds)

    def fields_dict(self, state):
        return {"toy_rounds": list(state.toy_rounds)}

    def expect_value(self, state, key):
        return state.toy_rounds

    def public_fields(self, state):
        return {"toy_rounds": len(state.toy_rounds)}


@pytest.fixture(autouse=True)
def toys(monkeypatch):
    for name, part in list(PARTS_BY_NAME.items()):     # the real player-count games (issue
        if part.role_mix:                              # 29) step aside for the toys
            monkeypatch.delitem(PARTS_BY_NAME, name)
    for part in (Three(), Eight(), Events()):
        monkeypatch.setitem(PARTS_BY_NAME, part.name, part)
    _composed.cache_clear()
    yield
    _composed.cache_clear()


# Ann, the Sheriff, at her play; Bob, an Outlaw, at 2 lives
TABLE = partial(a_record, characters=KIT, life=(4, 2, 4, 4), hand=(5, 4, 4, 4), turn="Ann")


def test_a_table_without_parts_plays_the_registered_ruleset_itself():
    assert compose("base") is BASE and compose("legends", []) is RULESETS["legends"]
    assert "parts" not in deal(["Ann", "Bob", "Cid", "Dan"], seed=1)
    assert BASE.parts == ()


def test_the_deal_composes_the_player_count_part_and_the_header_names_it():
    names = ["Ann", "Bob", "Cid"]
    header = deal(names, seed=3)
    assert header["parts"] == ["toy_three"]
    assert sorted(s["role"] for s in header["seats"]) == ["deputy", "outlaw", "renegade"]
    state = initial_state(header)
    assert state.rules.parts == ("toy_three",) and state.rules.name == "base"
    assert state.rules is compose("base", ["toy_three"])     # one object per combination
    assert state.to_dict()["parts"] == ["toy_three"]
    assert engine.public_view(state)["parts"] == ["toy_three"]
    assert engine.rules_of(header) is state.rules
    eight = deal([f"P{k}" for k in range(8)], ruleset="legends", seed=3)
    assert eight["parts"] == ["toy_eight"] and eight["ruleset"] == "legends"
    assert sorted(s["role"] for s in eight["seats"]).count("renegade") == 2
    assert initial_state(eight).rules.name == "legends"


def test_how_many_players_is_the_composed_role_mix():
    assert player_counts("base") == (3, 4, 5, 6, 7, 8)
    assert player_counts("legends") == (4, 5, 6, 7, 8)
    assert player_counts("starwars") == (4, 5, 6, 7)
    assert counted_parts("base", 5) == () and counted_parts("base", 8) == ("toy_eight",)
    with pytest.raises(Refusal) as refused:
        deal(["Ann", "Bob", "Cid"], ruleset="starwars", seed=1)
    assert english(refused.value.message) == (
        "BANG! Star Wars is played by 4 to 7 players, not 3: its rulebook sets the game up "
        "for those counts only (the 3- and 8-player games are BANG!'s and BANG! Legends').")
    with pytest.raises(Refusal) as refused:
        deal([f"P{k}" for k in range(9)], seed=1)
    assert refused.value.message == "BANG! is played by 3 to 8 players, not 9."


def test_without_the_part_three_players_are_refused(monkeypatch):
    monkeypatch.delitem(PARTS_BY_NAME, "toy_three")
    monkeypatch.delitem(PARTS_BY_NAME, "toy_eight")
    with pytest.raises(Refusal) as refused:
        deal(["Ann", "Bob", "Cid"], seed=1)
    assert refused.value.message == "BANG! is played by 4 to 7 players, not 3."


def test_a_part_that_does_not_go_with_the_ruleset_is_refused():
    with pytest.raises(Refusal):
        deal(["A", "B", "C", "D"], ruleset="starwars", parts=["toy_three"], seed=1)
    with pytest.raises(Refusal):
        deal(["A", "B", "C", "D"], parts=["no_such_part"], seed=1)
    with pytest.raises(Refusal):
        deal(["A", "B", "C", "D"], parts=["toy_events", "toy_events"], seed=1)
    header = deal(["A", "B", "C", "D"], parts=["toy_events"], seed=1)
    for parts, where in ((["nope"], "parts"), ("toy_events", "parts"),
                         (["toy_three"], "parts")):
        with pytest.raises(RecordError) as bad:
            initial_state(dict(header, ruleset="starwars" if parts == ["toy_three"] else "base",
                               parts=parts))
        assert bad.value.where == where
    with pytest.raises(RecordError) as bad:      # a part's header key, at a table without it
        initial_state({k: v for k, v in header.items() if k != "parts"} | {"toy_rounds": [1]})
    assert bad.value.where == "toy_rounds"


def three(**more):
    """Ann the Deputy (Kit Carlson, 4 cards) at her play, Bob the Outlaw, Cid the Renegade."""
    return initial_state(a_record(parts=["toy_three"], roles=("deputy", "outlaw", "renegade"),
                                  characters=("Kit Carlson", "Jesse Jones", "Pedro Ramirez"),
                                  turn="Ann", Ann={"hand": 4}, **more))


def test_a_part_replaces_who_wins_the_deputy_hits_his_target():
    state = three(Cid={"life": 1})
    shot, _ = apply(state, {"by": "Ann", "play": "BANG!", "target": "Cid"})
    dying, _ = apply(shot, {"by": "Cid", "respond": "take"})
    out, _ = apply(dying, {"by": "Cid", "respond": "take"})     # no Beer: out
    assert out.winner == "deputy"
    assert english(engine.public_view(out)["winner"]["text"]) == "The Deputy wins."


def test_a_part_replaces_the_rewards_and_when_another_eliminates_the_target_play_goes_on():
    state = three(Bob={"life": 1})
    shot, _ = apply(state, {"by": "Ann", "play": "BANG!", "target": "Bob"})
    dying, _ = apply(shot, {"by": "Bob", "respond": "take"})
    out, _ = apply(dying, {"by": "Bob", "respond": "take"})
    assert out.winner is None                       # the Outlaw was the Renegade's target
    assert out.seats[0].hand == 3 + 3               # a kill draws 3, not the Outlaw reward's
    plain = initial_state(TABLE())
    assert plain.rules is BASE


def test_round_start_is_announced_when_the_turn_reaches_the_first_role_dealt():
    header = deal(["Ann", "Bob", "Cid", "Dan"], parts=["toy_events"], seed=5)
    assert header["parts"] == ["toy_events"] and header["toy_rounds"] == []
    state = initial_state(TABLE(parts=["toy_events"], Dan={"hand": 0}, turn="Cid",
                                toy_rounds=[]))
    after, _ = apply(state, {"by": "Cid", "end_turn": {}})
    assert after.toy_rounds == [] and after.seats[after.turn].name == "Dan"
    after, _ = apply(after, {"by": "Dan", "draw": {}})
    after, _ = apply(after, {"by": "Dan", "end_turn": {}})
    assert after.toy_rounds == ["Ann"] and state.toy_rounds == []    # copies keep their own
    assert engine.public_view(after)["toy_rounds"] == 1
    assert after.to_dict()["toy_rounds"] == ["Ann"]
    # a table without a Sheriff: the round opens with the Deputy (the next role dealt)
    state = initial_state(TABLE(parts=["toy_events"],
                                roles=("outlaw", "deputy", "outlaw", "renegade")))
    after, _ = apply(state, {"by": "Ann", "end_turn": {}})
    assert after.toy_rounds == ["Bob"]


def test_a_checks_card_passes_through_the_parts_reactions():
    record = TABLE(Cid={"in_play": ["Jail"]}, turn="Cid", phase="start")
    plain, _ = apply(initial_state(record), {"by": "Cid", "check": "A♠"})
    assert plain.seats[plain.turn].name == "Dan"             # a spade: stays in Jail
    blessed, _ = apply(initial_state(dict(record, parts=["toy_events"])),
                       {"by": "Cid", "check": "A♠"})
    assert blessed.seats[blessed.turn].name == "Cid"         # every draw! is a heart


def test_a_record_expects_a_parts_field_and_its_refusal_code_is_the_composed_rulesets():
    rules = compose("base", ["toy_events"])
    assert "toy_forbids" in rules.codes and "toy_forbids" not in BASE.codes
    assert "toy_rounds" in engine.record.check_keys(rules)
    record = TABLE(parts=["toy_events"], turn="Dan", toy_rounds=[],
                   moves=[{"by": "Dan", "end_turn": {}, "then": {"toy_rounds": ["Ann"]}}])
    passed, failed = engine.check_record(record)
    assert failed == [] and passed >= 1
    record["moves"][0]["then"] = {"toy_rounds": ["Bob"]}
    assert engine.check_record(record)[1]                   # a wrong one fails


def test_composition_joins_in_order_and_merges_dicts():
    rules = composed(BASE, (Three(), Events()))
    assert rules.parts == ("toy_three", "toy_events")
    assert rules.data.sides["deputy"] == "The Deputy wins." and rules.data.sides["sheriff"]
    assert set(rules.data.role_mix) == {3, 4, 5, 6, 7}
    assert rules.reactions[WON] == (final_hit,) and CHECK_CARD in rules.reactions
    assert type(rules).__mro__[1] is type(BASE)


def test_the_lobby_holds_as_many_players_as_the_composed_role_mix(app):
    """The eighth phone joins a table a part deals 8 for; the ninth is told the table is
    full; the host's lobby reads the counts; the deal names the part in the header."""
    from helpers import NAMES, TableHelper
    table = TableHelper(app, mode="tracker")
    for n in [*NAMES, "Hal"]:
        table.join(n)
    r = app.test_client().post(f"/t/{table.id}/join", json={"name": "Ivy"})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "table_full"
    table.deal()
    snap = table.last("host")
    assert snap["table"]["players"] == [3, 4, 5, 6, 7, 8]
    assert snap["view"]["parts"] == ["toy_eight"] and len(snap["view"]["seats"]) == 8
    assert table.tables().get(table.id).header["parts"] == ["toy_eight"]


class Crowd(Part):
    """A part a host chooses (no player-count part: it is not dealt by itself) whose role
    mix deals nine."""
    name = "toy_crowd"
    rulesets = ("base",)
    data = {"role_mix": {9: ("sheriff", "renegade", "outlaw", "outlaw", "outlaw", "outlaw",
                             "deputy", "deputy", "deputy")}}


CROWD = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
CHARACTERS = ["Kit Carlson", "Pedro Ramirez", "Jesse Jones", "Sid Ketchum", "Bart Cassidy",
              "Black Jack", "Calamity Janet", "El Gringo", "Jourdonnais"]


def crowd_record() -> str:
    roles = Crowd.data["role_mix"][9]
    return json.dumps(a_record(names=CROWD, roles=roles, characters=CHARACTERS, life=3, hand=4,
                               parts=["toy_crowd"], turn="Ann", phase="start"))


def test_a_tables_counts_follow_the_parts_a_host_may_choose_and_its_game_was_dealt_with(
        app, monkeypatch):
    """The lobby takes as many players as any part the host may still choose deals (an
    event deck comes with the deal's options), the deal refuses a count its chosen parts
    do not deal, and a dealt table's counts are those of its game's composed ruleset (the
    header's parts): the host's lobby, table_full and a new game read them."""
    from helpers import NAMES, TableHelper
    monkeypatch.setitem(PARTS_BY_NAME, "toy_crowd", Crowd())
    assert player_counts("base", ["toy_crowd"]) == (3, 4, 5, 6, 7, 8, 9)
    table = TableHelper(app, mode="tracker")
    for n in [*NAMES, "Hal", "Ivy"]:
        table.join(n)                                  # the ninth: toy_crowd deals nine
    r = app.test_client().post(f"/t/{table.id}/join", json={"name": "Joe"})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "table_full"
    assert table.tables().get(table.id).player_counts == (3, 4, 5, 6, 7, 8, 9)
    ack = table.host.emit("deal", {}, callback=True)   # no part chosen: not nine
    assert ack["ok"] is False and "not 9" in english(ack["error"]["message"]), ack
    tables = table.tables()
    crowd, _ = tables.create_from_record(crowd_record())
    assert crowd.header["parts"] == ["toy_crowd"]
    assert crowd.player_counts == (3, 4, 5, 6, 7, 8, 9)
    monkeypatch.delitem(PARTS_BY_NAME, "toy_crowd")    # a dealt base game without it
    _composed.cache_clear()
    plain, _ = tables.create_from_record(json.dumps(TABLE(turn=None, phase="start")))
    assert plain.player_counts == (3, 4, 5, 6, 7, 8)
