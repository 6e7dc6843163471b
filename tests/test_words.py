"""Words for players, not for programmers (issue 9 §2), and no sentence made in the
engine (issue 10): every refusal, log line and ruling the engine can produce is a
message (engine/say.py) whose English reads as plain words, with no snake_case
identifier, no rule id, no code and no arithmetic leaking out of a calculation.

Three nets read the English (`english(message)`): (1) every record of tests/records
replayed move by move, with every refusal, every event and every phone's view of every
state on the way; (2) seeded random games of each ruleset; (3) the literal template of
every `msg(...)` / `plural(...)` in the engine's source, so that a sentence no record
reaches is read too.

A fourth net keeps the sentences translatable: every message the engine emits in (1) and
(2) has templates that are string literals of the engine where `pybabel extract` finds
them (the first argument of `N_`, `msg`, `plural`...), no key a person reads (HUMAN) of
an event or a view holds a plain string, no card or character name goes into a message
as a plain string (it goes through `name()`), and no `Refusal(...)` or `say(...)` in the
source is given a sentence made in code (an f-string, a `+`, a plain string).
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
from engine.reference import BOOK

RULES, title = BOOK.entries, BOOK.title      # every ruleset's rules texts
from engine.say import KEY, PLURAL, english, is_message, msg

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
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
# the calls `pybabel extract` reads (babel.cfg), with the arguments that are msgids
EXTRACT = {"N_": (0,), "msg": (0,), "plural": (0, 1), "_": (0,), "gettext": (0,),
           "ngettext": (0, 1), "lazy_gettext": (0,)}


def problems(text: str) -> list[str]:
    return [m.group(0) for rx in (SNAKE, RULE_ID, CODE, SUM) for m in rx.finditer(text)]


def human_values(obj, key: str = ""):
    """(key, value) of every message or string under a key a person reads; a message is
    one value (its arguments are not keys of the view)."""
    if is_message(obj):
        if key in HUMAN:
            yield key, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from human_values(v, k)
    elif isinstance(obj, list):
        for v in obj:
            yield from human_values(v, key)
    elif isinstance(obj, str) and key in HUMAN:
        yield key, obj


def templates(obj):
    """Every template (and English plural) in a message, its nested messages included."""
    if isinstance(obj, list):
        for v in obj:
            yield from templates(v)
    elif is_message(obj):
        yield obj[KEY]
        if isinstance(obj.get(PLURAL), str):
            yield obj[PLURAL]
        for k, v in obj.items():
            if k not in (KEY, PLURAL):
                yield from templates(v)


def plain_arguments(obj):
    """Every plain string given to a message as an argument (a player's name, a drawn card)."""
    if isinstance(obj, list):
        for v in obj:
            yield from plain_arguments(v)
    elif is_message(obj):
        for k, v in obj.items():
            if k in (KEY, PLURAL):
                continue
            if isinstance(v, str):
                yield v
            else:
                yield from plain_arguments(v)


def _files():
    return sorted(ENGINE.rglob("*.py"))


def extracted(source: str) -> set[str]:
    """The msgids `pybabel extract` finds in a Python source: string literals (adjacent
    literals joined) as the msgid arguments of the EXTRACT calls."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            fn = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            for k in EXTRACT.get(fn, ()):
                if k < len(node.args) and isinstance(node.args[k], ast.Constant) \
                        and isinstance(node.args[k].value, str):
                    out.add(node.args[k].value)
    return out


LITERALS = set().union(*(extracted(p.read_text()) for p in _files()))
# the names a reader's language spells otherwise: a message gives them through name()
NAMES = {c.name for rules in engine.RULESETS.values() for c in rules.data.cards} | \
        {c.name for rules in engine.RULESETS.values() for c in rules.data.characters}


class Texts:
    """Every sentence met (its English), with where it came from; `bad()` lists the
    offenders of the plain-words nets, `untranslatable()` those of the fourth net."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}
        self.loose: dict[str, str] = {}

    def add(self, text, where: str, key: str = "text", read: bool = True) -> None:
        """A message (or, wrongly, a plain string) met under `key`."""
        if is_message(text):
            for t in templates(text):
                if t not in LITERALS:
                    self.loose.setdefault(f"template {t!r} is no literal msgid of the engine",
                                          where)
            for arg in plain_arguments(text):
                if arg in NAMES:
                    self.loose.setdefault(f"{arg!r} is given as a plain string, not name() "
                                          f"(in {english(text)!r})", where)
            text = english(text)
        elif isinstance(text, str) and text:
            self.loose.setdefault(f"{key}: {text!r} is a plain string, not a message", where)
        if read:
            self.seen.setdefault(text if isinstance(text, str) else str(text), where)

    def refusal(self, e: engine.Refusal, where: str, move: dict | None = None) -> None:
        """A refusal may quote back what the move said ('hit_all' is no effect of this
        card): such an echo of the writer's own input is not the engine's identifier."""
        assert is_message(e.say), f"{where}: a refusal without a message"
        message = e.message
        for value in _values(move):
            message = message.replace(f"'{value}'", "'…'")
        self.add(e.say, where, key="message", read=False)
        self.seen.setdefault(message, where)
        assert e.rule in RULES, f"{where}: refusal {e.code} cites no known rule ({e.rule!r})"
        self.seen.setdefault(title(e.rule), where)

    def event(self, ev: dict, where: str) -> None:
        for key, value in human_values(ev):
            self.add(value, where, key)

    def views(self, state, where: str) -> None:
        self.add_all(engine.public_view(state), where)
        for seat in state.seats:
            if seat.alive:
                self.add_all(engine.view_for(state, seat.name), f"{where} ({seat.name}'s phone)")

    def add_all(self, obj, where: str) -> None:
        for key, value in human_values(obj):
            self.add(value, where, key)

    def bad(self) -> list[str]:
        return [f"{where}: {text!r} shows {problems(text)}"
                for text, where in self.seen.items() if problems(text)]

    def untranslatable(self) -> list[str]:
        return [f"{where}: {what}" for what, where in self.loose.items()]


def _values(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _values(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _values(v)
    elif isinstance(obj, str):
        yield obj


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
            texts.event(ev, where)
        texts.views(state, where)
    assert not texts.bad(), "\n".join(texts.bad())
    assert not texts.untranslatable(), "\n".join(texts.untranslatable())


@pytest.mark.parametrize("ruleset,seed", [("base", s) for s in range(6)]
                         + [("legends", s) for s in range(4)])
def test_random_games_read_as_plain_words(ruleset, seed):
    texts = Texts()
    count = [0]

    def on_move(before, move, after):
        count[0] += 1
        _, events = engine.apply(before, move)
        for ev in events:
            texts.event(ev, f"{ruleset} seed {seed}")
        if count[0] % 7 == 0 or after.pending:
            texts.views(after, f"{ruleset} seed {seed} move {count[0]}")

    random_game(seed, ruleset=ruleset, on_move=on_move, max_moves=400)
    assert not texts.bad(), "\n".join(texts.bad())
    assert not texts.untranslatable(), "\n".join(texts.untranslatable())


FIELD = re.compile(r"\{(\w+)\}")


def _made_in_code(node) -> bool:
    """A sentence made in code: an f-string, a `+` or `%` of strings, a `.format()` or a
    `.join()` (a template, a variable holding one, or a message call are not)."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return any(isinstance(n, (ast.Constant, ast.JoinedStr)) for n in (node.left, node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in ("format", "join")
    if isinstance(node, ast.IfExp):
        return _made_in_code(node.body) or _made_in_code(node.orelse)
    return False


def source_problems(source: str, where: str = "") -> list[str]:
    """The sentences written in an engine source that break a rule: a `msg`/`plural`
    template that is no literal or whose English (each placeholder read as a name) is
    not plain words; an `N_` of no literal; a Refusal(code, message) or say(kind, text)
    given a sentence made in code or a plain string instead of a message; a Refusal
    citing no known rule."""
    bad = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        fn = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        at = f"{where}:{node.lineno}"
        if fn in ("msg", "plural", "N_"):
            for k in EXTRACT[fn]:
                if k >= len(node.args):
                    continue
                arg = node.args[k]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    text = FIELD.sub("Ann", arg.value)
                    if problems(text):
                        bad.append(f"{at}: {arg.value!r} shows {problems(text)}")
                elif fn == "N_" or _made_in_code(arg):
                    bad.append(f"{at}: {fn}() of a text made in code, not a literal template")
        elif fn in ("Refusal", "say", "_bad"):
            k = 0 if fn == "_bad" else 1
            if fn == "Refusal" and len(node.args) > 2 and isinstance(node.args[2], ast.Constant) \
                    and node.args[2].value not in RULES:
                bad.append(f"{at}: unknown rule {node.args[2].value!r}")
            if k < len(node.args):
                arg = node.args[k]
                if _made_in_code(arg) or isinstance(arg, ast.Constant):
                    bad.append(f"{at}: {fn}() given a sentence, not a message (msg/plural)")
    return bad


def test_every_sentence_written_in_the_engine_is_plain_and_a_message():
    """msg(template, ...) and plural(one, many, n, ...): the written words, each
    placeholder read as a name; Refusal(...) and say(...) take messages only."""
    bad = []
    for path in _files():
        bad += source_problems(path.read_text(), path.relative_to(ENGINE).as_posix())
    assert not bad, "\n".join(bad)


def test_the_nets_catch_a_sentence_made_in_code():
    """The fourth net can fail: an f-string sentence, in the source and in what the engine
    says, is caught; a message with a literal template is not."""
    source = ('''raise Refusal("bad_move", f"{seat} has no cards.", "cards")\n'''
              '''ctx.say("hand", seat + " draws.")\n'''
              '''ctx.say("hand", "Ann draws.")\n'''
              '''x = msg(f"{seat} draws.")\n'''
              '''y = N_(word)\n'''
              '''z = msg("{seat} takes end_turn.", seat=seat)\n''')
    assert len(source_problems(source)) == 6, source_problems(source)
    good = '''raise Refusal("bad_move", msg("{seat} has no cards.", seat=s), "cards")\n'''
    assert source_problems(good) == []
    seat = "Ann"
    texts = Texts()
    texts.add(msg(f"{seat} has no cards in hand."), "f-string template", key="message")
    texts.add(f"{seat} has no cards in hand.", "plain string", key="reason")
    texts.add(msg("{seat} takes a card from {other}'s hand.", seat="Ann", other="Beer"),
              "a card name as a plain string", key="text")
    assert [w.split(":")[0] for w in texts.untranslatable()] == [
        "f-string template", "plain string", "a card name as a plain string"], \
        texts.untranslatable()
    fine = Texts()
    fine.add(msg("{seat} has no cards in hand.", seat=seat), "a message", key="message")
    assert fine.untranslatable() == []


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


# ---- the pages as a person reads them (issue 22 part 5) ------------------------------------

# words for us, not for a player: a ruling says what it means to him (the app's reading
# where the rulebook is silent) and where to read it, never that it is "a project decision"
JARGON = re.compile(r"(?i)project decision|projektdönt|решени\w* проекта")
LANGS = ("en", "hu", "ru")


def page_problems(text: str) -> list[str]:
    return problems(text) + [m.group(0) for m in JARGON.finditer(text)]


def every_page(client) -> dict[str, str]:
    """Every page the server renders: the start page, the list of tables, a bad address,
    the rules, and the join, host and phone pages of a table of each ruleset and mode."""
    urls = {"start": "/", "tables": "/join", "rules": "/rules", "error": "/t/nosuchtable"}
    for ruleset in engine.RULESETS:
        for mode in ("tracker", "referee"):
            made = client.post("/tables", data={"ruleset": ruleset, "mode": mode})
            table = made.headers["Location"].rstrip("/").split("/")[-1]
            urls.update({f"join {ruleset} {mode}": f"/t/{table}",
                         f"host {ruleset} {mode}": f"/host/{table}",
                         f"phone {ruleset} {mode}": f"/p/{table}"})
    return urls


def test_the_page_nets_catch_an_id_and_our_jargon():
    for text in ["Szerepek setup.roles", "Rule: card.bang", "a project decision",
                 "(projektdöntés)", "Решение проекта: она"]:
        assert page_problems(text), text
    for text in ["Roles", "The app's reading (the rulebook does not say): she draws."]:
        assert not page_problems(text), (text, page_problems(text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_reads_as_plain_words(lang):
    """Each page as the server renders it, in each language: its visible text, titles and
    labels show no rule id, no identifier and no word of ours (`project decision`)."""
    from companion import create_app
    from helpers import visible_text
    client = create_app({"TESTING": True}).test_client()
    bad = []
    for page, url in every_page(client).items():
        r = client.get(url, query_string={"lang": lang})
        assert r.status_code in (200, 404), (page, r.status_code)
        html = r.get_data(as_text=True)
        assert f'<html lang="{lang}"' in html, page
        found = page_problems(visible_text(html))
        if found:
            bad.append(f"{page}: {sorted(set(found))[:8]}")
    assert not bad, f"{lang}:\n" + "\n".join(bad)


def test_no_word_of_the_catalogs_is_our_jargon():
    """What the pages' scripts and the engine say reaches a player through the catalogs:
    no English msgid and no translation says `project decision`."""
    from babel.messages.pofile import read_po
    from companion import i18n
    bad = []
    for lang in LANGS:
        path = i18n.pot_path() if lang == "en" else i18n.po_path(lang)
        with open(path, "rb") as f:
            for m in read_po(f):
                texts = [m.id, m.string] if lang != "en" else [m.id]
                for text in texts:
                    for t in (text if isinstance(text, (list, tuple)) else [text]):
                        if t and JARGON.search(t):
                            bad.append(f"{lang}: {t[:90]!r}")
    assert not bad, "\n".join(bad)


# ---- one term per concept (issue 22 part 8): each language's glossary ---------------------

GLOSSARY = ROOT / "docs" / "translating.md"


LANGUAGE = {"Hungarian": "hu", "Russian": "ru"}


def glossaries() -> dict[str, list[tuple[str, str, list[str]]]]:
    """docs/translating.md's `## Glossary: <Language>` sections whose table has a `not`
    column: for each language, its rows as (English, term, [words that must not stand
    for it])."""
    out: dict[str, list] = {}
    for part in GLOSSARY.read_text().split("\n## Glossary: ")[1:]:
        name, _, body = part.partition("\n")
        lang = LANGUAGE.get(name.strip())
        rows = [[c.strip() for c in line.strip().strip("|").split("|")]
                for line in body.split("\n## ", 1)[0].splitlines() if line.startswith("|")]
        if not lang or not rows or "not" not in rows[0]:
            continue
        k = rows[0].index("not")
        out[lang] = [(r[0], r[1], [w.strip() for w in r[k].split(",") if w.strip()])
                     for r in rows[2:] if len(r) > k]
    return out


def catalog_strings(lang: str) -> list[str]:
    from babel.messages.pofile import read_po
    from companion import i18n
    with open(i18n.po_path(lang), "rb") as f:
        return [s for m in read_po(f, locale=lang) if m.id
                for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string]) if s]


def off_glossary(rows, strings) -> list[str]:
    """Each catalog string using a word the glossary rules out, with the term to use."""
    return [f"{word!r} for {english!r} (use {term!r}): {s[:80]!r}"
            for english, term, nots in rows for word in nots for s in strings
            if word.casefold() in s.casefold()]


def test_the_glossary_check_can_fail():
    rows = glossaries()["hu"]
    assert len(rows) >= 20 and sum(bool(n) for _, _, n in rows) >= 8, rows
    assert off_glossary(rows, ["Jourdonnais húzás!-t tesz."]), "the net caught nothing"
    assert off_glossary(rows, ["Elviselem a találatot"])
    assert not off_glossary(rows, ["Vállalom a találatot", "Jourdonnais próbát tesz."])
    assert off_glossary(rows, ["a piros keretes lap hatását"])
    ru = glossaries()["ru"]
    assert off_glossary(ru, ["Энергия — это ещё и предел руки"])
    assert off_glossary(ru, ["Вы выходите из игры вместе с остальными"])
    assert not off_glossary(ru, ["Вы выходите из Тюрьмы.", "лимит руки"])


@pytest.mark.parametrize("lang", sorted(glossaries()))
def test_the_catalog_keeps_to_its_glossary(lang):
    """No entry of the language's catalog uses a word its glossary rules out."""
    bad = off_glossary(glossaries()[lang], catalog_strings(lang))
    assert not bad, "\n".join(bad)
