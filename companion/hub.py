"""Who is connected where, and the fan-out of snapshots to them.

Rooms: `host:<table>` for the table's host screens and `seat:<table>:<lobby id>:<token>`
for each seat's phones (the token's digest, shortened: a phone whose token was revoked
is in a room nobody sends to any more). A room per seat (not per socket) survives
reconnects and second tabs; every socket is in exactly one of these rooms, so one
change sends exactly one message to each socket.

With several server processes (a hosted server), the process that made a change builds
each room's message as on one process, and the whole change goes to every process as
one message on the queue (companion.relay); each delivers each room's packet, as it is,
to the sockets of that room it holds: every seat gets its own snapshot, wherever the
phone is connected. Who is connected is then counted across processes
(companion.presence).

A socket that connected with `"delta": 1` in its auth (the pages do) is in the room's
`…:d` twin and gets what changed since the seat's previous message (companion/delta.py,
docs/protocol.md): one message built once per room, so every socket of one seat gets
the same bytes, through a message queue too. The hub keeps, per such room, the JSON of
the last snapshot it sent there (`seq` and text, a few KB): a room it has nothing for
(a new socket, a `resync`, a change another process sent) gets a full snapshot instead,
and so does a room whose patch would be no smaller.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from flask import has_request_context, request

from . import delta, i18n, snapshots, wire
from .i18n import Wording

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Conn:
    """One socket: a host screen (`lobby_id` None) or the phone of one seat."""
    table_id: str
    lobby_id: str | None = None
    token: str = ""            # the digest of the token it connected with (phones)
    delta: bool = False        # takes patches (docs/protocol.md) rather than full snapshots
    lang: str = i18n.SOURCE    # the language its messages are worded in (companion/i18n.py)

    @property
    def is_host(self) -> bool:
        return self.lobby_id is None

    @property
    def room(self) -> str:
        room = host_room(self.table_id) if self.is_host else seat_room(
            self.table_id, self.lobby_id, self.token)
        return worded(room, self.lang) + (":d" if self.delta else "")


def host_room(table_id: str) -> str:
    return f"host:{table_id}"


def worded(room: str, lang: str) -> str:
    """A room's sockets of one language: each gets the same snapshot in its own words."""
    return f"{room}:{lang}"


def seat_room(table_id: str, lobby_id: str, token: str) -> str:
    """The room of a seat's phones that hold the token with this digest."""
    return f"seat:{table_id}:{lobby_id}:{token[:16]}"


class Hub:
    """The connections of every table, and `broadcast(table)`."""

    def __init__(self, socketio, base_url: str = "", shared=None, relay=None) -> None:
        self.socketio = socketio
        self.base_url = base_url.rstrip("/")
        self.shared = shared        # companion.presence.SharedPresence, several processes
        self.relay = relay          # companion.relay.Relay: a change's messages, at once
        self._conns: dict[str, Conn] = {}
        self._count: dict[str, dict[tuple[str | None, bool], int]] = {}   # by table
        self._sent: dict[str, tuple[int, str, dict]] = {}   # patch room: seq, JSON, presence
        self._lock = threading.Lock()
        self.changes = 0            # broadcasts of a change by this process (/metrics)

    # -- the registry -----------------------------------------------------------------
    def attach(self, sid: str, conn: Conn) -> None:
        """A new socket (call with the table's lock held, then `broadcast`): a socket
        taking patches starts from a full snapshot, so its room gets one."""
        with self._lock:
            self._conns[sid] = conn
            counts = self._count.setdefault(conn.table_id, {})
            key = (conn.lobby_id, conn.delta, conn.lang)
            counts[key] = counts.get(key, 0) + 1
            self._sent.pop(conn.room, None)
        if self.shared:
            self.shared.add(conn.table_id, _kind(conn.lobby_id, conn.delta, conn.lang), 1)

    def detach(self, sid: str) -> Conn | None:
        with self._lock:
            conn = self._conns.pop(sid, None)
            if conn is not None:
                counts = self._count[conn.table_id]
                key = (conn.lobby_id, conn.delta, conn.lang)
                counts[key] -= 1
                if not counts[key]:
                    del counts[key]
                    self._sent.pop(conn.room, None)
                    if not counts:
                        del self._count[conn.table_id]
        if conn is not None and self.shared:
            self.shared.add(conn.table_id, _kind(conn.lobby_id, conn.delta, conn.lang), -1)
        return conn

    def conn(self, sid: str) -> Conn | None:
        with self._lock:
            return self._conns.get(sid)

    def _kinds(self, table_id: str) -> dict:
        """{lobby_id: {lang: (sockets taking full snapshots, sockets taking patches)}} for
        one table (None: its host screens), over every process when they share presence."""
        if self.shared:
            counts = {}
            for key, n in self.shared.get(table_id).items():
                lid, _, kind = (key or "").rpartition("#")
                counts[(lid or None, kind[:1] == "d", kind[1:] or i18n.SOURCE)] = n
        else:
            with self._lock:
                counts = dict(self._count.get(table_id, {}))
        out: dict = {}
        for (lid, d, lang), n in counts.items():
            if n > 0:
                langs = out.setdefault(lid, {})
                full, patch = langs.get(lang, (0, 0))
                langs[lang] = (full, patch + n) if d else (full + n, patch)
        return out

    def presence(self, table_id: str) -> dict:
        """{lobby_id: connected sockets} for one table (None: its host screens)."""
        return {lid: sum(full + patch for full, patch in langs.values())
                for lid, langs in self._kinds(table_id).items()}

    def socket_count(self) -> int:
        """Sockets attached to a table in this process."""
        with self._lock:
            return len(self._conns)

    def connected_tables(self) -> set[str]:
        """The tables with a socket attached in this process."""
        with self._lock:
            return set(self._count)

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

    def seat_view(self, table, entry: dict, lang: str) -> dict:
        """The full snapshot of `entry`'s seat in `lang`, as its socket's first message
        carries it once connected (hold `table.lock`): the phone page asks for it over
        HTTP while its socket connects (routes.first_view), so its phone counts as
        connected."""
        presence = dict(connected(table, self._kinds(table.id)), **{entry["name"]: True})
        info = snapshots.table_info(table, self.join_url(table.id))
        core = snapshots.for_seat(table, entry, info)
        table.forget_views()
        return delta.compose(i18n.localize(core, lang, entry["name"]), presence)

    def broadcast(self, table, only: Conn | None = None) -> None:
        """What changed, to every connected socket of `table` (hold `table.lock`);
        `only`: to that socket's seat (or host screens) alone."""
        if only is None:
            self.changes += 1
        kinds = self._kinds(table.id)
        presence = connected(table, kinds)
        info = snapshots.table_info(table, self.join_url(table.id))
        out: list | None = [] if self.relay else None
        words = Wording()
        for entry in table.lobby:          # the phones first: they are in people's hands
            if only is not None and only.lobby_id != entry["id"]:
                continue
            if kinds.get(entry["id"]):
                self._send(out, seat_room(table.id, entry["id"], entry["token"]),
                           kinds[entry["id"]], table.version, presence, words,
                           snapshots.for_seat, table, entry, info, reader=entry["name"])
        if kinds.get(None) and (only is None or only.is_host):
            self._send(out, host_room(table.id), kinds[None], table.version, presence,
                       words, snapshots.for_host, table, info)
        table.forget_views()      # sent: what the server keeps is the JSON it sent (_sent)
        if out:
            try:
                self.relay.publish(out)     # one queue message for the whole change
            except Exception:
                log.exception("a change's messages did not reach the queue")

    def _emit(self, out: list | None, room: str, data: dict) -> None:
        """A room's snapshot: sent at once (one process), or kept for the change's one
        queue message (`out`, several processes: companion.relay)."""
        if out is None:
            self.socketio.emit("snapshot", data, to=room)
        else:
            out.append((room, "snapshot", data))

    def _send(self, out: list | None, room: str, langs: dict, seq: int, presence: dict,
              words: Wording, build, *args, reader: str | None = None) -> None:
        """One room's message(s): the snapshot is built once, then worded in each language
        its sockets read (`langs`: {lang: (full, patch)}; `words`: this change's), to
        `reader` (a seat's name: its phone reads "you" for itself) or to the table (None).
        A failure is logged and does not stop the others (the change is stored already;
        the next change or reconnect resends)."""
        try:
            core = build(*args)
            for lang, (full, patch) in langs.items():
                said = words(core, lang, reader)
                if full:
                    self._emit(out, worded(room, lang), delta.compose(said, presence))
                if patch:
                    self._send_patch(worded(room, lang) + ":d", seq, said, presence, out)
        except Exception:
            log.exception("snapshot for %s failed", room.split(":")[0])

    def _send_patch(self, room: str, seq: int, core: dict, presence: dict,
                    out: list | None = None) -> None:
        new = {k: v for k, v in core.items() if k != "seq"}
        body = wire.text(new)
        with self._lock:
            last = self._sent.get(room)
            self._sent[room] = (seq, body, presence)
        packet: dict
        if last is not None and last[0] == seq and last[1] == body:
            if last[2] == presence:
                return                               # nothing new for this seat
            packet = {"seq": seq, "presence": presence}
        elif last is not None and last[0] < seq:
            old = wire.read(last[1])
            patch = delta.diff(old, new, strict=False)
            packet = {"seq": seq, "base": last[0], "patch": patch}
            if last[2] != presence:
                packet["presence"] = presence
            # the check: the phone's copy after this patch is, as JSON, the new snapshot
            # (a `True == 1` hidden by the quick comparison would show here)
            after = delta.apply_in_place(old, patch)
            if wire.text(after) != body or len(wire.text(patch)) >= len(body):
                packet = delta.compose(core, presence)  # or a new game: no smaller
        else:                # nothing sent yet, or the same seq with other content
            packet = delta.compose(core, presence)
        self._emit(out, room, packet)

    def resend(self, table, conn: Conn) -> None:
        """A full snapshot to `conn`'s room (hold `table.lock`): its socket lost track."""
        with self._lock:
            self._sent.pop(conn.room, None)
        self.broadcast(table, only=conn)

    def drop(self, table_id: str, lobby_id: str, error: dict, token: str) -> None:
        """Tell the phones of a seat that hold the token with digest `token` why, and
        disconnect them (kick, moved seat). The sockets this process holds are told
        and disconnected here; the error also goes to their rooms (full snapshots and
        patches), so that it reaches them in every other process (the phone then leaves
        by itself)."""
        if self.shared:
            room = seat_room(table_id, lobby_id, token)
            for lang in i18n.LANGUAGES:
                said = i18n.localize(error, lang)
                self.socketio.emit("error", said, to=worded(room, lang))
                self.socketio.emit("error", said, to=worded(room, lang) + ":d")
        for sid, conn in self.sids(table_id, lobby_id):
            if conn.token != token:
                continue
            self.detach(sid)
            self.socketio.server.leave_room(sid, conn.room, namespace="/")
            self.socketio.emit("error", i18n.localize(error, conn.lang), to=sid)
            self.socketio.server.disconnect(sid, namespace="/")


def connected(table, kinds: dict) -> dict:
    """{seat name: whether a socket of it is connected} (`kinds`: Hub._kinds)."""
    return {e["name"]: bool(kinds.get(e["id"])) for e in table.lobby}


def _kind(lobby_id: str | None, patches: bool, lang: str) -> str:
    """The key counting a seat's sockets of one kind and language over processes
    ("<lobby id>#dhu": patches, in Hungarian)."""
    return f"{lobby_id or ''}#{'d' if patches else 'f'}{lang}"
