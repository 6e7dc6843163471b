"""The database of tables and move logs, stated once for both back ends: its two tables,
every statement the server runs on them, and how a table row is read and written.
companion/storage.py runs them on SQLite, companion/pgstorage.py on PostgreSQL; both
import this module and neither imports the other.

The statements are written with `?` for a parameter; `statements("%s")` gives them as
psycopg writes them. Only what the two databases spell differently is chosen here
(`DOUBLE PRECISION` is a REAL in SQLite; both take `ON CONFLICT`, `RETURNING` and CTEs).

Ordering (several processes share one database): a table row is written only if its
stored `version` is the one the change was made from, and a move's key (table, game,
seq) is unique; a write that loses either race changes nothing and raises `Behind`.
"""
from __future__ import annotations

import json
import time
from contextlib import contextmanager
from dataclasses import dataclass, fields

TABLES = """
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
    created_at  DOUBLE PRECISION NOT NULL,
    active_at   DOUBLE PRECISION,  -- its last change, or a process last saw a socket on it
    closed_at   DOUBLE PRECISION   -- closed for want of use (companion/expiry.py); NULL: open
);
CREATE TABLE IF NOT EXISTS moves (
    table_id  TEXT NOT NULL REFERENCES tables(id),
    game      INTEGER NOT NULL,
    seq       INTEGER NOT NULL,    -- 1, 2, ... within one game, undone moves included
    at        DOUBLE PRECISION NOT NULL,
    move_json TEXT NOT NULL,
    undone    INTEGER NOT NULL DEFAULT 0,  -- 1: taken back (may be redone); 2: and a
                                           -- new move came after it (for good)
    PRIMARY KEY (table_id, game, seq)
);
"""

# columns a database made by an older version lacks (`upgrade` adds them)
ADDED = (("active_at", "DOUBLE PRECISION"), ("closed_at", "DOUBLE PRECISION"))

ROW_FIELDS = ("id", "host_hash", "status", "ruleset", "mode", "lobby", "game", "header",
              "version", "created_at", "active_at", "closed_at")
CONTENT = 8            # the row's first fields: what a move leaves as it was


class Behind(Exception):
    """Another server process changed the table first: the stored version is not the
    one this change was made from. Nothing was written."""


@dataclass(frozen=True)
class Statements:
    """Every statement the server runs, with its parameters' placeholder."""
    select: str = ("SELECT id, host_hash, status, ruleset, mode, lobby_json, game, header_json,"
                   " version, created_at, active_at, closed_at FROM tables")
    one: str = select + " WHERE id=?"
    every: str = select + " WHERE closed_at IS NULL ORDER BY created_at"      # the open ones
    version: str = "SELECT version FROM tables WHERE id=?"
    moves: str = ("SELECT seq, at, move_json, undone FROM moves WHERE table_id=? AND game=?"
                  " ORDER BY seq")
    # the row is replaced only if it is still at the version the change was made from,
    # and never once the table is closed
    upsert: str = ("INSERT INTO tables (id, host_hash, status, ruleset, mode, lobby_json, game,"
                   " header_json, version, created_at, active_at)"
                   " VALUES (?,?,?,?,?,?,?,?,?,?,?)"
                   " ON CONFLICT(id) DO UPDATE SET host_hash=excluded.host_hash,"
                   " status=excluded.status, lobby_json=excluded.lobby_json, game=excluded.game,"
                   " header_json=excluded.header_json, version=excluded.version,"
                   " active_at=excluded.active_at"
                   " WHERE tables.version = excluded.version - 1 AND tables.closed_at IS NULL")
    # a change of the version alone (a move: the header and lobby, the larger part of a
    # row, stay as they were)
    bump: str = ("UPDATE tables SET version=?, active_at=? WHERE id=? AND version=?"
                 " AND closed_at IS NULL")
    add_move: str = ("INSERT INTO moves (table_id, game, seq, at, move_json, undone)"
                     " VALUES (?,?,?,?,?,0)")
    undo: str = "UPDATE moves SET undone=1 WHERE table_id=? AND game=? AND seq=?"
    redo: str = "UPDATE moves SET undone=0 WHERE table_id=? AND game=? AND seq=? AND undone=1"
    # a new move: what was taken back can no longer be redone
    drop: str = "UPDATE moves SET undone=2 WHERE table_id=? AND game=? AND undone=1"
    # bump and add_move in one statement (one round trip to a server database): it
    # inserts nothing unless the row was still at the version it was read at
    move_only: str = ("WITH bumped AS (UPDATE tables SET version=?, active_at=? WHERE id=?"
                      " AND version=? AND closed_at IS NULL RETURNING id) INSERT INTO moves"
                      " (table_id, game, seq, at, move_json, undone)"
                      " SELECT id, ?, ?, ?, ?, 0 FROM bumped")
    # unused tables (companion/expiry.py): a socket's table is in use
    touch: str = "UPDATE tables SET active_at=? WHERE id=? AND closed_at IS NULL"
    close_idle: str = ("UPDATE tables SET closed_at=?, version=version+1"
                       " WHERE closed_at IS NULL AND active_at < ? RETURNING id")
    closed_since: str = "SELECT id FROM tables WHERE closed_at >= ?"
    purge_moves: str = ("DELETE FROM moves WHERE table_id IN"
                        " (SELECT id FROM tables WHERE closed_at < ?)")
    purge_tables: str = "DELETE FROM tables WHERE closed_at < ?"


def statements(placeholder: str = "?") -> Statements:
    """The statements with `placeholder` for each parameter (`%s`: psycopg's)."""
    plain = Statements()
    return Statements(**{f.name: getattr(plain, f.name).replace("?", placeholder)
                         for f in fields(Statements)})


def upgrade(conn) -> None:
    """Add the columns that a database made by an older version lacks (inside the
    caller's transaction); a table's last activity is then its log's last move."""
    have = {d[0] for d in conn.execute("SELECT * FROM tables WHERE 1=0").description}
    for column, kind in ADDED:
        if column not in have:
            conn.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
    if "active_at" not in have:
        conn.execute("UPDATE tables SET active_at = COALESCE((SELECT MAX(at) FROM moves"
                     " WHERE moves.table_id = tables.id), created_at)")


def decode(r) -> dict:
    """A stored table row as the dict the server uses."""
    d = dict(zip(ROW_FIELDS, r))
    d["lobby"] = json.loads(d["lobby"])
    d["header"] = json.loads(d["header"]) if d["header"] else None
    return d


def encode(row: dict) -> tuple:
    """A table row as the statements' parameters (upsert's order); a row that does not
    say when it was last active is active now."""
    return (row["id"], row["host_hash"], row["status"], row["ruleset"], row["mode"],
            _text(row["id"], "lobby", row["lobby"]), row["game"],
            _text(row["id"], "header", row["header"]) if row["header"] is not None else None,
            row["version"], row["created_at"], row.get("active_at") or time.time())


_TEXTS: dict = {}      # (table id, field): (the value, what it was then, its JSON)
TEXTS_KEPT = 4096      # the oldest are forgotten past this many (two a table)


def _text(table_id: str, field: str, value) -> str:
    """`value`'s JSON, encoded again only when it changed: a move leaves a table's lobby
    and header as they were (the same objects, equal to the copy of the last write),
    and its save then writes the version alone (SqlStorage._only_version)."""
    key = (table_id, field)
    hit = _TEXTS.get(key)
    if hit is not None and hit[0] is value and hit[1] == value:
        return hit[2]
    text = json.dumps(value)
    if hit is None and len(_TEXTS) >= TEXTS_KEPT:     # the oldest out (a pop: another
        _TEXTS.pop(next(iter(_TEXTS), None), None)   # table's save may take it first)
    _TEXTS[key] = (value, json.loads(text), text)   # a copy: a change in place shows
    return text


def move_json(move: dict) -> str:
    return json.dumps(move["move"], ensure_ascii=False)


def decode_moves(rows) -> list[dict]:
    """`undone`: taken back; `redo`: taken back, and no new move made since."""
    return [{"seq": s, "at": at, "move": json.loads(m), "undone": bool(u), "redo": u == 1}
            for s, at, m, u in rows]


class SqlStorage:
    """The calls of companion.storage.Storage on a DB-API connection; a back end gives
    `_fetch` (a query and its rows) and `save` its own connection and transaction.

    `_written` keeps, per table, the version and the content (CONTENT) of the row as
    last read or committed: a change that leaves the content as it was (a move) then
    writes the version alone. Keyed by version, a row read before a later commit can
    never pass for the current one."""

    sql = statements("?")
    closed = False             # set by close(): the sweeper for unused tables then stops
    _unique: type[BaseException] | tuple = ()   # the back end's unique-key error (none: ())

    def __init__(self) -> None:
        self._written: dict[str, tuple[int, tuple]] = {}

    def _fetch(self, sql: str, args: tuple = (), one: bool = False):
        raise NotImplementedError

    def _transaction(self):
        """A context manager: a connection inside one transaction."""
        raise NotImplementedError

    def load_all(self) -> list[dict]:
        return [decode(r) for r in self._fetch(self.sql.every)]

    def load(self, table_id: str) -> dict | None:
        r = self._fetch(self.sql.one, (table_id,), one=True)
        if r is None:
            return None
        self._written[table_id] = (r[CONTENT], tuple(r[:CONTENT]))
        return decode(r)

    def version(self, table_id: str) -> int | None:
        r = self._fetch(self.sql.version, (table_id,), one=True)
        return r[0] if r else None

    def moves(self, table_id: str, game: int) -> list[dict]:
        return decode_moves(self._fetch(self.sql.moves, (table_id, game)))

    def _only_version(self, row: dict, values: tuple) -> bool:
        """Is the stored row (at the version before this one) the same but for its
        version?"""
        return self._written.get(row["id"]) == (row["version"] - 1, values[:CONTENT])

    def _write(self, conn, row: dict, values: tuple, only_version: bool,
               move: dict | None, undo: int | None, redo: int | None = None,
               drop: bool = False) -> None:
        """The statements of one `save`, inside the caller's transaction."""
        if only_version:
            cur = conn.execute(self.sql.bump, (row["version"], values[-1], row["id"],
                                               row["version"] - 1))    # [-1]: active_at
        else:
            cur = conn.execute(self.sql.upsert, values)
        if cur.rowcount != 1:
            raise Behind(row["id"])
        if move is not None:
            conn.execute(self.sql.add_move, (row["id"], row["game"], move["seq"], move["at"],
                                             move_json(move)))
        if drop:
            conn.execute(self.sql.drop, (row["id"], row["game"]))
        if undo is not None:
            conn.execute(self.sql.undo, (row["id"], row["game"], undo))
        if redo is not None:
            conn.execute(self.sql.redo, (row["id"], row["game"], redo))

    @contextmanager
    def _saving(self, row: dict, values: tuple):
        """Around one `save`'s statements: a move whose seq is already taken (the back
        end's unique-key error, `_unique`) is Behind too; after any failure the cached
        row is forgotten (the next save writes it whole); after success it is kept."""
        try:
            yield
        except self._unique:
            self._lost(row["id"])
            raise Behind(row["id"]) from None
        except BaseException:
            self._lost(row["id"])
            raise
        self._wrote(row, values)

    def _wrote(self, row: dict, values: tuple) -> None:
        self._written[row["id"]] = (row["version"], values[:CONTENT])

    def _lost(self, table_id: str) -> None:
        self._written.pop(table_id, None)

    # -- unused tables (companion/expiry.py) -------------------------------------------
    def touch(self, table_ids: list[str], at: float) -> None:
        """These tables are in use at `at` (a socket of this process is on each)."""
        if table_ids:
            with self._transaction() as conn:
                conn.cursor().executemany(self.sql.touch, [(at, t) for t in table_ids])

    def close_idle(self, before: float, at: float) -> list[str]:
        """Close every open table unused since before `before`; their ids."""
        with self._transaction() as conn:
            return [r[0] for r in conn.execute(self.sql.close_idle, (at, before)).fetchall()]

    def closed_since(self, at: float) -> list[str]:
        """The tables closed at `at` or later (by any process)."""
        return [r[0] for r in self._fetch(self.sql.closed_since, (at,))]

    def purge(self, before: float) -> int:
        """Delete the tables closed before `before`, with their logs; how many."""
        with self._transaction() as conn:
            conn.execute(self.sql.purge_moves, (before,))
            return conn.execute(self.sql.purge_tables, (before,)).rowcount
