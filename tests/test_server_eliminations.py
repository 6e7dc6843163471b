"""Players eliminated by one card fall together (issue 22): through the server, as the
phones answer an AT-AT Attack that takes Darth Vader and the last Stormtrooper, in either
order of answers, every answer is accepted, and the host and every phone are told one
end of the game: one line in the log, one winner, the same whichever phone tapped first.
"""
from __future__ import annotations

import pytest

from helpers import a_record

# every seat an ability card entered by name (Stubborn, with its energy)
RECORD = a_record("starwars", roles=("bounty_hunter", "vader", "stormtrooper", "rebel", "rebel"),
                  turn="Ann", Ann={"hand": 3}, Bob={"life": 1, "hand": 0},
                  Cid={"life": 1, "hand": 0}, Dan={"alive": False}, Eve={"alive": False})
WHO = ("host", "Ann", "Bob", "Cid", "Dan", "Eve")


def end_lines(snapshot) -> list[str]:
    return [line["text"] for line in snapshot["log"] if line.get("kind") == "end"
            or "Game over" in line["text"]]


@pytest.mark.parametrize("first", ["Bob", "Cid"])
def test_one_card_one_end_whoever_answers_first(record_table, first):
    t = record_table(RECORD)
    second = "Cid" if first == "Bob" else "Bob"
    assert t.emit("Ann", "move", {"play": "AT-AT Attack"})["ok"]
    for who in (first, first, second, second):          # the hit, then the last energy
        ack = t.emit(who, "move", {"respond": "take"})
        assert ack["ok"], ack
    # the first to fall is still at the table while the other answers: nothing ended early
    seen = {who: t.last(who) for who in WHO}
    for who, snap in seen.items():
        assert snap["view"]["winner"]["side"] == "bounty_hunter", who
        lines = end_lines(snap)
        assert len(lines) == 1, (who, lines)
        assert "Bounty Hunter wins" in lines[0]
    host_log = [line["text"] for line in seen["host"]["log"]]
    assert sum("is eliminated" in text for text in host_log) == 2


def test_the_first_to_fall_waits_for_the_others(record_table):
    t = record_table(RECORD)
    assert t.emit("Ann", "move", {"play": "AT-AT Attack"})["ok"]
    assert t.emit("Bob", "move", {"respond": "take"})["ok"]
    assert t.emit("Bob", "move", {"respond": "take"})["ok"]
    view = t.last("Bob")["view"]
    assert view["winner"] is None
    me = next(s for s in view["seats"] if s["name"] == "Bob")
    assert me["alive"] and me["falls"]                 # out once the card's answers are in
    host = t.last("host")["view"]
    assert next(s for s in host["seats"] if s["name"] == "Cid")["falls"] is False
    assert next(s for s in host["seats"] if s["name"] == "Cid")["role"] is None
