"""Strict origins: every request must name the server by an address it serves (no DNS
rebinding), and a browser's Origin must be the server's own (`null` refused)."""
from __future__ import annotations

import json

import pytest
import requests
import websocket

from companion.origins import Origins, hostname

EVIL = "evil.example"


def _record() -> bytes:
    import engine
    return json.dumps(engine.deal(["Ann", "Bob", "Cid", "Dan"], seed=5)).encode()


@pytest.mark.slow
def test_origin_null_is_refused_on_every_post(live_server):
    table_id, _ = live_server.new_table()
    null = {"Origin": "null"}
    u = live_server.url
    posts = [("/tables", {"data": {"mode": "tracker"}}),
             (f"/t/{table_id}/join", {"data": {"name": "Mallory"}}),
             ("/tables/from-record", {"data": _record(),
                                      "headers": {"Content-Type": "application/json"}})]
    for path, kw in posts:
        headers = dict(kw.pop("headers", {}), **null)
        r = requests.post(u + path, headers=headers, allow_redirects=False, **kw)
        assert r.status_code == 403 and "bad_origin" in r.text, (path, r.status_code)
    # the same posts from the server's own pages pass
    own = {"Origin": u}
    assert requests.post(u + "/tables", data={"mode": "tracker"}, headers=own,
                         allow_redirects=False).status_code == 303
    assert requests.post(f"{u}/t/{table_id}/join", data={"name": "Ann"}, headers=own,
                         allow_redirects=False).status_code == 303
    # a WebSocket from Origin null is refused at the handshake
    token = live_server.join(table_id, "Bob")
    with pytest.raises(websocket.WebSocketBadStatusException):
        live_server.raw_connect({"table": table_id, "token": token}, origin="null")


@pytest.mark.slow
def test_dns_rebinding_is_refused(live_server):
    """Host and Origin both evil.example: same-origin to the browser, refused here."""
    table_id, _ = live_server.new_table()
    token = live_server.join(table_id, "Ann")
    u = live_server.url
    rebound = {"Host": f"{EVIL}:{live_server.port}", "Origin": f"http://{EVIL}:{live_server.port}"}
    for method, path, kw in [("post", "/tables", {"data": {"mode": "tracker"}}),
                             ("post", f"/t/{table_id}/join", {"data": {"name": "Mallory"}}),
                             ("post", "/tables/from-record", {"data": _record()}),
                             ("get", "/", {}), ("get", f"/t/{table_id}", {}),
                             ("get", "/socket.io/?EIO=4&transport=polling", {})]:
        r = getattr(requests, method)(u + path, headers=rebound, allow_redirects=False, **kw)
        assert r.status_code == 400 and "bad_host" in r.text, (path, r.status_code)
    with pytest.raises(websocket.WebSocketBadStatusException) as e:
        websocket.create_connection(
            f"ws://127.0.0.1:{live_server.port}/socket.io/?EIO=4&transport=websocket",
            timeout=5, host=f"{EVIL}:{live_server.port}",
            origin=f"http://{EVIL}:{live_server.port}")
    assert e.value.status_code == 400
    # nothing was created or joined
    assert requests.get(f"{u}/t/{table_id}").status_code == 200
    assert live_server.raw_connect({"table": table_id, "token": token},
                                   origin=u)[-1].startswith("40")
    # the loopback names and addresses work
    for host in (f"localhost:{live_server.port}", f"127.0.0.1:{live_server.port}"):
        assert requests.get(u + "/healthz", headers={"Host": host}).text == "ok"


def test_which_hosts_are_served():
    origins = Origins("http://192.0.2.7:5000", extra=["bang.example.org"])
    for ok in ("localhost:5000", "127.0.0.1:5000", "[::1]:5000", "127.0.0.1",
               "192.0.2.7:5000", "bang.example.org", "BANG.example.org:443", "LocalHost"):
        assert origins.allowed(ok), ok
    for bad in ("", EVIL, f"{EVIL}:5000", "203.0.113.9:5000", "localhost.evil.example",
                "192.0.2.7.evil.example", "[::1", "null"):
        assert not origins.allowed(bad), bad
    assert origins.same_origin(None, "localhost:5000")
    assert origins.same_origin("http://localhost:5000", "localhost:5000")
    assert origins.same_origin("http://192.0.2.7:5000", "10.0.0.1:5000")   # the public URL
    assert not origins.same_origin("null", "localhost:5000")
    assert not origins.same_origin("http://evil.example", "localhost:5000")
    assert not origins.same_origin("", "localhost:5000")
    assert hostname("[::1]:80") == "::1" and hostname("Ann.Local:1") == "ann.local"
