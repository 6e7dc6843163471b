"""Every page passes axe-core's WCAG 2.1 A and AA rules (issue 27, item 10), in every
ruleset's look, in both tracker and referee mode, in English, Hungarian and Russian, in
the light and the dark colour scheme: the start page, the list of waiting tables, the
join page, the rules page, the host screen (1280x800) in its lobby and dealt, and a
phone (360 px) in the lobby and on its dealt seat.

axe-core is a development dependency pinned in package.json and package-lock.json,
installed by `npm ci` into node_modules/ (as esbuild is); the test adds its script to
the page under test (nothing from a CDN). Without it the test is skipped with a notice,
unless REQUIRE_NODE=1 (CI), where that is a failure.

A failure lists each violated rule, the elements and axe's own summary of the fix.
"""
from __future__ import annotations

import os
import re

import pytest
import requests

from browsing import ROOT, Watch, loopback_only

try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixtures (conftest.py) skip (or fail) without it
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
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

RUN_AXE = """async (tags) => {
  const r = await axe.run(document, { runOnly: { type: "tag", values: tags },
                                      resultTypes: ["violations"] });
  return r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) =>
    ({ target: n.target.join(" "), summary: n.failureSummary })) }));
}"""


@pytest.fixture(scope="module")
def axe_script():
    """node_modules/axe-core/axe.min.js, installed by `npm ci`."""
    if not AXE.is_file():
        why = "axe-core is not installed (run `npm ci`; it needs Node and npm)"
        if os.environ.get("REQUIRE_NODE") == "1":
            pytest.fail(f"{why} (REQUIRE_NODE=1 makes this a failure)", pytrace=False)
        pytest.skip(f"accessibility not checked: {why}")
    return str(AXE)


def violations(page, axe_script: str) -> list[dict]:
    """axe-core's WCAG 2.1 A/AA violations on `page` as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=axe_script)
    return page.evaluate(RUN_AXE, WCAG21_AA)


class Audit:
    """Runs axe on each screen it is shown and keeps what it found, by screen."""

    def __init__(self, axe_script: str) -> None:
        self.axe_script = axe_script
        self.found: dict[str, list[dict]] = {}

    def check(self, page, label: str) -> None:
        self.found[label] = violations(page, self.axe_script)

    def counts(self) -> dict[str, int]:
        return {label: sum(len(v["nodes"]) for v in found) for label, found in self.found.items()}

    def report(self) -> str:
        lines = []
        for label, found in self.found.items():
            for v in found:
                lines.append(f"{label}: {v['id']} ({v['help']}), {len(v['nodes'])} element(s)")
                for n in v["nodes"][:3]:
                    summary = " ".join(n["summary"].split())
                    lines.append(f"    {n['target']}: {summary[:300]}")
        return "\n".join(lines)

    def assert_clean(self) -> None:
        print("axe-core violating elements per screen:", self.counts())
        assert not any(self.found.values()), "axe-core (WCAG 2.1 A/AA) found:\n" + self.report()


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
    seats: {(ruleset, mode, "lobby" or "dealt"): (table id, host cookie, tokens)}."""
    made = {}
    for ruleset in CHARACTERS:
        for mode in MODES:
            for stage in ("lobby", "dealt"):
                table_id, cookie = new_table(server, ruleset, mode)
                tokens = seat_four(server, table_id)
                if stage == "dealt":
                    deal(server, table_id, cookie, ruleset)
                made[ruleset, mode, stage] = (table_id, cookie, tokens)
    return made


def context(browser, lang: str, scheme: str, device: dict):
    return browser.new_context(locale=LANGUAGES[lang], color_scheme=scheme, **device)


# --- the tests -----------------------------------------------------------------------------

def schemes(lang: str) -> tuple[str, ...]:
    """Light in every language; dark too in English (its colours are the same in all three,
    and the words, which differ, are checked in light)."""
    return SCHEMES if lang == "en" else ("light",)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_passes_axe(server, browser, axe_script, tables, lang):
    audit, watch = Audit(axe_script), Watch()
    some_table = tables["base", "tracker", "lobby"][0]
    for scheme in schemes(lang):
        phone_ctx = context(browser, lang, scheme, PHONE)
        phone = watch.page(phone_ctx, "phone")
        for label, path, ready in (
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
        for (ruleset, mode, stage), (table_id, _, tokens) in tables.items():
            if ruleset == "starwars" and scheme == "dark":
                continue          # its look is one dark palette whatever the scheme
            tag = f"{ruleset} {mode} {stage} {lang} {scheme}"
            host.goto(f"{server}/host/{table_id}")
            expect(host.locator(".seat" if stage == "dealt" else "#lobby-list li")).to_have_count(4)
            audit.check(host, f"host {tag}")
            phone.goto("about:blank")       # a new seat: the page loads afresh
            phone.goto(loopback_only(f"{server}/p/{table_id}#{tokens['Ann']}"))
            expect(phone.locator("#game-view" if stage == "dealt" else "#lobby-view")).to_be_visible()
            audit.check(phone, f"phone {tag}")
        phone_ctx.close()
        host_ctx.close()
    audit.assert_clean()
    assert not watch.errors
