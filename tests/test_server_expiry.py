"""Tables expire and cannot be hoarded (companion/expiry.py, companion/limits.py): a
table with no change and no socket for the idle time is closed, in every process that
shares its database; its slot is free and its host can still download its record for a
while; and one address opening table after table never stops another from opening one."""
from __future__ import annotations

import html
import http.client
import json
import sqlite3
import threading
import time

import pytest

from companion import create_app, i18n, wsgi
from companion.limits import tables_in_use
from companion.storage import SqliteStorage
from engine.say import plural
from helpers import NAMES, TableHelper, until

HOUR = 3600.0


def _parts(app):
    return app.extensions["companion"]


def _played(app) -> TableHelper:
    t = TableHelper(app).seat(NAMES[:4])
    t.deal()
    assert t.emit("Ann", "move", {"set": {"life": 3}})["ok"]
    return t


def _leave(t: TableHelper) -> None:
    for c in [t.host, *t.phones.values()]:
        c.disconnect()


def test_an_unused_table_closes_frees_its_slot_and_stays_exportable_a_while(app):
    t = _played(app)
    c = _parts(app)
    now = time.time()
    assert c.expiry.sweep(now + 23 * HOUR) == []            # sockets on it: in use
    _leave(t)
    assert c.expiry.sweep(now + 23 * HOUR) == []             # stamped 23 h on: not yet
    in_use = tables_in_use(c.tables, c.hub, now)
    assert c.expiry.sweep(now + 48 * HOUR) == [t.id]
    assert t.id not in [x.id for x in c.tables.all()]
    assert tables_in_use(c.tables, c.hub, now) == in_use - 1
    assert c.expiry.sweep(now + 49 * HOUR) == []              # closed once
    # players and their phones are told, in a sentence
    r = app.test_client().get(f"/t/{t.id}")
    assert r.status_code == 410 and 'data-code="table_closed"' in r.get_data(as_text=True)
    phone = app.extensions["socketio"].test_client(app, auth={"table": t.id,
                                                              "token": t.tokens["Ann"]})
    assert not phone.is_connected()
    # its host reads why at the host screen's own address, and downloads the record
    page = t.http.get(f"/host/{t.id}")
    text = html.unescape(page.get_data(as_text=True))
    assert page.status_code == 410 and f"/host/{t.id}/export.json" in text
    assert "so it was closed" in text and "can still be downloaded for 32 days" in text
    record = t.http.get(f"/host/{t.id}/export.json")
    assert record.status_code == 200 and len(record.get_json()["moves"]) == 1
    assert app.test_client().get(f"/host/{t.id}/export.json").status_code == 403
    # ... until the record's time is up: then the table is gone with its log
    c.expiry.sweep(now + 48 * HOUR + 31 * 24 * HOUR)
    assert t.http.get(f"/host/{t.id}/export.json").status_code == 404
    assert c.storage.moves(t.id, 1) == []


def test_a_connected_screen_keeps_a_table_open(app):
    t = TableHelper(app)            # the host screen stays connected
    c = _parts(app)
    now = time.time()
    for hours in (25, 50, 75):
        assert c.expiry.sweep(now + hours * HOUR) == []
    assert t.id in [x.id for x in c.tables.all()]
    t.join("Ann")                                             # still open: players join
    t.host.disconnect()
    assert c.expiry.sweep(now + 100 * HOUR) == [t.id]        # the screen gone: it closes


def test_the_sweeper_stops_quietly_once_the_database_is_closed(tmp_path, caplog):
    """A server closing its database (at shutdown, or a test's end) ends the sweeper for
    unused tables: no 'sweep failed' warning with a traceback on every round after."""
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "TESTING": True,
                      "TABLE_IDLE_HOURS": 0.0001})          # a sweep every 0.2 s
    expiry = _parts(app).expiry
    # this app's sweeper only: another test's app may still have its own one asleep
    sweepers = lambda: {t for t in threading.enumerate()  # noqa: E731
                        if t.name == "table-expiry" and t.is_alive()}
    others = sweepers()
    expiry.start()
    until(lambda: sweepers() - others, what="the sweeper to start")
    _parts(app).storage.close()
    until(lambda: not sweepers() - others, what="the sweeper to stop")
    assert not [r for r in caplog.records if "sweep" in r.getMessage()]


def test_the_database_decides_across_processes(tmp_path):
    """Two processes on one database: the one that sweeps closes the table, and the
    other, which still holds it, refuses its next move and lets it go."""
    path = str(tmp_path / "shared.sqlite3")
    a, b = (create_app({"DATABASE": path, "TESTING": True, "SHARED": True})
            for _ in range(2))
    t = _played(a)
    _leave(t)
    phone = b.extensions["socketio"].test_client(b, auth={"table": t.id,
                                                          "token": t.tokens["Bob"]})
    assert phone.is_connected()
    now = time.time()
    _parts(b).expiry.sweep(now + 48 * HOUR)       # b stamps the table its socket is on
    assert _parts(a).expiry.sweep(now + 48 * HOUR) == []     # so a leaves it open
    phone.disconnect()
    assert _parts(a).expiry.sweep(now + 96 * HOUR) == [t.id]
    assert _parts(b).tables.get(t.id, closed_ok=True)         # b still holds its copy
    late = b.extensions["socketio"].test_client(b, auth={"table": t.id,
                                                         "token": t.tokens["Bob"]})
    assert not late.is_connected()
    _parts(b).expiry.sweep(now + 96 * HOUR)
    assert t.id not in [x.id for x in _parts(b).tables.all()]
    for app in (a, b):
        _parts(app).storage.close()


def test_a_move_on_a_table_closed_elsewhere_is_refused(tmp_path):
    path = str(tmp_path / "shared.sqlite3")
    a, b = (create_app({"DATABASE": path, "TESTING": True, "SHARED": True})
            for _ in range(2))
    t = _played(b)                      # b holds the table and a phone of it
    closed = _parts(a).storage.close_idle(time.time() + 1, time.time())   # a closes it
    assert closed == [t.id]
    ack = t.emit("Ann", "move", {"set": {"life": 2}})
    assert not ack["ok"] and ack["error"]["code"] == "table_closed", ack
    assert len(_parts(a).storage.moves(t.id, 1)) == 1          # nothing more was written
    for app in (a, b):
        _parts(app).storage.close()


def test_an_older_database_gets_the_new_columns(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, host_hash TEXT NOT NULL, status TEXT NOT NULL,
          ruleset TEXT NOT NULL, mode TEXT NOT NULL, lobby_json TEXT NOT NULL,
          game INTEGER NOT NULL, header_json TEXT, version INTEGER NOT NULL,
          created_at REAL NOT NULL);
        CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables(id), game INTEGER NOT NULL,
          seq INTEGER NOT NULL, at REAL NOT NULL, move_json TEXT NOT NULL,
          undone INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, game, seq));
        INSERT INTO tables VALUES ('old1', 'h', 'playing', 'base', 'tracker', '[]', 1, NULL, 2, 10.0);
        INSERT INTO moves VALUES ('old1', 1, 1, 500.0, '{}', 0);
        INSERT INTO tables VALUES ('old2', 'h', 'lobby', 'base', 'tracker', '[]', 0, NULL, 1, 20.0);
    """)
    db.close()
    st = SqliteStorage(path)
    rows = {r["id"]: r for r in st.load_all()}
    assert rows["old1"]["active_at"] == 500.0 and rows["old2"]["active_at"] == 20.0
    assert rows["old1"]["closed_at"] is None
    assert st.close_idle(100.0, 1000.0) == ["old2"]
    st.close()
    assert [r["id"] for r in SqliteStorage(path).load_all()] == ["old1"]   # opened again


def _post(port: int, source: str, lang: str = "en", headers=None):
    """POST /tables from the loopback address `source` (127.0.0.x): a real client address."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                      source_address=(source, 0))
    conn.request("POST", "/tables", body="mode=tracker", headers={
        "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": lang,
        **(headers or {})})
    r = conn.getresponse()
    out = (r.status, r.getheader("Retry-After"), r.read().decode())
    conn.close()
    return out


def _wait_words(minutes: int, lang: str) -> str:
    return i18n.sentence(plural(
        "This address has opened many tables in a short time: wait {n} minute before "
        "opening another.", "This address has opened many tables in a short time: wait "
        "{n} minutes before opening another.", minutes), lang)


@pytest.fixture
def server(serve):
    return serve("--quiet", "--table-idle-hours", "0.0005")


@pytest.mark.slow
def test_a_flood_from_one_address_does_not_stop_another_host(server):
    statuses = [_post(server.port, "127.0.0.2")[0] for _ in range(40)]
    assert statuses[:10] == [303] * 10 and set(statuses[10:]) == {429}, statuses
    # a forwarded header is not believed: the server was not told of a proxy
    spoofed = _post(server.port, "127.0.0.2", headers={"X-Forwarded-For": "198.51.100.9"})
    assert spoofed[0] == 429
    assert _post(server.port, "127.0.0.3")[0] == 303        # another host opens a table
    status, retry, page = _post(server.port, "127.0.0.2")
    assert status == 429 and 60 <= int(retry) <= 180, retry
    text = html.unescape(page)
    assert 'data-code="too_many_tables"' in text and _wait_words(3, "en") in text
    for lang in ("hu", "ru"):
        status, _, page = _post(server.port, "127.0.0.2", lang)
        words = _wait_words(3, lang)
        assert status == 429 and words != _wait_words(3, "en") and words in html.unescape(page)


@pytest.mark.slow
def test_the_live_server_closes_an_unused_table_by_itself(server):
    table_id, session = server.new_table()
    assert session.get(f"{server.url}/t/{table_id}").status_code == 200
    until(lambda: session.get(f"{server.url}/t/{table_id}").status_code == 410, 60,
          "the unused table to be closed (idle for 1.8 s)", every=0.3)
    host = session.get(f"{server.url}/host/{table_id}")
    assert host.status_code == 410 and "table_closed" in host.text
    assert "Traceback" not in "".join(server.output)


def test_wsgi_reads_the_expiry_and_creation_settings():
    config = wsgi.config_from_env({"BANG_TABLE_IDLE_HOURS": "6", "BANG_CLOSED_TABLE_DAYS": "7.5",
                                   "BANG_TABLES_PER_HOUR": "40", "BANG_PROXIES": "1"})
    assert (config["TABLE_IDLE_HOURS"], config["CLOSED_TABLE_DAYS"], config["TABLES_PER_HOUR"],
            config["PROXIES"]) == (6.0, 7.5, 40, 1)
    for var, bad in [("BANG_TABLE_IDLE_HOURS", "-1"), ("BANG_CLOSED_TABLE_DAYS", "soon"),
                     ("BANG_PROXIES", "one"), ("BANG_TABLES_PER_HOUR", "0")]:
        with pytest.raises(SystemExit, match=var):
            wsgi.config_from_env({var: bad})


def test_serve_refuses_settings_out_of_range():
    from companion import cli
    assert cli.parse(["serve", "--table-idle-hours", "0"]).table_idle_hours == 0
    for args in (["--table-idle-hours", "-1"], ["--tables-per-hour", "0"]):
        with pytest.raises(SystemExit):
            cli.parse(["serve", *args])
