"""Look-alike names: a name that looks like one already seated is refused; names in
other scripts are welcome."""
from __future__ import annotations

import json

import pytest

import engine
from helpers import english
from companion.names import skeleton


@pytest.mark.parametrize("twin", ["Аnn", "Ａｎｎ", "Ánn", "ANN", " ann ", "Ann\u0301",
                                  "ΑΝΝ", "Αnn"])
def test_a_look_alike_of_a_seated_name_is_refused(table, app, twin):
    c = app.test_client()
    assert c.post(f"/t/{table.id}/join", data={"name": "Ann"}).status_code == 303
    r = c.post(f"/t/{table.id}/join", json={"name": twin})
    assert r.status_code == 400
    err = english(r.get_json()["error"])
    assert err["code"] == "bad_name" and "Ann" in err["message"], err
    assert [e["name"] for e in table.tables().get(table.id).lobby] == ["Ann"]


def test_names_in_other_scripts_are_welcome(table, app):
    c = app.test_client()
    names = ["Аня", "Anya", "Σοφία", "Sofia", "Иван", "Ivan", "José"]
    for n in names:
        r = c.post(f"/t/{table.id}/join", json={"name": n})
        assert r.status_code == 200 and r.get_json()["ok"], (n, r.get_json())
    assert [e["name"] for e in table.tables().get(table.id).lobby] == names
    r = c.post(f"/t/{table.id}/join", json={"name": "Jose"})       # the lobby is full anyway
    assert r.status_code == 400


@pytest.mark.parametrize("name", ["host", "HOST", "Нost", "Ｈｏｓｔ", "Hóst"])
def test_nobody_is_called_host(table, app, name):
    r = app.test_client().post(f"/t/{table.id}/join", json={"name": name})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad_name"


def test_a_record_with_look_alike_seats_is_refused(app):
    header = engine.deal(["Ann", "Bob", "Cid", "Dan"], seed=2)
    header["seats"][1]["name"] = "Аnn"            # a Cyrillic А
    r = app.test_client().post("/tables/from-record", data=json.dumps(header),
                               content_type="application/json")
    assert r.status_code == 400
    assert r.get_json()["error"]["code"] == "bad_record"


def test_skeletons():
    assert skeleton("Ａｎｎ") == skeleton("Аnn") == skeleton("Ánn") == "ann"
    assert skeleton("Аня") != skeleton("Ann") and skeleton("Аня") != skeleton("Anya")
    assert skeleton("Андрей") != skeleton("Андреи")       # й is a letter of its own
    assert skeleton("вов") != skeleton("bob") and skeleton("ВОВ") == skeleton("BOB")
