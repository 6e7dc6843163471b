"""BANG! Legends through the server (Socket.IO test client): a Legends table, the Feat
moves a phone sends (perform, boast, claim, the Jail's heart), what the snapshots show of
them (tokens, fame, legend sides, the phone's Feat options), and the refusals."""
from __future__ import annotations

import pytest

from helpers import NAMES, TableHelper
from engine.rulesets.legends.feats import FEATS
from engine.say import english

PLAIN = ["Bart Cassidy", "Willy the Kid", "Rose Doolan", "Vulture Sam"]  # ordinary draws


class LegendsTable(TableHelper):
    """The conftest helper, on a table created with ruleset "legends"."""

    def __init__(self, app, mode="referee"):
        super().__init__(app, mode, ruleset="legends")
        self.seen: dict[str, dict] = {}

    def last(self, who: str) -> dict:
        """The newest snapshot `who` has received (kept, so it can be read twice)."""
        c = self.host if who == "host" else self.phones[who]
        snaps = [m["args"][0] for m in c.get_received() if m["name"] == "snapshot"]
        if snaps:
            self.seen[who] = snaps[-1]
        assert who in self.seen, f"{who} got no snapshot"
        return self.seen[who]

    def start(self, chars=PLAIN):
        self.seat(NAMES[:4])
        lobby = self.last("host")["table"]["lobby"]
        self.deal(characters={e["id"]: c for e, c in zip(lobby, chars)})
        return self.last("host")["view"]

    def view(self, who="host"):
        return self.last(who)["view"]

    def move(self, who, payload):
        return self.emit(who, "move", payload)

    def ok(self, who, payload):
        ack = self.move(who, payload)
        assert ack == {"ok": True}, (who, payload, ack)

    def fix(self, **fields):
        ack = self.emit("host", "host_move", {"set": fields})
        assert ack == {"ok": True}, ack


def hidden_feat(view, but=()):
    shown = {f["name"] for f in view["feats"]} | set(but)
    return next(f.name for f in FEATS if f.name not in shown)


def others_draw_and_pass(legends, order, first):
    """Every player after `first`, round the table, draws and ends the turn (discarding
    down to the hand limit), so that it is `first`'s turn again."""
    for who in order[order.index(first) + 1:] + order[:order.index(first)]:
        legends.ok(who, {"draw": {}})
        legends.ok(who, {"end_turn": {"discard": max(0, seat_of(legends.view(), who)["hand"]
                                                     - seat_of(legends.view(), who)["life"])}})


def seat_of(view, name):
    return next(s for s in view["seats"] if s["name"] == name)


def next_seat(view, name):
    names = [s["name"] for s in view["seats"]]
    return names[(names.index(name) + 1) % len(names)]


@pytest.fixture
def legends(app):
    return LegendsTable(app)


def test_a_legends_table_deals_one_feat_and_5_fame(legends):
    view = legends.start()
    assert view["ruleset"] == "legends" and view["mode"] == "referee"
    assert len(view["feats"]) == 1 and view["feats"][0]["tokens"] == {}
    assert {f.name for f in FEATS} >= {view["feats"][0]["name"]}
    assert all(s["fame"] == 5 and s["legend"] is False for s in view["seats"])
    assert all(s["hand"] == 4 for s in view["seats"])           # 4 cards each in Legends
    me = legends.view("Ann")["me"]
    row = me["feats"][0]
    assert row["name"] == view["feats"][0]["name"] and row["requirement"]
    assert set(row) >= {"tokens", "crossroad", "perform", "boast"} and "claim" not in row
    # before the draw nothing is possible, and the phone is told why
    assert row["boast"]["ok"] is False and row["boast"]["reason"] and row["boast"]["rule"]


def test_boast_then_perform_a_crossroad_feat(legends):
    view = legends.start()
    first = view["turn"]
    shown = view["feats"][0]["name"]
    legends.ok(first, {"draw": {}})
    assert next(o for o in legends.view(first)["me"]["feats"])["boast"]["ok"] is True
    reveal = "Borderlands" if shown != "Borderlands" else hidden_feat(view)
    legends.ok(first, {"boast": shown, "reveal": reveal})
    host = legends.view()
    assert [f["name"] for f in host["feats"]] == [shown, reveal]
    assert host["feats"][0]["tokens"] == {first: 1}
    assert seat_of(host, first)["fame"] == 4
    assert any("boasts" in english(line["text"]) for line in legends.last("host")["log"])
    # once a turn: a second boast, or a perform after it, is refused with the reason
    again = legends.move(first, {"boast": reveal, "reveal": hidden_feat(host)})
    assert again["ok"] is False and again["error"]["code"] == "feat_done"

    legends.ok(first, {"end_turn": {}})
    second = next_seat(host, first)
    legends.ok(second, {"draw": {}})
    feat = "Borderlands"                         # revealed by the boast, or dealt
    opts = {o["name"]: o for o in legends.view(second)["me"]["feats"]}
    assert opts[feat]["crossroad"] is True and opts[feat]["perform"]["ok"] is True
    legends.ok(second, {"perform": feat, "discard": "hand"})
    host = legends.view()
    assert seat_of(host, second)["hand"] == 0 and seat_of(host, second)["fame"] == 3
    earlier = {first: 1} if shown == feat else {}   # the deal may have shown Borderlands
    assert next(f for f in host["feats"] if f["name"] == feat)["tokens"] == {**earlier, second: 2}
    # the same Feat twice, or a boast after performing: refused
    assert legends.move(second, {"perform": feat, "discard": "hand"})["error"]["code"] == "feat_done"
    assert legends.move(second, {"boast": shown, "reveal": hidden_feat(host)})["error"]["code"] == "feat_done"


def test_refusals_reach_the_phone_with_code_message_and_rule(legends):
    view = legends.start()
    first = view["turn"]
    other = next_seat(view, first)
    ack = legends.move(other, {"perform": view["feats"][0]["name"]})
    assert ack["ok"] is False and ack["error"]["code"] == "not_your_turn"
    assert ack["error"]["message"] and ack["error"]["rule"]
    legends.ok(first, {"draw": {}})
    ack = legends.move(first, {"perform": hidden_feat(view)})
    assert ack["error"]["code"] == "feat_not_revealed"
    ack = legends.move(first, {"claim": view["feats"][0]["name"]})
    assert ack["error"]["code"] == "not_a_legend"
    ack = legends.move(first, {"boast": view["feats"][0]["name"]})        # no reveal
    assert ack["error"]["code"] == "bad_move"
    assert legends.view()["feats"] == view["feats"]                       # nothing changed


def test_last_token_turns_legend_and_the_phone_reads_the_legend_side(legends):
    view = legends.start()
    first = view["turn"]
    normal = legends.view(first)["me"]["ability"]
    legends.fix(seat=first, fame=1)
    legends.ok(first, {"draw": {}})
    legends.ok(first, {"boast": view["feats"][0]["name"], "reveal": hidden_feat(view)})
    host = legends.view()
    me = seat_of(host, first)
    assert me["legend"] is True and me["fame"] == 0 and me["life"] >= 3
    phone = legends.view(first)["me"]
    assert phone["ability"] != normal
    assert all("claim" in o and "perform" not in o for o in phone["feats"])
    assert any(line["kind"] == "legend" for line in legends.last("host")["log"])
    # a Legend no longer boasts
    ack = legends.move(first, {"boast": host["feats"][0]["name"], "reveal": hidden_feat(host)})
    assert ack["ok"] is False and ack["error"]["code"] in ("already_legend", "feat_done")


def test_a_legend_claims_and_another_legend_loses_a_life(legends):
    view = legends.start()
    first = view["turn"]
    other = next_seat(view, first)
    legends.fix(seat=first, fame=1)
    legends.fix(seat=other, fame=1)
    legends.ok(first, {"draw": {}})
    legends.ok(first, {"boast": view["feats"][0]["name"], "reveal": "Borderlands"
                       if view["feats"][0]["name"] != "Borderlands" else hidden_feat(view)})
    legends.ok(first, {"end_turn": {}})
    host = legends.view()
    legends.ok(other, {"draw": {}})
    name = host["feats"][0]["name"]
    legends.ok(other, {"boast": name, "reveal": hidden_feat(host)})
    assert seat_of(legends.view(), other)["legend"] is True
    legends.ok(other, {"end_turn": {}})
    # round the table to the first Legend again
    for _ in range(2):
        who = legends.view()["turn"]
        legends.ok(who, {"draw": {}})
        legends.ok(who, {"end_turn": {}})
    assert legends.view()["turn"] == first
    legends.ok(first, {"draw": {}})
    host = legends.view()
    assert "Borderlands" in [f["name"] for f in host["feats"]]
    life = seat_of(host, other)["life"]
    wrong = legends.move(first, {"claim": "Borderlands", "target": next_seat(host, other),
                                 "reveal": hidden_feat(host)})
    assert wrong["ok"] is False and wrong["error"]["code"] == "claim_target"
    legends.ok(first, {"claim": "Borderlands", "discard": "hand", "target": other,
                       "reveal": hidden_feat(host)})
    after = legends.view()
    assert "Borderlands" not in [f["name"] for f in after["feats"]]
    assert len(after["feats"]) == len(host["feats"])               # replaced
    assert seat_of(after, other)["life"] == life - 1


def test_boast_with_five_feats_and_a_tie_needs_the_discarded_one(legends):
    view = legends.start()
    order = [s["name"] for s in view["seats"]]
    first = view["turn"]
    k = order.index(first)
    names = [view["feats"][0]["name"]]
    # three turns of boasting: 4 Feats showing, each with one token
    for step in range(3):
        who = order[(k + step) % 4]
        host = legends.view()
        legends.ok(who, {"draw": {}})
        fresh = hidden_feat(host)
        legends.ok(who, {"boast": names[-1] if step == 0 else fresh, "reveal": fresh})
        names.append(fresh)
        legends.ok(who, {"end_turn": {}})
    host = legends.view()
    assert len(host["feats"]) == 4
    who = host["turn"]
    legends.ok(who, {"draw": {}})
    tops = [f["name"] for f in host["feats"] if sum(f["tokens"].values()) == max(
        sum(g["tokens"].values()) for g in host["feats"])]
    fresh = hidden_feat(host)
    mine = next(f["name"] for f in host["feats"] if who not in f["tokens"])
    assert len(tops) == 3                        # one token on three of the four
    ack = legends.move(who, {"boast": mine, "reveal": fresh})
    assert ack["ok"] is False and "which one" in ack["error"]["message"]
    gone = next(n for n in tops if n != mine)
    legends.ok(who, {"boast": mine, "reveal": fresh, "discard": gone})
    assert gone not in [f["name"] for f in legends.view()["feats"]]
    assert len(legends.view()["feats"]) == 4


def test_jail_is_left_with_a_heart(legends):
    view = legends.start()
    first = view["turn"]
    other = next_seat(view, first)
    legends.fix(seat=other, in_play=["Jail"])
    legends.ok(first, {"draw": {}})
    legends.ok(first, {"end_turn": {}})
    assert legends.view(other)["me"]["hints"]["check_due"] == "jail"
    bad = legends.move(other, {"jail": {"discard": "5♠"}})
    assert bad["ok"] is False and bad["error"]["code"] == "bad_check"
    legends.ok(other, {"jail": {"discard": "5♥"}})
    after = seat_of(legends.view(), other)
    assert "Jail" not in [c["name"] for c in after["in_play"]] and after["hand"] == 3
    assert legends.view()["turn"] == other


def test_tracker_mode_trusts_feats(app):
    table = LegendsTable(app, mode="tracker")
    view = table.start()
    first = view["turn"]
    second = next_seat(view, first)
    shown = view["feats"][0]["name"]
    feat = "Bottleneck" if shown != "Bottleneck" else "Borderlands"
    # tracker mode has no phases: boasting is open all through the turn
    assert table.view(first)["me"]["feats"][0]["boast"]["ok"] is True
    table.ok(first, {"boast": shown, "reveal": feat})
    table.ok(first, {"end_turn": {}})
    row = next(o for o in table.view(second)["me"]["feats"] if o["name"] == feat)
    assert row["perform"]["ok"] is True, row
    table.ok(second, {"perform": feat})
    host = table.view()
    earlier = {first: 1} if shown == feat else {}   # the deal may have shown Borderlands
    assert next(f for f in host["feats"] if f["name"] == feat)["tokens"] == {**earlier, second: 2}
    assert seat_of(host, second)["fame"] == 3
    assert any("does not check" in english(line["text"]) for line in table.last("host")["log"])


def test_tracker_mode_for_a_few_cards_more(app):
    table = LegendsTable(app, mode="tracker")
    view = table.start()
    first = view["turn"]
    if view["feats"][0]["name"] != "For a Few Cards More":
        table.ok(first, {"boast": view["feats"][0]["name"], "reveal": "For a Few Cards More"})
        table.ok(first, {"end_turn": {}})
        first = next_seat(view, first)
    # trusted like any Feat; in tracker mode the player then ends the turn himself
    table.ok(first, {"perform": "For a Few Cards More"})
    feat = next(f for f in table.view()["feats"] if f["name"] == "For a Few Cards More")
    assert feat["tokens"] == {first: 2}


def test_no_perform_after_a_boast(legends):
    view = legends.start()
    first = view["turn"]
    legends.ok(first, {"draw": {}})
    shown = view["feats"][0]["name"]
    legends.ok(first, {"boast": shown, "reveal": "Borderlands" if shown != "Borderlands" else "Bottleneck"})
    ack = legends.move(first, {"perform": "Borderlands" if shown != "Borderlands" else "Bottleneck",
                               "discard": "hand" if shown != "Borderlands" else "Beer"})
    assert ack["ok"] is False and ack["error"]["code"] == "feat_done"


def test_boast_offered_with_fame_on_every_revealed_feat(legends):
    """Issue 9: with a token on every revealed Feat, boasting is still legal (the token goes
    on the Feat the boast turns up), so the phone's Boast… must not be greyed."""
    view = legends.start()
    order = [s["name"] for s in view["seats"]]
    first = view["turn"]
    shown = view["feats"][0]["name"]
    crossroad = "Borderlands" if shown != "Borderlands" else "Bottleneck"
    legends.ok(first, {"draw": {}})
    legends.ok(first, {"boast": shown, "reveal": crossroad})
    legends.ok(first, {"end_turn": {}})
    others_draw_and_pass(legends, order, first)
    legends.ok(first, {"draw": {}})
    legends.ok(first, {"perform": crossroad, "discard": "hand" if crossroad == "Borderlands" else "Beer"})
    legends.ok(first, {"end_turn": {}})
    others_draw_and_pass(legends, order, first)
    legends.ok(first, {"draw": {}})
    host = legends.view()
    assert all(first in f["tokens"] for f in host["feats"])      # fame on every revealed Feat
    rows = legends.view(first)["me"]["feats"]
    assert rows and all(r["boast"]["ok"] is True for r in rows), rows
    fresh = hidden_feat(host)
    mine = legends.move(first, {"boast": shown, "reveal": fresh})  # not on a Feat of his
    assert mine["ok"] is False and mine["error"]["code"] == "feat_done"
    legends.ok(first, {"boast": fresh, "reveal": fresh})
    assert next(f for f in legends.view()["feats"] if f["name"] == fresh)["tokens"] == {first: 1}


def test_chuck_a_luck_met_by_a_bang_answered_in_ones_own_duel(legends):
    """Issue 14: a BANG! discarded answering back in one's own Duel meets The Chuck-a-Luck;
    the phone's option says so (met, allowed) and performing takes no card from the hand."""
    view = legends.start()
    order = [s["name"] for s in view["seats"]]
    first = view["turn"]
    second, third = order[(order.index(first) + 1) % 4], order[(order.index(first) + 2) % 4]
    shown = view["feats"][0]["name"]
    legends.ok(first, {"draw": {}})
    legends.ok(first, {"boast": shown, "reveal": "The Chuck-a-Luck" if shown != "The Chuck-a-Luck"
                       else "Bottleneck"})
    legends.ok(first, {"end_turn": {}})
    legends.ok(second, {"draw": {}})
    legends.fix(seat=second, hand=2)
    row = next(o for o in legends.view(second)["me"]["feats"] if o["name"] == "The Chuck-a-Luck")
    assert row["met"] is False
    legends.ok(second, {"play": "Duel", "target": third})
    legends.ok(third, {"respond": "BANG!"})
    legends.ok(second, {"respond": "BANG!"})
    legends.ok(third, {"respond": "take"})
    row = next(o for o in legends.view(second)["me"]["feats"] if o["name"] == "The Chuck-a-Luck")
    assert row["met"] is True and row["perform"]["ok"] is True, row
    legends.ok(second, {"perform": "The Chuck-a-Luck"})
    host = legends.view()
    assert seat_of(host, second)["hand"] == 0 and seat_of(host, second)["fame"] == 3


def test_after_a_boast_only_the_end_of_the_turn(legends):
    """Issue 14: a boast is made at the end of the turn; a BANG! after it is refused with a
    code, a sentence and the boast's rule, on the phone's dry run as on the move itself."""
    view = legends.start()
    order = [s["name"] for s in view["seats"]]
    first = view["turn"]
    second = order[(order.index(first) + 1) % 4]
    legends.ok(first, {"draw": {}})
    bang = {"play": "BANG!", "target": second}
    assert legends.emit(first, "judge", {"move": bang})["ruling"]["ok"] is True
    legends.ok(first, {"boast": view["feats"][0]["name"], "reveal": hidden_feat(view)})
    ruling = legends.emit(first, "judge", {"move": bang})["ruling"]
    assert ruling["ok"] is False and ruling["code"] == "turn_at_end" and ruling["rule"] == "legends.boast"
    ack = legends.move(first, bang)
    assert ack["ok"] is False and ack["error"]["code"] == "turn_at_end"
    assert "boasted" in ack["error"]["message"]
    assert seat_of(legends.view(), second)["life"] == seat_of(view, second)["life"]
    legends.ok(first, {"end_turn": {}})
    assert legends.view()["turn"] == second
