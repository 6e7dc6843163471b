"""Where tables and their move logs are kept: one small interface, SQLite behind it
(PostgreSQL for a hosted server with several processes: companion/pgstorage.py). The
tables and every statement are stated once, for both, in companion/schema.py.

`save` is one transaction: a move is committed together with the table row that counts
it, before anybody is told about it. It is also the one place that orders a table's
changes when several server processes share the database: the row is written only if
its stored `version` is the one the change was made from (else `Behind`), and a move's
key (table, game, seq) is unique. A process that gets `Behind` reloads the table
(`load`) and tries again (companion.tables).

Secrets are not stored in clear: the table row holds SHA-256 digests of the host
secret and of the seat tokens (see `companion.tables.digest`).
"""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from typing import Protocol

from .schema import TABLES, Behind, SqlStorage, encode, upgrade

__all__ = ["Behind", "Storage", "SqliteStorage"]

log = logging.getLogger(__name__)
FLUSH_EVERY = 0.1       # seconds: "GROUP" puts what was committed on the disk this often
MODES = ("GROUP", "FULL", "NORMAL")


class Storage(Protocol):
    """What the server needs from a database."""

    def load_all(self) -> list[dict]:
        """Every open table's row (a dict with the keys of schema.ROW_FIELDS)."""

    def load(self, table_id: str) -> dict | None:
        """One table row (a closed one too: its `closed_at` says so), or None."""

    def version(self, table_id: str) -> int | None:
        """The stored version of one table (None: no such table): a cheap way for a
        process to see whether another one changed it."""

    def moves(self, table_id: str, game: int) -> list[dict]:
        """The log of one game: `[{"seq", "at", "move", "undone"}]` in order."""

    def save(self, row: dict, *, move: dict | None = None, undo: int | None = None,
             redo: int | None = None, drop: bool = False) -> None:
        """Write the table row and, in the same transaction, append `move`
        (`{"seq", "at", "move"}`) or mark the move numbered `undo` as undone (it may be
        redone: `redo` makes it live again); `drop`: the moves taken back can no longer
        be redone (a new move was made).
        Raises Behind if the stored row is not at `row["version"] - 1`."""

    def close(self) -> None:
        """Release the database."""

    # and for the tables nobody uses (companion/expiry.py, on schema.SqlStorage):
    # touch(ids, at), close_idle(before, at), closed_since(at), purge(before)


class WalFlusher:
    """The WAL of a SQLite file in `synchronous=NORMAL` put on the disk at most
    `every` seconds after a commit, by one thread: one fsync for all the commits of
    that time, outside the storage's lock, instead of one per commit inside it."""

    def __init__(self, path: str, every: float = FLUSH_EVERY) -> None:
        self.path, self.every = path + "-wal", every
        self._dirty = threading.Event()
        self._closed = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.flushes = 0

    def dirty(self) -> None:
        """Something was committed: on the disk within `every` seconds."""
        self._dirty.set()
        if self._thread is None:
            with self._lock:
                if self._thread is None and not self._closed:
                    self._thread = threading.Thread(target=self._run, name="wal-flush",
                                                    daemon=True)
                    self._thread.start()

    def _run(self) -> None:
        while not self._closed:
            self._dirty.wait()
            time.sleep(self.every)
            self._dirty.clear()
            self.flush()

    def flush(self) -> None:
        try:
            fd = os.open(self.path, os.O_RDWR)
        except FileNotFoundError:       # no write yet, or the database is closed
            return
        except OSError as e:
            log.error("the WAL could not be opened to flush it: %s", e)
            return
        try:
            os.fsync(fd)
            self.flushes += 1
        except OSError as e:
            log.error("the WAL could not be flushed: %s", e)
        finally:
            os.close(fd)

    def close(self) -> None:
        """The last flush (call before the database is closed)."""
        self._closed = True
        self._dirty.set()
        self.flush()


class SqliteStorage(SqlStorage):
    """SQLite in WAL mode: one connection, one writer at a time (a lock).

    `synchronous`, what an acknowledged move survives:
    - "GROUP" (the default): a killed server process loses nothing, a power cut at most
      the moves of the last FLUSH_EVERY seconds. SQLite runs with `synchronous=NORMAL`
      (a commit leaves the WAL in the system's cache) and a `WalFlusher` puts the WAL on
      the disk at most FLUSH_EVERY after a commit, one fsync for all of that time's.
    - "FULL": a power cut loses nothing: one fsync of the WAL at every commit, about
      3 ms of the disk under the storage's lock and 0.2 ms of CPU a move here
      (docs/benchmarks.md, Durability).
    - "NORMAL": SQLite's own: a power cut may lose what was committed since its last
      checkpoint (up to 1,000 pages of WAL: hundreds of moves)."""

    _unique = sqlite3.IntegrityError          # that move's seq is taken: behind too

    def __init__(self, path: str, synchronous: str = "GROUP") -> None:
        super().__init__()
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        mode = synchronous.upper()
        if mode not in MODES:
            raise ValueError("synchronous must be GROUP, FULL or NORMAL")
        self._db.execute(f"PRAGMA synchronous={'NORMAL' if mode == 'GROUP' else mode}")
        self.flusher = (WalFlusher(path) if mode == "GROUP" and path != ":memory:"
                        else None)
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(TABLES)
        with self._transaction() as db:
            upgrade(db)

    def _fetch(self, sql: str, args: tuple = (), one: bool = False):
        with self._lock:
            cur = self._db.execute(sql, args)
            return cur.fetchone() if one else cur.fetchall()

    @contextmanager
    def _transaction(self):
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        if self.flusher is not None:
            self.flusher.dirty()

    def save(self, row: dict, *, move: dict | None = None, undo: int | None = None,
             redo: int | None = None, drop: bool = False) -> None:
        values = encode(row)
        only_version = self._only_version(row, values)
        with self._saving(row, values), self._transaction() as db:
            self._write(db, row, values, only_version, move, undo, redo, drop)

    def close(self) -> None:
        if self.flusher is not None:
            self.flusher.close()
        with self._lock:
            self.closed = True
            self._db.close()
