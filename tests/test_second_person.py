"""The second person on one's own phone: the wording layer (companion.i18n, engine.say
render) takes a message's `you` form only for the reader's own seat, by name and exactly,
nested messages and plurals too. Every sentence a page makes that names a seat (static/js:
each t() and tn() call, read by tests/pagecalls.py) declares its second person beside it,
`t(text, args, { seat: N_("You ...") })`, `tn(one, many, n, args, { seat: N_plural(...) })`
or `{}` where no phone says it to that seat; each form names an argument of its sentence,
keeps its placeholders less that argument and is translated. The engine's and the
companion's are declared where each message is made: tests/test_you_declared.py."""
from __future__ import annotations

import ast
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from companion import i18n
from engine.say import N_, N_plural, msg, name, plural

import pagecalls
from you_forms import fields, form_problems

ROOT = Path(__file__).resolve().parent.parent
# the arguments of a page's sentence that carry a seat's name (what a `you` form may replace)
PAGE_SEAT_ARGS = {"seat", "target", "from", "by", "other", "shooter", "source", "waiting",
                  "seats"}


def page_problems(call: pagecalls.Call) -> list[str]:
    """What is wrong with one t()/tn() call's second person: a sentence naming a seat
    with no `you` beside it (`{}`: no phone says it to that seat), forms written inside
    the call rather than in a const before it (the catalogs would miss them), a form that names no
    argument of its sentence, has other placeholders than it less that argument, or is
    not N_plural(one, many) for a tn() (and only for one)."""
    out = [f"{call.where}: {p}" for p in call.problems]
    if call.text is None or (call.fn == "tn" and call.plural is None):
        return out + [f"{call.where}: {call.fn}() of a sentence that is not a literal string"]
    if call.you and call.you_const is None:
        out.append(f"{call.where}: {call.text!r}: its `you` is a const declared before the "
                   "call (pybabel's extractor skips an N_() inside a call's arguments)")
    named = fields(call.text) & PAGE_SEAT_ARGS
    if named and call.you is None:
        out.append(f"{call.where}: {call.text!r} names {sorted(named)} but declares no `you` "
                   "(its second person, beside it; `{}` where no phone says it to that seat)")
    return out + form_problems(call.where, call.you, call.text, call.plural, call.fn == "tn",
                              "a tn() sentence's forms are N_plural(one, many), and only a tn()'s")


def readable() -> None:
    """Node with the repository's acorn (`npm ci`): a skip with a notice without them,
    unless REQUIRE_NODE=1 (CI), where that is a failure."""
    why = pagecalls.missing()
    if why and os.environ.get("REQUIRE_NODE") == "1":
        pytest.fail(f"{why} (REQUIRE_NODE=1 makes this a failure)", pytrace=False)
    if why:
        pytest.skip(f"the pages' sentences not read: {why}")


@pytest.fixture(scope="module")
def page_calls() -> list[pagecalls.Call]:
    readable()
    sources = {path.name: path.read_text(encoding="utf-8")
               for path in sorted((ROOT / "static/js").glob("*.js"))}
    calls = []
    for where, (found, consts, _) in pagecalls.modules(sources).items():
        unused = consts - {call.you_const for call in found}
        assert not unused, f"{where}: a `you` declared and given to no t(): {unused}"
        calls += found
    return calls


def test_every_page_sentence_naming_a_seat_declares_its_second_person(page_calls):
    """Every t() and tn() of static/js whose sentence names a seat says, beside it, how it
    reads on that seat's own phone (or `{}`: the host screen's, another's), each form a
    sentence of the catalogs translated in every language."""
    assert len(page_calls) >= 300                      # the scan sees the pages' sentences
    found = [p for call in page_calls for p in page_problems(call)]
    assert not found, "\n".join(found)
    declared = [call for call in page_calls if call.you]
    assert len(declared) >= 20, [c.where for c in declared]
    for lang in ("hu", "ru"):
        tr = i18n.translations(lang)
        untranslated = [f"{call.where}: {form!r}" for call in declared
                        for form in call.you.values()
                        if (tr.ngettext(*form, 5) if isinstance(form, tuple)
                            else tr.gettext(form)) in ((form,) if isinstance(form, str) else form)]
        assert not untranslated, (lang, untranslated)


def test_the_pages_check_fails_on_a_sentence_without_its_second_person():
    readable()
    made_up = r"""
import { N_, N_plural, t, tn } from "./i18n.js";
const sees = { seat: N_("You see {target}"), target: N_("{seat} sees you") };
fill(out, t("{seat} sees {target}", { seat: a, target: tname(b) }, sees));
const re = /[)"'(]/g;  // a "(" in a regular expression: no call
const gone = { seat: N_("You are gone {x}") };
h("p", {}, t("{seat} is gone", { seat }, gone), `${t("{target} waits (it's {n})", { target, n })}`);
const hat = { seat: N_("You: {n} hat") };
tn("{seat}: {n} hat", "{seat}: {n} hats", n, { seat: who }, hat);
t("Give the turn to {seat}?", { seat: current }, {}); t("{card} as {other}", { card, other: x }, {});
tn("{seat}: {n} coat", "{seat}: {n} coats", n, { seat }, { seat: N_plural("You: {n} coat", "You: {n} coats") });
const turn = { by: "Your turn" };
t('{by}\'s "turn"', { by }, turn); t(label, { seat });
"""
    calls = pagecalls.calls(made_up, "made_up.js")
    assert [c.text for c in calls] == [
        "{seat} sees {target}", "{seat} is gone", "{target} waits (it's {n})", "{seat}: {n} hat",
        "Give the turn to {seat}?", "{card} as {other}", "{seat}: {n} coat", '{by}\'s "turn"',
        None]
    assert calls[0].you == {"seat": "You see {target}", "target": "{seat} sees you"}
    assert calls[6].you == {"seat": ("You: {n} coat", "You: {n} coats")}
    found = [p for call in calls for p in page_problems(call)]
    assert len(found) == 6, found
    assert any(":7" in p and "{x}" in p for p in found)            # a form's placeholders
    assert any(":7" in p and "waits" in p and "no `you`" in p for p in found)
    assert any(":9" in p and "N_plural" in p for p in found)       # tn's form is not plural
    assert any(":11" in p and "const declared before" in p for p in found)     # inline
    assert any(":13" in p and "N_(" in p for p in found)           # a form not marked N_
    assert any(":13" in p and "not a literal" in p for p in found)


def test_an_open_question_about_ones_own_card_says_your(page_calls):
    """On the shooter's own phone the waiting line reads "Bob must answer your BANG!", not
    "Bob must answer BANG! from Дима" (issue 22's audit: "Бэнг! от игрока Дима: отвечает
    Bence" on Дима's phone). Every open-question template of bits.js that names another
    seat and the card's player has a variant for that player."""
    asked = [c for c in page_calls if c.where.startswith("bits.js:") and "{seat}" in c.text
             and "{from}" in c.text]
    assert len(asked) >= 5, asked
    missing = [c.where for c in asked if "from" not in (c.you or {})]
    assert not missing, missing


def test_a_pages_sentence_takes_its_you_only_for_the_reader(node):
    """static/js/i18n.js's t() and tn() in Node: the declared form for the reader's own
    seat, by its whole name (a plural's for the count); the sentence as written for anyone
    else and where no reader is set."""
    script = f"""
globalThis.document = {{ querySelector: () => null }};
const i = await import({json.dumps((ROOT / "static/js/i18n.js").as_uri())});
const you = {{ seat: "You are out, by {{by}}", by: "{{seat}} out, by you" }};
const say = (seat, by) => i.t("{{seat}} out, by {{by}}", {{ seat, by }}, you);
const out = [say("Ann", "Bob")];
i.setReader("Ann");
out.push(say("Ann", "Bob"), say("Bob", "Ann"), say("Anna", "Bob"), say("Cid", "Bob"));
out.push(i.t("{{seat}} out", {{ seat: "Ann" }}));
const yours = {{ seat: i.N_plural("You: {{n}} token", "You: {{n}} tokens") }};
for (const [seat, n] of [["Ann", 1], ["Ann", 3], ["Bob", 3]]) {{
  out.push(i.tn("{{seat}}: {{n}} token", "{{seat}}: {{n}} tokens", n, {{ seat }}, yours));
}}
console.log(JSON.stringify(out));
"""
    run = subprocess.run([node, "--input-type=module", "-e", script],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["Ann out, by Bob", "You are out, by Bob",
                                      "Bob out, by you", "Anna out, by Bob",
                                      "Cid out, by Bob", "Ann out", "You: 1 token",
                                      "You: 3 tokens", "Bob: 3 tokens"]


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


def english_keyed(source: str, where: str) -> list[str]:
    """The rows of a Python dict keyed by an English sentence naming a seat (a literal key
    with a {seat}-like placeholder): the second person rebuilt at the edge from the
    English, as companion/addressed.py was before issue 28 (with static/js/addressed.js,
    115 such rows)."""
    return [f"{where}:{k.lineno}: {k.value!r}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Dict) for k in node.keys
            if isinstance(k, ast.Constant) and isinstance(k.value, str)
            and fields(k.value) & PAGE_SEAT_ARGS]


def english_keyed_js(keys: list[dict], where: str) -> list[str]:
    """The same in a JavaScript module: its object literals' string keys (read by acorn)."""
    return [f"{where}:{k['line']}: {k['key']!r}" for k in keys if fields(k["key"]) & PAGE_SEAT_ARGS]


def test_no_table_at_the_edge_is_keyed_by_english_sentences():
    readable()
    rows = []
    for top in ("companion", "engine"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rows += english_keyed(path.read_text(encoding="utf-8"),
                                  path.relative_to(ROOT).as_posix())
    pages = {f"static/js/{path.name}": path.read_text(encoding="utf-8")
             for path in sorted((ROOT / "static/js").glob("*.js"))}
    for where, (_, _, keys) in pagecalls.modules(pages).items():
        rows += english_keyed_js(keys, where)
    assert rows == [], "\n".join(rows)
    # the check finds such a row
    assert len(english_keyed('A = {"{seat} plays {card}.": {"seat": N_("You play {card}.")}}',
                             "a.py")) == 1
    keys = pagecalls.string_keys('const a = { "x": 1, "{seat} plays {card}.": { seat: "You" } };'
                                 ' f(x ? "{seat} waves" : "y");')
    assert english_keyed_js(keys, "a.js") == ["a.js:1: '{seat} plays {card}.'"]


def test_no_template_sentence_names_a_seat():
    """The templates' sentences (Jinja's _()) have no second person of their own: one that
    names a seat would read in the third person on that seat's phone, so a page says it
    from its script, with its `you` (the one name a phone's template shows is its own,
    said to him: "You're in, %(name)s.")."""
    seat = re.compile(r"%\((" + "|".join(sorted(PAGE_SEAT_ARGS)) + r")\)s")
    found = [f"{path.name}: {m.group(0)}" for path in sorted((ROOT / "templates").glob("*.html"))
             for m in seat.finditer(path.read_text(encoding="utf-8"))]
    assert found == [], found
