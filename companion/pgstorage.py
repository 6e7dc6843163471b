"""PostgreSQL behind the storage interface of companion/storage.py, for a hosted server
whose processes share one database (`--database postgresql://user@host/db`).

The tables and statements are SQLite's (companion/schema.py, with psycopg's `%s` for
each parameter). The database orders each table's changes: a row is written only if it
is still at the version the change was made from, and a move's key (table, game, seq)
is unique, so two processes can never both append move 8 of a game; the one that
loses gets `Behind` and reloads. Connections come from psycopg's pool (psycopg-pool).
Needs the `hosted` extra.
"""
from __future__ import annotations

from contextlib import contextmanager

try:
    import psycopg
    from psycopg_pool import ConnectionPool
except ImportError:     # a laptop server uses SQLite (pip install 'bang-companion[hosted]')
    psycopg = ConnectionPool = None

from .schema import TABLES, Behind, SqlStorage, encode, move_json, statements, upgrade

POOL = 4               # connections per process: tables' writes go on side by side
WAIT = 30              # seconds a call waits for a free connection (or the first one)


class PostgresStorage(SqlStorage):
    """A pool of a few connections per process, one taken for each call, so that one
    table's round trip does not hold up another's. A connection that broke (the
    database restarted) fails its call and is replaced by the pool."""

    sql = statements("%s")

    def __init__(self, url: str, pool: int = POOL) -> None:
        super().__init__()
        if psycopg is None or ConnectionPool is None:
            raise SystemExit("PostgreSQL needs psycopg and psycopg-pool: "
                             "pip install 'bang-companion[hosted]'")
        self._unique = psycopg.errors.UniqueViolation
        self._pool = ConnectionPool(url, min_size=1, max_size=pool, timeout=WAIT,
                                    kwargs={"autocommit": True}, name="bang", open=False)
        self._pool.open(wait=True, timeout=WAIT)
        with self._pool.connection() as conn, conn.transaction():
            # one process at a time creates the tables (several may start at once)
            conn.execute("SELECT pg_advisory_xact_lock(271828)")
            conn.execute(TABLES)
            upgrade(conn)

    def _fetch(self, sql: str, args: tuple = (), one: bool = False):
        with self._pool.connection() as conn:
            cur = conn.execute(sql, args)
            return cur.fetchone() if one else cur.fetchall()

    @contextmanager
    def _transaction(self):
        with self._pool.connection() as conn, conn.transaction():
            yield conn

    def save(self, row: dict, *, move: dict | None = None, undo: int | None = None,
             redo: int | None = None, drop: bool = False) -> None:
        values = encode(row)
        only_version = self._only_version(row, values)
        with self._saving(row, values), self._pool.connection() as conn:
            if only_version and move is not None and undo is None and not drop:
                # the common move: one statement, one round trip
                cur = conn.execute(self.sql.move_only, (
                    row["version"], values[-1], row["id"], row["version"] - 1,
                    row["game"], move["seq"], move["at"], move_json(move)))
                if cur.rowcount != 1:
                    raise Behind(row["id"])
            else:
                with conn.transaction():
                    self._write(conn, row, values, only_version, move, undo, redo, drop)

    def close(self) -> None:
        self.closed = True
        self._pool.close()
