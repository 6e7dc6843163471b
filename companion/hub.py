"""Who is connected where, and the fan-out of snapshots to them.

Rooms: `host:<table>` for the table's host screens and `seat:<table>:<lobby id>:<token>`
for each seat's phones (the token's digest, shortened: a phone whose token was revoked
is in a room nobody sends to any more). A room per seat (not per socket) survives
reconnects and second tabs; every socket is in exactly one of these rooms, so one
change sends exactly one message to each socket.

With several server processes (a hosted server), a Socket.IO message queue (Redis)
carries every emit to every process, and each one delivers it to the sockets of that
room it holds: the process that made a change sends each seat its own snapshot, wherever
the phone is connected. Who is connected is then counted across processes
(companion.presence).
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from flask import has_request_context, request

from . import snapshots

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Conn:
    """One socket: a host screen (`lobby_id` None) or the phone of one seat."""
    table_id: str
    lobby_id: str | None = None
    token: str = ""            # the digest of the token it connected with (phones)

    @property
    def is_host(self) -> bool:
        return self.lobby_id is None

    @property
    def room(self) -> str:
        return host_room(self.table_id) if self.is_host else seat_room(
            self.table_id, self.lobby_id, self.token)


def host_room(table_id: str) -> str:
    return f"host:{table_id}"


def seat_room(table_id: str, lobby_id: str, token: str) -> str:
    """The room of a seat's phones that hold the token with this digest."""
    return f"seat:{table_id}:{lobby_id}:{token[:16]}"


class Hub:
    """The connections of every table, and `broadcast(table)`."""

    def __init__(self, socketio, base_url: str = "", shared=None) -> None:
        self.socketio = socketio
        self.base_url = base_url.rstrip("/")
        self.shared = shared        # companion.presence.SharedPresence, several processes
        self._conns: dict[str, Conn] = {}
        self._count: dict[tuple[str, str | None], int] = {}
        self._lock = threading.Lock()

    # -- the registry -----------------------------------------------------------------
    def attach(self, sid: str, conn: Conn) -> None:
        with self._lock:
            self._conns[sid] = conn
            key = (conn.table_id, conn.lobby_id)
            self._count[key] = self._count.get(key, 0) + 1
        if self.shared:
            self.shared.add(conn.table_id, conn.lobby_id, 1)

    def detach(self, sid: str) -> Conn | None:
        with self._lock:
            conn = self._conns.pop(sid, None)
            if conn is not None:
                key = (conn.table_id, conn.lobby_id)
                self._count[key] -= 1
                if not self._count[key]:
                    del self._count[key]
        if conn is not None and self.shared:
            self.shared.add(conn.table_id, conn.lobby_id, -1)
        return conn

    def conn(self, sid: str) -> Conn | None:
        with self._lock:
            return self._conns.get(sid)

    def presence(self, table_id: str) -> dict:
        """{lobby_id: connected sockets} for one table (None: its host screens)."""
        if self.shared:
            return self.shared.get(table_id)
        with self._lock:
            return {lid: n for (tid, lid), n in self._count.items() if tid == table_id}

    def sids(self, table_id: str, lobby_id: str | None) -> list[tuple[str, Conn]]:
        with self._lock:
            return [(sid, c) for sid, c in self._conns.items()
                    if c.table_id == table_id and c.lobby_id == lobby_id]

    # -- sending ----------------------------------------------------------------------
    def join_url(self, table_id: str) -> str:
        base = self.base_url
        if not base and has_request_context():
            base = request.host_url.rstrip("/")
        return f"{base}/t/{table_id}"

    def broadcast(self, table) -> None:
        """A fresh snapshot to every connected socket of `table` (hold `table.lock`)."""
        presence = self.presence(table.id)
        info = snapshots.table_info(table, presence, self.join_url(table.id))
        for entry in table.lobby:          # the phones first: they are in people's hands
            if presence.get(entry["id"]):
                self._send(seat_room(table.id, entry["id"], entry["token"]),
                           snapshots.for_seat, table, entry, info)
        if presence.get(None):
            self._send(host_room(table.id), snapshots.for_host, table, info)

    def _send(self, room: str, build, *args) -> None:
        """One snapshot to one room. A failure is logged and does not stop the others
        (the change is stored already; the next change or reconnect resends)."""
        try:
            self.socketio.emit("snapshot", build(*args), to=room)
        except Exception:
            log.exception("snapshot for %s failed", room.split(":")[0])

    def drop(self, table_id: str, lobby_id: str, error: dict, token: str) -> None:
        """Tell the phones of a seat that hold the token with digest `token` why, and
        disconnect them (kick, moved seat). The sockets this process holds are told
        and disconnected here; the error also goes to their room, so that it reaches
        them in every other process (the phone then leaves by itself)."""
        if self.shared:
            self.socketio.emit("error", error, to=seat_room(table_id, lobby_id, token))
        for sid, conn in self.sids(table_id, lobby_id):
            if conn.token != token:
                continue
            self.detach(sid)
            self.socketio.server.leave_room(sid, conn.room, namespace="/")
            self.socketio.emit("error", error, to=sid)
            self.socketio.server.disconnect(sid, namespace="/")
