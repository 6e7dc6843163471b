"""The exported record, the file that settles a dispute, is exactly what was played:
the log holds the move the engine read (never the dict a phone sent), the bookkeeping
(seq, time, undone) is the server's alone, and malformed or out-of-range values are
refused before they reach the log."""
from __future__ import annotations

import json

import pytest

import engine
from companion import create_app
from helpers import NAMES, TableHelper

MOVE_KEYS = {k for r in engine.RULESETS.values() for k in r.vocab.known} - engine.moves.IGNORED


def snapshot_of(table):
    t = table.tables().get(table.id)
    return (t.version, len(t.moves), t.state.to_dict())


def export(table) -> dict:
    r = table.http.get(f"/host/{table.id}/export.json")
    assert r.status_code == 200
    return json.loads(r.data)


def without_roles(state) -> dict:
    """A state as a dict, roles left out (a running game's export hides them)."""
    d = state.to_dict()
    d["seats"] = [{k: v for k, v in s.items() if k != "role"} for s in d["seats"]]
    return d


def assert_export_is_live(table) -> dict:
    """The export replays to the live state, and its moves are canonical."""
    t = table.tables().get(table.id)
    record = export(table)
    for m in record["moves"]:
        assert set(m) <= MOVE_KEYS, m
        assert m == engine.canonical(m, t.state.rules.vocab)
    assert without_roles(engine.replay(record)) == without_roles(t.state)
    full = engine.export_record(t.header, t.live_moves())   # as exported once it is over
    assert engine.replay(full).to_dict() == t.state.to_dict()
    for m in t.moves:                     # what storage holds is canonical too
        assert set(m["move"]) <= MOVE_KEYS
    return record


@pytest.mark.parametrize("extra", [{"undone": True}, {"seq": 1}, {"at": 0},
                                   {"undone": False, "seq": 99, "at": "yesterday"}])
def test_a_phone_cannot_send_bookkeeping(table, extra):
    table.seat(NAMES[:4])
    table.deal()
    before = snapshot_of(table)
    ack = table.emit("Bob", "move", {"set": {"life": 1}, **extra})
    assert ack["ok"] is False and ack["error"]["code"] == "bad_move", ack
    assert "server" in ack["error"]["message"]
    assert snapshot_of(table) == before
    assert_export_is_live(table)


@pytest.mark.parametrize("move", [{"end_turn": 7}, {"end_turn": []}, {"end_turn": None},
                                  {"end_turn": {"discard": [[1]]}},
                                  {"end_turn": {"discard": 0, "x": 1}},
                                  {"set": {"life": [[2]]}}, {"set": {"life": 2, "x": [[]]}},
                                  {"set": {"in_play": [["Mustang"]]}},
                                  {"set": {"in_play": ["x" * 61]}},
                                  {"set": {"in_play": ["Mustang"] * 25}},
                                  {"set": {"life": 2}, "target": [[["Ann"]]]},
                                  {"set": {"life": 2}, "shoot": 1},
                                  {"set": {"life": 2}, "card": "\x00"}])
def test_malformed_moves_are_refused(table, move):
    table.seat(NAMES[:4])
    table.deal()
    before = snapshot_of(table)
    ack = table.emit("Cid", "move", move)
    assert ack["ok"] is False and ack["error"]["code"] == "bad_move", (move, ack)
    assert snapshot_of(table) == before


@pytest.mark.parametrize("fields,code", [({"hand": 10 ** 30}, "bad_move"),
                                         ({"hand": 81}, "bad_correction"),
                                         ({"hand": -1}, "bad_correction"),
                                         ({"fame": 6}, "bad_correction"),
                                         ({"life": 10 ** 20}, "bad_move"),
                                         ({"hand": 2.5}, "bad_move"),
                                         ({"hand": True}, "bad_move")])
def test_out_of_range_corrections_are_refused(app, table, fields, code):
    if "fame" in fields:                  # fame is a field of Legends' seats only
        table = TableHelper(app, mode="tracker", ruleset="legends")
    table.seat(NAMES[:4])
    table.deal()
    before = snapshot_of(table)
    ack = table.emit("host", "host_move", {"set": {"seat": "Bob", **fields}})
    # a number too long for a message is refused when the message is read
    codes = (code, "bad_request") if code == "bad_move" else (code,)
    assert ack["ok"] is False and ack["error"]["code"] in codes, ack
    assert snapshot_of(table) == before
    assert table.emit("host", "host_move", {"set": {"seat": "Bob", "hand": 80}})["ok"]
    assert_export_is_live(table)


def test_export_replays_to_the_live_state_whatever_phones_sent(table):
    """Moves with keys a phone may not set (by, expect, then, note) or that are
    refused leave a log whose export replays to exactly the live game."""
    table.seat(NAMES[:4])
    table.deal()
    t = table.tables().get(table.id)
    sheriff = t.state.current.name
    others = [n for n in NAMES[:4] if n != sheriff]
    sent = [
        (others[0], {"set": {"life": 2}, "by": sheriff, "expect": {"illegal": True},
                     "then": {"life": {others[0]: 4}}, "note": "x"}),
        (others[1], {"set": {"life": 1}, "undone": True}),                      # refused
        (others[1], {"set": {"life": 2, "in_play": ["Mustang"]}, "note": "\ud800"}),
        (sheriff, {"end_turn": {}, "expect": "ok"}),
        (others[2], {"set": {"in_play": []}, "seq": 1}),                         # refused
        ("host", {"set": {"seat": others[2], "hand": 7}, "by": others[2]}),
    ]
    for who, move in sent:
        table.emit(who, "host_move" if who == "host" else "move", move)
    record = assert_export_is_live(table)
    assert [m["by"] for m in record["moves"]] == [others[0], others[1], sheriff, "host"]
    assert t.state.seats[t.state.index(others[1])].life == 2
    # undo, then export again: the undone move is simply not in the record
    assert table.emit("host", "undo")["ok"]
    record = assert_export_is_live(table)
    assert len(record["moves"]) == 3


def test_a_log_written_before_canonical_moves_exports_as_it_plays(tmp_path):
    """A stored move holding a client's own `undone` (as an older server kept it) is
    played on load; the export must then carry it without that key."""
    db = str(tmp_path / "old.sqlite3")
    app = create_app({"DATABASE": db, "TESTING": True})
    table = TableHelper(app)
    table.seat(NAMES[:4])
    table.deal()
    t = table.tables().get(table.id)
    victim = next(s.name for s in t.state.seats if s.name != t.state.current.name)
    assert table.emit(victim, "move", {"set": {"life": 1}})["ok"]
    storage = app.extensions["companion"].storage
    storage._db.execute("UPDATE moves SET move_json=? WHERE table_id=?",
                        (json.dumps({"by": victim, "set": {"life": 1}, "undone": True,
                                     "seq": 42, "at": 1}), table.id))
    storage.close()
    app2 = create_app({"DATABASE": db, "TESTING": True})
    try:
        t2 = app2.extensions["companion"].tables.get(table.id)
        assert t2.state.seats[t2.state.index(victim)].life == 1
        record = engine.export_record(t2.header, t2.live_moves())
        assert record["moves"] == [{"by": victim, "set": {"life": 1}}]
        assert engine.replay(record).to_dict() == t2.state.to_dict()
    finally:
        app2.extensions["companion"].storage.close()


def test_record_headers_are_bounded():
    header = engine.deal(NAMES[:4], seed=3)
    legends = engine.deal(NAMES[:4], seed=3, ruleset="legends")   # fame: a Legends seat's
    for key, value in [("hand", 81), ("hand", 10 ** 30), ("fame", 6), ("life", -100),
                       ("max_life", 100)]:
        bad = json.loads(json.dumps(legends if key == "fame" else header))
        bad["seats"][1][key] = value
        with pytest.raises(engine.RecordError):
            engine.initial_state(bad)
    bad = json.loads(json.dumps(header))
    bad["seats"][1]["name"] = "x" * 41
    with pytest.raises(engine.RecordError):
        engine.initial_state(bad)
