"""The official 3- and 8-player games over the protocol, as a host deals them (issue 29):
a table of 3 and a table of 8, in the base game and Legends, tracker and referee mode;
every phone and the host see the right roles face up or hidden; the lobby takes 3 to 8
players (Star Wars 4 to 7, and says why in the host's language); 2 or 9 are refused,
naming the counts allowed."""
from __future__ import annotations

import pytest

import engine
from companion import i18n
from helpers import KIT, TableHelper, a_record

EIGHT = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]
MIXES = {3: ["deputy", "outlaw", "renegade"],
         8: ["deputy", "deputy", "outlaw", "outlaw", "outlaw", "renegade", "renegade",
             "sheriff"]}


def roles_seen(snap: dict) -> dict:
    return {row["name"]: row["role"] for row in snap["view"]["seats"]}


@pytest.mark.parametrize("n", [3, 8])
@pytest.mark.parametrize("mode", ["tracker", "referee"])
@pytest.mark.parametrize("ruleset", ["base", "legends"])
def test_a_table_of_three_or_eight_is_dealt_with_its_roles_face_up_or_hidden(app, ruleset,
                                                                                mode, n):
    t = TableHelper(app, mode=mode, ruleset=ruleset)
    names = EIGHT[:n]
    t.seat(names)
    t.deal()
    table = t.tables().get(t.id)
    state = table.state
    roles = {s.name: s.role for s in state.seats}
    assert sorted(roles.values()) == MIXES[n]
    part = {3: "three_players", 8: "eight_players"}[n]
    assert table.header["parts"] == [part] and state.rules.parts == (part,)
    first = {3: "deputy", 8: "sheriff"}[n]
    assert state.seats[state.turn].role == first          # the Deputy or the Sheriff starts
    host = t.last("host")
    assert len(host["view"]["seats"]) == n and host["view"]["parts"] == [part]
    leader = next(s for s, r in roles.items() if r == "sheriff") if n == 8 else None
    if n == 3:                                            # face up: everyone sees every role
        assert roles_seen(host) == roles
    else:                                                 # face down but the Sheriff's
        assert roles_seen(host) == {s: (r if s == leader else None) for s, r in roles.items()}
    for name in names:
        snap = t.last(name)
        assert snap["view"]["me"]["role"] == roles[name]
        if n == 3:
            assert roles_seen(snap) == roles
            target = {"deputy": "renegade", "renegade": "outlaw", "outlaw": "deputy"}
            mine = next(s for s, r in roles.items() if r == target[roles[name]])
            row = next(r for r in snap["view"]["seats"] if r["name"] == name)
            assert row["target"] == mine and row["hunts"] == f"You hunt {mine}."
            assert f"You ({engine.rules_of(state).data.words['roles'][roles[name]]}) hunt {mine}" \
                in " ".join(snap["view"]["hunting"])
        else:
            assert roles_seen(snap) == {s: (r if s == leader else None)
                                        for s, r in roles.items()}     # his own: in "me"
            assert "hunting" not in snap["view"]


def test_the_lobby_takes_three_to_eight_and_refuses_two_and_the_ninth(app):
    t = TableHelper(app)
    t.seat(EIGHT[:2])
    assert t.last("host")["table"]["players"] == [3, 4, 5, 6, 7, 8]
    ack = t.emit("host", "deal")
    assert not ack["ok"] and ack["error"]["message"] == "BANG! is played by 3 to 8 players, not 2."
    t.seat(EIGHT[2:])
    r = app.test_client().post(f"/t/{t.id}/join", json={"name": "Ivy"})
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error["code"] == "table_full"
    assert i18n.sentence(error["message"], "en") == "This table already has 8 players."
    with pytest.raises(engine.Refusal) as nine:
        engine.deal(EIGHT + ["Ivy"], seed=1)
    assert engine.say.english(nine.value.message) == "BANG! is played by 3 to 8 players, not 9."


@pytest.mark.parametrize("n", [3, 8])
def test_star_wars_keeps_four_to_seven_and_says_why_in_the_host_s_language(app, n):
    t = TableHelper(app, ruleset="starwars")
    host = t.socketio.test_client(t.app, flask_test_client=t.http,
                                  auth={"table": t.id, "lang": "hu"})
    names = EIGHT[:n]
    for name in names[:7]:
        t.phone(name)
    assert t.last("host")["table"]["players"] == [4, 5, 6, 7]
    if n == 8:                     # the eighth phone is told the table is full
        r = app.test_client().post(f"/t/{t.id}/join?lang=hu", json={"name": "Hal"})
        assert r.status_code == 400 and r.get_json()["error"]["code"] == "table_full"
        with pytest.raises(engine.Refusal) as refused:
            engine.deal(names, ruleset="starwars", seed=1)
        said = i18n.sentence(refused.value.say, "hu")
    else:
        ack = host.emit("deal", {}, callback=True)
        assert not ack["ok"]
        said = ack["error"]["message"]
    assert said.startswith("A BANG! Star Wars") and f"nem {n}" in said, said


def test_the_story_and_the_evening_score_at_three_and_at_eight(app):
    """At three, the Deputy reports (tracker mode) the final hit on the Renegade: the story
    names him the one winner, the evening's score counts his win as the Deputy and goes on
    to the next game, dealt to the same three with the 3-player game again. At eight, the
    Renegade left standing wins alone: the other Renegade, out before, is not a winner."""
    t = TableHelper(app, mode="tracker")
    t.seat(EIGHT[:3])
    t.deal()
    table = t.tables().get(t.id)
    roles = {s.name: s.role for s in table.state.seats}
    deputy = next(n for n, r in roles.items() if r == "deputy")
    renegade = next(n for n, r in roles.items() if r == "renegade")
    assert t.emit(deputy, "move", {"final_hit": renegade})["ok"]
    assert table.state.winner == "deputy"
    story = t.last("host")["table"]["story"]
    assert story["winners"] == [deputy] and story["roles"] == roles
    assert [o["seat"] for o in story["outs"]] == [renegade]
    won = t.last(deputy)["view"]["winner"]
    assert won["seats"] == [deputy] and won["text"] == "The Deputy wins."
    assert t.emit("host", "new_game", {"rotate_sheriff": True})["ok"]
    table = t.tables().get(t.id)
    assert table.header["parts"] == ["three_players"] and table.state.winner is None
    score = t.last("host")["table"]["scores"]
    assert score["games"] == 1 and score["players"][deputy] == {"won": 1,
                                                                "roles": {"deputy": 1}}
    assert all(score["players"][n]["won"] == 0 for n in EIGHT[:3] if n != deputy)

    out = {n: {"alive": False} for n in EIGHT if n not in ("Ann", "Cid")}
    record = a_record("legends", parts=["eight_players"], turn="Cid",
                      roles=("sheriff", "outlaw", "renegade", "deputy", "outlaw", "renegade",
                             "deputy", "outlaw"),
                      characters=(*KIT, "Willy the Kid", "Calamity Janet", "Slab the Killer",
                                  "Lucky Duke"),
                      Ann={"life": 1}, **out,
                      moves=[{"by": "Cid", "play": "BANG!", "target": "Ann"},
                             {"by": "Ann", "respond": "take"}, {"by": "Ann", "respond": "take"}])
    r = app.test_client().post("/tables/from-record", json=record)
    assert r.status_code == 303, r.data
    eight = t.tables().get(r.headers["Location"].rsplit("/", 1)[1])
    story = eight.story()
    assert story["winner"] == "renegade" and story["winners"] == ["Cid"]
    assert eight.scores()["players"]["Fay"] == {"won": 0, "roles": {}}     # the other Renegade
    assert eight.scores()["players"]["Cid"]["won"] == 1 and len(story["names"]) == 8


def test_an_export_while_the_game_runs_hides_only_what_the_table_hides():
    """A record exported from the host screen mid-game writes the hidden roles "unknown":
    at three players none (all face up), at eight all but the Sheriff's."""
    for n, hidden in ((3, 0), (8, 7)):
        header = engine.deal(EIGHT[:n], seed=11)
        state = engine.initial_state(header)
        out = engine.public_record(header, [], state)
        assert sum(s["role"] == "unknown" for s in out["seats"]) == hidden
        assert engine.replay(out).to_dict()["seats"][0]["name"] == "Ann"
