"""The Socket.IO events (docs/protocol.md). Each handler: check the payload, find the
table, and change it through `hub.change` (the one change path, the routes' too: its
lock taken, the table, and through it the engine, acting, then every socket of the
table sent what changed); a question (`judge`, `playable`...) is answered under the
lock and sends nothing. A connection knows its seat (hub.Conn: its lobby id, token
digest and name). Whatever goes wrong answers with an error ack and
changes nothing; a traceback goes to the server's log, never to a client.
"""
from __future__ import annotations

import functools
import json
import logging

from flask import request
from flask_socketio import ConnectionRefusedError, emit, join_room

import engine

from . import i18n, referee
from engine.say import KEY, english, is_message, msg

from .errors import Problem, said
from .hub import Conn, Hub
from .limits import Limits
from .qr import svg as qr_svg
from .seams.socketio import handshake, on_event
from .tables import Tables
from .wire import BAD_EVENT, not_an_event

log = logging.getLogger(__name__)

MOVE_MAX_BYTES = 4096
STRIPPED = ("by", "expect", "then", "note", "host")   # who moves (and if the host did) is ours
SERVERS = ("seq", "at", "undone")     # the log's bookkeeping: the server's alone


def error_of(exc: BaseException) -> dict:
    if isinstance(exc, (Problem, engine.Refusal)):
        return exc.to_dict()
    if isinstance(exc, engine.RecordError):
        return {"code": "bad_move", "message": said(exc), "rule": "record"}
    return Problem("internal").to_dict()


def sized(data: dict) -> dict:
    """`data` if it is plain JSON of at most MOVE_MAX_BYTES. Raises Problem."""
    try:
        size = len(json.dumps(data))
    except (TypeError, ValueError):
        raise Problem("bad_request", msg("The move is not plain JSON.")) from None
    if size > MOVE_MAX_BYTES:
        raise Problem("bad_request", msg("The move is too large."))
    return data


def clean_move(data: dict) -> dict:
    """A record move from a client, without the keys a client may not set; one that
    carries the log's bookkeeping is refused (bad_move)."""
    sized(data)
    kept = [k for k in SERVERS if k in data]
    if kept:
        raise engine.Refusal("bad_move", msg("'{key}' is kept by the server; a move never "
                                             "carries it.", key=kept[0]), "record")
    return {k: v for k, v in data.items() if k not in STRIPPED}


def drop_connection(socketio, sid: str) -> None:
    """Close a socket's whole connection (Engine.IO), not only its namespace: a client
    that floods must not keep sending into a namespace it has left."""
    log.info("a socket flooded the server and was dropped")
    eio_sid = socketio.server.manager.eio_sid_from_sid(sid, "/")
    socketio.server.disconnect(sid, namespace="/")
    if eio_sid is not None:
        socketio.server.eio.disconnect(eio_sid)


def register(socketio, tables: Tables, hub: Hub, limits: Limits | None = None) -> None:
    """Attach every event handler to `socketio`. `connect` runs in the Flask request
    context of the socket's handshake (its cookies); every other event is handled
    straight from python-socketio, with the socket's sid and no request context
    (companion.seams.socketio.on_event)."""
    limits = limits or Limits()
    server = socketio.server

    def on(event: str):
        """`fn(sid, *args)` answers `event` (`"*"`: `fn(event, sid, *args)`); a failure
        it lets through is logged and answered `internal` (a safety net: the handlers
        catch their own errors)."""
        def wrap(fn):
            def guarded(*args):
                try:
                    return fn(*args)
                except Exception:
                    log.exception("socket event %s failed", event)
                    sid = args[1] if event == "*" else args[0]
                    return worded(sid, {"ok": False, "error": Problem("internal").to_dict()})
            on_event(server, event, guarded)
            return fn
        return wrap

    def handler(event: str, who: str, broadcast: bool = True, in_request: bool = False):
        """`who`: "host", "seat" or "any". The wrapped function gets (table, conn, data)
        and returns extra ack fields; it runs with the table's lock held. A read-only
        event (`broadcast=False`) answers its ack and sends no snapshot. `in_request`:
        it runs in the request context of the socket's handshake (it reads the host)."""
        def wrap(fn):
            @on(event)
            @functools.wraps(fn)
            def inner(sid, data=None, *extra):
                # the ack in the words of the socket's language (companion/i18n.py),
                # said to its seat ("you") on a phone
                if in_request:
                    with handshake(server, sid):
                        return worded(sid, answer(sid, data, *extra))
                return worded(sid, answer(sid, data, *extra))

            def answer(sid, data=None, *extra):
                try:
                    allowed = limits.allow(sid, changes=broadcast)
                    if allowed is None:               # flooding for too long: dropped
                        drop_connection(socketio, sid)
                    if not allowed:
                        raise Problem("slow_down")
                    conn = hub.conn(sid)
                    if conn is None:
                        raise Problem("bad_token", msg("This connection is not attached to a seat."))
                    if who != "any" and conn.is_host != (who == "host"):
                        raise Problem("not_host" if who == "host" else "bad_request",
                                      None if who == "host" else msg("Only a phone sends this."))
                    if extra or not isinstance(data, dict):
                        raise Problem("bad_request", msg("'{event}' takes one JSON object.",
                                                         event=event))
                    table = tables.get(conn.table_id)

                    def act():
                        if (not conn.is_host
                                and table.entry(conn.lobby_id)["token"] != conn.token):
                            raise Problem("revoked")
                        return fn(table, conn, data) or {}
                    if broadcast:               # a change: hub.change sends it
                        result = hub.change(table, act, look_first=False)
                    else:                       # a question: answered, nothing sent
                        with table.lock:
                            result = table.act(act)
                    return {"ok": True, **result}
                except (Problem, engine.Refusal, engine.RecordError) as e:
                    return {"ok": False, "error": error_of(e)}
                except Exception:
                    log.exception("event %s failed", event)
                    return {"ok": False, "error": error_of(RuntimeError())}
            return inner
        return wrap

    @socketio.on("connect")
    def on_connect(auth=None):
        try:
            if not isinstance(auth, dict) or not isinstance(auth.get("table"), str):
                raise Problem("bad_request", msg("Connect with auth {auth}.",
                                                 auth='{"table": id, ...}'))
            table = tables.get(auth["table"])
            patches = auth.get("delta") == 1      # docs/protocol.md: patches after the first
            lang = (i18n.MESSAGES if auth.get("lang") == i18n.MESSAGES     # its words' language
                    else i18n.normal(auth.get("lang")) or i18n.current())
            if hub.socket_count() >= limits.max_sockets:
                raise Problem("server_full", msg("This server already has as many phones "
                                                 "and screens connected as it can serve; "
                                                 "try again later."))
            with table.lock:
                table.sync()
                if "token" in auth:
                    entry = table.entry_for_token(auth["token"])
                    conn = Conn(table.id, entry["id"], entry["token"], patches, lang,
                                entry["name"])
                elif table.is_host(request.cookies.get(f"host_{table.id}")):
                    conn = Conn(table.id, delta=patches, lang=lang)
                else:
                    raise Problem("not_host")
                hub.attach(request.sid, conn)
                try:
                    join_room(conn.room)
                    hub.broadcast(table)
                except Exception:
                    hub.detach(request.sid)
                    raise
        except Exception as e:
            if not isinstance(e, (Problem, engine.Refusal)):
                log.exception("connect failed")
            err = error_of(e)
            emit("error", i18n.localize(err, i18n.current()))
            # the page reads err.data (a message it words); the first argument is a
            # plain string the Socket.IO client wants: English
            raise ConnectionRefusedError(english(err["message"]),
                                         i18n.localize(err, i18n.current())) from None

    @on("disconnect")
    def on_disconnect(sid, reason=None):
        limits.forget(sid)
        conn = hub.detach(sid)
        if conn is None:
            return
        try:
            table = tables.get(conn.table_id)
        except Problem:
            return
        with table.lock:
            table.sync()
            hub.broadcast(table)

    @handler("move", "seat")
    def on_move(table, conn, data):
        move = clean_move(data)
        events = table.apply(conn.name, move)
        return engine.decisions(table.state, {**move, "by": conn.name}, events)

    @handler("host_move", "host")
    def on_host_move(table, conn, data):
        events = table.apply("host", clean_move(data))
        asked = [e["text"] for e in events if e.get("type") == "question"]
        return {"outcome": msg("{what}", what=asked)} if asked else {}

    @handler("undo", "host")
    def on_undo(table, conn, data):
        table.undo()

    @handler("redo", "host")
    def on_redo(table, conn, data):
        table.redo()

    @handler("take_back", "seat")
    def on_take_back(table, conn, data):
        table.take_back(conn.name)

    @handler("act_for", "host")
    def on_act_for(table, conn, data):
        seat, move = data.get("seat"), data.get("move")
        if not isinstance(seat, str) or not isinstance(move, dict):
            raise Problem("bad_request", msg("'act_for' takes a seat name and a move."))
        table.apply(seat, dict(clean_move(move), host=True))

    @handler("character", "seat")
    def on_character(table, conn, data):
        table.choose_character(conn.lobby_id, data.get("character"))

    @handler("order", "host")
    def on_order(table, conn, data):
        table.order(data.get("order"))

    @handler("kick", "host")
    def on_kick(table, conn, data):
        gone = table.kick(data.get("lobby_id"))
        hub.drop(table.id, gone["id"], Problem("kicked").to_dict(), gone["token"])

    @handler("deal", "host")
    def on_deal(table, conn, data):
        if set(data) - {"characters", "options"}:
            raise Problem("bad_request", msg("'deal' takes 'characters' and 'options' only."))
        table.deal(data.get("characters"), data.get("options"))

    @handler("new_game", "host")
    def on_new_game(table, conn, data):
        keep, rotate = data.get("keep_characters", False), data.get("rotate_sheriff", False)
        if keep not in (True, False, "all") or not isinstance(rotate, bool):
            raise Problem("bad_request", msg("keep_characters is true, false or \"all\"; "
                                             "rotate_sheriff is true or false."))
        table.new_game(keep, rotate)

    @handler("end_game", "host")
    def on_end_game(table, conn, data):
        table.end_game()

    @handler("reseat", "host", in_request=True)     # the claim URL: the request's host
    def on_reseat(table, conn, data):
        code = table.reseat(data.get("seat"))
        url = hub.join_url(table.id) + "/claim/" + code
        return {"claim_url": url, "claim_qr_svg": qr_svg(url)}

    @handler("resync", "any", broadcast=False)
    def on_resync(table, conn, data):
        """The page missed a patch (its seq is not the patch's base): a full snapshot."""
        hub.resend(table, conn)

    # -- referee mode: read-only questions (companion/referee.py) ----------------------
    def asker(table, conn, data) -> str:
        """Who a ruling is for: "by" when given (any seat: "can X play this now?"),
        else a phone's own seat. Rulings are public facts: nothing secret depends on it."""
        if conn.is_host or data.get("by") is not None:
            return data.get("by")
        return conn.name

    @handler("judge", "any", broadcast=False)
    def on_judge(table, conn, data):
        move = data.get("move")
        move = sized(move) if isinstance(move, dict) else move
        return {"ruling": referee.judge(table, asker(table, conn, data), move)}

    @handler("targets", "any", broadcast=False)
    def on_targets(table, conn, data):
        return referee.targets(table, asker(table, conn, data), data.get("card"), data.get("as"))

    @handler("playable", "any", broadcast=False)
    def on_playable(table, conn, data):
        return {"cards": referee.playable(table, asker(table, conn, data))}

    @handler("catalogue", "any", broadcast=False)
    def on_catalogue(table, conn, data):
        return {"cards": referee.catalogue(table)}

    @handler("distance", "any", broadcast=False)
    def on_distance(table, conn, data):
        return referee.distance(table, data.get("from"), data.get("to"))

    @on(BAD_EVENT)
    def on_bad_message(sid, reason=None, *extra):
        """A message that could not be read (companion.wire): its ack says why."""
        if is_message(reason):           # companion.wire's own reason
            why = reason
        else:
            why = {KEY: "{text}", "text": reason[:200]} if isinstance(reason, str) else None
        return worded(sid, {"ok": False, "error": Problem("bad_request", why).to_dict()})

    @on("*")
    def on_unknown(event, sid, *args):
        """An event of a name the server has no handler for: refused in its ack (a
        client that floods with such names is slowed down and dropped as any other)."""
        allowed = limits.allow(sid, changes=False)
        if allowed is None:
            drop_connection(socketio, sid)
        problem = (Problem("bad_request", not_an_event(str(event))) if allowed
                   else Problem("slow_down"))
        return worded(sid, {"ok": False, "error": problem.to_dict()})

    def worded(sid: str, ack: dict) -> dict:
        """`ack` in the words of socket `sid`'s language, said to its seat on a phone
        (a socket without a seat: the language its handshake asked for)."""
        conn = hub.conn(sid)
        if conn is not None:
            return i18n.localize(ack, conn.lang, reader(conn))
        with handshake(server, sid):
            return i18n.localize(ack, i18n.current())

    def reader(conn) -> str | None:
        """The seat name a phone's words are said to (None: a host screen, no seat)."""
        return None if conn is None or conn.is_host else conn.name


def claimed(hub: Hub, table, entry: dict, old_token: str) -> None:
    """After a claim (HTTP): lock the seat's old phones out (hold `table.lock`);
    `old_token` is the digest of the token the claim revoked."""
    hub.drop(table.id, entry["id"], Problem("revoked").to_dict(), old_token)
