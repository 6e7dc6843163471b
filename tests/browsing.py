"""What the browser tests share (tests/test_browser_*.py, tests/test_i18n.py): the
options of the server they drive (tests/helpers.py's LiveServer), the pages' helpers, and the
phone page's first-load crawl. Their fixtures (`server`, `pw`, `browser`) are in
conftest.py.

Without Playwright or Chromium those tests are skipped with a notice (`missing`), unless
REQUIRE_BROWSER=1, where a missing browser fails the run. Screenshots go to
test-artifacts/ (gitignored).
"""
from __future__ import annotations

import ipaddress
import json
import os
import re
import shutil
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import requests

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # the skip below says so
    expect = sync_playwright = None
else:
    # an expectation waits for its condition up to 30 s, as a click does (Playwright's
    # own 5 s failed a dialog that filled in 6 on a loaded 2-core machine): the time
    # only bounds a failure, as helpers.until's does
    expect.set_options(timeout=30_000)

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
REQUIRE_BROWSER = os.environ.get("REQUIRE_BROWSER") == "1"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
# The phone page's first load: every file uncompressed (what the phone parses; the page
# applies patches since issue 11: 3.3 KB of delta.js), and what travels when the browser
# takes gzip as every browser does. Since issue 11 the page's modules come as one bundle
# (companion/bundle.py) holding the ones a tap loads later too (referee sheets, Feat
# dialogs, awake.js, the story), without comments: more to parse, less on the wire.
# Served one by one (?bundle=0, the fallback when the bundles are stale), the page has a
# budget of its own (UNBUNDLED_BUDGET): 160 KiB until the second person on one's own
# phone (then a table of the pages' own "you" sentences, 1.6 KB of
# source with its comments) took the heaviest page, Legends' referee phone, to 165.0 KB;
# 168 KiB since issue 27 (the one confirm dialog for every turn-ending move, the host's
# redo, each sentence's "you" declared beside it, the bar's held-press rule): that page
# is 168.9 KB served one by one. 176 KiB since issues 29 and 30 (the event on the phone,
# phone-event.js, who hunts whom, and their sentences in the page's catalog): 176.1 KB
# one by one. 177 KiB since issue 30's event moves on the phone (referee-phone.js fetches
# referee-offers.js when an offer comes; the phone's vibration switch): 176.4 KB one by one.
# 179 KiB and 66 KiB on the wire (its files gzipped one by one) since issue 31's cold open
# and the first tap (link.js runs what the first view does not need after it; a tap before
# the socket's first connect waits for it): 182.3 KB one by one, 66.2 KB on the wire.
# The bundled first load keeps its 200 / 64 KiB.
PHONE_BUDGET = 200 * 1024
PHONE_WIRE_BUDGET = 64 * 1024
UNBUNDLED_BUDGET = 179 * 1024
UNBUNDLED_WIRE_BUDGET = 66 * 1024


def missing(reason: str):
    """Skip (or fail, under REQUIRE_BROWSER=1) because the browser cannot run."""
    if REQUIRE_BROWSER:
        pytest.fail(f"{reason} (REQUIRE_BROWSER=1 makes this a failure)", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


# --- the live server (tests/helpers.py's LiveServer) -------------------------------------------

# every table of a test module comes from the one loopback address: lift the per-address
# allowance for new tables (20 an hour by default), which tests/test_server_expiry.py tests
PAGE_SERVER_ARGS = ("--quiet", "--tables-per-hour", "1000")


# --- the browser ----------------------------------------------------------------------------

class Watch:
    """Collects JavaScript errors of the pages it watches, so a test can assert none."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def page(self, ctx, label: str):
        page = ctx.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{label}: {e}"))
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"{label}: {m.text}"))
        return page


def shot(page, name: str, full_page: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def loopback_only(url: str) -> str:
    """Tests talk to this machine only: refuse to open a join URL that is not loopback."""
    host = urlsplit(url).hostname or ""
    try:
        ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        ok = False
    assert ok, f"the join URL {url!r} is not on loopback: the server bound 127.0.0.1 should show it"
    return url


def start_from_record(browser, watch, server, tmp_path, record: dict, name: str = "table"):
    """The host page of a table started from `record` on the start page."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(record, ensure_ascii=False))
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    host = watch.page(ctx, "host")
    host.goto(server + "/")
    host.get_by_label("Game record (.json)").set_input_files(str(path))
    host.get_by_role("button", name="Start from this record").click()
    expect(host.locator(".seat")).to_have_count(len(record["seats"]))
    return ctx, host


def seat_phone(browser, watch, pw, host, name: str, device: str = "Pixel 7", **extra):
    """A phone that takes `name`'s seat through the host's claim link."""
    claims = host.locator("#host-ref-claims")
    claims.get_by_role("button", name=f"Show the QR code for {name}'s seat").click()
    row = claims.locator("li", has=host.locator("img"))
    url = loopback_only(row.locator(".join-url").first.inner_text().strip())
    ctx = browser.new_context(**pw.devices[device], **extra)
    page = watch.page(ctx, name)
    page.goto(url)
    expect(page.locator("#game-view")).to_be_visible()
    return ctx, page


def create_table(browser, watch, base, mode_label: str | None = None, height: int = 860):
    """The host page of a new table made on the start page (`mode_label`: "Referee")."""
    host_ctx = browser.new_context(viewport={"width": 1366, "height": height})
    host = watch.page(host_ctx, "host")
    host.goto(base + "/")
    if mode_label:
        host.get_by_label(mode_label).check()
    else:
        shot(host, "start-page")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/host/\w+"))
    expect(host.locator("#join-url")).to_contain_text("/t/")
    return host_ctx, host


def join_by_request(host, names) -> tuple[str, str, dict]:
    """Seat `names` at the host page's table by POSTing to its join address (no phone
    page): (the join address on loopback, the table id, {name: seat token})."""
    join_url = loopback_only(host.locator("#join-url").inner_text().strip())
    tokens = {n: requests.post(join_url + "/join", json={"name": n}, timeout=5).json()["token"]
              for n in names}
    return join_url, join_url.rstrip("/").split("/")[-1], tokens


def join_phone(browser, watch, pw, device: str, url: str, name: str, **extra):
    ctx = browser.new_context(**pw.devices[device], **extra)
    # Record vibrations (headless Chromium has no motor to ask).
    ctx.add_init_script("navigator.vibrate = (p) => { window.__vibrated = p; return true; };")
    page = watch.page(ctx, name)
    page.goto(loopback_only(url))
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    expect(page.locator("#lobby-view")).to_be_visible()
    return ctx, page


UNNAMED = """() => [...document.querySelectorAll("button, input, select, a[href]")]
  .filter((el) => el.offsetParent !== null && el.type !== "hidden")
  .filter((el) => !((el.getAttribute("aria-label") || "").trim()
    || el.getAttribute("aria-labelledby") || (el.labels && el.labels.length)
    || el.textContent.trim()))
  .map((el) => el.outerHTML.slice(0, 80))"""

SMALL = """() => [...document.querySelectorAll("button, input, select, a.button")]
  .filter((el) => el.offsetParent !== null)
  .map((el) => [el.outerHTML.slice(0, 60), el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 48 || r.height < 48)
  .map(([html, r]) => `${html} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def deal_with_ann(browser, watch, pw, host):
    """Ann joins on a Pixel 7, Bob, Cid and Dee over HTTP, and the host deals."""
    join_url = host.locator("#join-url").inner_text().strip()
    ann_ctx, ann = join_phone(browser, watch, pw, "Pixel 7", join_url, "Ann")
    for other in ("Bob", "Cid", "Dee"):
        requests.post(join_url + "/join", data={"name": other}, timeout=5)
    expect(host.locator("#lobby-list li")).to_have_count(4)
    host.get_by_role("button", name="Deal roles").click()
    expect(ann.locator("#game-view")).to_be_visible()
    return ann_ctx, ann


def host_deals_referee_table(browser, watch, base: str):
    """A referee table of Ann, Bob, Cid and Dee (characters whose draw phase is the
    ordinary one) dealt from the host screen: (host context, host page, table id,
    {name: seat token}, the sheriff, the player after him)."""
    host_ctx, host = create_table(browser, watch, base, "Referee")
    names = ["Ann", "Bob", "Cid", "Dee"]
    _, table_id, tokens = join_by_request(host, names)
    expect(host.locator("#lobby-list li")).to_have_count(4)
    for n, c in zip(names, ["Bart Cassidy", "Willy the Kid", "Rose Doolan", "Vulture Sam"]):
        host.get_by_label(f"Character for {n}").select_option(c)
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)
    sheriff = host.locator(".seat", has=host.locator(".role-sheriff")).get_attribute("data-seat")
    return host_ctx, host, table_id, tokens, sheriff, names[(names.index(sheriff) + 1) % 4]


def draw_and_shoot(server: str, table_id: str, token: str, target: str) -> None:
    """The seat of `token` (whose turn it is, at a referee table) draws and plays a BANG!
    at `target`, from a Socket.IO client of its own (not from the page under test)."""
    import socketio
    shooter = socketio.SimpleClient()
    shooter.connect(server, auth={"table": table_id, "token": token}, transports=["websocket"])
    try:
        assert shooter.call("move", {"draw": {}}, timeout=5)["ok"]
        assert shooter.call("move", {"play": "BANG!", "target": target}, timeout=5)["ok"]
    finally:
        shooter.disconnect()


def unnamed_controls(page) -> list[str]:
    return page.evaluate(UNNAMED)


def small_targets(page) -> list[str]:
    return page.evaluate(SMALL)


def seat_tile(host, name: str):
    return host.locator(f'.seat[data-seat="{name}"]')


# --- page weight (no browser needed) ----------------------------------------------------------

_ASSET = re.compile(r'<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"', re.I)
# what a module imports at once (its first load): `import … from`, `export … from`, a bare
# `import "./x.js"`; not `import("./x.js")`, fetched when it runs (at a tap, at a table)
_IMPORT = re.compile(r'''(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']''',
                     re.M)


def fetch(url: str, wire: dict | None) -> requests.Response:
    """GET `url` as a browser would (gzip accepted); `wire[url]`: the bytes that came."""
    r = requests.get(url, timeout=5, headers={"Accept-Encoding": "gzip"})
    r.raise_for_status()
    if wire is not None:
        length = r.headers.get("Content-Length")
        wire[url] = int(length) if length else len(r.content)
    return r


def phone_first_load(base: str, table_id: str, wire: dict | None = None,
                     query: str = "") -> dict[str, int]:
    """Bytes of every file the phone page loads at first: the HTML, its stylesheets and
    scripts, and every JS module they import (followed recursively), uncompressed;
    `wire` gets what each one weighed on the wire. A bundle imports nothing."""
    sizes: dict[str, int] = {}
    page_url = f"{base}/p/{table_id}{query}"
    html = fetch(page_url, wire)
    sizes[page_url] = len(html.content)
    todo = [urljoin(page_url, u) for u in _ASSET.findall(html.text)
            if not u.endswith((".svg", ".ico", ".png"))]
    while todo:
        url = todo.pop()
        if url in sizes:
            continue
        assert urlsplit(url).netloc == urlsplit(base).netloc, f"a file from elsewhere: {url}"
        r = fetch(url, wire)
        sizes[url] = len(r.content)
        if url.endswith(".js") and "/vendor/" not in url and "/bundles/" not in url:
            for a, b in _IMPORT.findall(r.text):
                todo.append(urljoin(url, a or b))
    return sizes
