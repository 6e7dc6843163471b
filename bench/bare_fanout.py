#!/usr/bin/env python3
"""The bare stack's fan-out: the limit of Flask + Flask-SocketIO on this machine.

The baseline every fan-out figure of the companion is divided by. Its server is the
stack with nothing of ours: Flask-SocketIO in threading mode on Werkzeug with
simple-websocket, the same versions the companion pins, no engine, no storage. A
"table" is a Socket.IO room of 7 python-socketio clients; a move is one client's 1 KB
`move` event, answered by one 2 KB `state` message to the whole room; its latency runs
from just before the emit until the last of the 7 clients holds the answer (all clocks
in this one client process). Moves go to random tables at a steady open-loop rate.

Run on its own it starts its server as a subprocess of this same file on a free
127.0.0.1 port, and prints `name: value unit` lines:

    python bench/bare_fanout.py [--tables 50] [--rate 20] [--duration 20]

bench/fanout.py runs it in the same invocation as the companion's benchmark (same
clients, table count, rate and duration) and prints the ratios.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import (cpu_s, free_port, in_parallel, pace, pct, rss_mb, settle,  # noqa: E402
                     stop, threads, wait_port)

PLAYERS = 7
STATE_BYTES = 2048
MOVE_BYTES = 1024


def padded(obj: dict, size: int) -> dict:
    """`obj` with a `pad` string that brings its compact JSON to `size` bytes."""
    obj["pad"] = ""
    obj["pad"] = "x" * max(0, size - len(json.dumps(obj, separators=(",", ":"))))
    return obj


def table_state(t: int) -> dict:
    """A 2 KB game state: seven seats of public facts, the kind of thing a table shows."""
    seats = [{"seat": i, "name": f"seat {t}.{i}", "character": "Calamity Janet", "life": 4,
              "max_life": 4, "hand": 5, "in_play": ["Barrel"], "turn": i == 0}
             for i in range(PLAYERS)]
    return padded({"table": t, "seq": 0, "move": -1, "turn": 0, "last": None,
                   "seats": seats}, STATE_BYTES)


def serve(port: int) -> None:
    """The bare server: join a room, and answer each move with the room's new state."""
    from flask import Flask
    from flask_socketio import SocketIO, emit, join_room

    app = Flask(__name__)
    socketio = SocketIO(app, async_mode="threading")
    states: dict[int, dict] = {}
    lock = threading.Lock()

    @socketio.on("join")
    def on_join(data):
        t = int(data["table"])
        join_room(f"t{t}")
        with lock:
            states.setdefault(t, table_state(t))
        return True

    @socketio.on("move")
    def on_move(data):
        t = int(data["table"])
        with lock:
            st = states[t]
            st["seq"] += 1
            st["move"], st["turn"] = data["move"], data["seat"]
            st["last"] = {"seat": data["seat"], "type": data["kind"]}
            st["seats"][data["seat"]]["hand"] = len(data["hand"])
            out = dict(st)
        emit("state", out, to=f"t{t}")

    socketio.run(app, host="127.0.0.1", port=port, allow_unsafe_werkzeug=True,
                 use_reloader=False, log_output=False)


def move(t: int, i: int, seat: int) -> dict:
    hand = [{"name": f"card {k}", "suit": "♠♥♦♣"[k % 4], "rank": str(k + 2)} for k in range(6)]
    return padded({"table": t, "move": i, "seat": seat, "kind": "play", "hand": hand},
                  MOVE_BYTES)


def run(args, phones_of=None) -> dict:
    """One measured run (server started and stopped here). Returns the figures.
    `phones_of` (bench/phones.py: LightPhones, the capacity run's): every phone in one
    asyncio loop, tables set up 8 at a time, and the same figures of the harness and
    the window as bench/fanout.py's capacity run; by default a `socketio.Client` (three
    threads) a phone, set up one after the other, as measured since the start."""
    import socketio
    port = free_port()
    srv = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve", str(port)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    clients: list = []
    lock = threading.Lock()
    sent: dict[int, float] = {}
    got: dict[int, int] = {}
    done: dict[int, float] = {}
    size = [0, 0]                     # bytes of state received, messages

    def handler(data, bit: int = 0):
        t = time.perf_counter()
        m = data.get("move")
        with lock:
            size[0] += len(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
            size[1] += 1
            if m in sent:
                if bit:                         # each phone once (capacity runs)
                    if got.get(m, 0) & bit:
                        return
                    got[m] = got.get(m, 0) | bit
                    complete = got[m] == (1 << PLAYERS) - 1
                else:
                    got[m] = got.get(m, 0) + 1
                    complete = got[m] == PLAYERS
                if complete:
                    done[m] = t - sent[m]

    def phone_of(k: int):
        return lambda data: handler(data, 1 << k)

    try:
        if not wait_port(port):
            raise SystemExit("the bare server did not start within 30 s")
        url = f"http://127.0.0.1:{port}"

        def make(t: int) -> list:
            phones = []
            for k in range(PLAYERS):
                if phones_of is None:
                    c = socketio.Client(reconnection=False)
                    c.on("state", handler)
                    c.connect(url, transports=["websocket"], wait_timeout=10)
                else:
                    c = phones_of.connect(url, {}, phone_of(k), event="state")
                if c.call("join", {"table": t}, timeout=10) is not True:
                    raise SystemExit("a bare join failed")
                with lock:
                    clients.append(c)
                phones.append(c)
            return phones
        t_conn = time.perf_counter()
        if phones_of is None:
            tables = [make(t) for t in range(args.tables)]
        else:
            with ThreadPoolExecutor(max_workers=8) as pool:
                tables = list(pool.map(make, range(args.tables)))
        t_conn = time.perf_counter() - t_conn
        settle_s = 0.0
        if phones_of is not None:        # as bench/fanout.py's capacity run
            settle_s = settle(srv.pid)
            gc.collect()
            gc.freeze()
            gc.disable()
        rng = random.Random(args.seed)
        n_warm, n_meas = int(args.warmup * args.rate), int(args.duration * args.rate)
        cpu0 = w0 = mine0 = 0.0
        lag = 0.0
        watch = getattr(phones_of, "lags", None) is not None
        for i, lag in pace(n_warm + n_meas, args.rate):
            t, seat = rng.randrange(args.tables), rng.randrange(PLAYERS)
            payload = move(t, i, seat)
            if i == n_warm:
                cpu0, w0 = cpu_s(srv.pid), time.perf_counter()
                mine0 = cpu_s(os.getpid())
                if watch:
                    phones_of.lags.clear()
                    phones_of.watching = True
                with lock:
                    size[:] = [0, 0]
            if i >= n_warm:
                with lock:
                    sent[i] = time.perf_counter()
            tables[t][seat].emit("move", payload)
        end = time.monotonic() + args.drain
        while time.monotonic() < end:
            with lock:
                if len(done) >= n_meas:
                    break
            time.sleep(0.05)
        w1 = time.perf_counter()
        cpu_used = cpu_s(srv.pid) - cpu0
        if phones_of is not None:
            gc.enable()
            gc.unfreeze()
        lags = []
        if watch:
            phones_of.watching = False
            lags = sorted(x * 1000 for x in phones_of.lags)
        with lock:
            lat = sorted(v * 1000 for v in done.values())
            per_phone = size[0] / size[1] if size[1] else float("nan")
        return {"lat": lat, "moves": n_meas, "lost": n_meas - len(lat),
                "cpu_pct": 100.0 * cpu_used / (w1 - w0), "cpu_s": cpu_used,
                "harness_cpu_pct": 100.0 * (cpu_s(os.getpid()) - mine0) / (w1 - w0),
                "loop_lag": lags, "threads": threads(srv.pid), "connect_s": t_conn,
                "settle_s": settle_s,
                "rss": rss_mb(srv.pid), "bytes_per_phone": per_phone, "max_lag_ms": lag * 1000}
    finally:
        stop(srv)
        in_parallel(lambda c: c.disconnect(), clients)


def report(r: dict, prefix: str = "") -> None:
    lat = r["lat"]
    print(f"{prefix}moves: {r['moves']}  complete: {len(lat)}  lost: {r['lost']}")
    print(f"{prefix}fanout_p50_ms: {pct(lat, 50):.2f} ms")
    print(f"{prefix}fanout_p99_ms: {pct(lat, 99):.2f} ms")
    print(f"{prefix}bytes_per_move_per_phone: {r['bytes_per_phone']:.0f} B")
    print(f"{prefix}server_cpu_pct: {r['cpu_pct']:.1f} %")
    print(f"{prefix}server_rss_mb: {r['rss']:.1f} MB", flush=True)


def options(ap: argparse.ArgumentParser) -> argparse.ArgumentParser:
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--rate", type=float, default=20.0, help="moves per second, all tables")
    ap.add_argument("--duration", type=float, default=20.0, help="measured seconds")
    ap.add_argument("--warmup", type=float, default=2.0, help="unrecorded seconds first")
    ap.add_argument("--drain", type=float, default=10.0, help="max wait for stragglers")
    ap.add_argument("--seed", type=int, default=1)
    return ap


def main() -> None:
    ap = options(argparse.ArgumentParser(description=__doc__.split("\n")[0]))
    ap.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.serve:
        serve(args.serve)
        return
    if not (1 <= args.tables <= 400 and 0 < args.rate <= 1000 and 0 < args.duration <= 600):
        raise SystemExit("argument out of range")
    report(run(args))


if __name__ == "__main__":
    main()
