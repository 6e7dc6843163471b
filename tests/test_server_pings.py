"""Engine.IO's pings go out from one thread per server (companion/seams/engineio.py), not from a
thread per socket: real server, real WebSockets, the pings counted where they arrive."""
from __future__ import annotations

import threading

import pytest
import requests
import socketio
from engineio.packet import PING

from companion import create_app
from companion.seams import engineio as pings
from helpers import serving, until

pytestmark = pytest.mark.slow          # a live server (in this process)


def ping_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate()
            if getattr(getattr(t, "_target", None), "__name__", "") == "_send_ping"]


@pytest.fixture
def server(tmp_path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path)})
    eio = app.extensions["socketio"].server.eio
    eio.ping_interval = 0.25            # seconds; 10 in the product
    with serving(app) as url:
        yield url, eio


def phone(url: str, counts: list, i: int) -> socketio.Client:
    """A phone seated at a new tracker table, its pings counted in counts[i]."""
    http = requests.Session()
    r = http.post(url + "/tables", data={"mode": "tracker"}, allow_redirects=False)
    table = r.headers["Location"].rsplit("/", 1)[1]
    r = requests.post(f"{url}/t/{table}/join", data={"name": f"P{i}"}, allow_redirects=False)
    token = r.headers["Location"].split("#", 1)[1]
    c = socketio.Client(reconnection=False)
    receive = c.eio._receive_packet

    def counted(pkt):
        if pkt.packet_type == PING:
            counts[i] += 1
        receive(pkt)

    c.eio._receive_packet = counted
    c.connect(url, auth={"table": table, "token": token}, transports=["websocket"],
              wait_timeout=5)
    http.close()
    return c


def test_every_socket_gets_its_pings_from_one_thread(server):
    url, eio = server
    counts = [0] * 4
    clients = [phone(url, counts, i) for i in range(4)]
    try:
        until(lambda: min(counts) >= 3, what="3 rounds of pings each")
        assert all(c.connected for c in clients)
        assert ping_threads() == []                        # no thread per socket
        thread = eio.pings._thread
        assert thread is not None and thread.is_alive() and thread.name == "engineio-pings"
        # each socket's next ping is due (a ping on its way is due again at its pong)
        until(lambda: eio.pings.pending() == 4)
    finally:
        for c in clients:
            c.disconnect()
    # the closed sockets' pings are dropped when due, then the thread ends
    until(lambda: eio.pings.pending() == 0)
    until(lambda: eio.pings._thread is None)
    until(lambda: not thread.is_alive())


class FakeSocket:
    def __init__(self, closed=False):
        self.sid, self.closing, self.closed, self.last_ping = "s", False, closed, None
        self.sent: list = []

    def send(self, pkt):
        self.sent.append(pkt.packet_type)


class FakeServer:
    ping_interval = 0.05


def test_a_closed_socket_gets_no_ping_and_the_order_is_kept():
    p = pings.Pings(FakeServer())
    first, closed, second = FakeSocket(), FakeSocket(closed=True), FakeSocket()
    for s in (first, closed, second):
        p.add(s)
    until(lambda: p.pending() == 0)
    assert first.sent == [PING] and second.sent == [PING] and closed.sent == []
    assert first.last_ping <= second.last_ping and closed.last_ping is None
    until(lambda: p._thread is None)


class SlowServer:
    ping_interval = 0.3


def test_a_ping_due_after_the_next_one_does_not_wake_the_thread():
    # every pong schedules its socket's next ping, due after all those pending: the
    # thread sleeping until the first one due need not hear of it
    p = pings.Pings(SlowServer())
    woken = []
    p.add(FakeSocket())
    notify = p._cv.notify
    p._cv.notify = lambda *a: (woken.append(1), notify(*a))
    socks = [FakeSocket() for _ in range(5)]
    for s in socks:
        p.add(s)
    assert woken == []
    until(lambda: p.pending() == 0)
    assert all(s.sent == [PING] for s in socks)
    until(lambda: p._thread is None)


def test_pings_due_close_together_go_out_together():
    server = SlowServer()
    p = pings.Pings(server)
    socks = [FakeSocket() for _ in range(3)]
    for s in socks:
        p.add(s)
        server.ping_interval += pings.SLACK / 3     # each due a third of SLACK later
    until(lambda: p.pending() == 0)
    stamps = [s.last_ping for s in socks]
    assert all(s.sent == [PING] for s in socks)
    assert max(stamps) - min(stamps) < pings.SLACK / 3     # one wake-up sent them all
    until(lambda: p._thread is None)
