"""The second person on one's own phone (issue 22 §8), over live Socket.IO clients: the
same event reads "your Colt .45" on the phone of the seat it names, and "Ann's Colt .45"
on the other phones and on the host screen, in English, Hungarian and Russian; a client
that asks for the messages themselves gets them as the engine made them."""
from __future__ import annotations

import pytest


LANGS = ("en", "hu", "ru")
SEATS = ("Ann", "Bob", "Cid", "Dan")
# characters that change no distance: Ann sees Cid at 2, her Colt .45 reaches 1
CHARACTERS = ("Bart Cassidy", "Black Jack", "Suzy Lafayette", "Sid Ketchum")

# Ann asks whether her BANG! reaches Cid; Cid asks the same about Ann's BANG!
REACH = {
    "mine": {"en": "Cid is at distance 2; your Colt .45 reaches 1.",
             "hu": "Cid 2 távolságra van; a fegyvered (45-ös colt) 1 távolságig ér el.",
             "ru": "Cid на расстоянии 2; ваш Кольт .45 достаёт на 1."},
    "target": {"en": "You are at distance 2; Ann's Colt .45 reaches 1.",
               "hu": "Te 2 távolságra vagy; Ann fegyvere (45-ös colt) 1 távolságig ér el.",
               "ru": "Вы на расстоянии 2; Ann: Кольт .45 достаёт на 1."},
    "table": {"en": "Cid is at distance 2; Ann's Colt .45 reaches 1.",
              "hu": "Cid 2 távolságra van; Ann fegyvere (45-ös colt) 1 távolságig ér el.",
              "ru": "Cid на расстоянии 2; Ann: Кольт .45 достаёт на 1."},
}
# Ann lowers her own life: the log line
LIFE = {
    "mine": {"en": "Your life goes from {b} to {a}.", "hu": "Te: életpont {b} → {a}.",
             "ru": "У вас: жизнь {b} → {a}."},
    "table": {"en": "Ann's life goes from {b} to {a}.", "hu": "Ann: életpont {b} → {a}.",
              "ru": "Ann: жизнь {b} → {a}."},
}

MUSTANG = {
    "mine": {"en": "your Mustang +1", "hu": "a te Musztáng lapod +1", "ru": "ваша карта Мустанг +1"},
    "table": {"en": "Ann's Mustang +1", "hu": "Ann Musztáng lapja +1", "ru": "Мустанг игрока Ann +1"},
}
PUT = {
    "mine": {"en": "You put Mustang in play.", "hu": "Játékba teszel: Musztáng.",
             "ru": "Вы выкладываете в игру: Мустанг."},
    "table": {"en": "Ann puts Mustang in play.", "hu": "Ann játékba tesz: Musztáng.",
              "ru": "Ann выкладывает в игру: Мустанг."},
}


def reason(ack: dict, target: str) -> str:
    assert ack["ok"] is True, ack
    row = next(r for r in ack["targets"] if r["name"] == target)
    assert row["ok"] is False, row
    return row["message"]


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::ResourceWarning",
                            "ignore::pytest.PytestUnraisableExceptionWarning")
def test_own_phone_says_you_the_others_and_the_host_name_the_player(serve):
    server = serve("--quiet")
    try:
        table_id, session = server.new_table()
        tokens = {n: server.join(table_id, n) for n in SEATS}
        cookie = f"host_{table_id}={session.cookies.get(f'host_{table_id}')}"
        hosts = {lang: server.client({"table": table_id, "lang": lang}, cookie=cookie)
                 for lang in LANGS}
        phones = {(n, lang): server.client({"table": table_id, "token": tokens[n],
                                            "lang": lang})
                  for n in ("Ann", "Bob", "Cid") for lang in LANGS}
        bare = server.client({"table": table_id, "token": tokens["Ann"], "lang": "messages"})
        lobby = hosts["en"].wait_for(lambda s: len(s["table"]["lobby"]) == 4)["table"]["lobby"]
        ids = {e["name"]: e["id"] for e in lobby}
        ack = hosts["en"].call("deal", {"characters": {ids[n]: c for n, c in
                                                       zip(SEATS, CHARACTERS)}})
        assert ack == {"ok": True}, ack

        # a read-only question (the ack): the subject is the shooter, or the target
        for lang in LANGS:
            asked = {"by": "Ann", "card": "BANG!"}
            assert reason(phones["Ann", lang].call("targets", asked), "Cid") == REACH["mine"][lang]
            assert reason(phones["Cid", lang].call("targets", asked), "Cid") == REACH["target"][lang]
            assert reason(phones["Bob", lang].call("targets", asked), "Cid") == REACH["table"][lang]
            assert reason(hosts[lang].call("targets", asked), "Cid") == REACH["table"][lang]

        # an event in the log of every snapshot
        view = bare.wait_for(lambda s: s["view"] is not None and "seats" in s["view"])["view"]
        before = next(s["life"] for s in view["seats"] if s["name"] == "Ann")
        assert phones["Ann", "en"].call("move", {"set": {"life": before - 1}}) == {"ok": True}

        def line(client, want):
            snap = client.wait_for(lambda s: any(want == l["text"] for l in s["log"]))
            return [l["text"] for l in snap["log"] if l["kind"] == "set"][-1]
        for lang in LANGS:
            mine = LIFE["mine"][lang].format(b=before, a=before - 1)
            table = LIFE["table"][lang].format(b=before, a=before - 1)
            assert line(phones["Ann", lang], mine) == mine
            assert line(phones["Bob", lang], table) == table
            assert line(phones["Cid", lang], table) == table
            assert line(hosts[lang], table) == table

        # her Mustang, in the distance calculator: "your Mustang" on her phone only
        assert phones["Ann", "en"].call("move", {"set": {"in_play": ["Mustang"]}}) == {"ok": True}
        for lang in LANGS:
            def why(client, row, name, want):
                def rows(s):
                    return ((s.get("view") or {}).get("me") or {}).get("distances") or {}
                snap = client.wait_for(lambda s: want in str(rows(s)))
                return next(r["why"] for r in rows(snap)[row] if r["name"] == name)
            mine, table = MUSTANG["mine"][lang], MUSTANG["table"][lang]
            assert why(phones["Ann", lang], "reached_by", "Bob", mine).endswith(mine)
            assert table not in str(phones["Ann", lang].snapshots()[-1]["view"])
            assert why(phones["Bob", lang], "others", "Ann", table).endswith(table)
            assert why(phones["Cid", lang], "others", "Ann", table).endswith(table)
            put = PUT["mine"][lang]
            assert put in [l["text"] for l in phones["Ann", lang].wait_for(
                lambda s: put in [l["text"] for l in s["log"]])["log"]]
            put = PUT["table"][lang]
            for client in (phones["Bob", lang], hosts[lang]):
                assert put in [l["text"] for l in client.wait_for(
                    lambda s: put in [l["text"] for l in s["log"]])["log"]]

        # the messages themselves stay as the engine made them, third person, for Ann too
        # (waiting for the second: this phone may not have had the Mustang's change yet,
        # and the snapshot of the first already holds a message naming Ann)
        snap = bare.wait_for(lambda s: any(isinstance(l["text"], dict)
                                           and l["text"].get("seat") == "Ann"
                                           and l["text"].get("$t") == "{seat} puts {cards} in play."
                                           for l in s["log"] if l["kind"] == "set"))
        said = [l["text"] for l in snap["log"] if l["kind"] == "set"]
        assert [m["$t"] for m in said[-2:]] == ["{seat}'s {what} goes from {before} to {after}.",
                                               "{seat} puts {cards} in play."]
        assert [m["seat"] for m in said[-2:]] == ["Ann", "Ann"]
    finally:
        server.stop()
