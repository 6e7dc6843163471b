#!/usr/bin/env python3
"""Bare-stack fan-out benchmark: Flask + Flask-SocketIO (async_mode="threading",
Werkzeug server, simple-websocket) with T "tables" (Socket.IO rooms) of 7
python-socketio clients each.

A move = one client of a table emits 'move' with a ~1 KB JSON payload; the
server broadcasts a ~2 KB 'state' payload to the table's room; the move's
latency is the time from just before the emit until the last of the table's 7
clients has received that state (all clocks are time.perf_counter in this one
client process).  Moves go to random tables at a steady open-loop rate.

Self-contained: starts the server as a subprocess of this same file on a free
127.0.0.1 port, runs the clients in this process, prints

    fanout_p50_ms: X ms
    fanout_p99_ms: Y ms
    server_rss_mb: Z MB

(plus a few more lines), then stops the server.  Every loop is bounded in count
and time.

Note: the figure includes the client side.  At T=1 on a 2-core box the server
had sent to all 7 sockets ~3.3 ms (p50) after the emit; the rest of the ~10 ms
is this process's python-socketio threaded clients (a thread per received
message, GIL hand-offs).  Compare servers only through this same harness.

needs: flask, flask-socketio, simple-websocket, python-socketio[client]
(websocket-client).  Example:
    python bench/bare_fanout.py --tables 10 --rate 20 --duration 20
"""
import argparse
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time

PLAYERS_DEFAULT = 7


# --------------------------------------------------------------------------- server
def make_state(table, players):
    """~2 KB JSON game state for one table (grown by pad to ~2048 bytes)."""
    st = {
        "table": table,
        "seq": 0,
        "move": -1,
        "turn": 0,
        "phase": "play",
        "last_action": None,
        "players": [
            {
                "seat": i,
                "name": f"player_{table}_{i}",
                "character": "Willy the Kid",
                "role": "hidden" if i else "sheriff",
                "lives": 4,
                "max_lives": 4,
                "hand_count": 5,
                "equipment": [{"name": "Barrel", "suit": "S", "rank": "Q"}],
                "is_my_turn": i == 0,
            }
            for i in range(players)
        ],
        "pad": "",
    }
    base = len(json.dumps(st, separators=(",", ":")))
    st["pad"] = "s" * max(0, 2048 - base)
    return st


def serve(port, players, private_first=False):
    from flask import Flask
    from flask_socketio import SocketIO, emit, join_room

    app = Flask(__name__)
    socketio = SocketIO(app, async_mode="threading")
    states = {}
    lock = threading.Lock()

    @socketio.on("join")
    def on_join(data):
        t = int(data["table"])
        join_room(f"t{t}")
        with lock:
            if t not in states:
                states[t] = make_state(t, players)
        return True

    @socketio.on("move")
    def on_move(data):
        t = int(data["table"])
        with lock:
            st = states[t]
            st["seq"] += 1
            st["move"] = data["move"]
            st["turn"] = data["seat"]
            st["last_action"] = {"seat": data["seat"], "type": data["action"]["type"]}
            st["players"][data["seat"]]["hand_count"] = len(data["action"]["hand"])
            payload = dict(st)
        if private_first:  # a small private reply to the mover just before the room broadcast
            emit("private", {"move": data["move"], "ok": True, "hand": data["action"]["hand"]})
        emit("state", payload, to=f"t{t}")

    print(f"bare server: 127.0.0.1:{port}", flush=True)
    socketio.run(app, host="127.0.0.1", port=port, allow_unsafe_werkzeug=True,
                 use_reloader=False, log_output=False)


# --------------------------------------------------------------------------- client
def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def wait_port(port, timeout):
    t_end = time.monotonic() + timeout
    while time.monotonic() < t_end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def rss_mb(pid, field="VmRSS"):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return float("nan")


def cpu_s(pid):
    """user+system CPU seconds used so far by process pid (all its threads)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def pct(sorted_vals, p):
    if not sorted_vals:
        return float("nan")
    k = max(0, min(len(sorted_vals) - 1, math.ceil(p / 100.0 * len(sorted_vals)) - 1))
    return sorted_vals[k]


def move_payload(table, move, seat):
    """~1 KB JSON move as a client would send it."""
    d = {
        "table": table,
        "move": move,
        "seat": seat,
        "action": {
            "type": "play_card",
            "card": {"name": "Bang!", "suit": "H", "rank": "A"},
            "target": (seat + 1) % PLAYERS_DEFAULT,
            "hand": [{"name": f"card{i}", "suit": "CDHS"[i % 4], "rank": str(i + 2)} for i in range(6)],
        },
        "pad": "",
    }
    d["pad"] = "m" * max(0, 1024 - len(json.dumps(d, separators=(",", ":"))))
    return d


def disconnect_all(clients, timeout=20.0):
    """Disconnect clients in parallel: one python-socketio disconnect waits ~3 s for a
    websocket close reply that the Werkzeug/simple-websocket server never sends."""
    def _one(c):
        try:
            c.disconnect()
        except Exception:
            pass
    ths = [threading.Thread(target=_one, args=(c,), daemon=True) for c in clients]
    for th in ths:
        th.start()
    t_end = time.monotonic() + timeout
    for th in ths:                               # bounded by timeout overall
        th.join(max(0.0, t_end - time.monotonic()))


def run(args):
    import socketio  # python-socketio client

    port = args.port or free_port()
    log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL
    srv = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve", str(port),
                            "--players", str(args.players)]
                           + (["--private-first"] if args.private_first else []),
                           stdout=log, stderr=subprocess.STDOUT)
    clients = []
    try:
        if not wait_port(port, 30):
            raise SystemExit("server did not start within 30 s")
        rss_idle = rss_mb(srv.pid)
        url = f"http://127.0.0.1:{port}"
        lock = threading.Lock()
        sent = {}       # move -> (table, t_emit)
        arrivals = {}   # move -> list of t_recv
        done = {}       # move -> latency (s) until the last of the table's clients got it
        first = {}      # move -> latency (s) until the first of them got it
        state_bytes = [0]

        def make_handler(table):
            def on_state(data):
                t = time.perf_counter()
                m = data.get("move")
                with lock:
                    if m is None or m not in sent:
                        return
                    lst = arrivals.setdefault(m, [])
                    lst.append(t)
                    if len(lst) == 1:
                        first[m] = t - sent[m][1]
                    if len(lst) == args.players:
                        done[m] = max(lst) - sent[m][1]
                    if not state_bytes[0]:
                        state_bytes[0] = len(json.dumps(data, separators=(",", ":")))
            return on_state

        t_conn = time.perf_counter()
        tables = []
        for t in range(args.tables):
            seats = []
            for s in range(args.players):
                c = socketio.Client(reconnection=False)
                c.on("state", make_handler(t))
                c.connect(url, transports=["websocket"], wait_timeout=10)
                clients.append(c)
                ok = c.call("join", {"table": t}, timeout=10)
                if ok is not True:
                    raise SystemExit(f"join failed for table {t} seat {s}")
                seats.append(c)
            tables.append(seats)
        t_conn = time.perf_counter() - t_conn
        rss_connected = rss_mb(srv.pid)

        rng = random.Random(args.seed)
        move_bytes = len(json.dumps(move_payload(0, 0, 0), separators=(",", ":")))
        n_warm = int(args.warmup * args.rate)
        n_meas = int(args.duration * args.rate)
        interval = 1.0 / args.rate
        max_lag = 0.0
        t0 = time.perf_counter()
        for i in range(n_warm + n_meas):            # bounded: n_warm + n_meas moves
            due = t0 + i * interval
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            else:
                max_lag = max(max_lag, now - due)
            t = rng.randrange(args.tables)
            seat = rng.randrange(args.players)
            move = i
            payload = move_payload(t, move, seat)
            if i == n_warm:
                cpu0, w0 = cpu_s(srv.pid), time.perf_counter()
            if i >= n_warm:                         # warm-up moves are not recorded
                with lock:
                    sent[move] = (t, time.perf_counter())
            tables[t][seat].emit("move", payload)
        t_send = time.perf_counter() - t0

        # drain: wait (bounded) for all measured moves to reach all clients
        t_end = time.monotonic() + args.drain
        while time.monotonic() < t_end:
            with lock:
                if len(done) >= n_meas:
                    break
            time.sleep(0.05)
        cpu_pct = 100.0 * (cpu_s(srv.pid) - cpu0) / (time.perf_counter() - w0)
        rss_end = rss_mb(srv.pid)
        hwm = rss_mb(srv.pid, "VmHWM")
        with lock:
            lat = sorted(v * 1000.0 for v in done.values())
            lat1 = sorted(v * 1000.0 for v in first.values())
            lost = n_meas - len(done)

        if args.raw_out:
            with open(args.raw_out, "w") as f:
                json.dump(lat, f)
        print(f"tables: {args.tables}  sockets: {args.tables * args.players}  "
              f"rate: {args.rate}/s  duration: {args.duration}s  warmup: {args.warmup}s"
              + ("  private-first" if args.private_first else ""))
        print(f"payloads: move {move_bytes} B, state {state_bytes[0]} B (JSON)")
        print(f"connect_s: {t_conn:.2f}  send_window_s: {t_send:.2f}  max_sched_lag_ms: {max_lag*1000:.1f}")
        print(f"moves: {n_meas}  complete: {len(lat)}  lost: {lost}")
        print(f"fanout_p50_ms: {pct(lat, 50):.2f} ms")
        print(f"fanout_p99_ms: {pct(lat, 99):.2f} ms")
        print(f"fanout_max_ms: {(lat[-1] if lat else float('nan')):.2f} ms")
        print(f"fanout_mean_ms: {(sum(lat)/len(lat) if lat else float('nan')):.2f} ms")
        print(f"first_of_{args.players}_p50_ms: {pct(lat1, 50):.2f} ms  first_p99_ms: {pct(lat1, 99):.2f} ms")
        print(f"server_cpu_pct: {cpu_pct:.1f} %  (of one core, measured window incl. drain)")
        print(f"server_rss_mb: {rss_end:.1f} MB")
        print(f"server_rss_idle_mb: {rss_idle:.1f} MB  server_rss_connected_mb: {rss_connected:.1f} MB  "
              f"server_rss_peak_mb: {hwm:.1f} MB")
        sys.stdout.flush()
    finally:
        disconnect_all(clients)
        if srv.poll() is None:
            srv.send_signal(signal.SIGTERM)
            try:
                srv.wait(timeout=10)
            except subprocess.TimeoutExpired:
                srv.kill()
                srv.wait(timeout=10)
        if log is not subprocess.DEVNULL:
            log.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=1)
    ap.add_argument("--players", type=int, default=PLAYERS_DEFAULT)
    ap.add_argument("--rate", type=float, default=20.0, help="moves per second, all tables together")
    ap.add_argument("--duration", type=float, default=20.0, help="measured seconds")
    ap.add_argument("--warmup", type=float, default=2.0, help="unrecorded seconds before measuring")
    ap.add_argument("--drain", type=float, default=10.0, help="max seconds to wait for stragglers")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--port", type=int, default=0, help="default: a free port")
    ap.add_argument("--raw-out", default="", help="write the sorted latencies (ms) as JSON here")
    ap.add_argument("--server-log", default="", help="file for the server's output (default: discard)")
    ap.add_argument("--private-first", action="store_true",
                    help="server also emits a small private message to the mover right before the "
                         "room broadcast (two back-to-back writes on the mover's socket)")
    ap.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = ap.parse_args()
    # make SIGTERM run the finally-blocks (which stop the server subprocess)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.serve:
        serve(args.serve, args.players, args.private_first)
        return
    if not (1 <= args.tables <= 1000 and 1 <= args.players <= 20 and 0 < args.rate <= 1000
            and 0 < args.duration <= 600 and 0 <= args.warmup <= 60 and 0 < args.drain <= 60):
        raise SystemExit("argument out of range")
    run(args)


if __name__ == "__main__":
    main()
