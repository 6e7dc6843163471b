"""Three languages (docs/translating.md): the catalogs, the language a request gets, the
sentences made from messages, the pages in each language, the pages' JS catalog, and
the records checker's translated names.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, unescape

from companion import ROOT, checker, create_app, i18n
from helpers import serving, visible_text
from engine.say import msg, name, plural

OTHERS = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


@pytest.fixture
def app():
    return create_app({"TESTING": True})


def pot() -> dict:
    with open(i18n.pot_path(), "rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


def test_the_languages_have_their_catalogs():
    assert i18n.LANGUAGES[0] == "en" and {"hu", "ru"} <= set(i18n.LANGUAGES)
    for lang in OTHERS:
        assert os.path.exists(i18n.po_path(lang)), lang
    assert i18n.native_name("hu") == "Magyar" and i18n.native_name("ru") == "Русский"
    assert i18n.native_name("en") == "English"


# ---- (a), (b) every string translated, every placeholder kept --------------------------

PLACEHOLDER = re.compile(r"\{(\w+)\}|%\((\w+)\)[sdif]")


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def po(lang: str) -> dict:
    with open(i18n.po_path(lang), "rb") as f:
        return {m.id: m for m in read_po(f, locale=lang) if m.id}


def only_one(lang: str) -> bool:
    """The language's first plural form is for 1 alone (so it may leave out {n})."""
    plural = i18n.translations(lang).plural
    return all(plural(n) != 0 for n in range(200) if n != 1)


def previous_msgid(m) -> str | None:
    """The English a fuzzy entry was translated from (gettext's `#| msgid` lines, which
    Babel reads as comments starting with "|"), or None."""
    lines = [c[1:].strip() for c in m.user_comments if c.startswith("|")]
    parts, inside = [], False
    for line in lines:
        keyword, _, rest = line.partition(" ")
        if not line.startswith('"'):
            inside, line = keyword == "msgid", rest
        if inside and line.startswith('"'):
            parts.append(unescape(line))
    return "".join(parts) if lines else None


def needs_a_look(lang: str) -> list[tuple[str, str, str | None]]:
    """Every entry of the template that `lang`'s phone would show in English: (why,
    msgid, the English it was translated from). Missing: no translation, or a plural
    form empty. Fuzzy: `make messages` kept the translation of an English text that
    changed since (docs/translating.md), and gettext does not use it until a translator
    has looked and removed the flag."""
    have = po(lang)
    found = []
    for msgid in pot():
        m = have.get(msgid)
        text = msgid if isinstance(msgid, str) else msgid[0]
        if m is not None and m.fuzzy:
            found.append(("fuzzy", text, previous_msgid(m)))
        elif m is None or not i18n.translated(m):
            found.append(("missing", text, None))
    return found


def look_list(lang: str, entries) -> str:
    lines = [f"{lang}: {len(entries)} entries need a translator's look "
             "(docs/translating.md, Translating):"]
    for why, msgid, was in entries:
        lines.append(f"  {why}: msgid {msgid!r}")
        if was is not None:
            lines.append(f"      was translated from {was!r}")
    return "\n".join(lines)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_msgid_is_translated(lang):
    """A fuzzy entry fails as a missing one does: a phone in that language would read
    the English (gettext leaves a fuzzy translation out), which a player does not
    expect. The failure names every such entry, and what the English was."""
    entries = needs_a_look(lang)
    assert not entries, look_list(lang, entries)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_placeholder_is_kept(lang):
    bad = []
    for msgid, m in po(lang).items():
        if not i18n.translated(m):
            continue
        if isinstance(msgid, str):
            want, forms = placeholders(msgid), [m.string]
        else:
            want = placeholders(msgid[0]) | placeholders(msgid[1])
            forms = list(m.string)
        for k, form in enumerate(forms):
            got = placeholders(form)
            may_drop = {"n", "num"} if k == 0 and only_one(lang) else set()
            if not (want - may_drop <= got <= want):
                bad.append(f"{msgid!r} -> {form!r}")
    assert not bad, f"{lang}: placeholders differ:\n" + "\n".join(bad[:20])


def test_the_placeholder_check_can_fail():
    assert placeholders("{seat} takes %(n)s card, {seat}") == {"seat", "n"}
    assert placeholders("{seat} húz") != placeholders("{seat} takes {n} card")


# ---- (c) the template is up to date with the sources ------------------------------

def extract(out: str) -> None:
    cwd = os.getcwd()
    try:
        os.chdir(ROOT)
        CommandLineInterface().run(["pybabel", "-q", "extract", "-F", "babel.cfg",
                                    "-o", out, "."])
    finally:
        os.chdir(cwd)


def test_messages_pot_is_up_to_date(tmp_path):
    """A string added to the code (msg, plural, N_, _, t, tn, tname) without `make
    messages` fails here: the catalogs would not have it."""
    out = tmp_path / "fresh.pot"
    extract(str(out))
    with open(out, "rb") as f:
        fresh = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    kept = {k if isinstance(k, str) else k[0] for k in pot()}
    assert fresh - kept == set(), "new strings: run `make messages`"
    assert kept - fresh == set(), "strings gone from the code: run `make messages`"


def test_every_po_has_every_msgid_of_the_template():
    ids = set(pot())
    for lang in OTHERS:
        with open(i18n.po_path(lang), "rb") as f:
            have = {m.id for m in read_po(f) if m.id}
        assert ids - have == set(), f"{lang}: run `make messages`"


# ---- (g) an English edit keeps the translations, as fuzzy entries to look at ---------

def make_catalogs(folder: Path) -> None:
    """`make messages`' second half on `folder`: each .po brought up to date with its
    messages.pot (Makefile, `catalogs`: GNU gettext's msgmerge)."""
    lacking = [tool for tool in ("make", "msgmerge", "msgattrib") if not shutil.which(tool)]
    if lacking:
        reason = f"no {', '.join(lacking)} on PATH (apt-get install make gettext)"
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(f"{reason} (REQUIRE_SERVICES=1 makes this a failure)", pytrace=False)
        pytest.skip(reason)
    done = subprocess.run(["make", "-s", "-C", str(ROOT), "catalogs", f"TRANSLATIONS={folder}"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def catalogs_copy(tmp_path, monkeypatch):
    """A copy of the real catalogs, which companion.i18n reads instead: its folder."""
    folder = tmp_path / "translations"
    shutil.copytree(i18n.FOLDER, folder, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    monkeypatch.setattr(i18n, "FOLDER", str(folder))
    i18n.reload()
    yield folder
    i18n.reload()


def test_an_english_edit_of_a_rule_keeps_its_translations_for_a_look(catalogs_copy):
    """A copy of the catalogs; a long rule text's English is edited (the template as
    `make messages` extracts it then) and the catalogs brought up to date: in each
    language the old translation stays, as a fuzzy entry under the new English with the
    old English as its previous msgid, and the translation test names exactly it."""
    from babel.messages.pofile import write_po
    from engine.rulebook import RULES
    old = max((r["text"] for r in RULES.values() if " the " in r["text"]), key=len)
    new = old.replace(" the ", " its ", 1)               # an English typo fix, say
    assert len(old) > 300 and old in pot()
    before = {lang: {k: m.string for k, m in po(lang).items()} for lang in OTHERS}
    assert all(needs_a_look(lang) == [] for lang in OTHERS), "the real catalogs first"

    with open(i18n.pot_path(), "rb") as f:
        template = read_po(f)
    entry = template[old]
    del template[old]
    template.add(new, locations=entry.locations, flags=entry.flags,
                 auto_comments=entry.auto_comments)
    with open(i18n.pot_path(), "wb") as f:
        write_po(f, template, sort_by_file=True)
    make_catalogs(catalogs_copy)
    i18n.reload()

    for lang in OTHERS:
        after = po(lang)
        assert needs_a_look(lang) == [("fuzzy", new, old)]
        assert old not in after and after[new].fuzzy
        assert after[new].string == before[lang][old] != ""      # the translation kept
        assert {k: m.string for k, m in after.items() if k != new} == {
            k: v for k, v in before[lang].items() if k != old}   # and nothing else moved
        said = look_list(lang, needs_a_look(lang))
        assert said.startswith(f"{lang}: 1 entries need a translator's look")
        assert f"fuzzy: msgid {new!r}" in said and f"was translated from {old!r}" in said
        # until a translator has looked, that phone reads the rule in English
        assert i18n.gettext(new, lang) == new


# ---- (f) the language of a request ---------------------------------------------------

def lang_of(client, path="/", **headers) -> str:
    page = client.get(path, headers=headers)
    assert page.status_code == 200
    return page.get_data(as_text=True).split('<html lang="', 1)[1].split('"', 1)[0]


def test_the_browser_language_is_the_default(app):
    c = app.test_client()
    assert lang_of(c) == "en"
    assert lang_of(c, **{"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.8"}) == "hu"
    assert lang_of(c, **{"Accept-Language": "ru-RU"}) == "ru"
    assert lang_of(c, **{"Accept-Language": "de-DE,de;q=0.9,ru;q=0.5"}) == "ru"
    assert lang_of(c, **{"Accept-Language": "de-DE,fr;q=0.5"}) == "en"


def test_lang_in_the_query_is_remembered_in_a_cookie(app):
    c = app.test_client()
    page = c.get("/?lang=ru", headers={"Accept-Language": "hu"})
    assert '<html lang="ru"' in page.get_data(as_text=True)
    cookie = page.headers["Set-Cookie"]
    assert cookie.startswith("lang=ru;") and "Max-Age=" in cookie and "SameSite=Lax" in cookie
    # the cookie now wins over the browser's language
    assert lang_of(c, **{"Accept-Language": "hu"}) == "ru"
    assert lang_of(c, "/?lang=en", **{"Accept-Language": "hu"}) == "en"
    assert lang_of(c, **{"Accept-Language": "hu"}) == "en"


def test_an_unknown_lang_is_ignored(app):
    c = app.test_client()
    page = c.get("/?lang=xx", headers={"Accept-Language": "hu"})
    assert "Set-Cookie" not in page.headers
    assert '<html lang="hu"' in page.get_data(as_text=True)
    c.set_cookie("lang", "<script>")
    assert lang_of(c) == "en"


def test_pages_vary_with_the_language(app):
    page = app.test_client().get("/")
    assert {"Cookie", "Accept-Language"} <= set(page.vary)


# ---- sentences from messages ---------------------------------------------------------

def test_english_sentences_are_the_source_text():
    m = plural("{seat} takes {n} card.", "{seat} takes {n} cards.", 2, seat="Ann")
    assert i18n.sentence(m, "en") == "Ann takes 2 cards."
    assert i18n.sentence(msg("{card} misses.", card=name("Missed!")), "xx") == "Missed! misses."
    assert i18n.localize({"a": [msg("{x} y", x=1)], "b": 2}, "en") == {"a": ["1 y"], "b": 2}


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A scratch catalog folder: `write_entry(lang, id, string)` adds an entry to its
    messages.pot (found in `where`) and its translation to the language's .po."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    monkeypatch.setattr(i18n, "FOLDER", str(tmp_path))
    i18n.reload()

    def load(path, lang=None):
        if os.path.exists(path):
            with open(path, "rb") as f:
                return read_po(f, locale=lang)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return Catalog(locale=lang)

    def write_entry(lang, msgid, string, fuzzy=False, where="engine/cards.py"):
        template = load(i18n.pot_path())
        template.add(msgid, locations=[(where, None)])
        cat = load(i18n.po_path(lang), lang)
        cat.add(msgid, string, flags=("fuzzy",) if fuzzy else (), locations=[(where, None)])
        for path, c in ((i18n.pot_path(), template), (i18n.po_path(lang), cat)):
            with open(path, "wb") as f:
                write_po(f, c)
        i18n.reload()
        checker.native_names.cache_clear()
    yield write_entry
    i18n.reload()
    checker.native_names.cache_clear()


def test_russian_plurals_take_three_forms(scratch):
    scratch("ru", ("{seat} takes {n} card.", "{seat} takes {n} cards."),
            ("{seat} берёт {n} карту.", "{seat} берёт {n} карты.", "{seat} берёт {n} карт."))
    scratch("ru", "Beer", "Пиво")
    said = {n: i18n.sentence(plural("{seat} takes {n} card.", "{seat} takes {n} cards.", n,
                                    seat="Ann"), "ru") for n in (1, 2, 5, 11, 21, 22)}
    assert said == {1: "Ann берёт 1 карту.", 2: "Ann берёт 2 карты.", 5: "Ann берёт 5 карт.",
                    11: "Ann берёт 11 карт.", 21: "Ann берёт 21 карту.",
                    22: "Ann берёт 22 карты."}
    assert i18n.sentence(name("Beer"), "ru") == "Пиво"
    assert i18n.gettext("Beer", "ru") == "Пиво"


def test_untranslated_and_fuzzy_entries_show_english(scratch):
    scratch("hu", "Beer", "")
    scratch("hu", "Barrel", "Hordó", fuzzy=True)
    scratch("hu", ("{n} card", "{n} cards"), ("{n} kártya", ""))
    assert i18n.sentence(name("Beer"), "hu") == "Beer"
    assert i18n.sentence(name("Barrel"), "hu") == "Barrel"
    assert i18n.sentence(plural("{n} card", "{n} cards", 3), "hu") == "3 cards"


def test_templates_translate_with_the_request_language(app, scratch):
    scratch("hu", "Table %(id)s", "%(id)s. asztal")
    from flask import render_template_string
    with app.test_request_context("/?lang=hu"):
        assert render_template_string("{{ _('Table %(id)s', id=7) }}") == "7. asztal"
    with app.test_request_context("/"):
        assert render_template_string("{{ _('Table %(id)s', id=7) }}") == "Table 7"


# ---- (f) the records checker reads Hungarian and Russian names -------------------------

NATIVE_RECORDS = sorted(Path(ROOT, "tests", "records", "i18n").glob("*.json"))

# the names those records use, as the glossary of docs/translating.md spells them
GLOSSARY = {
    "hu": {"Sheriff": "Seriff", "Deputy": "Seriffhelyettes", "Outlaw": "Bandita",
           "Renegade": "Renegát", "Missed!": "Nem talált!", "Beer": "Sör", "Barrel": "Hordó",
           "Dynamite": "Dinamit", "BANG!": "BANG!"},
    "ru": {"Sheriff": "Шериф", "Deputy": "Помощник шерифа", "Outlaw": "Бандит",
           "Renegade": "Ренегат", "Missed!": "Мимо!", "Beer": "Пиво", "Barrel": "Бочка",
           "BANG!": "Бэнг!", "Willy the Kid": "Уилли Кид", "Calamity Janet": "Каламити Джанет",
           "Jesse Jones": "Джесси Джонс", "Sid Ketchum": "Сид Кетчум"},
}


def run_checker(paths) -> tuple[int, str]:
    import io
    out, err = io.StringIO(), io.StringIO()
    status = checker.main([str(p) for p in paths], out, err)
    return status, out.getvalue() + err.getvalue()


def test_the_checker_reads_hungarian_and_russian_names(scratch):
    assert len(NATIVE_RECORDS) >= 2
    status, said = run_checker(NATIVE_RECORDS)          # no translations: not names
    assert status != 0
    for lang, names in GLOSSARY.items():
        for english, native in names.items():
            scratch(lang, english, native)
    status, said = run_checker(NATIVE_RECORDS)
    assert status == 0 and said.endswith(" passed, 0 failed\n"), said


def test_an_unknown_or_a_seat_name_stays_as_written(scratch):
    scratch("hu", "Beer", "Sör")
    scratch("ru", "Beer", "Пиво")
    record = {"ruleset": "base", "note": "Sör",
              "seats": [{"name": "Sör", "role": "sheriff", "character": "Kit Carlson"}],
              "moves": [{"by": "Sör", "play": "sor"}, {"by": "Sör", "play": "пиво", "target": "SÖR"},
                        {"by": "Sör", "play": "Kávé"}, {"by": "Sör", "play": "Beer"}]}
    moves = checker.to_english(record)["moves"]
    assert [m["play"] for m in moves] == ["Beer", "Beer", "Kávé", "Beer"]
    assert [m["by"] for m in moves] == ["Sör"] * 4 and moves[1]["target"] == "SÖR"
    assert checker.to_english(record)["note"] == "Sör"
    assert checker.to_english([1]) == [1] and checker.to_english("x") == "x"


def test_a_name_two_languages_spell_alike_for_two_names_is_not_guessed(scratch):
    scratch("hu", "Beer", "Bor")
    scratch("ru", "Barrel", "Бор")
    scratch("ru", "Mustang", "bor")
    names = checker.native_names("base")
    assert "bor" not in names and names["бор"] == "Barrel"


def test_the_name_records_pass_with_the_real_catalogs():
    status, said = run_checker(NATIVE_RECORDS)
    assert status == 0, said


# ---- the pages' catalog (static/js/i18n.js) ------------------------------------------

def catalog_of(client, lang: str) -> tuple[str, dict]:
    import json
    import re
    page = client.get(f"/?lang={lang}").get_data(as_text=True)
    url = re.search(r'<meta name="i18n-catalog" content="([^"]+)"', page).group(1)
    assert f'<link rel="modulepreload" href="{url}">' in page
    module = client.get(url)
    assert module.status_code == 200 and module.mimetype == "text/javascript"
    body = module.get_data(as_text=True)
    assert body.startswith("export default {") and body.endswith(";\n")
    return url, json.loads(body[len("export default "):-2])


def test_the_catalog_module_of_each_language(app, scratch):
    scratch("ru", ("{seat} takes {n} card.", "{seat} takes {n} cards."),
            ("{seat} берёт {n} карту.", "{seat} берёт {n} карты.", "{seat} берёт {n} карт."),
            where="engine/turns.py")
    scratch("ru", "Beer", "Пиво", where="engine/cards.py")
    scratch("ru", "Connected", "Связь есть", where="static/js/connection.js")
    scratch("ru", "Take a seat", "Сесть", where="templates/join.html")     # the page's own
    scratch("ru", "Untranslated", "", where="engine/cards.py")
    scratch("hu", "Beer", "Sör")
    c = app.test_client()
    url, ru = catalog_of(c, "ru")
    # the engine's sentence is worded by the server (each socket in its language): the
    # page's catalog has its script's words and the names it shows from data
    assert ru == {"lang": "ru", "plural": ["one", "few", "many"],
                  "m": {"Beer": "Пиво", "Connected": "Связь есть"}}
    assert catalog_of(c, "hu")[1] == {"lang": "hu", "plural": ["one", "other"],
                                      "m": {"Beer": "Sör"}}
    # English as written: what i18n.js reads without a catalog, so the page names none
    # (static/js/i18n.js falls back to exactly this)
    assert 'name="i18n-catalog"' not in c.get("/?lang=en").get_data(as_text=True)
    assert i18n.catalog_url("en", "base", "phone") == ""
    assert i18n.BARE_CATALOG == b'export default {"lang":"en","plural":["one","other"],"m":{}};\n'
    assert 'return { lang: "en", plural: ["one", "other"], m: {} };' in Path(
        ROOT, "static", "js", "i18n.js").read_text()
    # immutable under its hashed URL, gzipped when big enough; another URL: not kept
    module = c.get(url, headers={"Accept-Encoding": "gzip"})
    assert module.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    again = c.get(url, headers={"If-None-Match": module.headers["ETag"]})
    assert again.status_code == 304
    assert url.endswith("/ru/base/page.js")
    assert c.get("/i18n/000000000000/ru/base/page.js").headers["Cache-Control"] == "no-cache"
    for bad in ("xx/base/page", "ru/chess/page", "ru/base/admin", "ru/base"):
        assert c.get(f"/i18n/000000000000/{bad}.js").status_code == 404, bad


def test_a_rulesets_own_words_only_at_its_tables(app, scratch):
    scratch("ru", "Beer", "Пиво", where="engine/cards.py")
    scratch("ru", "Darth Vader", "Дарт Вейдер", where="engine/rulesets/starwars/data.py")
    scratch("ru", "Fifty Guns", "Пятьдесят стволов", where="engine/rulesets/legends/feats.py")   # a Feat
    c = app.test_client()
    base = i18n.page_catalog("ru", "base")[1].decode()
    sw = i18n.page_catalog("ru", "starwars")[1].decode()
    legends = i18n.page_catalog("ru", "legends")[1].decode()
    assert "Пиво" in base and "Пиво" in legends and "Пиво" not in sw    # no Beer in its deck
    assert "Вейдер" in sw and "Вейдер" not in base and "Вейдер" not in legends
    assert "стволов" in legends and "стволов" not in base and "стволов" not in sw
    # a Star Wars table's page names its own catalog
    created = c.post("/tables", data={"ruleset": "starwars", "mode": "tracker"})
    host = c.get(created.headers["Location"] + "?lang=ru").get_data(as_text=True)
    assert i18n.catalog_url("ru", "starwars", "host") in host


@pytest.mark.parametrize("lang", ["hu", "ru"])
def test_what_a_card_adds_in_the_catalogue_is_in_the_pages_catalog(lang):
    """The play sheet shows what a ruleset adds to a card (Ruleset.views.card_info: Star Wars'
    Encounter with Destiny effects) through tname(): its catalog must hold those words,
    or a Russian phone asks "Draw a card." in English (issue 22's audit found it)."""
    import json as _json
    from engine.rulesets import RULESETS
    cat = i18n.catalog(lang)
    checked = {}
    for ruleset, rules in RULESETS.items():
        words = checked[ruleset] = set()
        for card in rules.data.cards.rows:
            words |= i18n.strings_in(rules.views.card_info(card))
        for page in ("phone", "host"):
            body = i18n.page_catalog(lang, ruleset, page)[1].decode()
            shown = _json.loads(body[len("export default "):].rstrip().rstrip(";"))["m"]
            for text in words:
                m = cat.get(text)
                if m is not None and m.string and m.string != text:
                    assert shown.get(text) == m.string, (ruleset, page, text)
    assert "Draw a card." in checked["starwars"]        # the walk reaches the Destiny texts


def test_the_phone_and_the_host_screen_leave_out_each_others_words(app, scratch):
    scratch("ru", "Beer", "Пиво", where="engine/cards.py")
    scratch("ru", "Deal roles", "Раздать роли", where="static/js/host-lobby.js")
    scratch("ru", "Lose 1 life", "Потерять 1 жизнь", where="static/js/phone-life.js")
    scratch("ru", "Connected", "Связь есть", where="static/js/connection.js")
    phone = i18n.page_catalog("ru", "base", "phone")[1].decode()
    host = i18n.page_catalog("ru", "base", "host")[1].decode()
    other = i18n.page_catalog("ru", "base", "page")[1].decode()
    for words in ("Пиво", "Связь есть"):
        assert words in phone and words in host and words in other
    assert "Раздать" in host and "Раздать" not in phone and "Раздать" in other
    assert "Потерять" in phone and "Потерять" not in host and "Потерять" in other
    # a module the phone loads later (import("./x.js") of a name kept in a constant)
    assert "static/js/feats-tracker.js" in i18n._graph("phone")
    c = app.test_client()
    created = c.post("/tables", data={"ruleset": "base", "mode": "tracker"})
    table_id = created.headers["Location"].rstrip("/").split("/")[-1]
    assert i18n.catalog_url("ru", "base", "phone") in c.get(f"/p/{table_id}?lang=ru").get_data(
        as_text=True)


def test_the_catalog_leaves_out_the_long_rule_texts():
    from engine.rulebook import RULES
    texts = {r["text"] for r in RULES.values()}
    for lang in i18n.LANGUAGES:
        _, body = i18n.page_catalog(lang)
        import json
        m = json.loads(body[len(b"export default "):-2])["m"]
        assert not texts & set(m)


# ---- in a browser: the catalog read by static/js/i18n.js, the language switch ----------

from browsing import (  # noqa: E402  (the browser tests' helpers)
    Watch, draw_and_shoot, host_deals_referee_table, shot)


@pytest.fixture
def local_server(scratch):
    """This process's app on a loopback port (it reads the scratch catalogs)."""
    with serving(create_app({"TESTING": True})) as url:
        yield url, scratch


SAY = """async () => {
  const i = await import("/static/js/i18n.js");
  const m = {"$t": "{seat} takes {n} card.", "$pl": "{seat} takes {n} cards.", seat: "Ann"};
  return {lang: i.lang, beer: i.tname("Beer"), other: i.t("Not in the catalog {x}", {x: 1}),
          takes: [1, 2, 5, 21].map((n) => i.render({...m, n})),
          nested: i.localize({a: [{"$t": "{card} is gone.", card: {"$t": "Beer"}}]})};
}"""


@pytest.mark.browser
def test_a_page_reads_its_languages_catalog(local_server, browser):
    base, scratch = local_server
    scratch("hu", "Beer", "Sör")
    js = "static/js/bits.js"            # a page's own words (the engine's, the server words)
    scratch("hu", ("{seat} takes {n} card.", "{seat} takes {n} cards."),
            ("{seat} {n} lapot húz.", "{seat} {n} lapot húz."), where=js)
    scratch("hu", "{card} is gone.", "{card} elfogyott.", where=js)
    scratch("ru", "Beer", "Пиво")
    scratch("ru", ("{seat} takes {n} card.", "{seat} takes {n} cards."),
            ("{seat} берёт {n} карту.", "{seat} берёт {n} карты.", "{seat} берёт {n} карт."),
            where=js)
    watch = Watch()
    ctx = browser.new_context()
    try:
        page = watch.page(ctx, "start")
        said = {}
        for lang in ("hu", "ru", "en"):
            page.goto(f"{base}/?lang={lang}")
            said[lang] = page.evaluate(SAY)
        assert said["hu"] == {"lang": "hu", "beer": "Sör", "other": "Not in the catalog 1",
                              "takes": ["Ann 1 lapot húz.", "Ann 2 lapot húz.",
                                        "Ann 5 lapot húz.", "Ann 21 lapot húz."],
                              "nested": {"a": ["Sör elfogyott."]}}
        assert said["ru"]["takes"] == ["Ann берёт 1 карту.", "Ann берёт 2 карты.",
                                       "Ann берёт 5 карт.", "Ann берёт 21 карту."]
        assert said["ru"]["nested"] == {"a": ["Пиво is gone."]}     # no ru entry: English
        assert said["en"]["takes"] == ["Ann takes 1 card.", "Ann takes 2 cards.",
                                       "Ann takes 5 cards.", "Ann takes 21 cards."]
        assert watch.errors == []
    finally:
        ctx.close()


@pytest.mark.browser
def test_the_language_switch_keeps_the_seat_and_the_question(server, pw, browser):
    """A Hungarian phone (its browser's language) with a question open switches to
    Russian: the page comes back in Russian, still seated, the question still open, and
    the choice stays on that phone; the host screen keeps its own language."""
    watch = Watch()
    host_ctx, host, table_id, tokens, sheriff, target = host_deals_referee_table(
        browser, watch, server)
    from playwright.sync_api import expect

    ctx = browser.new_context(**pw.devices["Pixel 7"], locale="hu-HU")
    try:
        phone = watch.page(ctx, target)
        phone.goto(f"{server}/p/{table_id}#{tokens[target]}")
        expect(phone.locator("#game-view")).to_be_visible()
        assert phone.evaluate("document.documentElement.lang") == "hu"   # the browser's
        draw_and_shoot(server, table_id, tokens[sheriff], target)
        question = phone.locator("#my-question")
        expect(question).to_be_visible()
        asked = question.inner_text()
        assert "Nem talált!" in asked            # the Hungarian phone reads Hungarian

        switch = phone.locator("select[data-language]")
        expect(switch.locator("option")).to_have_text(["English", "Magyar", "Русский"])
        switch.select_option("ru")
        expect(phone.locator("html")).to_have_attribute("lang", "ru")
        expect(phone.locator("#game-view")).to_be_visible()
        expect(question).to_be_visible()
        now = question.inner_text()              # the same question, in Russian now
        assert now != asked and "Мимо!" in now and "Nem talált!" not in now
        expect(switch).to_have_value("ru")
        shot(phone, "phone-language-ru")
        assert phone.evaluate("localStorage.getItem('bang-lang')") == "ru"
        assert any(c["name"] == "lang" and c["value"] == "ru" for c in ctx.cookies())
        # a cookie the browser dropped comes back from what the phone kept
        ctx.clear_cookies()
        phone.reload()
        expect(phone.locator("html")).to_have_attribute("lang", "ru")
        expect(question).to_be_visible()
        expect(phone.locator("#me-name")).to_contain_text(target)

        # the host screen: its own language, its own switch
        assert host.evaluate("document.documentElement.lang") == "en"
        host.locator("select[data-language]").select_option("hu")
        expect(host.locator("html")).to_have_attribute("lang", "hu")
        expect(host.locator("#pending")).to_contain_text(target)
        assert phone.evaluate("document.documentElement.lang") == "ru"
        assert watch.errors == []
    finally:
        ctx.close()
        host_ctx.close()


# ---- (e) the catalog's weight on the phone page ---------------------------------------

def first_load(client, url: str) -> dict[str, tuple[int, int]]:
    """{url: (bytes the page parses, bytes on the wire)} of a page's first load, as
    tests/test_browser_companion.py's page-weight test counts them, through the app."""
    import gzip
    from urllib.parse import urljoin
    from browsing import _ASSET, _IMPORT

    def get(u):
        r = client.get(u, headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200, u
        wire = r.get_data()
        body = gzip.decompress(wire) if r.headers.get("Content-Encoding") == "gzip" else wire
        return body, len(wire)
    sizes = {}
    html, wire = get(url)
    sizes[url] = (len(html), wire)
    todo = [urljoin(url, u) for u in _ASSET.findall(html.decode())
            if not u.endswith((".svg", ".ico", ".png"))]
    while todo:
        u = todo.pop()
        if u in sizes:
            continue
        body, wire = get(u)
        sizes[u] = (len(body), wire)
        if u.endswith(".js") and "/vendor/" not in u:
            for a, b in _IMPORT.findall(body.decode()):
                todo.append(urljoin(u, a or b))
    return sizes


def test_the_phone_page_keeps_its_budget_in_every_language(app):
    """The phone page's first load with its language's catalog stays within the budget
    of tests/test_browser_companion.py; test-artifacts/catalog-weight.txt has the figures."""
    import gzip
    from browsing import ARTIFACTS, PHONE_BUDGET, PHONE_WIRE_BUDGET
    c = app.test_client()
    lines = []
    for ruleset in ("base", "legends", "starwars"):
        created = c.post("/tables", data={"ruleset": ruleset, "mode": "tracker"})
        table_id = created.headers["Location"].rstrip("/").split("/")[-1]
        for lang in i18n.LANGUAGES:
            c.get(f"/?lang={lang}")
            sizes = first_load(c, f"http://localhost/p/{table_id}")
            parsed = sum(a for a, _ in sizes.values())
            wire = sum(b for _, b in sizes.values())
            _, body = i18n.page_catalog(lang, ruleset, "phone")
            named = i18n.catalog_url(lang, ruleset, "phone")      # none in English
            assert bool(named) == (lang != i18n.SOURCE)
            assert any(u.endswith(f"/{lang}/{ruleset}/phone.js") for u in sizes) == bool(named)
            lines.append(f"{ruleset:9} {lang}  catalog {len(body):7d} B, gzip "
                         f"{len(gzip.compress(body, 9)):6d} B; phone page {parsed:7d} B, "
                         f"{wire:6d} B on the wire\n")
            assert parsed <= PHONE_BUDGET, lines[-1]
            assert wire <= PHONE_WIRE_BUDGET, lines[-1]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "catalog-weight.txt").write_text("".join(lines))


# ---- (d) each page in Hungarian and Russian shows no English sentence ------------------

def english_sentences(lang: str) -> list[tuple[str, tuple[str, ...], str]]:
    """The English msgids of 3 words or more whose translation in `lang` differs, each
    as a pattern of the page's text (a placeholder stands for any few words), with the
    pattern's literal pieces: a page shows the sentence only if it holds every piece
    (`shows`)."""
    out = []
    for msgid, m in po(lang).items():
        text = msgid if isinstance(msgid, str) else msgid[0]
        if len(PLACEHOLDER.sub("", text).split()) < 3:
            continue
        if i18n.translated(m) and (m.string if isinstance(msgid, str) else m.string[0]) == text:
            continue
        chunks = [" ".join(c.split()) for c in PLACEHOLDER.split(text)[::3]]
        pattern = r".{0,80}?".join(re.escape(c) for c in chunks)
        out.append((text, tuple(c for c in chunks if c), pattern))
    return out


def shows(text: str, pieces: tuple[str, ...], pattern: str) -> bool:
    """Whether the page's `text` shows the sentence of `pattern`. Its pieces are looked
    for first, as plain substrings (a match holds each of them, in order): the rules
    page's 70,000 characters took 1,500 pattern searches 30 s a language (a pattern that
    begins with a placeholder is tried at every position), and compiling them all
    another second; the pieces' check leaves the few whose every piece the page holds."""
    return all(p in text for p in pieces) and re.search(pattern, text) is not None


def pages(app) -> dict[str, tuple]:
    """A client holding a table's host cookie, and the pages to read."""
    c = app.test_client()
    created = c.post("/tables", data={"ruleset": "base", "mode": "referee"})
    table_id = created.headers["Location"].rstrip("/").split("/")[-1]
    return c, {"start": "/", "join": f"/t/{table_id}", "host": f"/host/{table_id}",
               "phone": f"/p/{table_id}", "rules": "/rules", "error": "/t/nosuchtable"}


def test_the_visible_text_check_can_fail():
    said = visible_text('<p title="Your seat">Hello <b>there</b></p><script>"x y z"</script>')
    assert said == "Your seat Hello there"
    assert re.compile(r"Hello.{0,80}?there").search(said)


def test_the_english_sentence_check_finds_every_sentence_it_looks_for():
    """A page that holds an English sentence, its placeholders filled with a name, is
    caught, also where the sentence begins with a placeholder; without one of its pieces
    it is not."""
    sentences = english_sentences("hu")
    first = [s for s in sentences if PLACEHOLDER.match(s[0])]
    assert first
    for english, pieces, pattern in first[:30] + sentences[:30]:
        page = "Before. " + " ".join(PLACEHOLDER.sub("Ann", english).split()) + " After."
        assert shows(page, pieces, pattern), english
        assert not shows(page.replace(pieces[-1], ""), pieces, pattern), english


@pytest.mark.slow
@pytest.mark.parametrize("lang", OTHERS)
def test_no_page_shows_an_english_sentence(app, lang):
    sentences = english_sentences(lang)
    c, urls = pages(app)
    found = []
    for page, url in urls.items():
        r = c.get(url, query_string={"lang": lang})
        assert r.status_code in (200, 404), (page, r.status_code)
        html = r.get_data(as_text=True)
        assert f'<html lang="{lang}"' in html, page
        text = visible_text(html)
        found += [f"{page}: {english!r}" for english, pieces, pattern in sentences
                  if shows(text, pieces, pattern)]
    assert not found, f"{lang}: English on the pages:\n" + "\n".join(found[:30])
