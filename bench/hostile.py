"""Hostile input against a live server, counted: tracebacks in its log, HTTP 5xx, state
changes after refusals, and its memory. Prints `name: value unit` lines.

    python bench/hostile.py [--inputs 10000] [--seed 1]
    python bench/hostile.py --big-bodies 5,10,20,40,60 [--modes threads,gevent] [--rounds 3]

`--modes`: the server's ways of serving (`bang-companion serve --async`), in turns in
every round; gevent's figures carry the prefix `gevent_`.

Kinds, mixed at random: raw Engine.IO/Socket.IO frames (random bytes, broken packets,
deep or huge JSON); events of every name with random JSON payloads on an authenticated
phone and host socket; moves carrying the log's bookkeeping; HTTP posts with random
bodies, names (lone surrogates, look-alikes, control characters), `Origin: null`,
foreign `Host` headers; oversized WebSocket messages (1 MB to 8 MB). The table is played
meanwhile; at the end its export must replay to the live state (a refused input
changes nothing, an accepted one is a valid move).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import string
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests
import websocket

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import engine  # noqa: E402
from services import free_port  # noqa: E402  (tests/services.py)

EVENTS = ["move", "host_move", "undo", "take_back", "act_for", "playable", "order",
          "kick", "deal", "new_game", "end_game", "reseat", "judge", "targets",
          "catalogue", "distance", "character", "connect", "disconnect", "bad_message",
          "nope"]
ODD = ["\ud800", "a\udcff", "\x00", "\u202e", "Аnn", "Ａｎｎ", "Ánn", "host", "Нost",
       "<b>x</b>", "x" * 300, "8♠", "", " "]
KEYS = ["set", "life", "hand", "seat", "turn", "in_play", "end_turn", "discard", "play",
        "target", "by", "seq", "at", "undone", "note", "order", "lobby_id", "options",
        "characters", "move", "card", "respond", "draw", "check", "host"]


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def value(rng: random.Random, depth: int = 0):
    r = rng.random()
    if depth > 3 or r < 0.45:
        return rng.choice([None, True, False, rng.randint(-10 ** 6, 10 ** 6),
                           10 ** rng.randint(15, 60), rng.random() * 1e9,
                           rng.choice(ODD), "".join(rng.choices(string.printable, k=8))])
    if r < 0.7:
        return [value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(KEYS): value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def frame(rng: random.Random):
    kind = rng.random()
    if kind < 0.25:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 200)))
    if kind < 0.35:
        return rng.choice(["42" + "[" * 20000, '42["move",' + "9" * 6000 + "]",
                           "4" + "{" * 3000, "42[]", "4", "", "b!!", "2probe", "5", "6",
                           "40x", "41", '42["connect",{}]', '421["disconnect"]'])
    prefix = rng.choice(["0", "1", "2", "3", "4", "5", "6", "40", "41", "42", "43", "44",
                         "420", "4217", "42/x,", "451-", "b"])
    body = json.dumps(value(rng), ensure_ascii=rng.random() < 0.5, default=str)
    return prefix + body


def event_frame(rng: random.Random, ack: int) -> str:
    payload = [rng.choice(EVENTS), value(rng)]
    if rng.random() < 0.2:
        payload[1] = {"set": {"life": rng.randint(0, 4)},
                      rng.choice(["seq", "at", "undone"]): value(rng)}
    return f"42{ack}" + json.dumps(payload, ensure_ascii=rng.random() < 0.5, default=str)


def send_text(w, text: str) -> None:
    """A text frame as it is, lone surrogates included (then it is not valid UTF-8)."""
    w.send(text.encode("utf-8", "surrogatepass"), websocket.ABNF.OPCODE_TEXT)


class Server:
    def __init__(self, data: str, mode: str = "threads"):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
             str(self.port), "--data", data, "--async", mode], cwd=str(ROOT),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        for _ in range(400):
            try:
                if requests.get(self.url + "/healthz", timeout=1).ok:
                    return
            except requests.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def ws(self, auth: dict | None, cookie: str = ""):
        w = websocket.create_connection(
            f"ws://127.0.0.1:{self.port}/socket.io/?EIO=4&transport=websocket", timeout=3,
            suppress_origin=True, cookie=cookie or None)
        w.recv()
        if auth is not None:
            w.send("40" + json.dumps(auth))
            while not w.recv().startswith("40"):
                pass
        return w


BIG_PATHS = (("/tables/from-record", "application/json"),
             ("/t/{table}/join", "application/x-www-form-urlencoded"),
             ("/tables", "multipart/form-data; boundary=x"))


def big_bodies(sizes_mb: list[int], mode: str = "threads") -> dict:
    """The server's memory after request bodies of `sizes_mb` MB, each refused (413) on
    each path of BIG_PATHS, against its memory once every path has served (a 100 KB
    body refused on each, so that their pages and code are loaded): rss_ratio."""
    data = tempfile.mkdtemp(prefix="bench-hostile-")
    srv = Server(data, mode)
    try:
        r = requests.post(srv.url + "/tables", data={"mode": "tracker"}, allow_redirects=False)
        table = r.headers["Location"].rsplit("/", 1)[1]

        def post(size: int) -> list:
            out = []
            for path, ctype in BIG_PATHS:
                try:
                    r = requests.post(srv.url + path.format(table=table), data=b"x" * size,
                                      headers={"Content-Type": ctype}, timeout=60)
                    out.append(r.status_code)
                except requests.RequestException as e:
                    out.append(type(e).__name__)
            return out
        post(100_000)
        time.sleep(1)
        idle = rss_kb(srv.proc.pid)
        peak = idle
        answers: dict = {}
        for mb in sizes_mb:
            for code in post(mb << 20):
                answers[code] = answers.get(code, 0) + 1
            peak = max(peak, rss_kb(srv.proc.pid))
        time.sleep(2)
        end = rss_kb(srv.proc.pid)
    finally:
        srv.proc.terminate()
        srv.proc.wait(10)
    p = "" if mode == "threads" else mode + "_"
    print(f"{p}big_bodies_mb: {','.join(map(str, sizes_mb))} on {len(BIG_PATHS)} paths")
    print(f"{p}answers: {json.dumps(answers, sort_keys=True)}")
    print(f"{p}rss_idle: {idle / 1024:.1f} MB")
    print(f"{p}rss_peak: {peak / 1024:.1f} MB")
    print(f"{p}rss_end: {end / 1024:.1f} MB")
    print(f"{p}rss_ratio: {end / idle:.2f} x  (aim: at most 1.1x)", flush=True)
    return {"idle": idle, "peak": peak, "end": end}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--big-bodies", default="",
                    help="instead: request bodies of these sizes in MB, e.g. 5,10,20,40,60, "
                         "and the server's memory after them")
    ap.add_argument("--modes", default="threads",
                    help="with --big-bodies: threads, gevent or both, in turns")
    ap.add_argument("--rounds", type=int, default=1, help="with --big-bodies: rounds of them")
    args = ap.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    if not modes or set(modes) - {"threads", "gevent"} or not 1 <= args.rounds <= 9:
        raise SystemExit("argument out of range")
    if args.big_bodies:
        sizes = [int(x) for x in args.big_bodies.split(",")]
        got: dict = {m: [] for m in modes}
        for _ in range(args.rounds):
            for mode in modes:
                got[mode].append(big_bodies(sizes, mode))
        if args.rounds > 1:
            for mode, rs in got.items():
                p = "" if mode == "threads" else mode + "_"
                ratio = sorted(r["end"] / r["idle"] for r in rs)[len(rs) // 2]
                print(f"{p}rss_ratio_median: {ratio:.2f} x  (of {len(rs)} rounds)")
        return
    rng = random.Random(args.seed)
    data = tempfile.mkdtemp(prefix="bench-hostile-")
    srv = Server(data)
    s = requests.Session()
    r = s.post(srv.url + "/tables", data={"mode": "tracker"}, allow_redirects=False)
    table = r.headers["Location"].rsplit("/", 1)[1]
    cookie = f"host_{table}={s.cookies.get(f'host_{table}')}"
    tokens = {}
    for n in ["Ann", "Bob", "Cid", "Dan"]:
        r = requests.post(f"{srv.url}/t/{table}/join", data={"name": n}, allow_redirects=False)
        tokens[n] = r.headers["Location"].split("#", 1)[1]
    host = srv.ws({"table": table}, cookie)
    host.send('4299["deal",{}]')
    time.sleep(0.5)
    rss0 = rss_kb(srv.proc.pid)
    peak = rss0
    statuses: dict[int, int] = {}
    counts: dict[str, int] = {}
    sockets: dict[str, websocket.WebSocket | None] = {"raw": None, "phone": None}
    t0 = time.time()
    for k in range(args.inputs):
        kind = rng.choices(["frame", "event", "http", "big"], [45, 40, 14, 1])[0]
        counts[kind] = counts.get(kind, 0) + 1
        try:
            if kind == "frame":
                w = sockets["raw"] = sockets["raw"] if sockets["raw"] and sockets["raw"].connected \
                    else srv.ws({"table": table, "token": tokens["Bob"]})
                f = frame(rng)
                w.send_binary(f) if isinstance(f, bytes) else send_text(w, f)
            elif kind == "event":
                w = sockets["phone"] = sockets["phone"] if sockets["phone"] and \
                    sockets["phone"].connected else srv.ws({"table": table,
                                                             "token": tokens["Cid"]})
                send_text(w, event_frame(rng, k))
                time.sleep(0.02)                  # a phone's pace, not a flood
            elif kind == "big":
                w = srv.ws(None)
                try:
                    w.send("4" + "x" * (rng.randint(1, 8) << 20))
                except OSError:
                    pass
                w.shutdown()
            else:
                path = rng.choice(["/tables", f"/t/{table}/join", "/tables/from-record",
                                   f"/t/{table}/join"])
                headers = {}
                if rng.random() < 0.3:
                    headers["Origin"] = rng.choice(["null", "http://evil.example", srv.url])
                if rng.random() < 0.2:
                    headers["Host"] = rng.choice(["evil.example", "127.0.0.1:1", "",
                                                  "localhost"])
                if rng.random() < 0.5:
                    body = json.dumps({"name": rng.choice(ODD + [value(rng)])},
                                      default=str).encode()
                    headers["Content-Type"] = "application/json"
                else:
                    body = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 300)))
                    headers["Content-Type"] = rng.choice(["application/json",
                                                          "application/x-www-form-urlencoded",
                                                          "multipart/form-data; boundary=x"])
                r = requests.post(srv.url + path, data=body, headers=headers,
                                  allow_redirects=False, timeout=5)
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
        except (websocket.WebSocketException, OSError) as e:
            for key in sockets:
                if sockets[key] is not None and not sockets[key].connected:
                    sockets[key] = None
            counts["closed_by_server"] = counts.get("closed_by_server", 0) + 1
        if k % 200 == 0:
            peak = max(peak, rss_kb(srv.proc.pid))
    for w in sockets.values():
        if w is not None:
            w.shutdown()
    host.shutdown()
    time.sleep(2)
    rss_end = rss_kb(srv.proc.pid)
    r = requests.get(f"{srv.url}/host/{table}/export.json", headers={"Cookie": cookie})
    replayed = engine.replay(r.json())
    log = "".join(srv.lines)
    srv.proc.terminate()
    srv.proc.wait(10)
    print(f"hostile_inputs: {args.inputs}")
    for kind, n in sorted(counts.items()):
        print(f"hostile_{kind}: {n}")
    print(f"hostile_seconds: {time.time() - t0:.1f} s")
    print(f"server_tracebacks: {log.count('Traceback')}")
    print(f"http_5xx: {sum(n for code, n in statuses.items() if code >= 500)}")
    print(f"http_statuses: {json.dumps(statuses, sort_keys=True)}")
    print(f"export_replays: {bool(replayed)}; live moves {len(r.json()['moves'])}")
    print(f"rss_start: {rss0 / 1024:.1f} MB")
    print(f"rss_peak: {peak / 1024:.1f} MB")
    print(f"rss_end: {rss_end / 1024:.1f} MB")
    print(f"rss_end_over_start: {rss_end / rss0:.2f} x")


if __name__ == "__main__":
    main()
