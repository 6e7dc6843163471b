"""The event decks at the table (issue 30, the companion's side), in a real Chromium: the
deck chosen in the host's lobby, the event of the round on the host screen and on every
phone in its own language, the host's entry of an event turned up from a real deck, the
chime and the read-aloud with their switches, the event in the log and in the game's
story; and the all-screens walk (tests/screens.py, axe-core included) over a table with
each deck: the host, two phones, an event shown and the manual entry, at 320, 360 and
390 px, in English, Hungarian and Russian.
"""
from __future__ import annotations

import re

import pytest
import requests

from browsing import Watch
from helpers import JESSE, a_record
from screens import (HOST_SIZE, LOCALES, Table, Walker, close_dialogs, fold, phone_context,
                     walked_languages)

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(autouse=True)
def _events_part():
    """These tables are composed with the events' part (engine/rulesets/events): until it
    is registered, the lobby offers no deck and there is nothing to walk."""
    import engine
    from companion.games import EVENT_PART
    if EVENT_PART not in engine.PARTS_BY_NAME:
        pytest.skip(f"the part {EVENT_PART!r} is not registered in engine/rulesets yet")

ONLY = walked_languages()
NAMES = ("Ann", "Bob", "Cid", "Dan")
# each deck's event on the table, the one after it, and its final card (the host enters it)
SHOWN = {"high_noon": ("the_reverend", "thirst", "high_noon"),
         "fistful": ("ambush", "law_of_the_west", "a_fistful_of_cards")}


def record(deck: str, mode: str = "referee", cards: str = "app", ruleset: str = "base") -> dict:
    """Ann the Sheriff at the start of her second turn: the deck's first event is out."""
    current, after, _ = SHOWN[deck]
    pile = None if cards == "table" else [after]
    # a table with its own cards: the host enters the event at the start of Ann's turn
    return a_record(ruleset, mode=mode, characters=JESSE, turn="Ann",
                    phase="start" if cards == "table" else "draw", Ann={"hand": 3},
                    Bob={"in_play": ["Barrel", "Remington"], "life": 4},
                    events={"decks": [deck], "pile": pile,
                            "current": None if cards == "table" else current})


def host_page(browser, watch, server, t, lang="en", seats=4):
    ctx = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                              locale=LOCALES[lang])
    ctx.add_cookies([t.cookie])
    page = watch.page(ctx, f"host {lang}")
    page.goto(server + t.path)
    expect(page.locator(".seat")).to_have_count(seats)
    return ctx, page


def new_table(server, ctx, ruleset, mode="tracker"):
    """A new table's host path, its host cookie given to the browser context `ctx` and
    kept in the returned requests session."""
    session = requests.Session()
    r = session.post(server + "/tables", data={"ruleset": ruleset, "mode": mode},
                     allow_redirects=False, timeout=10)
    path = r.headers["Location"]
    cookie = f"host_{path.rsplit('/', 1)[1]}"
    ctx.add_cookies([{"name": cookie, "value": session.cookies[cookie], "url": server}])
    return path, session


def test_the_host_chooses_the_deck_in_the_lobby_and_star_wars_has_none(server, pw, browser):
    """A base table's lobby offers no deck, High Noon, A Fistful of Cards or both mixed,
    with The Bullet's two bonus cards and the table's own cards as options; the deal
    takes the choice (the header's options and the events' part, its pile shuffled). Star
    Wars' lobby offers none."""
    watch = Watch()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    host = watch.page(ctx, "host")
    path, _ = new_table(server, ctx, "starwars")
    host.goto(server + path)
    expect(host.locator("#lobby-view")).to_be_visible()
    expect(host.locator("#event-setup")).to_have_count(0)
    path, session = new_table(server, ctx, "base")
    table_id = path.rsplit("/", 1)[1]
    for n in NAMES:
        requests.post(f"{server}/t/{table_id}/join", json={"name": n}, timeout=10)
    host.goto(server + path)
    setup = host.locator("#event-setup")
    expect(setup).to_be_visible()
    expect(host.locator("#event-more")).to_be_hidden()
    setup.get_by_label("A Fistful of Cards").check()
    expect(host.locator("#event-own")).to_be_visible()
    expect(host.locator("#event-bonus")).to_be_hidden()      # High Noon's bonus cards only
    setup.get_by_label("High Noon").check()
    expect(host.locator("#event-bonus")).to_be_visible()
    host.locator("#deal").click()
    expect(host.locator("#game-view")).to_be_visible()
    expect(host.locator("#event-card")).to_be_visible()
    expect(host.locator("#event-name")).to_have_text("No event yet")
    record = session.get(f"{server}/host/{table_id}/export.json", timeout=10).json()
    assert record["options"]["events"] == "high_noon", record["options"]
    assert record["options"]["event_cards"] == "app", record["options"]
    assert "event_decks" in record["parts"], record["parts"]
    assert record["event_deck"]["decks"] == ["high_noon"], record["event_deck"]
    ctx.close()
    assert not watch.errors, watch.errors


def test_an_event_on_the_host_and_the_phones_in_their_languages(server, pw, browser):
    """The event of the round on the host screen, large, and on a Hungarian and a Russian
    phone, each in its own words with the line for that player; the rules page's entry
    is one tap away; "ask the referee" starts with it."""
    watch = Watch()
    t = Table(server, record("high_noon"))
    hctx, host = host_page(browser, watch, server, t)
    expect(host.locator("#event-card")).to_be_visible()
    expect(host.locator("#event-name")).to_have_text("The Reverend")
    expect(host.locator("#event-effect")).to_contain_text("Beer")
    size = host.evaluate("parseFloat(getComputedStyle(document.getElementById('event-name')).fontSize)")
    assert size >= 27, size          # read from across the table
    expect(host.locator("#event-next")).to_have_text("Next: Thirst")
    expect(host.locator("#event-enter")).to_be_hidden()       # the app deals this table's events
    # the Sheriff plays with his role face up: his tile says so at a base table too (the
    # page's words hold only what differs from the base game: it had no leader at all)
    expect(host.locator('.seat[data-seat="Ann"]')).to_have_class(re.compile(r"\bleader\b"))
    from companion import i18n
    for lang, name in (("hu", "Bob"), ("ru", "Cid")):
        ctx = phone_context(browser, lang)
        page = watch.page(ctx, f"{name} {lang}")
        page.goto(t.phone_url(name))
        box = page.locator("#event-box")
        expect(box).to_be_visible()
        expect(page.locator("#ev-name")).to_have_text(i18n.gettext("The Reverend", lang))
        expect(page.locator("#ev-yours")).to_have_text(
            i18n.gettext("You may not play a Beer this round, even when dying.", lang))
        href = page.locator("#ev-rule").get_attribute("href")
        assert href.endswith("#event-the_reverend"), href
        page.locator("#ref-ask summary").click()
        expect(page.locator(".ask-event h3")).to_contain_text(i18n.gettext("The Reverend", lang))
        ctx.close()
    r = requests.get(server + "/rules", timeout=10)
    assert 'id="event-the_reverend"' in r.text
    hctx.close()
    t.close()
    assert not watch.errors, watch.errors


def test_the_host_enters_the_event_turned_up_and_a_chime_announces_it(server, pw, browser):
    """At a table that turns up its own event cards, the host enters the one turned up at
    the start of the Sheriff's turn: the host screen shows it, a chime made in the page
    announces it (the read-aloud too, where the browser has a voice for the language),
    the log keeps it and a phone shows it. Both switches are remembered on the laptop."""
    watch = Watch()
    t = Table(server, record("fistful", cards="table"))
    hctx, host = host_page(browser, watch, server, t)
    card = host.locator("#event-card")
    expect(host.locator("#event-name")).to_have_text("No event yet")
    enter = host.locator("#event-enter")
    expect(enter).to_be_visible()
    expect(enter).to_have_class("primary")               # now is the moment
    # the switches: the chime on, the read-aloud off, until the host says otherwise
    expect(host.locator("#event-chime")).to_be_checked()
    expect(host.locator("#event-speak")).not_to_be_checked()
    host.locator("#event-speak").check()
    voiced = host.evaluate("""() => speechSynthesis.getVoices().some((v) => v.lang.startsWith("en"))""")
    expect(host.locator("#event-voice")).to_be_visible() if not voiced else None
    host.reload()
    expect(host.locator("#event-speak")).to_be_checked()
    expect(host.locator("#event-chime")).to_be_checked()
    enter.click()
    dialog = host.locator("#event-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("input[type=radio]")).to_have_count(15)
    dialog.get_by_label("Law of the West").check()
    dialog.get_by_role("button", name="Enter this event").click()
    expect(dialog).to_be_hidden()
    expect(host.locator("#event-name")).to_have_text("Law of the West")
    expect(card).to_have_attribute("data-announced", "1")
    expect(card).to_have_attribute("data-chimed", "1")
    expect(card).to_have_attribute("data-spoken", "1" if voiced else "0")
    expect(host.locator("#event-said")).to_contain_text("New event: Law of the West.")
    expect(host.locator("#log li.log-event")).to_have_count(1)
    expect(host.locator("#log li.log-event")).to_contain_text("Law of the West")
    expect(host.locator("#event-enter")).not_to_have_class("primary")
    # a second entry in the same turn is refused, and says why
    enter.click()
    dialog.get_by_label("Ranch").check()
    dialog.get_by_role("button", name="Enter this event").click()
    expect(host.locator(".banner.error")).to_contain_text("at the start of Ann's turn")  # the Sheriff's
    host.keyboard.press("Escape")
    # a reload is not a new event: no chime
    host.locator("#event-chime").uncheck()
    host.reload()
    expect(host.locator("#event-name")).to_have_text("Law of the West")
    expect(host.locator("#event-chime")).not_to_be_checked()
    assert host.locator("#event-card").get_attribute("data-announced") is None
    ctx = phone_context(browser, "en")
    bob = watch.page(ctx, "Bob")
    bob.goto(t.phone_url("Bob"))
    expect(bob.locator("#ev-name")).to_have_text("Law of the West")
    expect(bob.locator("#ev-yours")).to_contain_text("second card")
    ctx.close()
    hctx.close()
    t.close()
    assert not watch.errors, watch.errors


def test_at_three_players_the_entry_is_due_as_the_deputy_s_turn_begins(server, pw, browser):
    """A table of three has no Sheriff: the round begins with the Deputy's turn (and once
    he is out, as the turn passes his seat), so that is when the host's entry of the event
    turned up is lit as the thing to do now, not at no one's turn (it followed the
    Sheriff's role)."""
    watch = Watch()
    rec = a_record(mode="tracker", roles=("outlaw", "deputy", "renegade"), characters=JESSE[:3],
                   turn="Ann", parts=["three_players"],
                   events={"decks": ["high_noon"], "pile": None, "current": None})
    t = Table(server, rec)
    hctx, host = host_page(browser, watch, server, t, seats=3)
    enter = host.locator("#event-enter")
    expect(enter).to_be_visible()
    expect(enter).not_to_have_class("primary")            # Ann's turn: not the round's start
    t.move("Ann", {"end_turn": {}})
    expect(host.locator('.seat[data-seat="Bob"]')).to_have_class(re.compile(r"\bturn\b"))
    expect(enter).to_have_class("primary")                # the Deputy's turn opens the round
    t.move("Bob", {"end_turn": {}})
    expect(enter).not_to_have_class("primary")
    hctx.close()
    t.close()
    assert not watch.errors, watch.errors


BUZZ_SPY = """window.__buzz = [];
Object.defineProperty(Navigator.prototype, "vibrate", {configurable: true,
  value: (pattern) => { window.__buzz.push(JSON.stringify(pattern)); return true; }});"""
# the event's pattern (static/js/phone-event.js); the phone's turn has one of its own
EVENT_BUZZ = "window.__buzz.filter((p) => p === '[90,60,90,60,90]').length"


def test_a_phone_vibrates_for_a_new_event_unless_switched_off(server, pw, browser):
    """A phone vibrates when a new event comes out (navigator.vibrate, where the browser
    has it: here a spy), not for the event already out when the page opens; the player
    switches it off on the phone, which keeps the choice."""
    watch = Watch()
    rec = record("high_noon", mode="tracker")
    rec["event_deck"]["pile"] = ["thirst", "the_sermon", "high_noon"]
    t = Table(server, rec)
    ctx = phone_context(browser, "en")
    ctx.add_init_script(BUZZ_SPY)
    bob = watch.page(ctx, "Bob")
    bob.goto(t.phone_url("Bob"))
    box = bob.locator("#event-box")
    expect(bob.locator("#ev-name")).to_have_text("The Reverend")
    switch = bob.get_by_label("Vibrate when a new event comes out")
    expect(switch).to_be_checked()
    bob.locator("#ev-name").click()                # a page never tapped may not vibrate
    assert bob.evaluate(EVENT_BUZZ) == 0
    for name in NAMES:
        t.move(name, {"end_turn": {}})
    expect(bob.locator("#ev-name")).to_have_text("Thirst")
    expect(box).to_have_attribute("data-buzzed", "1")
    assert bob.evaluate(EVENT_BUZZ) == 1
    switch.uncheck()
    bob.reload()
    expect(bob.locator("#ev-name")).to_have_text("Thirst")
    expect(switch).not_to_be_checked()
    bob.locator("#ev-name").click()
    for name in NAMES:
        t.move(name, {"end_turn": {}})
    expect(bob.locator("#ev-name")).to_have_text("The Sermon")
    expect(box).to_have_attribute("data-announced", "1")
    expect(box).to_have_attribute("data-buzzed", "0")
    assert bob.evaluate(EVENT_BUZZ) == 0
    ctx.close()
    t.close()
    assert not watch.errors, watch.errors


def test_tracker_mode_turns_up_the_next_event_logs_it_and_the_story_marks_it(server, pw, browser):
    """In tracker mode the round's turns pass; at the Sheriff's next turn the app turns up
    the next event: the host announces it, the log keeps it, and once the game ends the
    story numbers each event on its chart and names them under it."""
    watch = Watch()
    t = Table(server, record("high_noon", mode="tracker"))
    hctx, host = host_page(browser, watch, server, t)
    expect(host.locator("#event-name")).to_have_text("The Reverend")
    for name in NAMES:
        t.move(name, {"end_turn": {}})
    expect(host.locator("#event-name")).to_have_text("Thirst")
    expect(host.locator("#event-card")).to_have_attribute("data-announced", "1")
    expect(host.locator("#log li.log-event")).to_have_count(1)
    expect(host.locator("#event-next")).to_have_text("")           # nothing left to turn up
    t.host_call("end_game")
    expect(host.locator(".story-chart")).to_be_visible()
    expect(host.locator(".story-chart .event-mark")).to_have_count(1)
    expect(host.locator(".story-events li")).to_have_text(["Thirst"])
    hctx.close()
    t.close()
    assert not watch.errors, watch.errors


@pytest.mark.parametrize("deck", ["high_noon", "fistful"])
@pytest.mark.long
def test_every_screen_of_a_table_with_an_event_deck(server, pw, browser, deck):
    """The all-screens walk (tests/screens.py: overflow, cut controls, words broken or in
    another language, controls under another, axe-core's WCAG rules) over a table with
    each deck, in each language: the lobby's choice, the host screen and two phones with
    the event shown (every fold open, "Ask the referee" included), and the host's entry of
    an event turned up from a real deck (the dialog, then the event it entered)."""
    watch = Watch()
    walker = Walker(names=NAMES)
    for lang in LOCALES:
        if lang not in ONLY:
            continue
        tag = f"{deck}"
        # the lobby, with the deck chosen
        lctx = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                                   locale=LOCALES[lang])
        lobby = watch.page(lctx, "lobby")
        path, _ = new_table(server, lctx, "legends")
        for n in NAMES:
            requests.post(f"{server}/t/{path.rsplit('/', 1)[1]}/join", json={"name": n}, timeout=10)
        lobby.goto(server + path)
        lobby.locator(f'#event-setup input[value="{deck}"]').check()
        expect(lobby.locator("#event-more")).to_be_visible()
        walker.visit(lobby, f"{tag} host: the lobby with the deck chosen", lang, phone=False)
        lctx.close()
        # the app's own deck: an event on the table
        t = Table(server, record(deck))
        hctx, host = host_page(browser, watch, server, t, lang)
        expect(host.locator("#event-card")).to_be_visible()
        walker.visit(host, f"{tag} host: the event of the round", lang, phone=False)
        phones = []                                    # a context a phone: one behind draws no frame
        for name in ("Bob", "Ann"):
            phones.append(phone_context(browser, lang))
            page = watch.page(phones[-1], name)
            page.goto(t.phone_url(name))
            expect(page.locator("#event-box")).to_be_visible()
            walker.visit(page, f"{tag} {name}: the event of the round", lang)
            fold(page, True)
            expect(page.locator(".ask-event")).to_be_visible()
            walker.visit(page, f"{tag} {name}: every fold open", lang)
            fold(page, False)
        # Ann's play sheet with the event in force: a card it forbids says so
        t.move("Ann", {"draw": {}})
        page.locator("#play-card").click()
        sheet = page.locator("#ref-dialog")
        expect(sheet).to_be_visible()
        if deck == "high_noon":                        # The Reverend: no Beer
            from companion import i18n
            beer = sheet.locator("button", has_text=i18n.gettext("Beer", lang)).first
            expect(beer).to_contain_text(i18n.gettext("The Reverend", lang))
        walker.visit(page, f"{tag} Ann: the play sheet under the event", lang)
        close_dialogs(page)
        for ctx in phones:
            ctx.close()
        hctx.close()
        t.close()
        # the table's own cards: the host enters the one turned up
        t = Table(server, record(deck, cards="table"))
        hctx, host = host_page(browser, watch, server, t, lang)
        host.locator("#event-enter").click()
        expect(host.locator("#event-dialog")).to_be_visible()
        walker.visit(host, f"{tag} host: the entry of the event turned up", lang, phone=False)
        host.locator(f'#event-dialog input[value="{SHOWN[deck][2]}"]').check()
        host.locator("#event-form button[type=submit]").click()
        expect(host.locator("#event-dialog")).to_be_hidden()
        expect(host.locator("#event-card")).to_have_class(re.compile("final"))
        walker.visit(host, f"{tag} host: the final card entered", lang, phone=False)
        close_dialogs(host)
        phones = phone_context(browser, lang)
        cid = watch.page(phones, "Cid")
        cid.goto(t.phone_url("Cid"))
        expect(cid.locator("#event-box")).to_be_visible()
        walker.visit(cid, f"{tag} Cid: the final card", lang)
        phones.close()
        hctx.close()
        t.close()
    print(f"\n{deck}: {walker.screens} screens")
    assert not watch.errors, watch.errors
    walker.assert_clean()
