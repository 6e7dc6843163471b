"""companion.seams.simple_websocket.Outbox: what the server sends, written by the thread
that sends it while nothing waits for the socket's writer thread, in order whatever the
reader's pace (real sockets, real wsproto frames, python-engineio's own writer loop)."""
from __future__ import annotations

import queue
import socket
import threading
import time

import pytest
from engineio.packet import MESSAGE, Packet
from wsproto import WSConnection
from wsproto.connection import ConnectionType
from wsproto.events import AcceptConnection, Request, TextMessage
from wsproto.extensions import PerMessageDeflate

from companion.seams.simple_websocket import Outbox
from helpers import until


def handshake(deflate: bool) -> tuple[WSConnection, WSConnection]:
    """(a server's wsproto connection, its client's) once the WebSocket handshake is
    done, with permessage-deflate (as browsers ask) or without (python-socketio's
    client)."""
    server, client = WSConnection(ConnectionType.SERVER), WSConnection(ConnectionType.CLIENT)
    server.receive_data(client.send(Request(
        host="localhost", target="/", extensions=[PerMessageDeflate()] if deflate else [])))
    request = next(server.events())
    assert isinstance(request, Request)
    client.receive_data(server.send(AcceptConnection(
        extensions=[PerMessageDeflate()] if deflate else [])))
    assert isinstance(next(client.events()), AcceptConnection)
    return server, client


class Ws:
    """What an Outbox uses of simple_websocket.Server: its socket, its wsproto
    connection and `connected`."""

    def __init__(self, sock: socket.socket, deflate: bool = False) -> None:
        self.sock = sock
        self.ws, self.client = handshake(deflate)
        self.connected = True
        self.close_reason = self.close_message = None


@pytest.fixture
def pair():
    """pair(sndbuf) -> (the server's socket, with a small send buffer and a timeout as
    the server's have; the phone's end). Both closed after the test."""
    made = []

    def make(sndbuf: int):
        server, phone = socket.socketpair()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
        phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, sndbuf)
        server.settimeout(5.0)
        made.extend((server, phone))
        return server, phone
    yield make
    for s in made:
        s.close()


def writer(outbox: Outbox, done: threading.Event) -> None:
    """python-engineio's writer thread (Socket._websocket_handler's `writer`, with
    Socket.poll): every packet taken from the queue, sent as taken."""
    while True:
        try:
            packets = [outbox.get(timeout=10)]
            outbox.task_done()
        except queue.Empty:
            break
        if packets == [None]:
            break
        while True:
            try:
                pkt = outbox.get(block=False)
                outbox.task_done()
                if pkt is None:
                    outbox.put(None)
                    break
                packets.append(pkt)
            except queue.Empty:
                break
        for pkt in packets:
            outbox.sent(pkt.encode())
    done.set()


def read_all(phone: socket.socket, count: int, slow: float, client: WSConnection) -> list[str]:
    """The phone reads `count` text messages, `slow` seconds between its reads."""
    got: list[str] = []
    part = ""
    phone.settimeout(10)
    while len(got) < count:
        data = phone.recv(1500)
        assert data, f"connection closed after {len(got)} messages"
        client.receive_data(data)
        for event in client.events():
            assert isinstance(event, TextMessage)
            part += event.data
            if event.message_finished:
                got.append(part)
                part = ""
        if slow:
            time.sleep(slow)
    return got


@pytest.mark.parametrize("deflate", [False, True])
@pytest.mark.parametrize("size", [40, 3000])
def test_a_slow_phone_gets_every_packet_in_order(pair, size, deflate):
    # The first packets fit the socket's buffer and are written at once; once it is
    # full the rest (and the rest of a frame written in part) wait for the writer
    # thread, and every packet after them too, even once the phone has read enough for
    # one to fit again: without that, a packet overtakes those queued before it.
    server, phone = pair(4096)
    ws = Ws(server, deflate)
    outbox = Outbox(queue.Queue(), ws)
    done = threading.Event()
    threading.Thread(target=writer, args=(outbox, done), daemon=True).start()
    n = 400
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.extend(read_all(phone, n, 0.0005, ws.client)))
    reader.start()
    pad = "é" + "".join(chr(97 + (i * 7) % 26) for i in range(size))
    for i in range(n):
        outbox.put(Packet(MESSAGE, data=f"{i}:{pad}"))
        if i % 50 == 0:
            time.sleep(0.01)            # the phone catches up now and then
    reader.join(30)
    outbox.put(None)
    assert done.wait(10)
    assert [int(m[1:].split(":")[0]) for m in got] == list(range(n))
    assert all(m == f"4{i}:{pad}" for i, m in enumerate(got))
    assert 0 < outbox.direct < n        # some at once, some through the writer thread
    assert outbox.waiting == 0


def test_a_phone_that_reads_gets_its_packets_without_the_writer_thread(pair):
    server, phone = pair(65536)
    ws = Ws(server)
    outbox = Outbox(queue.Queue(), ws)
    for i in range(20):
        outbox.put(Packet(MESSAGE, data=f"{i}"))
    assert outbox.direct == 20 and outbox.queue.qsize() == 0
    assert read_all(phone, 20, 0, ws.client) == [f"4{i}" for i in range(20)]
    outbox.put(None)                    # the end of the connection: for the writer
    assert outbox.queue.get_nowait() is None


def test_what_waited_before_the_outbox_goes_first(pair):
    # the socket's first packet (Engine.IO's OPEN) is queued before the WebSocket
    # driver starts: what is sent after it waits for the writer thread
    server, phone = pair(65536)
    q = queue.Queue()
    q.put(Packet(MESSAGE, data="first"))
    ws = Ws(server)
    outbox = Outbox(q, ws)
    outbox.put(Packet(MESSAGE, data="second"))
    assert outbox.direct == 0 and outbox.waiting == 2
    done = threading.Event()
    threading.Thread(target=writer, args=(outbox, done), daemon=True).start()
    assert read_all(phone, 2, 0, ws.client) == ["4first", "4second"]
    # the phone may read "second" before the writer thread has counted it written
    until(lambda: outbox.waiting == 0, 10, "the writer thread done with what waited")
    outbox.put(Packet(MESSAGE, data="third"))
    assert read_all(phone, 1, 0, ws.client) == ["4third"] and outbox.direct == 1
    outbox.put(None)
    assert done.wait(10)


def test_the_writer_thread_waits_while_packets_go_at_once(pair):
    # the writer thread gives up after the library's time without a packet (then the
    # connection is closed): packets written at once count as packets
    server, phone = pair(65536)
    outbox = Outbox(queue.Queue(), Ws(server))
    stop = threading.Event()

    def send():
        while not stop.is_set():
            outbox.put(Packet(MESSAGE, data="x"))
            time.sleep(0.02)
    sender = threading.Thread(target=send)
    sender.start()
    start = time.monotonic()
    try:
        with pytest.raises(queue.Empty):
            threading.Timer(0.6, stop.set).start()
            outbox.get(timeout=0.2)
        assert time.monotonic() - start >= 0.6
    finally:
        stop.set()
        sender.join()


class Starts:
    """The writer task's start as companion.seams.engineio.install_lazy_writers hands
    it to `Outbox.writer_later`: the library's writer loop in a thread, counted."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox, self.count, self.done = outbox, 0, threading.Event()

    def __call__(self) -> threading.Thread:
        self.count += 1
        thread = threading.Thread(target=writer, args=(self.outbox, self.done), daemon=True)
        thread.start()
        return thread


def test_the_writer_thread_starts_only_once_something_waits_for_it(pair):
    # a phone that reads in time never has a writer thread; one that stops reading
    # gets it once a packet would block, and every packet still arrives in order
    server, phone = pair(4096)
    ws = Ws(server)
    outbox = Outbox(queue.Queue(), ws)
    start = Starts(outbox)
    task = outbox.writer_later(start)
    for i in range(5):
        outbox.put(Packet(MESSAGE, data=f"{i}"))
    assert read_all(phone, 5, 0, ws.client) == [f"4{i}" for i in range(5)]
    assert start.count == 0 and outbox.direct == 5
    pad = "x" * 3000
    for i in range(5, 60):                  # the phone reads none of these yet
        outbox.put(Packet(MESSAGE, data=f"{i}:{pad}"))
    assert start.count == 1 and outbox.waiting > 0
    got = read_all(phone, 55, 0, ws.client)
    assert [int(m[1:].split(":")[0]) for m in got] == list(range(5, 60))
    outbox.put(None)
    task.join(10)
    assert start.done.is_set() and start.count == 1


def test_the_connections_end_starts_the_writer_that_ends_it(pair):
    # python-engineio ends a WebSocket by queueing None and joining its writer task
    # (which then closes the WebSocket): a writer never started is started for it
    server, _phone = pair(65536)
    outbox = Outbox(queue.Queue(), Ws(server))
    start = Starts(outbox)
    task = outbox.writer_later(start)
    assert start.count == 0
    outbox.put(None)
    task.join(10)
    assert start.count == 1 and start.done.is_set()


def test_what_waited_before_the_lazy_writer_is_written_at_once(pair):
    # Engine.IO's OPEN is queued before the WebSocket driver starts: it is written when
    # the writer task would have started, without starting it
    server, phone = pair(65536)
    q = queue.Queue()
    q.put(Packet(MESSAGE, data="first"))
    ws = Ws(server)
    outbox = Outbox(q, ws)
    start = Starts(outbox)
    outbox.writer_later(start)
    outbox.put(Packet(MESSAGE, data="second"))
    assert read_all(phone, 2, 0, ws.client) == ["4first", "4second"]
    assert start.count == 0 and outbox.direct == 2 and outbox.waiting == 0
    assert q.unfinished_tasks == 0
