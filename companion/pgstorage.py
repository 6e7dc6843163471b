"""PostgreSQL behind the storage interface of companion/storage.py, for a hosted server
whose processes share one database (`--database postgresql://user@host/db`).

The same two tables and the same statements as SQLite's (the `?` placeholders become
psycopg's `%s`). The database orders each table's changes: a row is written only if it
is still at the version the change was made from, and a move's key (table, game, seq)
is unique, so two processes can never both append move 8 of a game; the one that
loses gets `Behind` and reloads. Needs the `hosted` extra (psycopg).
"""
from __future__ import annotations

import json
import queue
import threading
from contextlib import contextmanager

from .storage import (ADD_MOVE, BUMP, ROW_SELECT, UNDO, UPSERT, Behind, decode,
                      encode)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    host_hash   TEXT NOT NULL,
    status      TEXT NOT NULL,
    ruleset     TEXT NOT NULL,
    mode        TEXT NOT NULL,
    lobby_json  TEXT NOT NULL,
    game        INTEGER NOT NULL,
    header_json TEXT,
    version     INTEGER NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id  TEXT NOT NULL REFERENCES tables(id),
    game      INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    at        DOUBLE PRECISION NOT NULL,
    move_json TEXT NOT NULL,
    undone    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, game, seq)
);
"""


# a move that changes only the row's version (the common case): one statement, so one
# round trip; it inserts nothing unless the row was still at the version it was read at
MOVE_ONLY = ("WITH bumped AS (UPDATE tables SET version=%s WHERE id=%s AND version=%s"
             " RETURNING id) INSERT INTO moves (table_id, game, seq, at, move_json, undone)"
             " SELECT id, %s, %s, %s, %s, 0 FROM bumped")
POOL = 4               # connections per process: tables' writes go on side by side


def pg(sql: str) -> str:
    return sql.replace("?", "%s")


class PostgresStorage:
    """A few connections per process (taken from a small pool for each call), so that
    one table's round trip does not hold up another's. A connection that broke (the
    database restarted) is dropped and a new one opened at the next call."""

    def __init__(self, url: str, pool: int = POOL) -> None:
        try:
            import psycopg
        except ImportError:
            raise SystemExit("PostgreSQL needs psycopg: pip install 'bang-companion[hosted]'"
                             ) from None
        self._psycopg = psycopg
        self._url = url
        self._free: queue.LifoQueue = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(pool)
        self._lock = threading.Lock()              # guards _written
        self._written: dict[str, tuple] = {}
        with self._conn() as conn, conn.transaction():
            # one process at a time creates the tables (several may start at once)
            conn.execute("SELECT pg_advisory_xact_lock(271828)")
            conn.execute(SCHEMA)

    @contextmanager
    def _conn(self):
        """A connection of the pool for one call (waits while all are in use)."""
        if not self._slots.acquire(timeout=30):
            raise RuntimeError("no database connection free for 30 s")
        conn = None
        try:
            try:
                conn = self._free.get_nowait()
            except queue.Empty:
                pass
            if conn is None or conn.closed or conn.broken:
                conn = self._psycopg.connect(self._url, autocommit=True)
            yield conn
        finally:
            if conn is not None and not conn.closed and not conn.broken:
                self._free.put(conn)
            self._slots.release()

    def _fetch(self, sql: str, args=(), one: bool = False):
        with self._conn() as conn:
            cur = conn.execute(pg(sql), args)
            return cur.fetchone() if one else cur.fetchall()

    def load_all(self) -> list[dict]:
        return [decode(r) for r in self._fetch(ROW_SELECT + " ORDER BY created_at")]

    def load(self, table_id: str) -> dict | None:
        r = self._fetch(ROW_SELECT + " WHERE id=?", (table_id,), one=True)
        if r is None:
            return None
        with self._lock:
            self._written[table_id] = tuple(r[:8])
        return decode(r)

    def version(self, table_id: str) -> int | None:
        r = self._fetch("SELECT version FROM tables WHERE id=?", (table_id,), one=True)
        return r[0] if r else None

    def moves(self, table_id: str, game: int) -> list[dict]:
        rows = self._fetch("SELECT seq, at, move_json, undone FROM moves WHERE table_id=?"
                           " AND game=? ORDER BY seq", (table_id, game))
        return [{"seq": s, "at": at, "move": json.loads(m), "undone": bool(u)}
                for s, at, m, u in rows]

    def save(self, row: dict, *, move: dict | None = None, undo: int | None = None) -> None:
        values = encode(row)
        with self._lock:
            only_version = self._written.get(row["id"]) == values[:8]
            self._written.pop(row["id"], None)       # back once the write is done
        try:
            with self._conn() as conn:
                if only_version and move is not None and undo is None:
                    cur = conn.execute(MOVE_ONLY, (
                        row["version"], row["id"], row["version"] - 1, row["game"],
                        move["seq"], move["at"], json.dumps(move["move"], ensure_ascii=False)))
                    if cur.rowcount != 1:
                        raise Behind(row["id"])
                else:
                    self._save(conn, row, values, only_version, move, undo)
        except self._psycopg.errors.UniqueViolation:
            raise Behind(row["id"]) from None
        with self._lock:
            self._written[row["id"]] = values[:8]

    def _save(self, conn, row, values, only_version, move, undo) -> None:
        with conn.transaction():
            if only_version:
                cur = conn.execute(pg(BUMP), (row["version"], row["id"], row["version"] - 1))
            else:
                cur = conn.execute(pg(UPSERT), values)
            if cur.rowcount != 1:
                raise Behind(row["id"])
            if move is not None:
                conn.execute(pg(ADD_MOVE), (row["id"], row["game"], move["seq"], move["at"],
                                            json.dumps(move["move"], ensure_ascii=False)))
            if undo is not None:
                conn.execute(pg(UNDO), (row["id"], row["game"], undo))

    def close(self) -> None:
        while True:
            try:
                self._free.get_nowait().close()
            except queue.Empty:
                return
