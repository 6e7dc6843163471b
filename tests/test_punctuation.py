"""Punctuation after a name that ends in "!" (issue 27, Words): "Missed!", "BANG!", "Panic!",
"Indians!", "Nem talált!", "Мимо!"... end the sentence themselves, so no full stop follows
("Ann plays a Missed!", never "a Missed!."), in English, Hungarian and Russian alike.

Two places can put one there: a catalog's text (a rule, a ruling, a question written with
the name in it) and a sentence made from a template whose placeholder a name fills
("{seat} plays {card}."). The first is checked on every entry of the three catalogs and on
every record's note; the second where sentences are made, in Python (engine/say.py) and in
the pages (static/js/i18n.js): a name ending in "!" or "?" takes the place of the full stop
that follows its placeholder.
"""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import engine
from companion import i18n
from engine.say import english, msg, name, plural

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "hu", "ru")
# a "!" and then a full stop (a closing quote between them too: «Мимо!».); not an ellipsis
BANG_STOP = re.compile(r"!»?\.(?!\.)")
FIELD_STOP = re.compile(r"\{(\w+)\}[»”]?\.(?!\.)")


def exclaimed_names() -> list[str]:
    """Every card, character and role name of every ruleset that ends in "!"."""
    out = set()
    for rules in engine.RULESETS.values():
        out |= {c.name for c in rules.data.cards if c.name.endswith("!")}
        out |= {c.name for c in rules.data.characters if c.name.endswith("!")}
    return sorted(out)


def entries(lang: str):
    """(msgid, [texts of the language]) of every entry of its catalog."""
    path = i18n.pot_path() if lang == "en" else i18n.po_path(lang)
    with open(path, "rb") as f:
        for m in read_po(f, locale=None if lang == "en" else lang):
            if not m.id:
                continue
            ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
            strs = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
            yield m.id, ids if lang == "en" else [s for s in strs if s]


def bang_stops(text: str) -> list[str]:
    return [text[max(0, x.start() - 30):x.end() + 10] for x in BANG_STOP.finditer(text)]


def test_the_names_that_end_in_an_exclamation_mark():
    names = exclaimed_names()
    assert {"BANG!", "Missed!", "Panic!", "Indians!"} <= set(names), names
    for lang in ("hu", "ru"):
        assert all(i18n.gettext(n, lang).endswith("!") for n in ("BANG!", "Missed!")), lang


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_text_puts_a_full_stop_after_an_exclamation_mark(lang):
    """No English msgid, Hungarian or Russian translation writes "Missed!." or "BANG!. A"."""
    bad = [f"{lang}: ...{hit}... (in {str(mid)[:60]!r})"
           for mid, texts in entries(lang) for t in texts for hit in bang_stops(t)]
    assert not bad, "\n".join(bad)


def test_no_records_note_puts_a_full_stop_after_an_exclamation_mark():
    bad = []
    for path in sorted((ROOT / "tests" / "records").rglob("*.json")):
        note = json.loads(path.read_text(encoding="utf-8")).get("note") or ""
        bad += [f"{path.name}: ...{hit}..." for hit in bang_stops(note)]
    assert not bad, "\n".join(bad)


def test_the_catalog_check_can_fail():
    assert bang_stops("It does nothing against Indians!.")
    assert bang_stops("Проверка: «Мимо!».")
    assert bang_stops("a Missed!. One try")
    assert not bang_stops("a Missed! One try") and not bang_stops("Wait for it!...")


def test_a_name_ending_in_an_exclamation_mark_takes_the_place_of_the_full_stop():
    assert english(msg("{seat} plays {card}.", seat="Ann", card=name("Missed!"))) == \
        "Ann plays Missed!"
    assert english(msg("{seat} plays {card}.", seat="Ann", card=name("Beer"))) == "Ann plays Beer."
    assert english(msg("{card}. Then {seat}.", card=name("BANG!"), seat="Bob")) == \
        "BANG! Then Bob."
    assert english(msg("{card}...", card=name("BANG!"))) == "BANG!..."      # an ellipsis stays
    assert english(msg("Игра «{ruleset}».", ruleset="BANG!")) == "Игра «BANG!»"
    assert english(msg("Игра «{ruleset}».", ruleset="Legends")) == "Игра «Legends»."
    assert english(msg("{card}.", other="x")) == "{card}."                  # no argument: as it is
    assert english(plural("{seat} takes {n} card ({why}).", "{seat} takes {n} cards ({why}).", 2,
                          seat="Ann", why=name("Panic!"))) == "Ann takes 2 cards (Panic!)."
    assert i18n.sentence(msg("{card} reaches distance 1.", card=name("Panic!")), "hu")


def templates_with_a_stop_after_a_placeholder() -> list:
    """Every msgid (a plural as its pair) with a placeholder right before a full stop, in
    English or in a translation."""
    out = {}
    for lang in LANGS:
        for mid, texts in entries(lang):
            if any(FIELD_STOP.search(t) for t in texts):
                out[mid if isinstance(mid, str) else tuple(mid)] = None
    return list(out)


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_made_with_a_name_ending_in_an_exclamation_mark(lang):
    """Each template with "{x}." rendered in each language with every placeholder filled
    by each name that ends in "!": no "!." in any of them."""
    found = templates_with_a_stop_after_a_placeholder()
    assert len(found) > 50, len(found)
    bad = []
    for mid in found:
        key = mid if isinstance(mid, str) else mid[0]
        keys = set(re.findall(r"\{(\w+)\}", key)) - {"n"}
        for card in exclaimed_names():
            args = {k: name(card) for k in keys}
            m = plural(mid[0], mid[1], 2, **args) if isinstance(mid, tuple) else msg(mid, **args)
            text = i18n.sentence(m, lang)
            bad += [f"{key[:60]!r} with {card}: ...{hit}..." for hit in bang_stops(text)]
    assert not bad, "\n".join(bad[:40])


def test_the_pages_make_their_sentences_the_same_way(node):
    """static/js/i18n.js's t(): the page's own sentences and the names it fills in."""
    script = """
globalThis.document = { querySelector: () => null };
const { t, render } = await import(%s);
console.log(JSON.stringify([
  t("{seat} plays {card}.", { seat: "Ann", card: { "$t": "Missed!" } }),
  t("{seat} plays {card}.", { seat: "Ann", card: { "$t": "Beer" } }),
  t("{card}. Then {seat}.", { card: "BANG!", seat: "Bob" }),
  t("{card}...", { card: "BANG!" }),
  render({ "$t": "{card} counts.", card: { "$t": "Indians!" } }),
  t("Игра «{ruleset}».", { ruleset: "BANG!" }),
]));
""" % json.dumps((ROOT / "static/js/i18n.js").as_uri())
    run = subprocess.run([node, "--input-type=module", "-e", script],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["Ann plays Missed!", "Ann plays Beer.", "BANG! Then Bob.",
                                      "BANG!...", "Indians! counts.", "Игра «BANG!»"]
