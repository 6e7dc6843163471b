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


@pytest.mark.parametrize("lang", i18n.LANGUAGES + (i18n.MESSAGES,))
def test_a_change_worded_once_reads_as_each_snapshot_worded_alone(app, table, lang):
    for name in NAMES:
        table.phone(name)
    table.deal()
    # a weapon in play: the distances name its owner, who reads them in the second person
    ack = table.phones[NAMES[0]].emit("move", {"set": {"in_play": ["Schofield"]}},
                                      callback=True)
    assert ack == {"ok": True}, ack
    t = app.extensions["companion"].tables.get(table.id)
    info = snapshots.table_info(t, "http://x/t/" + t.id)
    views = app.extensions["companion"].hub.views(t)
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
