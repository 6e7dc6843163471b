"""How much one server process takes on, and how fast one socket may talk.

An overloaded server says so rather than losing answers: past `max_tables` tables in
use a new table is refused, past `max_sockets` connected sockets a new connection is
refused (`server_full`, with a sentence), and the tables already playing keep every
acknowledgement. A table is *in use* while a socket is connected to it, and for an
hour after it was made (its host is about to connect).

A socket that floods is slowed down: each socket has two token buckets, one for the
events that change a table (`move`, `host_move`, `deal`...) and one for the read-only
questions (`judge`, `targets`...). An event that finds its bucket empty is answered
`slow_down` without touching the table (so the rest of the table notices nothing); a
socket that has had more than `DROP_AFTER` such answers (one is forgiven every second)
is disconnected.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

NEW_TABLE_GRACE = 3600.0      # seconds a table counts as in use before anyone connects
DROP_AFTER = 100              # slow_down answers (less one a second) before a drop


@dataclass
class Bucket:
    rate: float               # tokens per second
    burst: float              # the most it holds
    tokens: float = -1.0
    at: float = field(default_factory=time.monotonic)

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass
class Limits:
    """The limits of one process (create_app's MAX_TABLES, MAX_SOCKETS, ...)."""
    max_tables: int = 200
    max_sockets: int = 1000
    change_rate: float = 5.0          # table changes per second and socket, sustained
    change_burst: float = 15.0
    read_rate: float = 20.0           # read-only questions per second and socket
    read_burst: float = 60.0

    def __post_init__(self) -> None:
        self._buckets: dict[str, tuple[Bucket, Bucket, list[float]]] = {}
        self._lock = threading.Lock()

    def allow(self, sid: str, changes: bool) -> bool | None:
        """May this socket's event go ahead? True; False (answer slow_down); None (it
        has flooded for too long: drop it)."""
        now = time.monotonic()
        with self._lock:
            entry = self._buckets.get(sid)
            if entry is None:
                entry = (Bucket(self.change_rate, self.change_burst),
                         Bucket(self.read_rate, self.read_burst), [0.0, now])
                self._buckets[sid] = entry
            ok = entry[0 if changes else 1].take(now)
            if not ok:            # strikes: one per refusal, one forgiven per second
                strikes, at = entry[2]
                strikes = max(0.0, strikes - (now - at)) + 1
                entry[2][:] = [strikes, now]
                if strikes > DROP_AFTER:
                    return None
            return ok

    def forget(self, sid: str) -> None:
        with self._lock:
            self._buckets.pop(sid, None)


def tables_in_use(tables, hub, now: float | None = None) -> int:
    """Tables with a connected socket, or made less than NEW_TABLE_GRACE ago."""
    now = time.time() if now is None else now
    connected = hub.connected_tables()
    return sum(1 for t in tables.all()
               if t.id in connected or now - t.created_at < NEW_TABLE_GRACE)
