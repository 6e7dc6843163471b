"""The shapes of the libraries' internals that companion/seams/ relies on, one test per
fact. A new version of a library that moves one fails here by name, saying which
version the seam was written for (the pins in pyproject.toml hold them meanwhile)."""
from __future__ import annotations

import inspect
import os
import subprocess
import sys
import time
from importlib.metadata import version

import pytest

WRITTEN_FOR = {"python-engineio": "4.15.1", "simple-websocket": "1.1.0",
               "python-socketio": "5.18.1", "Werkzeug": "3.1.9", "wsproto": "1.3.2",
               "Flask-SocketIO": "5.7.0"}



def a_seat(url: str) -> tuple[str, str]:
    """A new tracker table on the server at `url` and Ann's seat in it: (table id, token)."""
    import requests
    r = requests.post(url + "/tables", data={"mode": "tracker"}, allow_redirects=False)
    table_id = r.headers["Location"].rsplit("/", 1)[1]
    r = requests.post(f"{url}/t/{table_id}/join", data={"name": "Ann"}, allow_redirects=False)
    return table_id, r.headers["Location"].split("#", 1)[1]

def moved(lib: str, what: str) -> str:
    """The failure's sentence: what moved, the version the seam was written for and the
    one installed."""
    return (f"companion/seams: {what} — the seam was written for {lib} "
            f"{WRITTEN_FOR[lib]}, this is {lib} {version(lib)}; see docs/architecture.md "
            f"(companion/seams/) before changing the pin")


def source(obj) -> str:
    """The code of a library function ("" when it has none to read: the check fails)."""
    try:
        return inspect.getsource(obj)
    except (OSError, TypeError):
        return ""


def params(func) -> list[str]:
    return list(inspect.signature(func).parameters)


# -- python-engineio (companion/seams/engineio.py) ----------------------------------------
def test_engineio_schedules_each_ping_as_a_background_task_of_send_ping():
    from engineio.socket import Socket
    assert callable(getattr(Socket, "_send_ping", None)), moved(
        "python-engineio", "Socket._send_ping is gone")
    assert "start_background_task(self._send_ping)" in source(Socket.schedule_ping), moved(
        "python-engineio", "Socket.schedule_ping no longer starts Socket._send_ping as a "
        "background task with no arguments")


def test_engineio_send_ping_does_what_the_one_ping_thread_does():
    from engineio.socket import Socket
    body = source(Socket._send_ping)
    for line in ("self.server.sleep(self.server.ping_interval)",
                 "if not self.closing and not self.closed",
                 "self.last_ping = time.time()", "self.send(packet.Packet(packet.PING))"):
        assert line in body, moved("python-engineio",
                                   f"Socket._send_ping no longer does `{line}`")


def test_engineio_server_keeps_its_websocket_driver_in_the_async_table():
    import engineio
    from engineio.socket import Socket

    from companion.seams.engineio import WebSocketWSGI
    eio = engineio.Server(async_mode="threading")
    assert isinstance(eio._async, dict) and eio._async.get("websocket") is WebSocketWSGI, \
        moved("python-engineio", "Server._async['websocket'] is not the threading "
              "driver SimpleWebSocketWSGI")
    upgrade = source(Socket._upgrade_websocket)
    assert "self.server._async['websocket'](" in upgrade, moved(
        "python-engineio", "the WebSocket upgrade no longer builds its driver from "
        "Server._async['websocket']")
    assert params(WebSocketWSGI.__init__)[:3] == ["self", "handler", "server"], moved(
        "python-engineio", "SimpleWebSocketWSGI(handler, server, **kwargs) changed")
    for name in ("__call__", "close", "send", "wait"):
        assert callable(getattr(WebSocketWSGI, name, None)), moved(
            "python-engineio", f"SimpleWebSocketWSGI.{name} is gone")


def test_engineio_starts_and_ends_a_websockets_writer_as_the_lazy_writer_expects():
    """companion.seams.engineio.install_lazy_writers: the WebSocket handler starts its
    nested `writer` (over the socket as `self`) as a background task with no
    arguments, ends it by queueing None and joins it; the writer closes the WebSocket
    when it ends."""
    from engineio.socket import Socket

    from companion.seams.engineio import WRITER
    handler = source(Socket._websocket_handler)
    for line in ("writer_task = self.server.start_background_task(writer)",
                 "self.queue.put(None)  # unlock the writer task so that it can exit",
                 "writer_task.join()", "packets = self.poll()", "ws.close()"):
        assert line in handler, moved(
            "python-engineio", f"Socket._websocket_handler no longer does `{line}`")
    codes = [c for c in Socket._websocket_handler.__code__.co_consts
             if getattr(c, "co_name", None) == "writer"]
    assert len(codes) == 1 and codes[0].co_qualname == WRITER, moved(
        "python-engineio", f"the WebSocket's writer task is no longer {WRITER}")
    assert "self" in codes[0].co_freevars, moved(
        "python-engineio", "the WebSocket's writer no longer closes over its socket")


def test_the_app_has_its_pings_and_websocket_seams_installed():
    """The seams take in a real app (threading mode): neither is silently skipped."""
    from companion import create_app
    from companion.seams.engineio import Pings
    from companion.seams.simple_websocket import WebSocket
    app = create_app({"TESTING": True})
    eio = app.extensions["socketio"].server.eio
    assert isinstance(getattr(eio, "pings", None), Pings), moved(
        "python-engineio", "the one ping thread was not installed")
    assert eio._async["websocket"] is WebSocket
    app.extensions["companion"].storage.close()


# -- simple-websocket (companion/seams/simple_websocket.py) -------------------------------
def test_simple_websocket_server_takes_a_size_limit_and_a_thread_class():
    import simple_websocket
    got = params(simple_websocket.Server.__init__)
    for name in ("environ", "max_message_size", "thread_class", "receive_bytes"):
        assert name in got, moved("simple-websocket",
                                  f"Server.__init__ has no `{name}` parameter")


def test_simple_websocket_reader_loop_is_the_one_wait_repeats():
    """WebSocket.wait does what the library's reader thread does: a change there means
    the copy must change too."""
    import simple_websocket
    base = simple_websocket.ws.Base
    init, loop = source(base.__init__), source(base._thread)
    for attr in ("self.sock = ", "self.receive_bytes = ", "self.input_buffer = []",
                 "self.incoming_message_len = 0", "self.connected = False",
                 "self.close_reason = "):
        assert attr in init, moved("simple-websocket", f"Base.__init__ no longer sets "
                                   f"`{attr.strip(' =')}`")
    for line in ("self.sock.recv(self.receive_bytes)", "self.ws.receive_data(in_data)",
                 "self.connected = self._handle_events()"):
        assert line in loop, moved("simple-websocket",
                                   f"the reader thread no longer does `{line}`")
    assert "self.thread = thread_class(target=self._thread)" in init, moved(
        "simple-websocket", "the reader thread is no longer made from thread_class")
    events = source(base._handle_events)
    assert "self.max_message_size" in events and "self.input_buffer.append" in events, \
        moved("simple-websocket", "_handle_events no longer counts a message against "
              "max_message_size and appends it to input_buffer")


def test_engineio_sockets_queue_is_what_the_writer_thread_polls_and_send_puts_into():
    """The Outbox (companion/seams/simple_websocket.py) takes the place of a socket's
    `queue`: Socket.send puts into it, the writer thread takes from it with `poll` and
    writes each packet with `ws.send(pkt.encode())`, one at a time, in order."""
    import queue

    import engineio
    from engineio.base_socket import BaseSocket
    from engineio.socket import Socket
    assert "self.queue = self.server.create_queue()" in source(BaseSocket.__init__), moved(
        "python-engineio", "a socket no longer makes its queue with create_queue()")
    assert isinstance(engineio.Server(async_mode="threading").create_queue(), queue.Queue), \
        moved("python-engineio", "a threading server's queue is not a queue.Queue")
    assert "self.queue.put(pkt)" in source(Socket.send), moved(
        "python-engineio", "Socket.send no longer puts the packet in self.queue")
    poll = source(Socket.poll)
    for line in ("self.queue.get(\n                timeout=self.server.ping_interval + "
                 "self.server.ping_timeout)", "self.queue.get(block=False)",
                 "self.queue.task_done()", "self.queue.put(None)"):
        assert line in poll, moved("python-engineio", f"Socket.poll no longer does `{line}`")
    handler = source(Socket._websocket_handler)
    for line in ("packets = self.poll()", "for pkt in packets:", "ws.send(pkt.encode())",
                 "self.connected = True"):
        assert line in handler, moved("python-engineio", "the WebSocket handler's writer "
                                      f"thread no longer does `{line}`")
    assert "self._websocket_handler, self.server)" in source(Socket._upgrade_websocket), \
        moved("python-engineio", "the WebSocket driver is no longer given the socket's "
              "bound _websocket_handler")


def test_simple_websocket_frames_a_message_with_wsproto_and_writes_it_whole():
    import simple_websocket
    send = source(simple_websocket.ws.Base.send)
    for line in ("self.ws.send(Message(data=data))", "self.ws.send(TextMessage(data=str(data)))",
                 "if not self.connected:"):
        assert line in send, moved("simple-websocket", f"Base.send no longer does `{line}`")


def test_wsproto_keeps_the_extensions_a_connection_frames_with():
    """The Outbox frames a message itself when the connection has no extension: it
    reads them where wsproto keeps them (tests/test_outbox.py compares the bytes)."""
    from wsproto import WSConnection
    from wsproto.connection import Connection, ConnectionState, ConnectionType
    conn = Connection(ConnectionType.SERVER, extensions=[])
    proto = getattr(conn, "_proto", None)
    assert proto is not None and proto.extensions == [] and proto.client is False, moved(
        "wsproto", "Connection._proto.extensions / .client moved")
    assert conn.state is ConnectionState.OPEN
    assert "self.connection = self.handshake.connection" in source(WSConnection.send), \
        moved("wsproto", "WSConnection no longer keeps its Connection in `connection`")


@pytest.mark.slow
def test_the_app_writes_a_websocket_phones_packets_from_the_sending_thread():
    """A phone's socket (a WebSocket from the start, as the pages connect) gets the
    Outbox, and its snapshots are written by the thread that sends them."""
    import socketio

    from companion import create_app
    from companion.seams.simple_websocket import Outbox
    from helpers import close_client, serving
    app = create_app({"TESTING": True})
    with serving(app) as url:
        table_id, token = a_seat(url)
        phone = socketio.Client(reconnection=False)
        try:
            phone.connect(url, transports=["websocket"],
                          auth={"table": table_id, "token": token, "delta": 1})
            assert phone.call("nope", {}, timeout=10)["ok"] is False
            sockets = list(app.extensions["socketio"].server.eio.sockets.values())
            assert len(sockets) == 1 and isinstance(sockets[0].queue, Outbox)
            assert sockets[0].queue.direct >= 3    # OPEN, the first snapshot, the answer
            # no writer thread: nothing ever waited for one (install_lazy_writers)
            assert sockets[0].queue.writer is not None
            assert sockets[0].queue.writer.task is None
        finally:
            close_client(phone)
        hub = app.extensions["companion"].hub
        end = time.monotonic() + 10
        while (hub.socket_count() or sockets[0].queue.writer.task is None
               or sockets[0].queue.writer.task.is_alive()) and time.monotonic() < end:
            time.sleep(0.02)
        # the end of the connection started the writer, which took the end and closed
        assert hub.socket_count() == 0 and not sockets[0].queue.writer.task.is_alive()
    app.extensions["companion"].storage.close()


# -- python-socketio (companion/seams/socketio.py) ----------------------------------------
def test_socketio_packets_ask_uses_binary_events_and_data_is_binary():
    from socketio.packet import Packet
    assert "self.uses_binary_events" in source(Packet.__init__), moved(
        "python-socketio", "Packet no longer reads uses_binary_events")
    assert isinstance(inspect.getattr_static(Packet, "data_is_binary"), classmethod), \
        moved("python-socketio", "Packet.data_is_binary is not a class method")
    from companion.wire import JsonPacket
    pkt = JsonPacket(2, data=["snapshot", {"b": "x"}])
    assert pkt.attachment_count == 0 and pkt.packet_type == 2, moved(
        "python-socketio", "Packet's packet_type / attachment_count changed")


def test_socketio_queue_emit_asks_the_module_global_packet():
    from socketio import pubsub_manager
    assert isinstance(getattr(pubsub_manager, "Packet", None), type), moved(
        "python-socketio", "socketio.pubsub_manager has no module-global Packet")
    assert "Packet.data_is_binary(data)" in source(pubsub_manager.PubSubManager.emit), \
        moved("python-socketio", "PubSubManager.emit no longer asks the module's Packet")


def test_socketio_queue_publishes_json_that_our_listener_recognises(monkeypatch):
    """RedisQueue._listen knows its own emits by the JSON's start and its host_id last."""
    import socketio

    from companion.seams.socketio import PlainJson, RedisQueue, queue_without_binary_search
    queue_without_binary_search()
    q = RedisQueue("redis://127.0.0.1:1/0")
    q.json = PlainJson
    published, handled = [], []
    monkeypatch.setattr(q, "_publish", published.append)
    monkeypatch.setattr(socketio.PubSubManager, "_handle_emit",
                        lambda self, m: handled.append(m))
    q.emit("snapshot", {"seq": 1}, namespace="/", room="seat:t:a:b")
    assert len(published) == 1, moved("python-socketio",
                                      "PubSubManager.emit no longer calls _publish once")
    text = PlainJson.dumps(published[0])
    assert text.startswith('{"method": "emit"') and text.endswith(
        f'"host_id": "{q.host_id}"}}'), moved(
        "python-socketio", "an emit's queue message no longer starts with its method "
        "and ends with its host_id")
    assert handled == [], "a room emit of our own went out before coming back"


def test_socketio_listening_thread_takes_dicts_and_skips_its_own_host():
    import socketio
    thread = source(socketio.PubSubManager._thread)
    for line in ("for message in self._listen()", "isinstance(message, dict)",
                 "data.get('host_id') != self.host_id", "self._handle_emit(data)"):
        assert line in thread, moved("python-socketio",
                                     f"the listening thread no longer does `{line}`")
    assert "yield message['data']" in source(socketio.RedisManager._listen), moved(
        "python-socketio", "RedisManager._listen no longer yields the messages' data")
    assert "self.redis.publish(self.channel, self.json.dumps(data))" in source(
        socketio.RedisManager._publish), moved(
        "python-socketio", "RedisManager._publish no longer publishes json.dumps(data) "
        "(companion.relay's packed bytes go through it as they are)")


def test_socketio_redis_manager_connects_as_our_listening_loop_expects():
    """companion.seams.socketio.RedisQueue listens with a loop of its own (a channel per
    table, subscriptions confirmed): it calls the private `_redis_connect` for
    `self.redis`, and reads redis-py's pubsub, which yields the confirmations unless
    told to ignore them."""
    import redis
    import socketio
    assert "self.redis = " in source(socketio.RedisManager._redis_connect), moved(
        "python-socketio", "RedisManager._redis_connect no longer sets self.redis")
    assert "ignore_subscribe_messages" in params(redis.client.PubSub.__init__), moved(
        "redis", "PubSub(ignore_subscribe_messages=...) changed")
    assert "handle_message" in source(redis.client.PubSub.listen), moved(
        "redis", "PubSub.listen no longer yields handle_message's dicts")


def test_socketio_rooms_and_engineio_send_are_what_the_relay_delivers_with():
    """companion.relay hands a packet to a room's sockets with the manager's
    get_participants and the Engine.IO server's send, as Manager.emit does."""
    import engineio
    import socketio
    assert params(socketio.Manager.get_participants) == ["self", "namespace", "room"], \
        moved("python-socketio", "Manager.get_participants(namespace, room) changed")
    assert "self.get_participants(namespace, room)" in source(socketio.Manager.emit), \
        moved("python-socketio", "Manager.emit no longer finds a room's sockets with "
              "get_participants")
    assert params(engineio.Server.send)[:3] == ["self", "sid", "data"], moved(
        "python-engineio", "Server.send(sid, data) changed")
    assert callable(getattr(socketio.PubSubManager, "set_server", None))


# -- Werkzeug (companion/seams/werkzeug.py) -----------------------------------------------
def test_werkzeug_request_handler_has_the_methods_ours_overrides():
    from werkzeug.serving import WSGIRequestHandler
    from werkzeug.wsgi import LimitedStream
    expect = {"handle": ["self"], "handle_one_request": ["self"],
              "connection_dropped": ["self", "error", "environ"], "run_wsgi": ["self"],
              "make_environ": ["self"], "log": ["self", "type", "message", "args"]}
    for name, want in expect.items():
        assert params(getattr(WSGIRequestHandler, name)) == want, moved(
            "Werkzeug", f"WSGIRequestHandler.{name} is no longer {name}({', '.join(want)})")
    assert callable(getattr(LimitedStream, "exhaust", None)), moved(
        "Werkzeug", "LimitedStream.exhaust is gone")
    assert "connection_dropped" in source(WSGIRequestHandler.run_wsgi), moved(
        "Werkzeug", "run_wsgi no longer calls connection_dropped")


# -- glibc (companion/seams/glibc.py) ---------------------------------------------------------
GLIBC = sys.platform.startswith("linux") and os.confstr("CS_GNU_LIBC_VERSION").startswith(
    "glibc")


@pytest.mark.skipif(not GLIBC, reason="a glibc seam")
def test_glibc_takes_the_arena_limit_and_knows_the_tunable():
    import ctypes

    from companion.seams import glibc
    written = "glibc 2.36"
    here = os.confstr("CS_GNU_LIBC_VERSION")
    assert ctypes.CDLL("libc.so.6").mallopt(-8, 2) == 1, (
        f"mallopt(M_ARENA_MAX=-8) refused: written for {written}, this is {here}")
    assert ctypes.CDLL("libc.so.6").mallopt(-3, glibc.BIG) == 1, (
        f"mallopt(M_MMAP_THRESHOLD=-3) refused: written for {written}, this is {here}")
    name = glibc.TUNABLE.split("=")[0]
    probe = subprocess.run([sys.executable, "-c", "import os; print(os.environ"
                            "['GLIBC_TUNABLES'])"], capture_output=True, text=True,
                           env=dict(os.environ, GLIBC_TUNABLES=glibc.TUNABLE))
    assert probe.returncode == 0, probe.stderr
    loader = "/lib64/ld-linux-x86-64.so.2"
    if os.path.exists(loader):
        listed = subprocess.run([loader, "--list-tunables"], capture_output=True,
                                text=True).stdout
        assert name + ":" in listed, (
            f"glibc no longer lists the tunable {name}: written for {written}, "
            f"this is {here}")


def test_socketio_manager_emit_without_callback_is_what_to_room_does():
    from socketio.manager import Manager
    emit = source(Manager.emit)
    for line in ("if namespace not in self.rooms:", "pkt = self.server.packet_class(",
                 "packet.EVENT, namespace=namespace, data=[event] + data)",
                 "encoded_packet = pkt.encode()",
                 "eio_packet.Packet(eio_packet.MESSAGE, p)",
                 "for sid, eio_sid in self.get_participants(namespace, room):",
                 "self.server._send_eio_packet(eio_sid, p)"):
        assert line in emit, moved("python-socketio", f"Manager.emit no longer does `{line}`")


def test_socketio_calls_a_handler_of_its_own_with_the_sid_and_acks_what_it_returns():
    """companion.seams.socketio.on_event: python-socketio calls a handler registered
    with `Server.on` as `handler(sid, *args)` (the catch-all "*": `(event, sid, *args)`)
    and sends what it returns as the event's ack."""
    import socketio
    from socketio.base_server import BaseServer
    internal = source(socketio.Server._handle_event_internal)
    for line in ("r = server._trigger_event(data[0], namespace, sid, *data[1:])",
                 "if r != self.not_handled and id is not None:",
                 "server._send_packet(eio_sid, self.packet_class("):
        assert line in internal, moved(
            "python-socketio", f"Server._handle_event_internal no longer does `{line}`")
    assert "return handler(*args)" in source(socketio.Server._trigger_event), moved(
        "python-socketio", "Server._trigger_event no longer calls handler(*args)")
    server = socketio.Server(async_mode="threading")
    server.on("move", lambda sid, data: ("move", sid, data))
    server.on("*", lambda event, sid, data: ("*", event, sid, data))
    assert server._trigger_event("move", "/", "s1", {"a": 1}) == ("move", "s1", {"a": 1})
    assert server._trigger_event("nope", "/", "s1", 2) == ("*", "nope", "s1", 2), moved(
        "python-socketio", "the catch-all handler no longer gets (event, sid, *args)")
    assert "connect" in BaseServer.reserved_events and \
        "disconnect" in BaseServer.reserved_events, moved(
            "python-socketio", "connect/disconnect are no longer kept from the catch-all")


def test_flask_socketio_puts_the_app_in_the_environ_and_reads_it_per_event():
    """companion.seams.socketio.handshake opens an event's request context as
    Flask-SocketIO does: the app its middleware puts in the environ."""
    import flask_socketio
    assert "environ['flask.app'] = self.flask_app" in source(
        flask_socketio._SocketIOMiddleware.__call__), moved(
            "Flask-SocketIO", "its middleware no longer puts the app in environ['flask.app']")
    assert "with app.request_context(environ):" in source(
        flask_socketio.SocketIO._handle_event), moved(
            "Flask-SocketIO", "an event's handler no longer runs in app.request_context("
            "environ)")


@pytest.mark.slow
def test_socket_events_but_connect_run_without_a_request_context(monkeypatch):
    """Only `connect` (which reads the host's cookie) pays for a Flask request context;
    every other event is answered straight from python-socketio
    (companion.seams.socketio.on_event), in the socket's language all the same; the
    handshake's context is there for what needs it (`handshake`)."""
    import flask
    import socketio

    from companion import create_app, i18n
    from companion.errors import Problem
    from companion.seams.socketio import handshake
    from engine.say import msg
    from helpers import close_client, serving
    app = create_app({"TESTING": True})
    opened = []
    request_context = flask.Flask.request_context
    monkeypatch.setattr(flask.Flask, "request_context", lambda self, environ: (
        opened.append(environ.get("PATH_INFO")), request_context(self, environ))[1])
    with serving(app) as url:
        table_id, token = a_seat(url)
        phone = socketio.Client(reconnection=False)
        try:
            phone.connect(url + "/?lang=hu", transports=["websocket"],
                          auth={"table": table_id, "token": token, "delta": 1, "lang": "ru"})
            opened.clear()
            asks = [phone.call(event, data, timeout=10) for event, data in (
                ("resync", {}), ("nope", {}), ("deal", {}), ("catalogue", [1]))]
            assert opened == []
            assert asks[0] == {"ok": True}
            assert [a["error"]["code"] for a in asks[1:]] == [
                "bad_request", "not_host", "bad_request"]
            assert asks[3]["error"] == i18n.localize(Problem("bad_request", msg(
                "'{event}' takes one JSON object.", event="catalogue")).to_dict(), "ru")
            assert asks[3]["error"]["message"] != "'catalogue' takes one JSON object."
            server = app.extensions["socketio"].server
            sid = server.manager.sid_from_eio_sid(next(iter(server.eio.sockets)), "/")
            with handshake(server, sid):
                assert flask.request.args.get("lang") == "hu" and i18n.current() == "hu"
        finally:
            close_client(phone)
    app.extensions["companion"].storage.close()


def test_to_room_sends_what_the_librarys_emit_sends(app):
    """companion.seams.socketio.to_room, the hub's way to a room's sockets, sends each
    of them the very packet the library's emit does, and nothing to other rooms."""
    from companion.seams.socketio import to_room
    server = app.extensions["socketio"].server
    manager = server.manager
    for eio_sid, room in (("e1", "seat:x"), ("e2", "seat:x"), ("e3", "seat:y")):
        manager.enter_room(manager.connect(eio_sid, "/"), "/", room)
    sent = []
    server._send_eio_packet = lambda eio_sid, pkt: sent.append(
        (eio_sid, pkt.packet_type, pkt.encode()))
    data = {"seq": 3, "patch": [["r", ["me", "life"], 4]], "said": "Célia vesztett"}
    server.emit("snapshot", data, to="seat:x", namespace="/")
    library = sorted(sent)
    sent.clear()
    to_room(server, "snapshot", data, "seat:x")
    assert sorted(sent) == library and [s[0] for s in library] == ["e1", "e2"]
    sent.clear()
    to_room(server, "snapshot", data, "seat:z")         # nobody there
    assert sent == []


def test_the_managers_rooms_hold_when_sockets_come_and_go_in_many_threads(app):
    # python-socketio changes its room dicts in several steps, from each socket's thread:
    # a socket connecting while the last one left found its namespace gone ("message
    # handler error: KeyError: '/'") and lost its connection. Without the lock this
    # fails in most runs (a KeyError in one of the threads).
    import sys
    import threading
    from companion.seams.socketio import GuardedRooms
    manager = app.extensions["socketio"].server.manager
    assert isinstance(manager, GuardedRooms)
    errors = []

    def come_and_go(k):
        try:
            for i in range(1500):
                sid = manager.pre_connect(f"e{k}-{i}", "/")
                manager.connect(sid, "/")
                manager.enter_room(sid, "/", f"seat:{k % 3}")
                list(manager.get_participants("/", f"seat:{k % 3}"))
                manager.pre_disconnect(sid, "/")
                manager.disconnect(sid, "/")
        except Exception as e:           # noqa: BLE001 - any of them is the failure
            errors.append(repr(e))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        threads = [threading.Thread(target=come_and_go, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert not manager.rooms.get("/")


@pytest.mark.slow
@pytest.mark.parametrize("transport", ["websocket", "polling"])
def test_a_socket_event_leaves_no_cycle_for_the_collector(transport):
    """Flask-SocketIO runs every event in a request context of the connection's URL:
    that path is routed (companion/__init__.py), so an event's context is freed as soon
    as it ends, not by the cyclic garbage collector (a NotFound kept on the request made
    it a cycle of about 60 objects: tracebacks, frames, the request)."""
    import gc

    import socketio
    from flask import request

    from companion import create_app
    from helpers import close_client, serving
    app = create_app({"TESTING": True})

    @app.extensions["socketio"].on("probe")
    def probe(data=None):
        return repr(request.routing_exception)
    with serving(app) as url:
        client = socketio.Client(reconnection=False)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            table_id, token = a_seat(url)
            client.connect(url, transports=[transport],
                           auth={"table": table_id, "token": token, "delta": 1})
            answers = [client.call("probe", {}, timeout=10) for _ in range(20)]
            gc.collect()
            left = [type(o).__name__ for o in gc.garbage]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            close_client(client)
    app.extensions["companion"].storage.close()
    assert answers == ["None"] * 20
    assert "RequestContext" not in left and "NotFound" not in left, sorted(set(left))
