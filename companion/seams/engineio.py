"""The seams into python-engineio's internals (written for python-engineio 4.15.1).

* `Pings`, `install_pings`: Engine.IO's pings from one thread per server instead of a
  thread per socket. It relies on `Socket._send_ping` (private) being what
  `Socket.schedule_ping` hands to `server.start_background_task`, with no arguments,
  and on what that method does once its sleep is over (`closing`, `closed`,
  `last_ping`, `send(Packet(PING))`).
* `use_websocket`: the server's WebSocket driver replaced by ours
  (companion.seams.simple_websocket), through the server's private `_async` table.
* `WebSocketWSGI`: the threading driver class ours builds on, from the private module
  `engineio.async_drivers._websocket_wsgi`.

tests/test_seams.py checks each of these shapes, so that a new python-engineio that
moves one fails there first, by name.

The pings:

python-engineio (threading mode) sends each ping from a thread of its own: after every
pong it starts a thread that sleeps `ping_interval` (25 s here) and then queues the next
ping. With 350 phones connected that is 350 threads asleep at any moment, each with its
stack and Python thread state (about 16 KB resident each: 5.5 MB), and 35 threads
started a second. `Pings` keeps the sockets' due times in a heap instead, and one thread
queues each ping when it is due, as the library's thread would have: the same packet at
the same time, nothing for a socket that is closing or closed. The thread ends when no
ping is due and starts again with the next one.
"""
from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time

from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI as WebSocketWSGI
from engineio.packet import PING, Packet
from engineio.socket import Socket

log = logging.getLogger(__name__)


class Pings:
    """The pending pings of one Engine.IO server."""

    def __init__(self, eio) -> None:
        self.eio = eio
        self._due: list[tuple[float, int, Socket]] = []     # (when, order, socket)
        self._order = itertools.count()
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None

    def add(self, sock: Socket) -> None:
        """Send `sock` a ping in `ping_interval` seconds."""
        with self._cv:
            when = time.monotonic() + self.eio.ping_interval
            heapq.heappush(self._due, (when, next(self._order), sock))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="engineio-pings",
                                                daemon=True)
                self._thread.start()
            else:
                self._cv.notify()

    def pending(self) -> int:
        with self._cv:
            return len(self._due)

    def _run(self) -> None:
        while True:
            with self._cv:
                while True:
                    if not self._due:
                        self._thread = None
                        return
                    wait = self._due[0][0] - time.monotonic()
                    if wait <= 0:
                        break
                    self._cv.wait(wait)
                sock = heapq.heappop(self._due)[2]
            send(sock)


def send(sock: Socket) -> None:
    """What `Socket._send_ping` does once its sleep is over."""
    if sock.closing or sock.closed:
        return
    sock.last_ping = time.time()
    try:
        sock.send(Packet(PING))
    except Exception as e:          # closed in the meantime
        log.debug("no ping for %s: %s", sock.sid, type(e).__name__)


def install_pings(eio) -> Pings | None:
    """Send this Engine.IO server's pings through one `Pings` thread (threading mode
    only; with another async mode, or a library whose ping task is not the one this
    module knows, the library's own threads do it)."""
    if eio.async_mode != "threading" or not callable(getattr(Socket, "_send_ping", None)):
        return None
    pings = Pings(eio)
    start = eio.start_background_task

    def start_background_task(target, *args, **kwargs):
        if getattr(target, "__func__", None) is Socket._send_ping and not args and not kwargs:
            pings.add(target.__self__)
            return None
        return start(target, *args, **kwargs)

    eio.start_background_task = start_background_task
    eio.pings = pings
    return pings


def use_websocket(eio, driver) -> bool:
    """Serve this Engine.IO server's WebSocket transport with `driver` (a class called
    as the library's own driver is). False when its async mode has no WebSocket."""
    if eio._async.get("websocket") is None:
        return False
    eio._async = dict(eio._async, websocket=driver)
    return True
