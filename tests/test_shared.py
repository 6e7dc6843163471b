"""Two server processes on one database, without the services: two apps in this process
on one SQLite file, each believing others may write (SHARED). No table has an owner:
each app serves any table, catches up before it acts, and a change that lost the race
to the database is run again on the reloaded table. (tests/test_hosted.py does the
same with PostgreSQL, Redis, nginx and real processes.)
"""
from __future__ import annotations

import pytest

from companion import create_app
from companion.errors import Problem
from companion.storage import Behind
from helpers import NAMES, TableHelper, until


@pytest.fixture
def two(tmp_path):
    path = str(tmp_path / "shared.sqlite3")
    apps = [create_app({"DATABASE": path, "TESTING": True, "SHARED": True})
            for _ in range(2)]
    yield apps
    for a in apps:
        a.extensions["companion"].storage.close()


def phone_on(app, table_id, token):
    c = app.extensions["socketio"].test_client(app, auth={"table": table_id, "token": token})
    assert c.is_connected()
    return c


def last_snapshot(c) -> dict:
    snaps = [m["args"][0] for m in c.get_received() if m["name"] == "snapshot"]
    assert snaps
    return snaps[-1]


def test_a_table_made_in_one_process_is_served_by_the_other(two):
    a, b = two
    t = TableHelper(a)
    tokens = {n: t.join(n) for n in NAMES[:4]}
    for n in NAMES[:2]:
        t.phone(n)
    phones_b = {n: phone_on(b, t.id, tokens[n]) for n in NAMES[2:4]}   # read from storage
    t.deal()
    # a move through b, whose copy is still in the lobby: refused there, b looks at the
    # stored version, reloads, and the move is accepted on the current table
    ack = phones_b["Dan"].emit("move", {"set": {"in_play": ["Barrel"]}}, callback=True)
    assert ack == {"ok": True}, ack
    ack = t.emit("Ann", "move", {"set": {"in_play": ["Mustang"]}})
    assert ack == {"ok": True}, ack
    ta, tb = a.extensions["companion"].tables.get(t.id), b.extensions["companion"].tables.get(t.id)
    with tb.lock:
        tb.sync()
    assert ta.version == tb.version and ta.live_count == tb.live_count == 2
    assert [m["move"] for m in ta.moves] == [m["move"] for m in tb.moves]
    # without a message queue b's phones have only what b sent: Dan's move
    snap = last_snapshot(phones_b["Cid"])
    assert snap["seq"] == tb.version - 1 and snap["table"]["moves"] == 1


def test_a_change_that_lost_the_race_is_run_again_on_the_reloaded_table(two, monkeypatch):
    a, b = two
    t = TableHelper(a)
    for n in NAMES[:4]:
        t.join(n)
    t.deal()
    tb = b.extensions["companion"].tables.get(t.id)
    ta = a.extensions["companion"].tables.get(t.id)
    ta.act(lambda: ta.apply("Ann", {"set": {"in_play": ["Mustang"]}}))
    # b does not look before acting (the race: a wrote between b's look and b's write)
    monkeypatch.setattr(tb, "sync", lambda: False)
    runs = []

    def change():
        runs.append(tb.version)
        return tb.apply("Bob", {"set": {"in_play": ["Barrel"]}})
    tb.act(change)
    assert len(runs) == 2 and runs[1] > runs[0]          # once stale, once reloaded
    assert [m["seq"] for m in tb.moves] == [1, 2]
    st = b.extensions["companion"].storage
    assert [m["move"]["by"] for m in st.moves(t.id, 1)] == ["Ann", "Bob"]
    assert st.version(t.id) == tb.version


def test_a_change_that_keeps_losing_gives_up_cleanly(two, monkeypatch):
    a, _ = two
    t = TableHelper(a)
    ta = a.extensions["companion"].tables.get(t.id)

    def always_behind():
        raise Behind(t.id)
    with pytest.raises(Problem) as p:
        ta.act(always_behind)
    assert p.value.code == "busy"



def test_the_database_url_names_the_storage(tmp_path):
    from companion import open_storage
    from companion.storage import SqliteStorage
    path = tmp_path / "x" / "c.sqlite3"
    st = open_storage(f"sqlite:///{path}")
    assert isinstance(st, SqliteStorage) and path.exists()
    st.close()
    st = open_storage(str(tmp_path / "plain.sqlite3"))
    assert isinstance(st, SqliteStorage)
    st.close()
    with pytest.raises(ValueError):
        open_storage("mysql://somewhere/db")
    app = create_app({"DATABASE": f"sqlite:///{tmp_path / 'app.sqlite3'}",
                      "DATA_DIR": str(tmp_path / "ignored")})
    assert (tmp_path / "app.sqlite3").exists() and not (tmp_path / "ignored").exists()
    app.extensions["companion"].storage.close()


def test_the_wsgi_settings_come_from_the_environment():
    from companion.wsgi import config_from_env
    c = config_from_env({"BANG_DATABASE": "postgresql://bang@db/bang",
                         "BANG_MESSAGE_QUEUE": "redis://q:6379/0",
                         "BANG_PUBLIC_URL": "https://bang.example.org/",
                         "BANG_ALLOWED_HOSTS": "bang.example.org, www.bang.example.org"})
    assert c == {"DATABASE": "postgresql://bang@db/bang", "MESSAGE_QUEUE": "redis://q:6379/0",
                 "BASE_URL": "https://bang.example.org",
                 "ALLOWED_HOSTS": ("bang.example.org", "www.bang.example.org")}
    # the limits of one process, as `serve --max-tables/--max-sockets`
    c = config_from_env({"BANG_MAX_TABLES": "50", "BANG_MAX_SOCKETS": " 400 "})
    assert (c["MAX_TABLES"], c["MAX_SOCKETS"]) == (50, 400)
    assert "MAX_TABLES" not in config_from_env({"BANG_MAX_TABLES": ""})
    for bad in ("0", "-3", "ten", "1.5", "1e3"):
        with pytest.raises(SystemExit, match="BANG_MAX_SOCKETS must be a whole number"):
            config_from_env({"BANG_MAX_SOCKETS": bad})


def test_the_wsgi_limits_reach_the_app(tmp_path):
    from companion import create_app
    from companion.wsgi import config_from_env
    config = config_from_env({"BANG_DATABASE": str(tmp_path / "w.sqlite3"),
                              "BANG_MAX_TABLES": "7", "BANG_MAX_SOCKETS": "9"})
    app = create_app(config)
    limits = app.extensions["companion"].limits
    assert (limits.max_tables, limits.max_sockets) == (7, 9)
    app.extensions["companion"].storage.close()


def test_the_queue_delivers_a_processs_own_room_emits_in_its_order(monkeypatch):
    """A process delivers its emits to a table's rooms when they come back from Redis,
    in the queue's one order with the other processes' (not at once, ahead of an
    earlier move of another process); an emit to one socket goes at once."""
    import json

    import socketio

    from companion.seams.socketio import PlainJson, RedisQueue
    q = RedisQueue("redis://127.0.0.1:1/0")
    delivered = []
    monkeypatch.setattr(socketio.pubsub_manager.PubSubManager, "_handle_emit",
                        lambda self, m: delivered.append((m["room"], m["host_id"])))
    msg = {"method": "emit", "event": "snapshot", "data": [{"view": "♥ é"}],
           "binary": False, "namespace": "/", "room": "seat:t:a:b", "skip_sid": None,
           "callback": None, "host_id": q.host_id}
    q._handle_emit(msg)                                   # from emit: not yet
    q._handle_emit(dict(msg, room="Xsid123"))             # to one socket: at once
    assert delivered == [("Xsid123", q.host_id)]
    mine = PlainJson.dumps(msg).encode()
    mine_sid = PlainJson.dumps(dict(msg, room="Xsid123")).encode()
    theirs = PlainJson.dumps(dict(msg, host_id="f" * 32)).encode()
    callback = PlainJson.dumps({"method": "callback", "host_id": q.host_id}).encode()
    monkeypatch.setattr(RedisQueue, "_messages", lambda self: iter(
        [(q.channel, m) for m in (theirs, mine, mine_sid, callback)]))
    got = [d if isinstance(d, dict) else json.loads(d) for d in q._listen()]
    assert [(m["method"], m.get("room"), m["host_id"]) for m in got] == [
        ("emit", "seat:t:a:b", "f" * 32), ("emit", "seat:t:a:b", "queue"),
        ("callback", None, q.host_id)]
    q._handle_emit(got[1])                                # back from the queue: now
    assert delivered[-1] == ("seat:t:a:b", "queue")


def test_the_relay_hands_each_room_its_packet_and_reads_no_room_it_does_not_hold():
    """A change's queue message (companion.relay) carries each room's Socket.IO packet
    once; a process hands it, as it is, to the sockets it holds in that room, and skips
    the rooms it holds none of without decoding them."""
    from socketio.packet import EVENT

    from companion.relay import Relay, pack
    from companion.seams.socketio import ROOMS_MARK
    from companion.wire import JsonPacket

    sent = []

    class Manager:
        def get_participants(self, namespace, room):
            assert namespace == "/"
            return iter({"seat:t:a:x:hu": [("s1", "e1"), ("s2", "e2")]}.get(room, []))

    class Eio:
        def send(self, sid, data):
            sent.append((sid, data))

    class Server:
        manager, eio = Manager(), Eio()

    class Queue:
        server = Server()
        published: list = []

        def publish_raw(self, data, channel=None):
            self.published.append(data)

    q = Queue()
    relay = Relay(q)
    snap = {"seq": 3, "view": {"text": "Lőj ♥\n\t"}}
    relay.publish([("seat:t:a:x:hu", "snapshot", snap), ("host:t:en", "snapshot", {"seq": 3})])
    assert len(q.published) == 1 and q.published[0].startswith(ROOMS_MARK)
    relay.deliver(q.published[0])
    text = JsonPacket(EVENT, data=["snapshot", snap]).encode()
    assert sent == [("e1", text), ("e2", text)]
    sent.clear()
    relay.deliver(ROOMS_MARK + b"host:t:en\t\xff\xfe not UTF-8\nseat:t:a:x:hu\t" + b"2[1]")
    assert sent == [("e1", "2[1]"), ("e2", "2[1]")]


def test_a_table_channel_is_heard_once_redis_confirms_it(monkeypatch):
    """A process subscribes to a table's channel with its first socket of the table and
    waits for Redis's confirmation (the listening thread reads it) before that socket
    is sent anything; a message on that channel is a change to deliver; the table's
    last socket gone, the channel is unsubscribed (companion.relay)."""
    import threading

    from companion.seams.socketio import ROOMS_MARK, RedisQueue
    q = RedisQueue("redis://127.0.0.1:1/0", channel="bang-companion")
    calls = []

    class PubSub:
        def subscribe(self, *channels):
            calls.append(("subscribe", channels))

        def unsubscribe(self, *channels):
            calls.append(("unsubscribe", channels))

    q._sub = PubSub()
    delivered = []
    q.on_rooms = delivered.append
    heard = []
    waiter = threading.Thread(target=lambda: heard.append(q.follow("T1", timeout=10)))
    waiter.start()
    until(lambda: calls, what="the subscription sent")
    assert calls == [("subscribe", ("bang-companion:t:T1",))]
    assert not heard                       # not before Redis confirms it
    change = ROOMS_MARK + b"seat:T1:a:b:en\t2[]"
    messages = [{"type": "subscribe", "channel": b"bang-companion", "data": 1},
                {"type": "subscribe", "channel": b"bang-companion:t:T1", "data": 2},
                {"type": "message", "channel": b"bang-companion:t:T1", "data": change}]
    monkeypatch.setattr(RedisQueue, "_redis_listen_with_retries",
                        lambda self: iter(messages))
    assert list(q._listen()) == []         # nothing for the library's own handlers
    waiter.join(10)
    assert heard == [True] and delivered == [change]
    assert q.follow("T1") is True          # a second socket: heard already
    assert len(calls) == 1 and q.following() == 1
    q.unfollow("T1")
    assert len(calls) == 1                 # one socket left
    q.unfollow("T1")
    assert calls[-1] == ("unsubscribe", ("bang-companion:t:T1",)) and q.following() == 0
