"""The second person on one's own phone: the wording layer (companion.i18n, engine.say
render) takes a message's `you` form only for the reader's own seat, by name and exactly,
nested messages and plurals too. The pages' own forms, declared beside each sentence
(static/js: `t(text, args, { seat: N_("You ...") })`), each belong to a sentence the page
says, name an argument of it, and keep its placeholders less that argument. The engine's and the companion's are declared where each
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


def test_the_pages_variants_keep_their_placeholders():
    """Each second-person form a page declares beside its sentence (t's `you`) belongs to a
    sentence the page says, names one of its arguments, keeps its placeholders less that
    one, and is translated in every language."""
    table = pages_table()
    assert len(table) >= 13, sorted(table)
    ids = template_ids()
    assert not problems(table, ids), "\n".join(problems(table, ids))
    for lang in ("hu", "ru"):
        tr = i18n.translations(lang)
        untranslated = [form for forms in table.values() for form in forms.values()
                        if tr.gettext(form) == form]
        assert not untranslated, (lang, untranslated)


def test_the_pages_scan_reads_a_declaration_beside_its_sentence():
    source = '''
  const sees = { seat: N_("You see {target}"), target: N_("{seat} sees you") };
  fill(out, t("{seat} sees {target}", { seat: a, target: tname(b) }, sees));
  const gone = { seat: N_("You are gone {x}") };
  t("{seat} is gone", { seat }, gone);
'''
    table = scan_page(source)
    assert table == {"{seat} sees {target}": {"seat": "You see {target}",
                                              "target": "{seat} sees you"},
                     "{seat} is gone": {"seat": "You are gone {x}"}}
    ids = {"{seat} sees {target}": "{seat} sees {target}", "{seat} is gone": "{seat} is gone"}
    assert len(problems(table, ids)) == 1           # {x} is no placeholder of its sentence


def test_a_pages_sentence_takes_its_you_only_for_the_reader(node):
    """static/js/i18n.js's t() in Node: the declared form for the reader's own seat, by its
    whole name; the sentence as written for anyone else and where no reader is set."""
    script = f"""
globalThis.document = {{ querySelector: () => null }};
const i = await import({json.dumps((ROOT / "static/js/i18n.js").as_uri())});
const you = {{ seat: "You are out, by {{by}}", by: "{{seat}} out, by you" }};
const say = (seat, by) => i.t("{{seat}} out, by {{by}}", {{ seat, by }}, you);
const out = [say("Ann", "Bob")];
i.setReader("Ann");
out.push(say("Ann", "Bob"), say("Bob", "Ann"), say("Anna", "Bob"), say("Cid", "Bob"));
out.push(i.t("{{seat}} out", {{ seat: "Ann" }}));
console.log(JSON.stringify(out));
"""
    run = subprocess.run([node, "--input-type=module", "-e", script],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["Ann out, by Bob", "You are out, by Bob",
                                      "Bob out, by you", "Anna out, by Bob",
                                      "Cid out, by Bob", "Ann out"]


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


_STRING = r'"((?:[^"\\]|\\.)*)"'
_DECLARED = re.compile(r"const (\w+) = \{([^;]*?N_\([^;]*?)\};")
_FORM = re.compile(r"(\w+): N_\(" + _STRING + r"\)")
_SAID = re.compile(r"\bt\(" + _STRING + r",[^;]*?,\s*(\w+)\)")


def scan_page(source: str) -> dict[str, dict[str, str]]:
    """{sentence: {argument: form}} of a page module: each `const x = { seat: N_("...") }`
    and the t("sentence", args, x) that takes it."""
    declared = {m.group(1): {k: json.loads(f'"{v}"') for k, v in _FORM.findall(m.group(2))}
                for m in _DECLARED.finditer(source)}
    table = {}
    for m in _SAID.finditer(source):
        if m.group(2) in declared:
            table[json.loads(f'"{m.group(1)}"')] = declared[m.group(2)]
    return table


def pages_table() -> dict:
    table = {}
    for path in sorted((ROOT / "static/js").glob("*.js")):
        source = path.read_text(encoding="utf-8")
        found = scan_page(source)
        declared = {m.group(1) for m in _DECLARED.finditer(source)}
        used = {m.group(2) for m in _SAID.finditer(source)}
        assert declared <= used, f"{path.name}: declared and not given to t(): {declared - used}"
        table.update(found)
    return table


def test_an_open_question_about_ones_own_card_says_your():
    """On the shooter's own phone the waiting line reads "Bob must answer your BANG!", not
    "Bob must answer BANG! from Дима" (issue 22's audit: "Бэнг! от игрока Дима: отвечает
    Bence" on Дима's phone). Every open-question template of bits.js that names another
    seat and the card's player has a variant for that player."""
    source = (ROOT / "static/js/bits.js").read_text(encoding="utf-8")
    asked = [s for s in re.findall(r'\bt\("([^"]+)"', source) if "{seat}" in s and "{from}" in s]
    assert len(asked) >= 5, asked
    table = pages_table()
    missing = [s for s in asked if "from" not in table.get(s, {})]
    assert not missing, missing


def test_the_pages_name_a_card_by_its_kind_where_an_edition_has_its_own():
    """A page that says a base card's name (tname("Panic!")) shows it on a Star Wars table,
    whose card of that kind is Deception: it names the kind (ruleset.js kindName)."""
    from engine.rulesets import RULESETS
    base = RULESETS["base"]
    replaced = set()
    for rules in RULESETS.values():
        theirs = {c.kind: c.name for c in rules.data.cards.rows}
        replaced |= {c.name for c in base.data.cards.rows
                     if c.kind in theirs and theirs[c.kind] != c.name and c.kind != "weapon"}
    assert "Panic!" in replaced and "BANG!" not in replaced
    said = []
    for path in (ROOT / "static/js").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        said += [f"{path.name}: tname({n!r})" for n in replaced
                 if f"tname({json.dumps(n)})" in text]
    assert not said, said
