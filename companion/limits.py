"""How much one server process takes on, and how fast one socket may talk.

An overloaded server says so rather than losing answers: past `max_tables` tables in
use a new table is refused, past `max_sockets` connected sockets a new connection is
refused (`server_full`, with a sentence), and the tables already playing keep every
acknowledgement. A table is *in use* while a socket is connected to it, and for ten
minutes after it was made (its host screen connects within seconds). A table nobody
uses for long is closed (companion/expiry.py).

Nobody can hoard the tables: each address (an IPv6 one by its /64, what one line is
given) has a token bucket of new tables, `tables_per_hour` an hour of which half may
be opened at once (a club opening its evening's tables); past it a new table is
refused (`too_many_tables`, HTTP 429, with the minutes to wait) whatever other
addresses do. Behind a reverse proxy the address is the one the proxy puts in
`X-Forwarded-For`, and only when the server is told how many proxies stand in front
(`PROXIES`, BANG_PROXIES): a forwarded header is never believed otherwise.

A socket that floods is slowed down: each socket has two token buckets, one for the
events that change a table (`move`, `host_move`, `deal`...) and one for the read-only
questions (`judge`, `targets`...). An event that finds its bucket empty is answered
`slow_down` without touching the table (so the rest of the table notices nothing); a
socket that has had more than `DROP_AFTER` such answers (one is forgiven every second)
is disconnected.
"""
from __future__ import annotations

import ipaddress
import threading
import time
from dataclasses import dataclass, field

NEW_TABLE_GRACE = 600.0       # seconds a table counts as in use before anyone connects
TABLES_PER_HOUR = 20          # new tables per address and hour (half of them at once)
CREATORS_KEPT = 50_000        # addresses remembered at most (the fullest forgotten first)
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
    tables_per_hour: float = TABLES_PER_HOUR      # new tables per address

    def __post_init__(self) -> None:
        self._buckets: dict[str, tuple[Bucket, Bucket, list[float]]] = {}
        self._creators: dict[str, Bucket] = {}
        self._lock = threading.Lock()

    def new_table(self, address: str | None, now: float | None = None) -> float:
        """May this address open a table now? 0: yes (and it is counted); else the
        seconds until it may."""
        now = time.monotonic() if now is None else now
        key = creator(address)
        with self._lock:
            bucket = self._creators.get(key)
            if bucket is None:
                if len(self._creators) >= CREATORS_KEPT:
                    self._forget_creators(now)
                bucket = Bucket(self.tables_per_hour / 3600.0,
                                max(1.0, self.tables_per_hour / 2), at=now)
                self._creators[key] = bucket
            if bucket.take(now):
                return 0.0
            return (1 - bucket.tokens) / bucket.rate

    def _forget_creators(self, now: float) -> None:
        """Forget the addresses whose bucket is full again (they are as new), and if
        that is not enough, the half that waited longest."""
        full = [k for k, b in self._creators.items()
                if b.tokens + (now - b.at) * b.rate >= b.burst]
        for k in full:
            del self._creators[k]
        if len(self._creators) >= CREATORS_KEPT:
            by_age = sorted(self._creators, key=lambda k: self._creators[k].at)
            for k in by_age[:len(by_age) // 2]:
                del self._creators[k]

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


def creator(address: str | None) -> str:
    """What new tables are counted by: the address, an IPv6 one by its /64 (an
    IPv4 address written as IPv6 as itself)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or ""
    if ip.version == 6:
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def tables_in_use(tables, hub, now: float | None = None) -> int:
    """Tables with a connected socket, or made less than NEW_TABLE_GRACE ago."""
    now = time.time() if now is None else now
    connected = hub.connected_tables()
    return sum(1 for t in tables.all()
               if t.id in connected or now - t.created_at < NEW_TABLE_GRACE)
