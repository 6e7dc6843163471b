"""The server's small parts: storage, reload, LAN address, QR codes, log scrubbing, CLI."""
from __future__ import annotations

import sqlite3
import types

import pytest

from companion import cli, create_app, net, qr
from companion.seams.werkzeug import scrub
from companion.storage import Behind, SqliteStorage
from helpers import NAMES, TableHelper, english, serving, until


def test_storage_round_trip_and_undo_flag(tmp_path):
    path = str(tmp_path / "s.sqlite3")
    st = SqliteStorage(path)
    row = {"id": "t1", "host_hash": "h", "status": "lobby", "ruleset": "base",
           "mode": "tracker", "lobby": [{"id": "a", "name": "Ann"}], "game": 1,
           "header": {"seats": []}, "version": 1, "created_at": 1.0}
    st.save(row)
    st.save(dict(row, version=2), move={"seq": 1, "at": 2.0, "move": {"by": "Ann", "x": "→"}})
    st.save(dict(row, version=3), move={"seq": 2, "at": 3.0, "move": {"by": "Bob"}})
    st.save(dict(row, version=4), undo=2)
    assert st.load_all()[0]["version"] == 4 and st.load_all()[0]["lobby"][0]["name"] == "Ann"
    assert [(m["seq"], m["undone"]) for m in st.moves("t1", 1)] == [(1, False), (2, True)]
    assert st.moves("t1", 1)[0]["move"] == {"by": "Ann", "x": "→"}
    with pytest.raises(Behind):                       # a seq is never written twice
        st.save(dict(row, version=5), move={"seq": 2, "at": 4.0, "move": {}})
    assert st.load_all()[0]["version"] == 4             # ... and the row did not move
    with pytest.raises(Behind):                       # nor a change made from version 2
        st.save(dict(row, version=3, status="playing"))
    with pytest.raises(Behind):
        st.save(dict(row, version=4), move={"seq": 3, "at": 4.0, "move": {}})
    assert st.load("t1")["status"] == "lobby" and st.version("t1") == 4
    assert len(st.moves("t1", 1)) == 2 and st.load("nope") is None
    st.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_a_new_app_on_the_same_file_rebuilds_every_table(tmp_path):
    config = {"DATABASE": str(tmp_path / "db.sqlite3")}
    app = create_app(config)
    t = TableHelper(app)
    t.seat(NAMES[:5])
    t.deal()
    t.emit("Bob", "move", {"set": {"life": 2}})
    t.emit("host", "host_move", {"set": {"seat": "Cid", "in_play": ["Volcanic"]}})
    t.emit("Dan", "move", {"set": {"life": 1}})
    t.emit("host", "undo")
    before = t.last("host")
    other = TableHelper(app)                   # a second table still in its lobby
    other.join("Zed")
    app.extensions["companion"].storage.close()

    again = create_app(config)
    tables = again.extensions["companion"].tables
    assert {x.id for x in tables.all()} == {t.id, other.id}
    http = again.test_client()
    http.set_cookie(f"host_{t.id}", t.secret)
    host = again.extensions["socketio"].test_client(again, flask_test_client=http,
                                                     auth={"table": t.id})
    snap = english([m["args"][0] for m in host.get_received() if m["name"] == "snapshot"][-1])
    assert snap["view"] == before["view"] and snap["seq"] == before["seq"]
    assert snap["log"] == before["log"]
    phone = again.extensions["socketio"].test_client(again, auth={"table": t.id,
                                                                  "token": t.tokens["Bob"]})
    assert phone.is_connected()
    assert tables.get(other.id).lobby[0]["name"] == "Zed"
    again.extensions["companion"].storage.close()


def test_pages_and_qr(table, app):
    http = table.http
    assert b"<svg" in http.get(f"/host/{table.id}/qr.svg").data
    assert http.get(f"/host/{table.id}").status_code == 200
    assert http.get(f"/t/{table.id}").status_code == 200
    assert http.get(f"/p/{table.id}").status_code == 200
    assert http.get("/").status_code == 200
    r = http.get("/join")
    assert r.status_code == 303 and r.headers["Location"] == f"/t/{table.id}"
    TableHelper(app)
    assert http.get("/join").status_code == 200          # two tables: a list
    assert http.get("/healthz").data == b"ok"
    rules = http.get("/rules")
    assert rules.status_code == 200 and b'id="card-beer"' in rules.data


def test_qr_helpers():
    assert qr.svg("http://10.0.0.2:5000/t/abc").startswith("<svg")
    art = qr.ascii_art("http://10.0.0.2:5000/join")
    assert len(art.splitlines()) > 10 and "█" in art


def test_lan_address_rules(monkeypatch):
    assert not net.usable("127.0.0.1") and not net.usable("169.254.3.4")
    assert not net.usable("0.0.0.0") and not net.usable("nonsense")
    assert net.usable("192.168.1.20") and net.usable("10.1.2.3")
    assert net.base_url("0.0.0.0", 5000, "http://bang.local:80/") == "http://bang.local:80"
    assert net.base_url("127.0.0.1", 5001) == "http://127.0.0.1:5001"
    monkeypatch.setattr(net, "candidates", lambda: ["192.168.1.20"])
    assert net.base_url("0.0.0.0", 5000) == "http://192.168.1.20:5000"
    monkeypatch.setattr(net, "candidates", lambda: [])
    monkeypatch.setattr(net, "_udp_guess", lambda probe: "127.0.0.1")
    assert "localhost" not in net.base_url("0.0.0.0", 5000)
    for addr in net.candidates():
        assert net.usable(addr)


def test_log_lines_lose_claim_codes():
    line = '"GET /t/ab12/claim/Zx9_-aBcDeF0123456789abcdefghijk HTTP/1.1" 303 -'
    assert scrub(line) == '"GET /t/ab12/claim/*** HTTP/1.1" 303 -'


def test_check_subcommand_calls_the_checker(monkeypatch):
    seen = []
    fake = types.ModuleType("companion.checker")
    fake.main = lambda paths: seen.append(paths) or 3
    monkeypatch.setattr(cli, "checker", fake)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["check", "a.json", "b.json"])
    assert exit_.value.code == 3 and seen == [["a.json", "b.json"]]


@pytest.mark.slow
def test_serve_prints_the_url_and_qr_code(live_server):
    until(lambda: "join" in "".join(live_server.output), what="the join line")
    out = "".join(live_server.output)
    assert f"Phones join at: {live_server.url}/join" in out
    assert "█" in out or "▀" in out
    # the companion's own start line, no warning meant for Flask's debugging server
    assert "A LAN server for the tables in this room" in out and "docs/deploy.md" in out
    assert "development server" not in out and "production" not in out
    assert "\x1b[" not in out                       # nothing in colour


@pytest.mark.slow                        # a live server (in this process)
def test_accepted_connections_have_tcp_nodelay():
    import socket

    import requests
    from flask import Flask, request
    app = Flask(__name__)

    @app.get("/nodelay")
    def nodelay():
        sock = request.environ["werkzeug.socket"]
        return str(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    with serving(app) as url:
        assert requests.get(f"{url}/nodelay", timeout=5).text == "1"


def test_the_two_back_ends_share_one_schema_and_import_neither_other():
    """companion/schema.py states the tables and statements once; SQLite's and
    PostgreSQL's modules import it, and neither imports the other at its top."""
    import ast
    import pathlib
    root = pathlib.Path(__file__).resolve().parent.parent / "companion"

    def top_imports(name):
        tree = ast.parse((root / f"{name}.py").read_text())
        return {n.module for n in tree.body if isinstance(n, ast.ImportFrom)}
    assert "schema" in top_imports("storage") and "schema" in top_imports("pgstorage")
    assert "pgstorage" not in top_imports("storage")
    assert "storage" not in top_imports("pgstorage")
    assert "CREATE TABLE" not in (root / "storage.py").read_text()
    assert "CREATE TABLE" not in (root / "pgstorage.py").read_text()
