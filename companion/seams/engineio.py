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
* `install_lazy_writers`: a WebSocket's writer thread started only when something
  waits for it. It relies on `Socket._websocket_handler` starting its nested `writer`
  (closing over the socket as `self`) with `start_background_task(writer)`, and
  ending it with `self.queue.put(None)` then `writer_task.join()`.

tests/test_seams.py checks each of these shapes, so that a new python-engineio that
moves one fails there first, by name.

The pings:

python-engineio (threading mode) sends each ping from a thread of its own: after every
pong it starts a thread that sleeps `ping_interval` (25 s here) and then queues the next
ping. With 350 phones connected that is 350 threads asleep at any moment, each with its
stack and Python thread state (about 16 KB resident each: 5.5 MB), and 35 threads
started a second. `Pings` keeps the sockets' due times in a heap instead, and one thread
queues each ping when it is due, as the library's thread would have: the same packet,
at the same time or up to `SLACK` (0.1 s) before it, together with the others due by
then (one wake-up of the thread for them all: with 3,500 sockets, 140 pings a second),
nothing for a socket that is closing or closed. A pong's next ping wakes the thread only
when it is due before the one the thread waits for (never, in the steady state). The
thread ends when no ping is due and starts again with the next one.
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


SLACK = 0.1     # seconds: a ping may go out this much before its time, with others


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
            entry = (when, next(self._order), sock)
            heapq.heappush(self._due, entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="engineio-pings",
                                                daemon=True)
                self._thread.start()
            elif self._due[0] is entry:     # due before the one the thread waits for
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
                # the pings due within SLACK go out together: one wake-up of this
                # thread for them rather than one each
                until = time.monotonic() + SLACK
                socks = []
                while self._due and self._due[0][0] <= until:
                    socks.append(heapq.heappop(self._due)[2])
            for sock in socks:
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


WRITER = "Socket._websocket_handler.<locals>.writer"   # the task each WebSocket starts


def install_lazy_writers(eio) -> bool:
    """Start a WebSocket's writer thread only when its queue first holds something
    (threading mode, a socket whose queue is companion.seams.simple_websocket's
    Outbox: what it sends is mostly written by the sending thread, so that the writer
    thread of most sockets would wait for the whole connection). The library starts
    that task, `writer` in `Socket._websocket_handler` (which closes over the Engine.IO
    socket as `self`), with `start_background_task(writer)`, ends it by queueing None
    and joins it. False where the library does not start it so."""
    if eio.async_mode != "threading":
        return False
    start = eio.start_background_task

    def start_background_task(target, *args, **kwargs):
        if getattr(target, "__qualname__", None) == WRITER and not args and not kwargs:
            cells = dict(zip(target.__code__.co_freevars, target.__closure__ or ()))
            sock = cells["self"].cell_contents if "self" in cells else None
            later = getattr(getattr(sock, "queue", None), "writer_later", None)
            if later is not None:
                return later(lambda: start(target))
        return start(target, *args, **kwargs)

    eio.start_background_task = start_background_task
    return True


def use_websocket(eio, driver) -> bool:
    """Serve this Engine.IO server's WebSocket transport with `driver` (a class called
    as the library's own driver is). False when its async mode has no WebSocket."""
    if eio._async.get("websocket") is None:
        return False
    eio._async = dict(eio._async, websocket=driver)
    return True
