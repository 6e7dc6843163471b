"""Referee mode in a real browser: a 4-player game from the deal to a win, played by taps
on four phone pages (and the host screen for the deal and corrections), with a
screenshot of a phone at each kind of question in test-artifacts/referee-*.png.

The server and Chromium are started by the fixtures of conftest.py (skipped without a
browser unless REQUIRE_BROWSER=1).
"""
from __future__ import annotations

import re
import time

import pytest
import requests

from browsing import (ARTIFACTS, PHONE_BUDGET, UNBUNDLED_BUDGET, Watch, create_table,
                      loopback_only, seat_tile, shot, small_targets, start_from_record,
                      unnamed_controls)
from helpers import a_record

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

NAMES = ["Ann", "Bob", "Cid", "Dan"]
CHARACTERS = {"Ann": "Willy the Kid", "Bob": "Jourdonnais", "Cid": "Jesse Jones",
              "Dan": "Rose Doolan"}
SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


# --- taps ---------------------------------------------------------------------------------

def play(phone, card: str, target: str | None = None, taken: str | None = None) -> None:
    """Report a card through "Play a card": the card, then its target (and card taken)."""
    phone.get_by_role("button", name="Play a card").click()
    sheet = phone.locator("#ref-dialog")
    expect(sheet).to_be_visible()
    sheet.get_by_role("button", name=re.compile("^" + re.escape(card))).first.click()
    if target:
        sheet.get_by_role("button", name=target, exact=True).click()
        if taken:
            sheet.get_by_role("button", name=re.compile("^" + re.escape(taken))).click()
    else:
        sheet.get_by_role("button", name=f"Play {card}").click()
    expect(sheet).to_be_hidden()


def answer(phone, label: str) -> None:
    phone.locator("#my-question").get_by_role("button", name=label).click()


def enter_card(phone, card: str, keep: str | None = None) -> None:
    """Tap rank and suit of a revealed card in the picker, then confirm (the suit alone
    where only the suit counts: the picker then has no ranks)."""
    picker = phone.locator("#card-dialog")
    expect(picker).to_be_visible()
    rank, suit = card[:-1], card[-1]
    ranks = picker.get_by_role("group", name="Rank").count()
    if ranks:
        picker.get_by_role("button", name=f"Rank {rank}", exact=True).click()
    picker.get_by_role("button", name=f"Suit {SUIT_NAMES[suit]} {suit}").click()
    picker.get_by_role("button", name=f"Enter {card if ranks else suit}").click()
    expect(picker).to_be_hidden()


def host_life(host, name: str, life: int) -> None:
    """The host lowers a player's life through the seat dialog."""
    seat_tile(host, name).click()
    dialog = host.locator("#seat-dialog")
    while int(dialog.locator("#sd-life").inner_text().split(" / ")[0]) > life:
        now = dialog.locator("#sd-life").inner_text()
        dialog.get_by_role("button", name="One life less").click()
        expect(dialog.locator("#sd-life")).not_to_have_text(now)
    dialog.get_by_role("button", name="Done").click()


def host_hand(host, name: str, more: int) -> None:
    seat_tile(host, name).click()
    dialog = host.locator("#seat-dialog")
    for _ in range(more):
        now = dialog.locator("#sd-hand").inner_text()
        dialog.get_by_role("button", name="One card more").click()
        expect(dialog.locator("#sd-hand")).not_to_have_text(now)
    dialog.get_by_role("button", name="Done").click()


def turn_is(host, name: str) -> None:
    expect(host.locator("#turn-line")).to_have_text(f"{name}'s turn")


def draw(phone, character: str, others: list[str]) -> None:
    if character == "Jesse Jones":
        phone.get_by_role("button", name=f"First card from {others[0]}'s hand").click()
    else:
        phone.get_by_role("button", name="Draw 2 from the deck").click()
    expect(phone.get_by_role("button", name="Play a card")).to_be_visible()


def end_turn(phone) -> None:
    """End my turn: the phone asks first (over the hand limit: how many cards go)."""
    ask = re.search(r"discard \d+ card", phone.locator("#ref-turn").inner_text())
    phone.get_by_role("button", name="End my turn").click()
    dialog = phone.locator("#confirm-dialog")
    if ask:
        expect(dialog).to_contain_text("go to the discard pile")
        dialog.get_by_role("button", name=re.compile(r"^Discard \d+ and end my turn")).click()
    else:
        dialog.get_by_role("button", name="Yes, end my turn").click()


# --- the game -------------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.long
def test_a_referee_game_from_the_deal_to_a_win(server, pw, browser):
    started = time.monotonic()
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server, "Referee", height=900)
    join_url = loopback_only(host.locator("#join-url").inner_text().strip())

    phones, contexts = {}, [host_ctx]
    for name in NAMES:   # Dan's phone is an iPhone in dark mode
        ctx = (browser.new_context(**pw.devices["iPhone 13"], color_scheme="dark") if name == "Dan"
               else browser.new_context(**pw.devices["Pixel 7"]))
        contexts.append(ctx)
        page = watch.page(ctx, name)
        page.goto(join_url)
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Take a seat").click()
        expect(page.locator("#lobby-view")).to_be_visible()
        phones[name] = page
    expect(host.locator("#lobby-list li")).to_have_count(4)
    for name, character in CHARACTERS.items():
        host.get_by_label(f"Character for {name}").select_option(character)
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)
    for page in phones.values():
        expect(page.locator("#game-view")).to_be_visible()

    sheriff = host.locator(".seat", has=host.locator(".role-sheriff")).get_attribute("data-seat")
    k = NAMES.index(sheriff)
    order = [NAMES[(k + i) % 4] for i in range(4)]          # clockwise from the sheriff
    s, p1, p2, p3 = order
    S, P1, P2, P3 = (phones[n] for n in order)
    chars = CHARACTERS
    jesse = next(n for n in NAMES if chars[n] == "Jesse Jones")
    jailed = p2 if p2 != jesse else p3                     # Jesse Jones must get a turn

    # --- the sheriff's turn: draw, then a card of every kind ------------------------------
    turn_is(host, s)
    expect(S.locator("#ref-turn")).to_contain_text("Draw your cards")
    shot(S, "referee-phone-draw" if chars[s] != "Jesse Jones" else "referee-phone-draw-jesse")
    draw(S, chars[s], [p1, p2, p3])
    host_hand(host, s, 3)       # enough cards for everything below
    host_life(host, p3, 1)      # so that the Gatling is lethal for P3

    # The card picker, and a refused target: P2 is out of reach of a Colt .45.
    S.get_by_role("button", name="Play a card").click()
    sheet = S.locator("#ref-dialog")
    expect(sheet.locator(".card-group")).to_have_count(4)
    shot(S, "referee-phone-play-card")
    assert not small_targets(S), small_targets(S)
    assert not unnamed_controls(S), unnamed_controls(S)
    sheet.get_by_label("Find a card").fill("ban")
    expect(sheet.locator(".card-btn")).to_have_count(1 if chars[s] != "Calamity Janet" else 2)
    sheet.get_by_role("button", name="BANG!", exact=True).click()
    if chars[s] != "Rose Doolan":    # she sees everyone at 1 at a table of four
        expect(sheet.get_by_role("button", name=p2, exact=True)).to_be_disabled()
        expect(sheet).to_contain_text("reaches 1")
        expect(sheet.locator("a.rule-link").first).to_have_attribute("href", "/rules#reach")
    shot(S, "referee-phone-targets-greyed")
    # A play the rules refuse: Missed! on its own. The sentence and rule, nothing changes.
    sheet.get_by_role("button", name="← Other card").click()
    sheet.get_by_role("button", name=re.compile(r"^Missed!")).click()    # and why not, if shown
    expect(sheet.locator(".ruling.no")).to_be_visible()
    expect(sheet.get_by_role("button", name="Play Missed!")).to_be_disabled()
    shot(S, "referee-phone-refused-play")
    sheet.get_by_role("button", name="Close").click()

    # Gatling: every other phone at once, each answering on its own.
    play(S, "Gatling")
    for page in (P1, P2, P3):
        expect(page.locator("#my-question")).to_contain_text("Gatling")
    expect(S.locator("#ref-wait")).to_contain_text("Waiting for the answer to your card")
    # one line for the whole Gatling: "Cid, Dan and Ann each must answer Gatling from Bob"
    expect(host.locator("#host-ref-wait")).to_contain_text("each must answer Gatling")
    expect(host.locator("#host-ref-wait")).to_contain_text(p1)
    shot(P1, "referee-phone-gatling")
    assert not small_targets(P1) and not unnamed_controls(P1), small_targets(P1)
    shot(phones["Dan"], "referee-phone-dark")
    shot(S, "referee-phone-waiting")
    shot(host, "referee-host-waiting")
    answer(P1, "Missed!")
    answer(P2, "Take the hit")
    answer(P3, "Take the hit")
    expect(P3.locator("#my-question")).to_contain_text("dying")
    shot(P3, "referee-phone-dying")
    answer(P3, "Beer")
    expect(P3.locator("#my-question")).to_be_hidden()
    expect(host.locator("#pending li")).to_have_count(0)

    # Indians!: a BANG! or a life point, each for himself.
    play(S, "Indians!")
    expect(P1.locator("#my-question")).to_contain_text("Indians!")
    shot(P1, "referee-phone-indians")
    answer(P1, "Discard a BANG!")
    answer(P2, "Lose 1 life")
    answer(P3, "Discard a BANG!")
    expect(host.locator("#pending li")).to_have_count(0)

    # Duel: back and forth until someone gives up.
    play(S, "Duel", p2)
    expect(P2.locator("#my-question")).to_contain_text("Duel")
    shot(P2, "referee-phone-duel")
    answer(P2, "Discard a BANG!")
    expect(S.locator("#my-question")).to_contain_text("Duel")
    answer(S, "Discard a BANG!")
    answer(P2, "Give up: lose 1 life")
    expect(host.locator("#pending li")).to_have_count(0)

    # A weapon (reach 3), then BANG! on Jourdonnais if he sits elsewhere, else on P1.
    play(S, "Remington")
    expect(seat_tile(host, s)).to_contain_text("Remington (3)")
    bang_target = next((n for n in (p1, p2, p3) if chars[n] == "Jourdonnais"), p1)
    T = phones[bang_target]
    play(S, "BANG!", bang_target)
    expect(T.locator("#my-question")).to_contain_text(f"BANG! from {s}")
    shot(T, "referee-phone-bang")
    if chars[bang_target] == "Jourdonnais":
        answer(T, "Jourdonnais (draw!)")
        shot(T, "referee-phone-card-picker")
        assert not small_targets(T), small_targets(T)
        enter_card(T, "K♥")
    else:
        answer(T, "Missed!")
    expect(T.locator("#my-question")).to_be_hidden()

    # Dynamite in front of the sheriff, Jail for another player (never the sheriff).
    play(S, "Dynamite")
    play(S, "Jail", jailed)
    expect(seat_tile(host, jailed)).to_contain_text("Jail")
    shot(S, "referee-phone-end-of-turn")
    end_turn(S)

    # --- the others' turns: a Jail draw!, Jesse Jones's choice ----------------------------
    for name in (p1, p2, p3):
        page = phones[name]
        turn_is(host, name)
        if name == jailed:
            expect(page.locator("#ref-turn")).to_contain_text("Draw! for the Jail")
            page.get_by_role("button", name="Enter the card").click()
            shot(page, "referee-phone-jail-check")
            assert not small_targets(page), small_targets(page)
            enter_card(page, "5♠")          # not a heart: the turn is skipped
            continue
        others = [n for n in order if n != name]
        if chars[name] == "Jesse Jones":
            shot(page, "referee-phone-draw-jesse")
        draw(page, chars[name], others)
        end_turn(page)

    # --- the sheriff again: the Dynamite's draw! ------------------------------------------
    turn_is(host, s)
    expect(S.locator("#ref-turn")).to_contain_text("Draw! for the Dynamite")
    S.get_by_role("button", name="Enter the card").click()
    shot(S, "referee-phone-dynamite-check")
    enter_card(S, "K♥")                     # passes to the next player
    expect(seat_tile(host, p1)).to_contain_text("Dynamite")
    draw(S, chars[s], [p1, p2, p3])
    end_turn(S)

    # --- P1 brings the sheriff down: the Outlaws win ---------------------------------------
    turn_is(host, p1)
    P1.get_by_role("button", name="Enter the card").click()
    enter_card(P1, "K♥")
    draw(P1, chars[p1], [p2, p3, s])
    host_life(host, s, 1)
    play(P1, "BANG!", s)
    expect(S.locator("#my-question")).to_contain_text(f"BANG! from {p1}")
    if chars[s] == "Jourdonnais":
        answer(S, "Jourdonnais (draw!)")
        enter_card(S, "5♠")
    answer(S, "Take the hit")
    expect(S.locator("#my-question")).to_contain_text("dying")
    answer(S, "I'm out")
    # "I'm out" asks first, as in tracker mode (issue 9 §3): cancel keeps the question
    confirm = S.locator("#confirm-dialog")
    expect(confirm).to_contain_text("out of the game")
    confirm.get_by_role("button", name="Cancel").click()
    expect(S.locator("#my-question")).to_contain_text("dying")
    answer(S, "I'm out")
    confirm.get_by_role("button", name="Yes, I'm out").click()
    expect(host.locator("#winner")).to_be_visible()
    for page in phones.values():
        expect(page.locator("#outcome")).to_be_visible()
    expect(host.locator(".seat .seat-role")).to_have_count(4)
    shot(P1, "referee-phone-game-over")
    shot(host, "referee-host-game-over")

    # The finished game's record passes the checker.
    table_id = join_url.rstrip("/").split("/")[-1]
    cookies = {c["name"]: c["value"] for c in host_ctx.cookies()}
    record = requests.get(f"{server}/host/{table_id}/export.json", cookies=cookies, timeout=5)
    assert record.status_code == 200
    import engine
    passed, failed = engine.check_record(record.json())
    assert not failed, failed

    for page in (host, S, P1):
        assert not unnamed_controls(page), unnamed_controls(page)
    assert not small_targets(P1), small_targets(P1)
    assert not watch.errors, watch.errors
    print(f"referee game through the pages: {time.monotonic() - started:.1f} s")
    for ctx in contexts:
        ctx.close()


@pytest.mark.browser
@pytest.mark.parametrize("query", ["", "?bundle=0"])
def test_referee_phone_first_load_is_small(server, pw, browser, query):
    """What a referee table's phone page really fetches before any tap stays within the
    phone budget: one bundle with every module it may use, or, served one by one
    (?bundle=0), its modules without the sheets and the card picker (loaded on first use)."""
    r = requests.post(server + "/tables", data={"ruleset": "base", "mode": "referee"},
                      allow_redirects=False, timeout=5)
    table_id = r.headers["Location"].rstrip("/").split("/")[-1]
    token = requests.post(f"{server}/t/{table_id}/join", json={"name": "Ann"},
                          timeout=5).json()["token"]
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    page = ctx.new_page()
    sizes: dict[str, int] = {}
    page.on("requestfinished", lambda req: sizes.__setitem__(
        req.url, req.sizes()["responseBodySize"]) if not req.url.startswith("ws") else None)
    page.goto(f"{server}/p/{table_id}{query}#{token}")
    expect(page.locator("#lobby-view")).to_be_visible()
    page.wait_for_load_state("networkidle")
    modules = [u for u in sizes if u.endswith(".js") and "/vendor/" not in u and "/i18n/" not in u]
    if query:
        assert any(u.endswith("/referee-phone.js") for u in sizes)
        assert not any(u.endswith(("/referee-play.js", "/referee-ask.js")) for u in sizes)
        budget = UNBUNDLED_BUDGET
    else:
        assert len(modules) == 1 and modules[0].endswith("/bundles/referee-phone+language+phone.js"), modules
        budget = PHONE_BUDGET
    sizes = {u: n for u, n in sizes.items() if "/socket.io/?" not in u}
    total = sum(sizes.values())
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"referee-phone-weight{'-unbundled' if query else ''}.txt").write_text(
        "".join(f"{n:8d}  {u}\n" for u, n in sorted(sizes.items())) + f"{total:8d}  total\n")
    assert total <= budget, f"referee phone first load {total} B > {budget} B"
    ctx.close()


# every banner a page shows, in window.said (a banner goes away by itself)
SAID = """window.said = [];
addEventListener("DOMContentLoaded", () => new MutationObserver((changes) => {
  for (const c of changes) for (const el of c.addedNodes)
    if (el.classList && el.classList.contains("banner")) window.said.push(el.textContent);
}).observe(document.body, { childList: true, subtree: true }));"""


@pytest.mark.browser
def test_ask_the_referee_opened_before_the_socket_connects(server, pw, browser, tmp_path):
    """A phone shows its seat before its socket connects (the first view comes with the
    page). "Ask the referee" opened in that moment waits for the socket, and its questions
    come with their cards. Where the socket takes more than a few seconds, it says the
    phone is not connected, and the questions come once the socket connects. They used to
    stay empty: the card list was asked before the socket existed, and never again."""
    watch = Watch()
    _, host = start_from_record(browser, watch, server, tmp_path, a_record())
    claims = host.locator("#host-ref-claims")

    def opening(name: str):
        """`name`'s phone, its Socket.IO client's file held back (the routes to let go)."""
        claims.get_by_role("button", name=f"Show the QR code for {name}'s seat").click()
        url = loopback_only(claims.locator("li", has=host.locator("img"))
                            .locator(".join-url").first.inner_text().strip())
        ctx = browser.new_context(**pw.devices["Pixel 7"])
        held = []
        ctx.route("**/vendor/socket.io.min.js", lambda route: held.append(route))
        ctx.add_init_script(SAID)
        phone = watch.page(ctx, name)
        phone.goto(url)
        expect(phone.locator("#game-view")).to_be_visible()
        phone.locator("#ref-ask summary").click()
        assert held, "the page asked for no Socket.IO client: this test holds nothing"
        return ctx, phone, held

    def asks(phone) -> None:
        phone.get_by_label("Card to aim").select_option("Jail")
        phone.get_by_label("At whom").select_option("Ann")
        phone.get_by_role("button", name="Ask: can it reach?").click()
        expect(phone.locator("#ask-reach-out")).to_contain_text("Sheriff")

    # the socket comes within the wait: the questions come with it
    ctx, bob, held = opening("Bob")
    for route in held:
        route.continue_()
    asks(bob)
    assert not [b for b in bob.evaluate("window.said") if "Not connected" in b]
    ctx.close()
    # it does not: the phone says so, and the questions come when it connects
    ctx, cid, held = opening("Cid")
    expect(cid.locator("#ref-ask-body")).to_contain_text("Not connected right now")
    for route in held:
        route.continue_()
    asks(cid)
    ctx.close()


@pytest.mark.browser
def test_replay_a_record_then_ask_the_referee(server, pw, browser, tmp_path):
    """A disputed moment: the host uploads a record on the start page, the table starts
    with its seats, a phone takes its seat through the claim QR's URL, and "Ask the
    referee" answers with the distance, its reasons and the rule."""
    record = a_record(roles=("sheriff", "unknown", "unknown", "unknown"),
                      Bob={"in_play": ["Mustang"]}, moves=[{"by": "Ann", "play": "Remington"}])
    path = tmp_path / "dispute.json"
    path.write_text(__import__("json").dumps(record, ensure_ascii=False))
    watch = Watch()
    host_ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    host = watch.page(host_ctx, "host")
    host.goto(server + "/")
    # a file that is not a record: the start page says why, nothing is created
    bad = tmp_path / "bad.json"
    bad.write_text("{\"seats\": 3}")
    host.get_by_label("Game record (.json)").set_input_files(str(bad))
    host.get_by_role("button", name="Start from this record").click()
    expect(host.locator("#from-record [role=alert]")).to_contain_text("cannot be used")
    shot(host, "referee-start-record-refused")
    host.get_by_label("Game record (.json)").set_input_files(str(path))
    host.get_by_role("button", name="Start from this record").click()
    expect(host.locator(".seat")).to_have_count(4)
    expect(seat_tile(host, "Ann")).to_contain_text("Remington (3)")
    claims = host.locator("#host-ref-claims")
    expect(claims).to_be_visible()
    claims.get_by_role("button", name="Show the QR code for Bob's seat").click()
    expect(claims.locator("img")).to_be_visible()
    shot(host, "referee-host-claims")
    url = loopback_only(claims.locator(".join-url").inner_text().strip())

    ctx = browser.new_context(**pw.devices["Pixel 7"])
    bob = watch.page(ctx, "Bob")
    bob.goto(url)
    expect(bob.locator("#game-view")).to_be_visible()
    expect(bob.locator("#char-name")).to_have_text("Kit Carlson")
    expect(claims.get_by_role("button", name="Show the QR code for Bob's seat")).to_have_count(0)

    bob.locator("#ref-ask summary").click()
    bob.get_by_label("From", exact=True).select_option("Dan")
    bob.get_by_label("To", exact=True).select_option("Bob")
    bob.get_by_role("button", name="Ask: how far?").click()
    out = bob.locator("#ask-dist-out")
    expect(out).to_contain_text("Dan sees you at distance 3")      # Bob's own phone
    expect(out).to_contain_text("your Mustang")
    expect(out.locator("a.rule-link")).to_have_attribute("href", "/rules#distance")
    bob.get_by_label("Who plays it").select_option("Cid")
    bob.get_by_label("Card to aim").select_option("Jail")
    bob.get_by_label("At whom").select_option("Ann")
    bob.get_by_role("button", name="Ask: can it reach?").click()
    expect(bob.locator("#ask-reach-out")).to_contain_text("Sheriff")
    bob.locator("#ask-reach-out").scroll_into_view_if_needed()
    shot(bob, "referee-phone-ask-the-referee")
    assert not small_targets(bob), small_targets(bob)
    assert not unnamed_controls(bob), unnamed_controls(bob)

    # the host asks too: can Ann play a BANG! on Dan now? (Remington: reach 3)
    host.locator("#host-ref-ask summary").click()
    host.get_by_label("Player who would play it").select_option("Ann")
    host.get_by_label("Card to play").select_option("BANG!")
    host.get_by_label("Target (for cards aimed at someone)").select_option("Dan")
    host.get_by_role("button", name="Ask: is it allowed?").click()
    expect(host.locator("#ask-judge-out")).to_contain_text("Yes: Ann may play BANG! now.")
    shot(host, "referee-host-ask")

    # the rules reference: searchable, each rule at its anchor
    rules = watch.page(ctx, "rules")
    rules.goto(server + "/rules#card.jail")
    expect(rules.locator("#card-jail")).to_be_in_viewport()
    rules.get_by_label("Find a rule").fill("sheriff jail")
    expect(rules.locator("#card-jail")).to_be_visible()
    expect(rules.locator("#card-bang")).to_be_hidden()
    # the refused upload's page came with status 400, which the browser logs
    assert not [e for e in watch.errors if "400 (BAD REQUEST)" not in e], watch.errors
    ctx.close()
    host_ctx.close()
