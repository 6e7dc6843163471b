"""How a page reaches the server: a WebSocket first (one connection, no polling before
it), and HTTP long-polling where the network lets no WebSocket through. Both on a
Pixel 7 in Chromium against the real server, through a whole join, deal and a change."""
from __future__ import annotations

import re

import pytest

from test_browser_companion import (  # noqa: F401  (fixtures)
    Watch, browser, create_table, expect, loopback_only, pw, server)

pytestmark = pytest.mark.browser

# A network that lets no WebSocket through: every WebSocket the page opens goes to a
# closed port and fails, as it does behind a proxy that refuses the upgrade.
BLOCK_WEBSOCKET = """(() => {
  const Real = window.WebSocket;
  window.__wsTried = 0;
  window.WebSocket = class extends Real {
    constructor(url, protocols) {
      window.__wsTried += 1;
      super(String(url).replace(/\\/\\/[^/]+\\//, "//127.0.0.1:9/"), protocols);
    }
  };
})();"""


def socket_requests(page) -> list[str]:
    """What the page opens to reach Socket.IO, in order: "websocket" or "polling"."""
    found: list[str] = []
    page.on("websocket", lambda ws: found.append("websocket"))
    page.on("request", lambda r: "/socket.io/" in r.url and "transport=polling" in r.url
            and found.append("polling"))
    return found


def play_a_change(browser, pw, server, block: bool):  # noqa: F811
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server)
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    if block:
        ctx.add_init_script(BLOCK_WEBSOCKET)
    page = watch.page(ctx, "Ann")
    seen = socket_requests(page)
    page.goto(loopback_only(host.locator("#join-url").inner_text().strip()))
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Take a seat").click()
    expect(page.locator("#lobby-view")).to_be_visible()
    expect(page.locator("#conn")).to_have_attribute("data-state", "online")
    join_url = host.locator("#join-url").inner_text().strip()
    import requests
    for other in ("Bob", "Cid", "Dee"):
        requests.post(join_url + "/join", data={"name": other}, timeout=5)
    expect(host.locator("#lobby-list li")).to_have_count(4)
    host.get_by_role("button", name="Deal roles").click()
    expect(page.locator("#game-view")).to_be_visible()
    before = page.locator("#life-value").inner_text()
    page.locator("#life-minus").click()
    expect(page.locator("#life-value")).not_to_have_text(before)
    expect(host.locator("#log")).to_contain_text("Ann")
    tried = page.evaluate("window.__wsTried || 0")
    ctx.close()
    host_ctx.close()
    # the browser reports each blocked WebSocket on the console: that one is expected
    errors = [e for e in watch.errors if not (block and "WebSocket connection to" in e)]
    assert not errors, errors
    return seen, tried


def test_a_websocket_first_and_no_polling(server, pw, browser):  # noqa: F811
    seen, _ = play_a_change(browser, pw, server, block=False)
    assert seen and seen[0] == "websocket", seen
    assert "polling" not in seen, seen


def test_polling_where_no_websocket_gets_through(server, pw, browser):  # noqa: F811
    seen, tried = play_a_change(browser, pw, server, block=True)
    assert tried >= 1                                 # it tried the WebSocket first
    assert "polling" in seen, seen
