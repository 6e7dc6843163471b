"""The pages in a real browser: Debian's Chromium driven by Playwright, against the real
server (`bang-companion serve`) started in a subprocess.

Skipped with a notice when Playwright or Chromium is missing, unless REQUIRE_BROWSER=1,
where a missing browser fails the run. Screenshots go to test-artifacts/ (gitignored).
The page-weight test needs no browser: it crawls the phone page's files over HTTP.
"""
from __future__ import annotations

import re
import tempfile
from urllib.parse import urljoin

import pytest
import requests

from browsing import (ARTIFACTS, PAGE_SERVER_ARGS, PHONE_BUDGET, PHONE_WIRE_BUDGET, ROOT,
                      UNBUNDLED_BUDGET, Watch, create_table, deal_with_ann,
                      draw_and_shoot, expect, host_deals_referee_table, join_phone,
                      loopback_only, phone_first_load, seat_tile, shot, small_targets,
                      unnamed_controls)
from helpers import LiveServer


# --- tests ----------------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.long
def test_two_phones_and_the_host_screen(server, pw, browser):
    """Create a table, join two phones through the QR's URL, deal, reveal a role by
    press-and-hold, change life and cards in play, and see it all on the host screen."""
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server)
    table_id = host.url.rstrip("/").split("/")[-1]

    # The URL under the QR code is the one the QR encodes.
    join_url = host.locator("#join-url").inner_text().strip()
    assert join_url.endswith(f"/t/{table_id}")
    from companion.qr import svg as qr_svg
    served = requests.get(urljoin(server, host.locator("#join-qr").get_attribute("src")), timeout=5)
    assert served.status_code == 200 and served.text == qr_svg(join_url)

    ann_ctx, ann = join_phone(browser, watch, pw, "Pixel 7", join_url, "Ann")
    bob_ctx, bob = join_phone(browser, watch, pw, "iPhone 13", join_url, "Bob",
                              color_scheme="dark")
    # The token left the address bar and sits in localStorage (once the seat shows).
    expect(ann).to_have_url(re.compile(r"^[^#]*$"))
    ann.wait_for_function(f"!!localStorage.getItem('bang:{table_id}')")
    for other in ("Cid", "Dee"):   # two more seats joined without a browser: 4 players
        r = requests.post(loopback_only(join_url) + "/join", data={"name": other},
                          allow_redirects=False, timeout=5)
        assert r.status_code in (302, 303)
    expect(host.locator("#lobby-list li")).to_have_count(4)
    expect(ann.locator("#lobby-list li")).to_have_count(4)
    shot(ann, "phone-lobby")

    # Seat order: move Dee (4th) up one place; pick a character for Bob's seat.
    host.get_by_role("button", name="Move Dee up").click()
    expect(host.locator("#lobby-list li").nth(2)).to_contain_text("Dee")
    host.get_by_label("Character for Bob").select_option("Paul Regret")
    shot(host, "host-lobby")
    host.get_by_role("button", name="Deal roles").click()

    expect(ann.locator("#game-view")).to_be_visible()
    expect(bob.locator("#game-view")).to_be_visible()
    expect(bob.locator("#char-name")).to_have_text("Paul Regret")
    expect(host.locator(".seat")).to_have_count(4)
    names = host.locator(".seat .seat-name").all_inner_texts()
    assert names == ["Ann", "Bob", "Dee", "Cid"]

    # The role card: hidden, shown while held, hidden again on release.
    face = ann.locator("#role-hold .role-face")
    expect(face).to_be_hidden()
    ann.locator("#role-hold").hover()
    ann.mouse.down()
    expect(face).to_be_visible()
    role = ann.locator("#role-name").inner_text()
    assert re.search(r"Sheriff|Deputy|Outlaw|Renegade", role, re.I), role
    assert ann.locator("#role-goal").inner_text().strip()
    shot(ann, "phone-role-revealed")
    ann.mouse.up()
    expect(face).to_be_hidden()

    # Life: one down on Ann's phone, seen on the host screen.
    life = int(ann.locator("#life-value").inner_text())
    top = int(ann.locator("#life-max").inner_text())
    ann.get_by_role("button", name="Lose 1 life").click()
    expect(seat_tile(host, "Ann").locator(".life-num")).to_have_text(f" {life - 1}/{top}")
    expect(ann.locator("#life-value")).to_have_text(str(life - 1))
    # The host takes it back; the phone follows.
    host.get_by_role("button", name="Undo last move").click()
    host.locator("#confirm-dialog").get_by_role("button", name="Undo").click()     # it asks
    expect(seat_tile(host, "Ann").locator(".life-num")).to_have_text(f" {life}/{top}")
    expect(ann.locator("#life-value")).to_have_text(str(life))
    expect(host.locator("#log")).to_contain_text("took back")

    # A Mustang in front of Ann: Bob sees her one farther, and the host shows the card.
    bob.get_by_text("Who can I reach?").click()          # the distances are folded at first
    before = bob.locator("#reach-list li", has_text="Ann").locator(".dist").inner_text()
    ann.get_by_role("button", name="Mustang").click()
    expect(ann.get_by_role("button", name="Mustang")).to_have_attribute("aria-pressed", "true")
    expect(seat_tile(host, "Ann")).to_contain_text("Mustang")
    row = bob.locator("#reach-list li", has_text="Ann")
    expect(row.locator(".dist")).to_have_text(str(int(before) + 1))
    expect(row.locator(".why")).to_contain_text("Mustang +1")
    # A weapon replaces the Colt .45 in Bob's "who can reach me".
    ann.get_by_role("button", name="Winchester").click()
    expect(seat_tile(host, "Ann")).to_contain_text("Winchester (5)")
    # (the row whose name is Ann: "cannot reach you" holds "ann" too)
    expect(bob.locator("#reached-by li", has=bob.locator(".who", has_text=re.compile(r"^Ann"))))\
        .to_contain_text("can BANG! you")

    # The turn: the host gives it to Ann; her phone says so (and vibrates where it can),
    # and "End my turn" passes it on.
    if host.locator(".seat.turn").get_attribute("data-seat") != "Ann":
        seat_tile(host, "Ann").click()
        host.get_by_role("button", name="Give the turn to Ann").click()
        host.locator("#confirm-dialog").get_by_role("button", name="Give the turn").click()
    expect(ann.locator("#turn-text")).to_have_text("Your turn!")
    assert ann.evaluate("window.__vibrated") is not None
    shot(ann, "phone-your-turn")
    ann.get_by_role("button", name="End my turn").click()
    # ending a turn asks first, in the one confirmation dialog (issue 27 item 2)
    ann.locator("#confirm-dialog").get_by_role("button", name="Yes, end my turn").click()
    expect(ann.locator("#turn-text")).to_have_text("Bob's turn")
    expect(bob.locator("#turn-text")).to_have_text("Your turn!")
    expect(ann.get_by_role("button", name="End my turn")).to_be_hidden()

    # Every control has a name, and phone targets are at least 48 px.
    for page in (host, ann, bob):
        assert not unnamed_controls(page), unnamed_controls(page)
    assert not small_targets(ann), small_targets(ann)

    shot(host, "host-table")
    shot(ann, "phone-game-light", full_page=True)
    shot(bob, "phone-game-dark", full_page=True)

    # A reload rejoins the same seat from localStorage.
    ann.reload()
    expect(ann.locator("#game-view")).to_be_visible()
    expect(ann.get_by_role("button", name="Mustang")).to_have_attribute("aria-pressed", "true")

    # A token the server does not know: the page says how to join instead.
    stranger_ctx = browser.new_context(**pw.devices["Pixel 7"])
    stranger = watch.page(stranger_ctx, "stranger")
    stranger.goto(f"{server}/p/{table_id}#not-a-real-token")
    expect(stranger.locator("#no-token")).to_be_visible()
    expect(stranger).to_have_url(re.compile(r"^[^#]*$"))
    assert stranger.evaluate(f"localStorage.getItem('bang:{table_id}')") is None
    stranger_ctx.close()

    # the stranger's first view is refused (403, routes.first_view): the browser says so
    # on the console, and the page leaves it to the socket to tell why
    refused = "stranger: Failed to load resource: the server responded with a status of 403"
    assert [e for e in watch.errors if e.startswith(refused)] != []
    assert not [e for e in watch.errors if not e.startswith(refused)], watch.errors
    for ctx in (host_ctx, ann_ctx, bob_ctx):
        ctx.close()


@pytest.mark.browser
def test_elimination_reseat_and_new_game(server, pw, browser):
    """Down to 0 life with a confirmation (the role becomes public), a seat moved to a new
    phone (the old one is locked out), then the host ends the game and deals a new one."""
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server)
    ann_ctx, ann = deal_with_ann(browser, watch, pw, host)

    # Whoever is not the sheriff among Ann and Bob goes out, so the game goes on.
    sheriff = host.locator(".seat", has=host.locator(".role-sheriff")).get_attribute("data-seat")
    if sheriff == "Ann":
        victim = None
    else:
        victim = ann
        life = int(ann.locator("#life-value").inner_text())
        for _ in range(life - 1):
            current = int(ann.locator("#life-value").inner_text())
            ann.get_by_role("button", name="Lose 1 life").click()
            expect(ann.locator("#life-value")).to_have_text(str(current - 1))
        expect(seat_tile(host, "Ann").locator(".life-num")).to_contain_text(" 1/")
        ann.get_by_role("button", name="Lose 1 life").click()
        dialog = ann.locator("#confirm-dialog")        # the one confirm dialog
        expect(dialog).to_be_visible()
        ann.get_by_role("button", name="Yes, I'm out").click()
        expect(ann.locator("#outcome")).to_contain_text("You are out")
        expect(seat_tile(host, "Ann").locator(".seat-role")).to_be_visible()
        expect(seat_tile(host, "Ann")).to_contain_text("out of the game")
        shot(ann, "phone-eliminated")
    assert victim is None or victim is ann

    # Move Ann's seat to a new phone from the host screen: the old phone is locked out.
    seat_tile(host, "Ann").click()
    host.get_by_role("button", name="Move to a new phone").click()
    claim = host.locator("#sd-claim-url")
    expect(claim).to_contain_text("/claim/")
    expect(host.locator("#sd-claim-qr")).to_be_visible()
    shot(host, "host-reseat")
    new_ctx = browser.new_context(**pw.devices["Pixel 7"])
    new_phone = watch.page(new_ctx, "Ann-new")
    new_phone.goto(loopback_only(claim.inner_text().strip()))
    expect(new_phone.locator("#game-view")).to_be_visible()
    expect(new_phone.locator("#reach-list")).not_to_contain_text("Ann")
    expect(ann.locator("#revoked")).to_be_visible()
    expect(ann.locator("#game-view")).to_be_hidden()
    shot(ann, "phone-revoked")
    host.get_by_role("button", name="Done").click()
    ann = new_phone

    # Correct a count from the host screen.
    seat_tile(host, "Cid").click()
    hand = int(host.locator("#sd-hand").inner_text())
    host.get_by_role("button", name="One card more").click()
    expect(host.locator("#sd-hand")).to_have_text(str(hand + 1))
    # A correction the rules refuse (life above the character's maximum): the refusal
    # shows in a banner, with its rule, and nothing changes.
    life_text = host.locator("#sd-life").inner_text()
    assert life_text.split(" / ")[0] == life_text.split(" / ")[1], life_text
    host.get_by_role("button", name="One life more").click()
    banner = host.locator(".banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Rule:")
    expect(host.locator("#sd-life")).to_have_text(life_text)
    shot(host, "host-refusal")
    host.get_by_role("button", name="Done").click()
    # tracker mode: nobody reports hands, so a seat shows no count (issue 9 §3), only its
    # end-of-turn limit; the host's dialog keeps the corrected count
    expect(seat_tile(host, "Cid")).not_to_contain_text("in hand")
    expect(seat_tile(host, "Cid")).to_contain_text("keeps")

    # The host gives the turn to a player whose turn it is not.
    playing = host.locator(".seat.turn").get_attribute("data-seat")
    nxt = "Dee" if playing != "Dee" else "Bob"
    seat_tile(host, nxt).click()
    host.get_by_role("button", name=f"Give the turn to {nxt}").click()
    host.locator("#confirm-dialog").get_by_role("button", name="Give the turn").click()
    expect(seat_tile(host, nxt)).to_have_class(re.compile(r"\bturn\b"))
    expect(host.locator("#turn-line")).to_have_text(f"{nxt}'s turn")

    # End the game: every role is shown.
    host.get_by_role("button", name="End the game").click()
    host.locator("#confirm-dialog").get_by_role("button", name="End the game").click()
    expect(host.locator(".seat .seat-role")).to_have_count(4)
    expect(ann.locator("#outcome")).to_be_visible()
    # the phone says once that the game is over: the outcome card's big word, not the
    # turn line above it as well (the Hungarian/Russian walk of issue 27 read it twice)
    expect(ann.locator("#outcome .big-word")).to_have_text("Game over")
    expect(ann.locator("#turn-text")).to_have_text("")
    shot(host, "host-over")

    # New game, same seats, characters kept (those of the players still alive: the server
    # deals a new one to an eliminated player).
    chars = host.locator(".seat:not(.out) .seat-char").all_inner_texts()
    alive = host.locator(".seat:not(.out)").evaluate_all("els => els.map(e => e.dataset.seat)")
    host.get_by_role("button", name="New game").click()
    host.get_by_role("button", name="Deal again").click()
    expect(host.locator("#turn-line")).not_to_have_text("Game over")
    expect(host.locator(".seat")).to_have_count(4)
    assert [seat_tile(host, n).locator(".seat-char").inner_text() for n in alive] == chars
    expect(ann.locator("#outcome")).to_be_hidden()

    assert not [e for e in watch.errors if "revoked" not in e], watch.errors
    for ctx in (host_ctx, ann_ctx, new_ctx):
        ctx.close()


@pytest.mark.browser
def test_screen_stays_awake_without_the_wake_lock_api(server, pw, browser):
    """Plain http on a LAN has no Wake Lock API: the first tap starts the muted looping
    video instead (and the page says the screen stays on)."""
    r = requests.post(server + "/tables", data={"ruleset": "base", "mode": "tracker"},
                      allow_redirects=False, timeout=5)
    table_id = r.headers["Location"].rstrip("/").split("/")[-1]
    joined = requests.post(f"{server}/t/{table_id}/join", data={"name": "Ann"},
                           allow_redirects=False, timeout=5)
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    ctx.add_init_script("delete Navigator.prototype.wakeLock;")
    watch = Watch()
    page = watch.page(ctx, "Ann")
    page.goto(urljoin(server, joined.headers["Location"]))
    expect(page.locator("#lobby-view")).to_be_visible()
    expect(page.locator("#awake")).to_be_hidden()
    page.locator("#lobby-view h1").click()
    expect(page.locator("#awake")).to_be_visible()
    video = page.locator("video.keep-awake-video")
    assert video.evaluate("v => v.muted && v.loop && !v.paused && v.hasAttribute('playsinline')")
    assert not watch.errors, watch.errors
    ctx.close()


@pytest.mark.browser
def test_phone_reconnects_after_a_server_restart(pw, browser):
    """The server goes away and comes back (same data): the phone says it is reconnecting,
    then rejoins by itself and shows the game from the fresh snapshot."""
    with tempfile.TemporaryDirectory(prefix="bang-restart-") as tmp:
        live = LiveServer(tmp, PAGE_SERVER_ARGS).start()
        try:
            watch = Watch()
            host_ctx, host = create_table(browser, watch, live.url)
            ann_ctx, ann = deal_with_ann(browser, watch, pw, host)
            ann.get_by_role("button", name="Barrel").click()
            expect(seat_tile(host, "Ann")).to_contain_text("Barrel")
            character = ann.locator("#char-name").inner_text()

            live.stop()
            expect(ann.locator("#conn")).to_have_attribute("data-state", "offline")
            expect(ann.locator(".banner")).to_contain_text("Reconnecting")
            shot(ann, "phone-reconnecting")
            live.start()
            expect(ann.locator("#conn")).to_have_attribute("data-state", "online")
            expect(ann.locator("#char-name")).to_have_text(character)
            expect(ann.get_by_role("button", name="Barrel")).to_have_attribute("aria-pressed", "true")
            expect(seat_tile(host, "Ann")).to_contain_text("Barrel")
            host_ctx.close()
            ann_ctx.close()
            # Failed reconnection attempts while the server was down are logged by the
            # browser itself; the pages' own code must not have thrown.
            assert not [e for e in watch.errors if "WebSocket" not in e and "ERR_" not in e], watch.errors
        finally:
            live.stop()


@pytest.mark.browser
def test_referee_mode_question_and_answer(server, pw, browser):
    """Referee mode: a BANG! reported by the shooter puts a question on the target's phone
    (and in large letters on the host screen); the target answers from the phone."""
    watch = Watch()
    host_ctx, host, table_id, tokens, sheriff, target = host_deals_referee_table(
        browser, watch, server)

    ctx = browser.new_context(**pw.devices["Pixel 7"])
    phone = watch.page(ctx, target)
    phone.goto(f"{server}/p/{table_id}#{tokens[target]}")
    expect(phone.locator("#game-view")).to_be_visible()
    # Referee mode: life and cards change only through reported cards.
    expect(phone.get_by_role("button", name="Lose 1 life")).to_be_hidden()
    expect(phone.locator("#inplay-box")).not_to_have_attribute("open", "")   # folded here
    phone.get_by_text("In front of me").click()
    expect(phone.get_by_role("button", name="Barrel")).to_be_disabled()
    life = int(phone.locator("#life-value").inner_text())

    draw_and_shoot(server, table_id, tokens[sheriff], target)

    question = phone.locator("#my-question")
    expect(question).to_contain_text(f"You must answer BANG! from {sheriff}")
    expect(host.locator("#pending")).to_contain_text(f"{target} must answer BANG! from {sheriff}")
    shot(phone, "phone-referee-question")
    shot(host, "host-referee-pending")
    phone.get_by_role("button", name="Take the hit").click()
    expect(question).to_be_hidden()
    expect(phone.locator("#life-value")).to_have_text(str(life - 1))
    expect(host.locator("#pending li")).to_have_count(0)
    assert not watch.errors, watch.errors
    host_ctx.close()
    ctx.close()


JUNK_PHONE = """async () => {
  const reach = await import("/static/js/phone-reach.js");
  const role = await import("/static/js/phone-role.js");
  const life = await import("/static/js/phone-life.js");
  const inplay = await import("/static/js/phone-inplay.js");
  const answer = await import("/static/js/phone-answer.js");
  for (const me of [null, {}, {distances: null}, {distances: {others: [{}], reached_by: [null]}},
                    {distances: {weapon: {}, others: [{name: "X", breakdown: [{}, {delta: -1}]}]}}]) {
    reach.renderReach(me);
    role.renderRole(me);
  }
  for (const seat of [null, {}, {life: "x"}, {life: 2, max_life: null, hand_limit: null}]) {
    life.drawLife(seat);
    inplay.renderInPlay(seat);
  }
  inplay.renderInPlay({in_play: [null, {}, "Barrel", {name: "Volcanic"}]});
  answer.renderQuestion(document.getElementById("my-question"), [{}, {kind: "duel"}],
                        {referee: true, send: () => {}});
  return true;
}"""

JUNK_HOST = """async () => {
  const board = await import("/static/js/host-board.js");
  const lobby = await import("/static/js/host-lobby.js");
  for (const snap of [null, {}, {view: {}}, {view: {seats: [{}, null, {name: "X", in_play: [{}]}],
      pending: [{}, null], winner: {}}, table: {roles: [null, {}], seats_connected: null}}]) {
    board.renderBoard(snap, () => {});
    lobby.renderLobby(snap, {move() {}, kick() {}});
  }
  lobby.renderLobby({table: {lobby: [{}, {id: "a", name: "A"}]}}, {move() {}, kick() {}});
  return true;
}"""


@pytest.mark.browser
def test_pages_survive_missing_fields(server, pw, browser):
    """The renderers get snapshots with fields missing, null or of the wrong type: they
    draw what they can and never throw."""
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server)
    table_id = host.url.rstrip("/").split("/")[-1]
    assert host.evaluate(JUNK_HOST) is True
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    phone = watch.page(ctx, "phone")
    phone.goto(f"{server}/p/{table_id}")
    expect(phone.locator("#no-token")).to_be_visible()
    assert phone.evaluate(JUNK_PHONE) is True
    assert not watch.errors, watch.errors
    host_ctx.close()
    ctx.close()


# --- page weight (no browser needed) ----------------------------------------------------------

@pytest.mark.slow
def test_phone_page_first_load_is_small(server):
    r = requests.post(server + "/tables", data={"ruleset": "base", "mode": "tracker"},
                      allow_redirects=False, timeout=5)
    table_id = r.headers["Location"].rstrip("/").split("/")[-1]
    wire: dict[str, int] = {}
    sizes = phone_first_load(server, table_id, wire)
    total = sum(sizes.values())
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "phone-weight.txt").write_text(
        "".join(f"{n:8d} {wire[u]:8d}  {u}\n" for u, n in sorted(sizes.items()))
        + f"{total:8d} {sum(wire.values()):8d}  total (uncompressed, on the wire)\n")
    assert any(u.endswith("socket.io.min.js") for u in sizes)
    modules = [u for u in sizes if u.endswith(".js") and "/vendor/" not in u
               and "/i18n/" not in u]                # the words' catalog: data, not code
    assert len(modules) == 1 and "/bundles/" in modules[0], modules  # one file for all
    assert modules[0].endswith("/bundles/language+phone.js"), modules
    assert total <= PHONE_BUDGET, f"phone page first load {total} B > {PHONE_BUDGET} B"
    assert sum(wire.values()) <= PHONE_WIRE_BUDGET, f"{sum(wire.values())} B on the wire"
    # served one by one, for debugging: the modules it imports, within the old budget
    one_by_one = phone_first_load(server, table_id, query="?bundle=0")
    assert sum(one_by_one.values()) <= UNBUNDLED_BUDGET, sum(one_by_one.values())
    assert len([u for u in one_by_one if u.endswith(".js")]) > 10
    assert not any("/bundles/" in u for u in one_by_one)


def test_no_page_loads_anything_from_elsewhere():
    """Nothing from a CDN: every src/href in templates and static files is local."""
    pattern = re.compile(r'''(?:src|href)\s*=\s*["'](?:https?:)?//''', re.I)
    files = list((ROOT / "templates").glob("*.html")) + list((ROOT / "static").rglob("*.js"))
    offenders = [str(f) for f in files if "/vendor/" not in str(f) and pattern.search(f.read_text())]
    assert not offenders, offenders
