"""docs/record-format.md says what the engine reads: every refusal code the engine can
answer with is named there and in docs/refusals.md (and no other code is), and every
example record the document writes out replays with the checker, expectations included."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import PARTS_BY_NAME, RULESETS, Refusal, check_record, compose
from engine.reference import CODES
from engine.moves import Move

ROOT = Path(__file__).resolve().parent.parent
FORMAT = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
REFUSALS = (ROOT / "docs" / "refusals.md").read_text(encoding="utf-8")
RAISED = re.compile(r"""Refusal\(\s*["']([a-z_]+)["']""")


def raised_codes() -> set[str]:
    """Every code written in a Refusal(...) anywhere in engine/ (rulesets included)."""
    found: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        found |= set(RAISED.findall(path.read_text(encoding="utf-8")))
    return found


def codes_section(text: str) -> str:
    """The record format's "Refusal codes" section, where the codes are listed."""
    start = text.index("## Refusal codes")
    return text[start:text.index("\n## ", start + 1)]


def named(text: str) -> set[str]:
    return set(re.findall(r"`([a-z_]+)`", text))


def test_the_engine_raises_only_catalogued_codes():
    raised = raised_codes()
    assert len(raised) > 30                  # the pattern does find the engine's refusals
    assert raised <= set(CODES), sorted(raised - set(CODES))


@pytest.mark.parametrize("doc", ["record-format.md", "refusals.md"])
def test_every_code_is_in_both_documents(doc):
    text = codes_section(FORMAT) if doc == "record-format.md" else REFUSALS
    missing = sorted((set(CODES) | raised_codes()) - named(text))
    assert not missing, f"docs/{doc} does not name: {missing}"


def test_the_record_format_names_no_code_the_engine_lacks():
    listed = named(codes_section(FORMAT))
    assert listed <= set(CODES), sorted(listed - set(CODES))


def test_the_check_can_fail():
    """The section without one code is caught: the test above is not vacuous."""
    section = codes_section(FORMAT).replace("`answer_only`", "")
    assert "answer_only" in set(CODES) - named(section)


def example_records() -> list[dict]:
    blocks = re.findall(r"```json\n(.*?)```", FORMAT, flags=re.S)
    records = [json.loads(b) for b in blocks]
    return [r for r in records if isinstance(r, dict) and "seats" in r]


def test_the_document_writes_example_records():
    assert len(example_records()) >= 2


@pytest.mark.parametrize("record", example_records(), ids=lambda r: r.get("ruleset", "base"))
def test_every_example_record_replays(record):
    passed, failed = check_record(record)
    assert not failed, failed


def test_every_example_move_is_readable():
    """The moves written inline in the tables are each in the vocabulary of a ruleset, or of
    one composed with a part (a
    move is read with its table's ruleset's words)."""
    moves = [json.loads(s) for s in re.findall(r'`(\{"by".*?\})`', FORMAT)]
    assert len(moves) > 40
    for move in moves:
        read = []
        for rules in [*RULESETS.values(), *(compose(r, [p.name]) for p in PARTS_BY_NAME.values()
                                            for r in RULESETS if p.goes_with(r))]:
            try:
                read.append(Move.from_dict(move, rules.vocab))
            except Refusal:
                pass
        assert read, f"no ruleset reads {move}"
