"""Three languages (docs/translating.md): the catalogs, the language a request gets, the
sentences made from messages, the pages in each language, the pages' JS catalog, and
the records checker's translated names.
"""
from __future__ import annotations

import os

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from companion import ROOT, create_app, i18n
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
    """A scratch catalog folder: write_entry(lang, id, string) adds a translation."""
    from babel.messages.pofile import write_po
    monkeypatch.setattr(i18n, "FOLDER", str(tmp_path))
    i18n.catalog.cache_clear()
    i18n.translations.cache_clear()

    def write_entry(lang, msgid, string, fuzzy=False):
        path = i18n.po_path(lang)
        if os.path.exists(path):
            with open(path, "rb") as f:
                cat = read_po(f, locale=lang)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            from babel.messages.catalog import Catalog
            cat = Catalog(locale=lang)
        cat.add(msgid, string, flags=("fuzzy",) if fuzzy else ())
        with open(path, "wb") as f:
            write_po(f, cat)
        i18n.catalog.cache_clear()
        i18n.translations.cache_clear()
    yield write_entry
    i18n.catalog.cache_clear()
    i18n.translations.cache_clear()


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
