"""The engine's public questions, views, docs and record reading, beyond the records."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import RecordError, Refusal, apply, initial_state, public_view, view_for
from engine.characters import BASE_CHARACTERS
from engine.rulesets.legends.characters import LEGEND_CHARACTERS
from engine.cards import BASE_CARDS
from engine.rulesets import RULESETS
from engine.errors import refusals_markdown
from engine.reference import BOOK, CODES

RULES = BOOK.entries        # every ruleset's rules texts (engine/reference.py)
from engine.say import english
from helpers import a_record

ROOT = Path(__file__).resolve().parent.parent


def table(**over):
    """A base game of five at its start (`over`: a_record's keywords)."""
    return initial_state(a_record(**{"phase": "start", **over},
                                  roles=("sheriff", "outlaw", "renegade", "outlaw", "deputy"),
                                  characters=("Willy the Kid", "Paul Regret", "Rose Doolan",
                                              "Bart Cassidy", "Kit Carlson")))


def rule_ids_cited_in_code():
    ids = set()
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal":
                if len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                    ids.add((path.name, node.args[2].value))
    return ids


def test_every_rule_a_refusal_cites_exists():
    missing = {(f, r) for f, r in rule_ids_cited_in_code() if r not in RULES}
    assert not missing


def test_every_card_and_character_names_an_existing_rule():
    rows = list(BASE_CARDS) + list(BASE_CHARACTERS) + list(LEGEND_CHARACTERS)
    for rules in RULESETS.values():
        rows += list(rules.data.cards) + list(rules.data.characters)
    assert [r.name for r in rows if r.rule not in RULES] == []


def test_every_refusal_code_used_is_documented():
    used = set()
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                used.add(node.args[0].value)
    assert used - set(CODES) == set()


def test_apply_refuses_an_undocumented_code(monkeypatch):
    """A refusal whose code neither the core nor the table's ruleset documents is a bug:
    `apply` raises KeyError instead of answering with it; a ruleset's own code passes
    only at its own tables."""
    state = initial_state(engine.deal(["Ann", "Bob", "Cid", "Dan"], seed=1))

    def refuse(code):
        def _apply(s, m):
            raise Refusal(code, "x", "turn.draw")
        return _apply
    monkeypatch.setattr(engine.game, "_apply", refuse("no_such_code"))
    with pytest.raises(KeyError):
        apply(state, {"by": "Ann", "draw": {}})
    monkeypatch.setattr(engine.game, "_apply", refuse("feat_done"))    # a Legends code
    with pytest.raises(KeyError):
        apply(state, {"by": "Ann", "draw": {}})
    legends = initial_state(engine.deal(["Ann", "Bob", "Cid", "Dan"], seed=1,
                                        ruleset="legends"))
    with pytest.raises(Refusal) as refused:
        apply(legends, {"by": "Ann", "draw": {}})
    assert refused.value.code == "feat_done"


def test_generated_docs_are_up_to_date():
    assert (ROOT / "docs/rules.md").read_text() == BOOK.to_markdown()
    assert (ROOT / "docs/refusals.md").read_text() == refusals_markdown(CODES)


def test_the_deck_has_80_cards_20_of_each_suit():
    copies = [c for card in BASE_CARDS for c in card.copies]
    assert len(copies) == 80
    for suit in "♠♥♦♣":
        assert sum(c.endswith(suit) for c in copies) == 20


def test_a_phone_sees_its_own_role_and_only_public_ones():
    s = table()
    for seat in s.seats:
        view = view_for(s, seat.name)
        assert view["me"]["role"] == seat.role
        for row in view["seats"]:
            expect = row["name"] in ("Ann",)
            assert (row["role"] is not None) == expect, (seat.name, row)
    assert [r["role"] for r in public_view(s)["seats"]] == ["sheriff", None, None, None, None]


def test_an_eliminated_players_role_becomes_public():
    s = table(turn="Ann", phase="play")
    s.seats[0].in_play = ["Schofield"]
    s.seats[3].life = 1
    s, _ = apply(s, {"by": "Ann", "play": "BANG!", "target": "Dan"})
    s, _ = apply(s, {"by": "Dan", "respond": "take"})
    s, events = apply(s, {"by": "Dan", "respond": "take"})
    assert public_view(s)["seats"][3]["role"] == "outlaw"
    assert any(e["type"] == "out" for e in events)
    assert public_view(s)["seats"][1]["role"] is None
    assert s.seats[0].hand == 5 - 1 + 3


def test_distance_breakdown_clamps_once_at_the_end():
    s = table()
    s.seats[2].in_play = ["Scope"]
    # Cid (Rose Doolan + Scope) sees Bob (Paul Regret) at 1 + 1 - 1 - 1 = 0 -> 1
    d, parts = engine.table.distance_parts(s, 2, 1)
    assert d == 1 and sum(p["delta"] for p in parts) == 1
    assert english([p["label"] for p in parts][-1]) == "but never less than 1"


def test_legal_targets_say_why_not():
    s = table(turn="Ann", phase="play")
    rows = {r["name"]: r for r in engine.legal_targets(s, "Ann", "Jail")}
    assert rows["Bob"]["ok"] and "Ann" not in rows
    rows = {r["name"]: r for r in engine.legal_targets(s, "Bob", "Jail")}
    assert rows["Ann"]["code"] == "jail_on_sheriff"
    rows = {r["name"]: r for r in engine.legal_targets(s, "Ann", "BANG!")}
    assert rows["Eve"]["ok"] and rows["Cid"]["code"] == "out_of_range"


def test_distance_table_for_the_phone():
    s = table()
    t = engine.distance_table(s, "Ann")
    bob = next(r for r in t["others"] if r["name"] == "Bob")
    assert bob["distance"] == 2 and not bob["bang"] and not bob["panic"]
    assert english(bob["why"]) == "1 seat apart · Paul Regret +1"
    assert t["weapon"] == {"name": "Colt .45", "range": 1}


@pytest.mark.parametrize("record, where", [
    ({"seats": "x"}, "seats"),
    ({"seats": [{"name": "A", "role": "sheriff", "character": "Nobody"}] * 4},
     "seats[0].character"),
    ({"format": "other", "seats": []}, "format"),
])
def test_a_bad_record_names_the_place(record, where):
    with pytest.raises(RecordError) as err:
        initial_state(record)
    assert err.value.where == where


def test_a_move_naming_an_unknown_seat_is_a_record_error():
    rec = {"seats": table().to_dict()["seats"],
           "moves": [{"by": "Ann", "play": "BANG!", "target": "Bbo"}]}
    with pytest.raises(RecordError) as err:
        engine.load_record(rec)
    assert str(err.value) == "moves[0].target: no seat named 'Bbo'"


@pytest.mark.slow
def test_checker_exit_codes(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"seats": table().to_dict()["seats"], "expect": {"life": {"Ann": 5}}}))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"seats": table().to_dict()["seats"], "expect": {"life": {"Ann": 4}}}))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")

    def run(*files):
        return subprocess.run([sys.executable, "-m", "companion.checker", *map(str, files)],
                              capture_output=True, text=True, cwd=ROOT)

    r = run(good)
    assert r.returncode == 0 and r.stdout.strip() == "1 passed, 0 failed"
    r = run(good, bad)
    assert r.returncode == 1 and "expected 4, found 5" in r.stdout
    assert r.stdout.strip().endswith("1 passed, 1 failed")
    r = run(broken)
    assert r.returncode == 2 and "broken.json: line 1 column 2" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_deal_is_replayable_from_its_seed():
    a = engine.deal(["A", "B", "C", "D", "E", "F", "G"], seed=99)
    b = engine.deal(["A", "B", "C", "D", "E", "F", "G"], seed=99)
    assert a == b
    roles = sorted(s["role"] for s in a["seats"])
    assert roles == sorted(["sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy",
                            "deputy"])
    assert len({s["character"] for s in a["seats"]}) == 7


def test_a_public_record_hides_living_roles_and_replays_the_same():
    from engine.playout import random_game
    header, moves, final = random_game(3)
    half = moves[: len(moves) // 2]
    state = engine.replay({**header, "moves": half})
    pub = engine.public_record(header, half, state)
    assert "seed" not in pub
    for seat, row in zip(state.seats, pub["seats"]):
        hidden = seat.alive and seat.role != "sheriff"
        assert (row["role"] == "unknown") == hidden
    again = engine.replay(pub)
    assert [(s.life, s.hand, s.in_play, s.alive) for s in again.seats] == \
        [(s.life, s.hand, s.in_play, s.alive) for s in state.seats]
    assert engine.public_view(again) == engine.public_view(state)


def test_all_views_equal_the_views_one_by_one():
    from engine.playout import random_game
    header, moves, final = random_game(5, ruleset="legends")
    for upto in (0, len(moves) // 3, len(moves) // 2):
        state = engine.replay({**header, "moves": moves[:upto]})
        views = engine.all_views(state)
        assert views[None] == public_view(state)
        for seat in state.seats:
            assert views[seat.name] == view_for(state, seat.name)
            assert all("ability" not in row for row in views[seat.name]["seats"])


@pytest.mark.parametrize("ruleset, parts, only", [
    ("base", ["event_decks"], None), ("base", ["event_decks"], "ambush"),
    ("legends", ["three_players"], None), ("starwars", [], None)])
def test_views_built_from_the_geometry_before_are_the_views_built_anew(ruleset, parts, only):
    # the hub builds each change's views from the last change's Geometry (a pair whose
    # inputs did not change keeps its distance and reason): the same views as built
    # from nothing, over whole random games (Ambush: every pair at 1, then not)
    import random
    from engine.playout import candidates
    rng = random.Random(3)
    names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"][:3 if "three_players" in parts else 6]
    header = engine.deal(names, seed=3, ruleset=ruleset, parts=parts,
                         options={"events": "both"} if "event_decks" in parts else {})
    if only:
        header["event_deck"] = {"decks": ["high_noon", "fistful"], "pile": [only],
                                "current": None}
    state, geo, views, kept, rows = initial_state(header), None, None, 0, 0
    for _ in range(400):
        if state.winner is not None:
            break
        for move in candidates(rng, state):
            try:
                state, _ = apply(state, move)
                break
            except Refusal:
                continue
        before = views
        geo = engine.Geometry(state, geo)
        views = engine.all_views(state, geo)
        assert json.dumps(views) == json.dumps(engine.all_views(state))
        kept += sum(views[s.name]["me"]["distances"] is before[s.name]["me"]["distances"]
                    for s in state.seats if before and s.alive and views[s.name]["me"].get(
                        "distances") and before[s.name]["me"].get("distances"))
        if before:          # a seat's public row, and the phones' copy of it
            rows += sum(a is b for a, b in zip(views[None]["seats"], before[None]["seats"]))
            rows += sum(a is b for a, b in zip(views[names[0]]["seats"],
                                               before[names[0]]["seats"]))
    assert kept or ruleset == "starwars"     # unchanged parts are the same objects
    assert rows


def test_views_built_from_another_games_geometry_are_the_views_built_anew():
    # a table dealt again (other names, the same seats' modifiers): nothing is kept
    # from the geometry of the game before that shows its names
    first = initial_state(engine.deal(["Ann", "Bob", "Cid", "Dan"], seed=1))
    geo = engine.Geometry(first)
    engine.all_views(first, geo)
    again = initial_state(engine.deal(["Eve", "Fay", "Gus", "Hal"], seed=1))
    views = engine.all_views(again, engine.Geometry(again, geo))
    assert json.dumps(views) == json.dumps(engine.all_views(again))


def test_a_legends_record_with_a_feat_revealed_twice_is_unreadable():
    seats = table().to_dict()["seats"]
    rec = {"ruleset": "legends", "seats": seats,
           "feats": [{"name": "Bottleneck"}, {"name": "bottleneck", "tokens": {}}]}
    with pytest.raises(RecordError) as err:
        initial_state(rec)
    assert err.value.where == "feats[1].name"


def test_legend_sid_free_bang_verdict_follows_a_heal():
    s = initial_state(a_record("legends", roles=("sheriff", "outlaw", "renegade", "outlaw"),
                               characters=("Sid Ketchum", "Paul Regret", "Rose Doolan",
                                           "Bart Cassidy"),
                               Ann={"legend": True, "fame": 0, "life": 3, "hand": 4}))
    verdict = view_for(s, "Ann")["me"]["abilities"]["bang"]
    assert verdict["ok"] is False and verdict["code"] == "ability_unavailable"
    s, _ = apply(s, {"by": "Ann", "ability": {"discard": 2}})
    assert view_for(s, "Ann")["me"]["abilities"]["bang"] == {"ok": True}
    assert "abilities" not in view_for(table(), "Ann")["me"]
