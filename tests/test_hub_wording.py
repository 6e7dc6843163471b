"""One change's snapshots worded together (companion.i18n.Wording, the hub's walker): the words each phone
gets are exactly those of i18n.localize for its seat, in every language, though the
parts the seats share are looked at once; and the JSON the server sends
(companion.wire.text) is the json module's compact text."""
from __future__ import annotations

import json

import pytest

from companion import i18n, snapshots, wire
from companion.i18n import Wording

from helpers import NAMES


def dealt_and_set(app, table, seat: str, card: str):
    """Four phones at a dealt table, `card` put in front of `seat` by its own phone: the
    table, its info and the hub's views of it (what the snapshots are made from)."""
    for name in NAMES:
        table.phone(name)
    table.deal()
    ack = table.phones[seat].emit("move", {"set": {"in_play": [card]}}, callback=True)
    assert ack == {"ok": True}, ack
    t = app.extensions["companion"].tables.get(table.id)
    return t, snapshots.table_info(t, "http://x/t/" + t.id), app.extensions["companion"].hub.views(t)


@pytest.mark.parametrize("lang", i18n.LANGUAGES + (i18n.MESSAGES,))
def test_a_change_worded_once_reads_as_each_snapshot_worded_alone(app, table, lang):
    # a weapon in play: the distances name its owner, who reads them in the second person
    t, info, views = dealt_and_set(app, table, NAMES[0], "Schofield")
    cores = [(snapshots.for_seat(t, e, info, views), e["name"]) for e in t.lobby]
    cores.append((snapshots.for_host(t, info, views), None))
    words = Wording()           # one for the whole change, as the hub's
    shared = [wire.text(words(core, lang, reader)) for core, reader in cores]
    alone = [wire.text(i18n.localize(core, lang, reader)) for core, reader in cores]
    assert shared == alone
    if lang != i18n.MESSAGES:
        assert "{n}" not in shared[0]                   # the distances were worded
        # the test can tell: a phone's snapshot has words that name its own seat
        assert shared[0] != wire.text(i18n.localize(cores[0][0], lang))


@pytest.mark.parametrize("order", ["host first", "seats last first", "named seat first"])
def test_a_part_the_snapshots_share_is_said_to_each_reader_in_any_order(app, table, order):
    """The log lines and the seats' part are one object for all of a change's
    snapshots (the hub words such a part once per language): a reader it names still
    reads it in the second person, whoever's snapshot was worded first."""
    t, info, views = dealt_and_set(app, table, NAMES[2], "Mustang")
    log = snapshots.phone_log(t)
    cores = [(snapshots.for_seat(t, e, info, views, log), e["name"]) for e in t.lobby]
    cores.append((snapshots.for_seat(t, t.lobby[0], info, views, log), None))
    if order == "seats last first":
        cores.reverse()
    elif order == "named seat first":
        cores.insert(0, cores.pop(2))
    for lang in i18n.LANGUAGES:
        words = Wording()
        shared = [wire.text(words(core, lang, reader)) for core, reader in cores]
        assert shared == [wire.text(i18n.localize(core, lang, reader))
                          for core, reader in cores]
        # the test can tell: the mover reads his move in the log as "you", the others not
        logs = {reader: wire.read(text)["log"] for (_, reader), text in zip(cores, shared)}
        assert logs[NAMES[2]] != logs[NAMES[1]] == logs[None]


def test_a_shared_part_words_its_you_form_for_the_reader_it_names():
    mustang = {"$t": "{seat}'s {card}", "seat": "Ann", "card": {"$t": "Mustang"},
               "$you": {"seat": "your {card}"}}
    part = [{"label": mustang}, {"label": {"$t": "{n}", "n": 2}}]
    words = Wording()
    said = {r: words({"why": part}, "en", r)["why"] for r in (None, "Bob", "Ann", "Cid")}
    assert said["Ann"] == [{"label": "your Mustang"}, {"label": "2"}]
    assert said[None] == said["Bob"] == said["Cid"] == [{"label": "Ann's Mustang"},
                                                         {"label": "2"}]
    assert said["Bob"] is said["Cid"]         # worded once for the readers it does not name


def test_true_is_not_one_and_nested_messages_are_worded():
    words = Wording()
    said = words([{"$t": "{n}", "n": True}, {"$t": "{n}", "n": 1},
                  {"$t": "{a} and {b}", "a": {"$t": "Bang!"}, "b": "x"},
                  {"$t": "{n}", "n": 1}], "en")
    assert said == ["True", "1", "Bang! and x", "1"]


def test_the_wire_text_is_the_json_modules_compact_text():
    value = {"a": [1, -2, 0.5, True, False, None, "é ♥ \"q\" \\ \n"], "b": {"c": {}},
             "d": [], 3: "key", "long": 2 ** 62}
    for v in (value, {"big": 10 ** 30}):        # past 64 bits: the json module writes it
        assert wire.text(v) == json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    assert wire.read(wire.text({"x": [1, "é"]})) == {"x": [1, "é"]}
