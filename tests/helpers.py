"""What the server tests share (the fixtures that use them are in conftest.py):

    NAMES         seat names, in order
    english(obj)  every engine message in obj made into its English sentence
    TableHelper   a table created over HTTP, its host socket and phones (test clients)
    RecordTable   a table started from a record, every seat claimed by a phone
    a_record(...)  a game record to start a table from, four seats changed as a test says
                  (the one record builder: WILLY, KIT, JESSE, TEMPERED name its casts)
    until(pred)   poll a condition (a fixed wait is never the way: see its note)
    Pair          one seat followed by a socket taking snapshots and one taking patches
    text(v)       JSON text: equal texts mean equal values, types and key order
    LiveServer    `bang-companion serve` in a subprocess, with LiveClient: live
                  python-socketio clients that record every message they receive
    serving(app)  an app of this process served on a loopback port by a thread (for a
                  test that reaches into the app it serves); a live server all the same
    free_port()   a free 127.0.0.1 port
    check_invariants(before, move, after)  what holds after every move of a random game
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import orjson
import pytest
import requests
import socketio
import websocket
from werkzeug.serving import make_server

from companion import delta, i18n
from companion.seams import glibc
from companion.seams.werkzeug import RequestHandler
import engine
from engine.cards import drawn
from engine.moments import WON
from engine.rulesets.events.rules import ABILITIES
from engine.table import winner_now
from services import free_port


def english(obj):
    """What a page reads after i18n.js: every engine message made into its English sentence."""
    return i18n.localize(obj, i18n.SOURCE)


NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]


class TableHelper:
    """A table made over HTTP, with Socket.IO test clients for the host and phones."""

    def __init__(self, app, mode="tracker", ruleset="base"):
        self.app = app
        self.socketio = app.extensions["socketio"]
        self.http = app.test_client()
        self._open(self.http.post("/tables", data={"ruleset": ruleset, "mode": mode}))

    def _open(self, created) -> None:
        """Become the host of the table `created` (the answer to a create request)."""
        assert created.status_code == 303, created.data
        self.id = created.headers["Location"].rsplit("/", 1)[1]
        self.secret = self.http.get_cookie(f"host_{self.id}").value
        self.host = self.socketio.test_client(self.app, flask_test_client=self.http,
                                              auth={"table": self.id})
        assert self.host.is_connected()
        self.tokens: dict[str, str] = {}
        self.phones: dict[str, object] = {}

    def join(self, name: str) -> str:
        r = self.app.test_client().post(f"/t/{self.id}/join", data={"name": name})
        assert r.status_code == 303, r.data
        token = r.headers["Location"].split("#", 1)[1]
        self.tokens[name] = token
        return token

    def phone(self, name: str, token: str | None = None):
        token = token or self.tokens.get(name) or self.join(name)
        c = self.socketio.test_client(self.app, auth={"table": self.id, "token": token})
        self.phones[name] = c
        return c

    def seat(self, names=NAMES[:4]):
        for n in names:
            self.phone(n)
        return self

    def deal(self, **payload):
        ack = self.host.emit("deal", payload, callback=True)
        assert ack == {"ok": True}, ack
        return ack

    def emit(self, who: str, event: str, payload=None):
        c = self.host if who == "host" else self.phones[who]
        return english(c.emit(event, {} if payload is None else payload, callback=True))

    def last(self, who: str) -> dict:
        """The newest snapshot `who` received (and forget the others)."""
        c = self.host if who == "host" else self.phones[who]
        snaps = [m["args"][0] for m in c.get_received() if m["name"] == "snapshot"]
        assert snaps, f"{who} got no snapshot"
        return english(snaps[-1])

    def tables(self):
        return self.app.extensions["companion"].tables


# -- waiting -------------------------------------------------------------------------------
def until(pred, timeout: float = 30.0, what: str = "", every: float = 0.02):
    """Poll `pred()` until it holds and return what it returned. A test waits for a
    condition, never for a length of time: `timeout` only bounds a failure (generous, for
    a loaded 2-core machine), and a condition that never holds fails with `what`."""
    deadline = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {timeout:g} s: {what or pred}")
        time.sleep(every)


# -- the live server ---------------------------------------------------------------------
SERVE = (sys.executable, "-m", "companion.cli", "serve")
LISTENING = "listening on 127.0.0.1:"     # what `serve` prints once its port is its own


class LiveServer:
    """`bang-companion serve` in a subprocess on a free loopback port, its data in `data`
    (the one live server of the tests: the server fixtures, the browser tests, the
    installed package's). It can be killed or stopped and started again on the same port
    and data (a restart); `output` holds every line it printed; `client()` makes live
    clients, closed by stop(). `forked=True`: each start forked from one process that
    imported the server (Forker), for a test that restarts it many times.

    A test that starts one is `slow` (or `browser`): conftest.py fails it otherwise."""

    running: set = set()           # the servers serving now, and how many starts so far:
    starts = 0                     # conftest.py checks that their tests are marked

    def __init__(self, data: str, args: tuple[str, ...] = (), command=SERVE,
                 cwd: str | None = None, tunables: bool = True, forked: bool = False):
        self.data = data
        self.tunables = tunables         # glibc's setting given, or `serve` starts again
        assert not forked or command == SERVE
        self.forked, self.forker = forked, None      # see Forker: a restart's start
        self.args = tuple(args)          # more `serve` options (--max-tables 3 ...)
        self.command, self.cwd = tuple(command), cwd
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None
        self.output: list[str] = []
        self.clients: list = []
        self.sessions: list = []

    def start(self) -> "LiveServer":
        """Start the server and wait for its /healthz. Its port was free when chosen; if
        another process (a second test worker) took it meanwhile, a first start moves to
        another free port (a restart keeps its own: its clients know it)."""
        first = self.proc is None
        for _ in range(5):
            if self._start() or not (first and self._port_taken()):
                break
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self.output.clear()
        else:
            self._failed()
        return self

    def _port_taken(self) -> bool:
        return any("Address already in use" in line for line in self.output)

    def _start(self) -> bool:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        if self.tunables and "glibc.malloc.tcache" not in env.get("GLIBC_TUNABLES", ""):
            # what `serve` starts itself again with (companion/seams/glibc.py), given at
            # once: one Python start and import instead of two, 1.5-2 s less a start at
            # load 5-7 (test_server_memory starts one that does it itself)
            env["GLIBC_TUNABLES"] = ":".join(filter(None, (env.get("GLIBC_TUNABLES"),
                                                          glibc.TUNABLE)))
        argv = [*self.command, "--host", "127.0.0.1", "--port", str(self.port),
                "--data", self.data, *self.args]
        if not self.forked:
            self.proc = subprocess.Popen(
                argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, env=env, text=True, cwd=self.cwd)
            self.reader = threading.Thread(target=self._read, args=(self.proc,), daemon=True)
            self.reader.start()
        else:
            if self.forker is None:
                self.forker = Forker(env, self.output)
            self.proc = self.forker.fork(argv[len(SERVE) - 1:])
        LiveServer.running.add(self)
        LiveServer.starts += 1

        def up():
            if self.proc.poll() is not None:
                return "ended"             # no use waiting
            if not any(f"{LISTENING}{self.port} " in line for line in self.output):
                return False               # not bound yet: a /healthz now is another's
            try:
                return requests.get(self.url + "/healthz", timeout=1).text.strip() == "ok" and "up"
            except requests.ConnectionError:
                return False
        try:
            if until(up, 60, "the server's /healthz") == "up":    # 20 s on a loaded machine
                return True
        except AssertionError:
            pass
        self.kill()                        # not left serving after the test has failed
        if not self._port_taken():
            self._failed()
        return False

    def _failed(self):
        pytest.fail("the server did not start:\n" + "".join(self.output), pytrace=False)

    def _read(self, proc):
        with proc.stdout:
            for line in proc.stdout:
                self.output.append(line)

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc and not self.forked:
            self.reader.join(timeout=5)
        LiveServer.running.discard(self)

    def stop(self) -> None:
        self.kill(signal.SIGTERM)      # first, so that client disconnects return at once
        if self.forker:
            self.forker.close()
            self.forker = None
        for c in self.clients:
            c.close()
        self.clients.clear()
        for s in self.sessions:
            s.close()
        self.sessions.clear()

    def new_table(self, mode="tracker") -> tuple[str, requests.Session]:
        s = requests.Session()
        self.sessions.append(s)        # closed by stop(): the server keeps connections alive
        r = s.post(self.url + "/tables", data={"mode": mode}, allow_redirects=False)
        assert r.status_code == 303
        return r.headers["Location"].rsplit("/", 1)[1], s

    def join(self, table_id: str, name: str) -> str:
        r = requests.post(f"{self.url}/t/{table_id}/join", data={"name": name},
                          allow_redirects=False)
        assert r.status_code == 303, r.text
        return r.headers["Location"].split("#", 1)[1]

    def client(self, auth: dict, cookie: str = "", **kw) -> "LiveClient":
        c = LiveClient(self.url, auth, cookie, **kw)
        self.clients.append(c)
        return c

    def raw_connect(self, auth: dict, origin: str | None = None) -> list[str]:
        """Socket.IO packets the server answers a connect with, read off a bare
        WebSocket (quick: no close handshake to wait for). Raises on an HTTP refusal."""
        ws = websocket.create_connection(
            f"ws://127.0.0.1:{self.port}/socket.io/?EIO=4&transport=websocket",
            timeout=5, origin=origin, suppress_origin=origin is None)
        try:
            assert ws.recv().startswith("0")            # engine.io open
            ws.send("40" + json.dumps(auth))
            packets = []
            while not packets or packets[-1][:2] not in ("40", "44"):
                packets.append(ws.recv())
            return packets
        finally:
            ws.shutdown()


FORKER = r"""
import json, os, signal, sys
from companion import cli

def reap(*_):
    try:
        while True:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if not pid:
                return
            os.write(1, f"ended {pid} {os.waitstatus_to_exitcode(status)}\n".encode())
    except ChildProcessError:
        pass

signal.signal(signal.SIGCHLD, reap)
for line in sys.stdin:
    pid = os.fork()
    if not pid:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        code = 1
        try:
            cli.main(json.loads(line))
        except SystemExit as end:
            code = end.code if isinstance(end.code, int) else 1
        finally:
            sys.stdout.flush()
            os._exit(code)
    # one write of the whole line, as `reap` writes its own: print() may hand the pipe
    # "forked PID" and its newline apart, and a SIGCHLD's `ended` line fell between them
    os.write(1, f"forked {pid}\n".encode())
"""


FORKER_SAID = re.compile(r"(forked|ended) (\d+)(?: (-?\d+))?\n?$")


class Forker:
    """`serve` started by fork() from a process that imported the server once, for a
    test that restarts its server many times (LiveServer(..., forked=True)): each child
    runs companion.cli.main with `serve`'s arguments, a server process of its own (its
    pid, its signals, its exit), without Python's start and the server's imports (about a
    second of CPU; 1.5 to 3 s a start on a loaded 2-core machine). The children write to
    the forker's output, read into `output`."""

    def __init__(self, env: dict, output: list[str]):
        self.proc = subprocess.Popen([sys.executable, "-c", FORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env=env, text=True, cwd=os.path.dirname(os.path.dirname(
                                         os.path.abspath(__file__))))
        self.output = output
        self.forks: list[int] = []          # the children's pids, from its `forked` lines
        self.ended: dict[int, int] = {}     # a reaped child's exit code (`ended PID CODE`)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        with self.proc.stdout:
            for line in self.proc.stdout:
                # the forker's own lines are whole writes, but may follow a child's text
                # that waits for its newline (print() writes the two apart, unbuffered)
                said = FORKER_SAID.search(line)
                if said and said[1] == "forked":
                    self.forks.append(int(said[2]))
                elif said and said[3] is not None:
                    self.ended[int(said[2])] = int(said[3])
                self.output.append(line)

    def fork(self, argv: list[str]) -> "Forked":
        forks = len(self.forks)
        self.proc.stdin.write(json.dumps(argv) + "\n")
        self.proc.stdin.flush()
        until(lambda: len(self.forks) > forks or self.proc.poll() is not None, 60,
              "the forker's fork")
        return Forked(self.forks[forks], argv, self.ended)

    def close(self) -> None:
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.reader.join(timeout=5)


class Forked:
    """A forked server, as LiveServer uses a Popen: pid, poll, send_signal, wait, kill."""

    def __init__(self, pid: int, args: list[str], ended: dict[int, int]):
        self.pid, self.args, self.ended, self.returncode = pid, args, ended, None

    def poll(self):
        """Its exit code once the forker reaped it (its line `ended PID CODE`); until that
        line is read, a zombie or a process gone is ended too (code -1)."""
        if self.returncode is None:
            if self.pid in self.ended:
                self.returncode = self.ended[self.pid]
            else:
                try:
                    with open(f"/proc/{self.pid}/stat") as f:
                        if f.read().rsplit(")", 1)[1].split()[0] in "ZX":
                            self.returncode = -1
                except (FileNotFoundError, ProcessLookupError):   # reaped (the read
                    self.returncode = -1                            # may be what finds it)
        return self.returncode

    def send_signal(self, sig) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout=None):
        try:
            until(lambda: self.poll() is not None, timeout or 600, f"process {self.pid}'s end",
                  every=0.005)
        except AssertionError:
            raise subprocess.TimeoutExpired(self.args, timeout) from None
        return self.returncode


@contextlib.contextmanager
def serving(app):
    """`app`, an app of this process, served by Werkzeug's threaded server with the
    companion's request handler (as `serve` does) on a loopback port the system picks:
    yields its base URL, and stops it after. For a test that reaches into the app it
    serves (its catalogs, its ping thread); any other test starts a LiveServer. It is a
    live server all the same: its test is `slow` (or `browser`), which conftest.py
    checks (it counts every socket this process listens on)."""
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=RequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def close_client(sio) -> None:
    """Close a python-socketio client for good: disconnected, and not reconnecting, even
    when its server went away just before (its read loop may then be starting a
    reconnect while this runs: once the loop has ended, one it began is stopped too)."""
    sio.reconnection = False
    try:
        sio.shutdown()          # disconnects, or stops a reconnect under way
        sio.eio.wait()          # the connection's end handled: no reconnect starts after
        sio.shutdown()          # one that began meanwhile
    except Exception:
        pass


def newest_snapshot(client: socketio.SimpleClient, full: str = "view") -> dict:
    """The newest full snapshot a SimpleClient has (one whose data holds `full`): a resync
    is asked for and its answer awaited; the server sends the full snapshot before it
    answers, on the same socket, so every event that came before is in the client's
    buffer by then and is read from it: nothing waits for a silence."""
    answer = client.call("resync", {}, timeout=10)
    assert answer.get("ok"), answer
    newest = None
    while client.input_buffer:
        event, *args = client.receive()
        if event == "snapshot" and args and full in args[0]:
            newest = args[0]
    assert newest is not None, "the resync's full snapshot did not come"
    return newest


class LiveClient:
    """A python-socketio client that keeps every message it receives, in order."""

    def __init__(self, url: str, auth: dict, cookie: str = "", origin: str | None = None,
                 reconnection: bool = False):
        self.messages: list[tuple[str, object]] = []
        self.changed = threading.Condition()
        extra = {"origin": origin} if origin else {}   # replaces websocket-client's own
        self.sio = socketio.Client(reconnection=reconnection, reconnection_delay=0.1,
                                   reconnection_delay_max=0.3, websocket_extra_options=extra)
        for event in ("snapshot", "error"):
            self.sio.on(event, self._keep(event))
        headers = {}
        if cookie:
            headers["Cookie"] = cookie
        self.sio.connect(url, auth=auth, headers=headers, transports=["websocket"],
                         wait_timeout=5)

    def _keep(self, event):
        def on(data):
            with self.changed:
                self.messages.append((event, data))
                self.changed.notify_all()
        return on

    def snapshots(self) -> list[dict]:
        with self.changed:
            return [d for e, d in self.messages if e == "snapshot"]

    def wait_for(self, pred, timeout: float = 30.0) -> dict:
        """The first snapshot (newest first) for which pred(snapshot) holds (told by the
        client's thread as each comes; `timeout`, as every wait's, only bounds a failure:
        generous, for a loaded 2-core machine)."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for e, d in reversed(self.messages):
                    if e == "snapshot" and pred(d):
                        return d
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError("no matching snapshot; last: "
                                         + repr(self.messages[-1:])[:800])
                self.changed.wait(left)

    def wait_connected(self, timeout: float = 30.0) -> None:
        # the snapshot sent on connect may be handled just before the namespace
        # counts as connected (python-socketio delivers it at once)
        until(lambda: self.sio.connected, timeout, "the client to count as connected")

    def call(self, event: str, payload) -> dict:
        return self.sio.call(event, payload, timeout=30)

    def close(self) -> None:
        """Disconnect, or stop reconnecting: a client left reconnecting would try for
        the rest of the run (conftest.py fails the test that leaves one)."""
        close_client(self.sio)


# -- referee mode ------------------------------------------------------------------------
class RecordTable(TableHelper):
    """A table started from a record (POST /tables/from-record), every seat claimed by
    a phone through the host's claim codes. `record` is a bang-record/1 dict."""

    def __init__(self, app, record: dict):
        self.app = app
        self.socketio = app.extensions["socketio"]
        self.http = app.test_client()
        self._open(self.http.post("/tables/from-record", json=record))
        for seat in record["seats"]:
            self.claim(seat["name"])

    def claim(self, name: str):
        ack = self.emit("host", "reseat", {"seat": name})
        assert ack["ok"], ack
        path = ack["claim_url"].split("://", 1)[1].split("/", 1)[1]
        r = self.app.test_client().get("/" + path)
        assert r.status_code == 303, r.data
        self.tokens[name] = r.headers["Location"].split("#", 1)[1]
        return self.phone(name)

    def view(self, who: str) -> dict:
        """The newest view `who` has (a fresh snapshot is asked by reconnecting nothing:
        it is the last one received, or the last one kept)."""
        c = self.host if who == "host" else self.phones[who]
        snaps = [m["args"][0] for m in c.get_received() if m["name"] == "snapshot"]
        if snaps:
            self._views = getattr(self, "_views", {})
            self._views[who] = english(snaps[-1]["view"])
        return self._views[who]


# -- records: the one record builder of the tests ------------------------------------------
# the characters of the tests' tables, in seat order (Ann's first), named by Ann's
WILLY = ("Willy the Kid", "Kit Carlson", "Rose Doolan", "Bart Cassidy")      # the default
JESSE = ("Jesse Jones", "Kit Carlson", "Rose Doolan", "Bart Cassidy")        # the walk's
KIT = ("Kit Carlson", "Pedro Ramirez", "Jesse Jones", "Sid Ketchum")         # the drawers
TEMPERED = ("Tempered", "Resilient", "Inventive", "Fearless")               # Star Wars' walk
# each ruleset's four roles, and the characters of its walk over every screen
ROLES = {"base": ("sheriff", "outlaw", "outlaw", "renegade"),
         "starwars": ("vader", "rebel", "bounty_hunter", "rebel")}
WALK = {"base": JESSE, "legends": JESSE, "starwars": TEMPERED}
EIGHT = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")


def a_record(ruleset: str = "base", *, seats=None, names=None, roles=None, characters=None,
             life=None, hand=None, mode: str = "referee", phase: str = "play", turn=None,
             parts=(), events=None, **more) -> dict:
    """A game record (bang-record/1, docs/record-format.md) for a test to start from: the
    one record builder of the tests.

    Its seats: `seats`, rows of (name, role, character[, {more fields}]) or seat dicts,
    else four: Ann, Bob, Cid and Dan in the ruleset's ROLES, with the characters of WILLY
    (Star Wars: each "Stubborn", an ability card entered by name, with its energy 4).
    `names`, `roles` and `characters` set that field of each seat in turn (as many seats
    as they name: a table of 3 or 8 names their roles and characters too); `life` and
    `hand` are one number for every seat or one a seat. A keyword that is a seat's name
    adds to that seat: `Ann={"hand": 6, "in_play": ["Jail"]}`.

    The table: `mode` (referee), `phase` (play), `turn` (left out: the record's own),
    `parts` (["three_players"] ...), `events` (an event deck, {"decks": [...], "current":
    ...}: the record's event_deck, with the part event_decks); any other keyword (moves,
    feats, note, expect ...) is a field of the record as it is given."""
    if seats is not None:
        rows = [dict(row) if isinstance(row, dict) else
                {"name": row[0], "role": row[1], "character": row[2], **(row[3:] or [{}])[0]}
                for row in seats]
    else:
        count = max((len(c) for c in (names, roles, characters) if c is not None), default=4)
        rows = [{"name": name} for name in (names or EIGHT[:count])]
        for k, row in enumerate(rows):          # a fifth seat's role and character: as given
            if k < 4:
                row["role"] = ROLES.get(ruleset, ROLES["base"])[k]
            if ruleset == "starwars" and characters is None:
                row.update(character="Stubborn", energy=4)
            elif k < 4:
                row["character"] = WILLY[k]
    for field, column in (("name", names), ("role", roles), ("character", characters),
                          ("life", life), ("hand", hand)):
        if column is None:
            continue
        values = [column] * len(rows) if isinstance(column, int) else list(column)
        assert len(values) == len(rows), f"{len(values)} {field}s for {len(rows)} seats"
        for row, value in zip(rows, values):
            if value is not None:                       # None: that seat's is left out
                row[field] = value
    by_name = {row["name"]: row for row in rows}
    for key in [k for k in more if k in by_name or k[:1].isupper()]:
        assert key in by_name, f"no seat named {key!r} (a seat's keyword is its name)"
        by_name[key].update(more.pop(key))
    record = {"format": "bang-record/1", "ruleset": ruleset, "mode": mode, "seats": rows,
              "phase": phase}
    if turn is not None:
        record["turn"] = turn
    if events is not None:
        parts = [*parts, "event_decks"] if "event_decks" not in parts else parts
        record["event_deck"] = events
    if parts:
        record["parts"] = list(parts)
    return {**record, **more}


# -- patches (companion/delta.py) ---------------------------------------------------------
def text(v) -> str:
    """JSON text: equal texts mean equal values, types and key order. orjson's (compact,
    UTF-8 as it is, as the json module's with those options; several times faster on a
    whole snapshot: test_delta compares two of them for every socket after every move);
    the json module's for what orjson refuses (an integer past 64 bits)."""
    try:
        return orjson.dumps(v, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def leaves(v) -> set:
    """Every scalar in a JSON value, keys included, as `scalar` keys."""
    found, todo = set(), [v]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            found.update(map(scalar, x))
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
        else:
            found.add(scalar(x))
    return found


def scalar(v) -> tuple:
    """A scalar as a key that tells apart what its JSON text does (1, 1.0 and true; "1"
    and 1; 0.0 and -0.0): its JSON type and value, a float by its repr. (The JSON text of
    each scalar cost test_delta a fifth of its time.)"""
    t = type(v)
    if t is str or t is int or t is bool or v is None:
        return (t, v)
    for json_type in (bool, str, int):      # subclasses; bool first: true is not 1
        if isinstance(v, json_type):
            return (json_type, json_type(v))
    return (float, repr(float(v))) if isinstance(v, float) else (t, v)


def patch_values(p) -> set:
    """The scalars a patch carries (not its structure: indexes, slide counts)."""
    if isinstance(p, list):
        return leaves(p[-1]) if p else set()
    if isinstance(p, dict):
        return set().union(*map(patch_values, p.values()))
    return set()


class Pair:
    """One seat (or the host screen) followed twice: a socket taking full snapshots and
    a socket taking patches, whose rebuilt snapshot must equal the other's."""

    def __init__(self, helper: TableHelper, name: str | None):
        self.helper, self.name = helper, name
        self.full = self._connect(False)
        self.patched = self._connect(True)
        self.follower = delta.Follower()
        self.full_snap = None
        self.compared = False        # the two equal, and nothing came to either since
        self.bytes = {"full": 0, "patch": 0}

    def _connect(self, patches: bool):
        h = self.helper
        auth = {"table": h.id, **({"delta": 1} if patches else {})}
        if self.name is None:
            return h.socketio.test_client(h.app, flask_test_client=h.http, auth=auth)
        return h.socketio.test_client(h.app, auth={**auth, "token": h.tokens[self.name]})

    def reconnect(self) -> None:
        self.patched.disconnect()
        self.patched = self._connect(True)
        self.follower.reset()
        self.compared = False

    def check(self, rng: random.Random, drop: float = 0.0) -> None:
        for m in self.full.get_received():
            if m["name"] == "snapshot":
                self.full_snap = m["args"][0]
                self.compared = False
        for _ in range(3):                       # a resync answers at once
            got = [m["args"][0] for m in self.patched.get_received() if m["name"] == "snapshot"]
            self.compared = self.compared and not got
            for i, msg in enumerate(got):
                self.bytes["patch"] += len(text(msg))
                if "patch" in msg and i < len(got) - 1 and rng.random() < drop:
                    continue                     # lost on the way: the next one is a gap
                snap = self.follower.receive(msg)
                if "patch" in msg and snap is not None:
                    # secrets: a patch holds nothing its seat's own snapshot does not
                    assert patch_values(msg["patch"]) <= leaves(snap)
            if not self.follower.lost:
                break
            ack = self.patched.emit("resync", {}, callback=True)
            assert ack == {"ok": True}, ack
        assert not self.follower.lost
        assert self.full_snap is not None
        if not self.compared:       # (a move refused, or not seen by this seat: no news)
            assert text(self.follower.snapshot()) == text(self.full_snap), self.name
            self.compared = True


def visible_text(html: str) -> str:
    """What a person reads on a page as the server sends it: its text (not scripts or
    styles) and the words of its titles, labels, placeholders and alternatives."""
    from html.parser import HTMLParser

    class Text(HTMLParser):
        def __init__(self):
            super().__init__()
            self.parts, self.skip = [], 0

        def handle_starttag(self, tag, attrs):
            if tag in ("script", "style", "template"):
                self.skip += 1
            for k, v in attrs:
                if k in ("title", "aria-label", "placeholder", "alt") and v:
                    self.parts.append(v)

        def handle_endtag(self, tag):
            if tag in ("script", "style", "template") and self.skip:
                self.skip -= 1

        def handle_data(self, data):
            if not self.skip:
                self.parts.append(data)
    parser = Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def check_invariants(before, move, after):
    mover = move["by"]
    b = before.seats[before.index(mover)]
    assert b.alive, f"the eliminated {mover} acted: {move}"
    if "play" in move or "bang" in (move.get("ability") or {}):
        i = before.index(mover)
        assert not any(e.get("closes") == i for e in before.turn_log), \
            f"{mover} played after a boast: {move}"
    for s in after.seats:
        assert s.life <= s.max_life, f"{s.name} above maximum life"
        assert s.hand >= 0, f"{s.name} has a negative hand"
        if not s.alive:
            assert s.hand == 0 and s.in_play == [], f"eliminated {s.name} kept cards"
        if after.rules.data.features.get("fame"):        # a field only Legends' seats have
            assert 0 <= s.fame <= 5 and (not s.legend or s.fame == 0), f"{s.name}'s fame is off"
    if after.rules.data.features.get("feats"):           # a field only Legends' states have
        assert len(after.feats) <= 5, "more than 5 Feats revealed"
        for f in after.feats:
            assert all(n > 0 for n in f["tokens"].values())
    for a in after.pending:
        assert after.seats[a.seat].alive, "a question is put to an eliminated player"
    if after.winner is None:
        assert after.seats[after.turn].alive, "the turn belongs to an eliminated player"
        assert winner_now(after) is None
    else:
        assert after.pending == []
        if WON not in after.rules.reactions:        # else a part judges the end (3 players)
            assert after.winner == winner_now(after), "the winner does not match the roles alive"


# ---- what the phones are offered (issue 30: me.offers, The Daltons' answers) ---------------

def offered(state) -> list[tuple[dict, dict, int]]:
    """Every move a phone is offered now by its table's parts, for every seat: each choice
    of `me.offers` and each row of `me.answers` that is a move of another kind (an
    ability): (the move as sent, its row with the verdict, the cards it turns over)."""
    if state.winner is not None:
        return []
    out = []
    views = engine.all_views(state)
    for seat in state.seats:
        me = views[seat.name]["me"]
        for o in me.get("offers", []):
            out += [(c["move"], c, o["check_cards"]) for c in o["choices"]]
        for row in me.get("answers", []):
            if row.get("respond") is None and "ability" in row:
                assert not row.get("needs_check")
                out.append(({"by": seat.name, "ability": row["ability"]}, row, 0))
    return out


def bare(move: dict) -> dict:
    """A move without the card turned over for it (what an offer's choice holds)."""
    return {k: v for k, v in move.items() if k not in ("check", "keep")}


def check_offers(state, rng) -> list[dict]:
    """The offers hold the engine's verdict: a choice offered ok is accepted by apply (with
    any card turned over where it needs one), a choice offered refused is refused with its
    code. Returns the moves offered ok, as they were sent (a card turned over added)."""
    ok = []
    for move, row, cards in offered(state):
        sent = dict(move)
        if cards == 1:
            sent["check"] = drawn(rng)
        elif cards == 2:
            a, b = drawn(rng), drawn(rng)
            sent.update({"check": [a, b], "keep": rng.choice([a, b])})
        try:
            engine.apply(state, sent)
            accepted, code = True, None
        except engine.Refusal as e:
            accepted, code = False, e.code
        assert accepted == row["ok"], f"offered {sent} with ok={row['ok']}, apply: {code}"
        if not accepted:
            assert code == row["code"], f"offered {sent} refused with {row['code']}, apply: {code}"
        else:
            ok.append(sent)
    return ok


# the event decks' ability keys: hard_liquor, give_life, ...
KEYS = sorted(ABILITIES)


def any_event_move(rng, state) -> dict:
    """An event's move by any seat with any value of its shape: mostly refused."""
    names = [s.name for s in state.seats]
    cards = [c for s in state.seats for c in s.in_play] + ["Mustang", "Jail", "Volcanic"]
    key = rng.choice(KEYS)
    by = names[state.turn] if rng.random() < 0.7 else rng.choice(names)  # mostly the turn's
    value = {"hard_liquor": True, "vendetta": True,
             "ranch": rng.randint(-1, state.seats[state.index(by)].hand + 1),
             "peyote": rng.choice(["red", "black", "blue"]),
             "handcuffs": rng.choice(["hearts", "diamonds", "clubs", "spades", "stars"]),
             "new_identity": rng.choice(["Slab the Killer", "Rose Doolan", "Kit Carlson",
                                         "Zed"]),
             "ricochet": rng.choice(cards), "daltons": rng.choice(cards)}.get(key)
    move = {"by": by, "ability": {key: value if value is not None
                                                 else rng.choice(names)}}
    if key == "ricochet":
        move["target"] = rng.choice(names)
    if key in ("vendetta", "peyote"):
        move["check"] = drawn(rng)
    return move
