"""BANG! Star Wars in referee mode through the server, as the phones ask it: every
question of the edition reaches the right phone with the engine's answers (Missed!, Cover,
Lucky, Bacta Tank when dying, Jawas, the Duel), the start-of-turn checks with their order,
Encounter with Destiny only at 2 energy or less, Resilient's discard, Tempered's repeat,
Inventive's swap; rulings and log lines that rest on a project decision say so; the pages
carry the edition's words and its own stylesheet, and only at its tables.
"""
from __future__ import annotations

import json
import re
from functools import partial

from helpers import NAMES, TableHelper, a_record

sw = partial(a_record, "starwars")     # a Star Wars table of four


def answers(t, who):
    return {a["respond"] or "ability": a for a in t.view(who)["me"]["answers"]}


def test_missed_cover_and_lucky_are_asked_with_pass_fail(record_table):
    t = record_table(sw(Bob={"character": "Lucky", "in_play": ["Cover"]}, turn="Ann"))
    assert t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"})["ok"]
    me = t.view("Bob")["me"]
    assert me["asked"][0]["kind"] == "bang"
    got = answers(t, "Bob")
    assert set(got) >= {"Missed!", "Cover", "Lucky", "take"}
    assert got["Cover"]["needs_check"] and got["Lucky"]["needs_check"]
    assert "Cover symbol" in me["cover_question"]
    # a revealed card is not an answer here: pass or fail
    ack = t.emit("Bob", "move", {"respond": "Cover", "check": "8♠"})
    assert not ack["ok"] and ack["error"]["code"] == "bad_check"
    assert t.emit("Bob", "move", {"respond": "Cover", "check": "fail"})["ok"]
    assert t.emit("Bob", "move", {"respond": "Lucky", "check": "pass"})["ok"]
    assert not t.view("Bob")["me"]["asked"]
    assert t.view("host")["seats"][1]["life"] == 4


def test_jawas_and_duel_answers_use_the_editions_words(record_table):
    t = record_table(sw(turn="Ann"))
    assert t.emit("Ann", "move", {"play": "Jawas"})["ok"]
    got = answers(t, "Bob")
    assert got["BANG!"]["label"] == "Discard a BANG!" and got["take"]["label"] == "Lose 1 energy"
    assert "Missed!" not in got and "Cover" not in got
    for who in ("Bob", "Cid", "Dan"):
        assert t.emit(who, "move", {"respond": "take"})["ok"]
    assert t.emit("Ann", "move", {"play": "Duel", "target": "Cid"})["ok"]
    got = answers(t, "Cid")
    assert got["take"]["label"] == "Give up: lose 1 energy"
    # a discarded BANG! brings no Encounter with Destiny, whatever the energy
    ack = t.emit("Cid", "move", {"respond": "BANG!", "destiny": "draw"})
    assert not ack["ok"] and ack["error"]["code"] == "destiny_unavailable"


def test_bacta_tank_when_dying_and_its_destiny(record_table):
    t = record_table(sw(Bob={"life": 1}, turn="Ann"))
    assert t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"})["ok"]
    assert t.emit("Bob", "move", {"respond": "take"})["ok"]
    me = t.view("Bob")["me"]
    assert me["asked"][0]["kind"] == "dying" and me["destiny"]["applies"]
    got = answers(t, "Bob")
    assert got["Bacta Tank"]["ok"] and got["take"]["label"] == "I'm out"
    ack = t.emit("Bob", "move", {"respond": "Bacta Tank", "destiny": "heal_other",
                                 "other": "Cid", "first": "card"})
    assert ack["ok"], ack
    host = t.view("host")
    assert host["seats"][1]["life"] == 1 and host["seats"][1]["alive"]


def test_destiny_is_offered_only_at_two_energy_or_less(record_table):
    t = record_table(sw(Ann={"life": 3}, turn="Ann"))
    assert not t.view("Ann")["me"]["destiny"]["applies"]
    ack = t.emit("Ann", "move", {"play": "BANG!", "target": "Bob", "destiny": "draw"})
    assert not ack["ok"] and ack["error"]["code"] == "destiny_unavailable"
    t2 = record_table(sw(Ann={"life": 2}, turn="Ann"))
    me = t2.view("Ann")["me"]
    assert me["destiny"]["applies"] and "BANG!" in me["destiny"]["cards"]
    cat = t2.emit("Ann", "catalogue", {})["cards"]
    bang = next(c for c in cat if c["name"] == "BANG!")
    assert set(bang["destiny"]) == {"draw", "steal", "discard_all", "hit_all"}
    ack = t2.emit("Ann", "move", {"play": "BANG!", "target": "Bob", "destiny": "steal",
                                  "card": "hand", "first": "destiny"})
    assert ack["ok"], ack
    # hit_all: no target, every other player is asked
    t3 = record_table(sw(Ann={"life": 1}, turn="Ann"))
    assert t3.emit("Ann", "move", {"play": "BANG!", "destiny": "hit_all"})["ok"]
    assert {p["seat"] for p in t3.view("host")["pending"]} == {"Bob", "Cid", "Dan"}
    # Missed!'s swap acts on the attacker
    assert t3.emit("Bob", "move", {"respond": "take"})["ok"]
    assert t3.emit("Cid", "move", {"respond": "take"})["ok"]


def test_start_of_turn_checks_in_the_players_order_carbonite_last(record_table):
    t = record_table(sw(Bob={"in_play": ["Carbonite", "Trash Compactor", "A New Hope"]},
                        turn="Bob", phase="start"))
    checks = t.view("Bob")["me"]["checks"]
    by = {c["card"]: c for c in checks}
    assert set(by) == {"Carbonite", "Trash Compactor", "A New Hope"}
    assert by["Trash Compactor"]["first"] and by["A New Hope"]["first"]
    assert not by["Carbonite"]["first"]
    assert "A New Hope symbol" in by["A New Hope"]["question"]
    ack = t.emit("Bob", "move", {"check": "pass", "card": "Carbonite"})
    assert not ack["ok"]
    assert t.emit("Bob", "move", {"check": "fail", "card": "A New Hope"})["ok"]
    assert [c["card"] for c in t.view("Bob")["me"]["checks"]] == ["Trash Compactor",
                                                                  "Carbonite"]
    assert t.emit("Bob", "move", {"check": "fail", "card": "Trash Compactor"})["ok"]
    assert t.emit("Bob", "move", {"check": "fail", "card": "Carbonite"})["ok"]
    host = t.view("host")
    assert host["turn"] == "Cid"      # frozen: the whole turn is skipped


def test_a_new_hope_cap_rests_on_a_project_decision(record_table):
    t = record_table(sw(Bob={"life": 3, "in_play": ["A New Hope"]}, turn="Bob",
                        phase="start"))
    ruling = t.emit("Bob", "judge", {"move": {"check": "pass"}})["ruling"]
    assert ruling["ok"] and "hope_cap" in [d["id"] for d in ruling["decisions"]]
    assert t.emit("Bob", "move", {"check": "pass"})["ok"]
    lines = t.last("Bob")["log"]
    assert any(line.get("decision") == "hope_cap" and "the app's reading" in line["text"]
               for line in lines)


def test_entered_range_and_custom_ability_say_they_are_decisions(record_table):
    t = record_table(sw(turn="Ann"))
    ruling = t.emit("Ann", "judge", {"move": {"play": "A280", "range": 3}})["ruling"]
    ids = [d["id"] for d in ruling["decisions"]]
    assert "range" in ids and "custom_ability" in ids       # Ann's card is entered by name
    assert t.view("Ann")["me"]["ability_card"]["custom"]
    assert "no automatic effect" in t.view("Ann")["me"]["ability_card"]["note"]


def test_a_blasters_preview_does_not_say_its_range_was_entered(record_table):
    """Before the player is asked for the range printed on his A280, the "Play A280" sheet
    shows the ruling: the range the dry run needed is none he entered, so the ruling does
    not say "was entered from the card" (after the play, with his range, it does)."""
    t = record_table(sw(Ann={"character": "Fearless"}, turn="Ann"))
    ack = t.emit("Ann", "targets", {"card": "A280"})
    assert ack["ok"] and ack["needs_target"] is False and ack["play"]["ok"]
    assert "range" not in [d["id"] for d in ack["play"].get("decisions", [])], ack["play"]
    assert t.emit("Ann", "move", {"play": "A280", "range": 3})["ok"]
    assert any(line.get("decision") == "range" for line in t.last("Ann")["log"])


def test_resilient_tempered_and_inventive_on_the_phone(record_table):
    t = record_table(sw(Ann={"character": "Tempered"},
                        Bob={"character": "Resilient", "life": 2},
                        Cid={"character": "Inventive"}, turn="Ann"))
    heal = t.view("Bob")["me"]["heal_discard"]
    assert heal["ok"] and heal["label"].startswith("Resilient")
    assert t.view("Cid")["me"]["plays_as"] is True
    assert "repeat" not in t.view("Ann")["me"] or t.view("Ann")["me"]["repeat"] is None
    assert t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"})["ok"]
    assert t.emit("Bob", "move", {"respond": "take"})["ok"]
    rep = t.view("Ann")["me"]["repeat"]
    assert rep["card"] == "BANG!" and rep["aimed"] and rep["ok"]
    assert {x["name"] for x in rep["targets"]} == {"Bob", "Cid", "Dan"}
    ack = t.emit("Ann", "move", {"ability": {"repeat": "BANG!"}, "target": "Bob"})
    assert ack["ok"], ack
    assert t.view("Bob")["me"]["asked"][0]["kind"] == "bang"
    assert t.emit("Bob", "move", {"respond": "take"})["ok"]
    assert t.view("Ann")["me"].get("repeat") is None          # once a turn
    assert t.emit("Bob", "move", {"ability": {"discard": 2}})["ok"]
    # Inventive plays a Missed! as the turn's BANG! (and answers a BANG! with a BANG!)
    t2 = record_table(sw(Cid={"character": "Inventive"}, turn="Cid"))
    ack = t2.emit("Cid", "move", {"play": "Missed!", "as": "BANG!", "target": "Dan"})
    assert ack["ok"], ack
    assert t2.emit("Dan", "move", {"respond": "take"})["ok"]


def test_phone_sets_an_entered_range_in_tracker_mode(app):
    t = TableHelper(app, mode="tracker", ruleset="starwars")
    t.seat(NAMES[:4])
    t.deal()
    who = NAMES[0]
    ack = t.emit(who, "move", {"set": {"in_play": ["DLT-19"]}})
    assert not ack["ok"] and ack["error"]["code"] == "range_required"
    ack = t.emit(who, "move", {"set": {"in_play": ["DLT-19", "Droid"], "ranges": {"DLT-19": 4}}})
    assert ack["ok"], ack
    me = t.last(who)["view"]
    row = next(s for s in me["seats"] if s["name"] == who)
    assert {"name": "DLT-19", "kind": "weapon", "range": 4, "entered": True} in row["in_play"]
    assert me["me"]["distances"]["weapon"]["range"] == 4
    # the range stays with the card while it stays in play
    assert t.emit(who, "move", {"set": {"in_play": ["DLT-19"]}})["ok"]
    row = next(s for s in t.last(who)["view"]["seats"] if s["name"] == who)
    assert row["in_play"][0]["range"] == 4


def _page_words(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="ruleset-words">(.*?)</script>', html, re.S)
    assert m, "the page carries no ruleset words"
    return json.loads(m.group(1))


def test_pages_carry_the_editions_words_and_look_only_at_its_tables(app):
    sw_table = TableHelper(app, mode="referee", ruleset="starwars")
    base = TableHelper(app, mode="referee", ruleset="base")
    token = sw_table.join("Ann")
    page = sw_table.http.get(f"/host/{sw_table.id}").get_data(as_text=True)
    words = _page_words(page)
    assert words["life"] == "energy" and words["check"] == "check"
    assert words["character"] == "ability card" and words["leader_role"] == "vader"
    assert {r["label"] for r in words["role_info"].values()} == {
        "Darth Vader", "Imperial Stormtrooper", "Rebel", "Bounty Hunter"}
    assert words["kinds"]["beer"] == "Bacta Tank" and words["default_weapon"] == "E-11"
    assert {c["name"] for c in words["blue"] if c["entered"]} == {
        "Ion Blaster", "Crossbow", "DLT-19", "A280"}
    assert 'data-theme="starfield"' in page and "css/starwars.css" in page
    phone = app.test_client().get(f"/p/{sw_table.id}").get_data(as_text=True)
    assert "css/starwars.css" in phone and _page_words(phone)["life"] == "energy"
    assert '<h2 id="life-label">energy</h2>' in phone
    assert token
    plain = base.http.get(f"/host/{base.id}").get_data(as_text=True)
    assert "starwars.css" not in plain and "data-theme" not in plain
    assert _page_words(plain) == {}          # the base game's words are the pages' own
    base_phone = app.test_client().get(f"/p/{base.id}").get_data(as_text=True)
    assert '<h2 id="life-label">life</h2>' in base_phone and "starwars" not in base_phone
    r = app.test_client().get("/static/css/starwars.css")
    css = r.get_data(as_text=True)
    r.close()
    assert "url(" not in css and "@import" not in css       # nothing from elsewhere


def test_the_rules_page_has_the_editions_entries(client):
    page = client.get("/rules").get_data(as_text=True)
    for title in ("Encounter with Destiny", "Carbonite", "Trash Compactor", "A New Hope",
                  "Bacta Tank", "Fearless", "Resilient"):
        assert title in page, title
    # the filter searches each entry's data-search text
    assert re.search(r'data-search="[^"]*destiny[^"]*"', page, re.I)


def test_a_phone_names_its_own_ability_card_in_the_lobby(app):
    t = TableHelper(app, mode="tracker", ruleset="starwars")
    t.seat(NAMES[:4])
    ack = t.emit(NAMES[1], "character", {"character": {"name": "Stubborn", "energy": 3}})
    assert ack["ok"], ack
    lobby = t.last("host")["table"]["lobby"]
    assert lobby[1]["character"] == {"name": "Stubborn", "energy": 3}
    bad = t.emit(NAMES[2], "character", {"character": {"name": "Stubborn", "energy": 12}})
    assert not bad["ok"] and "energy" in bad["error"]["message"]
    assert not t.emit(NAMES[2], "character", {"character": {"name": "x" * 31, "energy": 3}})["ok"]
    assert t.emit(NAMES[2], "character", {"character": "Lucky"})["ok"]
    assert t.emit(NAMES[2], "character", {"character": None})["ok"]
    assert "character" not in t.last("host")["table"]["lobby"][2]
    t.deal()
    seats = t.last("host")["view"]["seats"]
    assert seats[1]["character"] == "Stubborn" and seats[1]["custom_ability"]
    assert "no automatic effect" in t.last(NAMES[1])["view"]["me"]["ability"]
    # after the deal the lobby is closed
    assert not t.emit(NAMES[3], "character", {"character": "Lucky"})["ok"]


def test_a_base_table_takes_no_ability_by_name(app):
    t = TableHelper(app, mode="tracker", ruleset="base")
    t.seat(NAMES[:4])
    assert not t.emit(NAMES[0], "character", {"character": {"name": "Stubborn", "energy": 3}})["ok"]
    assert t.emit(NAMES[0], "character", {"character": "Paul Regret"})["ok"]
    t.deal()
    assert t.last("host")["view"]["seats"][0]["character"] == "Paul Regret"
