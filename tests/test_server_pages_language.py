"""The server's own pages speak the request's language: every word of a template goes
through the catalog, and so do the sentences the server makes itself (an error page, a
refused name, a bad record). Made visible with a marked catalog for Hungarian: every
translated string comes back as "HU:" + the English one, so a word that skipped the
catalog shows up without the mark.
"""
from __future__ import annotations

import re
from html import unescape

import pytest
from babel.support import NullTranslations

from companion import i18n
from helpers import english
from engine.say import is_message

MARK = "HU:"


class Marked(NullTranslations):
    def gettext(self, message):
        return MARK + message

    def ngettext(self, singular, plural, n):
        return MARK + (singular if n == 1 else plural)

    ugettext, ungettext = gettext, ngettext          # the names Flask-Babel calls


@pytest.fixture
def marked(monkeypatch):
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations",
                        lambda lang: Marked() if lang == "hu" else real(lang))


def texts(html: str) -> list[str]:
    """The words a person reads on a page: text between tags and the attributes read
    aloud or shown (aria-label, alt, placeholder, title), scripts and styles left out."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    # a rule's id (setup.roles) is the text of its link, not a word
    html = re.sub(r'(<a class="rule-id"[^>]*>)[^<]*</a>', r"\1</a>", html)
    attrs = re.findall(r'\b(?:aria-label|alt|placeholder|title)="([^"]*)"', html)
    body = re.sub(r"<[^>]+>", "\n", html)
    parts = [unescape(p).strip() for p in body.split("\n") + attrs]
    return [p for p in parts if re.search(r"[A-Za-z]{2}", p)]


def unmarked(html: str) -> list[str]:
    """Texts without the mark: words that did not go through the catalog. A text may
    hold several marked parts ("HU:Table 7 · HU:2 joined"); each word run must follow
    a mark. BANG!, a table id and an address are no words to translate."""
    bad = []
    for t in texts(html):
        rest = re.sub(r"HU:[^·]*(· BANG! companion)?", "", t)
        rest = re.sub(r"https?://\S+|\bBANG!|★|·|[0-9a-f]{8}", "", rest)
        # the language switch names each language in its own words, never translated
        rest = re.sub("|".join(i18n.native_name(lang) for lang in i18n.LANGUAGES), "", rest)
        if re.search(r"[A-Za-z]{2}", rest):
            bad.append(t)
    return bad


def test_every_word_of_the_start_page_goes_through_the_catalog(client, marked):
    html = client.get("/?lang=hu").get_data(as_text=True)
    assert "HU:Start a table" in html and "HU:Create the table" in html
    assert unmarked(html) == []
    # English stays English
    en = client.get("/?lang=en").get_data(as_text=True)
    assert MARK not in en and "Start a table" in en


@pytest.mark.parametrize("ruleset", ["base", "legends", "starwars"])
@pytest.mark.parametrize("mode", ["tracker", "referee"])
def test_every_word_of_a_table_s_pages_goes_through_the_catalog(app, marked, ruleset, mode):
    from helpers import TableHelper
    t = TableHelper(app, mode=mode, ruleset=ruleset)
    t.http.set_cookie(i18n.COOKIE, "hu")
    host = t.http.get(f"/host/{t.id}").get_data(as_text=True)
    phone = t.http.get(f"/p/{t.id}").get_data(as_text=True)
    join = t.http.get(f"/t/{t.id}").get_data(as_text=True)
    for page in (host, phone, join):
        assert unmarked(page) == []
    # the ruleset's words are translated too, inside the sentence that holds them
    life = "energy" if ruleset == "starwars" else "life"
    assert f'aria-label="HU:Lose 1 HU:{life}"' in phone


def test_the_rules_page_shows_rules_titles_and_texts_through_the_catalog(client, marked):
    html = client.get("/rules?lang=hu").get_data(as_text=True)
    from engine.rulebook import GROUPS, RULES
    r = RULES["setup.roles"]
    assert f"<h2>HU:{GROUPS[0][0]}</h2>" in html
    assert f"<h3>HU:{r['title']} " in html and f"<p>HU:{r['text']}</p>" in html
    assert f'aria-label="HU:Link to this rule: HU:{r["title"]}"' in html
    assert "setup.roles<" not in html and "(setup.roles)" not in html
    assert unmarked(html) == []


def test_an_error_page_speaks_the_request_s_language(client, marked):
    r = client.get("/t/nope?lang=hu")
    assert r.status_code == 404
    html = r.get_data(as_text=True)
    assert "<h1>HU:That did not work</h1>" in html
    assert "<p>HU:No table with this id exists on this server.</p>" in html
    assert unmarked(html) == []
    assert "No table with this id" in client.get("/t/nope?lang=en").get_data(as_text=True)


def test_a_refused_name_and_a_bad_record_are_worded_in_the_request_s_language(table, marked):
    http = table.http
    http.set_cookie(i18n.COOKIE, "hu")
    page = http.post(f"/t/{table.id}/join", data={"name": "  "}).get_data(as_text=True)
    assert '<span class="msg">HU:Type a name.</span>' in page
    page = http.post("/tables/from-record", data={}).get_data(as_text=True)
    assert "HU:That record cannot be used: HU:Choose a record file (.json) first." in page


def test_json_errors_carry_messages_for_the_page_to_word(client):
    r = client.get("/t/nope", headers={"Accept": "application/json"})
    err = r.get_json()["error"]
    assert is_message(err["message"])
    assert english(err)["message"] == "No table with this id exists on this server."


def test_a_wrong_host_name_is_answered_in_the_reader_s_language(client, marked):
    r = client.get("/", headers={"Host": "evil.example", "Accept-Language": "hu"})
    assert r.status_code == 400 and r.get_data(as_text=True).startswith("bad_host: HU:")
    r = client.get("/", headers={"Host": "evil.example"})
    assert "does not answer to that name" in r.get_data(as_text=True)
