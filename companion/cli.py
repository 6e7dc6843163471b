"""`bang-companion`: serve the table companion, or check game records.

    bang-companion serve [--host 0.0.0.0] [--port 5000] [--data DIR] [--public-url URL]
                         [--max-tables 200] [--max-sockets 1000] [--table-idle-hours 24]
                         [--tables-per-hour 20] [--async threads|gevent]
                         [--database URL] [--message-queue URL]
    bang-companion check FILE...
"""
from __future__ import annotations

import argparse
import importlib
import logging
import os
import socket
import sys

from werkzeug.serving import make_server

from . import checker, create_app, net, pauses, qr
from .seams import glibc
from .seams.werkzeug import RequestHandler, scrub


def at_least_one(raw: str) -> int:
    """A whole number of at least 1."""
    if not (raw.isdigit() and int(raw) >= 1):
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {raw!r}")
    return int(raw)


def at_least_zero(raw: str) -> float:
    """A number of hours of at least 0 (argparse says so otherwise)."""
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"a number of at least 0, not {raw!r}")
    return value


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="bang-companion",
                                 description="The BANG! table companion.")
    sub = ap.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the server for phones and the host screen")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (0.0.0.0)")
    serve.add_argument("--port", type=int, default=5000, help="port (5000)")
    serve.add_argument("--data", default="data", help="directory of the SQLite file (data)")
    serve.add_argument("--public-url", default=None,
                       help="the URL phones open, when the LAN address guess is wrong")
    serve.add_argument("--database", default=None, metavar="URL",
                       help="postgresql://... for a hosted server (or sqlite:///path); "
                            "default: the SQLite file in --data")
    serve.add_argument("--message-queue", default="", metavar="URL",
                       help="redis://... shared by several server processes "
                            "(docs/deploy.md)")
    serve.add_argument("--max-tables", type=int, default=200,
                       help="tables in use at once; past it a new table is refused (200)")
    serve.add_argument("--max-sockets", type=int, default=1000,
                       help="phones and screens connected at once; past it a new one is "
                       "refused (1000)")
    serve.add_argument("--table-idle-hours", type=at_least_zero, default=24.0,
                       help="close a table with no move and no phone or screen for this "
                       "long (24; 0: never; docs/deploy.md)")
    serve.add_argument("--tables-per-hour", type=at_least_one, default=20,
                       help="new tables one address may open in an hour, half at once (20)")
    serve.add_argument("--quiet", action="store_true", help="no request log lines")
    serve.add_argument("--async", dest="async_mode", default="threads",
                       choices=["threads", "gevent"],
                       help="threads: Werkzeug, two threads a socket (the default); gevent: "
                       "gevent's server, one thread (docs/benchmarks.md)")
    check = sub.add_parser("check", help="replay game records and check their expectations")
    check.add_argument("paths", nargs="+", metavar="FILE")
    return ap.parse_args(argv)


def serve(args: argparse.Namespace) -> int:
    base = net.base_url(args.host, args.port, args.public_url)
    config = {"DATA_DIR": os.path.abspath(args.data), "BASE_URL": base,
              "MESSAGE_QUEUE": args.message_queue, "MAX_TABLES": args.max_tables,
              "MAX_SOCKETS": args.max_sockets, "TABLE_IDLE_HOURS": args.table_idle_hours,
              "TABLES_PER_HOUR": args.tables_per_hour}
    if args.database:
        config.update(DATA_DIR=None, DATABASE=args.database)
    app = create_app(config)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.quiet:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app.extensions["bundles"].warm()        # the pages' bundles now, not at the first phone
    n = len(app.extensions["companion"].tables.all())
    where = app.config["DATABASE"]
    if "://" in where:                 # no password on the terminal
        where = where.split("://", 1)[0] + "://" + where.rsplit("@", 1)[-1]
    print(f"BANG! table companion: {n} table(s) loaded from {where}")
    print(f"Host screen (open on this laptop): {base}/")
    print(f"Phones join at: {base}/join")
    if args.host in ("0.0.0.0", "", "::") and not args.public_url:
        found = net.candidates()
        others = [a for a in found if f"//{a}:" not in base]
        if not found:
            print("WARNING: no local network address found, so phones cannot reach this "
                  "laptop. Join a Wi-Fi network and restart, or pass --public-url.")
        if others:
            print("Other addresses of this machine: " + ", ".join(others)
                  + "  (use --public-url if phones cannot reach the one above)")
    print(qr.ascii_art(f"{base}/join", tty=sys.stdout.isatty()), flush=True)
    glibc.fewer_malloc_arenas()
    pauses.tune()       # fewer and shorter garbage-collection pauses (companion/pauses.py)
    if args.async_mode == "gevent":
        return serve_gevent(app, args)
    # Werkzeug's threaded server, started directly rather than through Flask's `run`:
    # the companion says itself what it is (run_simple would print a warning meant
    # for Flask's debugging server). docs/deploy.md gives the hosted set-up.
    server = make_server(args.host, args.port, app, threaded=True,
                         request_handler=RequestHandler)
    return listen(server, f"{args.host}:{server.port}", "one process", server.server_close)


def listen(server, where: str, how: str, close) -> int:
    """Say where the server listens (tests wait for this line), serve until Ctrl-C, close."""
    print(f"A LAN server for the tables in this room, listening on {where} ({how})."
          " Hosting for many tables online: docs/deploy.md. Ctrl-C stops it.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        close()
    return 0


class _Log:
    """gevent's request log lines, scrubbed of claim codes (as the threads' handler does)."""

    def write(self, line: str) -> None:
        sys.stderr.write(scrub(line))


def gevent(module: str):
    """A module of gevent (the hosted extra), imported only by a server started with
    `--async gevent`: a threads server does not carry it (3 MB)."""
    try:
        return importlib.import_module("gevent." + module)
    except ImportError:
        raise SystemExit("--async gevent needs gevent: pip install gevent==26.9.0") from None


def serve_gevent(app, args: argparse.Namespace) -> int:
    """gevent's WSGI server: every connection a greenlet of one thread (the process was
    patched by main()), HTTP/1.1 keep-alive, the WebSocket read by the same bounded driver
    (companion.seams.simple_websocket); past MAX_SOCKETS + MAX_PAGE_LOADS connections a
    new one waits to be accepted."""
    pool, pywsgi = gevent("pool"), gevent("pywsgi")

    class Handler(pywsgi.WSGIHandler):
        def handle(self):
            try:        # as the threads' handler: no 40 ms wait behind a delayed ack
                self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except (OSError, AttributeError):
                pass
            super().handle()

    limit = app.config["MAX_SOCKETS"] + app.config.get("MAX_PAGE_LOADS", 100)
    server = pywsgi.WSGIServer((args.host, args.port), app, spawn=pool.Pool(limit),
                               handler_class=Handler,
                               log=None if args.quiet else _Log())
    return listen(server, f"{args.host}:{args.port}", "one process, gevent", server.stop)


def check(paths: list[str]) -> int:
    return checker.main(paths)          # written by the engine's author


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.command == "check":
        code = check(args.paths)
    else:
        if args.async_mode == "gevent":     # before any thread, lock or socket is made
            gevent("monkey").patch_all()
        elif argv is None:          # this process is the server: not when called as a function
            glibc.small_thread_caches()
        code = serve(args)
    sys.exit(code)


if __name__ == "__main__":
    main()
