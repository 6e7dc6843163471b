"""The hub's views of a change (companion.hub.Hub.views): built once a change for each
table with sockets, whatever happens at other tables in between, so that a connect, a
first view or a resync at the state sent last rebuilds nothing (an event's offer is a
dry run of each of its choices, the distances a walk over every pair)."""
from __future__ import annotations

import collections
import gc

import engine

from helpers import NAMES, TableHelper

KEPT_A_MOVE = 225      # 7 seats, tracker mode: 214 (300 while Geometry's keys were tuples,
                       # 229 while it made new lists of distance modifiers that were equal)


def test_a_tables_views_are_built_once_a_change_whatever_other_tables_do(app, monkeypatch):
    hub = app.extensions["companion"].hub
    one, two = TableHelper(app), TableHelper(app)
    for helper in (one, two):
        for name in NAMES:
            helper.phone(name)
        helper.deal()
    built = []
    real = engine.all_views
    monkeypatch.setattr(engine, "all_views", lambda state, *a: built.append(state) or
                        real(state, *a))
    for helper in (one, two):        # a change at each table: each built once
        ack = helper.phones[NAMES[1]].emit("move", {"set": {"in_play": ["Mustang"]}},
                                           callback=True)
        assert ack == {"ok": True}, ack
    assert len(built) == 2
    tables = app.extensions["companion"].tables
    first = tables.get(one.id)
    with first.lock:                 # the first table again, after the second's change
        views = hub.views(first)
        hub.seat_view(first, first.lobby[0], "hu")
    assert len(built) == 2
    assert views[NAMES[1]]["me"]["distances"] is not None
    one.phones[NAMES[0]].emit("resync", {})
    assert len(built) == 2


def test_a_move_keeps_few_new_objects_for_the_garbage_collector(app):
    # what a table's last change keeps (its state, views, Geometry, the hub's snapshots
    # of each seat) lives until that table's next change: at 500 tables, some 500 moves
    # later, so every pass of the young generation walks all of it (docs/benchmarks.md,
    # "seventh pass"). Counted: the containers made by one move that are still there.
    from companion.hub import Conn
    hub, tables = app.extensions["companion"].hub, app.extensions["companion"].tables
    hub.socketio = type("Quiet", (), {"emit": lambda self, *a, **k: None})()
    table, _ = tables.create("base", "tracker")
    with table.lock:
        for name in NAMES:
            table.join(name)
        table.deal()
    for k, entry in enumerate(table.lobby):
        hub.attach(f"s{k}", Conn(table.id, entry["id"], entry["token"], True, "en",
                                 entry["name"]))
    cards = iter([["Mustang"], ["Barrel"], ["Mustang"]])
    move = lambda: hub.change(table, lambda: table.apply(NAMES[2], {"set": {"in_play":
                                                                           next(cards)}}))
    move()
    move()
    gc.collect()
    gc.freeze()                 # what is there now is not counted
    gc.disable()                # as a young pass finds them (no tuple untracked yet)
    try:
        move()
        kept = gc.get_objects()
    finally:
        gc.enable()
        gc.unfreeze()
    assert len(kept) <= KEPT_A_MOVE, collections.Counter(type(o).__name__ for o in kept)
