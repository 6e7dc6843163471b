"""No accidental move (issue 27, item 2): whatever ends a turn or cannot be taken back
asks first, in the one confirmation dialog (static/js/confirm.js, templates/_confirm.html);
the host's undo asks and a redo brings the move back. In a real Chromium."""
from __future__ import annotations

import pytest
import requests
import socketio

from browsing import (Watch, create_table, join_by_request, loopback_only, seat_phone, seat_tile,
                      start_from_record)
from helpers import KIT, a_record

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None


def phone_move(server: str, table_id: str, token: str, move: dict) -> None:
    """One move from a seat's own Socket.IO client (not from a page under test)."""
    c = socketio.SimpleClient()
    c.connect(server, auth={"table": table_id, "token": token}, transports=["websocket"])
    try:
        assert c.call("move", move, timeout=5)["ok"]
    finally:
        c.disconnect()


@pytest.mark.browser
def test_a_feat_that_ends_the_turn_asks_first(server, pw, browser, tmp_path):
    """Legends' For a Few Cards More ends the turn: like "End my turn", it asks first."""
    watch = Watch()
    record = a_record("legends", characters=KIT,
                      roles=("sheriff", "outlaw", "renegade", "outlaw"),
                      Ann={"life": 5, "hand": 7}, turn="Ann",
                      feats=[{"name": "For a Few Cards More", "tokens": {}}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    ann_ctx, ann = seat_phone(browser, watch, pw, host, "Ann")
    card = ann.locator('#feats-list .feat-card[data-feat="For a Few Cards More"]')
    perform = card.get_by_role("button", name="Perform my turn ends")
    perform.click()
    dialog = ann.locator("#confirm-dialog")
    expect(dialog).to_contain_text("End your turn?")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(ann.locator("#turn-text")).to_have_text("Your turn!")
    perform.click()
    dialog.get_by_role("button", name="Perform and end my turn").click()
    expect(host.locator("#turn-line")).to_have_text("Bob's turn")
    assert not watch.errors, watch.errors
    ann_ctx.close()
    host_ctx.close()


@pytest.mark.browser
def test_who_can_reach_me_says_so_and_an_eliminated_player_is_told_he_is_out(server, pw,
                                                                             browser, tmp_path):
    """Issue 27 items 3 and 7, on a Hungarian phone: the "who can reach me" list says the
    other cannot reach me (not that I cannot reach him); once out of the game, the
    distances say so rather than "shown once the cards are dealt"."""
    watch = Watch()
    record = a_record(Bob={"life": 1})
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    bob_ctx, bob = seat_phone(browser, watch, pw, host, "Bob", locale="hu-HU")
    bob.locator("#reach-box summary").click()
    far = bob.locator("#reached-by li", has_text="Dan")         # two seats away, Colt .45
    expect(far).to_contain_text("nem ér el téged")
    expect(far).not_to_contain_text("nem éred el")
    # Bob is put out of the game by the host's correction
    seat_tile(host, "Bob").click()
    host.locator("#seat-dialog").get_by_role("button", name="One life less").click()
    host.locator("#confirm-dialog").get_by_role("button", name="Eliminate").click()
    expect(seat_tile(host, "Bob")).to_contain_text("out of the game")
    expect(bob.locator("#reach-list")).to_contain_text("Kiestél a játékból")
    expect(bob.locator("#reach-list")).not_to_contain_text("Az osztás után jelenik meg.")
    assert not watch.errors, watch.errors
    bob_ctx.close()
    host_ctx.close()


@pytest.mark.browser
def test_the_challenger_is_asked_in_his_own_duel_in_the_second_person(server, pw, browser,
                                                                     tmp_path):
    """Issue 27 item 11: Ann, asked in the Duel she played, reads "your own Duel" on her
    own phone, never "the Duel from Ann"; Cid's phone, waiting, names her."""
    watch = Watch()
    record = a_record(characters=KIT, turn="Ann",
                      moves=[{"by": "Ann", "play": "Duel", "target": "Cid"},
                             {"by": "Cid", "respond": "BANG!"}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    ann_ctx, ann = seat_phone(browser, watch, pw, host, "Ann")
    asked = ann.locator("#my-question")
    expect(asked).to_contain_text("You must discard a BANG! in your own Duel, or lose it")
    expect(asked).not_to_contain_text("from Ann")
    assert not watch.errors, watch.errors
    ann_ctx.close()
    host_ctx.close()


# Every answer button of the question put to me that a notice (banner) covers, even in part.
COVERED = """() => {
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const banners = [...document.querySelectorAll(".banner")].map((b) => b.getBoundingClientRect());
  return [...document.querySelectorAll("#my-question button")].filter((el) => el.offsetParent)
    .filter((el) => banners.some((b) => hit(el.getBoundingClientRect(), b)))
    .map((el) => el.textContent.trim());
}"""


@pytest.mark.browser
def test_a_notice_never_covers_the_answers(server, pw, browser, tmp_path):
    """Issue 27 item 4: the entered range's notice (DLT-19, a project decision) arrives on
    the phone of the player shot at a moment before his question: it shows above the bar
    that holds the answers, and he answers without closing it (360 px, Hungarian)."""
    watch = Watch()
    record = a_record("starwars", characters=("Tempered", "Thrifty", "Fearless", "Resilient"),
                      Ann={"hand": 6}, Bob={"hand": 4}, turn="Ann")
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    bob_ctx, bob = seat_phone(browser, watch, pw, host, "Bob", "Galaxy S8", locale="hu-HU")
    claims = host.locator("#host-ref-claims")
    claims.get_by_role("button", name="Show the QR code for Ann's seat").click()
    url = claims.locator("li", has_text="Ann's seat").locator(".join-url").first.inner_text()
    ann_token = requests.get(loopback_only(url.strip()), allow_redirects=False,
                             timeout=5).headers["Location"].split("#", 1)[1]
    table_id = url.strip().rstrip("/").split("/")[-3]
    phone_move(server, table_id, ann_token, {"play": "DLT-19", "range": 3})
    phone_move(server, table_id, ann_token, {"play": "BANG!", "target": "Bob"})
    expect(bob.locator("#banners .banner.info")).to_be_visible()
    question = bob.locator("#my-question")
    expect(question.locator("button").first).to_be_visible()
    assert bob.evaluate(COVERED) == [], bob.evaluate(COVERED)
    question.locator("button.primary").first.click()    # not intercepted (else it times out)
    expect(question).to_be_hidden()
    expect(bob.locator("#banners .banner.info")).to_be_visible()    # it is still there
    assert not watch.errors, watch.errors
    bob_ctx.close()
    host_ctx.close()


@pytest.mark.browser
def test_a_barrel_asks_for_the_suit_alone(server, pw, browser, tmp_path):
    """Issue 27 item 11: only the suit counts for a Barrel, so the picker asks the suit
    alone (the Dynamite's draw! keeps the rank: the record draw-suit-alone-...)."""
    watch = Watch()
    record = a_record(characters=KIT, Bob={"in_play": ["Barrel"]}, turn="Ann",
                      moves=[{"by": "Ann", "play": "BANG!", "target": "Bob"}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    bob_ctx, bob = seat_phone(browser, watch, pw, host, "Bob")
    bob.locator("#my-question").get_by_role("button", name="Barrel (draw!)").click()
    picker = bob.locator("#card-dialog")
    expect(picker.get_by_role("group", name="Suit")).to_be_visible()
    expect(picker.get_by_role("group", name="Rank")).to_have_count(0)
    picker.get_by_role("button", name="Suit hearts ♥").click()
    picker.get_by_role("button", name="Enter ♥").click()
    expect(bob.locator("#my-question")).to_be_hidden()
    expect(host.locator("#log")).to_contain_text("Bob draws! for Barrel: ♥.")
    assert not watch.errors, watch.errors
    bob_ctx.close()
    host_ctx.close()


@pytest.mark.browser
def test_black_jack_shows_his_second_card_by_its_suit_alone(server, pw, browser, tmp_path):
    """Issue 27 item 11: a heart or diamond gives Black Jack a third card, so only the
    suit of the card he shows counts: the picker asks for the suit alone (the record
    char-black-jack-shows-the-suit-alone)."""
    watch = Watch()
    record = a_record(characters=KIT, Ann={"character": "Black Jack", "hand": 5}, turn="Ann",
                      phase="draw")
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    ann_ctx, ann = seat_phone(browser, watch, pw, host, "Ann")
    ann.get_by_role("button", name="Draw, and show the second card").click()
    picker = ann.locator("#card-dialog")
    expect(picker.get_by_role("group", name="Suit")).to_be_visible()
    expect(picker.get_by_role("group", name="Rank")).to_have_count(0)
    picker.get_by_role("button", name="Suit diamonds ♦").click()
    picker.get_by_role("button", name="Enter ♦").click()
    expect(host.locator("#log")).to_contain_text("Black Jack shows ♦.")
    expect(ann.locator("#play-card")).to_be_visible()
    assert not watch.errors, watch.errors
    ann_ctx.close()
    host_ctx.close()


@pytest.mark.browser
def test_the_hosts_undo_asks_and_redo_brings_the_move_back(server, pw, browser):
    watch = Watch()
    host_ctx, host = create_table(browser, watch, server)
    _, table_id, tokens = join_by_request(host, ["Ann", "Bob", "Cid", "Dee"])
    expect(host.locator("#lobby-list li")).to_have_count(4)
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)
    # the top bar says which game the table plays
    expect(host.locator(".topbar")).to_contain_text("BANG! (base game)")
    life = seat_tile(host, "Bob").locator(".life-num")
    start, top = (int(n) for n in life.inner_text().strip().split("/"))
    phone_move(server, table_id, tokens["Bob"], {"set": {"life": start - 1}})
    expect(life).to_have_text(f"{start - 1}/{top}")
    redo = host.get_by_role("button", name="Redo")
    expect(redo).to_be_disabled()

    host.get_by_role("button", name="Undo last move").click()
    dialog = host.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Take back the last move?")
    expect(dialog).to_contain_text(f"Bob's life goes from {start} to {start - 1}.")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(life).to_have_text(f"{start - 1}/{top}")

    host.get_by_role("button", name="Undo last move").click()
    dialog.get_by_role("button", name="Undo").click()
    expect(life).to_have_text(f"{start}/{top}")
    expect(redo).to_be_enabled()
    redo.click()
    expect(life).to_have_text(f"{start - 1}/{top}")
    expect(redo).to_be_disabled()

    # two taps of one correction: one log line from the first value to the last (item 6);
    # the undo asks about the last tap alone
    seat_tile(host, "Bob").click()
    seat = host.locator("#seat-dialog")
    hand = int(seat.locator("#sd-hand").inner_text())
    seat.get_by_role("button", name="One card more").click()
    expect(seat.locator("#sd-hand")).to_have_text(str(hand + 1))
    seat.get_by_role("button", name="One card more").click()
    expect(seat.locator("#sd-hand")).to_have_text(str(hand + 2))
    seat.get_by_role("button", name="Done").click()
    lines = host.locator("#log li.log-set", has_text="Bob's cards in hand")
    expect(lines).to_have_count(1)
    expect(lines).to_have_text(f"The host sets Bob's cards in hand from {hand} to {hand + 2}.")
    host.get_by_role("button", name="Undo last move").click()
    expect(dialog).to_contain_text(f"from {hand + 1} to {hand + 2}.")
    dialog.get_by_role("button", name="Undo").click()
    expect(lines).to_have_text(f"The host sets Bob's cards in hand from {hand} to {hand + 1}.")
    assert not watch.errors, watch.errors
    host_ctx.close()


@pytest.mark.browser
def test_taking_back_a_move_and_the_hosts_turn_moves_ask_first(server, pw, browser, tmp_path):
    """Issue 27 item 2: the player's "Take back my last move" (his phone cannot make it
    again), the host's "End Ann's turn" and "Give the turn to Cid" (each ends the turn
    being played) ask first in the one confirm dialog; Cancel leaves the game as it was."""
    watch = Watch()
    record = a_record(characters=KIT, turn="Ann",
                      moves=[{"by": "Ann", "play": "BANG!", "target": "Bob"}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    ann_ctx, ann = seat_phone(browser, watch, pw, host, "Ann")
    dialog = ann.locator("#confirm-dialog")
    take_back = ann.locator("#thumb-bar").get_by_role("button", name="Take back my last move")
    take_back.click()
    expect(dialog).to_contain_text("Take back your last move?")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(host.locator("#pending")).to_contain_text("Bob")
    take_back.click()
    dialog.get_by_role("button", name="Take it back").click()
    expect(host.locator("#pending")).to_be_empty()
    expect(take_back).to_be_hidden()

    asks = host.locator("#confirm-dialog")
    seat = host.locator("#seat-dialog")
    turn = host.locator("#turn-line")
    for tile, button, title, yes, after in (
            ("Ann", "End Ann's turn", "End Ann's turn?", "End the turn", "Bob's turn"),
            ("Cid", "Give the turn to Cid", "Give the turn to Cid?", "Give the turn", "Cid's turn")):
        before = turn.inner_text()
        seat_tile(host, tile).click()
        seat.get_by_role("button", name=button).click()
        expect(asks).to_contain_text(title)
        asks.get_by_role("button", name="Cancel").click()
        expect(asks).to_be_hidden()
        expect(turn).to_have_text(before)
        seat.get_by_role("button", name=button).click()
        asks.get_by_role("button", name=yes, exact=True).click()
        expect(turn).to_have_text(after)
        expect(seat).to_be_hidden()
    assert not watch.errors, watch.errors
    ann_ctx.close()
    host_ctx.close()
