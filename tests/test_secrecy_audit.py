"""A secrecy audit: 50 random games (every ruleset the engine lists, both modes, 4 to 7
seats) with a spy on every seat's phone and on the host screen, and a seat's first view
over HTTP at every step. No message, ack or first view any of them receives carries another living player's hidden role, the deal's seed, a seat
token, a claim code or the host secret, while the game runs."""
from __future__ import annotations

import json
import random

import pytest

import engine
from companion import create_app
from conftest import NAMES, TableHelper
from engine.playout import candidates

GAMES = 50
STEPS = 30


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("audit") / "a.sqlite3"),
                      "SYNCHRONOUS": "NORMAL", "TESTING": True})
    limits = app.extensions["companion"].limits
    limits.change_rate = limits.read_rate = limits.change_burst = limits.read_burst = 1e9
    yield app
    app.extensions["companion"].storage.close()


def audit(message, viewer: str | None, hidden: set[str], secrets: list[str], where: str):
    """Fail if `message` (any JSON) shows a hidden role to `viewer` or holds a secret."""
    text = json.dumps(message, ensure_ascii=False, default=str)
    for s in secrets:
        assert s not in text, f"{where}: a secret reached {viewer or 'the host'}"
    todo = [message]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            name = v.get("name")
            if isinstance(name, str) and name in hidden and name != viewer and "role" in v:
                assert v["role"] in (None, "unknown"), \
                    f"{where}: {viewer or 'the host'} sees {name}'s role {v['role']}"
            if "roles" in v and isinstance(v["roles"], list) and hidden:
                assert v["roles"] == [], f"{where}: roles listed while the game runs"
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)


def tracker_moves(rng, state) -> list[tuple[str, dict]]:
    cur = state.seats[state.turn]
    moves = []
    for s in rng.sample(state.seats, len(state.seats)):
        if s.alive and rng.random() < 0.5:
            moves.append((s.name, {"set": {"life": max(0, s.life - rng.choice([0, 1, 1, 2]))}}))
        if s.alive and rng.random() < 0.3:
            moves.append((s.name, {"set": {"in_play": rng.sample(["Barrel", "Mustang",
                                                                  "Scope"], rng.randint(0, 2))}}))
    moves.append((cur.name, {"end_turn": {}}))
    return moves


@pytest.mark.parametrize("block", range(5))
def test_no_spy_learns_a_secret(app, block):
    rulesets = sorted(engine.RULESETS)
    for k in range(block * GAMES // 5, (block + 1) * GAMES // 5):
        ruleset = rulesets[k % len(rulesets)]
        mode = ("referee", "tracker")[(k // len(rulesets)) % 2]
        rng = random.Random(k)
        t = TableHelper(app, mode=mode, ruleset=ruleset)
        names = NAMES[:4 + k % 4]
        t.seat(names)
        claim = t.emit("host", "reseat", {"seat": names[0]})["claim_url"].rsplit("/", 1)[1]
        t.deal()
        table = t.tables().get(t.id)
        secrets = [t.secret, claim, str(table.header["seed"]), *t.tokens.values()]
        spies = {None: t.host, **{n: t.phones[n] for n in names}}
        for step in range(STEPS):
            state = table.state
            if state.winner is not None:
                break
            if mode == "referee":
                tries = [(m["by"], {k2: v for k2, v in m.items() if k2 != "by"})
                         for m in candidates(rng, state)][:6]
            else:
                tries = tracker_moves(rng, state)[:6]
            for who, move in tries:
                ack = t.emit(who, "move", move)
                audit(ack, who, set(), secrets, f"game {k} ack")
                if ack["ok"]:
                    break
            state = table.state
            leader = engine.rules_of(state).leader
            hidden = set() if state.winner is not None else {
                s.name for s in state.seats if s.alive and s.role != leader}
            for viewer, c in spies.items():
                for m in c.get_received():
                    audit(m["args"], viewer, hidden, secrets,
                          f"game {k} ({ruleset}, {mode}) step {step}")
            # a seat's first view over HTTP (routes.first_view), one seat a step
            viewer = names[step % len(names)]
            view = t.http.get(f"/p/{t.id}/seat", headers={"X-Seat-Token": t.tokens[viewer]})
            assert view.status_code == 200, view.get_json()
            audit(view.get_json(), viewer, hidden, secrets,
                  f"game {k} ({ruleset}, {mode}) step {step}: {viewer}'s first view")
        t.host.disconnect()
        for c in t.phones.values():
            c.disconnect()
