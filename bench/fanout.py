#!/usr/bin/env python3
"""Fan-out benchmark of the companion server, beside the bare stack's in the same run.

T tables (default 50), each dealt to 7 players in tracker mode, each player a live
python-socketio client over WebSocket. A move is one phone's `move` event
(`{"set": {"in_play": [...]}}`, alternating so that every move changes something);
its latency is the time from just before the emit until the last of the table's 7
phones has a snapshot carrying the move's `seq`. Moves go to random tables at a steady
open-loop rate. The server is `bang-companion serve` in a subprocess on a free
127.0.0.1 port with a throw-away data directory; every loop is bounded in count and
time, and all traffic stays on 127.0.0.1.

Then bench/bare_fanout.py (the bare Flask-SocketIO stack: the baseline, see its docstring)
runs with the same table count, rate and duration, and the ratios are printed:

    fanout_p50_ms: X ms      fanout_p99_ms: X ms      server_rss_mb: X MB
    bare_fanout_p50_ms: ...  fanout_p50_ratio: X x    fanout_p99_ratio: X x

    python bench/fanout.py [--tables 50] [--rate 20] [--duration 20] [--runs 3]
                           [--no-utf8-check] [--no-bare]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BARE = os.path.join(ROOT, "bench", "bare_fanout.py")
PLAYERS = 7
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]
CARDS = [["Mustang"], ["Barrel"]]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return float("nan")


def cpu_s(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    k = max(0, min(len(values) - 1, math.ceil(p / 100.0 * len(values)) - 1))
    return values[k]


def in_parallel(fn, items, timeout: float = 30.0) -> None:
    """fn(item) for every item, in threads; bounded by `timeout` overall."""
    threads = [threading.Thread(target=fn, args=(x,), daemon=True) for x in items]
    for t in threads:
        t.start()
    end = time.monotonic() + timeout
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))


class Recorder:
    """Arrival times of snapshots, per table and seq, in this one client process."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[tuple[int, int], float] = {}
        self.arrivals: dict[tuple[int, int], int] = {}
        self.done: dict[tuple[int, int], float] = {}
        self.first: dict[tuple[int, int], float] = {}
        self.latest: dict[int, int] = {}
        self.size = 0

    def handler(self, table: int):
        def on_snapshot(data):
            t = time.perf_counter()
            key = (table, data["seq"])
            with self.lock:
                if not self.size and data.get("view"):
                    self.size = len(json.dumps(data, ensure_ascii=False))
                self.latest[table] = max(self.latest.get(table, 0), data["seq"])
                if key not in self.sent:
                    return
                n = self.arrivals[key] = self.arrivals.get(key, 0) + 1
                if n == 1:
                    self.first[key] = t - self.sent[key]
                if n == PLAYERS:
                    self.done[key] = t - self.sent[key]
        return on_snapshot


def start_server(port: int, data: str, log) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host",
                             "127.0.0.1", "--port", str(port), "--data", data, "--quiet"],
                            stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)


def wait_up(url: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if requests.get(url + "/healthz", timeout=1).text == "ok":
                return
        except requests.ConnectionError:
            time.sleep(0.05)
    raise SystemExit("the server did not start within 30 s")


def set_up(url: str, args, rec: Recorder, clients: list) -> list[list]:
    """Tables made, joined, connected and dealt. Returns the phones per table."""
    import socketio
    tables, hosts = [], []
    for t in range(args.tables):
        http = requests.Session()
        r = http.post(url + "/tables", data={"mode": "tracker"}, allow_redirects=False)
        table_id = r.headers["Location"].rsplit("/", 1)[1]
        phones = []
        for name in NAMES[:PLAYERS]:
            r = requests.post(f"{url}/t/{table_id}/join", data={"name": name},
                              allow_redirects=False)
            token = r.headers["Location"].split("#", 1)[1]
            c = socketio.Client(reconnection=False)
            c.on("snapshot", rec.handler(t))
            c.connect(url, auth={"table": table_id, "token": token},
                      transports=["websocket"], wait_timeout=10)
            clients.append(c)
            phones.append(c)
        host = socketio.Client(reconnection=False)
        cookie = f"host_{table_id}={http.cookies.get(f'host_{table_id}')}"
        host.connect(url, auth={"table": table_id}, headers={"Cookie": cookie},
                     transports=["websocket"], wait_timeout=10)
        ack = host.call("deal", {}, timeout=10)
        if ack != {"ok": True}:
            raise SystemExit(f"deal refused: {ack}")
        hosts.append(host)
        tables.append(phones)
    # the measured tables are 7 phones each, as in the bare harness: the host screens
    # leave once they have dealt (in parallel: each close waits up to ~3 s)
    in_parallel(lambda c: c.disconnect(), hosts)
    return tables


def run_ours(args) -> dict:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    rec = Recorder()
    clients: list = []
    with tempfile.TemporaryDirectory(prefix="bang-bench-") as data:
        log = open(os.path.join(data, "server.log"), "w")
        srv = start_server(port, os.path.join(data, "db"), log)
        try:
            wait_up(url)
            rss_idle = rss_mb(srv.pid)
            t_conn = time.perf_counter()
            tables = set_up(url, args, rec, clients)
            t_conn = time.perf_counter() - t_conn
            time.sleep(0.5)                              # the last presence snapshots
            rss_connected = rss_mb(srv.pid)
            rng = random.Random(args.seed)
            toggles = {}
            n_warm, n_meas = int(args.warmup * args.rate), int(args.duration * args.rate)
            interval, max_lag = 1.0 / args.rate, 0.0
            next_seq = dict(rec.latest)
            t0 = time.perf_counter()
            cpu0, w0 = cpu_s(srv.pid), time.perf_counter()
            for i in range(n_warm + n_meas):             # bounded: n_warm + n_meas moves
                due = t0 + i * interval
                now = time.perf_counter()
                if due > now:
                    time.sleep(due - now)
                else:
                    max_lag = max(max_lag, now - due)
                t, s = rng.randrange(args.tables), rng.randrange(PLAYERS)
                toggles[t, s] = 1 - toggles.get((t, s), 0)
                with rec.lock:
                    next_seq[t] = next_seq.get(t, 0) + 1
                    if i >= n_warm:
                        if i == n_warm:
                            cpu0, w0 = cpu_s(srv.pid), time.perf_counter()
                        rec.sent[t, next_seq[t]] = time.perf_counter()
                tables[t][s].emit("move", {"set": {"in_play": CARDS[toggles[t, s]]}})
            end = time.monotonic() + args.drain
            while time.monotonic() < end:
                with rec.lock:
                    if len(rec.done) >= n_meas:
                        break
                time.sleep(0.05)
            cpu_pct = 100.0 * (cpu_s(srv.pid) - cpu0) / (time.perf_counter() - w0)
            with rec.lock:
                lat = sorted(v * 1000 for v in rec.done.values())
                first = sorted(v * 1000 for v in rec.first.values())
            return {"lat": lat, "first": first, "lost": n_meas - len(lat), "moves": n_meas,
                    "connect_s": t_conn, "max_lag_ms": max_lag * 1000, "cpu_pct": cpu_pct,
                    "rss": rss_mb(srv.pid), "rss_idle": rss_idle,
                    "rss_connected": rss_connected, "rss_peak": rss_mb(srv.pid, "VmHWM"),
                    "size": rec.size}
        finally:
            srv.send_signal(signal.SIGTERM)              # first: client closes then return at once
            try:
                srv.wait(timeout=10)
            except subprocess.TimeoutExpired:
                srv.kill()
                srv.wait(timeout=10)
            in_parallel(lambda c: c.disconnect(), clients)
            log.close()


# websocket-client checks the UTF-8 of every text frame in pure Python (about 1.2 ms
# per 5 KB on this machine), in the one client process that plays all the phones. A
# browser does that natively. `--no-utf8-check` turns the check off in both harnesses
# alike, so that the figures compare the servers rather than the test clients.
NO_UTF8_CHECK = "import websocket._abnf as a; a.validate_utf8 = lambda data: True"


def skip_utf8_check() -> None:
    exec(NO_UTF8_CHECK)


def run_bare(args) -> dict | None:
    if not os.path.exists(BARE):
        print(f"notice: {os.path.normpath(BARE)} not found: no baseline, no ratios")
        return None
    run = [BARE]
    if args.no_utf8_check:
        run = ["-c", NO_UTF8_CHECK + "; import runpy, sys; sys.argv[0] = " + repr(BARE)
               + "; runpy.run_path(sys.argv[0], run_name='__main__')"]
    cmd = [sys.executable, *run, "--tables", str(args.tables), "--rate", str(args.rate),
           "--duration", str(args.duration), "--warmup", str(args.warmup),
           "--seed", str(args.seed)]
    out = subprocess.run(cmd, capture_output=True, text=True,
                         timeout=args.duration + args.warmup + 300).stdout
    found = {}
    for key in ("fanout_p50_ms", "fanout_p99_ms", "server_rss_mb", "server_cpu_pct"):
        m = re.search(rf"^{key}: ([0-9.]+)", out, re.M)
        if m:
            found[key] = float(m.group(1))
    if "fanout_p50_ms" not in found:
        print("notice: the bare benchmark printed no figures:\n" + out[-2000:])
        return None
    return found


def report(args, ours: dict) -> tuple[float, float]:
    lat = ours["lat"]
    print(f"snapshot: {ours['size']} B (JSON, one phone)  connect_s: {ours['connect_s']:.1f}"
          f"  max_sched_lag_ms: {ours['max_lag_ms']:.1f}")
    print(f"moves: {ours['moves']}  complete: {len(lat)}  lost: {ours['lost']}")
    p50, p99 = pct(lat, 50), pct(lat, 99)
    print(f"fanout_p50_ms: {p50:.2f} ms")
    print(f"fanout_p99_ms: {p99:.2f} ms")
    print(f"fanout_max_ms: {(lat[-1] if lat else float('nan')):.2f} ms")
    print(f"first_of_7_p50_ms: {pct(ours['first'], 50):.2f} ms")
    print(f"server_cpu_pct: {ours['cpu_pct']:.1f} %")
    print(f"server_rss_mb: {ours['rss']:.1f} MB")
    print(f"server_rss_idle_mb: {ours['rss_idle']:.1f} MB  server_rss_connected_mb: "
          f"{ours['rss_connected']:.1f} MB  server_rss_peak_mb: {ours['rss_peak']:.1f} MB")
    sys.stdout.flush()
    return p50, p99


def median(values: list[float]) -> float:
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--rate", type=float, default=20.0, help="moves per second, all tables")
    ap.add_argument("--duration", type=float, default=20.0, help="measured seconds")
    ap.add_argument("--warmup", type=float, default=2.0, help="unrecorded seconds first")
    ap.add_argument("--drain", type=float, default=10.0, help="max wait for stragglers")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=1,
                    help="alternate ours and the bare stack this many times; medians last")
    ap.add_argument("--no-bare", action="store_true", help="skip the bare-stack baseline")
    ap.add_argument("--no-utf8-check", action="store_true",
                    help="both harnesses: skip websocket-client's pure-Python UTF-8 check")
    args = ap.parse_args()
    if args.no_utf8_check:
        skip_utf8_check()
    if not (1 <= args.tables <= 200 and 0 < args.rate <= 500 and 0 < args.duration <= 300
            and 0 <= args.warmup <= 60 and 0 < args.drain <= 60 and 1 <= args.runs <= 9):
        raise SystemExit("argument out of range")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    print(f"tables: {args.tables}  sockets: {args.tables * PLAYERS}  rate: {args.rate}/s  "
          f"duration: {args.duration}s  warmup: {args.warmup}s  runs: {args.runs}"
          + ("  client utf-8 check: off (both)" if args.no_utf8_check else ""))
    runs = []
    for k in range(args.runs):
        if args.runs > 1:
            print(f"-- run {k + 1} of {args.runs}")
        ours = run_ours(args)
        p50, p99 = report(args, ours)
        bare = None if args.no_bare else run_bare(args)
        if bare:
            print(f"bare_fanout_p50_ms: {bare['fanout_p50_ms']:.2f} ms")
            print(f"bare_fanout_p99_ms: {bare['fanout_p99_ms']:.2f} ms")
            print(f"bare_server_rss_mb: {bare.get('server_rss_mb', float('nan')):.1f} MB")
        runs.append((p50, p99, ours["rss"], bare))
    if args.runs > 1:
        print(f"-- medians of {args.runs} runs")
        print(f"fanout_p50_ms: {median([r[0] for r in runs]):.2f} ms")
        print(f"fanout_p99_ms: {median([r[1] for r in runs]):.2f} ms")
        print(f"server_rss_mb: {median([r[2] for r in runs]):.1f} MB")
    bares = [r[3] for r in runs if r[3]]
    if not bares:
        return
    p50 = median([r[0] for r in runs])
    p99 = median([r[1] for r in runs])
    b50 = median([b["fanout_p50_ms"] for b in bares])
    b99 = median([b["fanout_p99_ms"] for b in bares])
    if args.runs > 1:
        print(f"bare_fanout_p50_ms: {b50:.2f} ms")
        print(f"bare_fanout_p99_ms: {b99:.2f} ms")
    print(f"fanout_p50_ratio: {p50 / b50:.2f} x")
    print(f"fanout_p99_ratio: {p99 / b99:.2f} x")
    rss = [b["server_rss_mb"] for b in bares if "server_rss_mb" in b]
    if rss:
        print(f"server_rss_ratio: {median([r[2] for r in runs]) / median(rss):.2f} x")
    ok = p50 <= 1.3 * b50 and p99 <= 1.5 * b99 and p99 <= 50
    print("aim (p50 <= 1.3x, p99 <= 1.5x bare, p99 <= 50 ms): " + ("met" if ok else "NOT met"))


if __name__ == "__main__":
    main()
