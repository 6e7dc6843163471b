"""Every page passes axe-core's WCAG 2.1 A and AA rules (issue 27, item 10), in every
ruleset's look, in both tracker and referee mode, in English, Hungarian and Russian, in
the light and the dark colour scheme (dark in English): the start page, the list of
waiting tables, the join page, the rules page, the host screen (1280x800) in its lobby
and dealt, and a phone (360 px) in the lobby and on its dealt seat, and an eliminated
player's; and in a referee game of each ruleset, the phone's folds, held role, play sheet
(refused cards greyed with their reason), a question, the host's corrections and the
stories.

axe-core is a development dependency pinned in package.json and package-lock.json,
installed by `npm ci` into node_modules/ (as esbuild is); the test adds its script to
the page under test (nothing from a CDN). Without it the test is skipped with a notice,
unless REQUIRE_NODE=1 (CI), where that is a failure.

A failure lists each violated rule, the elements and axe's own summary of the fix. The
all-screens walk (tests/test_browser_screens.py) runs axe too, on every screen it reaches
(its hook in tests/screens.py), in the light scheme; this test adds the dark scheme and
every ruleset's lobby and dealt table in both modes.
"""
from __future__ import annotations

import pytest
import requests

from accessibility import MISSING, elements, installed, lines, preload, required, violations
from browsing import Watch, loopback_only
from helpers import WALK, a_record
from screens import Table, close_dialogs, fold, hold_role, let_go

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures (conftest.py) skip (or fail) without it
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = {"en": "en-US", "hu": "hu-HU", "ru": "ru-RU"}
SCHEMES = ("light", "dark")
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
HOST = {"viewport": {"width": 1280, "height": 800}}
NAMES = ["Ann", "Bob", "Cid", "Dee"]
CHARACTERS = {
    "base": ["Bart Cassidy", "Willy the Kid", "Rose Doolan", "Vulture Sam"],
    "legends": ["Bart Cassidy", "Willy the Kid", "Rose Doolan", "Vulture Sam"],
    "starwars": ["Tempered", "Lucky", "Fearless", "Resilient"],
}
MODES = ("tracker", "referee")


@pytest.fixture(scope="module")
def axe_installed():
    if not installed():
        if required():
            pytest.fail(f"{MISSING} (REQUIRE_NODE=1 makes this a failure)", pytrace=False)
        pytest.skip(f"accessibility not checked: {MISSING}")


class Audit:
    """Runs axe on each screen it is shown and keeps what it found, by screen."""

    def __init__(self) -> None:
        self.found: dict[str, list[dict]] = {}

    def check(self, page, label: str) -> None:
        self.found[label] = violations(page)

    def assert_clean(self) -> None:
        print("axe-core violating elements per screen:",
              {label: elements(found) for label, found in self.found.items()})
        report = [f"{label}: {line}" for label, found in self.found.items() for line in lines(found)]
        assert not report, "axe-core (WCAG 2.1 A/AA) found:\n" + "\n".join(report)


# --- tables made over HTTP and Socket.IO ---------------------------------------------------

def new_table(server: str, ruleset: str, mode: str) -> tuple[str, str]:
    """A table made as the start page's form makes it: (table id, host cookie value)."""
    s = requests.Session()
    made = s.post(server + "/tables", data={"ruleset": ruleset, "mode": mode},
                  allow_redirects=False, timeout=5)
    assert made.status_code == 303, made.text
    table_id = made.headers["Location"].rstrip("/").split("/")[-1]
    return table_id, s.cookies[f"host_{table_id}"]


def seat_four(server: str, table_id: str) -> dict[str, str]:
    join = f"{server}/t/{table_id}/join"
    return {n: requests.post(join, json={"name": n}, timeout=5).json()["token"] for n in NAMES}


def deal(server: str, table_id: str, cookie: str, ruleset: str) -> None:
    import socketio
    host = socketio.SimpleClient()
    host.connect(server, auth={"table": table_id}, transports=["websocket"],
                 headers={"Cookie": f"host_{table_id}={cookie}"})
    try:
        lobby = host.receive(timeout=5)[1]["table"]["lobby"]
        chars = {e["id"]: c for e, c in zip(lobby, CHARACTERS[ruleset])}
        ack = host.call("deal", {"characters": chars}, timeout=5)
        assert ack == {"ok": True}, ack
    finally:
        host.disconnect()


@pytest.fixture(scope="module")
def tables(server):
    """For each ruleset and mode: a table in its lobby and a dealt one, each with four
    seats, and a referee game with a player out: {(ruleset, mode, "lobby", "dealt" or
    "one out"): (table id, host cookie, the token of the seat whose phone is checked)}."""
    made = {}
    for ruleset in CHARACTERS:
        for mode in MODES:
            for stage in ("lobby", "dealt"):
                table_id, cookie = new_table(server, ruleset, mode)
                tokens = seat_four(server, table_id)
                if stage == "dealt":
                    deal(server, table_id, cookie, ruleset)
                made[ruleset, mode, stage] = (table_id, cookie, tokens["Ann"])
        # an eliminated player: his greyed seat on the host, his own phone
        t = Table(server, out_record(ruleset))
        made[ruleset, "referee", "one out"] = (t.id, t.cookie["value"], t.tokens["Dan"])
        t.close()
    return made


def out_record(ruleset: str, out: bool = True) -> dict:
    """A referee game of four at Ann's draw, Dan out of it (or not)."""
    return a_record(ruleset, characters=WALK[ruleset], hand=(9, 4, 4, 4), turn="Ann",
                    phase="draw", **({"Dan": {"alive": False}} if out else {}))


def context(browser, lang: str, scheme: str, device: dict):
    """A device's context, axe-core in each of its pages from the start (a phone here
    loads 15 tables' seats one after another: accessibility.preload)."""
    ctx = browser.new_context(locale=LANGUAGES[lang], color_scheme=scheme, **device)
    preload(ctx)
    return ctx


# --- the tests -----------------------------------------------------------------------------

def schemes(lang: str) -> tuple[str, ...]:
    """Light in every language; dark too in English (its colours are the same in all three,
    and the words, which differ, are checked in light)."""
    return SCHEMES if lang == "en" else ("light",)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.long
def test_every_page_passes_axe(server, browser, axe_installed, tables, lang):
    audit, watch = Audit(), Watch()
    some_table = tables["base", "tracker", "lobby"][0]
    for scheme in schemes(lang):
        phone_ctx = context(browser, lang, scheme, PHONE)
        phone = watch.page(phone_ctx, "phone")
        # in Hungarian and Russian the walk (tests/test_browser_screens.py, the pages
        # around the game) runs axe on these four already
        for label, path, ready in () if lang != "en" else (
                ("start", "/", "form#from-record"),
                ("tables", "/join", ".table-list li"),
                ("join", f"/t/{some_table}", "#name"),
                ("rules", "/rules", ".rule-group")):
            phone.goto(server + path)
            expect(phone.locator(ready).first).to_be_visible()
            audit.check(phone, f"{label} {lang} {scheme}")

        host_ctx = context(browser, lang, scheme, HOST)
        host_ctx.add_cookies([{"name": f"host_{table_id}", "value": cookie, "url": server}
                              for table_id, cookie, _ in tables.values()])
        host = watch.page(host_ctx, "host")
        for (ruleset, mode, stage), (table_id, _, token) in tables.items():
            if ruleset == "starwars" and scheme == "dark":
                continue          # its look is one dark palette whatever the scheme
            if stage == "lobby" and lang != "en":
                continue          # the walk's lobby, and few words: English only
            tag = f"{ruleset} {mode} {stage} {lang} {scheme}"
            host.goto(f"{server}/host/{table_id}")
            expect(host.locator("#lobby-list li" if stage == "lobby" else ".seat")).to_have_count(4)
            audit.check(host, f"host {tag}")
            phone.goto("about:blank")       # a new seat: the page loads afresh
            phone.goto(loopback_only(f"{server}/p/{table_id}#{token}"))
            expect(phone.locator("#lobby-view" if stage == "lobby" else "#game-view")).to_be_visible()
            if stage == "one out":
                expect(phone.locator("body.out")).to_have_count(1)
            audit.check(phone, f"phone {tag}")
        phone_ctx.close()
        host_ctx.close()
    audit.assert_clean()
    assert not watch.errors


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.long
def test_the_screens_of_a_referee_game_pass_axe(server, browser, axe_installed, scheme):
    """In English, each ruleset: every fold open, the role held, the play sheet with its
    refused cards greyed and saying why, a question, the host's corrections and both
    stories (the walk sees them in the light scheme; Star Wars' look is dark in both)."""
    audit, watch = Audit(), Watch()
    for ruleset in CHARACTERS if scheme == "dark" else ("starwars",):
        t = Table(server, out_record(ruleset, out=False))
        # a context a phone: a page sharing one goes to the background and draws no frame
        phones = [context(browser, "en", scheme, PHONE) for _ in range(2)]
        host_ctx = context(browser, "en", scheme, HOST)
        ann, bob = watch.page(phones[0], "Ann"), watch.page(phones[1], "Bob")
        ann.goto(loopback_only(t.phone_url("Ann")))
        bob.goto(loopback_only(t.phone_url("Bob")))
        host_ctx.add_cookies([t.cookie])
        host = watch.page(host_ctx, "host")
        host.goto(server + t.path)
        expect(ann.locator("#game-view")).to_be_visible()
        tag = f"{ruleset} {scheme}"
        fold(ann, True)
        audit.check(ann, f"{tag} Ann: every fold open")
        hold_role(ann)
        audit.check(ann, f"{tag} Ann: her role held")
        let_go(ann)
        t.move("Ann", {"draw": {}})
        ann.locator("#play-card").click()
        expect(ann.locator("#ref-dialog .card-btn.greyed").first).to_be_visible()
        audit.check(ann, f"{tag} Ann: the play sheet")
        close_dialogs(ann)
        t.move("Ann", {"play": "BANG!", "target": "Bob"})
        expect(bob.locator("#my-question")).to_be_visible()
        fold(bob, True)
        audit.check(bob, f"{tag} Bob: a question")
        audit.check(host, f"{tag} host: a question open")
        host.locator('.seat[data-seat="Bob"]').click()
        expect(host.locator("#seat-dialog")).to_be_visible()
        audit.check(host, f"{tag} host: the corrections")
        close_dialogs(host)
        t.move("Bob", {"respond": "take"})
        t.host_call("end_game")
        expect(ann.locator(".story-chart")).to_be_visible()
        audit.check(ann, f"{tag} Ann: the story")
        expect(host.locator(".story-chart")).to_be_visible()
        audit.check(host, f"{tag} host: the story and the score")
        for ctx in phones:
            ctx.close()
        host_ctx.close()
        t.close()
    audit.assert_clean()
    assert not watch.errors
