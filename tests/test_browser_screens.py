"""Every screen in the hand (issue 27): a walk over every screen and sheet a player or the
host reaches, in every ruleset (base, Legends, Star Wars) and both modes (tracker,
referee), in English, Hungarian and Russian, each phone screen at 320, 360 and 390 px
and the host's at 1280x800, checked by tests/screens.py (no overflow, no cut control, no
word broken mid-word, no control under another, no word of another language).

One browser, one server; a table per ruleset, mode and language, opened from a record
(POST /tables/from-record) and moved on by its seats' own Socket.IO clients; the pages
stay open and follow, and the widths change with set_viewport_size, never a reload.
"""
from __future__ import annotations

import os
import time

import pytest
import requests

from browsing import Watch, shot
from screens import (HOST_SIZE, LOCALES, Table, Walker, close_dialogs, fold, hold_role,
                     let_go, open_dialog, phone_context)

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# a shorter walk while fixing one language: SCREENS_LANGS=ru (the suite walks all three)
ONLY = os.environ.get("SCREENS_LANGS", " ".join(LOCALES)).split()
NAMES = ("Ann", "Bob", "Cid", "Dan")
# each ruleset's cards of the kinds that ask a question, and its Barrel
KINDS = {"base": {"bang": "BANG!", "duel": "Duel", "indians": "Indians!", "gatling": "Gatling",
                  "barrel": "Barrel"},
         "starwars": {"bang": "BANG!", "duel": "Duel", "indians": "Jawas", "gatling": "AT-AT Attack",
                      "barrel": "Cover"}}
KINDS["legends"] = KINDS["base"]


def record(ruleset: str, mode: str) -> dict:
    """Ann's turn at its draw; Bob behind a Barrel with a long-named weapon."""
    kinds = KINDS[ruleset]
    if ruleset == "starwars":
        seats = [{"name": "Ann", "role": "vader", "character": "Tempered", "hand": 9},
                 {"name": "Bob", "role": "rebel", "character": "Resilient",
                  "in_play": [kinds["barrel"]]},
                 {"name": "Cid", "role": "bounty_hunter", "character": "Inventive"},
                 {"name": "Dan", "role": "rebel", "character": "Fearless"}]
    else:
        seats = [{"name": "Ann", "role": "sheriff", "character": "Jesse Jones", "hand": 9},
                 {"name": "Bob", "role": "outlaw", "character": "Kit Carlson",
                  "in_play": ["Barrel", "Remington"], "life": 4},
                 {"name": "Cid", "role": "outlaw", "character": "Rose Doolan"},
                 {"name": "Dan", "role": "renegade", "character": "Bart Cassidy"}]
    top = {"feats": [{"name": "The Chuck-a-Luck"}, {"name": "A Thousand Ways to Die"},
                     {"name": "For a Few Cards More"}]} if ruleset == "legends" else {}
    return {"format": "bang-record/1", "ruleset": ruleset, "mode": mode, "seats": seats,
            "turn": "Ann", "phase": "draw", **top}


def asked(page):
    q = page.locator("#my-question")
    expect(q).to_be_visible()
    return q


def walk_referee(walker, t, ann, bob, host, lang, ruleset, tag):
    kinds = KINDS[ruleset]
    v = lambda page, what: walker.visit(page, f"{tag} {what}", lang)   # noqa: E731
    expect(ann.locator("#ref-turn")).to_be_visible()
    v(ann, "Ann: her turn, the draw")
    fold(ann, True)
    v(ann, "Ann: every fold open")
    fold(ann, False)
    hold_role(ann)
    v(ann, "Ann: her role held")
    let_go(ann)
    v(bob, "Bob: another's turn")
    walker.visit(host, f"{tag} host: the game", lang, phone=False)

    t.move("Ann", {"draw": {}})
    expect(ann.locator("#play-card")).to_be_visible()
    v(ann, "Ann: her turn, playing")
    ann.locator("#play-card").click()
    sheet = ann.locator("#ref-dialog")
    expect(sheet).to_be_visible()
    expect(sheet.locator("button").first).to_be_visible()
    v(ann, "Ann: the play sheet")
    sheet.locator(".card-group button").first.click()
    ann.wait_for_function("() => document.querySelector('#ref-dialog[open] .targets, #card-dialog[open]')"
                          " || !document.querySelector('dialog[open]')")
    if open_dialog(ann).count():
        v(ann, "Ann: the play sheet's next step")
    close_dialogs(ann)

    for kind in ("bang", "duel", "indians", "gatling"):
        card = kinds[kind]
        t.move("Ann", {"play": card, "target": "Bob"} if kind in ("bang", "duel") else {"play": card})
        q = asked(bob)
        v(bob, f"Bob: the answer to {card}")
        if kind == "bang":
            v(ann, "Ann: waiting for Bob")
            walker.visit(host, f"{tag} host: a question open", lang, phone=False)
            from companion import i18n
            check = q.locator("button", has_text=i18n.gettext(kinds["barrel"], lang))
            if check.count():
                check.first.click()
                expect(ann.locator("dialog[open]")).to_have_count(0)
                expect(open_dialog(bob)).to_have_count(1)
                v(bob, "Bob: the draw! card picker")
                close_dialogs(bob)
        for name in ("Bob", "Cid", "Dan") if kind in ("indians", "gatling") else ("Bob",):
            t.move(name, {"respond": "take"})
        if kind == "gatling" and ruleset != "starwars":      # Bob's fourth hit: dying
            asked(bob)
            v(bob, "Bob: dying")
            t.move("Bob", {"respond": "take"})
        expect(bob.locator("#my-question")).to_be_hidden()


def walk_tracker(walker, t, ann, bob, host, lang, ruleset, tag):
    v = lambda page, what: walker.visit(page, f"{tag} {what}", lang)   # noqa: E731
    expect(ann.locator("#life-value")).not_to_have_text("–")
    v(ann, "Ann: the game")
    fold(ann, True)
    v(ann, "Ann: every fold open")
    fold(ann, False)
    hold_role(ann)
    v(ann, "Ann: her role held")
    let_go(ann)
    walker.visit(host, f"{tag} host: the game", lang, phone=False)


def walk_feats(walker, ann, lang, tag):
    """Legends: the Feat tracker and each of its dialogs Ann can open."""
    box = ann.locator("#feats-box")
    expect(box).to_be_visible()
    ann.locator("#feats-box").scroll_into_view_if_needed()
    walker.visit(ann, f"{tag} Ann: the Feats", lang)
    buttons = box.locator(".feat-action button:enabled")
    labels = [b.inner_text() for b in buttons.all()]
    for k, label in enumerate(labels):
        if not label.endswith("…"):
            continue
        buttons.nth(k).click()
        dlg = ann.locator("#feat-dialog")
        expect(dlg).to_be_visible()
        walker.visit(ann, f"{tag} Ann: the Feat dialog {label!r}", lang)
        close_dialogs(ann)


def walk_host(walker, host, lang, tag):
    """The host's corrections on a seat, then the end of the game."""
    host.locator('.seat[data-seat="Bob"]').click()
    expect(host.locator("#seat-dialog")).to_be_visible()
    walker.visit(host, f"{tag} host: the corrections", lang, phone=False)
    close_dialogs(host)


@pytest.mark.xfail(reason="issue 27: the defects this walk finds are being fixed", strict=False)
@pytest.mark.parametrize("ruleset", ["base", "legends", "starwars"])
def test_every_screen_of_a_ruleset(server, pw, browser, ruleset):
    watch = Watch()
    walker = Walker(names=NAMES)
    started = time.monotonic()
    for mode in ("referee", "tracker"):
        for lang in LOCALES:
            if lang not in ONLY:
                continue
            tag = f"{ruleset}/{mode}"
            t = Table(server, record(ruleset, mode))
            phones = phone_context(browser, lang)
            ann, bob = watch.page(phones, "Ann"), watch.page(phones, "Bob")
            ann.goto(t.phone_url("Ann"))
            bob.goto(t.phone_url("Bob"))
            host_ctx = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                                           locale=LOCALES[lang])
            host_ctx.add_cookies([t.cookie])
            host = watch.page(host_ctx, "host")
            host.goto(server + t.path)
            for page in (ann, bob):
                expect(page.locator("#game-view")).to_be_visible()
                expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(host.locator(".seat")).to_have_count(4)
            if ruleset == "legends":
                walk_feats(walker, ann, lang, tag)
            (walk_referee if mode == "referee" else walk_tracker)(
                walker, t, ann, bob, host, lang, ruleset, tag)
            walk_host(walker, host, lang, tag)
            t.host_call("end_game")
            expect(ann.locator(".story-chart")).to_be_visible()
            walker.visit(ann, f"{tag} Ann: the game's story", lang)
            expect(host.locator(".story-chart")).to_be_visible()
            walker.visit(host, f"{tag} host: the game's story and the score", lang, phone=False)
            if lang == "hu":
                shot(ann, f"screens-{ruleset}-{mode}-{lang}-end")
            phones.close()
            host_ctx.close()
            t.close()
    print(f"\n{ruleset}: {walker.screens} screens in {time.monotonic() - started:.1f} s")
    assert not watch.errors, watch.errors
    walker.assert_clean()


def test_the_pages_around_the_game(server, pw, browser):
    """The start page, the rules, the tables waiting, the join page and the lobby, on a
    phone and on the laptop, in each language."""
    watch = Watch()
    walker = Walker(names=NAMES)
    ids = []
    for ruleset in ("base", "legends"):
        r = requests.post(server + "/tables", data={"ruleset": ruleset, "mode": "referee"},
                          allow_redirects=False, timeout=10)
        ids.append(r.headers["Location"].rsplit("/", 1)[1])
    tokens = {n: requests.post(f"{server}/t/{ids[0]}/join", json={"name": n}, timeout=10)
              .json()["token"] for n in ("Ann", "Bob")}
    for lang in LOCALES:
        phones = phone_context(browser, lang)
        page = watch.page(phones, "phone")
        for path, what in (("/", "the start page"), ("/rules", "the rules"),
                           ("/join", "the tables waiting"), (f"/t/{ids[0]}", "the join page"),
                           (f"/p/{ids[0]}#{tokens['Ann']}", "the lobby")):
            page.goto(server + path)
            if what == "the lobby":
                expect(page.locator("#lobby-view")).to_be_visible()
                expect(page.locator("#lobby-list li")).to_have_count(2)
            walker.visit(page, what, lang)
            if path == "/":
                walker.visit(page, what, lang, phone=False)
        phones.close()
    assert not watch.errors, watch.errors
    walker.assert_clean()
