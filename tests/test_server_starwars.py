"""BANG! Star Wars through the server: the start page offers it, a table is created and
dealt through the engine, the lobby's chooser lists the ability cards, phones get their
view (Vader revealed, energy, Destiny), a referee move and a new game with Vader passed on.
"""
from __future__ import annotations

from helpers import NAMES, TableHelper


def test_the_start_page_offers_the_three_rulesets(client):
    page = client.get("/").get_data(as_text=True)
    for value, title in (("base", "BANG! (base game)"), ("legends", "BANG! Legends"),
                         ("starwars", "BANG! Star Wars")):
        assert f'value="{value}"' in page and title in page


def test_a_star_wars_table_deals_and_plays(app):
    t = TableHelper(app, mode="referee", ruleset="starwars")
    t.seat(NAMES[:5])
    host = t.last("host")
    assert "Lucky" in host["table"]["characters"] and "Bart Cassidy" not in host["table"]["characters"]
    lobby = host["table"]["lobby"]
    t.deal(characters={lobby[0]["id"]: {"name": "Stubborn", "energy": 3}})
    view = t.last("host")["view"]
    assert view["ruleset"] == "starwars" and view["features"]["destiny"]
    roles = [s["role"] for s in view["seats"]]
    assert roles.count("vader") == 1 and roles.count(None) == 4
    vader = next(s for s in view["seats"] if s["role"] == "vader")
    assert view["turn"] == vader["name"] and vader["max_life"] == vader["hand"]
    assert view["seats"][0]["character"] == "Stubborn" and view["seats"][0]["custom_ability"]
    phone = t.last(NAMES[1])["view"]
    assert phone["me"]["role"] in ("rebel", "stormtrooper", "bounty_hunter", "vader")
    assert "destiny" in phone["me"] and "ability_card" in phone["me"]
    ack = t.emit(vader["name"], "move", {"draw": {}})
    assert ack["ok"], ack
    ack = t.emit(vader["name"], "move", {"play": "DLT-19"})
    assert not ack["ok"] and ack["error"]["code"] == "range_required"
    ack = t.emit(vader["name"], "move", {"play": "DLT-19", "range": 3})
    assert ack["ok"], ack
    assert "range" in [d["id"] for d in ack["decisions"]]     # the ruling says it is ours
    seat = next(s for s in t.last("host")["view"]["seats"] if s["name"] == vader["name"])
    assert {"name": "DLT-19", "kind": "weapon", "range": 3, "entered": True} in seat["in_play"]


def test_a_new_star_wars_game_passes_vader_clockwise(app):
    t = TableHelper(app, mode="tracker", ruleset="starwars")
    t.seat(NAMES[:4])
    t.deal()
    seats = t.last("host")["view"]["seats"]
    names = [s["name"] for s in seats]
    k = next(i for i, s in enumerate(seats) if s["role"] == "vader")
    ack = t.emit("host", "new_game", {"keep_characters": True, "rotate_sheriff": True})
    assert ack["ok"], ack
    seats = t.last("host")["view"]["seats"]
    assert next(s["name"] for s in seats if s["role"] == "vader") == names[(k + 1) % 4]


def test_the_pages_carry_the_rulesets_words_and_only_its_own_parts(app):
    import json
    import re
    t = TableHelper(app, mode="tracker", ruleset="starwars")
    for page in (t.http.get(f"/host/{t.id}"), t.http.get(f"/p/{t.id}")):
        html = page.get_data(as_text=True)
        words = json.loads(re.search(r'id="ruleset-words">(.*?)</script>', html).group(1))
        assert words["life"] == "energy" and words["check"] == "check"
        assert words["roles"]["vader"] == "Darth Vader"
        assert 'id="feats-box"' not in html and 'id="host-feats"' not in html
    rules = t.http.get("/rules").get_data(as_text=True)
    assert "Encounter with Destiny" in rules and "Trash Compactor" in rules
