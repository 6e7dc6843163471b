"""The application for a production WSGI server (a hosted set-up, docs/deploy.md):

    BANG_DATABASE=postgresql://bang@db/bang BANG_MESSAGE_QUEUE=redis://localhost:6379/0 \\
    BANG_PUBLIC_URL=https://bang.example.org \\
        gunicorn --worker-class gthread --workers 1 --threads 200 companion.wsgi:app

gevent's worker is the one chosen by the figures (docs/deploy.md, "Which worker":
`--worker-class gevent`, the app then runs in gevent mode on one thread, so give each
process its core); gthread, as above, works the same where cores are shared.
One worker per gunicorn (a socket's requests must reach the process that holds it);
more processes are more gunicorns on other ports behind the reverse proxy. Settings
come from the environment: BANG_DATABASE (a URL, or a SQLite path), BANG_MESSAGE_QUEUE,
BANG_PUBLIC_URL (the address phones open; its host is one the server answers to),
BANG_ALLOWED_HOSTS (further host names, comma-separated), and the limits of one process
as `bang-companion serve --max-tables/--max-sockets` sets them: BANG_MAX_TABLES (200)
and BANG_MAX_SOCKETS (1000); BANG_TABLES_PER_HOUR (20: new tables per client address,
`--tables-per-hour`), BANG_PROXIES (0: how many reverse proxies in front add the client
to X-Forwarded-For; behind one nginx, 1), BANG_TABLE_IDLE_HOURS (24, `--table-idle-hours`;
0: never) and BANG_CLOSED_TABLE_DAYS (30: a closed table's record kept for its host).
A limit that is not a number in its range stops the start with a sentence saying so.
"""
from __future__ import annotations

import os

from . import create_app, pauses


LIMITS = {"BANG_MAX_TABLES": "MAX_TABLES", "BANG_MAX_SOCKETS": "MAX_SOCKETS",
          "BANG_TABLES_PER_HOUR": "TABLES_PER_HOUR"}
# whole numbers from 0, and numbers from 0 (hours, days)
COUNTS = {"BANG_PROXIES": "PROXIES"}
AMOUNTS = {"BANG_TABLE_IDLE_HOURS": "TABLE_IDLE_HOURS",
           "BANG_CLOSED_TABLE_DAYS": "CLOSED_TABLE_DAYS"}


def config_from_env(env=os.environ) -> dict:
    config = {"DATABASE": env.get("BANG_DATABASE", "data/companion.sqlite3"),
              "MESSAGE_QUEUE": env.get("BANG_MESSAGE_QUEUE", ""),
              "BASE_URL": env.get("BANG_PUBLIC_URL", "").rstrip("/"),
              "ALLOWED_HOSTS": tuple(h.strip() for h in env.get("BANG_ALLOWED_HOSTS", "")
                                     .split(",") if h.strip())}
    for var, key in LIMITS.items():
        raw = env.get(var, "").strip()
        if raw:
            if not (raw.isdigit() and int(raw) >= 1):
                raise SystemExit(f"{var} must be a whole number of at least 1, not {raw!r}")
            config[key] = int(raw)
    for var, key in COUNTS.items():
        raw = env.get(var, "").strip()
        if raw:
            if not raw.isdigit():
                raise SystemExit(f"{var} must be a whole number of at least 0, not {raw!r}")
            config[key] = int(raw)
    for var, key in AMOUNTS.items():
        raw = env.get(var, "").strip()
        if raw:
            try:
                value = float(raw)
            except ValueError:
                value = -1.0
            if not 0 <= value < float("inf"):
                raise SystemExit(f"{var} must be a number of at least 0, not {raw!r}")
            config[key] = value
    return config


def __getattr__(name: str):
    """`app`, made at its first use (gunicorn's), not at import."""
    global app
    if name != "app":
        raise AttributeError(name)
    app = create_app(config_from_env())
    app.extensions["bundles"].warm()        # the pages' bundles now, not at the first phone
    pauses.tune()                           # fewer garbage-collection pauses (the same)
    return app
