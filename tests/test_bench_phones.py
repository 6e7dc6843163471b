"""The capacity harness's measure and phones (bench/fanout.py, bench/phones.py): a move
counts only when each of its table's 7 phones holds it by what a page would apply, and
the light phones (aiohttp WebSockets, the libraries' packet classes) play a table on a
real server."""
from __future__ import annotations

import argparse
import os
import sys
import time

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "bench"))

import fanout  # noqa: E402


def recorder_at(seq: int) -> tuple[fanout.Recorder, list]:
    """A Recorder whose table 0's 7 phones each hold the full snapshot of `seq`, and
    the move that makes `seq + 1` sent."""
    rec = fanout.Recorder(sizes=False)
    phones = [rec.handler(0, k) for k in range(fanout.PLAYERS)]
    for phone in phones:
        phone({"seq": seq, "table": {}, "view": None, "log": []})
    rec.sent[0, seq + 1] = time.perf_counter()
    return rec, phones


def test_a_move_is_complete_when_every_phone_holds_it():
    rec, phones = recorder_at(5)
    for phone in phones:
        phone({"seq": 6, "base": 5, "patch": {}})
    assert list(rec.done) == [(0, 6)] and rec.broken == 0


def test_a_phone_counts_once_however_many_times_it_hears_the_move():
    """Seven messages are not seven phones: one phone that hears the move twice does not
    stand for another that never heard it."""
    rec, phones = recorder_at(5)
    phones[0]({"seq": 6, "base": 5, "patch": {}})
    for phone in phones[:6]:
        phone({"seq": 6, "base": 5, "patch": {}})
    assert rec.done == {}


def test_a_patch_on_a_snapshot_the_phone_lacks_is_not_the_move():
    """A phone that missed a message gets the next patch on another base: a page would
    not apply it (static/js/delta.js: it asks for a resync), so the move has not
    reached that phone."""
    rec, phones = recorder_at(5)
    for phone in phones[:6]:
        phone({"seq": 6, "base": 5, "patch": {}})
    phones[6]({"seq": 6, "base": 4, "patch": {}})
    assert rec.done == {} and rec.broken == 1


def test_presence_alone_keeps_the_phone_on_its_seq():
    rec, phones = recorder_at(5)
    for phone in phones:
        phone({"seq": 5, "presence": {"Ann": True}})
        phone({"seq": 6, "base": 5, "patch": {}})
    assert list(rec.done) == [(0, 6)] and rec.broken == 0


@pytest.mark.slow
def test_light_phones_play_a_table(live_server):
    """Two tables of 7 light phones made, dealt and moved as the capacity run does: every
    move reaches all 14 phones, pings answered by the loop, nothing refused."""
    from phones import LightPhones
    phones_of = LightPhones()
    rec = fanout.Recorder(sizes=False)
    clients: list = []
    try:
        args = argparse.Namespace(tables=2, full=False, set_up_threads=2)
        tables = fanout.set_up(live_server.url, args, rec, clients, phones_of)
        assert phones_of.gone == 0 and phones_of.retries == 0
        for t in (0, 1):
            for k, cards in enumerate((["Mustang"], ["Barrel"])):
                with rec.lock:
                    seq = rec.latest[t] + 1
                    rec.sent[t, seq] = time.perf_counter()
                tables[t][k].emit("move", {"set": {"in_play": cards}})
                end = time.monotonic() + 10
                while (t, seq) not in rec.done and time.monotonic() < end:
                    time.sleep(0.01)
                assert (t, seq) in rec.done
        assert tables[0][0].call("resync", {}) == {"ok": True}
        assert rec.broken == 0
    finally:
        for c in clients:
            c.disconnect()
        phones_of.close()
