"""The seam into simple-websocket's internals (written for simple-websocket 1.1.0):
Engine.IO's threading WebSocket, bounded (docs/protocol.md, "Limits").

`WebSocket` is python-engineio's threading driver (companion.seams.engineio) with:

* every message capped at `wire.MESSAGE_MAX` bytes *while it arrives*: a larger one
  closes the connection with 1009 before it is held in memory (simple-websocket's
  `max_message_size`);
* the connection read in the request's own thread: simple-websocket would start a
  reader thread for every connection. Its `thread_class` is given a thread that never
  starts, and `wait` does what that thread's loop does: `sock.recv(receive_bytes)`,
  wsproto's `receive_data`, the private `_handle_events`, then `input_buffer`,
  `connected`, `close_reason` and `incoming_message_len` read as the library keeps them;
* a read timeout (`wire.READ_TIMEOUT`), so that a silent peer frees its thread;
* a frame the libraries choke on closes the connection with one log line;
* what the server sends written by the thread that sends it (`Outbox`), when nothing
  sent before is still waiting for the socket's writer thread: python-engineio puts
  every packet in the socket's queue and wakes that socket's writer thread to write it
  (eight thread wake-ups a move, each a hand-over of the interpreter's lock). The
  `Outbox` takes the place of the Engine.IO socket's queue (its `queue` attribute,
  which `Socket.send` puts into and the writer thread's `poll` reads) and counts what
  is in it or taken and not yet written; while that count is 0 and the connection is
  open, a packet is framed (wsproto's `send`, as `Base.send` does) and written with one
  non-blocking `os.write`; whatever would block (a phone that reads slowly: the
  socket's buffer full), whatever is left of a frame, and every packet after it while
  anything waits go the queue's way, in order, for the writer thread, which writes it
  whole (`sendall`). The writer thread is started only when something is first
  queued for it (`LazyWriter`, companion.seams.engineio.install_lazy_writers): a
  phone that reads in time never has one, so a connection costs one thread, not two.
  Once started, it waits on the queue as before, and gives up after the library's
  time (`ping_interval + ping_timeout`) only when nothing was written either way in
  that time. Only for a connection made as a WebSocket (the
  pages': an upgrade from polling keeps the library's queue), on a plain socket, in
  threading mode.

tests/test_seams.py checks each of these shapes, so that a new simple-websocket that
moves one fails there first, by name.
"""
from __future__ import annotations

import fcntl
import logging
import os
import queue as queue_module
import socket
import threading
import time

import simple_websocket
from wsproto.events import BytesMessage, TextMessage

from ..wire import MESSAGE_MAX, READ_TIMEOUT
from .engineio import WebSocketWSGI

log = logging.getLogger(__name__)


class _NoThread:
    """simple-websocket's reader thread, not started: `WebSocket.wait` reads instead."""

    def __init__(self, target=None, **kw) -> None:
        self.name = "unused"

    def start(self) -> None:
        pass


class Rest(bytes):
    """What is left of a frame the sending thread could not write whole: queued for the
    writer thread, which writes it as it is (`encode` is what the writer calls)."""

    def encode(self) -> bytes:
        return self


class Outbox:
    """An Engine.IO socket's queue of packets to send, written at once by the thread
    that sends when nothing waits before it (see the module docstring). Everything but
    `put` and `get` is the library's queue's."""

    def __init__(self, queue, ws) -> None:
        self.queue = queue              # the library's queue.Queue
        self.ws = ws                    # the simple_websocket.Server
        self.fd = ws.sock.fileno()
        self.lock = threading.Lock()
        self.waiting = queue.qsize()    # in the queue, or taken and not yet written
        self.written = 0.0              # time.monotonic() of the last write from here
        self.direct = 0                 # packets written from here (tests, /metrics)
        self.writer: LazyWriter | None = None   # the writer task, when started lazily

    def __getattr__(self, name):
        return getattr(self.queue, name)

    def put(self, pkt, block=True, timeout=None) -> None:
        with self.lock:
            if pkt is not None and not self.waiting:
                pkt = self._write(pkt)
                if pkt is None:
                    return
            if pkt is not None:
                self.waiting += 1
            self.queue.put(pkt, block, timeout)
            if self.writer is not None:
                self.writer.wake()

    def writer_later(self, start) -> "LazyWriter":
        """The socket's writer thread, started (`start()`) only once something is
        queued for it (companion.seams.engineio.install_lazy_writers)."""
        with self.lock:
            self.writer = LazyWriter(start)
            self._write_queued()
        return self.writer

    def _write_queued(self) -> None:
        """What was queued before the Outbox took the queue's place (a connection's
        OPEN packet), written from here in order; what would block is queued again
        in front of the rest, for the writer thread (hold `lock`)."""
        queued = []
        while True:
            try:
                queued.append(self.queue.get_nowait())
            except queue_module.Empty:
                break
            self.queue.task_done()
        self.waiting = 0
        for i, pkt in enumerate(queued):
            if pkt is not None:
                pkt = self._write(pkt)          # None: written whole
                if pkt is None:
                    continue
            for later in (pkt, *queued[i + 1:]):    # the rest, or the end (None)
                self.waiting += later is not None
                self.queue.put(later)
            self.writer.wake()
            return

    def _write(self, pkt):
        """`pkt` framed and written without blocking: None once written whole, else
        what the writer thread is to write (the packet, or the rest of its frame)."""
        ws = self.ws
        if not ws.connected:
            return pkt
        try:
            frame = self.frame(pkt.encode())
        except Exception:                   # the writer thread meets it and ends
            return pkt
        try:
            n = os.write(self.fd, frame)
        except OSError:                     # would block (or broken: the writer sees)
            n = 0
        self.written = time.monotonic()
        if n == len(frame):
            self.direct += 1
            return None
        return Rest(frame[n:])

    def frame(self, data) -> bytes:
        """A message's WebSocket frame (binary for bytes, else text), made by wsproto as
        simple-websocket's `Base.send` has it (with its extensions: a browser's deflate)."""
        return self.ws.ws.send(BytesMessage(data=data) if isinstance(data, bytes)
                               else TextMessage(data=str(data)))

    def sent(self, message) -> None:
        """The writer thread's write of what it took from the queue."""
        try:
            if isinstance(message, Rest):
                self.ws.sock.sendall(message)
            else:
                if not self.ws.connected:
                    raise simple_websocket.ConnectionClosed(self.ws.close_reason,
                                                            self.ws.close_message)
                self.ws.sock.sendall(self.frame(message))
        except simple_websocket.ConnectionClosed:
            raise OSError() from None
        with self.lock:
            self.waiting -= 1

    def get(self, block=True, timeout=None):
        """The writer thread's wait: it gives up after `timeout` only when nothing was
        written from here either in that time."""
        while True:
            start = time.monotonic()
            try:
                return self.queue.get(block, timeout)
            except queue_module.Empty:
                if not block or timeout is None or self.written < start:
                    raise


class LazyWriter:
    """An Engine.IO WebSocket's writer task that starts its thread the first time the
    Outbox queues something (a packet that would block, or the `None` that ends the
    connection), with `Outbox.lock` held; `join` as the library's task's."""

    def __init__(self, start) -> None:
        self.start = start
        self.task = None

    def wake(self) -> None:
        if self.task is None:
            self.task = self.start()

    def join(self, timeout=None) -> None:
        if self.task is not None:
            self.task.join(timeout)


def outbox_for(handler, server, ws) -> Outbox | None:
    """The Outbox for this connection's Engine.IO socket, installed; None where the
    library's queue stays (see the module docstring)."""
    eio_socket = getattr(handler, "__self__", None)
    if (getattr(server, "async_mode", None) != "threading" or eio_socket is None
            or getattr(eio_socket, "connected", True) or type(ws.sock) is not socket.socket
            or not isinstance(getattr(eio_socket, "queue", None), queue_module.Queue)):
        return None
    if not fcntl.fcntl(ws.sock.fileno(), fcntl.F_GETFL) & os.O_NONBLOCK:
        return None                     # a socket without a timeout: writes would block
    outbox = eio_socket.queue = Outbox(eio_socket.queue, ws)
    return outbox


class WebSocket(WebSocketWSGI):
    """Engine.IO's threading WebSocket, bounded (see the module docstring)."""

    def __init__(self, handler, server, **kwargs):
        super().__init__(handler, server, **kwargs)
        self._sock = None      # Engine.IO sets its timeout here, if present: we set ours
        self._server = server
        self.outbox: Outbox | None = None

    def __call__(self, environ, start_response):
        try:
            self.ws = simple_websocket.Server(environ, max_message_size=MESSAGE_MAX,
                                              thread_class=_NoThread)
        except Exception as e:
            log.info("websocket handshake failed: %s", type(e).__name__)
            start_response("400 BAD REQUEST", [("Content-Type", "text/plain")])
            return [b"Bad WebSocket handshake"]
        self.ws.sock.settimeout(READ_TIMEOUT)
        self.outbox = outbox_for(self.app, self._server, self.ws)
        try:
            ret = self.app(self)
        except Exception as e:       # a frame the libraries choke on: one line, closed
            log.info("websocket closed after a bad frame: %s", str(e)[:120] or
                     type(e).__name__)
            ret = []
            self.close()
        try:                         # the connection is over: nothing more is read on it
            self.ws.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        if self.ws.mode == "gunicorn":
            raise StopIteration()
        elif self.ws.mode == "werkzeug":
            raise ConnectionError()
        return ret

    def send(self, message):
        """The writer thread's write (see `Outbox`)."""
        if self.outbox is None:
            return super().send(message)
        return self.outbox.sent(message)

    def close(self):
        try:
            super().close()
        except Exception:         # already closed, or wsproto in an error state
            self.ws.connected = False

    def wait(self):
        """The next message, read in this thread; None once the connection is over."""
        ws = self.ws
        while ws.connected and not ws.input_buffer:
            try:
                data = ws.sock.recv(ws.receive_bytes)
            except (OSError, socket.timeout):
                data = b""
            if not data:
                ws.connected = False
                break
            try:
                ws.ws.receive_data(data)
                ws.connected = ws._handle_events()
            except Exception as e:       # a frame wsproto cannot read
                log.info("websocket frame refused: %s", type(e).__name__)
                ws.connected = False
        if ws.input_buffer:
            return ws.input_buffer.pop(0)
        if ws.close_reason == 1009 or ws.incoming_message_len > MESSAGE_MAX:
            log.info("websocket closed: a message over %d bytes", MESSAGE_MAX)
        return None
