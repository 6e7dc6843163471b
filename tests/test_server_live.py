"""A real server (subprocess) and real python-socketio clients over WebSocket."""
from __future__ import annotations

import json
import random

import pytest
import requests
import socketio
import websocket

from helpers import NAMES, until

pytestmark = pytest.mark.slow      # each test here: `make test-quick` leaves them out


def _seat_game(server, n=7, reconnection=False):
    table_id, session = server.new_table()
    cookie = f"host_{table_id}={session.cookies.get(f'host_{table_id}')}"
    tokens = {name: server.join(table_id, name) for name in NAMES[:n]}
    phones = {name: server.client({"table": table_id, "token": tok}, reconnection=reconnection)
              for name, tok in tokens.items()}
    host = server.client({"table": table_id}, cookie=cookie, reconnection=reconnection)
    assert host.call("deal", {}) == {"ok": True}
    host.wait_for(lambda s: s["table"]["status"] == "playing")
    return table_id, session, cookie, tokens, phones, host


def _walk(obj):
    """Every dict inside a JSON value."""
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def _audit(recipient: str | None, snap: dict, roles: dict, secrets: list[str]) -> None:
    """No other living non-sheriff seat's role in this snapshot; no secret at all."""
    text = json.dumps(snap, ensure_ascii=False)
    for secret in secrets:
        assert secret not in text, f"a secret reached {recipient}"
    if snap["table"]["status"] == "over" or snap["view"] is None:
        return
    alive = {s["name"]: s["alive"] for s in snap["view"]["seats"]}
    hidden = {n for n, r in roles.items() if alive[n] and r != "sheriff" and n != recipient}
    for d in _walk(snap):
        if d.get("name") in hidden:
            assert d.get("role") is None, (recipient, d)
            assert "goal" not in d, (recipient, d)
    me = snap["view"].get("me")
    assert (me or {}).get("name") == recipient
    for line in snap["log"]:
        for n in hidden:
            if n in line["text"]:
                assert roles[n] not in line["text"].casefold(), (recipient, line)


@pytest.mark.long
def test_secrecy_audit_whole_game_with_seven_phones(live_server):
    table_id, session, cookie, tokens, phones, host = _seat_game(live_server)
    roles = {}
    for name, phone in phones.items():
        me = phone.wait_for(lambda s: s["view"] is not None)["view"]["me"]
        roles[name] = me["role"]
    assert sorted(roles.values()) == sorted(["sheriff", "renegade", "outlaw", "outlaw",
                                              "outlaw", "deputy", "deputy"])
    rng = random.Random(3)
    sheriff = next(n for n, r in roles.items() if r == "sheriff")
    # a whole evening in tracker mode: life lost, blue cards, turns, corrections, undo,
    # eliminations of everybody but the sheriff and one outlaw (the outlaws win when
    # the sheriff falls last).
    actor = host          # whoever acted last has the newest snapshot (its ack came after)
    for step in range(40):
        view = actor.wait_for(lambda s: True)["view"]
        living = [s for s in view["seats"] if s["alive"]]
        mover = view["turn"]
        seat = next(s for s in living if s["name"] == mover)
        r = rng.random()
        actor = host if 0.5 <= r < 0.65 else phones[mover]
        if r < 0.35 and seat["life"] > 1:
            ack = actor.call("move", {"set": {"life": seat["life"] - 1}})
        elif r < 0.5:
            ack = actor.call("move", {"set": {"in_play": rng.choice(
                [["Mustang"], ["Barrel", "Schofield"], []])}})
        elif r < 0.6:
            ack = actor.call("host_move", {"set": {"seat": mover, "life": 1}})
        elif r < 0.65:
            ack = actor.call("undo", {})
        else:
            ack = actor.call("move", {"end_turn": {}})
        assert ack["ok"] or ack["error"]["code"] == "nothing_to_undo", ack
    # the record the host screen can save while the game runs hides the living roles
    record = requests.get(f"{live_server.url}/host/{table_id}/export.json",
                          headers={"Cookie": cookie}).json()
    view = host.wait_for(lambda s: True)["view"]
    for seat in record["seats"]:
        alive = next(s["alive"] for s in view["seats"] if s["name"] == seat["name"])
        if alive and roles[seat["name"]] != "sheriff":
            assert seat["role"] == "unknown"
    # everybody falls but the sheriff and one outlaw: the game goes on, then the host ends it
    spared = next(n for n in NAMES if roles[n] == "outlaw")
    for name in NAMES:
        if name not in (sheriff, spared):
            assert phones[name].call("move", {"set": {"life": 0}}) == {"ok": True}
    assert host.call("end_game", {}) == {"ok": True}
    last = host.wait_for(lambda s: s["table"]["status"] == "over")
    assert {r["name"]: r["role"] for r in last["table"]["roles"]} == roles
    for phone in phones.values():
        phone.wait_for(lambda s: s["table"]["status"] == "over")

    secrets = list(tokens.values()) + [session.cookies.get(f"host_{table_id}")]
    for name, phone in phones.items():
        assert len(phone.snapshots()) > 40
        for snap in phone.snapshots():
            _audit(name, snap, roles, secrets)
    for snap in host.snapshots():
        _audit(None, snap, roles, secrets)
    assert not [m for c in [host, *phones.values()] for m in c.messages if m[0] == "error"]
    # and no secret in what the server printed (its request log included)
    out = "".join(live_server.output)
    assert "GET /healthz" in out
    for secret in secrets:
        assert secret not in out


@pytest.mark.long
def test_restart_after_sigkill_resumes_the_same_game(live_server):
    table_id, session, cookie, tokens, phones, host = _seat_game(live_server, n=4,
                                                                 reconnection=True)
    turn = host.wait_for(lambda s: True)["view"]["turn"]
    assert phones["Bob"].call("move", {"set": {"life": 2}}) == {"ok": True}
    assert phones[turn].call("move", {"end_turn": {}}) == {"ok": True}
    assert host.call("host_move", {"set": {"seat": "Cid", "in_play": ["Mustang"]}})["ok"]
    assert phones["Dan"].call("move", {"set": {"life": 1}})["ok"]
    assert host.call("undo", {})["ok"]
    before = host.wait_for(lambda s: s["table"]["moves"] == 3)
    mine = phones["Ann"].wait_for(lambda s: s["seq"] == before["seq"])

    seen = {n: len(p.snapshots()) for n, p in phones.items()}
    live_server.kill()                       # SIGKILL: no chance to flush anything
    live_server.start()                      # same port, same data directory
    for n, p in phones.items():              # every phone reconnects and resyncs
        p.wait_for(lambda s: len(p.snapshots()) > seen[n], timeout=10)
        p.wait_connected()

    after = host.wait_for(lambda s: s["seq"] >= before["seq"] and s is not before
                          and s["table"]["seats_connected"]["Ann"], timeout=10)
    assert after["view"] == before["view"]
    assert after["table"]["moves"] == 3 and after["table"]["status"] == "playing"
    assert [line["text"] for line in after["log"]] == [line["text"] for line in before["log"]]
    again = phones["Ann"].wait_for(lambda s: s is not mine and s["seq"] >= mine["seq"],
                                   timeout=10)
    assert again["view"]["me"] == mine["view"]["me"]
    assert phones["Cid"].call("move", {"set": {"life": 3}})["ok"]
    r = requests.get(f"{live_server.url}/host/{table_id}/export.json",
                     headers={"Cookie": cookie})
    assert len(r.json()["moves"]) == 4


def test_cross_origin_sockets_are_refused(live_server):
    table_id, session = live_server.new_table()
    token = live_server.join(table_id, "Ann")
    with pytest.raises(websocket.WebSocketBadStatusException):
        live_server.raw_connect({"table": table_id, "token": token}, origin="http://evil.example")
    with pytest.raises(socketio.exceptions.ConnectionError):
        live_server.client({"table": table_id, "token": token}, origin="http://evil.example")
    ok = live_server.client({"table": table_id, "token": token}, origin=live_server.url)
    assert ok.wait_for(lambda s: True)["table"]["you"]["name"] == "Ann"
    packets = live_server.raw_connect({"table": table_id, "token": "x" * 32},
                                      origin=live_server.url)
    assert packets[0].startswith('42["error",{"code":"bad_token"')
    refused = json.loads(packets[-1][2:])
    assert packets[-1].startswith("44") and refused["data"]["code"] == "bad_token"
    assert live_server.raw_connect({"table": table_id, "token": token})[-1].startswith("40")


def test_reseat_moves_a_seat_to_a_new_phone(live_server):
    table_id, session, cookie, tokens, phones, host = _seat_game(live_server, n=4)
    ack = host.call("reseat", {"seat": "Bob"})
    assert ack["ok"] and "/claim/" in ack["claim_url"] and ack["claim_qr_svg"].startswith("<")
    path = ack["claim_url"].split(str(live_server.port), 1)[1]
    r = requests.get(live_server.url + path, allow_redirects=False)
    assert r.status_code == 303
    new_token = r.headers["Location"].split("#", 1)[1]
    assert new_token != tokens["Bob"]
    old = phones["Bob"]
    until(lambda: any(e == "error" for e, _ in old.messages), what="the old phone's error")
    assert [d["code"] for e, d in old.messages if e == "error"] == ["revoked"]
    refused = live_server.raw_connect({"table": table_id, "token": tokens["Bob"]})
    assert refused[-1].startswith("44") and '"code":"revoked"' in refused[-1]
    new = live_server.client({"table": table_id, "token": new_token})
    assert new.wait_for(lambda s: s["view"] is not None)["view"]["me"]["name"] == "Bob"
    assert requests.get(live_server.url + path, allow_redirects=False).status_code == 404
    assert "/claim/***" in "".join(live_server.output)
    assert path.rsplit("/", 1)[1] not in "".join(live_server.output)
