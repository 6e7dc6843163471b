"""The seams into python-socketio's internals (written for python-socketio 5.18.1).

* `JsonOnlyPacket`: a packet class that never searches its data for binary
  attachments (`uses_binary_events`, the class method `data_is_binary`): the companion
  only sends JSON it built itself, and the library's recursive search cost about 1 ms
  per 5 KB snapshot, more than building it. companion.wire.JsonPacket builds on it.
* `queue_without_binary_search`: the same for the message queue. `PubSubManager.emit`
  asks the module-global `socketio.pubsub_manager.Packet` (not the server's packet
  class), so that global is replaced; only this server's managers use it.
* `RedisQueue`: python-socketio's Redis manager, reading the queue's messages with the
  plain json module (its `json` attribute, set after `set_server`: the packets'
  guarded JSON is meant for what phones send, the queue carries only what our own
  processes wrote), and delivering a process's own emits to tables' rooms (`seat:...`,
  `host:...`) when they come back from the queue, like every other process. It
  overrides the private `_handle_emit` (what `emit` calls for this process) and
  `_listen` (the messages the listening thread reads), and relies on the shape of the
  JSON `_publish` writes (`{"method": "emit", ..., "host_id": "..."}`, `host_id`
  last). Why the order: python-socketio delivers an emit to the emitting process's own
  sockets at once and publishes it for the others, so a phone on process B would get
  B's move 9 (delivered at once) before A's move 8 (still on its way through the
  queue), though A's was acknowledged first. Delivered from the queue, every process
  delivers every table's snapshots in the one order Redis gives them. (An emit to one
  socket, such as a refused connection's error, is still delivered at once.)

* `GuardedRooms` (`Rooms` for one process, and `RedisQueue`): the manager's room
  bookkeeping under one lock (its methods that read or change `rooms`,
  `pending_connect`, `pending_disconnect` and `callbacks`).

* `to_room`: an event without a callback to one room of a server without a message
  queue (with one, it is the library's `emit`), as `Manager.emit` sends it (the packet built and encoded once with the
  server's `packet_class`, an Engine.IO MESSAGE of it to each of the room's sockets
  through the server's private `_send_eio_packet`), without the layers above it
  (Flask-SocketIO's `emit`, `Server.emit`) that each of a change's seven rooms went
  through.

* `on_event`: a socket event's handler registered with python-socketio itself
  (`Server.on`; the handler gets the socket's `sid` first, its return value is the
  ack), not through Flask-SocketIO's `on`, which runs every event inside a Flask
  request context of the connection's handshake (a Request, the URL adapter and its
  match, the cookie session opened and closed, for each event). `handshake` opens
  that context (as Flask-SocketIO does: the app from the `flask.app` its middleware
  puts in the environ) for what needs it: the language of a socket without a seat,
  a URL made from the request's host.

tests/test_seams.py checks each of these shapes, so that a new python-socketio (or
Flask-SocketIO) that moves one fails there first, by name.
"""
from __future__ import annotations

import contextlib
import json
import threading
import time

import socketio
from engineio import packet as eio_packet
from socketio import pubsub_manager
from socketio.packet import EVENT, Packet


class JsonOnlyPacket(Packet):
    """Socket.IO packets whose data is never searched for binary attachments."""
    uses_binary_events = False

    @classmethod
    def data_is_binary(cls, data) -> bool:
        return False


def queue_without_binary_search() -> None:
    """`PubSubManager.emit` publishes without searching the payload for attachments."""
    pubsub_manager.Packet = JsonOnlyPacket


def to_room(server, event: str, data, room: str, namespace: str = "/") -> None:
    """`event` with `data` (one argument) to the sockets of `room` (see the module
    docstring): what `server.emit(event, data, to=room, namespace=namespace)` does on a
    server without a message queue (with one, the library's `emit`, which publishes)."""
    manager = server.manager
    if isinstance(manager, pubsub_manager.PubSubManager):
        server.emit(event, data, to=room, namespace=namespace)
        return
    if namespace not in manager.rooms:
        return
    encoded = server.packet_class(EVENT, namespace=namespace, data=[event, data]).encode()
    if not isinstance(encoded, list):
        encoded = [encoded]
    packets = [eio_packet.Packet(eio_packet.MESSAGE, p) for p in encoded]
    for _sid, eio_sid in manager.get_participants(namespace, room):
        for p in packets:
            server._send_eio_packet(eio_sid, p)


def on_event(server, event: str, handler, namespace: str = "/") -> None:
    """`handler(sid, *args)` for `event` (`"*"`: `handler(event, sid, *args)`, every
    event of a name without its own handler), called by python-socketio without a
    Flask request context; what it returns is the ack (see the module docstring)."""
    server.on(event, handler, namespace=namespace)


@contextlib.contextmanager
def handshake(server, sid: str, namespace: str = "/"):
    """The Flask request context of socket `sid`'s handshake (its URL, headers,
    cookies), as Flask-SocketIO opens it for each event. Nothing when the socket is
    gone."""
    environ = server.get_environ(sid, namespace=namespace)
    if not environ or "flask.app" not in environ:
        yield
        return
    with environ["flask.app"].request_context(environ):
        yield


class PlainJson:
    @staticmethod
    def dumps(obj, **kw):
        if isinstance(obj, bytes):      # a message companion.relay packed: as it is
            return obj
        return json.dumps(obj, ensure_ascii=False, **kw)

    loads = staticmethod(json.loads)


ROOMS = ("seat:", "host:")          # companion.hub's rooms
BACK = "queue"                      # the host_id of our own emits come back
ROOMS_MARK = b"bang-rooms\n"        # the start of companion.relay's messages


class GuardedRooms:
    """python-socketio's room bookkeeping (`rooms`, `pending_connect`...) under one lock.
    The library changes those dicts in several steps and, with threads, from every
    socket's thread at once: a socket connecting while the last one of its namespace
    left could find the namespace gone between two of those steps ("message handler
    error: KeyError: '/'", its connection dropped), and two sockets entering a new room
    at once could leave one of them out of it. Mixed into the manager the server uses
    (`Rooms`, and companion.relay's RedisQueue)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._rooms_lock = threading.RLock()

    def get_participants(self, namespace, room):
        with self._rooms_lock:
            found = list(super().get_participants(namespace, room))
        yield from found


def _guarded(name: str):
    def method(self, *args, **kwargs):
        with self._rooms_lock:
            return getattr(super(GuardedRooms, self), name)(*args, **kwargs)
    method.__name__ = name
    return method


for _name in ("pre_connect", "connect", "is_connected", "sid_from_eio_sid",
              "eio_sid_from_sid", "pre_disconnect", "basic_disconnect", "basic_enter_room",
              "basic_leave_room", "basic_close_room", "get_rooms", "_generate_ack_id"):
    setattr(GuardedRooms, _name, _guarded(_name))


class Rooms(GuardedRooms, socketio.Manager):
    """The manager of a server without a message queue."""


class RedisQueue(GuardedRooms, socketio.RedisManager):
    on_rooms = None         # companion.relay.Relay.deliver, for the messages it packed

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._follow_lock = threading.Lock()
        self._followed: dict[str, int] = {}     # a table's channel: this process's sockets
        self._pending: dict[str, int] = {}      # a channel: subscriptions not confirmed yet
        self._confirmed: dict[str, threading.Event] = {}
        self._sub = None        # the listening thread's pubsub, once it has subscribed

    # -- a channel per table (companion.relay) ---------------------------------------
    def table_channel(self, table_id: str) -> str:
        return f"{self.channel}:t:{table_id}"

    def follow(self, table_id: str, timeout: float = 5.0) -> bool:
        """One more socket of `table_id` in this process: hear its table's channel (the
        first one subscribes), and wait until Redis has confirmed it, so that the change
        about to be published for it reaches this process too. False: no confirmation
        within `timeout` (logged; the listening thread subscribes again when it
        reconnects)."""
        channel = self.table_channel(table_id)
        with self._follow_lock:
            n = self._followed.get(channel, 0)
            self._followed[channel] = n + 1
            done = self._confirmed.get(channel)
            if n == 0:
                done = self._confirmed[channel] = threading.Event()
                self._pending[channel] = self._pending.get(channel, 0) + 1
                pubsub = self._sub
                if pubsub is not None:
                    try:
                        pubsub.subscribe(channel)
                    except Exception as e:      # the listening thread subscribes again
                        self._get_logger().warning("subscribe failed: %s", type(e).__name__)
        if done.wait(timeout):
            return True
        self._get_logger().warning("the queue did not confirm a table's channel in %s s",
                                   timeout)
        return False

    def unfollow(self, table_id: str) -> None:
        """A socket of `table_id` in this process is gone: the last one unsubscribes."""
        channel = self.table_channel(table_id)
        with self._follow_lock:
            n = self._followed.get(channel, 0) - 1
            if n > 0:
                self._followed[channel] = n
                return
            self._followed.pop(channel, None)
            self._confirmed.pop(channel, None)
            pubsub = self._sub
            if pubsub is not None:
                try:
                    pubsub.unsubscribe(channel)
                except Exception as e:
                    self._get_logger().warning("unsubscribe failed: %s", type(e).__name__)

    def following(self) -> int:
        """Tables whose channel this process hears (/metrics, tests)."""
        with self._follow_lock:
            return len(self._followed)

    def publish_raw(self, data: bytes, channel: str | None = None) -> None:
        """`data` on the queue as it is, on `channel` (a table's) or the server's own,
        with the library's retries (`_publish`'s)."""
        if channel is None:
            self._publish(data)
            return
        for retries_left in (1, 0):
            try:
                if not self.connected:
                    self._redis_connect()
                self.redis.publish(channel, data)
                return
            except Exception as exc:
                self._get_logger().error("Cannot publish to redis... %s",
                                         "retrying" if retries_left else "giving up",
                                         extra={"redis_exception": str(exc)})
                self.connected = False

    def _redis_listen_with_retries(self):
        """The library's listening loop, with subscription confirmations (its pubsub
        ignores them) and the tables' channels subscribed again on every reconnect."""
        retry_sleep = 1
        while True:
            try:
                self._redis_connect()
                pubsub = self.redis.pubsub()
                with self._follow_lock:
                    channels = [self.channel, *self._followed]
                    for channel in self._followed:
                        self._pending[channel] = 1
                    pubsub.subscribe(*channels)
                    self._sub = pubsub
                retry_sleep = 1
                yield from pubsub.listen()
            except Exception as exc:
                self._get_logger().error(
                    f"Cannot receive from redis... retrying in {retry_sleep} secs",
                    extra={"redis_exception": str(exc)})
                time.sleep(retry_sleep)
                retry_sleep = min(retry_sleep * 2, 60)

    def _messages(self):
        """(channel, data) of each message the listening thread reads; a table channel's
        subscription confirmed wakes its `follow`."""
        for message in self._redis_listen_with_retries():
            kind, channel = message.get("type"), message.get("channel")
            if isinstance(channel, bytes):
                channel = channel.decode()
            if kind == "message":
                yield channel, message.get("data")
            elif kind == "subscribe" and channel != self.channel:
                with self._follow_lock:
                    left = self._pending.get(channel, 0) - 1
                    if left > 0:
                        self._pending[channel] = left
                        continue
                    self._pending.pop(channel, None)
                    done = self._confirmed.get(channel)
                if done is not None:
                    done.set()

    def set_server(self, server) -> None:
        super().set_server(server)
        self.json = PlainJson

    def _handle_emit(self, message: dict) -> None:
        room = message.get("room")
        if (message.get("host_id") == self.host_id and isinstance(room, str)
                and room.startswith(ROOMS)):
            return                  # delivered when it comes back from the queue
        super()._handle_emit(message)

    def _listen(self):
        # our own emits come back with our host_id, which the listening thread would
        # skip: they are marked as back from the queue, and delivered in its order;
        # a table channel's messages are companion.relay's
        mine = f'"host_id": "{self.host_id}"}}'.encode()
        for channel, data in self._messages():
            if channel != self.channel or (
                    isinstance(data, bytes) and data.startswith(ROOMS_MARK)):
                if self.on_rooms is not None and isinstance(data, bytes):
                    try:
                        self.on_rooms(data)
                    except Exception:
                        self._get_logger().exception("a change's messages not delivered")
                continue
            if (isinstance(data, bytes) and data.startswith(b'{"method": "emit"')
                    and data.endswith(mine)):
                message = self.json.loads(data)
                if not str(message.get("room")).startswith(ROOMS):
                    continue        # delivered at once already
                message["host_id"] = BACK
                yield message
            else:
                yield data
