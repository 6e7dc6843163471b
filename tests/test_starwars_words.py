"""A Star Wars table speaks its own edition's words (issue 22): no event, ruling (a refusal,
the rule it cites, a phone's answers and hints, the play sheet's notes) or rules entry of
BANG! Star Wars, in any language, names a base-game card, character or role that the
edition replaces, or the base game's word for life where the edition says energy.

The forbidden words come from the data: every base card name the Star Wars deck does not
have, the base characters, roles and default weapon, and the base word for life, each as
its language's catalog spells it (English whole words; Hungarian and Russian from the
start of a word, so that their endings are caught: "életpontnál", "жизни"). What is read:
every Star Wars record replayed move by move (events, refusals and their rule titles, every
phone's view of every state), a few seeded random Star Wars games, extra moves that reach
the host's corrections and the play sheet, and every "sw." rules entry.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import engine
from companion import i18n, referee
from engine.errors import Refusal
from engine.playout import random_game
from engine.reference import BOOK

RULES, title = BOOK.entries, BOOK.title      # every ruleset's rules texts
from engine.rulesets import RULESETS
from engine.say import is_message, name
from helpers import a_record

ROOT = Path(__file__).resolve().parent.parent
SW_RECORDS = sorted((ROOT / "tests" / "records").glob("sw-*.json"))
LANGS = i18n.LANGUAGES
BASE, SW = RULESETS["base"], RULESETS["starwars"]


def base_words() -> set[str]:
    """The English base-game words the edition has its own for."""
    sw_names = {c.name for c in SW.data.cards.rows} | {c.name for c in SW.data.characters.rows}
    out = {c.name for c in BASE.data.cards.rows if c.name not in sw_names}
    out |= {c.name for c in BASE.data.characters.rows}
    out |= set(BASE.data.words["roles"].values()) - set(SW.data.words["roles"].values())
    out.add(BASE.data.words["default_weapon"])
    if BASE.data.words["life"] != SW.data.words["life"]:
        out.add(BASE.data.words["life"])
    return out


def stem(word: str, lang: str) -> str:
    """Russian words change their ending: keep what every form starts with."""
    if lang == "ru" and len(word) > 4 and word[-1] in "аеиоуыьйяю":
        return word[:-1]
    return word


def patterns(lang: str) -> list[tuple[str, re.Pattern]]:
    allowed = {i18n.gettext(w, lang).casefold()
               for w in [c.name for c in SW.data.cards.rows] + [c.name for c in SW.data.characters.rows]
               + list(SW.data.words["roles"].values()) + [SW.data.words["life"], SW.data.words["check"]]}
    out = []
    for word in sorted(base_words()):
        said = i18n.gettext(word, lang)
        if said.casefold() in allowed:          # the edition spells it the same: no clash
            continue
        tail = r"(?!\w)" if lang == "en" else ""
        out.append((said, re.compile(r"(?<!\w)" + re.escape(stem(said, lang)) + tail,
                                     re.IGNORECASE)))
    return out


PATTERNS = {lang: patterns(lang) for lang in LANGS}


def clashes(text: str, lang: str) -> list[str]:
    return [word for word, rx in PATTERNS[lang] if rx.search(text)]


def messages(obj):
    """Every message (or plain string a person reads) in a value."""
    if is_message(obj):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("name", "character", "card", "respond", "seat", "role", "kind", "effect",
                     "side", "roles", "winner", "by", "in_play", "from", "against", "turn"):
                continue             # names and codes, not words
            yield from messages(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from messages(v)


class Reader:
    """What a Star Wars table says, collected once, read in each language."""

    def __init__(self) -> None:
        self.said: list[tuple[str, object]] = []    # (where, message)

    def add(self, where: str, obj) -> None:
        for m in messages(obj):
            self.said.append((where, m))

    def refusal(self, where: str, e: Refusal) -> None:
        self.add(where, e.say)
        if title(e.rule):
            self.add(f"{where} (rule {e.rule})", name(title(e.rule)))

    def state(self, where: str, state) -> None:
        for who, view in engine.all_views(state).items():
            self.add(f"{where} view {who}", view)

    def move(self, where: str, state, move):
        try:
            new, events = engine.apply(state, move)
        except Refusal as e:
            self.refusal(where, e)
            return state
        self.add(where, [ev["text"] for ev in events])
        return new


def extra_moves(reader: Reader) -> None:
    """Situations the records do not reach: the host's corrections, a play sheet at full
    energy, the cards every player shares, Lucky's checks twice and without a result."""
    state = engine.initial_state(a_record(
        "starwars", characters=("Lucky", "Lucky", "Fearless", "Resilient"),
        Ann={"hand": 6}, Bob={"life": 2, "hand": 3}))
    table = SimpleNamespace(state=state, status="playing")
    reader.add("play sheet", referee.playable(table, "Ann"))
    # Ask the referee: can it reach, how far; each answer's rule, title and text (the
    # distance answer's rule cited the base game's Mustang and Scope, the reach one its
    # Colt .45 and Panic!, before the audit of issue 22)
    for a in ("Ann", "Bob", "Cid", "Dan"):
        for card in ("BANG!", "Deception", "Duel"):
            answer = referee.targets(table, a, card)
            reader.add(f"targets {a} {card}", answer)
            for row in answer["targets"]:
                reader.add(f"targets {a} {card} rule {row.get('rule')}",
                           name(RULES.get(row.get("rule") or "", {}).get("text", "")))
        for b in ("Ann", "Bob", "Cid", "Dan"):
            if a != b:
                answer = referee.distance(table, a, b)
                reader.add(f"distance {a} {b}", answer)
                reader.add(f"distance {a} {b} rule {answer['rule']}",
                           [name(RULES[answer["rule"]]["title"]),
                            name(RULES[answer["rule"]]["text"])])
    for move in ({"by": "Ann", "play": "Unexpected Encounter"}, {"by": "Ann", "play": "Respite"},
                 {"by": "host", "set": {"seat": "Bob", "life": 1}},
                 {"by": "host", "set": {"seat": "Bob", "life": 9}},
                 {"by": "host", "set": {"seat": "Bob", "hand": 2}},
                 {"by": "Ann", "play": "BANG!", "target": "Bob"},
                 {"by": "Bob", "respond": "Cover", "check": "pass"},
                 {"by": "Bob", "respond": "Lucky"},
                 {"by": "Bob", "respond": "Lucky", "check": "fail"},
                 {"by": "Bob", "respond": "Lucky", "check": "fail"},
                 {"by": "Bob", "respond": "take"},
                 {"by": "host", "set": {"seat": "Cid", "life": 0}}):
        state = reader.move(f"extra {move}", state, move)
        reader.state(f"extra {move}", state)


@pytest.fixture(scope="module")
def said() -> list[tuple[str, object]]:
    reader = Reader()
    for path in SW_RECORDS:
        record = json.loads(path.read_text(encoding="utf-8"))
        state = engine.initial_state(record)
        reader.state(path.name, state)
        for k, move in enumerate(record.get("moves", [])):
            if move.get("undone"):
                continue
            move = {key: v for key, v in move.items() if key not in ("expect", "then", "note")}
            state = reader.move(f"{path.name} moves[{k}]", state, move)
            reader.state(f"{path.name} moves[{k}]", state)
    for seed in range(4):
        header, moves, _ = random_game(seed, ruleset="starwars")
        state = engine.initial_state(header)
        for k, move in enumerate(moves):
            state = reader.move(f"random {seed} moves[{k}]", state, move)
    extra_moves(reader)
    for rid, rule in RULES.items():
        if rid.startswith("sw."):
            reader.add(f"rule {rid}", [name(rule["title"]), name(rule["text"])])
    return reader.said


def test_the_forbidden_words_come_from_the_data():
    en = {w for w, _ in PATTERNS["en"]}
    assert {"Barrel", "Beer", "General Store", "Sheriff", "Jourdonnais", "life"} <= en
    assert "BANG!" not in en and "Duel" not in en          # the edition has these too
    assert "életpont" in {w for w, _ in PATTERNS["hu"]}
    assert clashes("teljes életpontnál", "hu") and clashes("нет жизни", "ru")
    assert not clashes("Lucky: the check passes", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_star_wars_speaks_its_own_words(said, lang):
    assert len(said) > 1000
    bad = {}
    for where, message in said:
        text = i18n.sentence(message, lang)
        found = clashes(text, lang)
        if found:
            bad.setdefault(text, (where, found))
    assert not bad, "\n".join(f"{where}: {text!r} ({found})"
                              for text, (where, found) in list(bad.items())[:40])
