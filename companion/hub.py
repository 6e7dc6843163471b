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
the same bytes, through a message queue too. The hub keeps, per seat (and for the host
screens), the snapshot it sent last, before its words (the objects of engine.all_views,
which a table's seats share: about 40 KB a table), and per patch room the `seq` it
holds. The patch is worked out once per seat on the snapshot before its words, the
seats' shared part once per change (delta.diff's `memo`), and only the patch is worded,
once per language. A room it has nothing for (a new socket, a `resync`, a change
another process sent) gets a full snapshot instead, and so does every room at a new
game (its patch would be no smaller). The check that a patch applied again gives the
snapshot runs in the tests (`check`), not on every move.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from flask import has_request_context, request

import engine

from . import delta, i18n, snapshots, wire
from .i18n import Sentences, Wording
from .seams.socketio import to_room

log = logging.getLogger(__name__)
_UNSET = object()
SAME = object()         # a room's patch: the same seq and content as it was sent last


@dataclass(frozen=True)
class Conn:
    """One socket: a host screen (`lobby_id` None) or the phone of one seat."""
    table_id: str
    lobby_id: str | None = None
    token: str = ""            # the digest of the token it connected with (phones)
    delta: bool = False        # takes patches (docs/protocol.md) rather than full snapshots
    lang: str = i18n.SOURCE    # the language its messages are worded in (companion/i18n.py)
    name: str = ""             # its seat's name (phones): what it does is done by that seat

    @property
    def is_host(self) -> bool:
        return self.lobby_id is None

    @property
    def seat(self) -> str:
        """The room of its seat (or the table's host screens), in every language."""
        return host_room(self.table_id) if self.is_host else seat_room(
            self.table_id, self.lobby_id, self.token)

    @property
    def room(self) -> str:
        return worded(self.seat, self.lang) + (":d" if self.delta else "")


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

    def __init__(self, socketio, base_url: str = "", shared=None, relay=None,
                 check: bool = False) -> None:
        self.socketio = socketio
        self.base_url = base_url.rstrip("/")
        self.shared = shared        # companion.presence.SharedPresence, several processes
        self.relay = relay          # companion.relay.Relay: a change's messages, at once
        self._conns: dict[str, Conn] = {}
        self._count: dict[str, dict[tuple[str | None, bool], int]] = {}   # by table
        self._sent: dict[str, tuple[int, dict]] = {}   # patch room: seq, presence sent
        self._base: dict[str, tuple] = {}      # seat or host room: seq, snapshot sent
        self._views: dict = {}          # table id: (state, its views, the Geometry they
                                        # were built from), while the table has sockets
        self._loose: tuple = (None, None)   # the same for one table without sockets
        self._sentences = Sentences()   # plain messages' sentences, kept across changes
        self.check = check          # tests: every patch applied again must give the snapshot
        self.missed = 0             # patches that `check` found wrong
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
        if self.relay:              # its table's changes now reach this process
            self.relay.follow(conn.table_id)
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
                    if not any(k[0] == conn.lobby_id for k in counts):
                        self._base.pop(conn.seat, None)     # its seat's last socket
                    if not counts:
                        del self._count[conn.table_id]
                        self._views.pop(conn.table_id, None)
        if conn is not None and self.relay:
            self.relay.unfollow(conn.table_id)
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

    # -- changing a table ---------------------------------------------------------------
    def change(self, table, fn, look_first: bool = True):
        """The one way a table changes, for the socket handlers and the routes alike:
        its lock taken, `fn` run on a table current with storage (Table.act: what `fn`
        changes is written first, then kept in memory), then what changed sent to every
        socket of the table. Returns what `fn` returns; a refusal raises and sends
        nothing. A failure to send is logged: the change is stored, and the next change
        or reconnect resends."""
        with table.lock:
            result = table.act(fn, look_first=look_first)
            try:
                self.broadcast(table)
            except Exception:
                log.exception("snapshots after a change failed")
        return result

    # -- sending ----------------------------------------------------------------------
    def join_url(self, table_id: str) -> str:
        base = self.base_url
        if not base and has_request_context():
            base = request.host_url.rstrip("/")
        return f"{base}/t/{table_id}"

    def views(self, table) -> dict:
        """The engine's views of `table`'s state ({None: public, seat name: that seat's}),
        for the change being sent (hold `table.lock`). The hub keeps those of the last
        state it sent of each table with sockets (the seats' last snapshots hold them
        anyway): a connect, a first view or a resync at the same state rebuilds nothing
        (the dry runs of an event's offer, the answers, the distances: once a change);
        a table whose last socket left keeps none. It keeps the distances they were
        built from too (engine.Geometry): the next change works out again only the pairs
        of seats whose distance inputs changed and builds again only the distance rows
        that show a seat that changed, and the parts of a view that show the
        same are the same objects as the last change's, which the patches pass over at
        once."""
        state = table.state
        if state is None:
            return {}
        with self._lock:
            kept = self._views.get(table.id)
            if kept is None and self._loose[0] == table.id:
                kept = self._loose[1]
        if kept is not None and kept[0] is state:
            return kept[1]
        geo = engine.Geometry(state, kept[2] if kept is not None else None)
        views = engine.all_views(state, geo)
        with self._lock:
            if table.id in self._count:         # its sockets: the next change starts here
                self._views[table.id] = (state, views, geo)
            else:                               # a first view before its socket: one table
                self._loose = (table.id, (state, views, geo))
        return views

    def seat_view(self, table, entry: dict, lang: str) -> dict:
        """The full snapshot of `entry`'s seat in `lang`, as its socket's first message
        carries it once connected (hold `table.lock`): the phone page asks for it over
        HTTP while its socket connects (routes.first_view), so its phone counts as
        connected."""
        presence = dict(connected(table, self._kinds(table.id)), **{entry["name"]: True})
        info = snapshots.table_info(table, self.join_url(table.id))
        core = snapshots.for_seat(table, entry, info, self.views(table))
        return delta.compose(i18n.localize(core, lang, entry["name"]), presence)

    def broadcast(self, table, only: Conn | None = None) -> None:
        """What changed, to every connected socket of `table` (hold `table.lock`);
        `only`: to that socket's seat (or host screens) alone."""
        if only is None:
            self.changes += 1
        kinds = self._kinds(table.id)
        presence = connected(table, kinds)
        info = snapshots.table_info(table, self.join_url(table.id))
        views = self.views(table)
        out: list | None = [] if self.relay else None
        words = Wording(self._sentences)
        memo: dict = {}
        log = snapshots.phone_log(table)
        # what every phone's snapshot is built on (snapshots.for_seat): its patch is
        # worked out on these once for all the seats (delta.diff_built)
        phone = snapshots.phone_info(table, info)
        seated = next((v for k, v in views.items() if k is not None), None)
        unseated = {"table": (phone, "you")}
        bases = unseated if seated is None else {
            "table": (phone, "you"), "view": ({k: v for k, v in seated.items() if k != "me"},
                                              "me")}
        for entry in table.lobby:          # the phones first: they are in people's hands
            if only is not None and only.lobby_id != entry["id"]:
                continue
            if kinds.get(entry["id"]):
                self._send(out, seat_room(table.id, entry["id"], entry["token"]),
                           kinds[entry["id"]], table.version, presence, words,
                           snapshots.for_seat, table, entry, phone, views, log,
                           reader=entry["name"], memo=memo,
                           bases=bases if entry["name"] in views else unseated)
        if kinds.get(None) and (only is None or only.is_host):
            self._send(out, host_room(table.id), kinds[None], table.version, presence,
                       words, snapshots.for_host, table, info, views, memo=memo)
        if out:
            try:
                self.relay.publish(out, table.id)   # one queue message for the whole
                                                    # change, on its table's channel
            except Exception:
                log.exception("a change's messages did not reach the queue")

    def _emit(self, out: list | None, room: str, data: dict) -> None:
        """A room's snapshot: sent at once (one process: straight to the room's sockets,
        companion.seams.socketio.to_room), or kept for the change's one queue message
        (`out`, several processes: companion.relay)."""
        if out is None:
            self._to_room(room, data)
        else:
            out.append((room, "snapshot", data))

    def _to_room(self, room: str, data: dict) -> None:
        """A snapshot to the sockets of `room` in this process: straight to them on a
        Socket.IO server (companion.seams.socketio.to_room), through `emit` on whatever
        else stands for one (a test's recorder)."""
        server = getattr(self.socketio, "server", None)
        if server is None:
            self.socketio.emit("snapshot", data, to=room)
        else:
            to_room(server, "snapshot", data, room)

    def _send(self, out: list | None, room: str, langs: dict, seq: int, presence: dict,
              words: Wording, build, *args, reader: str | None = None,
              memo: dict | None = None, bases: dict | None = None) -> None:
        """One room's message(s): the snapshot is built once; the patch from what the
        room was sent last is worked out once, on the snapshot before it is worded (for
        all its languages; `memo`: this change's comparisons, delta.diff), then only the
        patch is worded in each language its sockets read (`langs`: {lang: (full,
        patch)}; `words`: this change's), to `reader` (a seat's name: its phone reads
        "you" for itself) or to the table (None). A full snapshot is worded whole.
        A failure is logged and does not stop the others (the change is stored already;
        the next change or reconnect resends). `bases`: what the snapshot's parts are
        built on (delta.diff_built)."""
        try:
            core = build(*args)
            patch = _UNSET
            for lang, (full, patches) in langs.items():
                if full:
                    self._emit(out, worded(room, lang),
                               delta.compose(words(core, lang, reader), presence))
                if patches:
                    if patch is _UNSET:
                        patch = self._patch(room, seq, core, memo, bases)
                    self._send_patch(out, worded(room, lang) + ":d", seq, core, patch,
                                     presence, lambda v: words(v, lang, reader))
        except Exception:
            log.exception("snapshot for %s failed", room.split(":")[0])

    def _patch(self, room: str, seq: int, core: dict, memo: dict | None,
               bases: dict | None = None):
        """(the seq it applies to, the patch) that turns what `room`'s patch sockets were
        sent last into `core`, before wording (delta.diff never patches inside a
        message); (seq, SAME): the same content again; None: send the full snapshot
        (nothing known, or a new game: its patch would be no smaller, and a snapshot
        needs no JSON encoded to weigh the two).

        Kept per room: the snapshot it was sent, as the objects it was built from. A
        change's seats share most of theirs (engine.all_views: the public part), so a
        table's eight kept snapshots weigh about 40 KB, less than their JSON. With what
        its parts were built on (`bases`), for the next change's delta.diff_built."""
        new = {k: v for k, v in core.items() if k != "seq"}
        with self._lock:
            last = self._base.get(room)
            self._base[room] = (seq, new, wire.text(new) if self.check else None, bases)
        if last is None or last[0] > seq or _game(last[1]) != _game(new):
            return None
        if last[0] == seq:
            return (seq, SAME) if delta.same(last[1], new) else None
        if bases is not None and last[3] is not None and memo is not None:
            patch = delta.diff_built(last[1], new, last[3], bases, memo)
        else:
            patch = delta.diff(last[1], new, strict=False, memo=memo)
        if self.check and (wire.text(delta.apply_in_place(wire.read(last[2]), patch))
                           != self._base[room][2]):
            # the quick comparison (True == 1) hid a change, or a part kept was changed
            # in place after it was sent: tests run with this check
            log.error("a patch for %s missed a change: full snapshot sent", room)
            self.missed += 1
            return None
        return last[0], patch

    def _send_patch(self, out: list | None, room: str, seq: int, core: dict, patch,
                    presence: dict, say) -> None:
        """To one patch room (a seat's sockets of one language): the patch worded by
        `say` (a patch is worded as any part of a snapshot), presence alone, nothing
        (nothing new), or the full snapshot (the room holds another than the patch's
        base)."""
        with self._lock:
            last = self._sent.get(room)
            self._sent[room] = (seq, presence)
        packet: dict
        if patch is None or last is None or last[0] != patch[0]:
            packet = delta.compose(say(core), presence)
        elif patch[1] is SAME:
            if last[1] == presence:
                return                               # nothing new for this seat
            packet = {"seq": seq, "presence": presence}
        else:
            packet = {"seq": seq, "base": patch[0], "patch": say(patch[1])}
            if last[1] != presence:
                packet["presence"] = presence
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


def _game(core: dict):
    """The game a snapshot shows (its table's `game`: 0 before the first deal)."""
    return (core.get("table") or {}).get("game")


def connected(table, kinds: dict) -> dict:
    """{seat name: whether a socket of it is connected} (`kinds`: Hub._kinds)."""
    return {e["name"]: bool(kinds.get(e["id"])) for e in table.lobby}


def _kind(lobby_id: str | None, patches: bool, lang: str) -> str:
    """The key counting a seat's sockets of one kind and language over processes
    ("<lobby id>#dhu": patches, in Hungarian)."""
    return f"{lobby_id or ''}#{'d' if patches else 'f'}{lang}"
