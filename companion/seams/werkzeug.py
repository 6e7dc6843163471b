"""The seam into Werkzeug's internals (written for Werkzeug 3.1.9): the request handler
the laptop server runs with (`bang-companion serve`).

It overrides `WSGIRequestHandler.handle`, `handle_one_request`, `connection_dropped`
and `run_wsgi` (for keep-alive it answers the request itself, with `make_environ`,
`server.app`, `send_response`/`send_header`/`end_headers`, and Werkzeug's
`LimitedStream` for the body), and reads `server.app`. tests/test_seams.py checks
these shapes, so that a new Werkzeug that moves one fails there first, by name.

The changes from Werkzeug's own:

* `TCP_NODELAY` on every accepted connection. A WebSocket write that follows another
  one on the same socket (an ack right after a snapshot) otherwise waits for the
  phone's delayed acknowledgement: about 40 ms (Nagle's algorithm). No layer of this
  stack sets it (neither Werkzeug, simple-websocket nor eventlet; bench/bare_fanout.py
  measured the stall).
* Past a limit of connections at once (MAX_SOCKETS + MAX_PAGE_LOADS of the app) a new
  connection is answered 503 at once rather than given a thread.
* A dropped connection (a WebSocket that ended) is closed: Werkzeug would otherwise
  read what the client still sends as a new request.
* HTTP/1.1 keep-alive. Werkzeug's handler closes the connection after every response,
  so a phone opening a page paid a new TCP connection (one round trip, 60 ms on a busy
  Wi-Fi) for each of its files. Here a request with no body or a `Content-Length` one
  (not a WebSocket upgrade, not chunked) gets its response with a `Content-Length` and
  the connection stays open for the next request, up to `KEEP_ALIVE_S` idle seconds;
  anything else goes through Werkzeug's own path and closes as before.
* Request log lines are scrubbed: a claim code travels in a path
  (`/t/<id>/claim/<code>`) and must not reach the terminal or a log file.
"""
from __future__ import annotations

import logging
import re
import select
import socket
import threading

from werkzeug.serving import WSGIRequestHandler
from werkzeug.wsgi import LimitedStream

_BUSY_TEXT = b"server_full: this server is at its limit of connections; try again.\n"
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Retry-After: 30\r\nConnection: close\r\nContent-Length: "
        + str(len(_BUSY_TEXT)).encode() + b"\r\n\r\n" + _BUSY_TEXT)
SECRET_PATH = re.compile(r"(/claim/)[^/\s?#\"]+")
KEEP_ALIVE_S = 5.0          # idle time before a kept-alive connection is closed
KEEP_ALIVE_BODY = 1 << 20   # a larger request body closes the connection after it


def scrub(text: str) -> str:
    """`text` with every claim code replaced by `***`."""
    return SECRET_PATH.sub(r"\1***", text)


class RequestHandler(WSGIRequestHandler):
    """Werkzeug's handler with TCP_NODELAY, keep-alive and scrubbed log lines."""

    protocol_version = "HTTP/1.1"

    timeout = 30                    # seconds a connection may stay silent (a WebSocket
                                    # sets its own, companion.wire.READ_TIMEOUT)
    active = 0                      # connections being served now, in this process
    _count = threading.Lock()

    def setup(self) -> None:
        super().setup()
        self.served = 0
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except (OSError, AttributeError):
            pass

    def handle(self) -> None:
        """Serve the connection, unless the process already serves its limit of
        connections (the app's MAX_SOCKETS plus room for page loads): then a 503 at
        once, so that raw connections can never pile up threads without bound."""
        app = getattr(self.server, "app", None)
        config = getattr(app, "config", {})
        limit = config.get("MAX_SOCKETS", 0) + config.get("MAX_PAGE_LOADS", 100)
        with RequestHandler._count:
            full = RequestHandler.active >= limit
            if not full:
                RequestHandler.active += 1
        if full:
            try:
                self.wfile.write(BUSY)
            except OSError:
                pass
            self.close_connection = True
            return
        try:
            super().handle()
        finally:
            with RequestHandler._count:
                RequestHandler.active -= 1

    def connection_dropped(self, error, environ=None) -> None:
        # a WebSocket that ended (or a client that went away): nothing more is read on
        # this connection, not even the rest of a frame that was refused for its size
        self.close_connection = True

    def handle_one_request(self) -> None:
        """The next request on this connection, if one comes within KEEP_ALIVE_S."""
        if self.served:
            try:
                ready, _, _ = select.select([self.connection], [], [], KEEP_ALIVE_S)
            except (OSError, ValueError):
                ready = []
            if not ready:
                self.close_connection = True
                return
        self.served += 1
        super().handle_one_request()

    def _keeps_alive(self) -> bool:
        h = self.headers
        if (self.request_version != "HTTP/1.1" or self.close_connection
                or h.get("Upgrade") or h.get("Transfer-Encoding")
                or h.get("Expect")):
            return False
        length = h.get("Content-Length")
        if length is None:
            return True
        return length.isdigit() and int(length) <= KEEP_ALIVE_BODY

    def run_wsgi(self) -> None:
        if not self._keeps_alive():
            super().run_wsgi()          # Werkzeug's own, which closes the connection
            return
        environ = self.make_environ()
        body = LimitedStream(self.rfile, int(self.headers.get("Content-Length") or 0))
        environ["wsgi.input"] = body
        started: list = []

        def start_response(status, headers, exc_info=None):
            if exc_info and started:
                raise exc_info[1].with_traceback(exc_info[2])
            started[:] = [status, headers]
            return lambda data: chunks.append(data)

        chunks: list[bytes] = []
        try:
            result = self.server.app(environ, start_response)
            try:
                for data in result:
                    chunks.append(data)
            finally:
                if hasattr(result, "close"):
                    result.close()
            body.exhaust()              # an unread body must not become the next request
        except (ConnectionError, socket.timeout) as e:
            self.close_connection = True
            self.connection_dropped(e, environ)
            return
        except Exception:
            self.close_connection = True
            logging.getLogger("werkzeug").exception("Error on request")
            started[:] = ["500 Internal Server Error", [("Content-Type", "text/plain")]]
            chunks = [b"Internal Server Error"]
        status, headers = started
        code, _, msg = status.partition(" ")
        payload = b"".join(chunks)
        self.send_response(int(code), msg)
        for key, value in headers:
            if key.lower() not in ("content-length", "connection", "transfer-encoding"):
                self.send_header(key, value)
        no_body = environ["REQUEST_METHOD"] == "HEAD" or int(code) in (204, 304)
        length = dict((k.lower(), v) for k, v in headers).get("content-length")
        if not no_body or length is not None:
            self.send_header("Content-Length", length if no_body else str(len(payload)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if not no_body:
            self.wfile.write(payload)
        self.wfile.flush()

    def log(self, type: str, message: str, *args) -> None:
        super().log(type, scrub(message), *(scrub(a) if isinstance(a, str) else a
                                            for a in args))
