"""Referee mode over Socket.IO (test client): every kind of question and answer, the
refusals, the read-only questions (`targets`, `judge`, `distance`, `catalogue`) and
starting a table from a record. Tables come from records (`record_table`), so the roles,
characters and cards in play are known."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from helpers import WILLY, a_record
from engine.say import english

def ok(ack):
    assert ack["ok"] is True, ack
    return ack


def refused(ack, code):
    assert ack["ok"] is False and ack["error"]["code"] == code, ack
    assert ack["error"]["message"] and "rule" in ack["error"]
    return ack


def me(t, name):
    return t.view(name)["me"]


def pending(t):
    return [(p["seat"], p["kind"]) for p in t.view("host")["pending"]]


def life(t, name):
    return next(s["life"] for s in t.view("host")["seats"] if s["name"] == name)


# --- a BANG! and its answers ------------------------------------------------------------------

def test_bang_asks_the_target_who_answers_missed_or_takes_it(record_table):
    t = record_table(a_record())
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    assert pending(t) == [("Bob", "bang")]
    bob = me(t, "Bob")
    assert bob["asked"][0]["kind"] == "bang" and bob["asked"][0]["from"] == "Ann"
    assert [a["respond"] for a in bob["answers"]] == ["Missed!", "take"]
    assert all(a["ok"] for a in bob["answers"])
    # the shooter's view shows the open question (the phone's waiting state)
    assert t.view("Ann")["pending"][0]["seat"] == "Bob"
    # only the asked player answers; a question that does not fit is refused
    refused(t.emit("Cid", "move", {"respond": "Missed!"}), "nothing_to_answer")
    refused(t.emit("Bob", "move", {"respond": "Beer"}), "not_dying")
    refused(t.emit("Ann", "move", {"play": "Beer"}), "answer_pending")
    ok(t.emit("Bob", "move", {"respond": "Missed!"}))
    assert pending(t) == [] and life(t, "Bob") == 4
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))   # Willy the Kid
    ok(t.emit("Bob", "move", {"respond": "take"}))
    assert life(t, "Bob") == 3


def test_slab_the_killer_needs_two_missed(record_table):
    t = record_table(a_record(Ann={"character": "Slab the Killer"}))
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    assert t.view("Bob")["me"]["asked"][0]["needed"] == 2
    ok(t.emit("Bob", "move", {"respond": "Missed!"}))
    assert pending(t) == [("Bob", "bang")]           # one more needed
    ok(t.emit("Bob", "move", {"respond": "Missed!"}))
    assert pending(t) == [] and life(t, "Bob") == 4


def test_barrel_with_the_revealed_card(record_table):
    t = record_table(a_record(Bob={"in_play": ["Barrel"]}))
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    barrel = next(a for a in me(t, "Bob")["answers"] if a["respond"] == "Barrel")
    assert barrel["ok"] and barrel["needs_check"]
    refused(t.emit("Bob", "move", {"respond": "Barrel"}), "bad_check")       # no card given
    ok(t.emit("Bob", "move", {"respond": "Barrel", "check": "5♠"}))          # not a heart
    assert pending(t) == [("Bob", "bang")]
    barrel = next(a for a in me(t, "Bob")["answers"] if a["respond"] == "Barrel")
    assert not barrel["ok"] and barrel["code"] == "barrel_used" and barrel["rule"]
    refused(t.emit("Bob", "move", {"respond": "Barrel", "check": "K♥"}), "barrel_used")
    ok(t.emit("Bob", "move", {"respond": "take"}))
    assert life(t, "Bob") == 3


def test_jourdonnais_and_lucky_duke_enter_their_cards(record_table):
    t = record_table(a_record(Bob={"character": "Jourdonnais"},
                              Dan={"character": "Lucky Duke", "in_play": ["Barrel"]}))
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    assert "Jourdonnais" in [a["respond"] for a in me(t, "Bob")["answers"]]
    ok(t.emit("Bob", "move", {"respond": "Jourdonnais", "check": "Q♥"}))
    assert pending(t) == [] and life(t, "Bob") == 4
    # Lucky Duke's Barrel: two cards, the one he keeps counts
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Dan"}))
    refused(t.emit("Dan", "move", {"respond": "Barrel", "check": ["2♠", "K♥"],
                                   "keep": "A♦"}), "bad_check")
    ok(t.emit("Dan", "move", {"respond": "Barrel", "check": ["2♠", "K♥"], "keep": "K♥"}))
    assert pending(t) == []


# --- everybody at once, back and forth, dying -----------------------------------------------------

def test_gatling_and_indians_ask_every_other_phone(record_table):
    t = record_table(a_record())
    ok(t.emit("Ann", "move", {"play": "Gatling"}))
    assert sorted(pending(t)) == [("Bob", "gatling"), ("Cid", "gatling"), ("Dan", "gatling")]
    for name in ("Bob", "Cid", "Dan"):
        assert me(t, name)["asked"][0]["kind"] == "gatling"
    ok(t.emit("Dan", "move", {"respond": "take"}))        # any order, each for himself
    ok(t.emit("Bob", "move", {"respond": "Missed!"}))
    refused(t.emit("Bob", "move", {"respond": "Missed!"}), "nothing_to_answer")
    ok(t.emit("Cid", "move", {"respond": "take"}))
    assert pending(t) == [] and life(t, "Bob") == 4 and life(t, "Cid") == 3

    ok(t.emit("Ann", "move", {"play": "Indians!"}))
    assert [a["respond"] for a in me(t, "Bob")["answers"]] == ["BANG!", "take"]
    refused(t.emit("Bob", "move", {"respond": "Missed!"}), "wrong_answer")
    for name in ("Bob", "Cid", "Dan"):
        ok(t.emit(name, "move", {"respond": "BANG!" if name == "Bob" else "take"}))
    assert pending(t) == [] and life(t, "Bob") == 4 and life(t, "Cid") == 2


def test_duel_goes_back_and_forth_until_someone_gives_up(record_table):
    t = record_table(a_record())
    ok(t.emit("Ann", "move", {"play": "Duel", "target": "Cid"}))
    assert pending(t) == [("Cid", "duel")]
    ok(t.emit("Cid", "move", {"respond": "BANG!"}))
    assert pending(t) == [("Ann", "duel")]
    refused(t.emit("Ann", "move", {"respond": "Missed!"}), "wrong_answer")
    ok(t.emit("Ann", "move", {"respond": "BANG!"}))
    assert pending(t) == [("Cid", "duel")]
    ok(t.emit("Cid", "move", {"respond": "take"}))
    assert pending(t) == [] and life(t, "Cid") == 3


def test_a_lethal_hit_asks_for_beer_or_out_and_shows_the_role(record_table):
    t = record_table(a_record(Cid={"life": 1}))
    ok(t.emit("Ann", "move", {"play": "Duel", "target": "Cid"}))
    ok(t.emit("Cid", "move", {"respond": "take"}))
    assert pending(t) == [("Cid", "dying")]
    answers = me(t, "Cid")["answers"]
    assert [a["respond"] for a in answers] == ["Beer", "take"]
    assert next(s for s in t.view("host")["seats"] if s["name"] == "Cid")["role"] is None
    ok(t.emit("Cid", "move", {"respond": "take"}))              # "I'm out"
    cid = next(s for s in t.view("host")["seats"] if s["name"] == "Cid")
    assert cid["alive"] is False and cid["role"] == "outlaw"    # revealed to all


def test_beer_saves_and_heals_nothing_with_two_players_left(record_table):
    t = record_table(a_record(characters=WILLY[:3], roles=("sheriff", "outlaw", "outlaw"),
                              Bob={"life": 1}, Cid={"alive": False}))
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    beer = me(t, "Bob")["answers"][0]
    assert beer["respond"] == "Beer" and "two players" in beer["label"]
    ok(t.emit("Bob", "move", {"respond": "Beer"}))
    assert pending(t) == [("Bob", "dying")]                     # still dying: no heal
    ok(t.emit("Bob", "move", {"respond": "take"}))
    assert t.view("host")["winner"]["side"] == "sheriff"


def test_host_corrections_keep_an_open_question_consistent(record_table):
    """issue 9: a correction re-asks, closes or is refused, and the host's ack says which."""
    t = record_table(a_record(Bob={"life": 1, "hand": 0}))
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    assert [a["respond"] for a in me(t, "Bob")["answers"]] == ["Beer", "take"]
    assert not me(t, "Bob")["answers"][0]["ok"]                 # no card for a Beer
    # the hand is corrected: Bob is asked again, and now his Beer is allowed
    ack = ok(t.emit("host", "host_move", {"set": {"seat": "Bob", "hand": 1}}))
    assert "Bob is asked again" in ack["outcome"]
    assert pending(t) == [("Bob", "dying")] and me(t, "Bob")["answers"][0]["ok"]
    # his life is corrected above 0: the question closes and the turn goes on
    ack = ok(t.emit("host", "host_move", {"set": {"seat": "Bob", "life": 1}}))
    assert "closed" in ack["outcome"] and pending(t) == [] and me(t, "Bob")["asked"] == []
    refused(t.emit("Bob", "move", {"respond": "take"}), "nothing_to_answer")
    # the last life of the player whose turn it is waits for the open question
    ok(t.emit("Ann", "move", {"play": "Duel", "target": "Cid"}))
    ack = refused(t.emit("host", "host_move", {"set": {"seat": "Ann", "life": 0}}),
                  "answer_pending")
    assert "Cid" in ack["error"]["message"] and ack["error"]["rule"] == "host.open_question"
    assert life(t, "Ann") == 5 and pending(t) == [("Cid", "duel")]
    ok(t.emit("Cid", "move", {"respond": "take"}))
    ok(t.emit("Ann", "move", {"end_turn": {}}))
    assert t.view("host")["turn"] == "Bob"


def test_sid_ketchum_heals_at_any_moment(record_table):
    t = record_table(a_record(Dan={"character": "Sid Ketchum", "life": 1}))
    ok(t.emit("Ann", "move", {"play": "Gatling"}))
    ok(t.emit("Dan", "move", {"respond": "take"}))
    answers = me(t, "Dan")["answers"]
    sid = next(a for a in answers if a.get("ability"))
    assert sid["ability"] == {"discard": 2} and sid["ok"]
    ok(t.emit("Dan", "move", {"ability": {"discard": 2}}))
    assert pending(t) == [("Bob", "gatling"), ("Cid", "gatling")]   # Dan is saved
    assert life(t, "Dan") == 1
    refused(t.emit("Dan", "move", {"ability": {"discard": 3}}), "bad_move")


# --- the turn: draw!s, the draw, the end ------------------------------------------------------

def test_dynamite_then_jail_checks_with_the_card_entered(record_table):
    t = record_table(a_record(roles=("outlaw", "sheriff", "outlaw", "renegade"),
                              Ann={"in_play": ["Dynamite", "Jail"]}, phase="start", turn="Ann"))
    hints = me(t, "Ann")["hints"]
    assert hints["check_due"] == "dynamite" and hints["check_cards"] == 1
    refused(t.emit("Ann", "move", {"draw": {}}), "check_pending")
    refused(t.emit("Ann", "move", {"check": "Z9"}), "bad_check")
    ok(t.emit("Ann", "move", {"check": "K♥"}))                  # the Dynamite passes on
    assert me(t, "Ann")["hints"]["check_due"] == "jail"
    ok(t.emit("Ann", "move", {"check": "5♠"}))                  # stays... the turn is lost
    assert t.view("host")["turn"] == "Bob"
    assert "Dynamite" in [c["name"] for c in t.view("host")["seats"][1]["in_play"]]


def test_lucky_duke_enters_two_cards_and_keeps_one(record_table):
    t = record_table(a_record(roles=("outlaw", "sheriff", "outlaw", "renegade"),
                              Ann={"character": "Lucky Duke", "in_play": ["Jail"]},
                              phase="start", turn="Ann"))
    assert me(t, "Ann")["hints"]["check_cards"] == 2
    ok(t.emit("Ann", "move", {"check": ["5♠", "K♥"], "keep": "K♥"}))
    assert t.view("host")["turn"] == "Ann" and t.view("host")["phase"] == "draw"


def test_draw_choices_of_jesse_pedro_and_black_jack(record_table):
    for character, good, bad, code in [
            ("Jesse Jones", {"from": "Bob"}, {"from": "discard"}, "ability_unavailable"),
            ("Pedro Ramirez", {"from": "discard"}, {"from": "Bob"}, None),
            ("Black Jack", {"reveal": "Q♥"}, {}, "reveal_required")]:
        t = record_table(a_record(Ann={"character": character}, phase="draw"))
        hook = me(t, "Ann")["hints"]["draw"]["hook"]
        assert hook in ("jesse", "pedro", "black_jack"), hook
        if code:
            refused(t.emit("Ann", "move", {"draw": bad}), code)
        ok(t.emit("Ann", "move", {"draw": good}))
        assert t.view("host")["phase"] == "play"


def test_end_of_turn_discard_is_computed_from_the_hand_count(record_table):
    t = record_table(a_record(Ann={"hand": 8}))
    hints = me(t, "Ann")["hints"]
    assert hints["discard_needed"] == 3 and hints["hand_limit"] == 5
    refused(t.emit("Ann", "move", {"end_turn": {"discard": 1}}), "over_hand_limit")
    ok(t.emit("Ann", "move", {"end_turn": {}}))
    host = t.view("host")
    assert host["turn"] == "Bob" and host["seats"][0]["hand"] == 5


def test_blue_cards_go_in_front_and_a_new_weapon_replaces_the_old(record_table):
    t = record_table(a_record(Ann={"in_play": ["Schofield"]}))
    ok(t.emit("Ann", "move", {"play": "Remington"}))
    ok(t.emit("Ann", "move", {"play": "Jail", "target": "Bob"}))
    seats_ = {s["name"]: [c["name"] for c in s["in_play"]] for s in t.view("host")["seats"]}
    assert seats_["Ann"] == ["Remington"] and seats_["Bob"] == ["Jail"]
    ok(t.emit("Ann", "move", {"play": "Panic!", "target": "Dan", "card": "hand"}))
    ok(t.emit("Ann", "move", {"play": "Cat Balou", "target": "Bob", "card": "Jail"}))
    assert t.view("host")["seats"][1]["in_play"] == []
    refused(t.emit("Ann", "move", {"play": "Cat Balou", "target": "Bob"}), "card_choice_required")


def test_calamity_janet_plays_one_card_as_another(record_table):
    t = record_table(a_record(Ann={"character": "Calamity Janet"}))
    ack = ok(t.emit("Ann", "targets", {"card": "Missed!", "as": "BANG!"}))
    assert ack["as"] == "BANG!" and ack["needs_target"]
    assert [r["name"] for r in ack["targets"] if r["ok"]] == ["Bob", "Dan"]
    ok(t.emit("Ann", "move", {"play": "Missed!", "as": "BANG!", "target": "Bob"}))
    assert pending(t) == [("Bob", "bang")]
    t2 = record_table(a_record())
    refused(t2.emit("Ann", "move", {"play": "Missed!", "as": "BANG!", "target": "Bob"}),
            "not_as_card")


# --- refusals change nothing ----------------------------------------------------------------------

def test_a_refused_play_carries_its_sentence_and_rule_and_changes_nothing(record_table):
    t = record_table(a_record(Ann={"character": "Paul Regret"},
                              Bob={"character": "Willy the Kid"}))
    before = t.last("host")
    for move, code in [({"play": "BANG!", "target": "Cid"}, "out_of_range"),
                       ({"play": "Jail", "target": "Ann"}, "bad_target"),
                       ({"play": "Panic!", "target": "Cid", "card": "hand"}, "out_of_range"),
                       ({"play": "Gatling", "target": "Bob"}, "no_target_allowed"),
                       ({"play": "Nonsense"}, "unknown_card")]:
        ack = refused(t.emit("Ann", "move", move), code)
        assert ack["error"]["rule"]
    refused(t.emit("Bob", "move", {"play": "BANG!", "target": "Ann"}), "not_your_turn")
    assert all(m["name"] != "snapshot" for m in t.host.get_received())
    assert t.tables().get(t.id).live_count == 0
    assert before["table"]["moves"] == 0


# --- the read-only questions ------------------------------------------------------------------

def test_targets_grey_the_players_the_rules_forbid(record_table):
    t = record_table(a_record(roles=("outlaw", "sheriff", "deputy", "renegade"),
                              Dan={"in_play": ["Mustang"]}, turn="Ann"))
    for c in [t.host, *t.phones.values()]:
        c.get_received()
    jail = ok(t.emit("Ann", "targets", {"card": "Jail"}))
    rows = {r["name"]: r for r in jail["targets"]}
    assert rows["Bob"]["ok"] is False and rows["Bob"]["code"] == "jail_on_sheriff"
    assert rows["Bob"]["rule"] == "card.jail" and rows["Bob"]["message"]
    assert rows["Cid"]["ok"] and rows["Dan"]["ok"] and "Ann" not in rows

    bang = ok(t.emit("Ann", "targets", {"card": "BANG!"}))
    rows = {r["name"]: r for r in bang["targets"]}
    assert rows["Bob"]["ok"] and not rows["Cid"]["ok"]
    assert rows["Cid"]["code"] == "out_of_range" and "distance 2" in rows["Cid"]["message"]
    assert rows["Dan"]["code"] == "out_of_range"                   # Mustang: distance 2

    panic = ok(t.emit("Ann", "targets", {"card": "Panic!"}))
    assert panic["choice"] is True and panic["needs_target"]
    beer = ok(t.emit("Ann", "targets", {"card": "Beer"}))
    assert beer["needs_target"] is False and beer["play"]["ok"]
    cat = ok(t.emit("Ann", "targets", {"card": "Cat Balou"}))
    assert "Ann" in [r["name"] for r in cat["targets"]]            # any player, oneself too

    dist = ok(t.emit("Bob", "distance", {"from": "Ann", "to": "Dan"}))
    assert dist["distance"] == 2 and dist["bang"] is False and dist["rule"] == "distance"
    assert [p["delta"] for p in dist["breakdown"]] == [1, 1]
    cards = ok(t.emit("Cid", "catalogue", {}))["cards"]
    assert {"BANG!", "Jail", "Winchester"} <= {c["name"] for c in cards}

    # read-only: nobody got a snapshot for any of that
    for c in [t.host, *t.phones.values()]:
        assert all(m["name"] != "snapshot" for m in c.get_received())


def test_judge_answers_for_any_player_and_never_echoes_a_role(record_table):
    t = record_table(a_record(Cid={"life": 1}, turn="Ann"))
    r = ok(t.emit("Bob", "judge", {"move": {"play": "BANG!", "target": "Ann"}}))["ruling"]
    assert r == {"ok": False, "code": "not_your_turn", "message": r["message"],
                 "rule": r["rule"], "rule_title": r["rule_title"],
                 "rule_text": r["rule_text"]} and r["rule_text"] and r["rule_title"]
    r = ok(t.emit("Bob", "judge", {"by": "Ann", "move": {"play": "Jail", "target": "Cid"}}))
    assert r["ruling"] == {"ok": True}
    # Cid is dying after a Duel: "can Cid give up?" says yes and nothing more
    ok(t.emit("Ann", "move", {"play": "Duel", "target": "Cid"}))
    ok(t.emit("Cid", "move", {"respond": "take"}))
    for asker in ("Bob", "Dan", "host"):
        ack = ok(t.emit(asker, "judge", {"by": "Cid", "move": {"respond": "take"}}))
        assert ack["ruling"] == {"ok": True}
        assert "outlaw" not in json.dumps(ack).lower()
    # the host must say whose move it judges; bad input is refused and changes nothing
    refused(t.emit("host", "judge", {"move": {"draw": {}}}), "bad_request")
    refused(t.emit("Bob", "judge", {"by": "Zed", "move": {"draw": {}}}), "bad_request")
    refused(t.emit("Bob", "judge", {"move": "BANG!"}), "bad_request")
    assert ok(t.emit("Bob", "judge", {"move": {"fly": 1}}))["ruling"]["code"] == "bad_move"
    refused(t.emit("Bob", "targets", {"card": "Rocket"}), "bad_request")
    refused(t.emit("Bob", "distance", {"from": "Ann", "to": "Ann"}), "bad_request")
    refused(t.emit("Bob", "distance", {"from": "Ann"}), "bad_request")
    refused(t.emit("Bob", "judge", {"move": {"play": "x" * 5000}}), "bad_request")
    assert pending(t) == [("Cid", "dying")]


def test_read_only_questions_need_a_dealt_game(table):
    table.seat()
    refused(table.emit("Ann", "targets", {"card": "BANG!"}), "wrong_status")
    refused(table.emit("host", "distance", {"from": "Ann", "to": "Bob"}), "wrong_status")


# --- a table from a record --------------------------------------------------------------------

@pytest.mark.slow
def test_start_a_table_from_an_exported_record(record_table, client, tmp_path):
    t = record_table(a_record())
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    r = t.http.get(f"/host/{t.id}/export.json")
    record = json.loads(r.data)
    assert [s["role"] for s in record["seats"]] == ["sheriff", "unknown", "unknown", "unknown"]
    path = tmp_path / "running.json"
    path.write_bytes(r.data)
    checked = subprocess.run([sys.executable, "-m", "companion.cli", "check", str(path)],
                             capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and "0 failed" in checked.stdout, checked.stdout

    r = client.post("/tables/from-record", data={"record": (__import__("io").BytesIO(r.data),
                                                            "game.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 303
    new = client.application.extensions["companion"].tables.get(r.headers["Location"].split("/")[-1])
    assert new.status == "playing" and new.mode == "referee" and new.live_count == 2
    assert [e["name"] for e in new.lobby] == ["Ann", "Bob", "Cid", "Dan"]
    assert all(e["unclaimed"] for e in new.lobby)
    assert new.state.seats[1].life == 3


def test_a_record_that_does_not_replay_is_refused_with_a_reason(client, app):
    tables = app.extensions["companion"].tables
    before = len(tables.all())
    bad = [b"", b"{not json", json.dumps({"seats": []}).encode(),
           json.dumps(a_record(moves=[{"by": "Bob", "end_turn": {}}])).encode(),
           json.dumps(a_record(seats=[("host", "sheriff", "Willy the Kid"),
                                      ("Bob", "outlaw", "Paul Regret")])).encode()]
    for body in bad:
        r = client.post("/tables/from-record", data={"record": (__import__("io").BytesIO(body),
                                                                "x.json")},
                        content_type="multipart/form-data")
        assert r.status_code == 400, body
        assert b"That record cannot be used" in r.data
        r = client.post("/tables/from-record", data=body, content_type="application/json")
        assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_record"
    assert len(tables.all()) == before


def test_record_seats_wait_for_their_phones_on_the_host_screen(app):
    """Seats of a replayed record are listed for the host until a phone claims each one
    through its claim code; an unclaimed seat's old token never connects."""
    from helpers import RecordTable
    http = app.test_client()
    r = http.post("/tables/from-record", json=a_record())
    tid = r.headers["Location"].split("/")[-1]
    socketio = app.extensions["socketio"]
    host = socketio.test_client(app, flask_test_client=http, auth={"table": tid})
    snap = [m["args"][0] for m in host.get_received() if m["name"] == "snapshot"][-1]
    assert snap["table"]["unclaimed"] == ["Ann", "Bob", "Cid", "Dan"]
    assert snap["table"]["status"] == "playing" and snap["view"]["turn"] == "Ann"
    ack = host.emit("reseat", {"seat": "Bob"}, callback=True)
    path = "/" + ack["claim_url"].split("://", 1)[1].split("/", 1)[1]
    claimed = app.test_client().get(path)
    assert claimed.status_code == 303 and "#" in claimed.headers["Location"]
    assert app.test_client().get(path).status_code == 404          # once only
    snap = [m["args"][0] for m in host.get_received() if m["name"] == "snapshot"][-1]
    assert snap["table"]["unclaimed"] == ["Ann", "Cid", "Dan"]
    assert RecordTable  # the fixture's class does the same for every seat


def test_an_oversized_upload_gets_a_plain_page_not_a_traceback(client):
    r = client.post("/tables/from-record", data={"record": (io.BytesIO(b"x" * 70_000), "big.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 413
    assert b"too large" in r.data and b"Traceback" not in r.data


def test_a_player_takes_back_his_own_last_move_and_the_host_acts_for_a_seat(record_table):
    """issue 9 §3: a phone takes back its own last move while nobody acted since; the host
    makes a move for a seat whose phone is off, and the log says so."""
    t = record_table(a_record(Bob={"life": 2}))
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    assert t.view("Ann") is not None
    # Bob cannot take back Ann's move; Ann can, while it is the last one
    refused(t.emit("Bob", "take_back", {}), "not_yours")
    ok(t.emit("Ann", "take_back", {}))
    assert pending(t) == [] and t.tables().get(t.id).live_count == 0
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    # a phone cannot pretend the host acted for it
    ok(t.emit("Bob", "move", {"respond": "Missed!", "host": True}))
    assert not t.tables().get(t.id).moves[-1]["move"].get("host")
    refused(t.emit("Ann", "take_back", {}), "not_yours")       # Bob acted since
    ok(t.emit("Ann", "move", {"play": "Gatling"}))
    # the host answers for Bob, whose phone is off
    ack = ok(t.emit("host", "act_for", {"seat": "Bob", "move": {"respond": "take"}}))
    assert life(t, "Bob") == 1
    table = t.tables().get(t.id)
    assert table.moves[-1]["move"]["host"] is True and table.last_mover is None
    assert any("The host acts for Bob" in english(line["text"]) for line in table.log)
    refused(t.emit("Bob", "take_back", {}), "not_yours")       # the host made it
    refused(t.emit("Bob", "act_for", {"seat": "Bob", "move": {"respond": "take"}}), "not_host")


def test_the_end_of_a_game_tells_its_story_and_the_evening_keeps_score(record_table):
    """issue 9 §4: a finished game's snapshot carries its story (life after each move,
    turns, eliminations with who caused them, roles, winners) for host and phones alike,
    and the running score of the table goes on into the next game."""
    t = record_table(a_record(roles=("sheriff", "outlaw", "deputy", "renegade"),
                              Bob={"life": 2}, Dan={"alive": False}))
    assert t.tables().get(t.id).story() is None              # nothing before the end
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    ok(t.emit("Ann", "move", {"end_turn": {}}))
    ok(t.emit("Bob", "move", {"draw": {}}))
    ok(t.emit("Bob", "move", {"end_turn": {}}))
    ok(t.emit("Cid", "move", {"draw": {}}))
    ok(t.emit("Cid", "move", {"play": "BANG!", "target": "Bob"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    table = t.tables().get(t.id)
    story = table.story()
    assert story["names"] == ["Ann", "Bob", "Cid", "Dan"] and story["winner"] == "sheriff"
    assert story["life"][1][0] == 2 and story["life"][1][-1] == 0
    assert story["outs"] == [{"seat": "Bob", "by": "Cid", "at": 9}]
    assert story["turns"][:3] == [0, 3, 5] and sorted(story["winners"]) == ["Ann", "Cid"]
    assert story["roles"] == {"Ann": "sheriff", "Bob": "outlaw", "Cid": "deputy",
                              "Dan": "renegade"}
    assert t.view("Bob") is not None
    assert table.scores() == {"games": 1, "players": {
        "Ann": {"won": 1, "roles": {"sheriff": 1}}, "Bob": {"won": 0, "roles": {}},
        "Cid": {"won": 1, "roles": {"deputy": 1}}, "Dan": {"won": 0, "roles": {}}}}
    ok(t.emit("host", "new_game", {"keep_characters": True, "rotate_sheriff": True}))
    table = t.tables().get(t.id)
    assert table.story() is None and table.scores()["games"] == 1
    assert table.scores()["players"]["Ann"]["won"] == 1


def test_the_card_picker_knows_what_cannot_be_played_now(record_table):
    """issue 9 §3: `playable` greys a second BANG! with its reason and rule title, keeps a
    Beer allowed at full life but says it does nothing, and changes nothing."""
    t = record_table(a_record(Ann={"character": "Kit Carlson"}))
    cards = {c["name"]: c for c in ok(t.emit("Ann", "playable", {}))["cards"]}
    assert cards["BANG!"]["ok"] and cards["Beer"]["ok"]
    assert "does nothing" in cards["Beer"]["note"]
    assert not cards["Missed!"]["ok"] and cards["Missed!"]["message"]
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    cards = {c["name"]: c for c in ok(t.emit("Ann", "playable", {}))["cards"]}
    bang = cards["BANG!"]
    assert not bang["ok"] and bang["code"] == "bang_limit" and bang["rule_title"]
    assert cards["Gatling"]["ok"]
    # the host may ask for any seat; nothing is broadcast, nothing changes
    before = t.view("host")
    assert ok(t.emit("host", "playable", {"by": "Bob"}))["cards"]
    assert t.view("host") == before


def test_the_card_pickers_dry_runs_are_done_once_per_state(record_table, monkeypatch):
    """issue 31: `playable` dry-runs every card against every target with the table's
    lock held; asked again before anything happens (the page asks after each snapshot),
    it answers what it worked out, and after a move it works it out again."""
    from companion import referee
    t = record_table(a_record(Ann={"character": "Kit Carlson"}))
    runs = []
    real = referee.targets
    monkeypatch.setattr(referee, "targets", lambda *a, **k: runs.append(a) or real(*a, **k))
    first = ok(t.emit("Ann", "playable", {}))["cards"]
    worked = len(runs)
    assert worked > 10
    assert ok(t.emit("Ann", "playable", {}))["cards"] == first
    assert len(runs) == worked                          # nothing worked out again
    assert ok(t.emit("host", "playable", {"by": "Bob"}))["cards"]
    assert len(runs) > worked                           # another seat: its own answer
    worked = len(runs)
    ok(t.emit("Ann", "move", {"play": "BANG!", "target": "Bob"}))
    ok(t.emit("Bob", "move", {"respond": "take"}))
    cards = {c["name"]: c for c in ok(t.emit("Ann", "playable", {}))["cards"]}
    assert len(runs) > worked and cards["BANG!"]["code"] == "bang_limit"
