"""Words for players, not for programmers (issue 9 §2): every refusal, log line and
ruling the engine can produce reads as plain words, with no snake_case identifier, no
rule id, no code and no arithmetic leaking out of a calculation.

Three nets: (1) every record of tests/records replayed move by move, with every
refusal, every event and every phone's view of every state on the way; (2) seeded
random games of each ruleset; (3) the literal text of every `Refusal(...)` and every
`say(...)` in the engine's source, so that a sentence no record reaches is read too.
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import engine
from engine.errors import CODES
from engine.playout import random_game
from engine.rulebook import RULES, title
from engine.say import english

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")          # end_turn, bad_token
RULE_ID = re.compile(r"\b[a-z]+\.[a-z][a-z_]*\b")               # card.beer, turn.bang_limit
# quoting a move's own keys is code; quoting what a player typed ('outlaw') is not
KEYS = ("by|check|jail|draw|play|respond|ability|end_turn|set|perform|boast|claim|target|as|"
        "take|discard|reveal|keep|from|show|shoot|seat|life|hand|in_play|fame|turn|choice|give")
CODE = re.compile(rf"[{{}}]|[\"']({KEYS})[\"']|\b(?:Error|Problem):? [a-z_]+\b|\bNone\b")
SUM = re.compile(r"\d [+−-]\d")                                  # "never less than 1 +1"
# the keys of a view whose strings a person reads
HUMAN = {"text", "message", "reason", "label", "why", "goal", "ability", "requirement",
         "rule_title", "rule_text", "title", "hint", "note"}


def problems(text: str) -> list[str]:
    return [m.group(0) for rx in (SNAKE, RULE_ID, CODE, SUM) for m in rx.finditer(text)]


def human_strings(obj, key: str = ""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from human_strings(v, k)
    elif isinstance(obj, list):
        for v in obj:
            yield from human_strings(v, key)
    elif isinstance(obj, str) and key in HUMAN:
        yield obj


def _values(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _values(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _values(v)
    elif isinstance(obj, str):
        yield obj


class Texts:
    """Every sentence met, with where it came from; `bad()` lists the offenders."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}

    def add(self, text: str, where: str) -> None:
        self.seen.setdefault(text, where)

    def refusal(self, e: engine.Refusal, where: str, move: dict | None = None) -> None:
        """A refusal may quote back what the move said ('hit_all' is no effect of this
        card): such an echo of the writer's own input is not the engine's identifier."""
        message = e.message
        for value in _values(move):
            message = message.replace(f"'{value}'", "'…'")
        self.add(message, where)
        assert e.rule in RULES, f"{where}: refusal {e.code} cites no known rule ({e.rule!r})"
        self.add(title(e.rule), where)

    def views(self, state, where: str) -> None:
        self.add_all(engine.public_view(state), where)
        for seat in state.seats:
            if seat.alive:
                self.add_all(engine.view_for(state, seat.name), f"{where} ({seat.name}'s phone)")

    def add_all(self, obj, where: str) -> None:
        for text in human_strings(obj):
            self.add(text, where)

    def bad(self) -> list[str]:
        return [f"{where}: {text!r} shows {problems(text)}"
                for text, where in self.seen.items() if problems(text)]


def test_the_detector_finds_what_the_issue_saw():
    for text in ["Rule: turn.bang_limit", "Error bad_token", "'end_turn' is not part of it",
                 "never less than 1 +1", "A player sets their own 'life' or 'in_play'.",
                 "The host makes corrections: {\"set\": {...}}."]:
        assert problems(text), text
    for text in ["Ann is at distance 2; your Colt .45 reaches 1.", "2 seats apart · Bob's "
                 "Mustang +1", "Rev. Carabine", "Ann puts Schofield in play.", "BANG!"]:
        assert not problems(text), (text, problems(text))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_record_reads_as_plain_words(path):
    texts = Texts()
    record = engine.load_record(path.read_text())
    state = engine.initial_state(record)
    texts.views(state, path.stem)
    for k, move in enumerate(record.get("moves", [])):
        if move.get("undone"):
            continue
        where = f"{path.stem} move {k}"
        move = {key: v for key, v in move.items() if key not in ("expect", "then", "note")}
        try:
            state, events = engine.apply(state, move)
        except engine.Refusal as e:
            texts.refusal(e, where, move)
            continue
        for ev in events:
            texts.add(ev["text"], where)
        texts.views(state, where)
    assert not texts.bad(), "\n".join(texts.bad())


@pytest.mark.parametrize("ruleset,seed", [("base", s) for s in range(6)]
                         + [("legends", s) for s in range(4)])
def test_random_games_read_as_plain_words(ruleset, seed):
    texts = Texts()
    count = [0]

    def on_move(before, move, after):
        count[0] += 1
        _, events = engine.apply(before, move)
        for ev in events:
            texts.add(ev["text"], f"{ruleset} seed {seed}")
        if count[0] % 7 == 0 or after.pending:
            texts.views(after, f"{ruleset} seed {seed} move {count[0]}")

    random_game(seed, ruleset=ruleset, on_move=on_move, max_moves=400)
    assert not texts.bad(), "\n".join(texts.bad())


def _literal(node) -> str:
    """The constant text of a string or f-string argument (placeholders as 'X')."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "X" for v in node.values)
    if isinstance(node, ast.BinOp):
        return _literal(node.left) + _literal(node.right)
    return ""


def test_every_sentence_written_in_the_engine_is_plain():
    """Refusal(code, message, rule) and ctx.say(kind, text): the written words, with each
    placeholder read as a name, and the rule each refusal cites exists."""
    bad = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        if path.name == "rulebook.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "_bad" and node.args:          # engine/moves.py: a move's shape
                text = _literal(node.args[0])
            elif name == "Refusal" and len(node.args) >= 2:
                text = _literal(node.args[1])
                rule = node.args[2] if len(node.args) > 2 else None
                if isinstance(rule, ast.Constant) and rule.value not in RULES:
                    bad.append(f"{path.name}:{node.lineno}: unknown rule {rule.value!r}")
            elif name == "say" and len(node.args) >= 2:
                text = _literal(node.args[1])
            else:
                continue
            if problems(text):
                bad.append(f"{path.name}:{node.lineno}: {text!r} shows {problems(text)}")
    assert not bad, "\n".join(bad)


def test_the_rules_and_the_codes_read_as_plain_words():
    texts = Texts()
    for rid, rule in RULES.items():
        texts.add(rule["title"], rid)
        texts.add(rule["text"], rid)
    for code, meaning in CODES.items():
        texts.add(meaning, code)
    assert not texts.bad(), "\n".join(texts.bad())


def test_a_refusal_carries_its_rules_title():
    with pytest.raises(engine.Refusal) as e:
        state = engine.initial_state(json.loads((ROOT / "tests/records/card-bang-one-per-turn.json")
                                                .read_text()))
        state, _ = engine.apply(state, {"by": "Ann", "play": "BANG!", "target": "Bob"})
        state, _ = engine.apply(state, {"by": "Bob", "respond": "take"})
        engine.apply(state, {"by": "Ann", "play": "BANG!", "target": "Bob"})
    d = e.value.to_dict()
    assert d["rule"] == "turn.bang_limit" and english(d["rule_title"]) == RULES["turn.bang_limit"]["title"]
    assert not problems(english(d["rule_title"]))
