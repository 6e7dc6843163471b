"""Every screen in the hand (issue 27): a walk over every screen and sheet a player or the
host reaches, in every ruleset (base, Legends, Star Wars) and both modes (tracker,
referee), in English, Hungarian and Russian, each phone screen at 320, 360 and 390 px
and the host's at 1280x800, checked by tests/screens.py (no overflow, no cut control, no
word broken mid-word, no control under another, no word of another language).

One browser, one server; a table per ruleset, mode and language, opened from a record
(POST /tables/from-record) and moved on by its seats' own Socket.IO clients; the pages
stay open and follow, and the widths change with set_viewport_size, never a reload.
"""
from __future__ import annotations

import os
import time

import pytest
import requests

from browsing import Watch, shot
from screens import (HOST_SIZE, LOCALES, Table, Walker, close_dialogs, fold, hold_role,
                     let_go, open_dialog, phone_context)

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# a shorter walk while fixing one language: SCREENS_LANGS=ru (the suite walks all three)
ONLY = os.environ.get("SCREENS_LANGS", " ".join(LOCALES)).split()
NAMES = ("Ann", "Bob", "Cid", "Dan")
# each ruleset's cards of the kinds that ask a question, and its Barrel
KINDS = {"base": {"bang": "BANG!", "duel": "Duel", "indians": "Indians!", "gatling": "Gatling",
                  "barrel": "Barrel"},
         "starwars": {"bang": "BANG!", "duel": "Duel", "indians": "Jawas", "gatling": "AT-AT Attack",
                      "barrel": "Cover"}}
KINDS["legends"] = KINDS["base"]


def record(ruleset: str, mode: str) -> dict:
    """Ann's turn at its draw; Bob behind a Barrel with a long-named weapon."""
    kinds = KINDS[ruleset]
    if ruleset == "starwars":
        seats = [{"name": "Ann", "role": "vader", "character": "Tempered", "hand": 9},
                 {"name": "Bob", "role": "rebel", "character": "Resilient",
                  "in_play": [kinds["barrel"]]},
                 {"name": "Cid", "role": "bounty_hunter", "character": "Inventive"},
                 {"name": "Dan", "role": "rebel", "character": "Fearless"}]
    else:
        seats = [{"name": "Ann", "role": "sheriff", "character": "Jesse Jones", "hand": 9},
                 {"name": "Bob", "role": "outlaw", "character": "Kit Carlson",
                  "in_play": ["Barrel", "Remington"], "life": 4},
                 {"name": "Cid", "role": "outlaw", "character": "Rose Doolan"},
                 {"name": "Dan", "role": "renegade", "character": "Bart Cassidy"}]
    top = {"feats": [{"name": "The Chuck-a-Luck"}, {"name": "A Thousand Ways to Die"},
                     {"name": "For a Few Cards More"}]} if ruleset == "legends" else {}
    return {"format": "bang-record/1", "ruleset": ruleset, "mode": mode, "seats": seats,
            "turn": "Ann", "phase": "draw", **top}


def asked(page):
    q = page.locator("#my-question")
    expect(q).to_be_visible()
    return q


def walk_referee(walker, t, ann, bob, host, lang, ruleset, tag, others=("Bob", "Cid", "Dan")):
    kinds = KINDS[ruleset]
    v = lambda page, what: walker.visit(page, f"{tag} {what}", lang)   # noqa: E731
    expect(ann.locator("#ref-turn")).to_be_visible()
    v(ann, "Ann: her turn, the draw")
    fold(ann, True)
    v(ann, "Ann: every fold open")
    fold(ann, False)
    hold_role(ann)
    v(ann, "Ann: her role held")
    let_go(ann)
    v(bob, "Bob: another's turn")
    walker.visit(host, f"{tag} host: the game", lang, phone=False)

    t.move("Ann", {"draw": {}})
    expect(ann.locator("#play-card")).to_be_visible()
    v(ann, "Ann: her turn, playing")
    ann.locator("#play-card").click()
    sheet = ann.locator("#ref-dialog")
    expect(sheet).to_be_visible()
    expect(sheet.locator("button").first).to_be_visible()
    v(ann, "Ann: the play sheet")
    sheet.locator(".card-group button").first.click()
    ann.wait_for_function("() => document.querySelector('#ref-dialog[open] .targets, #card-dialog[open]')"
                          " || !document.querySelector('dialog[open]')")
    if open_dialog(ann).count():
        v(ann, "Ann: the play sheet's next step")
    close_dialogs(ann)

    for kind in ("bang", "duel", "indians", "gatling"):
        card = kinds[kind]
        t.move("Ann", {"play": card, "target": "Bob"} if kind in ("bang", "duel") else {"play": card})
        q = asked(bob)
        v(bob, f"Bob: the answer to {card}")
        if kind == "bang":
            v(ann, "Ann: waiting for Bob")
            walker.visit(host, f"{tag} host: a question open", lang, phone=False)
            from companion import i18n
            check = q.locator("button", has_text=i18n.gettext(kinds["barrel"], lang))
            if check.count():
                check.first.click()
                expect(ann.locator("dialog[open]")).to_have_count(0)
                expect(open_dialog(bob)).to_have_count(1)
                v(bob, "Bob: the draw! card picker")
                close_dialogs(bob)
        for name in others if kind in ("indians", "gatling") else ("Bob",):
            t.move(name, {"respond": "take"})
        if kind == "gatling":                                # Bob's fourth hit: dying
            asked(bob)
            v(bob, "Bob: dying")
            t.move("Bob", {"respond": "take"})
        expect(bob.locator("#my-question")).to_be_hidden()


def walk_tracker(walker, t, ann, bob, host, lang, ruleset, tag):
    v = lambda page, what: walker.visit(page, f"{tag} {what}", lang)   # noqa: E731
    expect(ann.locator("#life-value")).not_to_have_text("–")
    v(ann, "Ann: the game")
    fold(ann, True)
    v(ann, "Ann: every fold open")
    fold(ann, False)
    hold_role(ann)
    v(ann, "Ann: her role held")
    let_go(ann)
    walker.visit(host, f"{tag} host: the game", lang, phone=False)


def walk_feats(walker, ann, lang, tag):
    """Legends: the Feat tracker and each of its dialogs Ann can open."""
    box = ann.locator("#feats-box")
    expect(box).to_be_visible()
    ann.locator("#feats-box").scroll_into_view_if_needed()
    walker.visit(ann, f"{tag} Ann: the Feats", lang)
    buttons = box.locator(".feat-action button:enabled")
    labels = [b.inner_text() for b in buttons.all()]
    for k, label in enumerate(labels):
        if not label.endswith("…"):
            continue
        buttons.nth(k).click()
        dlg = ann.locator("#feat-dialog")
        expect(dlg).to_be_visible()
        walker.visit(ann, f"{tag} Ann: the Feat dialog {label!r}", lang)
        close_dialogs(ann)


def walk_host(walker, host, lang, tag):
    """The host's corrections on a seat, then the end of the game."""
    host.locator('.seat[data-seat="Bob"]').click()
    expect(host.locator("#seat-dialog")).to_be_visible()
    walker.visit(host, f"{tag} host: the corrections", lang, phone=False)
    close_dialogs(host)


@pytest.mark.parametrize("ruleset", ["base", "legends", "starwars"])
def test_every_screen_of_a_ruleset(server, pw, browser, ruleset):
    watch = Watch()
    walker = Walker(names=NAMES)
    started = time.monotonic()
    for mode in ("referee", "tracker"):
        for lang in LOCALES:
            if lang not in ONLY:
                continue
            tag = f"{ruleset}/{mode}"
            t = Table(server, record(ruleset, mode))
            # a context per phone, as each is its own device: a page that shares one with
            # another goes to the background, where it draws no frame (the check's two
            # frames, a click's "stable" wait took a second each, rarely less)
            phones = [phone_context(browser, lang) for _ in range(2)]
            ann, bob = watch.page(phones[0], "Ann"), watch.page(phones[1], "Bob")
            ann.goto(t.phone_url("Ann"))
            bob.goto(t.phone_url("Bob"))
            host_ctx = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                                           locale=LOCALES[lang])
            host_ctx.add_cookies([t.cookie])
            host = watch.page(host_ctx, "host")
            host.goto(server + t.path)
            for page in (ann, bob):
                expect(page.locator("#game-view")).to_be_visible()
                expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(host.locator(".seat")).to_have_count(4)
            if ruleset == "legends":
                walk_feats(walker, ann, lang, tag)
            (walk_referee if mode == "referee" else walk_tracker)(
                walker, t, ann, bob, host, lang, ruleset, tag)
            walk_host(walker, host, lang, tag)
            t.host_call("end_game")
            expect(ann.locator(".story-chart")).to_be_visible()
            expect(ann.locator("#thumb-bar button:visible")).to_have_count(0)   # no "Play a card"
            walker.visit(ann, f"{tag} Ann: the game's story", lang)
            expect(host.locator(".story-chart")).to_be_visible()
            walker.visit(host, f"{tag} host: the game's story and the score", lang, phone=False)
            if lang == "hu":
                shot(ann, f"screens-{ruleset}-{mode}-{lang}-end")
            for ctx in phones:
                ctx.close()
            host_ctx.close()
            t.close()
    print(f"\n{ruleset}: {walker.screens} screens in {time.monotonic() - started:.1f} s")
    assert not watch.errors, watch.errors
    walker.assert_clean()


# --- the official 3- and 8-player games (issue 29) --------------------------------------------

EIGHT = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")


def players_record(ruleset: str, mode: str, n: int) -> dict:
    """A table of 3 (every role face up, each hunting one of the others) or of 8, at
    Ann's draw; Bob behind a Barrel with a long-named weapon, as in `record`."""
    rec = record(ruleset, mode)
    if n == 3:
        roles = ("deputy", "outlaw", "renegade")
        part = "three_players"
    else:
        roles = ("sheriff", "outlaw", "outlaw", "renegade", "deputy", "renegade", "deputy",
                 "outlaw")
        part = "eight_players"
    chars = ("Jesse Jones", "Kit Carlson", "Rose Doolan", "Bart Cassidy", "Willy the Kid",
             "Calamity Janet", "Slab the Killer", "Lucky Duke")
    seats = [dict(rec["seats"][k]) if k < 2 else {"name": name, "character": chars[k]}
             for k, name in enumerate(EIGHT[:n])]
    for seat, role in zip(seats, roles):
        seat["role"] = role
    return dict(rec, seats=seats, parts=[part])


def walk_hunting(walker, t, ann, host, lang, tag):
    """The 3-player game: who hunts whom on the phone and the host screen; in tracker
    mode the report of a final hit and its question."""
    expect(ann.locator("#hunting-box")).to_be_visible()
    expect(ann.locator("#hunting li")).to_have_count(4)
    expect(host.locator("#hunting-card")).to_be_visible()
    expect(host.locator(".seat-hunts")).to_have_count(3)
    ann.locator("#hunting-box").scroll_into_view_if_needed()
    walker.visit(ann, f"{tag} Ann: who hunts whom", lang)
    final = ann.locator("#final-hit")
    if final.is_visible():
        final.click()
        expect(open_dialog(ann)).to_have_count(1)
        walker.visit(ann, f"{tag} Ann: did you deal the final hit?", lang)
        close_dialogs(ann)


@pytest.mark.parametrize("ruleset,players", [("base", 3), ("legends", 8)])
def test_every_screen_of_a_table_of_three_or_eight(server, pw, browser, ruleset, players):
    """The same walk at a table of 3 (the base game) and of 8 (Legends): every role and
    target on the phones and the host, eight seats on the host's 1280x800, in the
    distance calculator and the play sheet at 320 px."""
    watch = Watch()
    names = EIGHT[:players]
    walker = Walker(names=names)
    started = time.monotonic()
    for mode in ("referee", "tracker"):
        for lang in LOCALES:
            if lang not in ONLY:
                continue
            tag = f"{ruleset}/{players} players/{mode}"
            t = Table(server, players_record(ruleset, mode, players))
            phones = phone_context(browser, lang)
            ann, bob = watch.page(phones, "Ann"), watch.page(phones, "Bob")
            ann.goto(t.phone_url("Ann"))
            bob.goto(t.phone_url("Bob"))
            host_ctx = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                                           locale=LOCALES[lang])
            host_ctx.add_cookies([t.cookie])
            host = watch.page(host_ctx, "host")
            host.goto(server + t.path)
            for page in (ann, bob):
                expect(page.locator("#game-view")).to_be_visible()
            expect(host.locator(".seat")).to_have_count(players)
            if players == 3:
                walk_hunting(walker, t, ann, host, lang, tag)
            if ruleset == "legends":
                walk_feats(walker, ann, lang, tag)
            (walk_referee if mode == "referee" else walk_tracker)(
                walker, t, ann, bob, host, lang, ruleset, tag, *(
                    (names[1:],) if mode == "referee" else ()))
            walk_host(walker, host, lang, tag)
            t.host_call("end_game")
            expect(ann.locator(".story-chart")).to_be_visible()
            walker.visit(ann, f"{tag} Ann: the game's story", lang)
            expect(host.locator(".story-chart")).to_be_visible()
            walker.visit(host, f"{tag} host: the game's story and the score", lang, phone=False)
            if lang == "hu":
                shot(host, f"screens-{players}-{ruleset}-{mode}-{lang}-host")
            phones.close()
            host_ctx.close()
            t.close()
    print(f"\n{ruleset}, {players} players: {walker.screens} screens in "
          f"{time.monotonic() - started:.1f} s")
    assert not watch.errors, watch.errors
    walker.assert_clean()


def test_the_pages_around_the_game(server, pw, browser):
    """The start page, the rules, the tables waiting, the join page and the lobby, on a
    phone and on the laptop, in each language."""
    watch = Watch()
    walker = Walker(names=NAMES)
    ids = []
    for ruleset in ("base", "legends", "starwars"):
        r = requests.post(server + "/tables", data={"ruleset": ruleset, "mode": "referee"},
                          allow_redirects=False, timeout=10)
        ids.append(r.headers["Location"].rsplit("/", 1)[1])
    tokens = {n: requests.post(f"{server}/t/{ids[0]}/join", json={"name": n}, timeout=10)
              .json()["token"] for n in ("Ann", "Bob")}
    # a Star Wars lobby asks for an ability card drawn by hand ('MAGAD HÚZTAD A LAPODAT
    # (KÉPESSÉGKÁRTYA)?' was cut at 320 px)
    sw = requests.post(f"{server}/t/{ids[2]}/join", json={"name": "Cid"}, timeout=10).json()["token"]
    for lang in LOCALES:
        phones = phone_context(browser, lang)
        page = watch.page(phones, "phone")
        for path, what in (("/", "the start page"), ("/rules", "the rules"),
                           ("/join", "the tables waiting"), (f"/t/{ids[0]}", "the join page"),
                           (f"/p/{ids[0]}#{tokens['Ann']}", "the lobby"),
                           (f"/p/{ids[2]}#{sw}", "a Star Wars lobby")):
            page.goto(server + path)
            if what == "a Star Wars lobby":
                expect(page.locator("#own-ability")).to_be_visible()
            if what == "the lobby":
                expect(page.locator("#lobby-view")).to_be_visible()
                expect(page.locator("#lobby-list li")).to_have_count(2)
            walker.visit(page, what, lang)
            if path == "/":
                walker.visit(page, what, lang, phone=False)
        phones.close()
    assert not watch.errors, watch.errors
    walker.assert_clean()


# --- the end of a game as a picture (issue 27 item 6) -----------------------------------------

CHART_MARKS = """() => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map((el) => [el.textContent, el.getBoundingClientRect()]);
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const crossing = (sel) => {
    const out = [], all = boxes(sel);
    for (let i = 0; i < all.length; i += 1) for (let j = i + 1; j < all.length; j += 1)
      if (meet(all[i][1], all[j][1])) out.push(`${all[i][0]} / ${all[j][0]}`);
    return out;
  };
  const chart = document.querySelector(".story-chart");
  const right = chart.getBoundingClientRect().right;
  return {
    turns: document.querySelectorAll(".story-chart .turn-label").length,
    turnsMeet: crossing(".story-chart .turn-label"),
    turnsOut: boxes(".story-chart .turn-label").filter(([, r]) => r.right > right + 1).map(([t]) => t),
    endsMeet: crossing(".story-chart .end-label"),
    fixes: [...document.querySelectorAll(".story-chart .fix-mark")].map((g) => g.dataset.seat),
    fixDash: [...document.querySelectorAll(".story-chart .fix-step")].map((l) => getComputedStyle(l).strokeDasharray),
    lineDash: [...document.querySelectorAll(".story-chart .life-line")].map((l) => getComputedStyle(l).strokeDasharray),
    paths: Object.fromEntries([...document.querySelectorAll(".story-chart .life-line")].map((p) => [p.dataset.seat, p.getAttribute("d")])),
    key: !!document.querySelector(".story-legend .fix-key"),
  };
}"""


def test_the_story_draws_corrections_apart_and_no_label_over_another(server, pw, browser):
    """A game of many short turns, Cid and Dan at the same life throughout, and a life the
    host corrected: on the host's screen and on a 320 px Russian and Hungarian phone, the
    turn labels and the names at the lines' ends never overlap ("ход 3ход 4"), Cid's and
    Dan's lines are not one line, and the correction is dashed with a ring, explained in
    the legend, where a hit is a solid line."""
    watch = Watch()
    seats = [{"name": "Ann", "role": "sheriff", "character": "Willy the Kid"},
             {"name": "Bob", "role": "outlaw", "character": "Kit Carlson", "life": 3},
             {"name": "Cid", "role": "deputy", "character": "Rose Doolan"},
             {"name": "Dan", "role": "renegade", "character": "Bart Cassidy"}]
    for s in seats:
        s["hand"] = 0
    moves = [{"by": "host", "set": {"seat": "Bob", "life": 2}}]
    hand, life = dict.fromkeys(NAMES, 0), {"Ann": 5, "Bob": 2, "Cid": 4, "Dan": 4}
    for _ in range(4):                           # sixteen turns of drawing and passing
        for name in NAMES:
            hand[name] += 2
            discard = max(0, hand[name] - life[name])
            hand[name] -= discard
            moves += [{"by": name, "draw": {}}, {"by": name, "end_turn": {"discard": discard}}]
    moves += [{"by": "Ann", "draw": {}}, {"by": "Ann", "play": "BANG!", "target": "Bob"},
              {"by": "Bob", "respond": "take"}]
    t = Table(server, {"format": "bang-record/1", "ruleset": "base", "mode": "referee",
                       "phase": "draw", "seats": seats, "moves": moves})
    host_ctx = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)))
    host_ctx.add_cookies([t.cookie])
    host = watch.page(host_ctx, "host")
    host.goto(server + t.path)
    expect(host.locator(".seat")).to_have_count(4)
    t.host_call("end_game")
    pages = [("host", host)]
    contexts = [host_ctx]
    for lang in ("ru", "hu"):
        ctx = phone_context(browser, lang)
        contexts.append(ctx)
        page = watch.page(ctx, lang)
        page.goto(t.phone_url("Cid" if lang == "ru" else "Dan"))
        pages.append((lang, page))
    for label, page in pages:
        expect(page.locator(".story-chart")).to_be_visible()
        page.locator(".story-chart").scroll_into_view_if_needed()
        shot(page, f"screens-story-{label}")
        marks = page.evaluate(CHART_MARKS)
        assert marks["turns"] >= 3, (label, marks)
        assert not marks["turnsMeet"], (label, "turn labels overlap", marks["turnsMeet"])
        assert not marks["turnsOut"], (label, "turn labels past the chart", marks["turnsOut"])
        assert not marks["endsMeet"], (label, "names overlap", marks["endsMeet"])
        assert marks["fixes"] == ["Bob"], (label, marks["fixes"])
        assert all(d not in ("none", "") for d in marks["fixDash"]), marks["fixDash"]
        assert all(d in ("none", "") for d in marks["lineDash"]), marks["lineDash"]
        assert marks["key"], (label, "no legend entry for the corrections")
        assert marks["paths"]["Cid"] != marks["paths"]["Dan"], (label, "Cid's line hides Dan's")
    for ctx in contexts:
        ctx.close()
    t.close()
    assert not watch.errors, watch.errors


# --- no accidental move (issue 27 item 2) -----------------------------------------------------

HOLD_MS = 600        # how long the finger stays down: a look at one's role, not a tap

ROLE_POINTS = """() => {
  const vh = window.innerHeight, role = document.getElementById("role-hold").getBoundingClientRect();
  const bar = document.getElementById("thumb-bar").getBoundingClientRect();
  const top = Math.max(role.top, 0), bottom = Math.min(role.bottom, vh);
  if (bottom - top < 10) return [];
  const x = role.left + role.width / 2, points = [[x, (top + Math.min(bottom, bar.top)) / 2]];
  // where the card lies under the bar: the finger holding it lands on the bar there
  for (let y = Math.max(top, bar.top) + 6; y < bottom; y += 30) points.push([x, y]);
  return points.filter(([, y]) => y > 0 && y < vh);
}"""


def moves_made(server, t) -> int:
    r = requests.get(f"{server}/host/{t.id}/export.json", timeout=10,
                     cookies={t.cookie["name"]: t.cookie["value"]})
    assert r.status_code == 200, r.text
    return len(r.json().get("moves", []))


def test_a_hold_on_the_role_never_makes_a_move(server, pw, browser):
    """The Sheriff at his draw (Jesse Jones: four ways to draw in the bar) presses and holds
    his role card at every scroll position where it shows, wherever it shows, also where
    it lies under the bottom bar: no move is made (a Sheriff's hold drew his two cards).
    A quick tap on the bar still draws."""
    watch = Watch()
    t = Table(server, record("base", "referee"))
    ctx = phone_context(browser, "hu")
    ann = watch.page(ctx, "Ann")
    ann.goto(t.phone_url("Ann"))
    expect(ann.locator("#ref-turn")).to_be_visible()
    held = 0
    for width in (320, 390):
        ann.set_viewport_size({"width": width, "height": 640})
        bottom = ann.evaluate("document.scrollingElement.scrollHeight - innerHeight")
        for y in range(0, bottom + 1, 80):
            ann.evaluate("(y) => window.scrollTo(0, y)", y)
            for x, py in ann.evaluate(ROLE_POINTS):
                ann.mouse.move(x, py)
                ann.mouse.down()
                ann.wait_for_timeout(HOLD_MS)      # the press itself: nothing to wait for
                ann.mouse.up()
                held += 1
    assert held > 10, held
    assert moves_made(server, t) == 0, "a hold on the role made a move"
    ann.evaluate("() => window.scrollTo(0, 0)")
    ann.locator("#ref-turn button.primary").first.click()
    expect(ann.locator("#play-card")).to_be_visible()
    assert moves_made(server, t) == 1
    ctx.close()
    t.close()
    assert not watch.errors, watch.errors


BAR = """() => {
  const bar = document.getElementById("thumb-bar"), vh = window.innerHeight;
  const pad = parseFloat(getComputedStyle(document.querySelector("main")).paddingBottom);
  const out = {height: bar.getBoundingClientRect().height, pad, hidden: []};
  for (const b of bar.querySelectorAll("button")) {
    if (!b.offsetParent || b.disabled) continue;
    b.scrollIntoView({block: "nearest"});
    const r = b.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!(hit === b || b.contains(hit)) || r.top < bar.getBoundingClientRect().top - 1 || r.bottom > vh + 1)
      out.hidden.push(b.textContent.trim());
  }
  return out;
}"""


def test_the_bar_takes_a_quarter_of_the_screen_and_hides_no_choice(server, pw, browser):
    """At 640 px high the bottom bar is at most 160 px (a quarter), the page's bottom
    padding is at least the bar, and every choice in it can be reached and tapped: the
    Jesse Jones draw of four ways (its fourth was off the screen) and an answer to a
    BANG! behind a Barrel, at 320, 360 and 390 px, in Russian."""
    watch = Watch()
    t = Table(server, record("base", "referee"))
    ctxs = [phone_context(browser, "ru") for _ in range(2)]     # a phone each: both draw frames
    ann, bob = watch.page(ctxs[0], "Ann"), watch.page(ctxs[1], "Bob")
    ann.goto(t.phone_url("Ann"))
    bob.goto(t.phone_url("Bob"))
    expect(ann.locator("#ref-turn .ref-actions button")).to_have_count(4)
    states = [("the draw of Jesse Jones", ann)]
    for label, page in states:
        check_bar(page, label)
    t.move("Ann", {"draw": {}})
    t.move("Ann", {"play": "BANG!", "target": "Bob"})
    expect(bob.locator("#my-question .answer-list button")).to_have_count(3)
    check_bar(bob, "an answer to a BANG!")
    for ctx in ctxs:
        ctx.close()
    t.close()
    assert not watch.errors, watch.errors


def check_bar(page, label):
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 640})
        page.wait_for_function("() => parseFloat(getComputedStyle(document.querySelector('main'))"
                               ".paddingBottom) >= document.getElementById('thumb-bar').offsetHeight")
        bar = page.evaluate(BAR)
        assert bar["height"] <= 160, (label, width, bar)
        assert bar["pad"] >= bar["height"], (label, width, bar)
        assert not bar["hidden"], (label, width, bar)
