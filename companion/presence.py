"""Who is connected to a table, counted over every process of a hosted server (Redis).

Each process keeps its own counts in one Redis hash per table (a field per process and
seat) and says it is alive with a key that expires unless renewed. A process that was
killed stops counting when its key expires (TTL seconds); its phones have reconnected
to another process by then and are counted there. One process alone (the laptop
server) needs none of this: companion.hub counts its own sockets.
"""
from __future__ import annotations

import atexit
import logging
import secrets
import threading
import time

try:
    import redis
except ImportError:     # a laptop server has no queue (pip install 'bang-companion[hosted]')
    redis = None

log = logging.getLogger(__name__)

TTL = 15            # seconds a process counts without renewing its key
BEAT = 5            # how often it renews it
ALIVE_S = 2.0       # how long a process's answer "that process is alive" is reused


class SharedPresence:
    def __init__(self, url: str) -> None:
        if redis is None:
            raise SystemExit("A message queue needs redis: pip install 'bang-companion[hosted]'")
        self._redis = redis.Redis.from_url(url, socket_timeout=5)
        self.proc = secrets.token_hex(6)
        self._alive = f"bang:proc:{self.proc}"
        self._redis.set(self._alive, 1, ex=TTL)
        self._stop = threading.Event()
        self._asked: dict[bytes, tuple[float, bool]] = {}   # process: (when, alive)
        threading.Thread(target=self._beat, name="presence-beat", daemon=True).start()
        atexit.register(self.close)      # a process stopped cleanly stops counting at once

    def _beat(self) -> None:
        while not self._stop.wait(BEAT):
            try:
                self._redis.set(self._alive, 1, ex=TTL)
            except Exception:
                log.warning("presence: Redis did not answer; retrying")

    @staticmethod
    def _key(table_id: str) -> str:
        return f"bang:presence:{table_id}"

    def add(self, table_id: str, lobby_id: str | None, n: int) -> None:
        """This process holds `n` more (or fewer) sockets of this seat (None: host)."""
        field = f"{self.proc}|{lobby_id or ''}"
        try:
            if self._redis.hincrby(self._key(table_id), field, n) <= 0:
                self._redis.hdel(self._key(table_id), field)
        except Exception:
            log.exception("presence: could not count a connection")

    def get(self, table_id: str) -> dict:
        """{lobby_id: sockets} over the living processes (None: host screens)."""
        try:
            fields = self._redis.hgetall(self._key(table_id))
            alive = self._alive_of({f.split(b"|", 1)[0] for f in fields})
        except Exception:
            log.exception("presence: Redis did not answer")
            return {}
        out: dict = {}
        dead = []
        for field, n in fields.items():
            proc, lobby = field.split(b"|", 1)
            if proc not in alive:
                dead.append(field)
                continue
            key = lobby.decode() or None
            out[key] = out.get(key, 0) + int(n)
        if dead:
            self._redis.hdel(self._key(table_id), *dead)
        return {k: n for k, n in out.items() if n > 0}

    def _alive_of(self, procs: set) -> set:
        """Which of `procs` are alive, asking Redis only about those not asked within
        ALIVE_S (a move asks one question, not two: a killed process is dropped a few
        seconds later than its key, well within its TTL)."""
        now = time.monotonic()
        ask = sorted(p for p in procs
                     if p not in self._asked or self._asked[p][0] + ALIVE_S < now)
        if ask:
            pipe = self._redis.pipeline()
            for p in ask:
                pipe.exists(b"bang:proc:" + p)
            for p, ok in zip(ask, pipe.execute()):
                self._asked[p] = (now, bool(ok))
        return {p for p in procs if self._asked[p][1]}

    def close(self) -> None:
        self._stop.set()
        try:
            self._redis.delete(self._alive)
        except Exception:
            pass
