"""A secrecy audit: 50 random games (every ruleset the engine lists, both modes, 3 to 8
seats where the ruleset takes them (the 3-player game deals every role face up; at 8
two Renegades hide among six hidden roles), the host taking moves back now and then) with a spy on every seat's phone and on
the host screen, each reading its own language, and a seat's first view over HTTP at
every step. No message, ack or first view any of them receives carries another living
player's hidden role, the deal's seed, a seat token, a claim code or the host secret,
while the game runs: neither in a structured field nor in any worded text (a log line
that names a hidden player beside his role's name, in the reader's language)."""
from __future__ import annotations

import json
import random
import re

import pytest

import engine
from companion import create_app, games, i18n
from helpers import NAMES, TableHelper
from engine.playout import candidates
from engine.say import name as role_name

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


def role_words(state, lang: str) -> dict[str, str]:
    """{seat name: the name of his role as a page in `lang` shows it}."""
    words = engine.rules_of(state).data.words.get("roles", {})
    return {s.name: i18n.sentence(role_name(words.get(s.role, s.role)), lang)
            for s in state.seats}


def told(text: str, kind: str | None, viewer: str | None, hidden: dict[str, str],
         public: set[str]) -> str | None:
    """The hidden player whose role the worded `text` tells (his name beside his role's
    name), or None. A reward line ("Eve takes 3 cards (reward for eliminating an
    Outlaw)") names the killer beside the role of a player who is out, whose role is
    public: a line of kind "hand" may name a role that a player out of the game had."""
    for seat, word in hidden.items():
        if seat != viewer and word in text and re.search(rf"\b{re.escape(seat)}\b", text):
            if kind == "hand" and word in public:
                continue
            return seat
    return None


def audit(message, viewer: str | None, hidden: set[str], secrets: list[str], where: str,
          words: dict[str, str] | None = None, public: set[str] = frozenset()):
    """Fail if `message` (any JSON) shows a hidden role to `viewer` or holds a secret.
    `words` ({hidden seat: his role's name in the viewer's language}) reads every text in
    it too; `public`: the role names of the players who are out."""
    text = json.dumps(message, ensure_ascii=False, default=str)
    for s in secrets:
        assert s not in text, f"{where}: a secret reached {viewer or 'the host'}"
    todo = [(message, None)]
    while todo:
        v, kind = todo.pop()
        if isinstance(v, str) and words:
            seat = told(v, kind, viewer, words, public)
            assert seat is None, f"{where}: {viewer or 'the host'} reads {seat}'s role in {v!r}"
        if isinstance(v, dict):
            name = v.get("name")
            if isinstance(name, str) and name in hidden and name != viewer and "role" in v:
                assert v["role"] in (None, "unknown"), \
                    f"{where}: {viewer or 'the host'} sees {name}'s role {v['role']}"
            if "roles" in v and isinstance(v["roles"], list) and hidden:
                assert v["roles"] == [], f"{where}: roles listed while the game runs"
            line = v.get("kind") if isinstance(v.get("kind"), str) else None
            todo.extend((x, line) for x in v.values())
        elif isinstance(v, list):
            todo.extend((x, kind) for x in v)


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


LANGS = i18n.LANGUAGES             # the host reads English, seat k the k-th language


def spy(t: TableHelper, names: list[str]) -> dict:
    """{viewer: (socket, its language)}: the host and every seat, each in a language of
    its own (the seats' sockets are opened again, with the language in their auth)."""
    spies = {None: (t.host, "en")}
    for k, n in enumerate(names):
        lang = LANGS[k % len(LANGS)]
        t.phones[n].disconnect()
        t.phones[n] = t.socketio.test_client(t.app, auth={"table": t.id, "token": t.tokens[n],
                                                          "lang": lang})
        spies[n] = (t.phones[n], lang)
    return spies


def secrets_of(state) -> tuple[set[str], set[str]]:
    """(the seats whose roles are hidden, the role names of players out of the game)."""
    if state.winner is not None or "three_players" in state.rules.parts:   # all face up
        return set(), set()
    leader = engine.rules_of(state).data.leader
    return ({s.name for s in state.seats if s.alive and s.role != leader},
            {s.role for s in state.seats if not s.alive})


def read_all(spies: dict, state, secrets: list[str], where: str) -> None:
    """Every message each spy received since the last read, audited in its language."""
    hidden, out = secrets_of(state)
    for viewer, (c, lang) in spies.items():
        named = role_words(state, lang)
        words = {n: named[n] for n in hidden}
        public = {w for n, w in named.items() if n not in hidden} & {
            named[s.name] for s in state.seats if s.role in out}
        for m in c.get_received():
            audit(m["args"], viewer, hidden, secrets, f"{where} ({lang})", words, public)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(5))
@pytest.mark.long
def test_no_spy_learns_a_secret(app, block):
    rulesets = sorted(engine.RULESETS)
    for k in range(block * GAMES // 5, (block + 1) * GAMES // 5):
        ruleset = rulesets[k % len(rulesets)]
        mode = ("referee", "tracker")[(k // len(rulesets)) % 2]
        rng = random.Random(k)
        t = TableHelper(app, mode=mode, ruleset=ruleset)
        count = 3 + (k // 6) % 6
        if count not in engine.player_counts(ruleset):        # Star Wars: 4 to 7
            count = 4 + count % 4
        names = (*NAMES, "Hal")[:count]
        t.seat(names)
        claim = t.emit("host", "reseat", {"seat": names[0]})["claim_url"].rsplit("/", 1)[1]
        t.deal()
        table = t.tables().get(t.id)
        secrets = [t.secret, claim, str(table.header["seed"]), *t.tokens.values()]
        spies = spy(t, names)
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
            where = f"game {k} ({ruleset}, {mode}) step {step}"
            read_all(spies, table.state, secrets, where)
            if rng.random() < 0.25 and table.state.winner is None:   # the host takes it back
                t.emit("host", "undo")
                read_all(spies, table.state, secrets, f"{where}, undone")
            # a seat's first view over HTTP (routes.first_view), one seat a step
            state = table.state
            hidden, _ = secrets_of(state)
            viewer = names[step % len(names)]
            view = t.http.get(f"/p/{t.id}/seat", headers={"X-Seat-Token": t.tokens[viewer]})
            assert view.status_code == 200, view.get_json()
            audit(view.get_json(), viewer, hidden, secrets, f"{where}: {viewer}'s first view",
                  {n: w for n, w in role_words(state, "en").items() if n in hidden})
        t.host.disconnect()
        for c in t.phones.values():
            c.disconnect()


def test_an_undone_elimination_tells_no_role(app, monkeypatch):
    """Eve sets her life to 0 (she is out, her role shown), the host takes it back: she
    is in the game again and no phone, in any language, reads her role in the log line
    that says what was taken back. The audit catches the line that did (issue 22):
    with every event allowed in it, the undo line names her role again."""
    def play(allowed):
        monkeypatch.setattr(games, "UNDO_SAYS", allowed)
        t = TableHelper(app, mode="tracker")
        names = NAMES[:5]
        t.seat(names)
        t.deal()
        table = t.tables().get(t.id)
        eve = next(s.name for s in table.state.seats
                   if s.role != engine.rules_of(table.state).data.leader)
        alive = lambda: next(s for s in table.state.seats if s.name == eve).alive  # noqa: E731
        spies = spy(t, names)
        assert t.emit(eve, "move", {"set": {"life": 0}})["ok"]
        assert not alive()
        read_all(spies, table.state, [], "eliminated")     # out: her role is public now
        assert t.emit("host", "undo")["ok"]
        assert alive()
        read_all(spies, table.state, [], "undone")
        late = t.phone(names[-1])                          # a phone that joins after it
        read_all({names[-1]: (late, "en")}, table.state, [], "joined later")

    play(games.UNDO_SAYS)
    with pytest.raises(AssertionError, match="role in"):
        play(games.UNDO_SAYS | {"out"})
