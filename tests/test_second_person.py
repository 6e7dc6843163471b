"""The second person on one's own phone: the wording layer (companion.i18n, engine.say
render) takes a message's `you` form only for the reader's own seat, by name and exactly,
nested messages and plurals too. The pages' own variants (static/js/addressed.js) each
belong to a template the code says, name an argument of it, and keep the base template's
placeholders less that argument. The engine's and the companion's are declared where each
message is made: tests/test_you_declared.py."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion import i18n
from engine.say import N_, N_plural, msg, name, plural

ROOT = Path(__file__).resolve().parent.parent
FIELD = re.compile(r"\{(\w+)\}")


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def template_ids() -> dict[str, object]:
    """{key (a plural's singular): msgid} of every msgid in messages.pot."""
    with open(i18n.pot_path(), "rb") as f:
        return {(m.id if isinstance(m.id, str) else m.id[0]): m.id for m in read_po(f) if m.id}


def problems(table: dict, ids: dict) -> list[str]:
    out = []
    for base, forms in table.items():
        if base not in ids:
            out.append(f"{base!r}: no such template in the code (messages.pot)")
            continue
        base_plural = not isinstance(ids[base], str)
        for arg, variant in forms.items():
            if arg not in fields(base):
                out.append(f"{base!r}: {{{arg}}} is not one of its placeholders")
            texts = list(variant) if isinstance(variant, (tuple, list)) else [variant]
            if (len(texts) == 2) != base_plural:
                out.append(f"{base!r}: a plural has a plural variant, and only a plural")
            for text in texts:
                if fields(text) != fields(base) - {arg}:
                    out.append(f"{base!r} → {text!r}: placeholders {sorted(fields(text))}, "
                               f"not {sorted(fields(base) - {arg})}")
            if base_plural and len(texts) == 2:
                others = ids[base][1]
                if fields(texts[1]) != fields(others) - {arg}:
                    out.append(f"{others!r} → {texts[1]!r}: placeholders differ")
    return out


def test_the_check_can_fail():
    ids = {"{seat} plays {card}.": "{seat} plays {card}.",
           "{seat} takes {n} card.": ("{seat} takes {n} card.", "{seat} takes {n} cards.")}
    assert len(problems({"{seat} plays {card}.": {"seat": "You play {cards}."}}, ids)) == 1
    assert len(problems({"{seat} plays {card}.": {"seat": "You play {seat} {card}."}}, ids)) == 1
    assert len(problems({"{seat} plays {card}.": {"target": "You play {card}."}}, ids)) == 2
    assert len(problems({"{seat} takes {n} card.": {"seat": "You take {n} card."}}, ids)) == 1
    assert len(problems({"Gone {seat}.": {"seat": "Gone."}}, ids)) == 1
    assert not problems({"{seat} takes {n} card.": {"seat": ("You take {n} card.",
                                                             "You take {n} cards.")}}, ids)


def test_the_pages_variants_keep_their_placeholders(node):
    """static/js/addressed.js, read by Node (the module has no imports)."""
    source = (ROOT / "static/js/addressed.js").read_text(encoding="utf-8")
    run = subprocess.run([node, "--input-type=module", "-e",
                          source + "\nconsole.log(JSON.stringify(SECOND_PERSON));"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    table = json.loads(run.stdout)
    assert table, "the pages' table is empty"
    ids = template_ids()
    assert not problems(table, ids), "\n".join(problems(table, ids))
    js = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "static/js").glob("*.js")
                 if p.name != "addressed.js")
    for base in table:              # a page still says each base template
        assert json.dumps(base, ensure_ascii=False) in js, base


def test_only_the_readers_own_seat_by_its_whole_name():
    m = msg("{seat} is at distance {distance}; {shooter}'s {weapon} reaches {range}.",
            seat="Cid", distance=2, shooter="Ann", weapon=name("Colt .45"), range=1,
            you={"shooter": N_("{seat} is at distance {distance}; your {weapon} reaches "
                               "{range}."),
                 "seat": N_("You are at distance {distance}; {shooter}'s {weapon} reaches "
                            "{range}.")})
    assert i18n.sentence(m, "en", "Ann") == "Cid is at distance 2; your Colt .45 reaches 1."
    assert i18n.sentence(m, "en", "Cid") == "You are at distance 2; Ann's Colt .45 reaches 1."
    for other in (None, "", "Bob", "An", "Ann ", "ann", "Anna"):
        assert i18n.sentence(m, "en", other) == ("Cid is at distance 2; Ann's Colt .45 "
                                                 "reaches 1.")
    assert m["shooter"] == "Ann" and m["$t"].startswith("{seat} is")     # left as it was


def test_nested_messages_and_plurals_are_said_to_the_reader():
    why = msg("{before} · {label} +{delta}", before=plural("{n} seat apart", "{n} seats apart", 1),
              label=msg("{seat}'s {card}", seat="Ann", card=name("Mustang"),
                        you={"seat": N_("your {card}")}), delta=1)
    assert i18n.sentence(why, "en", "Ann") == "1 seat apart · your Mustang +1"
    assert i18n.sentence(why, "en", "Bob") == "1 seat apart · Ann's Mustang +1"
    assert i18n.sentence(why, "ru", "Ann").endswith("ваша карта Мустанг +1")
    took = plural("{seat} takes {n} card ({why}).", "{seat} takes {n} cards ({why}).", 5,
                  seat="Ann", why=msg("{card} from {seat}", card=name("Panic!"), seat="Bob",
                                      you={"seat": N_("your {card}")}),
                  you={"seat": N_plural("You take {n} card ({why}).",
                                        "You take {n} cards ({why}).")})
    assert i18n.sentence(took, "ru", "Ann") == "Вы берёте 5 карт (Паника! от игрока Bob)."
    assert i18n.sentence(took, "ru", "Bob") == "Ann берёт 5 карт (ваша карта Паника!)."
    assert i18n.sentence(took, "hu", "Ann") == "5 lapot kapsz (Bob Pánik! lapja)."
    # localize: every message of a snapshot, and nothing else, the same way
    snap = {"log": [{"text": took, "kind": "life"}], "name": "Ann"}
    assert i18n.localize(snap, "en", "Ann") == {
        "log": [{"text": "You take 5 cards (Panic! from Bob).", "kind": "life"}], "name": "Ann"}
    assert i18n.localize(snap, i18n.MESSAGES, "Ann") is snap


def test_a_name_that_is_not_a_string_is_never_the_reader():
    m = msg("{seat} has no cards in hand.", seat=name("Ann"),
            you={"seat": N_("You have no cards in hand.")})
    assert i18n.sentence(m, "en", "Ann") == "Ann has no cards in hand."
    m["seat"] = "Ann"
    assert i18n.sentence(m, "en", "Ann") == "You have no cards in hand."


def test_a_message_without_you_stays_in_the_third_person():
    m = msg("{seat} has no cards in hand.", seat="Ann")
    assert i18n.sentence(m, "en", "Ann") == "Ann has no cards in hand."


def pages_table(node) -> dict:
    source = (ROOT / "static/js/addressed.js").read_text(encoding="utf-8")
    run = subprocess.run([node, "--input-type=module", "-e",
                          source + "\nconsole.log(JSON.stringify(SECOND_PERSON));"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_an_open_question_about_ones_own_card_says_your(node):
    """On the shooter's own phone the waiting line reads "Bob must answer your BANG!", not
    "Bob must answer BANG! from Дима" (issue 22's audit: "Бэнг! от игрока Дима: отвечает
    Bence" on Дима's phone). Every open-question template of bits.js that names another
    seat and the card's player has a variant for that player."""
    source = (ROOT / "static/js/bits.js").read_text(encoding="utf-8")
    asked = [s for s in re.findall(r'\bt\("([^"]+)"', source) if "{seat}" in s and "{from}" in s]
    assert len(asked) >= 5, asked
    table = pages_table(node)
    missing = [s for s in asked if "from" not in table.get(s, {})]
    assert not missing, missing


def test_the_pages_name_a_card_by_its_kind_where_an_edition_has_its_own():
    """A page that says a base card's name (tname("Panic!")) shows it on a Star Wars table,
    whose card of that kind is Deception: it names the kind (ruleset.js kindName)."""
    from engine.rulesets import RULESETS
    base = RULESETS["base"]
    replaced = set()
    for rules in RULESETS.values():
        theirs = {c.kind: c.name for c in rules.cards.rows}
        replaced |= {c.name for c in base.cards.rows
                     if c.kind in theirs and theirs[c.kind] != c.name and c.kind != "weapon"}
    assert "Panic!" in replaced and "BANG!" not in replaced
    said = []
    for path in (ROOT / "static/js").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        said += [f"{path.name}: tname({n!r})" for n in replaced
                 if f"tname({json.dumps(n)})" in text]
    assert not said, said
