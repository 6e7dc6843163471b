"""The HTTP routes (docs/protocol.md): pages, creating a table, joining, claiming.

Secrets never travel in a URL that a server log could print: a seat token comes back
in a redirect's fragment (`/p/<id>#<token>`), which browsers never send to a server;
the host secret lives in an HttpOnly cookie.
"""
from __future__ import annotations

import functools
import json
import logging
import math
import time

from flask import (Blueprint, Response, abort, current_app, jsonify, make_response,
                   redirect, render_template, request)
from jinja2 import TemplateNotFound
from markupsafe import escape

import engine
from engine.say import msg, plural

from . import games, i18n, looks, metrics as figures, sockets
from .errors import Problem
from .limits import tables_in_use
from .qr import svg as qr_svg

bp = Blueprint("companion", __name__)
log = logging.getLogger(__name__)
HOST_COOKIE_AGE = 30 * 24 * 3600      # as long as a closed table's record is kept, by default


def _parts():
    c = current_app.extensions["companion"]
    return c.tables, c.hub


def page(template: str, status: int = 200, **context):
    """A page from templates/; a bare fallback while the template is not written yet.
    A table's page also gets its ruleset's declared page parts and features, so a
    template asks "does this table have Feats?", never which game it is."""
    if "ruleset" in context:
        rules = engine.rules_of(context["ruleset"])
        look = looks.look_of(rules)
        # `words`: what differs from the base game, for the page's JavaScript;
        # `w`: every plain word of the ruleset, for the template (which translates it)
        w = {k: v for k, v in looks.page_data(rules).items() if isinstance(v, (str, int))}
        context.update(partials=look.partials, features=rules.data.features, title=rules.title,
                       words=looks.page_words(rules), w=w, look=look,
                       event_decks=games.takes_events(rules.name))
    context.setdefault("rulesets", engine.RULESETS.values())
    context.setdefault("hints", {name: looks.look_of(name).hint for name in engine.RULESETS})
    context.setdefault("players", {name: (min(c), max(c)) for name in engine.RULESETS
                                   for c in [engine.choosable_counts(name)]})
    try:
        return render_template(template, **context), status
    except TemplateNotFound:
        body = "".join(f"<p>{escape(k)}: {escape(v)}</p>" for k, v in context.items())
        return f"<!doctype html><title>BANG!</title><h1>{escape(template)}</h1>{body}", status


ANOTHER_PHONE = msg("This seat is on another phone. The host can move it here: on the "
                    "laptop they choose the player's seat, then \"Move to a new phone\"; you "
                    "scan the new code with this phone.")


def said(message) -> str:
    """A message as a sentence in the language of the current request (a server page)."""
    return i18n.sentence(message, i18n.current()) if message else ""


def problem_page(p: Problem, status: int, title: dict | None = None,
                 extra: dict | None = None) -> Response:
    """The error as JSON (a message the page's script words) or as the error page, worded
    in the request's language."""
    if request.is_json or request.accept_mimetypes.best == "application/json":
        return make_response(jsonify({"ok": False, "error": p.to_dict()}), status)
    return make_response(page("error.html", status,
                              title=said(title or msg("That did not work")),
                              message=said(p.say), extra=said(extra), code=p.code))


def creator_address() -> str:
    """The address a new table counts against (companion/limits.py): the peer's, or
    with PROXIES set, the client's as the proxies put it in X-Forwarded-For."""
    if (not current_app.config["PROXIES"] and "X-Forwarded-For" in request.headers
            and not current_app.config.get("_WARNED_PROXIES")):
        current_app.config["_WARNED_PROXIES"] = True
        log.warning("requests carry X-Forwarded-For but PROXIES (BANG_PROXIES) is 0: new "
                    "tables are counted by the proxy's address, shared by every client "
                    "(docs/deploy.md)")
    return request.remote_addr or ""


def room_for_a_table() -> None:
    """Abort with 429 too_many_tables when the request's address opened its share of
    tables lately, with 503 server_full when this process already runs its limit."""
    c = current_app.extensions["companion"]
    wait = c.limits.new_table(creator_address()) if c.limits is not None else 0
    if wait:
        minutes = max(1, math.ceil(wait / 60))
        resp = problem_page(Problem("too_many_tables", plural(
            "This address has opened many tables in a short time: wait {n} minute before "
            "opening another.", "This address has opened many tables in a short time: wait "
            "{n} minutes before opening another.", minutes)), 429)
        resp.headers["Retry-After"] = str(math.ceil(wait))
        abort(resp)
    if c.limits is not None and tables_in_use(c.tables, c.hub) >= c.limits.max_tables:
        resp = problem_page(Problem("server_full", msg("This server already runs as many "
                                                       "tables as it can serve; try again "
                                                       "later.")), 503)
        resp.headers["Retry-After"] = "60"
        abort(resp)


def table_or_404(table_id: str, closed_ok: bool = False):
    """The table, or the error page: 404 (no such table), 410 (closed for want of use,
    companion/expiry.py; `closed_ok`: the closed table itself, for its host)."""
    tables, _ = _parts()
    try:
        return tables.get(table_id, closed_ok=closed_ok)
    except Problem as p:
        abort(problem_page(p, 410 if p.code == "table_closed" else 404))


def closed_page(table):
    """What the host screen's address shows once its table is closed: why, and the
    record of its last game to download while it is kept."""
    config = current_app.config
    hours = max(1, round(config["TABLE_IDLE_HOURS"]))
    days = math.ceil((table.closed_at + config["CLOSED_TABLE_DAYS"] * 86400 - time.time())
                     / 86400)
    if table.header is None:
        extra = msg("No game had been dealt at it, so there is no record to download.")
    else:
        extra = plural("The record of its last game can still be downloaded for {n} day.",
                       "The record of its last game can still be downloaded for {n} days.",
                       max(1, days))
    return make_response(page(
        "error.html", 410, title=said(msg("This table is closed")), code="table_closed",
        message=said(plural("Nobody made a move at it or had it open for {n} hour, so it "
                            "was closed.", "Nobody made a move at it or had it open for {n} "
                            "hours, so it was closed.", hours)),
        extra=said(extra),
        download=(f"/host/{table.id}/export.json" if table.header is not None else None),
        download_label=said(msg("Download the record"))))


def host_only(table) -> None:
    if not table.is_host(request.cookies.get(f"host_{table.id}")):
        abort(problem_page(Problem("not_host"), 403))


@bp.before_app_request
def same_origin_posts():
    """Refuse a form posted from another site (a join or a table made behind a
    player's back). Browsers send Origin on every cross-site POST; `null` (a sandboxed
    frame, a data: page) is refused too (companion.origins)."""
    if request.method == "POST":
        origins = current_app.extensions["companion"].origins
        if not origins.same_origin(request.headers.get("Origin"), request.host):
            abort(problem_page(Problem("bad_origin"), 403))


@bp.after_app_request
def headers(resp: Response) -> Response:
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    resp.headers.setdefault("X-Frame-Options", "DENY")
    resp.headers.setdefault("Referrer-Policy", "same-origin")
    return resp


@bp.app_errorhandler(500)
def server_error(e):
    return problem_page(Problem("internal"), 500)


@bp.app_errorhandler(413)
def too_large(e):
    return problem_page(Problem("bad_request", msg("That file is too large: a game record "
                                                   "is a small JSON file (64 KB at most).")),
                        413)


@bp.get("/")
def index():
    return page("index.html")


@bp.post("/tables")
def create_table():
    tables, _ = _parts()
    room_for_a_table()
    try:
        table, secret = tables.create(request.form.get("ruleset", "base"),
                                      request.form.get("mode", "tracker"))
    except Problem as p:
        return problem_page(p, 400)
    resp = redirect(f"/host/{table.id}", 303)
    resp.set_cookie(f"host_{table.id}", secret, httponly=True, samesite="Lax",
                    max_age=HOST_COOKIE_AGE)
    return resp


@bp.post("/tables/from-record")
def create_from_record():
    """Start a table from an uploaded record (form file `record`, or the JSON body)."""
    tables, _ = _parts()
    room_for_a_table()
    upload = request.files.get("record")
    text = upload.read() if upload else request.get_data()
    try:
        if not text:
            raise Problem("bad_record", msg("Choose a record file (.json) first."))
        table, secret = tables.create_from_record(text)
    except Problem as p:
        if request.is_json:
            return jsonify({"ok": False, "error": p.to_dict()}), 400
        return page("index.html", 400, record_error=said(p.say))
    resp = redirect(f"/host/{table.id}", 303)
    resp.set_cookie(f"host_{table.id}", secret, httponly=True, samesite="Lax",
                    max_age=HOST_COOKIE_AGE)
    return resp


@bp.get("/host/<table_id>")
def host_page(table_id):
    table = table_or_404(table_id, closed_ok=True)
    host_only(table)
    if table.closed_at is not None:
        return closed_page(table)
    _, hub = _parts()
    return page("host.html", table_id=table.id, join_url=hub.join_url(table.id),
                ruleset=table.ruleset, mode=table.mode)


@bp.get("/host/<table_id>/qr.svg")
def join_qr(table_id):
    table = table_or_404(table_id)
    _, hub = _parts()
    return Response(qr_svg(hub.join_url(table.id)), mimetype="image/svg+xml")


@bp.get("/host/<table_id>/export.json")
def export(table_id):
    table = table_or_404(table_id, closed_ok=True)      # kept for its host a while
    host_only(table)
    with table.lock:
        table.sync(closed_ok=True)
        if table.header is None:
            return problem_page(Problem("wrong_status", msg("No game has been dealt yet.")),
                                409)
        if table.phase == "over":
            record = engine.export_record(table.header, table.live_moves())
        else:   # the host screen is in everybody's sight: the living roles stay hidden
            record = engine.public_record(table.header, table.live_moves(), table.state)
    resp = Response(json.dumps(record, ensure_ascii=False, indent=1),
                    mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="bang-{table.id}-game{table.game}.json"'
    return resp


@bp.get("/join")
def join_any():
    """The terminal's QR code: straight to the one table waiting for players."""
    tables, _ = _parts()
    waiting = [t for t in tables.all() if t.status == "lobby"]
    if len(waiting) == 1:
        return redirect(f"/t/{waiting[0].id}", 303)
    return page("tables.html", tables=[{"id": t.id, "players": len(t.lobby)} for t in waiting])


@bp.get("/t/<table_id>")
def join_page(table_id):
    table = table_or_404(table_id)
    return page("join.html", table_id=table.id)


@bp.post("/t/<table_id>/join")
def join(table_id):
    table = table_or_404(table_id)
    _, hub = _parts()
    data = request.get_json(silent=True) if request.is_json else request.form
    name = data.get("name") if isinstance(data, dict) or hasattr(data, "get") else None
    try:
        entry, token = hub.change(table, lambda: table.join(name))
    except Problem as p:
        if request.is_json:
            return jsonify({"ok": False, "error": p.to_dict()}), 400
        return page("join.html", 400, table_id=table.id, name=name or "", error=said(p.say))
    url = f"/p/{table.id}#{token}"
    if request.is_json:
        resp = jsonify({"ok": True, "token": token, "lobby_id": entry["id"], "url": url})
    else:
        resp = redirect(url, 303)
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/t/<table_id>/claim/<code>")
def claim(table_id, code):
    table = table_or_404(table_id)
    _, hub = _parts()
    try:
        def claim_it():
            entry, token, old = table.claim(code)
            sockets.claimed(hub, table, entry, old)      # the seat's old phones: out
            return entry, token
        entry, token = hub.change(table, claim_it)
    except Problem as p:      # most often a code already used: the seat is on another phone
        return problem_page(p, 404, title=msg("This seat link was used already"),
                            extra=ANOTHER_PHONE if p.code == "bad_token" else None)
    resp = redirect(f"/p/{table.id}#{token}", 303)
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/p/<table_id>")
def phone_page(table_id):
    table = table_or_404(table_id)
    return page("phone.html", table_id=table.id, ruleset=table.ruleset, mode=table.mode)


@bp.get("/p/<table_id>/seat")
def first_view(table_id):
    """A seat's first view over HTTP (static/js/link.js): the phone page asks for it as
    soon as it starts, with the token of its address in the `X-Seat-Token` header (never
    in a URL), and shows the seat from it while its socket connects. The same snapshot
    as the socket's first message, in the request's language; never cached. A bad or
    moved token: 403 with the error (the socket then says it to the player)."""
    _, hub = _parts()
    table = table_or_404(table_id)
    try:
        with table.lock:
            table.sync()
            entry = table.entry_for_token(request.headers.get("X-Seat-Token"))
            resp = jsonify(hub.seat_view(table, entry, i18n.current()))
    except Problem as p:
        resp = make_response(jsonify({"ok": False, "error": p.to_dict()}), 403)
    resp.headers["Cache-Control"] = "no-store"
    return resp


@functools.cache
def rule_groups() -> list[dict]:
    """The engine's rules reference, grouped as the rules page shows it."""
    book, anchor = engine.BOOK, engine.rulebook.anchor

    def ref(rid: str) -> dict:
        return {"id": rid, "anchor": anchor(rid), "title": book.entries[rid]["title"]}
    groups = []
    for title, prefix in book.groups:
        rules = [dict(book.rule(rid), anchor=anchor(rid),
                      see=[ref(s) for s in book.entries[rid]["see"] if s in book.entries])
                 for rid in book.entries if book.group_of(rid) == prefix]
        if rules:
            groups.append({"title": title, "rules": rules})
    return groups


@bp.get("/rules")
def rules():
    return page("rules.html", groups=rule_groups())


@bp.get("/healthz")
def healthz():
    return Response("ok", mimetype="text/plain")


@bp.get("/metrics")
def metrics():
    """This process's figures for a host (companion/metrics.py, docs/deploy.md)."""
    return Response(figures.text(current_app.extensions["companion"],
                                 current_app.extensions["socketio"].server.async_mode),
                    mimetype="text/plain")
