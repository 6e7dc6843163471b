"""Server fixtures (companion/). Each test gets its own app: the Flask-SocketIO test
client patches the server it is given, so apps are never shared.

Fixtures:
    app          a fresh app on a temporary SQLite file
    client       its Flask test client
    table        a Table helper: a table created over HTTP, host socket, phones
    live_server  a real server in a subprocess on a free 127.0.0.1 port (`.url`,
                 `.data`, `.kill()`, `.start()`), and `.client(...)` for live
                 python-socketio clients that record every message they receive
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
import requests

from companion import create_app
from engine.say import localize as _localize

pytest_plugins = ["pytester"]     # tests/test_records.py runs pytest on a broken record


def english(obj):
    """What a page reads after i18n.js: every engine message made into its English sentence."""
    return _localize(obj, None)


NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]


@pytest.fixture
def app(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "test.sqlite3"), "TESTING": True})
    yield app
    app.extensions["companion"].storage.close()


@pytest.fixture
def client(app):
    return app.test_client()


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


@pytest.fixture
def table(app):
    return TableHelper(app)


# -- the live server ---------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`bang-companion serve` in a subprocess, and live clients for it."""

    def __init__(self, data: str, args: tuple[str, ...] = ()):
        self.data = data
        self.args = tuple(args)          # more `serve` options (--max-tables 3 ...)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None
        self.clients: list = []
        self.sessions: list = []

    def start(self) -> "LiveServer":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--data", self.data, *self.args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
        self.output: list[str] = []
        self.reader = threading.Thread(target=self._read, args=(self.proc,), daemon=True)
        self.reader.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=1).text == "ok":
                    return self
            except requests.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("server did not start:\n" + "".join(self.output))

    def _read(self, proc):
        with proc.stdout:
            for line in proc.stdout:
                self.output.append(line)

    def kill(self, sig=signal.SIGKILL) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=10)
            self.reader.join(timeout=5)

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
        import websocket
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

    def stop(self) -> None:
        self.kill(signal.SIGTERM)      # first, so that client disconnects return at once
        for c in self.clients:
            c.close()
        for s in self.sessions:
            s.close()


class LiveClient:
    """A python-socketio client that keeps every message it receives, in order."""

    def __init__(self, url: str, auth: dict, cookie: str = "", origin: str | None = None,
                 reconnection: bool = False):
        import socketio
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

    def wait_for(self, pred, timeout: float = 5.0) -> dict:
        """The first snapshot (newest first) for which pred(snapshot) holds."""
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

    def wait_connected(self, timeout: float = 5.0) -> None:
        # the snapshot sent on connect may be handled just before the namespace
        # counts as connected (python-socketio delivers it at once)
        deadline = time.monotonic() + timeout
        while not self.sio.connected and time.monotonic() < deadline:
            time.sleep(0.01)
        assert self.sio.connected

    def call(self, event: str, payload) -> dict:
        return self.sio.call(event, payload, timeout=5)

    def close(self) -> None:
        try:
            self.sio.disconnect()
        except Exception:
            pass


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(str(tmp_path / "data")).start()
    yield server
    server.stop()


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


def referee_record(seats, **top) -> dict:
    """A referee-mode record: seats as (name, role, character, extra fields)."""
    rows = []
    for name, role, character, *extra in seats:
        row = {"name": name, "role": role, "character": character}
        if extra:
            row.update(extra[0])
        rows.append(row)
    return {"format": "bang-record/1", "ruleset": "base", "mode": "referee", "seats": rows,
            "phase": "play", **top}


@pytest.fixture
def record_table(app):
    """make(record) -> a RecordTable for that record (phones claimed and connected)."""
    return lambda record: RecordTable(app, record)
