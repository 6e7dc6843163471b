"""How a page reaches the server: a WebSocket first (one connection, no polling before
it), and HTTP long-polling where the network lets no WebSocket through. Both on a
Pixel 7 in Chromium against the real server, through a whole join, deal and a change."""
from __future__ import annotations

import re
import time

import pytest

from test_browser_companion import (  # noqa: F401  (fixtures)
    Watch, browser, create_table, expect, join_by_request, loopback_only, pw, server)

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


def dealt_seat(browser, watch, base: str) -> tuple:
    """A tracker table of Ann, Bob, Cid and Dee dealt from the host screen: (host
    context, Ann's seat address)."""
    host_ctx, host = create_table(browser, watch, base)
    _, table_id, tokens = join_by_request(host, ["Ann", "Bob", "Cid", "Dee"])
    expect(host.locator("#lobby-list li")).to_have_count(4)
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)
    return host_ctx, f"{base}/p/{table_id}#{tokens['Ann']}"


def test_one_socket_from_the_start_and_patches_from_the_first_change(server, pw, browser):  # noqa: F811
    """The seat's socket is opened once (phone-open.js, taken over by phone.js), and the
    first change after connecting arrives as a patch the page applies: it asks for no
    full snapshot (`resync`), as it did when it forgot the first snapshot on "connect"."""
    watch = Watch()
    host_ctx, seat = dealt_seat(browser, watch, server)
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    page = watch.page(ctx, "Ann")
    sockets, sent = [], []
    page.on("websocket", lambda ws: (sockets.append(ws.url),
                                     ws.on("framesent", lambda f: sent.append(str(f)))))
    page.goto(seat)
    expect(page.locator("#game-view")).to_be_visible()
    for _ in range(2):
        before = page.locator("#life-value").inner_text()
        page.locator("#life-minus").click()
        expect(page.locator("#life-value")).to_have_text(str(int(before) - 1))
    ctx.close()
    host_ctx.close()
    assert not watch.errors, watch.errors
    assert len(sockets) == 1, sockets
    assert sum('"move"' in f for f in sent) == 2, sent
    assert not [f for f in sent if '"resync"' in f], sent


@pytest.mark.parametrize("token_ok", [True, False])
def test_what_the_socket_gets_before_the_page_takes_it_is_kept(server, pw, browser, token_ok):  # noqa: F811
    """phone.js is held back (served one by one, its request answered only later): the
    socket phone-open.js opened gets its first snapshot (or the refusal of a bad token)
    meanwhile, and phone.js, once there, shows the seat from it (or says there is none)
    on that same socket."""
    watch = Watch()
    host_ctx, seat = dealt_seat(browser, watch, server)
    if not token_ok:
        seat = seat.split("#")[0] + "#not-a-token"
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    page = watch.page(ctx, "Ann")
    held = []
    page.route(re.compile(r"/js/phone\.js$"), lambda route: held.append(route))
    sockets, received = [], []
    page.on("websocket", lambda ws: (sockets.append(ws.url),
                                     ws.on("framereceived", lambda f: received.append(str(f)))))
    page.goto(seat.replace("#", "?bundle=0#"), wait_until="commit")
    first = '42["snapshot"' if token_ok else "44"     # an event, or CONNECT_ERROR
    deadline = time.monotonic() + 10
    while not any(f.startswith(first) for f in received):
        assert time.monotonic() < deadline, ("nothing came before phone.js", received)
        page.wait_for_timeout(50)
    assert held, "phone.js was not asked for"
    assert page.evaluate("typeof window.io") == "function"
    for route in held:
        route.continue_()
    if token_ok:
        expect(page.locator("#game-view")).to_be_visible()
        expect(page.locator("#char-name")).not_to_be_empty()
        expect(page.locator("#conn")).to_have_attribute("data-state", "online")
    else:
        expect(page.locator("#no-token")).to_be_visible()
    ctx.close()
    host_ctx.close()
    assert len(sockets) == 1, sockets
    errors = [e for e in watch.errors if token_ok or "not-a-token" not in e]
    assert not errors, errors
