"""The BANG! table companion's server: Flask + Flask-SocketIO around the engine.

    app = create_app({"DATA_DIR": "data"})
    socketio = app.extensions["socketio"]
    socketio.run(app, ...)          # see companion.cli

Config keys (besides Flask's own):

    DATA_DIR      directory of the SQLite file (companion.sqlite3); None: DATABASE
    DATABASE      an explicit SQLite path, ":memory:" (the default without DATA_DIR), or
                  a URL: postgresql://... (a hosted server) or sqlite:///path
    MESSAGE_QUEUE a Redis URL shared by several server processes ("" : one process)
    SHARED        other processes use the same database (default: a MESSAGE_QUEUE)
    SYNCHRONOUS   what an acknowledged move survives (companion.storage.SqliteStorage):
                  "GROUP" (default: a killed process; a power cut loses at most the
                  last 0.1 s), "FULL" (a power cut too, one fsync a move) or "NORMAL"
    BASE_URL      the URL phones open (http://<lan-ip>:<port>); "" uses the request's
    MAX_TABLES    tables in use at once (200), MAX_SOCKETS sockets (1000): past them a
                  new table or connection is refused, server_full (companion.limits)
    RATE_LIMITS   a socket's events and each address's new tables are rate-limited
                  (companion.limits); default: on, off in a TESTING app unless set
    TABLES_PER_HOUR new tables one address may open in an hour (20; half at once)
    PROXIES       reverse proxies in front that add the client to X-Forwarded-For (0:
                  none, the header is not believed); the address new tables count by
    TABLE_IDLE_HOURS  a table with no change and no socket for this long is closed (24;
                  0: never); CLOSED_TABLE_DAYS its host may still export it (30):
                  companion.expiry (its sweeps run in a thread, not in a TESTING app)
    ALLOWED_HOSTS more names the server answers to (besides its addresses, localhost,
                  its host name and BASE_URL's host: companion.origins)
"""
from __future__ import annotations

import os
import secrets
import sys
from dataclasses import dataclass

from flask import Flask, abort
from flask_socketio import SocketIO
from werkzeug.middleware.proxy_fix import ProxyFix

from . import assets, bundle, i18n, routes, sockets
from .expiry import Expiry
from .origins import HostHeaderCheck, Origins
from .hub import Hub
from .limits import Limits
from .paths import ROOT, folder  # noqa: F401  (companion.ROOT, companion.folder)
from .presence import SharedPresence
from .relay import Relay, manager
from .pgstorage import PostgresStorage
from .storage import SqliteStorage
from .tables import Tables
from .seams import engineio as engineio_seam, simple_websocket
from .seams.socketio import Rooms
from .wire import (MESSAGE_MAX, PING_INTERVAL, PING_TIMEOUT, JsonPacket, SafeJson,
                   SafeJsonProvider, library_logger)

@dataclass
class Companion:
    """What the routes and handlers share, kept in `app.extensions["companion"]`."""
    tables: Tables
    hub: Hub
    storage: SqliteStorage          # or pgstorage.PostgresStorage: the same calls
    origins: Origins | None = None
    limits: Limits | None = None
    expiry: Expiry | None = None      # None: tables never close


def open_storage(url: str, synchronous: str = "GROUP"):
    """The storage a `--database` URL names: `postgresql://...` (needs the `hosted`
    extra), `sqlite:///path`, or a plain path (SQLite)."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(url)
    if url.startswith("sqlite://"):
        url = url[len("sqlite://"):]
        url = url[1:] if url.startswith("/") and not url.startswith("//") else url
    if "://" in url:
        raise ValueError("--database takes postgresql://..., sqlite:///path or a path")
    return SqliteStorage(url, synchronous)


def queue_options(url: str | None) -> dict:
    """SocketIO's client manager: a message queue between processes, or one process's
    (companion/seams/socketio.py: either keeps its rooms under a lock)."""
    if not url:
        return {"client_manager": Rooms()}  # its rooms under a lock (threads)
    return {"client_manager": manager(url)}


def async_mode() -> str:
    """How this process serves its sockets: "gevent" when gevent has patched it (gunicorn's
    gevent worker, docs/deploy.md: a socket is a greenlet), else "threading" (the laptop
    server, gunicorn's gthread worker: two threads a socket)."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("socket"):
        return "gevent"
    return "threading"


SOCKET_PATH = "/socket.io"      # Flask-SocketIO's (its `path`, left at its default)


def _socket_path():
    abort(404)      # Flask never gets this path: the Socket.IO middleware answers it


def create_app(test_config: dict | None = None) -> Flask:
    """A new application with its own SocketIO server, storage and tables."""
    app = Flask(__name__, template_folder=folder("templates"),
                static_folder=folder("static"), static_url_path="/static")
    app.config.from_mapping(SECRET_KEY=secrets.token_hex(32), DATA_DIR=None,
                            DATABASE=":memory:", SYNCHRONOUS="GROUP", BASE_URL="",
                            MESSAGE_QUEUE="", ALLOWED_HOSTS=(), MAX_TABLES=200,
                            MAX_SOCKETS=1000, TABLES_PER_HOUR=20, PROXIES=0,
                            TABLE_IDLE_HOURS=24.0, CLOSED_TABLE_DAYS=30.0,
                            MAX_CONTENT_LENGTH=MESSAGE_MAX)
    app.json = SafeJsonProvider(app)
    if test_config:
        app.config.update(test_config)
    bundle.init_app(app, assets.init_app(app))   # static files compressed, versioned,
                                                 # preloaded; each page's modules in one file
    i18n.init_app(app)          # the request's language, `_` in templates
    queue = app.config["MESSAGE_QUEUE"] or None
    shared = app.config.get("SHARED", bool(queue))
    if app.config["DATA_DIR"] and "://" not in app.config["DATABASE"]:
        app.config["DATABASE"] = os.path.join(app.config["DATA_DIR"], "companion.sqlite3")

    origins = Origins(app.config["BASE_URL"], app.config["ALLOWED_HOSTS"])
    socketio = SocketIO(app, async_mode=app.config.get("ASYNC_MODE") or async_mode(),
                        logger=library_logger("socketio"),
                        engineio_logger=library_logger("engineio"),
                        cors_allowed_origins=lambda origin, environ=None: origins.same_origin(
                            origin, (environ or {}).get("HTTP_HOST", "")),
                        # a ping every 25 s, Engine.IO's own default: a dead phone shows
                        # as gone after 45 s (25 + 20), and 350 sockets cost 14 pings a
                        # second rather than 35 (docs/benchmarks.md, issue 31)
                        max_http_buffer_size=MESSAGE_MAX, ping_interval=PING_INTERVAL,
                        ping_timeout=PING_TIMEOUT,
                        serializer=JsonPacket, json=SafeJson, **queue_options(queue),
                        # a socket's events are handled one after the other in its own
                        # thread: a client that floods only slows itself down (True
                        # would start a thread per message)
                        async_handlers=False)
    # the bounded WebSocket (companion.seams.simple_websocket) for the WebSocket
    # transport, one thread for every socket's pings, and a WebSocket's writer thread
    # only once something waits for it (companion.seams.engineio)
    engineio_seam.use_websocket(socketio.server.eio, simple_websocket.WebSocket)
    engineio_seam.install_pings(socketio.server.eio)
    engineio_seam.install_lazy_writers(socketio.server.eio)
    if app.config["PROXIES"]:       # the client's address as the proxies say (not Host)
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=int(app.config["PROXIES"]), x_proto=0,
                                x_host=0, x_port=0, x_prefix=0)
    app.wsgi_app = HostHeaderCheck(app.wsgi_app, origins)      # outermost: the sockets' too
    storage = open_storage(app.config["DATABASE"], app.config["SYNCHRONOUS"])
    tables = Tables(storage, shared=shared)
    presence = None
    if queue:
        presence = SharedPresence(queue)
    relay = None
    if queue:
        relay = Relay(socketio.server.manager)
    hub = Hub(socketio, app.config["BASE_URL"], presence, relay,
              check=app.config.get("CHECK_PATCHES", app.config.get("TESTING", False)))
    limits = Limits(max_tables=app.config["MAX_TABLES"], max_sockets=app.config["MAX_SOCKETS"],
                    tables_per_hour=app.config["TABLES_PER_HOUR"])
    if not app.config.get("RATE_LIMITS", not app.config.get("TESTING")):
        # tests that play whole games through the server at machine speed
        limits.change_rate = limits.read_rate = limits.change_burst = 1e9
        limits.read_burst = limits.tables_per_hour = 1e9
    expiry = None
    if app.config["TABLE_IDLE_HOURS"]:
        expiry = Expiry(tables, hub, storage, app.config["TABLE_IDLE_HOURS"],
                        app.config["CLOSED_TABLE_DAYS"])
        if not app.config.get("TESTING"):
            expiry.start()
    app.extensions["companion"] = Companion(tables, hub, storage, origins, limits, expiry)

    app.register_blueprint(routes.bp)
    # Flask-SocketIO runs each socket event in a request context of its connection's
    # URL, /socket.io/, which no route matched: every event raised a NotFound while
    # routing, kept on the request with its traceback, and that made the event's whole
    # context (request, environ, frames) a cycle only the cyclic garbage collector freed,
    # 60 objects an event. A rule of that path ends it; it is never served (the
    # Socket.IO middleware answers the path before Flask; docs/benchmarks.md, issue 31)
    for path in (SOCKET_PATH, SOCKET_PATH + "/"):
        for websocket in (False, True):     # polling requests, and WebSocket upgrades
            app.add_url_rule(path, "socket_io", _socket_path, websocket=websocket)
    sockets.register(socketio, tables, hub, limits)
    return app
