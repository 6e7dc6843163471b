"""The cost of a durable move: SQLite's `synchronous=FULL` (an fsync of the WAL at every
commit, so an acknowledged move survives a power cut) against `NORMAL` (it survives a
killed process only), on a real file. Prints `name: value unit` lines.

    python bench/durability.py [--moves 2000] [--dir DIR]

Three figures per setting, each the median of its runs:
- `bare_commit_*`: the baseline, one INSERT and COMMIT in plain sqlite3 (WAL, same
  pragma) with nothing of ours around it;
- `save_*`: `SqliteStorage.save` of one move (the table row's version and the move, in
  one transaction), what the server does before it acknowledges a move;
- `move_*`: a whole accepted move through a `Table` (engine, save, log lines), without
  the snapshots.
"""
from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.storage import SqliteStorage  # noqa: E402
from companion.tables import Tables  # noqa: E402


def bare(path: str, sync: str, n: int) -> list[float]:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={sync}")
    db.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
    out = []
    payload = json.dumps({"by": "Ann", "set": {"life": 3}})
    for k in range(n):
        t0 = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t VALUES (?, ?)", (k, payload))
        db.execute("COMMIT")
        out.append(time.perf_counter() - t0)
    db.close()
    return out


def saves(path: str, sync: str, n: int) -> list[float]:
    st = SqliteStorage(path, sync)
    row = {"id": "t1", "host_hash": "h", "status": "playing", "ruleset": "base",
           "mode": "tracker", "lobby": [], "game": 1, "header": {"seats": []},
           "version": 1, "created_at": 0.0}
    st.save(row)
    out = []
    for k in range(n):
        row = dict(row, version=row["version"] + 1)
        move = {"seq": k + 1, "at": time.time(), "move": {"by": "Ann", "set": {"life": 3}}}
        t0 = time.perf_counter()
        st.save(row, move=move)
        out.append(time.perf_counter() - t0)
    st.close()
    return out


def moves(path: str, sync: str, n: int) -> list[float]:
    st = SqliteStorage(path, sync)
    tables = Tables(st)
    table, _ = tables.create("base", "tracker")
    with table.lock:
        for name in ("Ann", "Bob", "Cid", "Dan"):
            table.join(name)
        table.deal()
    out = []
    with table.lock:
        for k in range(n):
            who = table.state.seats[k % 4]
            if not who.alive:
                continue
            value = [] if k % 2 else ["Barrel"]
            t0 = time.perf_counter()
            table.apply(who.name, {"set": {"in_play": value}})
            out.append(time.perf_counter() - t0)
    st.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dir", default=None, help="where the files go (default: a temp dir "
                    "next to the data, under the current directory)")
    args = ap.parse_args()
    base = args.dir or tempfile.mkdtemp(prefix="bench-durability-", dir=".")
    results: dict[str, list[float]] = {}
    for run in range(args.runs):
        for kind, fn in (("bare_commit", bare), ("save", saves), ("move", moves)):
            for sync in ("NORMAL", "FULL"):
                path = os.path.join(base, f"{kind}-{sync}-{run}.sqlite3")
                times = fn(path, sync, args.moves)
                key = f"{kind}_{sync.lower()}"
                results.setdefault(key + "_p50_ms", []).append(
                    statistics.median(times) * 1000)
                results.setdefault(key + "_p99_ms", []).append(
                    statistics.quantiles(times, n=100)[98] * 1000)
    for key, values in results.items():
        print(f"{key}: {statistics.median(values):.3f} ms")
    for kind in ("bare_commit", "save", "move"):
        full = statistics.median(results[f"{kind}_full_p50_ms"])
        normal = statistics.median(results[f"{kind}_normal_p50_ms"])
        print(f"{kind}_full_over_normal: {full / normal:.2f} x")
    print(f"save_full_over_bare_full: "
          f"{statistics.median(results['save_full_p50_ms']) / statistics.median(results['bare_commit_full_p50_ms']):.2f} x")
    if not args.dir:
        for f in Path(base).iterdir():
            f.unlink()
        Path(base).rmdir()


if __name__ == "__main__":
    main()
