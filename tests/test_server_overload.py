"""An overloaded server says so: past its limits a new table, socket or connection is
refused with a clear message, while the tables already playing keep every
acknowledgement; a phone that floods is slowed down, then dropped, and the rest of its
table notices nothing."""
from __future__ import annotations

import gc
import json
import socket
import threading

import pytest
import requests
import websocket

from helpers import LiveServer, english, until

pytestmark = pytest.mark.slow      # each test here: `make test-quick` leaves them out

NAMES = ["Ann", "Bob", "Cid", "Dan"]


def _table(server: LiveServer):
    """A dealt tracker table: (id, host cookie, {name: token})."""
    table_id, session = server.new_table()
    tokens = {n: server.join(table_id, n) for n in NAMES}
    cookie = f"host_{table_id}={session.cookies.get(f'host_{table_id}')}"
    return table_id, cookie, tokens


@pytest.fixture
def small_server(serve):
    yield serve("--max-tables", "3", "--max-sockets", "16", "--quiet")
    gc.collect()


# the server closes connections under the clients (that is the point): their sockets
# are collected inside the test that caused it
LEAKY = pytest.mark.filterwarnings("ignore::ResourceWarning",
                                   "ignore::pytest.PytestUnraisableExceptionWarning")


@LEAKY
@pytest.mark.long
def test_past_the_limits_newcomers_are_refused_and_players_keep_every_ack(small_server):
    s = small_server
    tables = [_table(s) for _ in range(3)]
    hosts, phones = [], []
    for table_id, cookie, tokens in tables:
        host = s.client({"table": table_id}, cookie=cookie)
        hosts.append(host)
        phones += [(n, s.client({"table": table_id, "token": t})) for n, t in tokens.items()]
        assert host.call("deal", {})["ok"]
    assert len(hosts) + len(phones) == 15

    # a fourth table is refused, with a sentence, while the three are in use
    r = requests.post(s.url + "/tables", data={"mode": "tracker"}, allow_redirects=False,
                      headers={"Accept": "application/json"})
    assert r.status_code == 503 and r.headers["Retry-After"]
    assert (r.json()["error"]["code"] == "server_full"
            and "tables" in english(r.json()["error"]["message"]))

    # the players play while newcomers knock
    sent, acks, stop = [0], [], threading.Event()
    lock = threading.Lock()

    def play(client):
        k = 0
        while not stop.is_set():
            try:
                ack = client.call("move", {"set": {"in_play": ["Barrel"] if k % 2 else []}})
            except Exception as e:            # a lost ack: counted as a failure below
                ack = {"ok": False, "lost": repr(e)}
            with lock:
                sent[0] += 1
                acks.append(ack)
            k += 1
            stop.wait(0.25)             # a brisk phone: 4 changes a second
    workers = [threading.Thread(target=play, args=(c,)) for _, c in phones]
    for w in workers:
        w.start()
    until(lambda: sent[0] >= len(workers), what="every phone playing")
    second_screen = s.client({"table": tables[0][0]}, cookie=tables[0][1])  # the 16th
    second_screen.wait_for(lambda snap: True)
    # the 17th is refused, with the code (read off a bare WebSocket)
    packets = s.raw_connect({"table": tables[1][0], "token": tables[1][2]["Ann"]})
    assert packets[-1].startswith("44") and json.loads(packets[-1][2:])["data"]["code"] == \
        "server_full"
    # connections that never say anything are capped too (16 sockets + 100 page loads)
    idle = []
    for _ in range(120):
        try:
            idle.append(socket.create_connection(("127.0.0.1", s.port), timeout=2))
        except OSError:
            break

    def full() -> bool:
        try:
            busy = requests.get(s.url + "/healthz", timeout=5)
        except requests.ConnectionError:
            return True                        # refused outright: also a clear "no"
        assert busy.status_code in (200, 503), busy.status_code
        return busy.status_code == 503 and "server_full" in busy.text
    until(full, what="/healthz to say server_full while the idle connections are open")
    for c in idle:
        c.close()
    # the players go on playing through it: 8 changes each at least
    until(lambda: sent[0] >= 12 * 8, 120, "8 changes from each of the 12 phones")
    stop.set()
    for w in workers:
        w.join(timeout=10)
    until(lambda: requests.get(s.url + "/healthz", timeout=5).text == "ok",
          what="/healthz to say ok once the idle connections are closed")
    assert sent[0] >= 12 * 8 and len(acks) == sent[0]
    assert all(a["ok"] for a in acks), [a for a in acks if not a["ok"]][:3]
    # every acknowledged move is in the tables' logs
    total = 0
    for table_id, cookie, _ in tables:
        r = requests.get(f"{s.url}/host/{table_id}/export.json", headers={"Cookie": cookie})
        total += len(r.json()["moves"])
    assert total == sent[0]
    out = "".join(s.output)
    assert "Traceback" not in out
    for c in s.clients:
        c.close()
    gc.collect()


@LEAKY
def test_a_flooding_phone_is_slowed_then_dropped(live_server):
    s = live_server
    table_id, cookie, tokens = _table(s)
    host = s.client({"table": table_id}, cookie=cookie)
    assert host.call("deal", {})["ok"]
    calm = s.client({"table": table_id, "token": tokens["Bob"]})
    calm.wait_for(lambda snap: snap["table"]["status"] == "playing")
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{s.port}/socket.io/?EIO=4&transport=websocket", timeout=5,
        suppress_origin=True)
    ws.recv()
    ws.send("40" + json.dumps({"table": table_id, "token": tokens["Ann"]}))
    while not ws.recv().startswith("40"):
        pass
    before = len(calm.snapshots())
    flood = 600
    try:
        for k in range(flood):
            ws.send(f'42{k}["move",{{"set":{{"in_play":{json.dumps(["Barrel"] if k % 2 else [])}}}}}]')
    except OSError:
        pass                                   # dropped while still sending
    answers, closed = [], False
    ws.settimeout(5)
    try:
        while True:
            p = ws.recv()
            if not p:
                closed = True
                break
            if p.startswith("43"):
                answers.append(json.loads(p[p.index("["):])[0])
    except (websocket.WebSocketConnectionClosedException, OSError):
        closed = True
    except websocket.WebSocketTimeoutException:
        pass
    codes = [a["error"]["code"] if not a["ok"] else "ok" for a in answers]
    accepted = codes.count("ok")
    assert "slow_down" in codes
    assert accepted <= 30, accepted          # the burst, and a few a second
    assert closed, "the flooding socket was not dropped"
    # the calm phone still plays, and saw only the accepted moves of the flood
    for life in (3, 2, 3):
        assert calm.call("move", {"set": {"life": life}})["ok"]
    # every snapshot up to the calm phone's last change has come (they come in order)
    calm.wait_for(lambda snap: snap["table"]["moves"] >= accepted + 3)
    assert len(calm.snapshots()) - before <= accepted + 3 + 4
    assert "Traceback" not in "".join(s.output)
    ws.shutdown()
    for c in (calm, host):
        c.close()
    gc.collect()
