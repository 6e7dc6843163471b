"""The event decks' refusals in words (issue 30): every refusal code of the part is a
sentence in English, Hungarian and Russian; every refusal an event gives for a move it
forbids names that event in each language, and every refusal that cites an event as its
rule is translated; the host's entry out of time names the player whose turn begins the
round (at three players the Deputy, or the next one once he is out: never "the
Sheriff"). The refusals walked are those of the rulings, tests/records/."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import i18n
from engine import Refusal, apply, initial_state
from engine.record import load_record
from engine.rulesets.events.codes import CODES
from engine.rulesets.events.data import BY_ID
from engine.say import KEY, PLURAL, english, is_message

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted(p for p in (ROOT / "tests/records").glob("*.json")
                 if "event_decks" in json.loads(p.read_text(encoding="utf-8")).get("parts", []))
LANGS = ("hu", "ru")
# the events whose rule refuses a move with event_forbids (rules.py's `forbids`)
FORBIDDING = {"the_reverend", "the_sermon", "the_judge", "peyote", "blood_brothers", "vendetta"}


def refusals() -> list[tuple[str, Refusal]]:
    """(record and move, refusal) for every refused move of the records with an event deck."""
    out = []
    for path in RECORDS:
        record = load_record(json.loads(path.read_text(encoding="utf-8")))
        state = initial_state(record)
        for k, move in enumerate(record["moves"]):
            try:
                state, _ = apply(state, move)
            except Refusal as e:
                out.append((f"{path.stem} moves[{k}]", e))
    return out


REFUSALS = refusals()


def has(lang: str, template: str) -> bool:
    """Whether the language's catalog translates this template (a translation may read
    as the English: "{event}: {effect}")."""
    entry = i18n.catalog(lang).get(template)
    return entry is not None and i18n.translated(entry)


def templates(message) -> list[str]:
    """Every template in a message and the messages nested in it (names aside: a card's,
    an event's)."""
    out = []
    if is_message(message):
        if len(message) > 1 or PLURAL in message:
            out.append(message[KEY])
        for v in message.values():
            out += templates(v) if not isinstance(v, list) else [t for x in v for t in templates(x)]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_code_of_the_event_decks_is_a_sentence_in_every_language(lang):
    untranslated = [code for code, meaning in CODES.items() if not has(lang, meaning)]
    assert not untranslated, untranslated
    assert all(meaning.endswith(".") for meaning in CODES.values())


def test_every_forbidding_event_has_a_ruling_that_refuses():
    seen = {e.rule.removeprefix("event.") for _, e in REFUSALS if e.code == "event_forbids"}
    assert FORBIDDING <= seen, sorted(FORBIDDING - seen)


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_a_refusal_for_a_move_an_event_forbids_names_the_event(lang):
    bad = []
    for where, e in REFUSALS:
        if e.code != "event_forbids":
            continue
        event = BY_ID[e.rule.removeprefix("event.")]
        said = i18n.sentence(e.say, lang)
        if i18n.gettext(event.name, lang) not in said:
            bad.append(f"{where}: {said!r} does not name {event.name}")
        if lang != "en":
            bad += [f"{where}: {t!r} untranslated" for t in templates(e.say)
                    if not has(lang, t)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_citing_an_event_is_translated(lang):
    cited = [(w, e) for w, e in REFUSALS if e.rule.startswith("event.")]
    assert len({e.code for _, e in cited}) >= 8
    bad = [f"{where}: {t!r}" for where, e in cited for t in templates(e.say)
           if not has(lang, t)]
    assert not bad, "\n".join(bad)


def entry_refused(name: str) -> Refusal:
    """The host's entry refused out of time in that record."""
    return next(e for where, e in REFUSALS if where.startswith(name + " ")
                and e.code == "event_not_now")


def test_the_host_entry_out_of_time_names_whose_turn_begins_the_round():
    three = entry_refused("event-deck-three-players-the-deputys-round")
    out = entry_refused("three-events-deputy-out-the-host-enters-at-the-next-player")
    four = entry_refused("event-deck-host-enters-the-card-revealed")
    assert "Ann's turn" in english(three.say) and "Bob's turn" in english(out.say)
    assert "Ann's turn" in english(four.say)
    for e in (three, out):
        for lang in ("en",) + LANGS:
            said = i18n.sentence(e.say, lang)
            assert i18n.gettext("Sheriff", lang) not in said, (lang, said)
