"""The hub's views of a change (companion.hub.Hub.views): built once a change for each
table with sockets, whatever happens at other tables in between, so that a connect, a
first view or a resync at the state sent last rebuilds nothing (an event's offer is a
dry run of each of its choices, the distances a walk over every pair)."""
from __future__ import annotations

import engine

from helpers import NAMES, TableHelper


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
