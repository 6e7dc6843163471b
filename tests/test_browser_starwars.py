"""BANG! Star Wars in a real browser, as far as the engine's landing goes: the start page
offers it, a table is created and dealt, the host screen and a phone show the game without
a script error, and the host's chooser lists the ability cards. (The edition's own pages
are issue 8 §3.) Helpers and fixtures from test_browser_companion.py.
"""
from __future__ import annotations

import re

import pytest

from test_browser_companion import (  # noqa: F401  (fixtures)
    Watch, browser, deal_with_ann, pw, server, shot)

try:
    from playwright.sync_api import expect
except ImportError:
    expect = None


@pytest.mark.browser
def test_a_star_wars_table_is_created_and_dealt(server, pw, browser):
    watch = Watch()
    host_ctx = browser.new_context(viewport={"width": 1366, "height": 860})
    host = watch.page(host_ctx, "host")
    host.goto(server + "/")
    host.get_by_label(re.compile("BANG! Star Wars")).check()
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/host/\w+"))
    expect(host.locator("#join-url")).to_contain_text("/t/")
    ann_ctx, ann = deal_with_ann(browser, watch, pw, host)
    expect(host.locator(".seat")).to_have_count(4)
    expect(host.locator(".seat-char").first).to_have_text(
        re.compile("Fearless|Lucky|Resilient|Tempered|Thrifty|Inventive|Accurate"))
    vader = host.locator(".seat .seat-role")
    expect(vader).to_have_count(1)           # only Darth Vader's role is public
    expect(ann.locator("#game-view")).to_be_visible()
    shot(host, "starwars-host-dealt")
    shot(ann, "starwars-phone-dealt")
    words = ann.evaluate("JSON.parse(document.getElementById('ruleset-words').textContent)")
    assert words["life"] == "energy"
    assert watch.errors == []
    ann_ctx.close()
    host_ctx.close()
