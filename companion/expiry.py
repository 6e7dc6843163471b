"""Tables nobody uses close by themselves, so that tables nobody plays do not hold a
server's memory, database and table slots (companion/limits.py) for good.

A table is idle while nobody changes it and no socket (a phone or a host screen) is
connected to it. After `idle` seconds of that (`serve --table-idle-hours`, 24 hours by
default; 0: never) it is closed: its pages and sockets answer `table_closed`, it leaves
the server's memory and its slot is free. Its host can still download the record of its
last game from the host screen's own address (`/host/<id>`, with the host cookie of
the browser that made it) for `kept` seconds (`--closed-table-days`, 30 by default, as
long as that cookie lives); then the table and its logs are deleted.

The database decides, so that every process of a hosted server agrees: each change
stamps the table's row (`active_at`), each process stamps the tables it holds a socket
of every `every` seconds, and one statement closes the tables whose stamp is older
than the idle time (bumping their version, so that a process still holding one finds
out at its next look, and refusing any later write). Every process sweeps; a table is
closed once, by whichever gets there first.
"""
from __future__ import annotations

import logging
import threading
import time

log = logging.getLogger(__name__)

IDLE_HOURS = 24.0      # an evening's pause, or a game taken up again the next day, stays
KEPT_DAYS = 30.0       # the host cookie's life (companion/routes.py)
EVERY = 60.0           # seconds between two sweeps (less for a short idle time)


class Expiry:
    """The sweeps of one process."""

    def __init__(self, tables, hub, storage, idle_hours: float = IDLE_HOURS,
                 kept_days: float = KEPT_DAYS) -> None:
        self.tables, self.hub, self.storage = tables, hub, storage
        self.idle = idle_hours * 3600.0
        self.kept = kept_days * 86400.0
        # a socket's stamp must come well within the idle time
        self.every = min(EVERY, max(self.idle / 6, 0.2))
        self._since: float | None = None
        self._stop = threading.Event()

    def sweep(self, now: float | None = None) -> list[str]:
        """Stamp the tables this process has sockets on, close the idle ones, let go of
        those any process closed, delete those kept long enough. Returns the ids of
        the tables this sweep closed."""
        now = time.time() if now is None else now
        self.storage.touch(sorted(self.hub.connected_tables()), now)
        closed = self.storage.close_idle(now - self.idle, now)
        since = now - 10 * self.every if self._since is None else self._since
        gone = set(closed) | set(self.storage.closed_since(since))
        self._since = now - 2 * self.every - 60      # other clocks may be a little behind
        self.tables.forget(gone, now)
        purged = self.storage.purge(now - self.kept)
        if closed or purged:
            log.info("tables: %d closed after %g hours unused, %d deleted after %g days",
                     len(closed), self.idle / 3600, purged, self.kept / 86400)
        return closed

    def start(self) -> "Expiry":
        threading.Thread(target=self._run, name="table-expiry", daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(self.every) and not self.storage.closed:
            try:
                self.sweep()
            except Exception:          # the database away for a moment: next time
                if self.storage.closed:        # the server is closing: nothing to sweep
                    return
                log.warning("tables: the sweep for unused tables failed; retrying",
                            exc_info=True)
