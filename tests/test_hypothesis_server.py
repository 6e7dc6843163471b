"""Hostile input, generated: any JSON as the payload of any documented event (through
the real packet encoding), and random bytes as raw Engine.IO/Socket.IO frames on a live
server. Always a clear error or a valid change; never a traceback in the server's log;
never a change after a refusal; and the export still replays to the live state.

HOSTILE_EXAMPLES=10000 scales both up (for the measurement in docs/benchmarks.md)."""
from __future__ import annotations

import gc
import json
import logging
import os

import pytest
import requests
import websocket
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from companion import create_app
from companion.errors import SERVER_CODES
from helpers import NAMES, TableHelper, until

pytestmark = pytest.mark.slow      # each test here: `make test-quick` leaves them out

# the server closes connections under the clients (that is the point): their sockets
# are collected inside the test that caused it
LEAKY = pytest.mark.filterwarnings("ignore::ResourceWarning",
                                   "ignore::pytest.PytestUnraisableExceptionWarning")
EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "0"))
EVENTS = ["move", "host_move", "undo", "take_back", "act_for", "playable", "resync", "order",
          "kick",
          "deal", "new_game", "end_game",
          "reseat", "judge", "targets", "catalogue", "distance", "character", "connect",
          "disconnect",
          "bad_message", "snapshot", "error", "nope"]
ODD_TEXT = st.sampled_from(["\ud800", "a\udcff", "\x00", "\u202e", "‮Ann", "Ａｎｎ", "Аnn",
                            "<script>", "' OR 1=1", "x" * 5000, "host", "null", "8♠"])
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-10 ** 40, 10 ** 40)
           | st.floats() | st.text(max_size=30) | ODD_TEXT)
KEYS = st.sampled_from(["set", "life", "hand", "seat", "turn", "in_play", "end_turn",
                        "discard", "play", "target", "by", "seq", "at", "undone", "note",
                        "order", "lobby_id", "characters", "options", "keep_characters",
                        "rotate_sheriff", "move", "card", "as", "from", "to", "respond",
                        "draw", "check", "perform", "boast", "claim"]) | st.text(max_size=8)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(KEYS, inner, max_size=5), max_leaves=25)


def deep(n: int):
    v: object = 1
    for _ in range(n):
        v = [v]
    return v


class Tracebacks(logging.Handler):
    """Every log record that carries a traceback (or is an error from our handlers)."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def emit(self, record):
        if record.exc_info or "Traceback" in record.getMessage():
            self.found.append(f"{record.name}: {record.getMessage()[:300]}")


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """One app; a dealt table per ruleset and mode, with its host and phones."""
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("hyp") / "h.sqlite3"),
                      "SYNCHRONOUS": "NORMAL", "TESTING": True})
    limits = app.extensions["companion"].limits
    limits.change_rate = limits.read_rate = limits.change_burst = limits.read_burst = 1e9
    made = []
    for ruleset in sorted(engine.RULESETS):
        for mode in ("tracker", "referee"):
            t = TableHelper(app, mode=mode, ruleset=ruleset)
            t.seat(NAMES[:5])
            t.deal()
            made.append(t)
    handler = Tracebacks()
    logging.getLogger().addHandler(handler)
    yield made, handler
    logging.getLogger().removeHandler(handler)
    app.extensions["companion"].storage.close()


def _state(t):
    x = t.tables().get(t.id)
    return (x.version, x.status, json.dumps(x.lobby, sort_keys=True), len(x.moves),
            x.state.to_dict() if x.state else None)


@settings(max_examples=EXAMPLES or 300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(which=st.integers(0, 100), who=st.integers(0, 5), event=st.sampled_from(EVENTS),
       payload=JSON | st.builds(deep, st.integers(10, 300)),
       extra=st.lists(JSON, max_size=2))
def test_any_json_on_any_event(tables, which, who, event, payload, extra):
    made, handler = tables
    t = made[which % len(made)]
    x = t.tables().get(t.id)
    if x.phase == "over" or x.status == "lobby":
        assert t.emit("host", "new_game", {})["ok"]
    names = list(t.phones)
    client = t.host if who == 0 else t.phones[names[(who - 1) % len(names)]]
    if not client.is_connected():                   # a kicked or revoked phone
        return
    before = _state(t)
    ack = client.emit(event, payload, *extra, callback=True)
    if ack is None:                                  # no handler (reserved, unknown)
        assert _state(t) == before
    else:
        assert isinstance(ack, dict) and isinstance(ack.get("ok"), bool), ack
        if not ack["ok"]:
            err = ack["error"]
            assert {"code", "message", "rule"} <= set(err), err
            assert err["code"] in SERVER_CODES or err["code"] in engine.CODES, err
            assert engine.say.english(err["message"]), err    # a sentence, or a message
            assert _state(t) == before, (event, payload)
    assert "Traceback" not in json.dumps(ack, default=str)
    x = t.tables().get(t.id)
    if x.header is not None:
        record = engine.export_record(x.header, x.live_moves())
        assert engine.replay(record).to_dict() == x.state.to_dict()
    assert handler.found == [], handler.found


# -- raw frames on a live server ---------------------------------------------------------
FRAME_TEXT = st.one_of(
    st.text(max_size=300),
    st.builds(lambda p, b: p + b, st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "40",
                                                   "41", "42", "43", "44", "45", "46",
                                                   "420", "4212", "42/x,", "451-", "b",
                                                   "2probe", "4" + "[" * 50, "42" + "[" * 5000,
                                                   "42[\"move\"," + "9" * 5000]),
              st.text(max_size=200) | JSON.map(lambda v: json.dumps(v, default=str))))
FRAMES = st.one_of(st.binary(max_size=300), FRAME_TEXT)


def _rss(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


@pytest.fixture
def raw_server(serve):
    server = serve()
    table_id, session = server.new_table()
    tokens = {n: server.join(table_id, n) for n in NAMES[:4]}
    cookie = f"host_{table_id}={session.cookies.get(f'host_{table_id}')}"
    host = server.client({"table": table_id}, cookie=cookie)
    assert host.call("deal", {})["ok"]
    state = {"ws": None, "table": table_id, "tokens": tokens, "cookie": cookie,
             "sent": 0, "rss0": _rss(server.proc.pid)}
    yield server, state
    if state["ws"] is not None:
        state["ws"].shutdown()
    server.stop()
    gc.collect()          # the sockets the server closed under the clients, now


def _connected(server, state):
    ws = state["ws"]
    if ws is not None and ws.connected:
        return ws
    if ws is not None:
        ws.shutdown()
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket", timeout=2,
        suppress_origin=True)
    ws.recv()
    ws.send("40" + json.dumps({"table": state["table"], "token": state["tokens"]["Bob"]}))
    while not ws.recv().startswith("40"):
        pass
    state["ws"] = ws
    return ws


@LEAKY
@pytest.mark.long
def test_random_frames_break_nothing(raw_server):
    """Random frames on one live server, then, once they are all sent: the server
    answers, the table replays, no 5xx, and the memory is back near where it started
    once the connections are closed (one test: the checks mean nothing without the
    frames before them)."""
    server, state = raw_server

    @settings(max_examples=EXAMPLES or 300, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(frames=st.lists(FRAMES, min_size=1, max_size=4))
    def send(frames):
        ws = _connected(server, state)
        for f in frames:
            try:
                if isinstance(f, bytes):
                    ws.send_binary(f)
                else:
                    ws.send(f)
                state["sent"] += 1
            except (websocket.WebSocketException, OSError, ValueError):
                ws.shutdown()
                state["ws"] = None
                break
        out = "".join(server.output)
        assert "Traceback" not in out, out[out.index("Traceback") - 300:][:3000]
    send()

    if state["ws"] is not None:
        state["ws"].shutdown()
        state["ws"] = None
    assert requests.get(server.url + "/healthz", timeout=5).text == "ok"
    r = requests.get(f"{server.url}/host/{state['table']}/export.json",
                     headers={"Cookie": state["cookie"]})
    assert r.status_code == 200
    engine.replay(r.json())
    # the server logs requests in order: once this one is in its output, so is all before
    requests.get(server.url + "/healthz?frames-done", timeout=5)
    until(lambda: "frames-done" in "".join(server.output), what="the marker request's log line")
    out = "".join(server.output)
    assert "Traceback" not in out, out[out.find("Traceback") - 500:][:4000]
    assert '" 5' not in out
    bound = state["rss0"] * 1.2 + 2048
    until(lambda: _rss(server.proc.pid) <= bound, 30,
          f"the memory back near {state['rss0']} kB, at most {bound:.0f} kB")
    gc.collect()
