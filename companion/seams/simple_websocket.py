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
* a frame the libraries choke on closes the connection with one log line.

tests/test_seams.py checks each of these shapes, so that a new simple-websocket that
moves one fails there first, by name.
"""
from __future__ import annotations

import logging
import socket

import simple_websocket

from ..wire import MESSAGE_MAX, READ_TIMEOUT
from .engineio import WebSocketWSGI

log = logging.getLogger(__name__)


class _NoThread:
    """simple-websocket's reader thread, not started: `WebSocket.wait` reads instead."""

    def __init__(self, target=None, **kw) -> None:
        self.name = "unused"

    def start(self) -> None:
        pass


class WebSocket(WebSocketWSGI):
    """Engine.IO's threading WebSocket, bounded (see the module docstring)."""

    def __init__(self, handler, server, **kwargs):
        super().__init__(handler, server, **kwargs)
        self._sock = None      # Engine.IO sets its timeout here, if present: we set ours

    def __call__(self, environ, start_response):
        try:
            self.ws = simple_websocket.Server(environ, max_message_size=MESSAGE_MAX,
                                              thread_class=_NoThread)
        except Exception as e:
            log.info("websocket handshake failed: %s", type(e).__name__)
            start_response("400 BAD REQUEST", [("Content-Type", "text/plain")])
            return [b"Bad WebSocket handshake"]
        self.ws.sock.settimeout(READ_TIMEOUT)
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
