"""Where tables and their move logs are kept: one small interface, SQLite behind it
(PostgreSQL for a hosted server with several processes: companion/pgstorage.py).

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

import json
import os
import sqlite3
import threading
from typing import Protocol

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    host_hash   TEXT NOT NULL,
    status      TEXT NOT NULL,
    ruleset     TEXT NOT NULL,
    mode        TEXT NOT NULL,
    lobby_json  TEXT NOT NULL,     -- [{id, name, token, claim, revoked}] in seating order
    game        INTEGER NOT NULL,  -- 0 before the first deal, then 1, 2, ...
    header_json TEXT,              -- the current game's record header (engine.deal)
    version     INTEGER NOT NULL,  -- grows with every change; the snapshots' seq
    created_at  REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id  TEXT NOT NULL REFERENCES tables(id),
    game      INTEGER NOT NULL,
    seq       INTEGER NOT NULL,    -- 1, 2, ... within one game, undone moves included
    at        REAL NOT NULL,
    move_json TEXT NOT NULL,
    undone    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, game, seq)
);
"""

ROW_FIELDS = ("id", "host_hash", "status", "ruleset", "mode", "lobby", "game", "header",
              "version", "created_at")
ROW_SELECT = ("SELECT id, host_hash, status, ruleset, mode, lobby_json, game, header_json,"
              " version, created_at FROM tables")
# the row is replaced only if it is still at the version the change was made from
UPSERT = ("INSERT INTO tables (id, host_hash, status, ruleset, mode, lobby_json, game,"
          " header_json, version, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)"
          " ON CONFLICT(id) DO UPDATE SET host_hash=excluded.host_hash,"
          " status=excluded.status, lobby_json=excluded.lobby_json, game=excluded.game,"
          " header_json=excluded.header_json, version=excluded.version"
          " WHERE tables.version = excluded.version - 1")
BUMP = "UPDATE tables SET version=? WHERE id=? AND version=?"
ADD_MOVE = ("INSERT INTO moves (table_id, game, seq, at, move_json, undone)"
            " VALUES (?,?,?,?,?,0)")
UNDO = "UPDATE moves SET undone=1 WHERE table_id=? AND game=? AND seq=?"


class Behind(Exception):
    """Another server process changed the table first: the stored version is not the
    one this change was made from. Nothing was written."""


def decode(r) -> dict:
    """A stored table row as the dict the server uses."""
    d = dict(zip(ROW_FIELDS, r))
    d["lobby"] = json.loads(d["lobby"])
    d["header"] = json.loads(d["header"]) if d["header"] else None
    return d


def encode(row: dict) -> tuple:
    return (row["id"], row["host_hash"], row["status"], row["ruleset"], row["mode"],
            json.dumps(row["lobby"]), row["game"],
            json.dumps(row["header"]) if row["header"] is not None else None,
            row["version"], row["created_at"])


def open_storage(url: str, synchronous: str = "FULL"):
    """The storage a `--database` URL names: `postgresql://...` (needs the `hosted`
    extra), `sqlite:///path`, or a plain path (SQLite)."""
    if url.startswith(("postgresql://", "postgres://")):
        from .pgstorage import PostgresStorage
        return PostgresStorage(url)
    if url.startswith("sqlite://"):
        url = url[len("sqlite://"):]
        url = url[1:] if url.startswith("/") and not url.startswith("//") else url
    if "://" in url:
        raise ValueError("--database takes postgresql://..., sqlite:///path or a path")
    return SqliteStorage(url, synchronous)


class Storage(Protocol):
    """What the server needs from a database."""

    def load_all(self) -> list[dict]:
        """Every table row (a dict with the keys of ROW_FIELDS)."""

    def load(self, table_id: str) -> dict | None:
        """One table row, or None."""

    def version(self, table_id: str) -> int | None:
        """The stored version of one table (None: no such table): a cheap way for a
        process to see whether another one changed it."""

    def moves(self, table_id: str, game: int) -> list[dict]:
        """The log of one game: `[{"seq", "at", "move", "undone"}]` in order."""

    def save(self, row: dict, *, move: dict | None = None, undo: int | None = None) -> None:
        """Write the table row and, in the same transaction, append `move`
        (`{"seq", "at", "move"}`) or mark the move numbered `undo` as undone.
        Raises Behind if the stored row is not at `row["version"] - 1`."""

    def close(self) -> None:
        """Release the database."""


class SqliteStorage:
    """SQLite in WAL mode: one connection, one writer at a time (a lock)."""

    def __init__(self, path: str, synchronous: str = "FULL") -> None:
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._lock = threading.Lock()
        self._written: dict[str, tuple] = {}      # per table: the row as last committed
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # FULL (the default): every acknowledged move survives a power cut, at one
        # fsync of the WAL per move (about 3 ms here: docs/benchmarks.md, Durability).
        # NORMAL survives a crash or kill of the server process only.
        if synchronous.upper() not in ("NORMAL", "FULL"):
            raise ValueError("synchronous must be NORMAL or FULL")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)

    def load_all(self) -> list[dict]:
        with self._lock:
            rows = self._db.execute(ROW_SELECT + " ORDER BY created_at").fetchall()
        return [decode(r) for r in rows]

    def load(self, table_id: str) -> dict | None:
        with self._lock:
            r = self._db.execute(ROW_SELECT + " WHERE id=?", (table_id,)).fetchone()
            if r is None:
                return None
            self._written[table_id] = tuple(r[:8])
        return decode(r)

    def version(self, table_id: str) -> int | None:
        with self._lock:
            r = self._db.execute("SELECT version FROM tables WHERE id=?",
                                 (table_id,)).fetchone()
        return r[0] if r else None

    def moves(self, table_id: str, game: int) -> list[dict]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, at, move_json, undone FROM moves WHERE table_id=? AND game=?"
                " ORDER BY seq", (table_id, game)).fetchall()
        return [{"seq": s, "at": at, "move": json.loads(m), "undone": bool(u)}
                for s, at, m, u in rows]

    def save(self, row: dict, *, move: dict | None = None, undo: int | None = None) -> None:
        values = encode(row)
        with self._lock:
            # a move changes only the row's version: write just that (the header and
            # the lobby are the larger part of a row)
            only_version = self._written.get(row["id"]) == values[:8]
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if only_version:
                    done = self._db.execute(BUMP, (row["version"], row["id"],
                                                   row["version"] - 1)).rowcount
                else:
                    done = self._db.execute(UPSERT, values).rowcount
                if done != 1:
                    raise Behind(row["id"])
                if move is not None:
                    self._db.execute(ADD_MOVE, (row["id"], row["game"], move["seq"],
                                                move["at"], json.dumps(move["move"],
                                                                       ensure_ascii=False)))
                if undo is not None:
                    self._db.execute(UNDO, (row["id"], row["game"], undo))
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:      # that move's seq is taken: behind too
                self._db.execute("ROLLBACK")
                self._written.pop(row["id"], None)
                raise Behind(row["id"]) from None
            except BaseException:
                self._db.execute("ROLLBACK")
                self._written.pop(row["id"], None)
                raise
            self._written[row["id"]] = values[:8]

    def close(self) -> None:
        with self._lock:
            self._db.close()
