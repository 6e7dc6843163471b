"""The Werkzeug request handler the server runs with.

Three changes from Werkzeug's own:

* `TCP_NODELAY` on every accepted connection. A WebSocket write that follows another
  one on the same socket (an ack right after a snapshot) otherwise waits for the
  phone's delayed acknowledgement: about 40 ms (Nagle's algorithm). No layer of this
  stack sets it (neither Werkzeug, simple-websocket nor eventlet; bench/bare_fanout.py
  measured the stall).
* A dropped connection (a WebSocket that ended) is closed: Werkzeug would otherwise
  read what the client still sends as a new request.
* Request log lines are scrubbed: a claim code travels in a path
  (`/t/<id>/claim/<code>`) and must not reach the terminal or a log file.
"""
from __future__ import annotations

import re
import socket

from werkzeug.serving import WSGIRequestHandler

SECRET_PATH = re.compile(r"(/claim/)[^/\s?#\"]+")


def scrub(text: str) -> str:
    """`text` with every claim code replaced by `***`."""
    return SECRET_PATH.sub(r"\1***", text)


class RequestHandler(WSGIRequestHandler):
    """Werkzeug's handler with TCP_NODELAY and scrubbed log lines."""

    def setup(self) -> None:
        super().setup()
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except (OSError, AttributeError):
            pass

    def connection_dropped(self, error, environ=None) -> None:
        # a WebSocket that ended (or a client that went away): nothing more is read on
        # this connection, not even the rest of a frame that was refused for its size
        self.close_connection = True

    def log(self, type: str, message: str, *args) -> None:
        super().log(type, scrub(message), *(scrub(a) if isinstance(a, str) else a
                                            for a in args))
