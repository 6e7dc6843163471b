"""How a page reaches the server: a WebSocket first (one connection, no polling before
it), and HTTP long-polling where the network lets no WebSocket through. Both on a
Pixel 7 in Chromium against the real server, through a whole join, deal and a change."""
from __future__ import annotations

import re
import time

import pytest

from browsing import Watch, create_table, expect, join_by_request, loopback_only

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


@pytest.mark.long
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


def lose_a_life(page) -> None:
    """Tap − on the phone and see its life go down by one (the server took the move)."""
    before = page.locator("#life-value").inner_text()
    page.locator("#life-minus").click()
    expect(page.locator("#life-value")).to_have_text(str(int(before) - 1))


def test_one_socket_from_the_start_and_patches_from_the_first_change(server, pw, browser):  # noqa: F811
    """The seat's socket is opened once, and the first change after connecting arrives as a patch the page applies: it asks for no
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
    lose_a_life(page)
    lose_a_life(page)
    ctx.close()
    host_ctx.close()
    assert not watch.errors, watch.errors
    assert len(sockets) == 1, sockets
    assert sum('"move"' in f for f in sent) == 2, sent
    assert not [f for f in sent if '"resync"' in f], sent


def test_the_seat_shows_before_the_socket_library_loads(server, pw, browser):  # noqa: F811
    """The page's head asks for the seat's first view over HTTP (the token in a header,
    never in the URL) and the Socket.IO client loads after the page's own scripts: with
    the client held back, the seat is already on screen; once it is let through, the
    page connects on one socket."""
    watch = Watch()
    host_ctx, seat = dealt_seat(browser, watch, server)
    token = seat.split("#")[1]
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    page = watch.page(ctx, "Ann")
    held, asked = [], []
    page.route(re.compile(r"/vendor/socket\.io\.min\.js$"), lambda route: held.append(route))
    page.on("request", lambda r: "/seat" in r.url and asked.append((r.url, r.headers)))
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(seat, wait_until="commit")     # "load" waits for the client held back
    expect(page.locator("#game-view")).to_be_visible()
    expect(page.locator("#char-name")).not_to_be_empty()
    assert held and not sockets and page.evaluate("typeof window.io") == "undefined"
    expect(page.locator("#conn")).not_to_have_attribute("data-state", "online")
    for route in held:
        route.continue_()
    expect(page.locator("#conn")).to_have_attribute("data-state", "online")
    lose_a_life(page)
    ctx.close()
    host_ctx.close()
    assert not watch.errors, watch.errors
    assert len(sockets) == 1, sockets
    assert len(asked) == 1, asked
    url, headers = asked[0]
    assert token not in url and headers.get("x-seat-token") == token


# what happens first in the page: the seat on screen, the client library's <script>, the
# library itself (window.io), the socket's first frame in
ORDER = """(() => {
  window.__order = [];
  const note = (what) => { if (!window.__order.includes(what)) window.__order.push(what); };
  new MutationObserver(() => {
    const name = document.getElementById("char-name");
    if (name && name.textContent.trim()) note("seat");
    if (document.getElementById("socket-io")) note("script");
    if (typeof window.io === "function") note("io");
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();"""


@pytest.mark.parametrize("way", ["link", "stored"])
def test_the_socket_library_runs_after_the_seat_shows(server, pw, browser, way):  # noqa: F811
    """The Socket.IO client is fetched with the page's files (preloaded in the head) but
    run only once the seat shows from its first view, so that its start never holds the
    first view back: by the link (the token in the fragment) and by a phone that comes
    back (the token in its storage, the address without it). Then one socket."""
    watch = Watch()
    host_ctx, seat = dealt_seat(browser, watch, server)
    address, token = seat.split("#")
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    ctx.add_init_script(ORDER)
    page = watch.page(ctx, "Ann")
    if way == "stored":
        table = address.rsplit("/", 1)[1]
        page.goto(server + "/rules")
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"bang:{table}", token])
    fetched = []
    page.on("request", lambda r: r.url.endswith("/socket.io.min.js") and fetched.append(r))
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(seat if way == "link" else address)
    expect(page.locator("#char-name")).not_to_be_empty()
    expect(page.locator("#conn")).to_have_attribute("data-state", "online")
    order = page.evaluate("window.__order")
    assert order[:3] == ["seat", "script", "io"], order
    assert len(fetched) == 1 and fetched[0].resource_type == "script", fetched   # preloaded
    lose_a_life(page)
    ctx.close()
    host_ctx.close()
    assert not watch.errors, watch.errors
    assert len(sockets) == 1, sockets


def test_a_phone_without_a_socket_still_shows_its_seat(server, pw, browser):  # noqa: F811
    """No Socket.IO gets through at all (neither WebSocket nor polling): the seat shows
    from its first view, the page says it is not connected, and a tap says so too."""
    watch = Watch()
    host_ctx, seat = dealt_seat(browser, watch, server)
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    page = watch.page(ctx, "Ann")
    page.route(re.compile(r"/socket\.io/"), lambda route: route.abort())
    ctx.add_init_script(BLOCK_WEBSOCKET)
    page.goto(seat)
    expect(page.locator("#game-view")).to_be_visible()
    expect(page.locator("#char-name")).not_to_be_empty()
    expect(page.locator("#life-value")).not_to_have_text("–")
    page.locator("#life-minus").click()
    expect(page.locator("#banners")).to_contain_text("Not connected right now")
    assert page.locator("#conn").get_attribute("data-state") != "online"
    ctx.close()
    host_ctx.close()
    errors = [e for e in watch.errors if "WebSocket" not in e and "ERR_" not in e]
    assert not errors, errors
