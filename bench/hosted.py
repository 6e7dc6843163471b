#!/usr/bin/env python3
"""Fan-out and capacity of the hosted set-up (docs/deploy.md) with 1 and with 2 server
processes, on this machine.

The stack of tests/test_hosted.py: PostgreSQL, Redis, nginx (cookie-sticky) and N
gunicorn processes of the companion, all on free 127.0.0.1 ports. T tables (default
50) of 7 live python-socketio phones each connect through nginx over WebSocket (nginx
spreads them over the processes, so a table's phones sit on both); a move is one
phone's `move` event, and its latency runs until all 7 phones of the table hold the
snapshot carrying it (bench/fanout.py's measure, whose Recorder this reuses).

1. fan-out: moves at a steady rate (default 20/s) over all tables: p50/p99;
2. capacity: the rate climbs (default 25, 35, 50, 70, 100, 140, 200 moves/s, a few
   seconds each);
   the capacity is the highest rate at which every move reached all 7 phones with
   p99 under 250 ms.

    python bench/hosted.py [--processes 0,1,2] [--tables 50] [--rate 20] [--duration 15]
                           [--steps 25,50,100,200] [--step-duration 6]

Prints `name: value unit` lines, e.g. `p2_fanout_p50_ms: 21.0 ms`, `p2_capacity_moves_s:
100 moves/s`. Every loop is bounded in count and time; all traffic stays on 127.0.0.1.
The client process (350 python-socketio phones) shares the 2 cores with everything
else: the figures are this whole machine's, not one server's.
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests"))

import fanout  # noqa: E402  (bench/fanout.py: Recorder, percentiles, the UTF-8 switch)
import services  # noqa: E402  (tests/services.py: the servers)

PLAYERS = fanout.PLAYERS
NAMES = fanout.NAMES
CARDS = fanout.CARDS
P99_CAP_MS = 250.0


def cpu_of(pids: list[int]) -> float:
    return sum(fanout.cpu_s(p) for p in pids)


def group_pids(proc) -> list[int]:
    out = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True,
                         text=True).stdout.split()
    return [int(p) for p in out] or [proc.pid]


def set_up(url: str, tables: int, rec, clients: list) -> list[list]:
    """The laptop bench's tables (made, joined, connected, dealt), with full snapshots."""
    return fanout.set_up(url, argparse.Namespace(tables=tables, full=True), rec, clients)


def play(rec, tables: list[list], rate: float, seconds: float, warmup: float,
         rng: random.Random, toggles: dict, pids: list[int], drain: float = 8.0) -> dict:
    """Moves at `rate` for `warmup` + `seconds`; the measured ones' latencies, and the
    CPU the servers (`pids`) and this client process used meanwhile."""
    c_srv, c_me, w0 = cpu_of(pids), time.process_time(), time.perf_counter()
    with rec.lock:
        rec.sent.clear(), rec.arrivals.clear(), rec.done.clear(), rec.first.clear()
        next_seq = dict(rec.latest)
    n_warm, n_meas = int(warmup * rate), int(seconds * rate)
    interval, t0 = 1.0 / rate, time.perf_counter()
    for i in range(n_warm + n_meas):
        due = t0 + i * interval
        now = time.perf_counter()
        if due > now:
            time.sleep(due - now)
        t, s = rng.randrange(len(tables)), rng.randrange(PLAYERS)
        toggles[t, s] = 1 - toggles.get((t, s), 0)
        with rec.lock:
            next_seq[t] = next_seq.get(t, 0) + 1
            if i >= n_warm:
                rec.sent[t, next_seq[t]] = time.perf_counter()
        tables[t][s].emit("move", {"set": {"in_play": CARDS[toggles[t, s]]}})
    end = time.monotonic() + drain
    while time.monotonic() < end:
        with rec.lock:
            if len(rec.done) >= n_meas:
                break
        time.sleep(0.05)
    time.sleep(0.3)                      # stragglers of this step before the next one
    wall = time.perf_counter() - w0
    with rec.lock:
        lat = sorted(v * 1000 for v in rec.done.values())
    return {"lat": lat, "moves": n_meas, "lost": n_meas - len(lat),
            "srv_cpu": 100 * (cpu_of(pids) - c_srv) / wall,
            "cpu_ms_per_move": 1000 * (cpu_of(pids) - c_srv) / (n_warm + n_meas),
            "client_cpu": 100 * (time.process_time() - c_me) / wall}


class Laptop:
    """`bang-companion serve` on SQLite, phones straight to it: the laptop server."""

    def __init__(self) -> None:
        import tempfile
        self.dir = tempfile.mkdtemp(prefix="bang-bench-")
        self.port = services.free_port()
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> "Laptop":
        self.log = open(os.path.join(self.dir, "server.log"), "w")
        self.proc = fanout.start_server(self.port, os.path.join(self.dir, "db"), self.log)
        fanout.wait_up(self.url)
        return self

    def stop(self) -> None:
        services.stop(self.proc)
        self.log.close()
        import shutil
        shutil.rmtree(self.dir, ignore_errors=True)


def profile(args, phase: str) -> None:
    """With --profile DIR: the server processes sample their own stacks
    (bench/sampling/sitecustomize.py) during the fan-out run, into DIR/p<N>/."""
    if not args.profile:
        return
    os.makedirs(os.environ["BANG_SAMPLE_TO"], exist_ok=True)
    open(os.path.join(os.environ["BANG_SAMPLE_TO"], phase), "w").close()
    if phase == "stop":
        time.sleep(1.5)                # each process writes its file


def measure(url: str, server_pids, service_pids, args) -> dict:
    rec = fanout.Recorder()
    clients: list = []
    try:
        t_conn = time.perf_counter()
        tables = set_up(url, args.tables, rec, clients)
        t_conn = time.perf_counter() - t_conn
        time.sleep(0.5)
        app_pids, others = server_pids(), service_pids()
        rng, toggles = random.Random(args.seed), {}
        profile(args, "go")
        c_oth, w0 = cpu_of(others), time.perf_counter()
        fan = play(rec, tables, args.rate, args.duration, args.warmup, rng, toggles,
                   app_pids)
        profile(args, "stop")
        fan["other_cpu"] = 100 * (cpu_of(others) - c_oth) / (time.perf_counter() - w0)
        steps = []
        for rate in args.steps:
            step = play(rec, tables, rate, args.step_duration, 1.0, rng, toggles, app_pids)
            step["rate"] = rate
            steps.append(step)
            if step["lost"] > max(1, step["moves"] // 20):      # far past it: stop
                break
        return {"fan": fan, "steps": steps, "connect_s": t_conn}
    finally:
        fanout.in_parallel(lambda c: c.disconnect(), clients)


def run(n: int, args) -> dict:
    if n == 0:
        laptop = Laptop().start()
        try:
            r = measure(laptop.url, lambda: [laptop.proc.pid], lambda: [], args)
            r["rss"] = fanout.rss_mb(laptop.proc.pid)
            return r
        finally:
            laptop.stop()
    with services.hosted(n, threads=args.threads, worker=args.worker,
                         connections=args.connections, tables_per_hour=10**6) as running:
        pg, redis, apps, proxy = (running[k] for k in ("pg", "redis", "apps", "proxy"))
        r = measure(proxy.url, lambda: [p for a in apps for p in a.pids()],
                    lambda: group_pids(pg.proc) + [redis.proc.pid] + group_pids(proxy.proc),
                    args)
        r["rss"] = sum(a.rss_mb() for a in apps)
        return r


def table_capacity(n: int, args) -> None:
    """Tables added in steps (`--tables-steps`) at `--per-table-rate` moves/s per table,
    phones taking patches as the pages do (one asyncio loop, bench/phones.py), on one
    running stack of n processes, until the fan-out p99 passes 100 ms or a move is
    lost."""
    from phones import AsyncPhones
    phones_of = AsyncPhones()
    # a process's limits (docs/deploy.md: 200 tables, 1,000 sockets) raised past what the
    # run asks for, as bench/fanout.py does for the laptop server
    os.environ.setdefault("BANG_MAX_TABLES", "2000")
    os.environ.setdefault("BANG_MAX_SOCKETS", "20000")
    with services.hosted(n, threads=args.threads, worker=args.worker,
                         connections=args.connections, tables_per_hour=10**6) as running:
        apps = running["apps"]
        rec, clients, tables = fanout.Recorder(sizes=False), [], []
        rng, toggles, best = random.Random(args.seed), {}, 0
        try:
            for step in args.tables_steps:
                t0 = time.perf_counter()
                tables += fanout.set_up(running["proxy"].url, argparse.Namespace(
                    tables=step - len(tables), full=False, set_up_threads=8), rec, clients,
                    phones_of,
                    offset=len(tables))
                t_conn = time.perf_counter() - t0
                time.sleep(1.0)
                rate = step * args.per_table_rate
                load = os.getloadavg()[0]
                r = play(rec, tables, rate, args.duration, 2.0, rng, toggles,
                         [p for a in apps for p in a.pids()])
                p99 = fanout.pct(r["lat"], 99)
                ok = r["lost"] == 0 and p99 <= 100
                print(f"p{n}_{args.worker}_tables_{step}: sockets {step * PLAYERS}, "
                      f"{rate:g} moves/s, p50 {fanout.pct(r['lat'], 50):.1f} ms, p99 "
                      f"{p99:.1f} ms, lost {r['lost']} of {r['moves']}, server CPU "
                      f"{r['srv_cpu']:.0f} % ({r['cpu_ms_per_move']:.2f} ms/move), phones' "
                      f"CPU {r['client_cpu']:.0f} %, RSS {sum(a.rss_mb() for a in apps):.0f}"
                      f" MB, load {load:.1f}, connect {t_conn:.0f} s"
                      + ("" if ok else "  (over)"), flush=True)
                if not ok:
                    break
                best = step
        finally:
            fanout.in_parallel(lambda c: c.disconnect(), clients)
            phones_of.close()
    print(f"p{n}_{args.worker}_tables_at_p99_100ms: {best} tables", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--processes", default="0,1,2",
                    help="0 is the laptop server (SQLite, no proxy) for comparison")
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--rate", type=float, default=20.0)
    ap.add_argument("--duration", type=float, default=15.0)
    ap.add_argument("--warmup", type=float, default=2.0)
    ap.add_argument("--steps", default="25,35,50,70,100,140,200")
    ap.add_argument("--step-duration", type=float, default=6.0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--capacity", action="store_true",
                    help="tables at p99 <= 100 ms for each process count, in table steps")
    ap.add_argument("--tables-steps", default="50,100,150,200,300,400,500",
                    help="with --capacity: table counts, climbing")
    ap.add_argument("--per-table-rate", type=float, default=0.4,
                    help="with --capacity: moves/s per table (0.4: 20/s at 50 tables)")
    ap.add_argument("--worker", default="gthread", choices=["gthread", "gevent"],
                    help="gunicorn's worker class (docs/deploy.md)")
    ap.add_argument("--threads", type=int, default=500,
                    help="gthread: threads of a process (a socket holds one; with "
                         "--capacity at least the sockets asked for)")
    ap.add_argument("--connections", type=int, default=8000,
                    help="gevent: connections of a process")
    ap.add_argument("--profile", default="", metavar="DIR",
                    help="each server process samples its stacks during the fan-out run "
                         "(DIR/p<N>/<pid>.txt; bench/stacks.py sums them)")
    ap.add_argument("--utf8-check", action="store_true",
                    help="keep websocket-client's pure-Python UTF-8 check (off by default, "
                         "as bench/fanout.py --no-utf8-check)")
    args = ap.parse_args()
    args.steps = [float(s) for s in args.steps.split(",")]
    args.tables_steps = [int(s) for s in args.tables_steps.split(",")]
    if args.capacity:       # a gthread worker holds a socket per thread
        args.threads = max(args.threads, (PLAYERS + 1) * max(args.tables_steps) + 100)
    lacking = services.missing()
    if lacking:
        raise SystemExit("needs " + ", ".join(lacking) + " (see docs/deploy.md)")
    if not args.utf8_check:
        fanout.skip_utf8_check()
    for n in [int(x) for x in args.processes.split(",")]:
        if args.capacity:
            table_capacity(n, args)
            continue
        load0 = os.getloadavg()[0]
        if args.profile:
            os.environ["BANG_SAMPLE_TO"] = os.path.join(os.path.abspath(args.profile),
                                                        f"p{n}")
            os.environ["PYTHONPATH"] = os.pathsep.join(
                [os.path.join(HERE, "sampling")] + [p for p in os.environ.get(
                    "PYTHONPATH", "").split(os.pathsep) if p])
        r = run(n, args)
        f, lat = r["fan"], r["fan"]["lat"]
        print(f"# machine load average: {load0:.1f} before, {os.getloadavg()[0]:.1f} after "
              f"({os.cpu_count()} cores; above that, other programs shared them)")
        what = ("the laptop server (bang-companion serve, SQLite), phones straight to it"
                if n == 0 else f"{n} process(es) through nginx, PostgreSQL, Redis")
        print(f"# p{n}: {what}; {args.tables} tables x {PLAYERS} phones; "
              f"connect {r['connect_s']:.1f} s")
        print(f"p{n}_fanout_p50_ms: {fanout.pct(lat, 50):.2f} ms")
        print(f"p{n}_fanout_p99_ms: {fanout.pct(lat, 99):.2f} ms")
        print(f"p{n}_fanout_lost: {f['lost']} of {f['moves']}")
        print(f"p{n}_server_cpu_pct: {f['srv_cpu']:.1f} %  (all companion processes; "
              f"PostgreSQL, Redis, nginx: {f['other_cpu']:.1f} %; the phones' process: "
              f"{f['client_cpu']:.1f} %)")
        print(f"p{n}_server_rss_mb: {r['rss']:.1f} MB")
        per_move = sorted([f["cpu_ms_per_move"]] + [s["cpu_ms_per_move"] for s in r["steps"]])
        ms = per_move[len(per_move) // 2]
        print(f"p{n}_server_cpu_ms_per_move: {ms:.2f} ms  (median over the runs; one "
              f"process runs Python on one core at a time: at most {1000 / ms * max(n, 1):.0f}"
              f" moves/s for {max(n, 1)} process(es), given the cores)")
        capacity = 0.0
        for s in r["steps"]:
            ok = s["lost"] == 0 and fanout.pct(s["lat"], 99) <= P99_CAP_MS
            print(f"p{n}_at_{s['rate']:g}_moves_s: p50 {fanout.pct(s['lat'], 50):.1f} ms, "
                  f"p99 {fanout.pct(s['lat'], 99):.1f} ms, lost {s['lost']} of {s['moves']}, "
                  f"server CPU {s['srv_cpu']:.0f} % ({s['cpu_ms_per_move']:.1f} ms/move), "
                  f"phones' CPU {s['client_cpu']:.0f} %"
                  + ("" if ok else "  (over)"))
            if ok and s["rate"] > capacity:
                capacity = s["rate"]
        print(f"p{n}_capacity_moves_s: {capacity:g} moves/s")
        sys.stdout.flush()

if __name__ == "__main__":
    main()
