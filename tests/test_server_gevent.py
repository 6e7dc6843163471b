"""`bang-companion serve --async gevent`: the laptop's server on gevent's WSGI server, one
thread (issue 31 item 6, docs/benchmarks.md "Threads or gevent for the laptop"). The
same server as with threads, seen from outside: pages, a table's sockets over WebSocket
and polling, a move and its broadcast, a refused big body, log lines without claim
codes."""
from __future__ import annotations

import pytest
import requests
import socketio

from helpers import close_client, until

pytestmark = pytest.mark.slow


def test_a_table_plays_on_the_gevent_server(serve):
    live = serve("--async", "gevent")
    assert "(one process, gevent)" in "".join(live.output)
    assert requests.get(live.url + "/metrics", timeout=5).text.count('mode="gevent"') == 1
    table_id, session = live.new_table()
    cookie = f"host_{table_id}={session.cookies.get(f'host_{table_id}')}"
    tokens = {name: live.join(table_id, name) for name in ("Ann", "Bob", "Cid", "Dee")}
    host = live.client({"table": table_id}, cookie)
    host.wait_connected()
    assert host.call("deal", {})["ok"]
    ann = live.client({"table": table_id, "token": tokens["Ann"]})
    ann.wait_for(lambda s: s["view"] is not None and s["table"]["status"] == "playing")
    bob, got = socketio.Client(reconnection=False), []       # HTTP long-polling
    bob.on("snapshot", got.append)
    bob.connect(live.url, auth={"table": table_id, "token": tokens["Bob"]},
                transports=["polling"], wait_timeout=5)
    try:
        assert ann.sio.transport() == "websocket" and bob.transport() == "polling"
        def ann_life(snap) -> int:
            return next(p["life"] for p in snap["view"]["seats"] if p["name"] == "Ann")
        life = ann_life(ann.snapshots()[-1])
        assert ann.call("move", {"set": {"life": life - 1}})["ok"]
        until(lambda: any(s.get("view") and ann_life(s) == life - 1 for s in got),
              what="Bob's copy of Ann's move")
    finally:
        close_client(bob)
    # a body past the limit is refused, and the server goes on
    r = requests.post(live.url + "/tables/from-record", data=b"x" * (3 << 20),
                      headers={"Content-Type": "application/json"}, timeout=30)
    assert r.status_code == 413
    assert requests.get(f"{live.url}/p/{table_id}", timeout=5).status_code == 200
    # a claim code never reaches the log
    ack = host.call("reseat", {"seat": "Cid"})
    path = ack["claim_url"].split(str(live.port), 1)[1]
    assert requests.get(live.url + path, allow_redirects=False, timeout=5).status_code == 303
    until(lambda: "/claim/***" in "".join(live.output), what="the claim's log line")
    assert path.rsplit("/", 1)[1] not in "".join(live.output)
