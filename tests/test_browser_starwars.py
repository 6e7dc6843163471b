"""BANG! Star Wars in a real browser, on phones (Playwright + Debian Chromium, phone
emulation): a tracker table from the start page to a win (the edition's words, its own
look, Vader revealed, an ability card entered by name, an entered weapon range, the
distance calculator with Droid, Speeder Bike and Fearless, a new game passing Vader on),
and a referee table from a record to a win, every question answered by taps on the
phones (the checks in the player's order, Encounter with Destiny, Cover and Lucky, the
Bacta Tank when dying, Tempered's repeat, Jawas, the Duel, Missed!, Resilient). Screenshots
in test-artifacts/starwars-*.png. Skipped without a browser unless REQUIRE_BROWSER=1.
"""
from __future__ import annotations

import re

import pytest
import requests

from browsing import (ARTIFACTS, PHONE_BUDGET, UNBUNDLED_BUDGET, Watch, deal_with_ann,
                      join_phone, loopback_only, phone_first_load, seat_tile, shot)
from helpers import a_record

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

NAMES = ["Ann", "Bob", "Cid", "Dan"]


def new_table(browser, watch, base, mode: str):
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    host = watch.page(ctx, "host")
    host.goto(base + "/")
    host.get_by_label("BANG! Star Wars").check()
    host.get_by_label("Referee" if mode == "referee" else "Tracker").check()
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/host/\w+"))
    return ctx, host


@pytest.mark.browser
@pytest.mark.long
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


# --- tracker mode ----------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.long
def test_a_star_wars_tracker_table_to_a_win(server, pw, browser):
    watch = Watch()
    host_ctx, host = new_table(browser, watch, server, "tracker")
    expect(host.locator("html")).to_have_attribute("data-theme", "starfield")
    join_url = host.locator("#join-url").inner_text().strip()
    phones, contexts = {}, [host_ctx]
    for name, device in zip(NAMES, ("Pixel 7", "iPhone 13", "Pixel 7", "iPhone SE")):
        ctx, page = join_phone(browser, watch, pw, device, join_url, name)
        contexts.append(ctx)
        phones[name] = page
    expect(host.locator("#lobby-list li")).to_have_count(4)
    # the lobby offers the seven ability cards, and any other by name with its energy
    host.get_by_label("Ability card for Ann").select_option("Fearless")
    host.get_by_label("Ability card for Cid").select_option(label="Another ability card, by name…")
    host.get_by_label("Ability card for Cid: its name").fill("Patient")
    host.get_by_label("Ability card for Cid: its energy").fill("5")
    # Bob names the card he drew on his own phone
    bob = phones["Bob"]
    bob.get_by_label("Its name").fill("Stubborn")
    bob.get_by_label("Its energy").fill("3")
    bob.get_by_role("button", name="Use this card").click()
    expect(bob.locator("#own-ability-now")).to_contain_text("Stubborn (3)")
    shot(bob, "starwars-phone-lobby-ability")
    expect(host.locator("#lobby-list")).to_contain_text("Bob's phone: Stubborn (3)")
    shot(host, "starwars-host-lobby")
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)

    # Vader plays face up: his seat says so, and the turn is his
    vader_tile = host.locator(".seat.leader")
    expect(vader_tile).to_have_count(1)
    expect(vader_tile).to_contain_text("Darth Vader")
    expect(vader_tile).to_contain_text("revealed")
    vader = vader_tile.get_attribute("data-seat")
    expect(host.locator("#turn-line")).to_have_text(f"{vader}'s turn")
    expect(seat_tile(host, "Bob")).to_contain_text("Stubborn")
    expect(seat_tile(host, "Bob")).to_contain_text("(by name)")
    shot(host, "starwars-host-table")

    ann = phones["Ann"]
    expect(seat_tile(host, "Cid")).to_contain_text("Patient")
    for page in phones.values():
        expect(page.locator("#game-view")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("data-theme", "starfield")
        expect(page.locator("#life-label")).to_have_text("energy")
        expect(page.locator("#character-box h2")).to_have_text("Your ability card")
    # the custom ability card: the phone says the app applies no effect for it
    expect(bob.locator("#char-name")).to_have_text("Stubborn")
    expect(bob.locator("#char-ability")).to_contain_text("no automatic effect")
    expect(ann.locator("#char-ability")).not_to_contain_text("no automatic effect")
    bob_max = 3 + (1 if vader == "Bob" else 0)
    expect(bob.locator("#life-max")).to_have_text(str(bob_max))
    # the role card names the edition's role and its goal
    ann.locator("#role-hold").dispatch_event("pointerdown")
    expect(ann.locator(".role-face")).to_be_visible()
    role_text = ann.locator("#role-name").text_content()
    assert re.search(r"Darth Vader|Imperial Stormtrooper|Rebel|Bounty Hunter", role_text), role_text
    assert ann.locator("#role-goal").inner_text().strip()
    shot(ann, "starwars-phone-role")
    ann.locator("#role-hold").dispatch_event("pointerup")

    # distance calculator: Fearless sees one closer; the weapon is the E-11 at first
    expect(ann.locator("#weapon-line")).to_contain_text("E-11")
    expect(ann.locator("#weapon-line")).to_contain_text("Deception reaches distance 1")
    expect(ann.locator("#reach-list")).to_contain_text("Fearless")
    # a blaster asks for the range printed on it; the app keeps it for that card
    ann.locator("#weapon-picker").get_by_role("button", name=re.compile("^A280")).click()
    dialog = ann.locator("#ref-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("The rulebook does not give this range")
    shot(ann, "starwars-phone-range")
    dialog.get_by_role("button", name="Range 3").click()
    expect(ann.locator("#weapon-line")).to_contain_text("A280, reaches distance 3")
    expect(seat_tile(host, "Ann")).to_contain_text("A280 (3)")
    expect(ann.locator("#weapon-picker")).to_contain_text("A280 reach 3")   # kept for that card
    # Droid: Ann sees one closer again (never below 1); Speeder Bike: Bob is seen one farther
    if not ann.locator("#reach-box").evaluate("d => d.open"):     # folded on a one-hand phone
        ann.locator("#reach-box summary").click()
    far_before = ann.locator("#reach-list li", has_text="Cid").locator(".dist").inner_text()
    ann.locator("#blue-picker").get_by_role("button", name=re.compile("^Droid")).click()
    expect(ann.locator("#reach-list li", has_text="Cid")).to_contain_text("Droid")
    bob.locator("#blue-picker").get_by_role("button", name=re.compile("^Speeder Bike")).click()
    expect(ann.locator("#reach-list li", has_text="Bob")).to_contain_text("Speeder Bike")
    # (the row whose name is Ann: "cannot reach you" holds "ann" too)
    expect(bob.locator("#reached-by li", has=bob.locator(".who", has_text=re.compile(r"^Ann"))))\
        .to_have_count(1)
    assert far_before
    shot(ann, "starwars-phone-distances", full_page=True)

    # to a win: Darth Vader's energy reaches 0 on his own phone
    vp = phones[vader]
    while int(vp.locator("#life-value").inner_text()) > 1:
        now = vp.locator("#life-value").inner_text()
        vp.get_by_role("button", name="Lose 1 energy").click()
        expect(vp.locator("#life-value")).not_to_have_text(now)
    vp.get_by_role("button", name="Lose 1 energy").click()
    expect(vp.locator("#confirm-dialog")).to_contain_text("Lose your last energy?")
    vp.get_by_role("button", name="Yes, I'm out").click()
    expect(host.locator("#winner")).to_contain_text("The Rebels win")
    roles = {}
    for name in NAMES:
        expect(seat_tile(host, name).locator(".seat-role")).to_be_visible()
        roles[name] = seat_tile(host, name).locator(".seat-role").text_content()
    for name, page in phones.items():
        word = "You win!" if "Rebel" in roles[name] else "You lose"
        expect(page.locator("#outcome")).to_contain_text(word)
    shot(phones[next(n for n in NAMES if "Rebel" in roles[n])], "starwars-phone-won")
    shot(host, "starwars-host-won")

    # a new game at the same table: survivors keep their ability card, Vader passes on
    host.get_by_role("button", name="New game").click()
    ng = host.locator("#new-game-dialog")
    expect(ng).to_contain_text("keep their ability card")
    expect(ng).to_contain_text("Darth Vader passes to the next player")
    host.get_by_role("button", name="Deal again").click()
    k = NAMES.index(vader)
    expect(host.locator(".seat.leader")).to_have_attribute("data-seat", NAMES[(k + 1) % 4])
    if vader != "Ann":                                  # Ann survived: she keeps hers
        expect(seat_tile(host, "Ann")).to_contain_text("Fearless")
    assert not watch.errors, watch.errors
    for c in contexts:
        c.close()


# --- referee mode ------------------------------------------------------------------------------

RECORD = a_record("starwars", characters=("Tempered", "Lucky", "Stubborn", "Resilient"),
                  life=(2, 1, 1, 2), hand=(8, 5, 3, 6), turn="Ann", phase="start",
                  Ann={"in_play": ["Lightsaber", "A New Hope", "Trash Compactor"]},
                  Bob={"in_play": ["Cover"]}, Cid={"energy": 4})


def answer(phone, label):
    phone.locator("#my-question").get_by_role("button", name=label).click()
    if label == "I'm out":     # asks first
        phone.locator("#confirm-dialog").get_by_role("button", name="Yes, I'm out").click()


def sheet_tap(phone, label):
    phone.locator("#ref-dialog").get_by_role("button", name=label).click()


def play(phone, card, target=None):
    phone.get_by_role("button", name="Play a card").click()
    sheet = phone.locator("#ref-dialog")
    expect(sheet).to_be_visible()
    sheet.get_by_role("button", name=re.compile("^" + re.escape(card))).first.click()
    if target:
        sheet.get_by_role("button", name=target, exact=True).click()
    else:
        sheet.get_by_role("button", name=f"Play {card}").click()


def asked(phone, text):
    expect(phone.locator("#my-question")).to_contain_text(text)


def _host_screen(server, browser, watch, record):
    """A table opened from `record`, and its host screen on a laptop-sized page."""
    s = requests.Session()
    r = s.post(server + "/tables/from-record", json=record, allow_redirects=False, timeout=5)
    assert r.status_code == 303, r.text
    path = r.headers["Location"]
    table_id = path.rsplit("/", 1)[1]
    host_ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    host_ctx.add_cookies([{"name": f"host_{table_id}", "value": s.cookies[f"host_{table_id}"],
                           "url": server}])
    host = watch.page(host_ctx, "host")
    host.goto(server + path)
    return host_ctx, host


@pytest.mark.browser
@pytest.mark.long
def test_a_star_wars_referee_table_to_a_win(server, pw, browser):
    watch = Watch()
    host_ctx, host = _host_screen(server, browser, watch, RECORD)
    phones, contexts = {}, [host_ctx]
    for name, device in zip(NAMES, ("Pixel 7", "iPhone 13", "Pixel 7", "iPhone SE")):
        host.get_by_role("button", name=f"Show the QR code for {name}'s seat").click()
        row = host.locator("#host-ref-claim-list li", has_text=f"{name}'s seat")
        url = row.locator(".join-url").inner_text().strip()
        ctx = browser.new_context(**pw.devices[device])
        page = watch.page(ctx, name)
        page.goto(loopback_only(url))
        expect(page.locator("#game-view")).to_be_visible()
        phones[name] = page
        contexts.append(ctx)
    ann, bob, cid, dan = (phones[n] for n in NAMES)
    expect(host.locator(".seat.leader")).to_have_attribute("data-seat", "Ann")

    # start of turn: two checks, in the order Ann chooses (A New Hope first)
    turn = ann.locator("#ref-turn")
    expect(turn).to_contain_text("Checks before you draw")
    expect(turn).to_contain_text("A New Hope symbol")
    shot(ann, "starwars-referee-checks")
    turn.locator(".check", has_text="A New Hope:").get_by_role("button", name="No symbol").click()
    expect(turn.locator(".check")).to_have_count(1)
    turn.get_by_role("button", name="No symbol").click()
    expect(seat_tile(host, "Bob")).to_contain_text("A New Hope")
    ann.get_by_role("button", name="Draw 2 from the deck").click()

    # BANG! at Bob: Ann has 2 energy, so the phone asks about Encounter with Destiny
    play(ann, "BANG!", "Bob")
    expect(ann.locator("#ref-dialog")).to_contain_text("Encounter with Destiny")
    shot(ann, "starwars-referee-destiny")
    sheet_tap(ann, re.compile("^Take a card from the player you shot"))
    # the order changes what Bob can answer with: the phone asks, nothing preselected
    expect(ann.locator("#ref-dialog")).to_contain_text("Which effect first?")
    expect(ann.locator("#ref-dialog .destiny-list button")).to_have_count(2)
    expect(ann.locator("#ref-dialog .destiny-list button.primary")).to_have_count(0)
    shot(ann, "starwars-referee-destiny-order")
    sheet_tap(ann, re.compile("^The BANG! first"))
    sheet_tap(ann, re.compile("^From the hand"))
    asked(bob, "BANG!")
    answer(bob, "Cover (check)")
    expect(bob.locator("#ref-dialog")).to_contain_text("Cover symbol")
    shot(bob, "starwars-referee-cover")
    sheet_tap(bob, "No symbol")
    answer(bob, "Lucky (check)")
    sheet_tap(bob, "No symbol")
    answer(bob, "Take the hit")
    asked(bob, "dying: a Bacta Tank")
    answer(bob, "Bacta Tank")
    expect(bob.locator("#ref-dialog")).to_contain_text("Encounter with Destiny")
    sheet_tap(bob, "Draw a card.")       # dying, both orders come to the same: not asked
    expect(bob.locator("#ref-dialog")).to_be_hidden()
    expect(bob.locator("#life-value")).to_have_text("1")
    expect(bob.locator("#my-question")).to_be_hidden()

    # Tempered repeats the BANG! at Bob: this time he is out (a Rebel: Ann draws 3)
    ann.locator(".ref-repeat summary").click()
    ann.locator(".ref-repeat").get_by_role("button", name="Bob", exact=True).click()
    answer(bob, "Take the hit")
    answer(bob, "I'm out")
    expect(seat_tile(host, "Bob")).to_contain_text("out of the game")

    # Jawas: Cid discards a BANG!, Dan loses 1 energy
    play(ann, "Jawas")
    asked(cid, "Jawas")
    answer(cid, "Discard a BANG!")
    answer(dan, "Lose 1 energy")
    expect(dan.locator("#life-value")).to_have_text("1")

    # the Duel: Cid gives up and is out (no reward for the Bounty Hunter)
    play(ann, "Duel", "Cid")
    asked(cid, "Duel")
    answer(cid, "Give up: lose 1 energy")
    answer(cid, "I'm out")
    expect(seat_tile(host, "Cid")).to_contain_text("out of the game")

    # BANG! at Dan, answered by a Missed! whose copy swaps hands with the attacker
    play(ann, "BANG!", "Dan")
    sheet_tap(ann, "No extra effect on this copy")
    answer(dan, "Missed!")
    sheet_tap(dan, re.compile("^Swap your whole hand"))   # the order changes nothing here
    expect(dan.locator("#my-question")).to_be_hidden()

    # and again: Dan takes it, Resilient discards two for one energy, then the last BANG!
    play(ann, "BANG!", "Dan")
    sheet_tap(ann, "No extra effect on this copy")
    answer(dan, "Take the hit")
    asked(dan, "dying: a Bacta Tank")
    answer(dan, re.compile("^Resilient: discard 2"))
    expect(dan.locator("#life-value")).to_have_text("1")
    play(ann, "BANG!", "Dan")
    sheet_tap(ann, "No extra effect on this copy")
    answer(dan, "Take the hit")
    answer(dan, "I'm out")

    expect(host.locator("#winner")).to_contain_text("Darth Vader and the Stormtroopers win")
    expect(ann.locator("#outcome")).to_contain_text("You win!")
    expect(dan.locator("#outcome")).to_contain_text("You lose")
    shot(ann, "starwars-referee-won")
    shot(host, "starwars-referee-host-won")
    assert not watch.errors, watch.errors
    for c in contexts:
        c.close()


@pytest.mark.slow
@pytest.mark.parametrize("query", ["", "?bundle=0"])
def test_star_wars_phone_first_load_is_small(server, query):
    """A Star Wars phone loads its stylesheet and words (and, served one by one, not the
    referee sheets: its bundle has them): still within the budget; a base-game phone
    loads nothing of the edition."""
    sizes = {}
    for ruleset in ("starwars", "base"):
        r = requests.post(server + "/tables", data={"ruleset": ruleset, "mode": "referee"},
                          allow_redirects=False, timeout=5)
        table_id = r.headers["Location"].rstrip("/").split("/")[-1]
        sizes[ruleset] = phone_first_load(server, table_id, query=query)
    total = sum(sizes["starwars"].values())
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"phone-weight-starwars{'-unbundled' if query else ''}.txt").write_text(
        "".join(f"{n:8d}  {u}\n" for u, n in sorted(sizes["starwars"].items()))
        + f"{total:8d}  total\n")
    budget = UNBUNDLED_BUDGET if query else PHONE_BUDGET
    assert total <= budget, f"Star Wars phone first load {total} B > {budget} B"
    assert any(u.endswith("starwars.css") for u in sizes["starwars"])
    assert not any("starwars" in u for u in sizes["base"])
    if query:
        assert not any(u.endswith("referee-sheets.js") for u in sizes["starwars"])


@pytest.mark.browser
def test_the_longest_role_face_up_fits_a_hungarian_phone_at_360(server, pw, browser):
    """At the game's end every role is face up on its phone: a Hungarian Stormtrooper's
    "BIRODALMI ROHAMOSZTAGOS" in capitals made the page 418 px wide at 360 px (issue 22's
    audit); the role card's name shrinks and breaks instead."""
    watch = Watch()
    record = a_record("starwars", names=("Ann", "Bence", "Cid", "Dan"),
                      roles=("vader", "stormtrooper", "rebel", "bounty_hunter"),
                      characters=("Tempered", "Lucky", "Fearless", "Thrifty"), turn="Ann")
    host_ctx, host = _host_screen(server, browser, watch, record)
    host.get_by_role("button", name="Show the QR code for Bence's seat").click()
    url = host.locator("#host-ref-claim-list li", has_text="Bence's seat").locator(
        ".join-url").inner_text().strip()
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="hu-HU",
                              is_mobile=True, has_touch=True, device_scale_factor=2)
    bence = watch.page(ctx, "Bence")
    bence.goto(loopback_only(url))
    expect(bence.locator("#game-view")).to_be_visible()
    host.get_by_role("button", name="End the game").click()
    host.locator("#confirm-dialog").get_by_role("button", name="End the game").click()
    expect(bence.locator("#role-name")).to_be_visible()
    expect(bence.locator("#role-name")).to_contain_text("rohamosztagos")
    widths = bence.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    shot(bence, "starwars-hu-360-role-face-up")
    assert widths == [360, 360], widths
    assert not watch.errors, watch.errors
    ctx.close()
    host_ctx.close()
