#!/usr/bin/env python3
"""Fan-out of the companion's server, beside the bare stack's (bench/bare_fanout.py) in
the same run; and how many tables one process carries.

T tables (default 50), each dealt to 7 players in tracker mode, each player a live
python-socketio client over WebSocket taking patches as the pages do (`"delta": 1`;
`--full` for full snapshots after every change, the protocol before patches). A move is
one phone's `move` event (`{"set": {"in_play": [...]}}`, alternating so that every
move changes something); its latency is the time from just before the emit until the
last of the table's 7 phones has the message carrying the move's `seq`. Moves go to
random tables at a steady open-loop rate. The server is `bang-companion serve` in a
subprocess on a free 127.0.0.1 port with a throw-away data directory; every loop is
bounded in count and time, and all traffic stays on 127.0.0.1.

    python bench/fanout.py [--tables 50] [--rate 20] [--duration 20] [--runs 3]
                           [--full] [--no-bare] [--no-utf8-check] [--modes threads,gevent]
    python bench/fanout.py --capacity [--per-table-rate 0.4] [--duration 10]

Prints `name: value unit` lines: fanout_p50_ms, fanout_p99_ms, server_rss_mb,
bytes_per_move_per_phone (what one phone receives for one move, JSON text), the bare
stack's figures and the ratios; with --capacity, tables_at_p99_100ms: the most tables
(steps of 25) whose fan-out p99 stays under 100 ms with none lost, at the same rate per
table as the default run. The capacity run's phones share one asyncio loop
(bench/phones.py; `--thread-phones` for a thread per phone, as the default run's).
`--modes threads,gevent` runs the server both ways in every round (`bang-companion serve
--async ...`), in turns with the bare stack; gevent's figures carry the prefix `gevent_`.
"""
from __future__ import annotations

import argparse
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
from harness import cpu_s, free_port, in_parallel, median, pace, pct, rss_mb, stop  # noqa: E402
from phones import AsyncPhones, ThreadPhones  # noqa: E402

PLAYERS = 7
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]
CARDS = [["Mustang"], ["Barrel"]]


def wire(data) -> int:
    """The bytes of a message's JSON as the server writes it."""
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())


class Recorder:
    """Arrival times of snapshots and patches, per table and seq, in this one process."""

    def __init__(self, sizes: bool = True) -> None:
        self.sizes = sizes          # False: no JSON dump of every message (capacity runs)
        self.lock = threading.Lock()
        self.sent: dict[tuple[int, int], float] = {}
        self.arrivals: dict[tuple[int, int], int] = {}
        self.done: dict[tuple[int, int], float] = {}
        self.first: dict[tuple[int, int], float] = {}
        self.latest: dict[int, int] = {}
        self.full_size = 0
        self.bytes = self.messages = 0
        self.fulls = 0
        self.measuring = True

    def handler(self, table: int):
        def on_snapshot(data):
            t = time.perf_counter()
            key = (table, data["seq"])
            if not self.measuring:              # after the run: the resync's snapshot
                if "view" in data:
                    self.full_size = wire(data)
                return
            with self.lock:
                self.latest[table] = max(self.latest.get(table, 0), data["seq"])
                if key not in self.sent:
                    if "view" in data:
                        self.full_size = wire(data)
                    return
                n = self.arrivals[key] = self.arrivals.get(key, 0) + 1
                if n == 1:
                    self.first[key] = t - self.sent[key]
                if n == PLAYERS:
                    self.done[key] = t - self.sent[key]
            size = wire(data) if self.sizes else 0
            with self.lock:
                self.bytes += size
                self.messages += 1
                self.fulls += "view" in data
        return on_snapshot


def start_server(port: int, data: str, log, profile: str = "",
                 mode: str = "threads") -> subprocess.Popen:
    """`profile`: a file the server writes its threads' cProfile to when it is stopped
    (bench/profiling: CPU time, counted from the moment `profile + ".go"` exists)."""
    env = None
    if profile:
        env = dict(os.environ, BANG_PROFILE_TO=profile, PYTHONPATH=os.pathsep.join(
            [os.path.join(HERE, "profiling")] + os.environ.get("PYTHONPATH", "").split(
                os.pathsep)).rstrip(os.pathsep))
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
        for token in tokens:
            c = phones_of.connect(url, {"table": table_id, "token": token, **patches},
                                  rec.handler(offset + t))
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


def run_ours(args, phones_of=None, mode: str = "threads") -> dict:
    phones_of = phones_of or ThreadPhones()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    rec = Recorder(sizes=not args.capacity)
    clients: list = []
    with tempfile.TemporaryDirectory(prefix="bang-bench-") as data:
        log = open(os.path.join(data, "server.log"), "w")
        profile = getattr(args, "profile", "")
        srv = start_server(port, os.path.join(data, "db"), log, profile, mode)
        try:
            wait_up(url)
            rss_idle = rss_mb(srv.pid)
            t_conn = time.perf_counter()
            tables = set_up(url, args, rec, clients, phones_of)
            t_conn = time.perf_counter() - t_conn
            time.sleep(0.5)                              # the last presence messages
            rng = random.Random(args.seed)
            toggles: dict = {}
            n_warm, n_meas = int(args.warmup * args.rate), int(args.duration * args.rate)
            next_seq = dict(rec.latest)
            cpu0 = w0 = 0.0
            lag = 0.0
            for i, lag in pace(n_warm + n_meas, args.rate):
                t, s = rng.randrange(args.tables), rng.randrange(PLAYERS)
                toggles[t, s] = 1 - toggles.get((t, s), 0)
                with rec.lock:
                    next_seq[t] = next_seq.get(t, 0) + 1
                    if i == n_warm:
                        cpu0, w0 = cpu_s(srv.pid), time.perf_counter()
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
            cpu_pct = 100.0 * (cpu_s(srv.pid) - cpu0) / (time.perf_counter() - w0)
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
            return {"lat": lat, "first": first, "lost": n_meas - len(lat), "moves": n_meas,
                    "connect_s": t_conn, "max_lag_ms": lag * 1000, "cpu_pct": cpu_pct,
                    "cpu_ms_per_move": cpu_pct / 100.0 / args.rate * 1000,
                    "rss": rss_mb(srv.pid), "rss_idle": rss_idle,
                    "rss_peak": rss_mb(srv.pid, "VmHWM"), "full_size": rec.full_size,
                    "bytes_per_phone": per_phone, "fulls": rec.fulls}
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
          f"  full snapshots among them: {ours['fulls']}")
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
    phones_of = ThreadPhones() if args.thread_phones else AsyncPhones()
    print(f"phones: {phones_of.name}", flush=True)
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
                  f"lost: {r['lost']}  server_cpu_pct: {r['cpu_pct']:.0f}  "
                  f"server_rss_mb: {r['rss']:.0f}", flush=True)
            if r["lost"] or not p99 < 100:
                failed[mode] = True
            elif not failed[mode]:
                best[mode] = tables
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
    ap.add_argument("--thread-phones", action="store_true",
                    help="with --capacity: a thread per phone as before (the default run's "
                         "clients) instead of one asyncio loop for all")
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
