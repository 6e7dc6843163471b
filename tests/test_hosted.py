"""The hosted set-up of docs/deploy.md with the real servers: PostgreSQL, Redis, nginx
(sticky sessions by cookie) and two gunicorn processes of the companion, all started
here on free 127.0.0.1 ports (tests/services.py). Without them these tests are skipped
with a notice, unless REQUIRE_SERVICES=1 (CI), where a missing one fails.

- the storage interface on PostgreSQL behaves as on SQLite;
- a table's phones split across both processes: every phone gets every move, in order;
- a phone whose seat moved to another phone gets nothing more, whichever process sends;
- one process killed with SIGKILL mid-game: its phones reconnect through nginx to the
  other, and no acknowledged move is lost.
"""
from __future__ import annotations

import gc

import os
import threading

import pytest
import requests

import services
from helpers import NAMES, close_client, until

pytestmark = pytest.mark.slow      # each test here: `make test-quick` leaves them out

CARDS = [["Mustang"], ["Barrel"]]


@pytest.fixture(scope="module")
def stack():
    lacking = services.missing()
    if lacking:
        msg = ("hosted tests need " + ", ".join(lacking) + " (apt-get install postgresql "
               "redis-server nginx-light; pip install '.[hosted]'); .ci/run installs them")
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
    with services.hosted(2) as running:
        yield running


class Phone:
    """A python-socketio client through nginx with its own cookie jar (the sticky
    cookie lives there); keeps every snapshot's seq in the order they came."""

    def __init__(self, url: str, auth: dict, backend: str | None = None,
                 cookies: dict | None = None) -> None:
        import socketio
        self.http = requests.Session()
        # as nginx sets them: host-only cookies of 127.0.0.1, path /
        for k, v in dict(cookies or {}, **({"bang_backend": backend} if backend else {})).items():
            self.http.cookies.set(k, v, domain="127.0.0.1", path="/")
        self.seqs: list[int] = []
        self.last: dict | None = None
        self.errors: list = []
        self.changed = threading.Condition()
        self.sio = socketio.Client(http_session=self.http, reconnection=True,
                                   reconnection_delay=0.2, reconnection_delay_max=0.5)
        self.sio.on("snapshot", self._snap)
        self.sio.on("error", self.errors.append)
        self.sio.connect(url, auth=auth, wait_timeout=10)     # polling, then upgrade

    def _snap(self, data):
        with self.changed:
            self.seqs.append(data["seq"])
            self.last = data
            self.changed.notify_all()

    @property
    def backend(self) -> str:
        return self.http.cookies.get("bang_backend")

    def wait_seq(self, seq: int, timeout: float = 30) -> dict:
        return self.wait_for(lambda: self.seqs and self.seqs[-1] >= seq, (seq,), timeout)

    def wait_for(self, pred, what=(), timeout: float = 30) -> dict:
        """The last snapshot once `pred()` holds (asserting it does within `timeout`)."""
        with self.changed:
            assert self.changed.wait_for(pred, timeout), (*what, self.seqs[-5:])
            return self.last

    def call(self, event: str, data: dict, timeout: float = 10):
        return self.sio.call(event, data, timeout=timeout)

    def close(self) -> None:
        close_client(self.sio)     # disconnected, and not reconnecting
        self.http.close()          # its kept-alive connection too


def open_table(url: str, players: int, split: bool = True, on: str | None = None):
    """A dealt table through nginx: (host phone, {name: phone}); the phones alternate
    between the two processes (their first request carries the sticky cookie), or all
    sit on the process `on` names."""
    s = requests.Session()
    r = s.post(url + "/tables", data={"mode": "tracker"}, allow_redirects=False)
    assert r.status_code == 303
    tid = r.headers["Location"].rsplit("/", 1)[1]
    tokens = {}
    for n in NAMES[:players]:
        r = requests.post(f"{url}/t/{tid}/join", data={"name": n}, allow_redirects=False)
        assert r.status_code == 303, r.text
        tokens[n] = r.headers["Location"].split("#", 1)[1]
    host_cookie = s.cookies[f"host_{tid}"]
    s.close()                      # no kept-alive connection left for the collector
    host = Phone(url, {"table": tid}, on or "app0", {f"host_{tid}": host_cookie})
    phones = {n: Phone(url, {"table": tid, "token": t},
                       on or (f"app{i % 2}" if split else None))
              for i, (n, t) in enumerate(tokens.items())}
    assert host.call("deal", {}) == {"ok": True}
    return tid, host, phones


def test_storage_on_postgresql_orders_a_tables_changes(stack):
    from companion.pgstorage import PostgresStorage
    from companion.storage import Behind
    st = PostgresStorage(stack["pg"].url)
    row = {"id": "pgt1", "host_hash": "h", "status": "lobby", "ruleset": "base",
           "mode": "tracker", "lobby": [{"id": "a", "name": "Ann"}], "game": 1,
           "header": {"seats": [], "note": "→♥"}, "version": 1, "created_at": 1.0}
    st.save(row)
    st.save(dict(row, version=2), move={"seq": 1, "at": 2.0, "move": {"by": "Ann", "x": "→"}})
    st.save(dict(row, version=3), move={"seq": 2, "at": 3.0, "move": {"by": "Bob"}})
    st.save(dict(row, version=4), undo=2)
    assert st.load("pgt1")["header"] == {"seats": [], "note": "→♥"} and st.version("pgt1") == 4
    assert [(m["seq"], m["undone"]) for m in st.moves("pgt1", 1)] == [(1, False), (2, True)]
    with pytest.raises(Behind):                          # the seq is taken
        st.save(dict(row, version=5), move={"seq": 2, "at": 4.0, "move": {}})
    with pytest.raises(Behind):                          # made from an old version
        st.save(dict(row, version=3, status="playing"))
    other = PostgresStorage(stack["pg"].url)             # another process's connection
    other.save(dict(other.load("pgt1"), version=5, status="playing"))
    with pytest.raises(Behind):
        st.save(dict(row, version=5), move={"seq": 3, "at": 5.0, "move": {}})
    assert st.load("pgt1")["status"] == "playing" and len(st.moves("pgt1", 1)) == 2
    assert "pgt1" in [r["id"] for r in st.load_all()] and st.load("nope") is None
    st.close()
    other.close()


def test_phones_split_across_two_processes_get_every_move_in_order(stack):
    url = stack["proxy"].url
    tid, host, phones = open_table(url, 7)
    try:
        on = {p.backend for p in phones.values()}
        assert on == {"app0", "app1"}, on                   # a table on both processes
        # the deal's own snapshot may come back through Redis after the deal's ack:
        # count from the first snapshot that shows the dealt table with no move yet
        start = host.wait_for(lambda: host.last.get("view")
                              and host.last["table"]["moves"] == 0, ("dealt",))["seq"]
        movers = list(phones.values())
        for k in range(24):                                # each move by a phone of
            ack = movers[k % 7].call("move", {"set": {"in_play": CARDS[k % 2]}})
            assert ack == {"ok": True}, ack                # alternating processes
        end = start + 24
        for name, p in list(phones.items()) + [("host", host)]:
            last = p.wait_seq(end)
            got = [s for s in p.seqs if s >= start]
            assert got == sorted(got), (name, got)              # in order
            assert set(range(start, end + 1)) <= set(got), (name, got)   # every move
            assert last["table"]["moves"] == 24
        # presence is counted over both processes
        assert all(e["connected"] for e in host.last["table"]["lobby"]), host.last["table"]
        # stickiness: each phone stayed on the process its cookie named
        assert [p.backend for p in phones.values()] == [f"app{i % 2}" for i in range(7)]
    finally:
        for p in [host, *phones.values()]:
            p.close()


def test_a_process_hears_only_the_tables_it_holds_sockets_of(stack):
    """A table's changes go on a channel of its own (companion.relay): a process
    subscribes to it while it holds a socket of the table, and to no other table's."""
    import redis
    url = stack["proxy"].url
    tid, host, phones = open_table(url, 4, on="app0")
    r = redis.Redis.from_url(stack["redis"].url)
    channel = f"bang-companion:t:{tid}"
    late = None
    try:
        def heard_by() -> int:
            return dict(r.pubsub_numsub(channel))[channel.encode()]
        assert heard_by() == 1                      # app0 alone holds its sockets
        seq = host.wait_for(lambda: host.last.get("view")
                            and host.last["table"]["moves"] == 0, ("dealt",))["seq"]
        # a second host screen on the other process: it subscribes before it is sent
        # its first snapshot, and gets every move from then on
        late = Phone(url, {"table": tid}, "app1", {f"host_{tid}": host.http.cookies[
            f"host_{tid}"]})
        assert heard_by() == 2
        ack = phones["Ann"].call("move", {"set": {"in_play": CARDS[1]}})
        assert ack == {"ok": True}, ack
        assert late.wait_seq(seq + 1)["table"]["moves"] == 1
        late.close()
        until(lambda: heard_by() == 1, what="app1 unsubscribed once its socket left")
    finally:
        for p in [host, *phones.values()] + ([late] if late else []):
            p.close()
    until(lambda: heard_by() == 0, what="nobody hears a table nobody holds")
    r.close()


def test_the_sockets_that_name_their_table_gather_in_one_process(stack):
    """A socket whose URL names its table (`?table=`, as the pages' do) goes to the
    process nginx hashes the table to, whatever its sticky cookie says: a table's
    changes are then heard by that one process (docs/deploy.md)."""
    import redis
    url = stack["proxy"].url
    s = requests.Session()
    r = s.post(url + "/tables", data={"mode": "tracker"}, allow_redirects=False)
    tid = r.headers["Location"].rsplit("/", 1)[1]
    cookie = {f"host_{tid}": s.cookies[f"host_{tid}"]}
    s.close()
    q = redis.Redis.from_url(stack["redis"].url)
    channel = f"bang-companion:t:{tid}"
    screens = []
    try:
        for k in range(4):
            screens.append(Phone(f"{url}?table={tid}", {"table": tid}, f"app{k % 2}", cookie))
        assert all(p.wait_for(lambda p=p: p.last is not None) for p in screens)
        assert dict(q.pubsub_numsub(channel))[channel.encode()] == 1
    finally:
        for p in screens:
            p.close()
    until(lambda: dict(q.pubsub_numsub(channel))[channel.encode()] == 0,
          what="nobody hears a table nobody holds")
    q.close()


def test_a_move_is_one_queue_message_whichever_process_holds_the_phones(stack):
    """One table change is one message on its table's channel of the queue
    (companion.relay), not one per seat and language; each phone still gets its seat's
    own snapshot."""
    import redis
    url = stack["proxy"].url
    tid, host, phones = open_table(url, 7)
    r = redis.Redis.from_url(stack["redis"].url)
    listen = r.pubsub()
    try:
        seq = host.wait_for(lambda: host.last.get("view")
                            and host.last["table"]["moves"] == 0, ("dealt",))["seq"]
        listen.subscribe(f"bang-companion:t:{tid}", MARK)
        subscribed = []
        until(lambda: _read(listen, subscribed, "subscribe") == 2, what="both subscriptions")
        _heard(r, listen)                   # what was on its way before: dropped
        ack = phones["Ann"].call("move", {"set": {"in_play": CARDS[1]}})
        assert ack == {"ok": True}, ack
        for name, p in list(phones.items()) + [("host", host)]:
            view = p.wait_seq(seq + 1)
            assert view["table"]["moves"] == 1, name
        got = _heard(r, listen, f"bang-companion:t:{tid}")   # every phone has the
                                                               # move: all it sent
        assert [m[:11] for m in got] == [b"bang-rooms\n"], got
        rooms = [line.split(b"\t", 1)[0] for line in got[0].split(b"\n")[1:]]
        assert len(rooms) == 8 and len(set(rooms)) == 8, rooms   # 7 seats and the host
    finally:
        listen.close()
        r.close()
        for p in [host, *phones.values()]:
            p.close()


MARK = "bang-test-mark"      # a channel of the test's own, for a marker


def _read(listen, into: list, kind: str = "message") -> int:
    """Read what the subscription has now into `into` (the messages of `kind`): their count."""
    while (m := listen.get_message(timeout=0.05)) is not None:
        if m["type"] == kind:
            into.append(m)
    return len(into)


def _heard(r, listen, channel: str = "bang-companion") -> list[bytes]:
    """The messages of bang-companion the subscription has received until now: a marker
    published on MARK after them reaches the same subscription after them (Redis sends a
    subscriber's messages in the order it publishes them), so no listening window."""
    marker = os.urandom(8).hex().encode()
    r.publish(MARK, marker)
    got: list = []
    until(lambda: _read(listen, got) and any(m["data"] == marker for m in got),
          what="the marker published after the messages")
    end = next(i for i, m in enumerate(got) if m["data"] == marker)
    return [m["data"] for m in got[:end] if m["channel"] == channel.encode()]


def test_a_phone_revoked_through_one_process_gets_nothing_more_from_either(stack):
    """Secrets fail closed across processes: the seat's room is named by its token, so
    after "move seat" the old phone, held by the other process, is told so and gets
    no snapshot of that seat any more, whichever process sends them."""
    url = stack["proxy"].url
    tid, host, phones = open_table(url, 4)
    try:
        old = phones["Ann"]                                  # on app0; the host too
        old_far = Phone(url, {"table": tid, "token": _token_of(old)}, "app1")
        ack = host.call("reseat", {"seat": "Ann"})
        assert ack.get("ok"), ack
        r = requests.get(ack["claim_url"].replace(ack["claim_url"].split("/t/")[0], url),
                         allow_redirects=False, cookies={"bang_backend": "app0"})
        assert r.status_code == 303
        new = Phone(url, {"table": tid, "token": r.headers["Location"].split("#", 1)[1]},
                    "app1")
        # app1 tells the far phone; app0 tells its own one, or drops it
        until(lambda: old_far.errors and (old.errors or not old.sio.connected),
              what="both old phones told")
        assert [e["code"] for e in old_far.errors] == ["revoked"], old_far.errors
        seen_far, seen_old = len(old_far.seqs), len(old.seqs)
        for k, name in enumerate(["Bob", "Cid", "Dan", "Bob"]):
            assert phones[name].call("move", {"set": {"in_play": CARDS[k % 2]}})["ok"]
        # every move has reached the phones of both processes (host, Cid: app0; the new
        # phone, Bob: app1), so the old phones would have had theirs by now
        for p in (host, phones["Cid"], phones["Bob"]):
            p.wait_for(lambda p=p: p.last["table"]["moves"] == 4, ("4 moves",))
        last = new.wait_for(lambda: new.last and new.last["table"]["moves"] == 4, ("4 moves",))
        assert last["table"]["you"]["name"] == "Ann" and last["table"]["moves"] == 4
        assert len(old_far.seqs) == seen_far and len(old.seqs) == seen_old
        # app0 took the claim and dropped its own old sockets; app1 only heard of it
        assert not old.sio.connected or old.errors
        ack = old_far.call("move", {"set": {"in_play": ["Barrel"]}})
        assert ack["ok"] is False and ack["error"]["code"] == "revoked"
        old_far.close()
        new.close()
    finally:
        for p in [host, *phones.values()]:
            p.close()


def _token_of(phone: Phone) -> str:
    return phone.sio.connection_auth["token"]


# the kill closes connections under the clients: their sockets are collected in this
# test, not in whichever test runs when the garbage collector next passes
@pytest.mark.filterwarnings("ignore::ResourceWarning",
                            "ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_process_killed_mid_game_loses_no_acknowledged_move(stack):
    url = stack["proxy"].url
    tid, host, phones = open_table(url, 6)
    acked = {n: 0 for n in phones}
    tried = {n: 0 for n in phones}
    stop = threading.Event()

    def play(name: str, p: Phone):
        k = 0
        while not stop.is_set() and k < 400:
            k += 1
            tried[name] += 1
            try:
                ack = p.call("move", {"set": {"in_play": CARDS[k % 2]}}, timeout=3)
            except Exception:                 # disconnected, or no answer: not acked
                stop.wait(0.1)
                continue
            if ack.get("ok"):
                acked[name] += 1
            stop.wait(0.2)      # a phone's pace: the server slows floods (companion.limits)

    players = [threading.Thread(target=play, args=(n, p), daemon=True)
               for n, p in phones.items()]
    try:
        for t in players:
            t.start()
        until(lambda: sum(acked.values()) > 10, 60, "moves acknowledged before the kill")
        before = dict(acked)
        stack["apps"][0].kill()                        # SIGKILL, master and worker
        assert sum(before.values()) > 10, before
        # they reconnect and play on: each phone has a move acknowledged after the kill
        until(lambda: all(acked[n] > before[n] for n in phones), 60,
              "a move acknowledged from every phone after the kill")
        stop.set()
        for t in players:
            t.join(timeout=10)
        moved_on = {n: acked[n] - before[n] for n in phones}
        assert all(v > 0 for v in moved_on.values()), moved_on   # every phone plays on
        # every phone ends connected (one that lost its socket under a loaded machine's
        # ping timeout reconnects on its own: wait for it, do not sample one instant)
        until(lambda: all(p.sio.connected for p in phones.values()), 60,
              "every phone connected again")
        # the database has every acknowledged move, and nothing a phone did not send
        from companion.pgstorage import PostgresStorage
        st = PostgresStorage(stack["pg"].url)
        stored = [m for m in st.moves(tid, 1) if not m["undone"]]
        version = st.version(tid)
        st.close()
        print(f"\nacked before the kill {sum(before.values())}, after "
              f"{sum(moved_on.values())}; tried {sum(tried.values())}, stored {len(stored)}")
        for n in phones:
            mine = sum(1 for m in stored if m["move"]["by"] == n)
            assert acked[n] <= mine <= tried[n], (n, acked[n], mine, tried[n])
        # and every phone, wherever it is now, ends on the stored game
        for name, p in phones.items():
            last = p.wait_seq(version)
            assert last["seq"] == version and last["table"]["moves"] == len(stored), name
            assert p.backend == "app1"
    finally:
        stop.set()
        for p in [host, *phones.values()]:
            p.close()
        gc.collect()


def _new_table_from(port: int, source: str, headers=None) -> int:
    """POST /tables through nginx from the loopback address `source`: its status."""
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    conn.request("POST", "/tables", body="mode=tracker", headers={
        "Content-Type": "application/x-www-form-urlencoded", **(headers or {})})
    status = conn.getresponse().status
    conn.close()
    return status


def test_a_flood_through_nginx_does_not_stop_another_host(stack):
    """Behind nginx (BANG_PROXIES=1) each client counts by its own address, which a
    forged X-Forwarded-For does not change; the limit is each process's (two here)."""
    port = stack["proxy"].port
    statuses = [_new_table_from(port, "127.0.0.2") for _ in range(40)]
    assert 10 <= statuses.count(303) <= 10 * len(stack["apps"]) and 429 in statuses, statuses
    assert statuses[-5:] == [429] * 5
    forged = [_new_table_from(port, "127.0.0.2", {"X-Forwarded-For": f"198.51.100.{k}"})
              for k in range(4)]
    assert forged == [429] * 4
    assert _new_table_from(port, "127.0.0.3") == 303
