#!/usr/bin/env python3
"""The app's part of a move, without sockets: the engine's move and its write, the
views, the patches and their words, in one process (no transport, no threads).

`--tables` tables (10 unless told) of 7 seats in tracker mode, each seat's phone
attached to the hub as taking patches in English; a move is bench/fanout.py's (a
Mustang or a Barrel put in play at a random seat of a random table, seeded), made
through `Hub.change` as a phone's is. The hub emits into a stand-in that only counts. Prints the CPU time a move, and its parts
(`apply`, `save`, `views`, `diff`, `word`, `emit`: the time inside each, measured with
process_time wrappers; `gc`: inside Python's cyclic garbage collector, over all of them):

    python bench/hub_moves.py [MOVES] [--tables N]     # default 1000 moves, 10 tables

To compare table counts, give each the same moves a table (200 at 10 tables, 1000 at
50, 10000 at 500): the tables then look alike whatever their number, and what a move
costs more at 500 is what the number of tables costs.

For a count the machine's load cannot move, run it under callgrind twice, with MOVES
and with 0, and divide the difference by MOVES (docs/benchmarks.md):

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python bench/hub_moves.py 200
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import companion.hub as hubmod  # noqa: E402
import companion.i18n as i18n  # noqa: E402
import companion.tables as tablesmod  # noqa: E402
from companion import create_app  # noqa: E402
from companion.hub import Conn  # noqa: E402

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]
CARDS = [["Mustang"], ["Barrel"]]
TIMES: dict[str, float] = {}
COLLECTING = 0.0        # when the garbage collection under way started


def timed(owner, attr: str, label: str) -> None:
    real = getattr(owner, attr)

    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            TIMES[label] = TIMES.get(label, 0.0) + time.process_time() - start
    setattr(owner, attr, wrapper)


def collecting(phase: str, info: dict) -> None:
    """gc.callbacks: the time inside each collection, added up as `gc`."""
    global COLLECTING
    if phase == "start":
        COLLECTING = time.process_time()
    else:
        TIMES["gc"] = TIMES.get("gc", 0.0) + time.process_time() - COLLECTING


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("moves", nargs="?", type=int, default=1000)
    ap.add_argument("--tables", type=int, default=10)
    args = ap.parse_args()
    moves, count = args.moves, args.tables
    for owner, attr, label in ((tablesmod.Table, "apply", "apply"),
                               (tablesmod.Table, "_save", "save"),
                               (hubmod.Hub, "views", "views"),
                               (hubmod.Hub, "_patch", "diff"),
                               (i18n.Wording, "__call__", "word"),
                               (hubmod.Hub, "_emit", "emit")):
        timed(owner, attr, label)
    data = tempfile.mkdtemp()
    app = create_app({"DATA_DIR": data, "TESTING": True, "RATE_LIMITS": False,
                      "TABLE_IDLE_HOURS": 0})
    parts = app.extensions["companion"]
    tables, hub = parts.tables, parts.hub
    hub.check = False
    hub.socketio = type("Counted", (), {"emit": lambda self, *a, **k: None})()
    gc.collect()
    gc.freeze()
    gc.callbacks.append(collecting)
    with app.test_request_context():
        made = []
        for t in range(count):
            table, _ = tables.create("base", "tracker")
            with table.lock:
                for name in NAMES:
                    table.join(name)
                table.deal()
            for k, entry in enumerate(table.lobby):
                hub.attach(f"s{t}.{k}", Conn(table.id, entry["id"], entry["token"], True,
                                             "en", entry["name"]))
            with table.lock:
                hub.broadcast(table)
            made.append(table)
        rng, toggles = random.Random(1), {}
        TIMES.clear()
        start = time.process_time()
        for _ in range(moves):
            t, s = rng.randrange(count), rng.randrange(7)
            toggles[t, s] = 1 - toggles.get((t, s), 0)
            table, name, cards = made[t], NAMES[s], CARDS[toggles[t, s]]
            hub.change(table, lambda: table.apply(name, {"set": {"in_play": cards}}),
                       look_first=False)
        spent = time.process_time() - start
    per = max(moves, 1)
    print(f"cpu_ms_per_move: {spent / per * 1000:.3f} ms  (" + ", ".join(
        f"{k} {v / per * 1000:.3f}" for k, v in TIMES.items()) + ")")


if __name__ == "__main__":
    main()
