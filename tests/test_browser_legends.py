"""BANG! Legends in a real browser: the Feat tracker on the phone and the Feat row on the
host screen, against the real server in a subprocess (fixtures in conftest.py,
helpers in browsing.py). Skipped with a notice without Playwright or Chromium, unless
REQUIRE_BROWSER=1. Screenshots go to test-artifacts/ (gitignored).

The table is a referee one: there the engine judges each Feat (in tracker mode it trusts
them), so the buttons are enabled and greyed by the rules themselves.
"""
from __future__ import annotations

import re

import pytest
import requests

from browsing import (Watch, join_by_request, seat_tile, shot, small_targets,
                      unnamed_controls)
from helpers import newest_snapshot

try:
    from playwright.sync_api import expect
except ImportError:
    expect = None

NAMES = ["Ann", "Bob", "Cid", "Dee"]
CHARS = ["Bart Cassidy", "Willy the Kid", "Rose Doolan", "Vulture Sam"]   # ordinary draws


def host_client(server, host_ctx, table_id):
    """A python-socketio client with the host's cookie, for corrections the test sets up."""
    import socketio
    cookie = next(c for c in host_ctx.cookies() if c["name"] == f"host_{table_id}")
    c = socketio.SimpleClient()
    c.connect(server, auth={"table": table_id}, headers={"Cookie": f"{cookie['name']}={cookie['value']}"},
              transports=["websocket"])
    return c


def seat_client(server, table_id, token):
    import socketio
    c = socketio.SimpleClient()
    c.connect(server, auth={"table": table_id, "token": token}, transports=["websocket"])
    return c


def call(client, event, payload):
    ack = client.call(event, payload, timeout=5)
    assert ack == {"ok": True}, (event, payload, ack)


def box_shot(page, name):
    from browsing import ARTIFACTS
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#feats-box").screenshot(path=str(ARTIFACTS / f"{name}.png"))


# Feats Bob can perform after an ordinary draw (Crossroad ones, or his hand over the limit)
DOABLE = {"Bottleneck", "The Chuck-a-Luck", "Good Company", "The Last Hero", "The Man with No Name",
          "A Thousand Ways to Die", "For a Few Cards More", "Borderlands"}


def reason_of(page, button):
    """The reason shown for a greyed button (its aria-describedby)."""
    return page.locator("#" + button.get_attribute("aria-describedby"))


def feat_card(page, name):
    return page.locator(f'#feats-list .feat-card[data-feat="{name}"]')


@pytest.mark.browser
@pytest.mark.long
def test_feat_tracker_on_phones_and_host(server, pw, browser):
    watch = Watch()
    host_ctx = browser.new_context(viewport={"width": 1366, "height": 860})
    host = watch.page(host_ctx, "host")
    host.goto(server + "/")
    host.get_by_label("BANG! Legends").check()
    host.get_by_label("Referee").check()
    shot(host, "legends-start-page")
    host.get_by_role("button", name="Create the table").click()
    host.wait_for_url(re.compile(r"/host/\w+"))
    _, table_id, tokens = join_by_request(host, NAMES)
    expect(host.locator("#lobby-list li")).to_have_count(4)
    for n, c in zip(NAMES, CHARS):
        host.get_by_label(f"Character for {n}").select_option(c)
    host.get_by_role("button", name="Deal roles").click()
    expect(host.locator(".seat")).to_have_count(4)
    expect(host.locator("#host-feats")).to_be_visible()
    expect(host.locator("#host-feat-row li")).to_have_count(1)
    first = host.locator(".seat", has=host.locator(".role-sheriff")).get_attribute("data-seat")
    second = NAMES[(NAMES.index(first) + 1) % 4]
    shown = host.locator("#host-feat-row .feat-name").inner_text().strip().rstrip("✚").strip()
    reveal = "Borderlands" if shown != "Borderlands" else "Bottleneck"

    def phone(name, device, **extra):
        ctx = browser.new_context(**pw.devices[device], **extra)
        ctx.add_init_script("navigator.vibrate = (p) => { window.__vibrated = p; return true; };")
        page = watch.page(ctx, name)
        page.goto(f"{server}/p/{table_id}#{tokens[name]}")
        expect(page.locator("#game-view")).to_be_visible()
        # the socket's first snapshot redraws the seat shown from the page's first view:
        # an element taken before it can be gone when it is scrolled to
        expect(page.locator("#conn")).to_have_attribute("data-state", "online")
        return ctx, page

    a_ctx, a = phone(first, "Pixel 7", color_scheme="light")
    b_ctx, b = phone(second, "iPhone 13", color_scheme="dark")
    box = a.locator("#feats-box")
    expect(box).to_be_visible()
    expect(a.locator("#feats-fame")).to_contain_text("5 fame left")
    card = feat_card(a, shown)
    expect(card).to_be_visible()
    expect(card.locator(".feat-req")).not_to_be_empty()

    # Before the draw: both buttons greyed, each with its reason and a link to the rule.
    boast = card.get_by_role("button", name="Boast…")
    expect(boast).to_be_disabled()
    why = reason_of(a, boast)
    expect(why).to_contain_text("end of the turn")
    expect(why.locator("a")).to_have_attribute("href", "/rules#legends-boast")
    card.scroll_into_view_if_needed()
    shot(a, "legends-phone-before-draw")
    # Not my turn: every button greyed for one reason, said once.
    expect(b.locator("#feats-common")).to_contain_text(f"{first}'s turn")
    expect(feat_card(b, shown).get_by_role("button", name="Boast…")).to_be_disabled()

    first_seat = seat_client(server, table_id, tokens[first])
    second_seat = seat_client(server, table_id, tokens[second])
    admin = host_client(server, host_ctx, table_id)
    try:
        call(first_seat, "move", {"draw": {}})
        # Boast through the phone: the Feat turned up, and where my token goes.
        expect(boast).to_be_enabled()
        boast.click()
        dialog = a.locator("#feat-dialog")
        expect(dialog).to_be_visible()
        dialog.get_by_label("Which Feat did you turn up from the deck?").select_option(reveal)
        expect(dialog.get_by_label("My token goes on")).to_have_value(shown)
        shot(a, "legends-phone-boast-dialog")
        dialog.get_by_role("button", name="Boast", exact=True).click()
        expect(dialog).to_be_hidden()
        expect(a.locator("#feats-fame")).to_contain_text("4 fame left")
        row = host.locator(f'#host-feat-row [data-feat="{shown}"]')
        expect(row.locator(".fame-chip")).to_contain_text(f"{first}1")
        expect(host.locator("#host-feat-row li")).to_have_count(2)
        expect(host.locator(f'#host-fame [data-seat="{first}"]')).to_contain_text("4")
        # Boasting is once a turn: the Boast buttons are greyed, each with the reason.
        again = feat_card(a, reveal).get_by_role("button", name="Boast…")
        expect(again).to_be_disabled()
        expect(reason_of(a, again)).to_contain_text("once a turn")
        box_shot(a, "legends-phone-feats-after-boast")
        a.get_by_role("button", name="End my turn", exact=True).click()
        confirm = a.locator("#confirm-dialog")      # it asks (over the hand limit: how many go)
        confirm.get_by_role("button", name=re.compile(r"^(Discard \d+ and end my turn|Yes, end my turn)$")).click()
        expect(b.locator("#turn-text")).to_have_text("Your turn!")

        # Bob's last token: performing Borderlands on the phone turns him Legend.
        call(admin, "host_move", {"set": {"seat": second, "fame": 1}})
        call(second_seat, "move", {"draw": {}})
        perform = feat_card(b, "Borderlands").get_by_role("button", name=re.compile(r"^Perform"))
        expect(perform).to_be_enabled()
        expect(perform).to_contain_text("discard my whole hand")
        b.locator("#feats-box").scroll_into_view_if_needed()
        shot(b, "legends-phone-my-turn-dark")
        # a greyed button with its own reason next to an enabled one
        if shown not in DOABLE:
            greyed = feat_card(b, shown).get_by_role("button", name=re.compile(r"^Perform"))
            expect(greyed).to_be_disabled()
            expect(reason_of(b, greyed)).not_to_be_empty()
        assert not small_targets(b), small_targets(b)
        perform.click()

        moment = b.locator("#legend-moment")
        expect(moment).to_be_visible()
        expect(moment).to_contain_text("You are a Legend!")
        expect(b.locator("#legend-moment-char")).to_have_text(CHARS[NAMES.index(second)])
        expect(b.locator("#legend-moment-ability")).not_to_be_empty()
        assert b.evaluate("window.__vibrated") is not None
        shot(b, "legends-phone-legend-moment")
        host_moment = host.locator("#host-legend-moment")
        expect(host_moment).to_be_visible()
        expect(host_moment).to_contain_text(f"{second} is a Legend!")
        shot(host, "legends-host-legend-moment")
        host.get_by_role("button", name="Close").click()
        expect(host_moment).to_be_hidden()
        b.get_by_role("button", name="Back to the table").click()
        expect(moment).to_be_hidden()

        # Legend now: claim instead of perform, and the legend ability box.
        expect(b.locator("#feats-fame")).to_contain_text("Legend")
        expect(b.locator("#feats-legend")).to_contain_text("My legend ability")
        expect(b.locator("#feats-legend")).to_contain_text(CHARS[NAMES.index(second)])
        expect(b.locator("#char-ability")).to_have_text(b.locator("#legend-moment-ability").inner_text())
        expect(feat_card(b, shown).get_by_role("button", name="Claim…")).to_be_disabled()
        expect(host.locator(f'#host-fame [data-seat="{second}"]')).to_contain_text("Legend")
        expect(seat_tile(host, second)).to_have_class(re.compile(r"\blegend\b"))
        # (the sheriff's boast token is there too when the Feat shown was Borderlands)
        expect(host.locator('#host-feat-row [data-feat="Borderlands"] .fame-chip', has_text=second)
               ).to_contain_text(f"{second}1")
        box_shot(b, "legends-phone-feats-legend-dark")
        b.reload()                                     # the moment is shown once, not again
        expect(b.locator("#feats-box")).to_be_visible()
        expect(b.locator("#legend-moment")).to_be_hidden()
    finally:
        for c in (first_seat, second_seat, admin):
            c.disconnect()

    for page in (host, a, b):
        assert not unnamed_controls(page), unnamed_controls(page)
    shot(a, "legends-phone-light", full_page=True)
    shot(b, "legends-phone-dark", full_page=True)
    shot(host, "legends-host")
    assert not watch.errors, watch.errors
    for ctx in (host_ctx, a_ctx, b_ctx):
        ctx.close()


JUNK = """async () => {
  const phone = await import("/static/js/phone-feats.js");
  const host = await import("/static/js/host-feats.js");
  phone.renderFeats({view: {ruleset: "legends"}});
  await phone.ready();                      // the tracker is loaded at a Legends table
  const legends = (extra) => ({table: {game: 1}, view: {ruleset: "legends", mode: "referee", ...extra}});
  for (const snap of [null, {}, {view: null}, legends({}), legends({me: {}}),
      legends({me: {name: "X", feats: [null, {}, {name: "F", perform: {}, boast: {ok: false}}], hints: null},
               seats: [null, {name: "X", legend: true, fame: "x", in_play: [null, {}]}], feats: [null, {}, {name: "F", tokens: null}]}),
      legends({me: {name: "Y", your_turn: true, hints: {check_due: "jail", draw: {}}, feats: [{name: "G", claim: {ok: true}}]},
               seats: [{name: "Y", legend: true, character: "Black Jack"}], feats: [{name: "G", tokens: {Y: 2, Z: "q"}}]})]) {
    phone.renderFeats(snap, async () => ({ok: true}));
    host.renderHostFeats(snap);
  }
  const dialogs = await import("/static/js/feats-dialogs.js");      // fetched at a first tap
  for (const fn of ["boastDialog", "claimDialog", "sidDialog", "roseDialog", "kitDialog", "jackDialog", "jailDialog"]) {
    dialogs[fn]("G");
  }
  dialogs.actDialog("perform", "A Thousand Ways to Die");
  document.querySelectorAll("dialog[open]").forEach((d) => d.close());
  return true;
}"""


@pytest.mark.browser
def test_feat_renderers_survive_missing_fields(server, pw, browser):
    """The Legends renderers get snapshots with fields missing, null or of the wrong type:
    they draw what they can and never throw."""
    watch = Watch()
    r = requests.post(server + "/tables", data={"ruleset": "legends", "mode": "referee"},
                      allow_redirects=False, timeout=5)
    table_id = r.headers["Location"].rstrip("/").split("/")[-1]
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    page = watch.page(ctx, "phone")
    page.goto(f"{server}/p/{table_id}")
    expect(page.locator("#no-token")).to_be_visible()
    assert page.evaluate(JUNK) is True
    assert not watch.errors, watch.errors
    ctx.close()


@pytest.mark.slow
@pytest.mark.parametrize("query", ["", "?bundle=0"])
def test_legends_phone_first_load_is_small(server, query):
    """A Legends phone in referee mode (the heaviest page) loads the Feat tracker, its
    styles and markup too: still within the phone budget. Its bundle holds every module
    it may use (the Feat dialogs too); served one by one (?bundle=0), a base-game phone
    gets none of them and the Feat dialogs come at the first tap that needs one."""
    from urllib.parse import urljoin

    from browsing import (_IMPORT, PHONE_BUDGET, PHONE_WIRE_BUDGET, UNBUNDLED_BUDGET,
                          UNBUNDLED_WIRE_BUDGET, fetch, phone_first_load)
    r = requests.post(server + "/tables", data={"ruleset": "legends", "mode": "referee"},
                      allow_redirects=False, timeout=5)
    table_id = r.headers["Location"].rstrip("/").split("/")[-1]
    wire: dict[str, int] = {}
    sizes = phone_first_load(server, table_id, wire, query)
    assert any(u.endswith("/css/feats.css") for u in sizes)
    if not query:
        bundle = next(u for u in sizes if "/bundles/" in u)
        meta = requests.get(urljoin(bundle, "meta.json"), timeout=5).json()   # esbuild's
        held = meta["outputs"]["static/bundles/" + bundle.rsplit("/", 1)[1]]["inputs"]
        assert "static/js/feats-tracker.js" in held
        assert "static/js/feats-dialogs.js" in held
        budget = PHONE_BUDGET
    else:
        assert any(u.endswith("/phone-feats.js") for u in sizes)
        budget = UNBUNDLED_BUDGET
    # phone-feats.js fetches the tracker at a Legends table (beside it): it counts here
    todo = [next(u for u in sizes if u.endswith("/phone-feats.js"))
            .replace("/phone-feats.js", "/feats-tracker.js")] if query else []
    while todo:
        url = todo.pop()
        if url not in sizes:
            body = fetch(url, wire)
            sizes[url] = len(body.content)
            todo += [urljoin(url, a or b) for a, b in _IMPORT.findall(body.text)]
    total = sum(sizes.values())
    from browsing import ARTIFACTS
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"phone-weight-legends{'-unbundled' if query else ''}.txt").write_text(
        "".join(f"{n:8d} {wire[u]:8d}  {u}\n" for u, n in sorted(sizes.items()))
        + f"{total:8d} {sum(wire.values()):8d}  total (uncompressed, on the wire)\n")
    assert total <= budget, f"Legends phone first load {total} B > {budget} B"
    wire_budget = UNBUNDLED_WIRE_BUDGET if query else PHONE_WIRE_BUDGET
    assert sum(wire.values()) <= wire_budget, f"{sum(wire.values())} B on the wire"


def from_turn(view: dict) -> list[str]:
    """The four seats in play order, starting with the one whose turn it is."""
    order = [s["name"] for s in view["seats"]]
    k = order.index(view["turn"])
    return [order[(k + i) % 4] for i in range(4)]


def dealt_referee_table(server):
    """A Legends referee table dealt with CHARS to NAMES: (table id, seat tokens, the
    host's socket, each seat's client, latest() -> the newest public view)."""
    import socketio
    r = requests.Session()
    made = r.post(server + "/tables", data={"ruleset": "legends", "mode": "referee"},
                  allow_redirects=False, timeout=5)
    table_id = made.headers["Location"].rstrip("/").split("/")[-1]
    join = f"{server}/t/{table_id}"
    tokens = {n: requests.post(join + "/join", json={"name": n}, timeout=5).json()["token"]
              for n in NAMES}
    admin = socketio.SimpleClient()
    admin.connect(server, auth={"table": table_id}, transports=["websocket"],
                  headers={"Cookie": f"host_{table_id}={r.cookies.get(f'host_{table_id}')}"})
    r.close()
    seats = {n: seat_client(server, table_id, tokens[n]) for n in NAMES}
    lobby = admin.receive(timeout=5)[1]["table"]["lobby"]
    call(admin, "deal", {"characters": {e["id"]: c for e, c in zip(lobby, CHARS)}})

    def latest():
        return newest_snapshot(admin)["view"]

    return table_id, tokens, admin, seats, latest


@pytest.mark.browser
def test_claim_crossroad_cards_and_jail_heart_on_phones(server, pw, browser):
    """The dialogs: a Crossroad Feat that asks for two cards (rank and suit pickers), a
    Legend's claim on another Legend, and leaving Jail with a heart."""
    watch = Watch()
    table_id, tokens, admin, seats, latest = dealt_referee_table(server)
    try:
        view = latest()
        order = [s["name"] for s in view["seats"]]          # seat indexes in the view
        p0, p1, p2, p3 = from_turn(view)
        shown = view["feats"][0]["name"]
        fresh = ["Borderlands" if shown != "Borderlands" else "Bottleneck",
                 "A Thousand Ways to Die" if shown != "A Thousand Ways to Die" else "Fifty Guns"]
        for who in (p0, p1):
            call(admin, "host_move", {"set": {"seat": who, "fame": 1}})
        call(seats[p0], "move", {"draw": {}})
        call(seats[p0], "move", {"boast": shown, "reveal": fresh[0]})
        call(seats[p0], "move", {"end_turn": {}})
        call(seats[p1], "move", {"draw": {}})
        call(seats[p1], "move", {"boast": shown, "reveal": fresh[1]})
        call(seats[p1], "move", {"end_turn": {}})
        call(admin, "host_move", {"set": {"seat": p2, "in_play": ["Jail"]}})
        assert [s["legend"] for s in latest()["seats"] if s["name"] in (p0, p1)] == [True, True]

        def phone(name, scheme):
            ctx = browser.new_context(**pw.devices["Pixel 7"], color_scheme=scheme)
            page = watch.page(ctx, name)
            # the legend moments were shown already (on phones not opened in this test)
            page.add_init_script(f"""for (const n of {[p0, p1]!r})
                localStorage.setItem(`bang:legend:{table_id}:1:${{n}}`, "1");""")
            page.goto(f"{server}/p/{table_id}#{tokens[name]}")
            expect(page.locator("#feats-box")).to_be_visible()
            return ctx, page

        # Jail: the heart option on the jailed player's phone, hearts only.
        c2, jailed = phone(p2, "dark")
        expect(jailed.locator("#feats-jail")).to_be_visible()
        jailed.get_by_role("button", name="Discard a heart…").click()
        dialog = jailed.locator("#feat-dialog")
        dialog.get_by_label("Rank").select_option("7")
        expect(dialog.get_by_role("radio")).to_have_count(1)
        shot(jailed, "legends-phone-jail-heart")
        dialog.get_by_role("button", name="Discard it").click()
        expect(dialog).to_be_hidden()
        expect(jailed.locator("#feats-jail")).to_be_hidden()
        assert "Jail" not in [c["name"] for s in latest()["seats"] if s["name"] == p2
                              for c in s["in_play"]]
        call(seats[p2], "move", {"draw": {}})
        call(seats[p2], "move", {"end_turn": {}})

        # A Thousand Ways to Die: a Missed! and a card of its suit, picked by rank and suit.
        c3, p3page = phone(p3, "light")
        call(seats[p3], "move", {"draw": {}})
        card = feat_card(p3page, "A Thousand Ways to Die")
        card.get_by_role("button", name="Perform…").click()
        dialog = p3page.locator("#feat-dialog")
        pickers = dialog.locator(".card-picker")
        expect(pickers).to_have_count(2)
        pickers.nth(0).get_by_label("Rank").select_option("10")
        pickers.nth(0).get_by_text("clubs").click()
        pickers.nth(1).get_by_label("Rank").select_option("K")
        pickers.nth(1).get_by_text("clubs").click()
        assert not small_targets(p3page), small_targets(p3page)
        shot(p3page, "legends-phone-two-cards")
        dialog.get_by_role("button", name="Perform", exact=True).click()
        expect(dialog).to_be_hidden()
        assert latest()["seats"][order.index(p3)]["fame"] == 3
        call(seats[p3], "move", {"end_turn": {}})

        # The first Legend claims the Borderlands Feat: the other Legend loses a life.
        c0, legend = phone(p0, "dark")
        call(seats[p0], "move", {"draw": {}})
        life = latest()["seats"][order.index(p1)]["life"]
        before = [f["name"] for f in latest()["feats"]]
        claim = feat_card(legend, fresh[0]).get_by_role("button", name="Claim…")
        expect(claim).to_be_enabled()
        claim.click()
        dialog = legend.locator("#feat-dialog")
        target = dialog.get_by_label("Another Legend loses 1 life")
        expect(target.locator("option")).to_have_count(2)          # nobody, or the other Legend
        target.select_option(p1)
        replace = dialog.get_by_label("The Feat turned up to replace it")
        replace.select_option("Wilhelm Scream" if "Wilhelm Scream" not in before else "Fifty Guns")
        shot(legend, "legends-phone-claim")
        dialog.get_by_role("button", name="Claim", exact=True).click()
        expect(dialog).to_be_hidden()
        after = latest()
        assert fresh[0] not in [f["name"] for f in after["feats"]]
        assert len(after["feats"]) == len(before)
        assert after["seats"][order.index(p1)]["life"] == life - 1
        expect(feat_card(legend, fresh[1]).get_by_role("button", name="Claim…")).to_be_disabled()
        for page in (jailed, p3page, legend):
            assert not unnamed_controls(page), unnamed_controls(page)
        for ctx in (c0, c2, c3):
            ctx.close()
    finally:
        for c in (admin, *seats.values()):
            c.disconnect()
    assert not watch.errors, watch.errors


@pytest.mark.browser
def test_tracker_mode_feats_are_trusted(server, pw, browser):
    """Tracker mode: the table keeps its own cards, so a Feat is one tap (the app trusts
    it) and the phone says so; tokens show on the host screen."""
    watch = Watch()
    host_ctx = browser.new_context(viewport={"width": 1366, "height": 860})
    host = watch.page(host_ctx, "host")
    host.goto(server + "/")
    host.get_by_label("BANG! Legends").check()
    host.get_by_role("button", name="Create the table").click()
    _, table_id, tokens = join_by_request(host, NAMES)
    expect(host.locator("#lobby-list li")).to_have_count(4)
    host.get_by_role("button", name="Deal roles").click()
    first = host.locator(".seat", has=host.locator(".role-sheriff")).get_attribute("data-seat")
    shown = host.locator("#host-feat-row .host-feat").get_attribute("data-feat")
    ctx = browser.new_context(**pw.devices["Pixel 7"])
    page = watch.page(ctx, first)
    page.goto(f"{server}/p/{table_id}#{tokens[first]}")
    expect(page.locator("#feats-mode")).to_be_visible()
    perform = feat_card(page, shown).get_by_role("button", name=re.compile(r"^Perform"))
    expect(perform).to_be_enabled()
    perform.click()
    # the Feat shown is dealt at random: one that ends the turn (For a Few Cards More) asks
    # first in the confirm dialog, as End my turn does
    dialog = page.locator("#confirm-dialog")
    done = page.locator("#feats-fame").filter(has_text="3 fame left")
    expect(done.or_(dialog.get_by_role("button", name="Perform and end my turn"))).to_be_visible()
    if dialog.is_visible():
        dialog.get_by_role("button", name="Perform and end my turn").click()
    expect(page.locator("#feats-fame")).to_contain_text("3 fame left")
    expect(host.locator(f'#host-feat-row [data-feat="{shown}"] .fame-chip')).to_contain_text(f"{first}2")
    page.locator("#feats-box").scroll_into_view_if_needed()
    shot(page, "legends-phone-tracker")
    assert not watch.errors, watch.errors
    host_ctx.close()
    ctx.close()


@pytest.mark.browser
def test_chuck_a_luck_met_in_a_duel_and_boast_with_fame_everywhere(server, pw, browser):
    """Issue 14: a BANG! answered back in one's own Duel meets The Chuck-a-Luck, so the
    phone performs it without asking for another BANG!. Issue 9: with a token on every
    revealed Feat, Boast… stays enabled and the token goes on the Feat turned up."""
    watch = Watch()
    table_id, tokens, admin, seats, latest = dealt_referee_table(server)
    try:
        view = latest()
        p0, p1, p2, p3 = from_turn(view)
        chuck = "The Chuck-a-Luck"
        shown = view["feats"][0]["name"]
        other = shown if shown != chuck else "Bottleneck"

        def round_the_table():
            call(seats[p0], "move", {"end_turn": {}})
            for who in (p1, p2, p3):
                call(seats[who], "move", {"draw": {}})
                call(seats[who], "move", {"end_turn": {}})

        call(seats[p0], "move", {"draw": {}})
        call(seats[p0], "move", {"boast": other, "reveal": chuck if shown != chuck else other})
        round_the_table()
        ctx = browser.new_context(**pw.devices["Pixel 7"], color_scheme="light")
        page = watch.page(ctx, p0)
        page.goto(f"{server}/p/{table_id}#{tokens[p0]}")
        expect(page.locator("#feats-box")).to_be_visible()
        call(seats[p0], "move", {"draw": {}})
        call(admin, "host_move", {"set": {"seat": p0, "hand": 2}})
        perform = feat_card(page, chuck).get_by_role("button", name=re.compile(r"^Perform"))
        expect(perform).to_contain_text("discard a BANG!")          # not met yet: it costs one
        call(seats[p0], "move", {"play": "Duel", "target": p1})
        call(seats[p1], "move", {"respond": "BANG!"})
        call(seats[p0], "move", {"respond": "BANG!"})
        call(seats[p1], "move", {"respond": "take"})
        expect(perform).to_be_enabled()
        expect(perform).not_to_contain_text("discard")               # met: nothing more to give
        perform.click()
        expect(page.locator("#feats-fame")).to_contain_text("2 fame left")
        me = next(s for s in latest()["seats"] if s["name"] == p0)
        assert me["hand"] == 0 and me["fame"] == 2

        round_the_table()
        call(seats[p0], "move", {"draw": {}})
        feats = latest()["feats"]
        assert all(p0 in f["tokens"] for f in feats)                 # fame on every revealed Feat
        boasts = page.locator("#feats-list").get_by_role("button", name="Boast…")
        expect(boasts).to_have_count(len(feats))
        for n in range(len(feats)):
            expect(boasts.nth(n)).to_be_enabled()
        boasts.first.click()
        dialog = page.locator("#feat-dialog")
        fresh = dialog.get_by_label("Which Feat did you turn up from the deck?").input_value()
        target = dialog.get_by_label("My token goes on")
        expect(target.locator("option")).to_have_count(1)
        expect(target).to_have_value(fresh)
        shot(page, "legends-phone-boast-fame-everywhere")
        dialog.get_by_role("button", name="Boast", exact=True).click()
        expect(dialog).to_be_hidden()
        assert next(f for f in latest()["feats"] if f["name"] == fresh)["tokens"] == {p0: 1}
        ctx.close()
    finally:
        for c in (admin, *seats.values()):
            c.disconnect()
    assert not watch.errors, watch.errors
