"""Three languages at one table, in a real browser (issue 10): a referee table with a
Hungarian phone (its browser's language is hu-HU), a Russian phone (ru-RU) and an English
host screen. A BANG! is played, a move is refused and a ruling is asked; each screen shows
them in its reader's language; then the Hungarian phone switches to Russian and keeps its
seat and its open question.

The words expected are read from the catalogs themselves (companion/translations/<lang>/
LC_MESSAGES/messages.po, with Babel), and the engine's sentences are the messages the
server sends (asked again here through a Socket.IO client of the same seat, so the test
knows which message the page got), worded with those catalogs. Every template met must
have a translation: an untranslated one fails the test rather than passing on English.
"""
from __future__ import annotations

import gettext

import pytest
from babel.messages.pofile import read_po

from companion import i18n
from engine.say import is_message, msg, name, plural, render
from browsing import Watch, create_table, join_by_request, shot
from helpers import newest_snapshot

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures (conftest.py) skip (or fail) without it
    expect = None

NAMES = ["Ann", "Bob", "Cid", "Dee"]
# characters with no say over distances or the draw: the sheriff's turn is an ordinary one
CHARACTERS = ["Bart Cassidy", "Vulture Sam", "El Gringo", "Suzy Lafayette"]


# --- the words, from the .po files ------------------------------------------------------

class Po:
    """One language's catalog as Babel reads it; `say(message)` words an engine message
    (or a page's template made into one) the way the page must."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        with open(i18n.po_path(lang), "rb") as f:
            self.cat = read_po(f, locale=lang)
        self.index = gettext.c2py(self.cat.plural_expr)

    def entry(self, template: str, plural: bool):
        m = self.cat.get(template)
        forms = m.string if m is not None else None
        done = bool(forms) and (all(forms) if isinstance(forms, (list, tuple)) else True)
        assert done and not m.fuzzy, f"{self.lang}: no translation of {template!r} in messages.po"
        assert plural == isinstance(forms, (list, tuple)), f"{self.lang}: {template!r}"
        return forms

    def translate(self, template: str, other, n) -> str:
        if other is None:
            return self.entry(template, False)
        forms = self.entry(template, True)
        return forms[min(self.index(int(n)), len(forms) - 1)]

    def say(self, message, reader: str | None = None) -> str:
        """The sentence as the page shows it, on `reader`'s own phone (the second person
        where the message declares it: engine/say.py `you`) or on another screen."""
        return render(message, self.translate, reader)


def english(message) -> str:
    return render(message)


# --- a seat's own Socket.IO client: the messages the server sends that seat ---------------

class Seat:
    def __init__(self, base: str, table: str, token: str) -> None:
        import socketio
        self.client = socketio.SimpleClient()
        # the messages themselves, not sentences: the test words them with the catalogs
        self.client.connect(base, auth={"table": table, "token": token, "lang": "messages"},
                            transports=["websocket"])

    def call(self, event: str, data: dict) -> dict:
        return self.client.call(event, data, timeout=5)

    def snapshot(self) -> dict:
        """The newest full snapshot (the answer to a resync, read once every event before
        it has been)."""
        return newest_snapshot(self.client, "table")

    def close(self) -> None:
        self.client.disconnect()


def phone(browser, pw, watch, locale: str, base: str, table: str, token: str, who: str):
    ctx = browser.new_context(**pw.devices["Pixel 7"], locale=locale)
    page = watch.page(ctx, who)
    page.goto(f"{base}/p/{table}#{token}")
    expect(page.locator("#game-view")).to_be_visible()
    return ctx, page


def last_line(snap: dict, kind: str) -> dict:
    lines = [line for line in snap.get("log") or [] if line.get("kind") == kind]
    assert lines, f"no {kind!r} line in the log"
    return lines[-1]["text"]


@pytest.mark.browser
@pytest.mark.long
def test_three_languages_at_one_table(server, pw, browser):
    hu, ru = Po("hu"), Po("ru")
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server, "Referee")
    _, table, tokens = join_by_request(host, NAMES)
    for n, c in zip(NAMES, CHARACTERS):
        host.get_by_label(f"Character for {n}").select_option(c)
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)
    sheriff = host.locator(".seat", has=host.locator(".role-sheriff")).get_attribute("data-seat")
    k = NAMES.index(sheriff)
    shot_at, far = NAMES[(k + 1) % 4], NAMES[(k + 2) % 4]     # at distance 1 and 2

    # the sheriff's phone reads Russian, the one shot at Hungarian: their browsers' languages
    ru_ctx, ru_page = phone(browser, pw, watch, "ru-RU", server, table, tokens[sheriff], sheriff)
    hu_ctx, hu_page = phone(browser, pw, watch, "hu-HU", server, table, tokens[shot_at], shot_at)
    s_seat, t_seat = Seat(server, table, tokens[sheriff]), Seat(server, table, tokens[shot_at])
    try:
        assert ru_page.evaluate("document.documentElement.lang") == "ru"
        assert hu_page.evaluate("document.documentElement.lang") == "hu"
        assert host.evaluate("document.documentElement.lang") == "en"
        bang = name("BANG!")

        # --- the sheriff draws and reaches for a BANG!, in Russian --------------------------
        ru_page.get_by_role("button", name=ru.say(msg("Draw 2 from the deck"))).click()
        ru_page.get_by_role("button", name=ru.say(msg("Play a card"))).click()
        sheet = ru_page.locator("#ref-dialog")
        sheet.get_by_role("button", name=ru.say(bang), exact=True).click()
        # a refusal: the player across the table is out of reach, greyed with the reason
        aimed = s_seat.call("targets", {"card": "BANG!"})
        refused = next(x for x in aimed["targets"] if x["name"] == far)
        assert refused["ok"] is False and is_message(refused["message"])
        why = refused["message"]
        assert ru.say(why, sheriff) != ru.say(why)      # on his own phone: "ваш Кольт .45"
        expect(sheet.locator(f"#why-{far}")).to_contain_text(ru.say(why, sheriff))
        assert ru.say(why, sheriff) != english(why)
        expect(sheet.get_by_role("button", name=far, exact=True)).to_be_disabled()
        sheet.get_by_role("button", name=shot_at, exact=True).click()

        # --- the BANG!: asked on the Hungarian phone, told on the host screen in English ----
        asked = hu_page.locator("#my-question")
        question = msg("You must answer {card} from {from}", card=bang, **{"from": sheriff})
        expect(asked).to_contain_text(hu.say(question))
        assert hu.say(question) != english(question)
        expect(host.locator("#pending")).to_contain_text(f"{shot_at} must answer BANG! from {sheriff}")
        played = last_line(t_seat.snapshot(), "play")
        expect(hu_page.locator("#log")).to_contain_text(hu.say(played, shot_at))
        expect(ru_page.locator("#log")).to_contain_text(ru.say(played, sheriff))
        expect(host.locator("#log")).to_contain_text(english(played))
        assert len({hu.say(played, shot_at), ru.say(played, sheriff), english(played)}) == 3

        # --- a refused move: the sheriff ends his turn while his BANG! waits for an answer --
        over = (s_seat.snapshot()["view"]["me"].get("hints") or {}).get("discard_needed") or 0
        ru_page.locator("#end-turn").click()
        # the phone asks first (over the hand limit: how many cards go)
        ru_page.locator("#confirm-yes").click()
        no = s_seat.call("move", {"end_turn": {"discard": over} if over else {}})
        assert no["ok"] is False and is_message(no["error"]["message"])
        banner = ru_page.locator("#banners .banner.error")
        expect(banner).to_contain_text(ru.say(no["error"]["message"], sheriff))
        assert ru.say(no["error"]["message"], sheriff) != english(no["error"]["message"])

        # --- a ruling: the Hungarian phone asks the referee whether the sheriff may play
        # another BANG! at the one across the table
        hu_page.locator("#ref-ask summary").click()
        form = hu_page.locator("#ref-ask-body")
        form.locator("#ask-judge-by").select_option(sheriff)
        form.locator("#ask-judge-card").select_option("BANG!")
        form.locator("#ask-judge-to").select_option(far)
        form.get_by_role("button", name=hu.say(msg("Ask: is it allowed?"))).click()
        ruling = t_seat.call("judge", {"by": sheriff, "move": {"play": "BANG!", "target": far}})["ruling"]
        said = (hu.say(msg("Yes: {seat} may play {card} now.", seat=sheriff, card=bang))
                if ruling["ok"] else hu.say(ruling["message"], shot_at))
        expect(form.locator("#ask-judge-out")).to_contain_text(said)
        if not ruling["ok"]:
            assert said != english(ruling["message"])
            if ruling.get("rule_title"):
                expect(form.locator("#ask-judge-out .rule-link")).to_contain_text(hu.say(ruling["rule_title"]))
            if ruling.get("rule_text"):      # the rule's text too, in Hungarian
                expect(form.locator("#ask-judge-out .rule-text")).to_have_text(hu.say(ruling["rule_text"]))
                assert hu.say(ruling["rule_text"]) != english(ruling["rule_text"])
        shot(hu_page, "i18n-phone-hu")
        shot(ru_page, "i18n-phone-ru")
        shot(host, "i18n-host-en")

        # --- the Hungarian phone switches to Russian: still seated, still asked -------------
        hu_page.locator("select[data-language]").select_option("ru")
        expect(hu_page.locator("html")).to_have_attribute("lang", "ru")
        expect(hu_page.locator("#game-view")).to_be_visible()
        expect(hu_page.locator("#me-name")).to_have_text(shot_at)
        expect(asked).to_contain_text(ru.say(question))
        expect(hu_page.locator("#log")).to_contain_text(ru.say(played, shot_at))
        assert hu.say(question) != ru.say(question)
        shot(hu_page, "i18n-phone-switched-ru")
        # the others keep their own languages
        assert host.evaluate("document.documentElement.lang") == "en"
        expect(host.locator("#pending")).to_contain_text(f"{shot_at} must answer BANG! from {sheriff}")
        assert ru_page.evaluate("document.documentElement.lang") == "ru"
        assert watch.errors == []
    finally:
        s_seat.close()
        t_seat.close()
        for ctx in (ru_ctx, hu_ctx, host_ctx):
            ctx.close()


def test_the_expected_words_come_from_the_catalogs(tmp_path, monkeypatch):
    """The test above reads its words from the .po files: a template with no translation
    fails it instead of passing on English; a plural takes the language's own form."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    cat = Catalog(locale="ru")
    cat.add("Beer", "Пиво")
    cat.add(("{seat} takes {n} card.", "{seat} takes {n} cards."),
            ("{seat} берёт {n} карту.", "{seat} берёт {n} карты.", "{seat} берёт {n} карт."))
    path = tmp_path / "ru" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    with open(path, "wb") as f:
        write_po(f, cat)
    monkeypatch.setattr(i18n, "po_path", lambda lang: str(tmp_path / lang / "LC_MESSAGES" / "messages.po"))
    ru = Po("ru")
    takes = plural("{seat} takes {n} card.", "{seat} takes {n} cards.", 5, seat="Ann")
    assert ru.say(takes) == "Ann берёт 5 карт."
    assert ru.say({**takes, "n": 2}) == "Ann берёт 2 карты."
    assert ru.say(name("Beer")) == "Пиво"
    with pytest.raises(AssertionError, match="no translation"):
        ru.say(msg("{card} is gone.", card=name("Beer")))


def test_every_literal_of_the_pages_js_is_extracted():
    """pybabel's JavaScript extractor misses a t() nested in another t()'s arguments or in a
    template literal's ${...}: such a string would never reach the catalogs, so it would
    stay English on every page. Every t("..."), tn("...", "...") and tname("...") of
    static/js must be found by the extractor with babel.cfg's keywords."""
    import configparser
    import json
    import re
    from pathlib import Path
    from babel.messages.extract import extract
    from babel.messages.frontend import parse_keywords
    root = Path(__file__).resolve().parent.parent
    cfg = configparser.ConfigParser()
    cfg.read(root / "babel.cfg")
    section = next(s for s in cfg.sections() if s.startswith("javascript"))
    keywords = parse_keywords(cfg[section]["keywords"].split())
    call = re.compile(r'\b(?:' + "|".join(map(re.escape, keywords)) + r')\(\s*"((?:[^"\\]|\\.)*)"')
    missed = []
    for path in sorted((root / "static" / "js").glob("*.js")):
        with open(path, "rb") as f:
            found = {m[1] if isinstance(m[1], str) else m[1][0] for m in extract("javascript", f, keywords=keywords)}
        code = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        code = re.sub(r"(?m)^\s*//.*$", "", code)
        missed += [f"{path.name}: {m.group(1)!r}" for m in call.finditer(code)
                   if json.loads(f'"{m.group(1)}"') not in found]
    assert not missed, "strings pybabel does not extract (hoist them out of t(...) / ${...}):\n" + "\n".join(missed)
