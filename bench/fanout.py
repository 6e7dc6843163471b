#!/usr/bin/env python3
"""Fan-out of the companion's server, beside the bare stack's (bench/bare_fanout.py) in
the same run; and how many tables one process carries.

T tables (default 50), each dealt to 7 players in tracker mode, each player a live
python-socketio client over WebSocket taking patches as the pages do (`"delta": 1`;
`--full` for full snapshots after every change, the protocol before patches). A move is
one phone's `move` event (`{"set": {"in_play": [...]}}`, alternating so that every
move changes something); its latency is the time from just before the emit until the
last of the table's 7 phones holds the move's `seq` as a page would (a full snapshot, or
a patch on the `seq` that phone holds; each phone counted once: `Recorder`). Moves go to
random tables at a steady open-loop rate. The server is `bang-companion serve` in a
subprocess on a free 127.0.0.1 port with a throw-away data directory; every loop is
bounded in count and time, and all traffic stays on 127.0.0.1.

    python bench/fanout.py [--tables 50] [--rate 20] [--duration 20] [--runs 3]
                           [--full] [--no-bare] [--no-utf8-check] [--modes threads,gevent]
    python bench/fanout.py --capacity [--per-table-rate 0.4] [--duration 10]
                           [--steps 50,500] [--sweep] [--with-bare] [--phones light]

Prints `name: value unit` lines: fanout_p50_ms, fanout_p99_ms, server_rss_mb,
bytes_per_move_per_phone (what one phone receives for one move, JSON text), the bare
stack's figures and the ratios; with --capacity, tables_at_p99_100ms: the most tables
(steps of 25) whose fan-out p99 stays under 100 ms with none lost, at the same rate per
table as the default run.

The capacity run's phones (`--phones light`, bench/phones.py) are aiohttp WebSockets in
one asyncio loop whose Engine.IO and Socket.IO packets python-engineio's and
python-socketio's own packet classes make and read (`--phones asyncio` for
`socketio.AsyncClient`, `threads` for a `socketio.Client` a phone, the default run's).
So that the harness measures the server and not itself, a capacity run waits until the
server has done with the set-up (its CPU under 20 %), stops this process's garbage
collector during the moves, and lets the phones' loop thread run before the server's
threads where the system allows (`--phones-share` not). Each step also prints what says
whether the harness kept up (its CPU, its loop's lag, its collector's passes, how long
its loop thread waited for a CPU) and where the server's time went (its CPU a complete
move, threads, context switches a move, its threads' wait for a CPU, its CPU in each
second, its garbage collector's passes timed inside it by bench/collector, and the whole
machine's CPU: `others_pct` is other people's work on the same cores); `--with-bare`
runs the bare stack (bench/bare_fanout.py) with the same phones at each step.
`--modes threads,gevent` runs the server both ways in every round (`bang-companion serve
--async ...`), in turns with the bare stack; gevent's figures carry the prefix `gevent_`.
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
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import requests

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import bare_fanout  # noqa: E402
from harness import (cpu_s, free_port, machine_s, in_parallel, median, pace, pct, rss_mb,  # noqa: E402
                     schedstat, settle, stop, switches, threads)
from phones import AsyncPhones, LightPhones, ThreadPhones  # noqa: E402

PLAYERS = 7
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]
CARDS = [["Mustang"], ["Barrel"]]


def wire(data) -> int:
    """The bytes of a message's JSON as the server writes it."""
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


class Recorder:
    """Arrival times of snapshots and patches, per table and seq, in this one process.

    A move counts as complete when each of its table's 7 phones, every one of them
    (not 7 messages), holds the snapshot of its `seq` by what a page would apply
    (static/js/delta.js): a full snapshot, or a patch whose `base` is the `seq` that
    phone holds. A patch on another base is a message that phone missed (a page would
    ask for a resync): it is counted in `broken` and its move stays incomplete for
    that phone (the phone takes the patch's `seq` as if it had resynced). A move the
    server refused or dropped leaves its table's last expected `seq` unreached: every
    measured move that is not complete at the end is counted lost."""

    ALL = (1 << PLAYERS) - 1

    def __init__(self, sizes: bool = True) -> None:
        self.sizes = sizes          # False: no JSON dump of every message (capacity runs)
        self.lock = threading.Lock()
        self.sent: dict[tuple[int, int], float] = {}
        self.arrivals: dict[tuple[int, int], int] = {}   # a bit per phone that holds it
        self.done: dict[tuple[int, int], float] = {}
        self.first: dict[tuple[int, int], float] = {}
        self.latest: dict[int, int] = {}
        self.held: dict[tuple[int, int], int] = {}       # (table, phone): the seq it holds
        self.broken = 0
        self.full_size = 0
        self.bytes = self.messages = 0
        self.fulls = 0
        self.measuring = True

    def handler(self, table: int, phone: int):
        bit = 1 << phone
        me = (table, phone)

        def on_snapshot(data):
            t = time.perf_counter()
            seq = data["seq"]
            key = (table, seq)
            if not self.measuring:              # after the run: the resync's snapshot
                if "view" in data:
                    self.full_size = wire(data)
                return
            with self.lock:
                held = self.held.get(me)
                self.held[me] = seq
                if "base" in data and data["base"] != held:
                    self.broken += 1            # a patch on a snapshot this phone lacks
                    return
                if "base" not in data and "table" not in data:
                    return                      # presence alone: the same seq
                self.latest[table] = max(self.latest.get(table, 0), seq)
                if key not in self.sent:
                    if "view" in data:
                        self.full_size = wire(data)
                    return
                mask = self.arrivals.get(key, 0)
                if mask & bit:
                    return                      # this phone had it already
                mask = self.arrivals[key] = mask | bit
                if mask == bit:
                    self.first[key] = t - self.sent[key]
                if mask == self.ALL:
                    self.done[key] = t - self.sent[key]
            size = wire(data) if self.sizes else 0
            with self.lock:
                self.bytes += size
                self.messages += 1
                self.fulls += "view" in data
        return on_snapshot


def start_server(port: int, data: str, log, profile: str = "",
                 mode: str = "threads", collector: str = "") -> subprocess.Popen:
    """`profile`: a file the server writes its threads' cProfile to when it is stopped
    (bench/profiling: CPU time, counted from the moment `profile + ".go"` exists).
    `collector`: a file the server writes its garbage collector's passes to
    (bench/collector)."""
    env = None
    paths, more = [], {}
    if profile:
        paths.append(os.path.join(HERE, "profiling"))
        more["BANG_PROFILE_TO"] = profile
    if collector:
        paths.append(os.path.join(HERE, "collector"))
        more["BANG_GC_TO"] = collector
    if paths:
        env = dict(os.environ, **more, PYTHONPATH=os.pathsep.join(
            paths + os.environ.get("PYTHONPATH", "").split(os.pathsep)).rstrip(os.pathsep))
    # the limits a host sets (docs/deploy.md: 200 tables, 1,000 sockets) raised past what
    # the capacity run asks for, so that the run finds where the server slows, not them
    return subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host",
                             "127.0.0.1", "--port", str(port), "--data", data, "--quiet",
                             "--max-tables", "2000", "--max-sockets", "20000",
                             "--tables-per-hour", "1000000", "--async", mode],
                            stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=env)


def wait_up(url: str, timeout: float = 90.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if requests.get(url + "/healthz", timeout=1).text == "ok":
                return
        except requests.ConnectionError:
            time.sleep(0.05)
    raise SystemExit(f"the server did not start within {timeout:.0f} s")


def set_up(url: str, args, rec: Recorder, clients: list, phones_of=None,
           offset: int = 0) -> list[list]:
    """Tables made, joined, connected and dealt (`phones_of`: bench/phones.py, a thread
    per phone by default), recorded as tables offset, offset + 1... Returns the phones
    per table."""
    phones_of = phones_of or ThreadPhones()
    patches = {} if args.full else {"delta": 1}
    lock = threading.Lock()

    def make(t: int):
        # every request on a connection of its own: the server closes a kept-alive
        # connection after 5 s idle, and connecting phones on a busy machine can take
        # longer than that between two posts (a post on the closed connection failed
        # with RemoteDisconnected, and is not retried)
        close = {"Connection": "close"}
        r = requests.post(url + "/tables", data={"mode": "tracker"}, headers=close,
                          allow_redirects=False)
        table_id = r.headers["Location"].rsplit("/", 1)[1]
        cookie = f"host_{table_id}={r.cookies.get(f'host_{table_id}')}"
        tokens = []
        for name in NAMES[:PLAYERS]:
            r = requests.post(f"{url}/t/{table_id}/join", data={"name": name},
                              headers=close, allow_redirects=False)
            tokens.append(r.headers["Location"].split("#", 1)[1])
        phones = []
        for k, token in enumerate(tokens):
            c = phones_of.connect(url, {"table": table_id, "token": token, **patches},
                                  rec.handler(offset + t, k))
            with lock:
                clients.append(c)
            phones.append(c)
        host = phones_of.connect(url, {"table": table_id}, headers={"Cookie": cookie})
        ack = host.call("deal", {}, timeout=10)
        if ack != {"ok": True}:
            raise SystemExit(f"deal refused: {ack}")
        return phones, host

    # a few tables at once (their requests wait on the server, not on this process):
    # 500 tables one after the other took minutes before the first move
    with ThreadPoolExecutor(max_workers=getattr(args, "set_up_threads", 1)) as pool:
        made = list(pool.map(make, range(args.tables)))
    # the measured tables are 7 phones each, as in the bare harness: the host screens
    # leave once they have dealt
    in_parallel(lambda c: c.disconnect(), [host for _, host in made])
    return [phones for phones, _ in made]


class Pauses:
    """This process's cyclic collector passes while `on`: a pass stops every phone."""

    def __init__(self) -> None:
        self.on, self.ms, self._t = False, [], 0.0
        gc.callbacks.append(self._cb)

    def _cb(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._t = time.perf_counter()
        elif self.on:
            self.ms.append((time.perf_counter() - self._t) * 1000)


PAUSES = Pauses()


class Timeline(threading.Thread):
    """The server's CPU (% of a core) in each second of the moves."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.pcts, self.going = pid, [], True

    def run(self) -> None:
        last, t = cpu_s(self.pid), time.perf_counter()
        while self.going:
            time.sleep(1.0)
            now, t1 = cpu_s(self.pid), time.perf_counter()
            self.pcts.append(100.0 * (now - last) / (t1 - t))
            last, t = now, t1


def run_ours(args, phones_of=None, mode: str = "threads") -> dict:
    phones_of = phones_of or ThreadPhones()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    rec = Recorder(sizes=not args.capacity)
    clients: list = []
    with tempfile.TemporaryDirectory(prefix="bang-bench-") as data:
        log = open(os.path.join(data, "server.log"), "w")
        profile = getattr(args, "profile", "")
        collector = os.path.join(data, "gc.json") if args.capacity else ""
        srv = start_server(port, os.path.join(data, "db"), log, profile, mode, collector)
        try:
            wait_up(url)
            rss_idle = rss_mb(srv.pid)
            t_conn = time.perf_counter()
            tables = set_up(url, args, rec, clients, phones_of)
            t_conn = time.perf_counter() - t_conn
            if args.capacity:
                # the phones' objects out of this process's collector: a full pass over
                # 3,500 phones' stopped every phone for 0.3 to 0.5 s, ten times a run
                # (the server does the same once up: companion/pauses.py)
                gc.collect()
                gc.freeze()
                # and no pass during the moves: with 3,500 phones waiting, a young pass
                # walks their 3,500 pending reads and took 20 to 100 ms (a few hundred
                # KB of cycles are left for after the run)
                gc.disable()
            time.sleep(0.5)                              # the last presence messages
            if args.capacity:
                settle_wall, settle_cpu = time.time(), cpu_s(srv.pid)
                settle_s = settle(srv.pid)
                settle_cpu = cpu_s(srv.pid) - settle_cpu
                settle_gc = passes_in(collector, settle_wall, time.time())
            rng = random.Random(args.seed)
            toggles: dict = {}
            n_warm, n_meas = int(args.warmup * args.rate), int(args.duration * args.rate)
            next_seq = dict(rec.latest)
            cpu0 = w0 = mine0 = window_wall = 0.0
            box0 = (0.0, 0.0, 0.0)
            gone0 = 0
            lag = 0.0
            sw0 = switches(srv.pid) if args.capacity else (0, 0, 0.0)
            tid = getattr(phones_of, "tid", 0)
            loop0 = schedstat(os.getpid(), tid) if tid else (0.0, 0.0)
            timeline = Timeline(srv.pid)
            if args.capacity:
                timeline.start()
            t_sw0 = time.perf_counter()
            watch = getattr(phones_of, "lags", None) is not None
            for i, lag in pace(n_warm + n_meas, args.rate):
                t, s = rng.randrange(args.tables), rng.randrange(PLAYERS)
                toggles[t, s] = 1 - toggles.get((t, s), 0)
                with rec.lock:
                    next_seq[t] = next_seq.get(t, 0) + 1
                    if i == n_warm:
                        cpu0, w0 = cpu_s(srv.pid), time.perf_counter()
                        mine0 = cpu_s(os.getpid())
                        box0 = machine_s()
                        PAUSES.ms.clear()
                        gone0 = getattr(phones_of, "gone", 0)
                        PAUSES.on = True
                        window_wall = time.time()
                        if watch:
                            phones_of.lags.clear()
                            phones_of.watching = True
                        if profile:
                            open(profile + ".go", "w").close()
                    if i >= n_warm:
                        rec.sent[t, next_seq[t]] = time.perf_counter()
                tables[t][s].emit("move", {"set": {"in_play": CARDS[toggles[t, s]]}})
            end = time.monotonic() + args.drain
            while time.monotonic() < end:
                with rec.lock:
                    if len(rec.done) >= n_meas:
                        break
                time.sleep(0.05)
            gone = getattr(phones_of, "gone", 0) - gone0      # phones the server dropped
            # every CPU figure over the same window: the first measured move to the
            # last one complete (or the end of the drain)
            w1 = time.perf_counter()
            cpu_used = cpu_s(srv.pid) - cpu0
            cpu_pct = 100.0 * cpu_used / (w1 - w0)
            mine_pct = 100.0 * (cpu_s(os.getpid()) - mine0) / (w1 - w0)
            box = [100.0 * (b - a) / (w1 - w0) for a, b in zip(box0, machine_s())]
            # context switches from the first move (warm-up included) to here: threads
            # that ended in between are not counted
            sw1 = switches(srv.pid) if args.capacity else (0, 0, 0.0)
            loop1 = schedstat(os.getpid(), tid) if tid else (0.0, 0.0)
            span = time.perf_counter() - t_sw0
            moves_sw = args.rate * span
            stat = {"voluntary": (sw1[0] - sw0[0]) / moves_sw,
                    "forced": (sw1[1] - sw0[1]) / moves_sw,
                    "server_wait_pct": 100.0 * (sw1[2] - sw0[2]) / span,
                    "loop_run_pct": 100.0 * (loop1[0] - loop0[0]) / span,
                    "loop_wait_pct": 100.0 * (loop1[1] - loop0[1]) / span}
            lags = []
            if watch:
                phones_of.watching = False
                lags = sorted(x * 1000 for x in phones_of.lags)
            n_threads = threads(srv.pid)
            timeline.going = False
            PAUSES.on = False
            window_wall = (window_wall, time.time())
            # what a phone got for each move before patches: the full snapshot, which
            # a `resync` brings at this point of the game
            with rec.lock:
                rec.full_size = 0
                rec.measuring = False
            if rec.sizes:       # not in a capacity run: at 500 tables its answer took
                                # longer than 10 s and ended the run before its figures
                tables[0][0].call("resync", {}, timeout=10)
                end = time.monotonic() + 5
                while not rec.full_size and time.monotonic() < end:
                    time.sleep(0.02)
            with rec.lock:
                lat = sorted(v * 1000 for v in rec.done.values())
                first = sorted(v * 1000 for v in rec.first.values())
                per_phone = rec.bytes / rec.messages if rec.messages else float("nan")
            if args.capacity:
                gc.enable()
                gc.unfreeze()
            server_gc = passes_in(collector, *window_wall) if collector else []
            return {"lat": lat, "first": first, "lost": n_meas - len(lat), "moves": n_meas,
                    "broken": rec.broken, "gone": gone,
                    "retries": getattr(phones_of, "retries", 0),
                    "connect_s": t_conn, "max_lag_ms": lag * 1000, "cpu_pct": cpu_pct,
                    "cpu_ms_per_move": cpu_pct / 100.0 / args.rate * 1000,
                    "rss": rss_mb(srv.pid), "rss_idle": rss_idle,
                    "rss_peak": rss_mb(srv.pid, "VmHWM"), "full_size": rec.full_size,
                    "bytes_per_phone": per_phone, "fulls": rec.fulls,
                    "harness_cpu_pct": mine_pct, "loop_lag": lags, "threads": n_threads,
                    "perf": stat, "window_s": w1 - w0, "cpu_s": cpu_used,
                    "settle_s": settle_s if args.capacity else 0.0,
                    "settle_cpu_s": settle_cpu if args.capacity else 0.0,
                    "settle_gc": settle_gc if args.capacity else [],
                    "timeline": list(timeline.pcts), "gc_ms": sorted(PAUSES.ms),
                    "window_wall": window_wall, "server_gc": server_gc,
                    "machine": box}
        finally:
            stop(srv)                    # first: client closes then return at once
            in_parallel(lambda c: c.disconnect(), clients)
            log.close()


# websocket-client checks the UTF-8 of every text frame in pure Python (about 1.2 ms
# per 5 KB on this machine), in the one client process that plays all the phones. A
# browser does that natively. `--no-utf8-check` turns the check off for both harnesses
# alike (they run in this process), so that the figures compare the servers rather
# than the test clients.
def skip_utf8_check() -> None:
    import websocket._abnf as abnf
    abnf.validate_utf8 = lambda data: True


def report(ours: dict, prefix: str = "") -> None:
    lat = ours["lat"]
    print(f"{prefix}connect_s: {ours['connect_s']:.1f}  max_sched_lag_ms: {ours['max_lag_ms']:.1f}")
    print(f"{prefix}moves: {ours['moves']}  complete: {len(lat)}  lost: {ours['lost']}"
          f"  full snapshots among them: {ours['fulls']}  broken: {ours['broken']}")
    print(f"{prefix}fanout_p50_ms: {pct(lat, 50):.2f} ms")
    print(f"{prefix}fanout_p99_ms: {pct(lat, 99):.2f} ms")
    print(f"{prefix}fanout_max_ms: {(lat[-1] if lat else float('nan')):.2f} ms")
    print(f"{prefix}first_of_7_p50_ms: {pct(ours['first'], 50):.2f} ms")
    print(f"{prefix}bytes_per_move_per_phone: {ours['bytes_per_phone']:.0f} B")
    print(f"{prefix}bytes_per_move_per_phone_before: {ours['full_size']} B  (a full snapshot)")
    print(f"{prefix}server_cpu_pct: {ours['cpu_pct']:.1f} %")
    print(f"{prefix}server_cpu_ms_per_move: {ours['cpu_ms_per_move']:.2f} ms")
    print(f"{prefix}server_rss_mb: {ours['rss']:.1f} MB  (idle {ours['rss_idle']:.1f} MB,"
          f" peak {ours['rss_peak']:.1f} MB)", flush=True)


def capacity(args) -> None:
    """Tables in steps (of 25 by default) at the same rate per table, until the fan-out
    p99 passes 100 ms or a move is lost (`--sweep`: every step, whatever happens). With
    several `--modes`, each step runs the server each way in turn."""
    best = {m: 0 for m in args.modes}
    failed = {m: False for m in args.modes}
    per_move: dict = {m: [] for m in args.modes}
    steps = ([int(x) for x in args.steps.split(",")] if args.steps
             else list(range(25, args.max_tables + 1, 25)))
    phones_of = {"threads": ThreadPhones, "asyncio": AsyncPhones,
                 "light": LightPhones}[args.phones]()
    first = getattr(phones_of, "before_others", None)
    print(f"phones: {phones_of.name}  phones_before_the_server: "
          f"{bool(first and not args.phones_share and first())}", flush=True)
    for tables in steps:
        args.tables, args.rate = tables, tables * args.per_table_rate
        for mode in args.modes:
            if failed[mode] and not args.sweep:
                continue
            r = run_ours(args, phones_of, mode)
            p99 = pct(r["lat"], 99)
            per_move[mode].append(r["cpu_pct"] / 100.0 / args.rate)   # CPU seconds per move
            print(f"{prefix_of(mode)}tables: {tables}  sockets: {tables * PLAYERS}  "
                  f"rate: {args.rate:.0f}/s  "
                  f"fanout_p50_ms: {pct(r['lat'], 50):.1f}  fanout_p99_ms: {p99:.1f}  "
                  f"lost: {r['lost']}  broken: {r['broken']}  phones_gone: {r['gone']}  "
                  f"server_cpu_pct: {r['cpu_pct']:.0f}  "
                  f"server_rss_mb: {r['rss']:.0f}", flush=True)
            print(f"{prefix_of(mode)}  " + where_time_went(r, args.rate), flush=True)
            if r["lost"] or not p99 < 100:
                failed[mode] = True
            elif not failed[mode]:
                best[mode] = tables
        if args.with_bare:
            # the bare stack (bench/bare_fanout.py) with the same phones, tables and
            # rate: whether this machine carries that many at all
            b = bare_fanout.run(args, phones_of)
            print(f"bare_tables: {tables}  sockets: {tables * PLAYERS}  "
                  f"rate: {args.rate:.0f}/s  fanout_p50_ms: {pct(b['lat'], 50):.1f}  "
                  f"fanout_p99_ms: {pct(b['lat'], 99):.1f}  lost: {b['lost']}  "
                  f"server_cpu_pct: {b['cpu_pct']:.0f}  server_rss_mb: {b['rss']:.0f}",
                  flush=True)
            done = len(b["lat"])
            lag = b["loop_lag"]
            print(f"bare_  server_cpu_ms_per_complete_move: "
                  f"{1000 * b['cpu_s'] / done if done else float('nan'):.2f}  "
                  f"harness_cpu_pct: {b['harness_cpu_pct']:.0f}  server_threads: "
                  f"{b['threads']}  connect_s: {b['connect_s']:.0f}  settle_s: "
                  f"{b['settle_s']:.1f}"
                  + (f"  phones_loop_lag_p99_ms: {pct(lag, 99):.1f}  "
                     f"phones_loop_lag_max_ms: {lag[-1]:.1f}" if lag else ""), flush=True)
        if all(failed.values()) and not args.sweep:
            break
    phones_of.close()
    for mode in args.modes:
        prefix = prefix_of(mode)
        print(f"{prefix}tables_at_p99_100ms: {best[mode]} tables")
        # what one core would carry if the server's CPU per move were the only limit
        cpu = median(per_move[mode])
        print(f"{prefix}server_cpu_ms_per_move: {cpu * 1000:.2f} ms  (median of the steps)")
        print(f"{prefix}tables_one_core_estimate: {1.0 / cpu / args.per_table_rate:.0f} tables "
              f" (1 s of CPU / CPU per move / {args.per_table_rate} moves per table per s)")


def passes_in(path: str, start: float, end: float) -> list:
    """The server's collector passes (bench/collector) that ended between `start` and
    `end` (unix time), once it has written them (within a second)."""
    deadline = time.monotonic() + 3
    while True:
        try:
            fresh = os.path.getmtime(path) >= end
            with open(path) as f:
                passes = json.load(f)
        except (OSError, ValueError):
            fresh, passes = False, []
        if fresh or time.monotonic() > deadline:
            return [p for p in passes if start <= p[0] <= end]
        time.sleep(0.2)


def where_time_went(r: dict, rate: float) -> str:
    """A capacity step's other figures: whether the harness kept up, and the server's
    CPU a move counted two ways."""
    lag = r["loop_lag"]
    done = len(r["lat"])
    out = [f"server_cpu_ms_per_complete_move: "
           f"{1000 * r['cpu_s'] / done if done else float('nan'):.2f}",
           f"harness_cpu_pct: {r['harness_cpu_pct']:.0f}",
           f"server_threads: {r['threads']}",
           f"connect_s: {r['connect_s']:.0f}  connect_retries: {r['retries']}  "
           f"settle_s: {r['settle_s']:.1f} (server CPU {r['settle_cpu_s']:.1f} s, of it in "
           f"{len(r['settle_gc'])} collector passes "
           f"{sum(p[3] for p in r['settle_gc']) / 1000:.1f} s)"]
    if lag:
        out.append(f"phones_loop_lag_p50_ms: {pct(lag, 50):.1f}  "
                   f"phones_loop_lag_p99_ms: {pct(lag, 99):.1f}  "
                   f"phones_loop_lag_max_ms: {lag[-1]:.1f}")
    out.append(f"server_switches_per_move: {r['perf']['voluntary']:.1f} voluntary"
               f" + {r['perf']['forced']:.1f} forced")
    out.append(f"server_threads_waiting_for_a_cpu_pct: {r['perf']['server_wait_pct']:.0f}  "
               f"phones_loop_thread_on_cpu_pct: {r['perf']['loop_run_pct']:.0f}  "
               f"phones_loop_thread_waiting_for_a_cpu_pct: {r['perf']['loop_wait_pct']:.0f}")
    gcs = r["gc_ms"]
    out.append(f"harness_gc_passes: {len(gcs)}  harness_gc_max_ms: "
               f"{gcs[-1] if gcs else 0:.1f}  harness_gc_total_ms: {sum(gcs):.0f}")
    sgc = r["server_gc"]
    if not sgc:
        out.append("server_gc_passes: 0")
    else:
        walls = sorted(p[2] for p in sgc)
        by_gen = [sum(1 for p in sgc if p[1] == g) for g in range(3)]
        out.append(f"server_gc_passes: {len(sgc)} (young {by_gen[0]}, middle {by_gen[1]}, "
                   f"full {by_gen[2]})  server_gc_wall_max_ms: {walls[-1]:.1f}  "
                   f"server_gc_wall_ms: " + " ".join(f"{w:.0f}" for w in walls)
                   + f"  server_gc_cpu_ms_per_move: "
                   f"{sum(p[3] for p in sgc) / (rate * r['window_s']):.2f}")
    busy, niced, stolen = r["machine"]
    out.append(f"machine_busy_pct: {busy:.0f} (of 200)  others_pct: "
               f"{busy - r['cpu_pct'] - r['harness_cpu_pct']:.0f}  niced_pct: {niced:.0f}  "
               f"stolen_pct: {stolen:.0f}")
    out.append(f"window_unix: {r['window_wall'][0]:.1f}-{r['window_wall'][1]:.1f}")
    out.append("server_cpu_pct_by_second (warm-up first): "
               + " ".join(f"{x:.0f}" for x in r["timeline"]))
    return "  ".join(out)


def prefix_of(mode: str) -> str:
    """The prefix of a server mode's figures: none for threads (the default)."""
    return "" if mode == "threads" else mode + "_"


def main() -> None:
    ap = bare_fanout.options(argparse.ArgumentParser(description=__doc__.split("\n")[0]))
    ap.add_argument("--runs", type=int, default=1,
                    help="alternate ours and the bare stack this many times; medians last")
    ap.add_argument("--full", action="store_true",
                    help="phones take a full snapshot after every change (no patches)")
    ap.add_argument("--no-bare", action="store_true", help="skip the bare-stack baseline")
    ap.add_argument("--no-utf8-check", action="store_true",
                    help="both harnesses: skip websocket-client's pure-Python UTF-8 check")
    ap.add_argument("--capacity", action="store_true",
                    help="find tables_at_p99_100ms instead (ours only)")
    ap.add_argument("--per-table-rate", type=float, default=0.4,
                    help="with --capacity: moves per second per table (0.4 = 20/s at 50)")
    ap.add_argument("--max-tables", type=int, default=600)
    ap.add_argument("--steps", default="", help="with --capacity: table counts, e.g. 25,50,100")
    ap.add_argument("--phones", choices=("light", "asyncio", "threads"), default="light",
                    help="with --capacity: the phones (bench/phones.py): light (default: "
                         "aiohttp WebSockets and the libraries' packet classes in one "
                         "asyncio loop), asyncio (socketio.AsyncClient in one loop, the "
                         "capacity run's until 2026-12-04) or threads (socketio.Client, "
                         "the default run's)")
    ap.add_argument("--with-bare", action="store_true",
                    help="with --capacity: the bare stack (bench/bare_fanout.py) at each "
                         "step too, with the same phones")
    ap.add_argument("--phones-share", action="store_true",
                    help="with --capacity: the phones' loop thread at the server's "
                         "priority (by default it runs first where the system allows)")
    ap.add_argument("--thread-phones", action="store_const", dest="phones", const="threads",
                    help="with --capacity: the same as --phones threads")
    ap.add_argument("--set-up-threads", type=int, default=0,
                    help="tables set up at once (default: 8 with --capacity, else 1)")
    ap.add_argument("--profile", default="", metavar="FILE",
                    help="the server's cProfile of the measured moves (CPU time, every "
                         "thread) to FILE, pstats format (bench/profiling)")
    ap.add_argument("--sweep", action="store_true",
                    help="with --capacity: run every step, not only until the first miss")
    ap.add_argument("--modes", default="threads",
                    help="the server's ways of serving, in turns: threads, gevent or both "
                         "(`bang-companion serve --async`)")
    args = ap.parse_args()
    args.modes = [m for m in args.modes.split(",") if m]
    if not args.modes or set(args.modes) - {"threads", "gevent"}:
        raise SystemExit("--modes: threads, gevent or both")
    if args.no_utf8_check:
        skip_utf8_check()
    if not (1 <= args.tables <= 1000 and 0 < args.rate <= 500 and 0 < args.duration <= 300
            and 0 <= args.warmup <= 60 and 0 < args.drain <= 60 and 1 <= args.runs <= 9
            and 0 < args.per_table_rate <= 5 and 1 <= args.max_tables <= 1000
            and 0 <= args.set_up_threads <= 32):
        raise SystemExit("argument out of range")
    args.set_up_threads = args.set_up_threads or (8 if args.capacity else 1)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.capacity:
        capacity(args)
        return

    print(f"tables: {args.tables}  sockets: {args.tables * PLAYERS}  rate: {args.rate}/s  "
          f"duration: {args.duration}s  warmup: {args.warmup}s  runs: {args.runs}  "
          f"phones take: {'full snapshots' if args.full else 'patches'}"
          + ("  client utf-8 check: off (both)" if args.no_utf8_check else ""))
    runs = []
    for k in range(args.runs):
        if args.runs > 1:
            print(f"-- run {k + 1} of {args.runs}")
        ours = {}
        for mode in args.modes:
            ours[mode] = run_ours(args, mode=mode)
            report(ours[mode], prefix_of(mode))
        bare = None if args.no_bare else bare_fanout.run(args)
        if bare:
            bare_fanout.report(bare, prefix="bare_")
        runs.append((ours, bare))
    bares = [b for _, b in runs if b]
    if bares:
        b50 = median([pct(b["lat"], 50) for b in bares])
        b99 = median([pct(b["lat"], 99) for b in bares])
        brss = median([b["rss"] for b in bares])
        bcpu = median([b["cpu_pct"] / 100.0 / args.rate * 1000 for b in bares])
    if args.runs > 1 and bares:
        print(f"-- medians of {args.runs} runs")
        print(f"bare_fanout_p50_ms: {b50:.2f} ms")
        print(f"bare_fanout_p99_ms: {b99:.2f} ms")
        print(f"bare_server_rss_mb: {brss:.1f} MB")
    if bares:
        print(f"bare_server_cpu_ms_per_move: {bcpu:.2f} ms")
    for mode in args.modes:
        prefix = prefix_of(mode)
        mine = [(o[mode], b) for o, b in runs]
        p50 = median([pct(o["lat"], 50) for o, _ in mine])
        p99 = median([pct(o["lat"], 99) for o, _ in mine])
        rss = median([o["rss"] for o, _ in mine])
        cpu = median([o["cpu_ms_per_move"] for o, _ in mine])
        if args.runs > 1:
            print(f"-- medians of {args.runs} runs" + (f" ({mode})" if prefix else ""))
            print(f"{prefix}fanout_p50_ms: {p50:.2f} ms")
            print(f"{prefix}fanout_p99_ms: {p99:.2f} ms")
            print(f"{prefix}server_rss_mb: {rss:.1f} MB")
            print(f"{prefix}server_cpu_ms_per_move: {cpu:.2f} ms")
            print(f"{prefix}bytes_per_move_per_phone: "
                  f"{median([o['bytes_per_phone'] for o, _ in mine]):.0f} B")
            print(f"{prefix}bytes_per_move_per_phone_before: "
                  f"{median([o['full_size'] for o, _ in mine]):.0f} B")
        if not bares:
            continue
        print(f"{prefix}fanout_p50_ratio: {p50 / b50:.2f} x")
        print(f"{prefix}fanout_p99_ratio: {p99 / b99:.2f} x")
        print(f"{prefix}server_rss_ratio: {rss / brss:.2f} x")
        print(f"{prefix}server_cpu_per_move_ratio: {cpu / bcpu:.2f} x  (each run's ratio: "
              + ", ".join(f"{o['cpu_ms_per_move'] / (b['cpu_pct'] / 100.0 / args.rate * 1000):.2f}"
                          for o, b in mine if b) + ")")
        ok = p50 <= 1.3 * b50 and p99 <= 1.5 * b99 and rss <= 1.2 * brss
        print(f"{prefix}aim (p50 <= 1.3x, p99 <= 1.5x, RSS <= 1.2x the bare stack): "
              + ("met" if ok else "NOT met"))


if __name__ == "__main__":
    main()
