"""The table in hand (issue 9), in a real browser: phones 320 px wide (iPhone SE,
Galaxy S9+) where nothing may overflow its box, the host's corrections with a question
open, the one-handed phone, and the end of a game as a picture. Screenshots go to
test-artifacts/table-*.png.

Tables start from records uploaded on the start page, so the situation on screen is
known; phones take their seats through the host's claim links.
"""
from __future__ import annotations

import re

import pytest

from browsing import (ARTIFACTS as ROOT_ARTIFACTS, Watch, loopback_only, seat_phone, seat_tile, shot,
                      start_from_record)
from helpers import TEMPERED, a_record

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

SMALL_PHONES = ("iPhone SE", "Galaxy S9+")     # both 320 px wide

# Every visible block-level control or text box whose content is wider than its box, the
# page wider than the screen, an open dialog outside the screen or a control outside its
# dialog, and (with a modal open) any point of the screen where something else shows.
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight, bad = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > vw) bad.push(`page ${root.scrollWidth} px wide on a ${vw} px screen`);
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}`
    + ` "${(el.textContent || "").trim().slice(0, 30)}"`;
  for (const el of document.querySelectorAll(
      "button, a.button, label, output, summary, h1, h2, h3, p, li, select, input, .chip")) {
    if (!el.offsetParent || getComputedStyle(el).display === "inline") continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible")
      bad.push(`${name(el)}: content ${el.scrollWidth} px in a ${el.clientWidth} px box`);
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -1 || r.right > vw + 1))
      bad.push(`${name(el)}: ${Math.round(r.left)}..${Math.round(r.right)} outside the screen`);
  }
  for (const d of document.querySelectorAll("dialog[open]")) {
    const r = d.getBoundingClientRect();
    if (r.left < 0 || r.right > vw || r.top < 0 || r.bottom > vh + 1)
      bad.push(`${name(d)}: box ${Math.round(r.left)},${Math.round(r.top)}..`
        + `${Math.round(r.right)},${Math.round(r.bottom)} outside ${vw}x${vh}`);
    for (const el of d.querySelectorAll("button, input, select")) {
      if (!el.offsetParent) continue;
      const b = el.getBoundingClientRect();
      if (b.left < r.left - 1 || b.right > r.right + 1)
        bad.push(`${name(el)} sticks out of ${name(d)}`);
    }
    if (d.matches(":modal")) {
      const bg = getComputedStyle(d).backgroundColor;
      const alpha = bg.startsWith("rgba") ? parseFloat(bg.split(",")[3]) : 1;
      if (alpha < 1) bad.push(`${name(d)}: see-through background ${bg}: the page shows through`);
      for (let x = 4; x < vw; x += 40) for (let y = 4; y < vh; y += 40) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== d && !d.contains(hit) && hit !== document.documentElement)
          bad.push(`${name(hit)} shows through ${name(d)} at ${x},${y}`);
      }
    }
  }
  return [...new Set(bad)];
}"""


def overflow(page) -> list[str]:
    return page.evaluate(OVERFLOW)


def fits(page, label: str) -> None:
    """Nothing overflows, shown in a screenshot; a failure names every offender."""
    shot(page, f"table-{label}", full_page=False)
    problems = overflow(page)
    assert not problems, f"{label}: {problems}"


# --- 320 px -------------------------------------------------------------------------------

LANGS = {"en": "en-US", "hu": "hu-HU", "ru": "ru-RU"}     # each phone's browser language
# the longest of the connection line's states, in each language, as the top bar may show it
CONN = ("Connected", "Reconnecting…", "Not connected", "Connecting…")


def words(lang: str):
    """A page's words in `lang`, from its catalog (English as it is)."""
    if lang == "en":
        return lambda text: text
    from babel.messages.pofile import read_po
    from companion import i18n
    with open(i18n.po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang)

    def say(text: str) -> str:
        entry = catalog.get(text)
        assert entry is not None and entry.string, f"{lang}: no translation of {text!r}"
        return entry.string
    return say


# The top bar at its fullest: the player's name, "Screen stays on", the longest connection
# state and the language switch on one line, each readable: the name keeps a few letters,
# the switch shows its whole language name, nothing wraps past one line.
TOP_BAR = """(conn) => {
  document.getElementById("awake").hidden = false;
  const c = document.getElementById("conn");
  c.textContent = conn.reduce((a, b) => (b.length > a.length ? b : a));
  const bad = [], vw = document.documentElement.clientWidth;
  const bar = document.querySelector(".topbar").getBoundingClientRect();
  if (bar.width > vw + 1) bad.push(`top bar ${Math.round(bar.width)} px on a ${vw} px screen`);
  for (const el of document.querySelectorAll(".topbar > *")) {
    if (!el.offsetParent) continue;
    const r = el.getBoundingClientRect();
    if (r.right > vw + 1) bad.push(`${el.id || el.className}: ends at ${Math.round(r.right)} px`);
    const line = parseFloat(getComputedStyle(el).lineHeight) || 20;
    if (el.matches(".awake, .conn, .me-name") && r.height > 2.2 * line)
      bad.push(`${el.id}: ${Math.round(r.height)} px high, more than two lines`);
  }
  const name = document.getElementById("me-name");
  if (name.getBoundingClientRect().width < 40) bad.push(`the name is ${Math.round(name.getBoundingClientRect().width)} px wide`);
  const sel = document.querySelector(".language select");
  const probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
  probe.style.font = getComputedStyle(sel).font;
  probe.textContent = sel.options[sel.selectedIndex].text;
  document.body.append(probe);
  const need = probe.getBoundingClientRect().width;
  probe.remove();
  if (sel.clientWidth < need + 16) bad.push(`the language switch shows ${Math.round(sel.clientWidth)} px of "${probe.textContent}" (${Math.round(need)} px)`);
  return bad;
}"""


def top_bar_fits(page, lang: str, label: str) -> None:
    say = words(lang)
    problems = page.evaluate(TOP_BAR, [say(c) for c in CONN])
    shot(page, f"table-{label}", full_page=False)
    assert not problems, f"{label}: {problems}"


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.long
def test_phones_320_px_wide_fit(server, pw, browser, tmp_path, lang):
    """iPhone SE and Galaxy S9+ in each language (issue 22 part 6): the top bar at its
    fullest, long card names in their toggles, the draw! card picker, a question, and
    the host's banner of a dying player beside the seats; nothing overflows, no dialog
    leaves the screen, a modal hides what is under it."""
    watch = Watch()
    say = words(lang)
    record = a_record(Ann={"in_play": ["Winchester", "Scope"], "hand": 6},
                      Bob={"in_play": ["Remington", "Barrel", "Mustang"], "life": 1},
                      Dan={"life": 1}, moves=[{"by": "Ann", "play": "Gatling"}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    where = {"locale": LANGS[lang]}
    ann_ctx, ann = seat_phone(browser, watch, pw, host, "Ann", "Galaxy S9+", **where)
    bob_ctx, bob = seat_phone(browser, watch, pw, host, "Bob", "iPhone SE", **where)
    dan_ctx, dan = seat_phone(browser, watch, pw, host, "Dan", "iPhone SE", color_scheme="dark",
                              **where)
    cid_ctx, cid = seat_phone(browser, watch, pw, host, "Cid", "Galaxy S8", **where)   # 360 px
    expect(bob.locator("html")).to_have_attribute("lang", lang)
    top_bar_fits(bob, lang, f"320-{lang}-top-bar")
    top_bar_fits(ann, lang, f"320-{lang}-top-bar-s9")
    top_bar_fits(cid, lang, f"360-{lang}-top-bar")
    fits(cid, f"360-{lang}-question")

    fits(bob, f"320-{lang}-question")
    bob.locator("#inplay-box").scroll_into_view_if_needed()
    fits(bob, f"320-{lang}-in-play")
    bob.locator("#my-question").get_by_role("button", name=re.compile(say("Barrel"))).click()
    expect(bob.locator("#card-dialog")).to_be_visible()
    fits(bob, f"320-{lang}-card-picker")
    bob.keyboard.press("Escape")

    dan.locator("#my-question").get_by_role("button", name=say("Take the hit")).click()
    expect(dan.locator("#my-question")).to_contain_text(say("You are dying: a {beer}, or out of "
                                                            "the game").split("{")[0].strip())
    fits(dan, f"320-{lang}-dying")
    if lang == "en":      # the host's screen (English) once is enough
        host_beside_a_dying_player(host, dan)
    for page in (ann_ctx, bob_ctx, cid_ctx, dan_ctx, host_ctx):
        page.close()
    assert not watch.errors, watch.errors


def host_beside_a_dying_player(host, dan) -> None:
    # the host's screen: the dying player's line never covers a seat
    expect(host.locator("#pending")).to_contain_text("Dan")
    boxes = host.evaluate("""() => {
      const c = document.getElementById("center").getBoundingClientRect();
      return [...document.querySelectorAll(".seat")].map((s) => {
        const r = s.getBoundingClientRect();
        const cross = !(r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom);
        return cross ? s.dataset.seat : null; }).filter(Boolean); }""")
    shot(host, "table-host-dying")
    assert not boxes, f"the centre panel covers {boxes}"
    # a correction with the question open: the host's screen says what became of it
    seat_tile(host, "Dan").click()
    host.locator("#seat-dialog").get_by_role("button", name="One card less").click()
    expect(host.locator("#seat-dialog .banner.info")).to_contain_text("Dan is asked again")
    host.locator("#seat-dialog").get_by_role("button", name="One life more").click()
    expect(host.locator("#seat-dialog .banner.info")).to_contain_text("question to Dan is closed")
    host.locator("#seat-dialog").get_by_role("button", name="Done").click()
    expect(dan.locator("#my-question")).to_be_hidden()


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ["base", "starwars"])
def test_the_play_sheet_and_the_bar_320_px_in_every_language(server, pw, browser, tmp_path,
                                                             lang, ruleset):
    """The turn's bar and the "Play a card" sheet on an iPhone SE in each language, in the
    base game and in Star Wars (its longer words): the groups ("At a player", "At
    everyone"), the cards and the targets fit the screen."""
    watch = Watch()
    say = words(lang)
    record = a_record("starwars", characters=TEMPERED) if ruleset == "starwars" else a_record()
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record, ruleset)
    ctx, ann = seat_phone(browser, watch, pw, host, "Ann", "iPhone SE", locale=LANGS[lang])
    expect(ann.locator("body")).to_have_class(re.compile("my-turn"))
    top_bar_fits(ann, lang, f"320-{lang}-{ruleset}-top-bar")
    fits(ann, f"320-{lang}-{ruleset}-bar")
    ann.get_by_role("button", name=say("Play a card")).click()
    sheet = ann.locator("#ref-dialog")
    expect(sheet.locator(".card-group").first).to_be_visible()
    fits(ann, f"320-{lang}-{ruleset}-play-sheet")
    sheet.locator(".card-group").first.locator("button").first.click()
    expect(sheet.locator(".targets")).to_be_visible()
    fits(ann, f"320-{lang}-{ruleset}-targets")
    ctx.close()
    host_ctx.close()
    assert not watch.errors, watch.errors


@pytest.mark.browser
def test_legend_moment_320_px_covers_the_page(server, pw, browser, tmp_path):
    """The 'You are a Legend!' moment on a 320 px phone during its own turn: the modal fits
    the screen and nothing of the page under it (the sticky turn card) shows through."""
    watch = Watch()
    record = a_record(ruleset="legends")
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record, "legends")
    ctx, ann = seat_phone(browser, watch, pw, host, "Ann", "iPhone SE")
    expect(ann.locator("body")).to_have_class(re.compile("my-turn"))
    ann.evaluate("""() => { document.getElementById("legend-moment-char").textContent = "Willy the Kid";
      document.getElementById("legend-moment-ability").textContent =
        "He may play any number of BANG! cards, and one BANG! a turn needs no card at all.";
      document.getElementById("legend-moment").showModal(); }""")
    fits(ann, "320-legend-moment")
    ctx.close()
    host_ctx.close()
    assert not watch.errors, watch.errors


# --- words ------------------------------------------------------------------------------

VISIBLE_IDS = """() => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const text = document.body.innerText;
  return [...text.matchAll(/\\b[a-z][a-z0-9]*_[a-z0-9_]+\\b|\\b[a-z]+\\.[a-z][a-z_]*\\b|\\d [+−]\\d/g)]
    .map((m) => text.slice(Math.max(0, m.index - 30), m.index + 30));
}"""


@pytest.mark.browser
def test_plain_words_on_phone_and_host(server, pw, browser, tmp_path):
    """Issue 9 §2 as a player sees it: a refused target on one's own phone says "your Colt
    .45" and names the rule by its title; the log says what the host took back; no page
    shows an identifier, a rule id or a code, not even the page of a bad seat link."""
    watch = Watch()
    record = a_record(Ann={"character": "Kit Carlson"}, Cid={"in_play": ["Mustang"]},
                      moves=[{"by": "Ann", "play": "Barrel"}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    ctx, ann = seat_phone(browser, watch, pw, host, "Ann", "iPhone SE")
    ann.get_by_role("button", name="Play a card").click()
    sheet = ann.locator("#ref-dialog")
    sheet.get_by_role("button", name="BANG!", exact=True).click()
    why = sheet.locator("#why-Cid")
    expect(why).to_contain_text("your Colt .45 reaches 1")
    expect(why).not_to_contain_text("Ann's")
    expect(why.locator("a.rule-link")).to_have_text(re.compile(r"^Rule: [A-Z][^.]*$"))
    shot(ann, "table-words-your-reach")
    assert not ann.evaluate(VISIBLE_IDS), ann.evaluate(VISIBLE_IDS)
    sheet.get_by_role("button", name="Close").click()
    # the host takes back the Barrel: the log says what it was
    host.get_by_role("button", name="Undo last move").click()
    host.locator("#confirm-dialog").get_by_role("button", name="Undo").click()     # it asks
    expect(host.locator("#log")).to_contain_text("The host took back: Ann")
    expect(host.locator("#log")).to_contain_text("The host took back: Ann plays Barrel.")
    # on Ann's own phone the same line speaks to her (issue 22 §8)
    expect(ann.locator("#log")).to_contain_text("The host took back: You play Barrel.")
    assert not host.evaluate(VISIBLE_IDS), host.evaluate(VISIBLE_IDS)
    assert not ann.evaluate(VISIBLE_IDS), ann.evaluate(VISIBLE_IDS)
    # a seat link that is not valid: a sentence, no error code
    stray = watch.page(ctx, "stray")
    stray.goto(server + "/t/" + host.url.rstrip("/").split("/")[-1] + "/claim/nonsense")
    expect(stray.get_by_role("alert")).to_be_visible()
    expect(stray.locator("body")).not_to_contain_text("bad_token")
    assert not stray.evaluate(VISIBLE_IDS)
    ctx.close()
    host_ctx.close()
    assert not [e for e in watch.errors if "40" not in e], watch.errors


# --- one hand -------------------------------------------------------------------------------

@pytest.mark.browser
def test_a_phone_that_fits_one_hand(server, pw, browser, tmp_path):
    """Issue 9 §3 on an iPhone SE: the player's name always on top; the turn's actions and
    the question in a bar at the bottom of the screen; the distances folded; a player
    takes back his own last move; ending a turn over the hand limit asks first; the host
    acts for a seat whose phone is off, and the log says so; a used seat link says where
    the seat is and how to move it."""
    watch = Watch()
    record = a_record(Ann={"character": "Sid Ketchum", "life": 4, "hand": 7}, Bob={"life": 1})
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record)
    claims = host.locator("#host-ref-claims")
    claims.get_by_role("button", name="Show the QR code for Ann's seat").click()
    used = loopback_only(claims.locator(".join-url").first.inner_text().strip())
    ctx = browser.new_context(**pw.devices["iPhone SE"])
    ann = watch.page(ctx, "Ann")
    ann.goto(used)
    expect(ann.locator("#game-view")).to_be_visible()

    expect(ann.locator("#me-name")).to_have_text("Ann")
    bar = ann.locator("#thumb-bar")
    for name in ("Play a card", "End my turn"):
        expect(bar.get_by_role("button", name=name)).to_be_visible()
    box = bar.bounding_box()
    height = ann.evaluate("innerHeight")
    assert abs(box["y"] + box["height"] - height) <= 1, (box, height)
    expect(ann.locator("#reach-list")).to_be_hidden()            # folded until opened
    screens = ann.evaluate("document.scrollingElement.scrollHeight / innerHeight")
    shot(ann, "table-one-hand-turn")
    assert screens <= 3.6, f"the phone page is {screens:.1f} screens long"
    (ROOT_ARTIFACTS / "phone-length.txt").write_text(f"iPhone SE, referee, own turn: {screens:.2f} screens\n")

    # a move taken back by its own player, while nobody has acted since
    bar.get_by_role("button", name="Play a card").click()
    sheet = ann.locator("#ref-dialog")
    sheet.get_by_role("button", name="BANG!", exact=True).click()
    sheet.get_by_role("button", name="Bob", exact=True).click()
    expect(sheet).to_be_hidden()
    expect(host.locator("#pending")).to_contain_text("Bob")
    bar.get_by_role("button", name="Take back my last move").click()
    ann.locator("#confirm-dialog").get_by_role("button", name="Take it back").click()
    expect(host.locator("#pending")).to_be_empty()
    expect(bar.get_by_role("button", name="Take back my last move")).to_be_hidden()

    # Bob's phone is off: the host answers for him, and the log says the host did
    bar.get_by_role("button", name="Play a card").click()
    sheet.get_by_role("button", name="BANG!", exact=True).click()
    sheet.get_by_role("button", name="Bob", exact=True).click()
    seat_tile(host, "Bob").click()
    host.locator("#seat-dialog").get_by_role("button", name="Bob takes it (no answer)").click()
    seat_tile(host, "Bob").click()
    shot(host, "table-host-acts-for-bob")
    host.locator("#seat-dialog").get_by_role("button", name="Bob is out (no Beer)").click()
    host.locator("#confirm-dialog").get_by_role("button", name="Eliminate").click()
    expect(host.locator("#log")).to_contain_text("The host acts for Bob")
    expect(seat_tile(host, "Bob")).to_contain_text("out of the game")
    expect(bar.get_by_role("button", name="Take back my last move")).to_be_hidden()

    # over the hand limit (Ann holds 6 + 3 for the Outlaw, keeps 4): the phone asks first,
    # and reminds Sid Ketchum of his ability
    bar.get_by_role("button", name="End my turn").click()
    confirm = ann.locator("#confirm-dialog")
    expect(confirm).to_contain_text("go to the discard pile")
    expect(confirm).to_contain_text("Sid Ketchum: before that, any 2 cards you discard win back 1 life")
    shot(ann, "table-one-hand-discard")
    confirm.get_by_role("button", name=re.compile(r"^Discard \d+ and end my turn")).click()
    expect(host.locator("#turn-line")).to_have_text("Cid's turn")

    # the same seat link on a second phone: where the seat is, and how to move it
    other = watch.page(browser.new_context(**pw.devices["Galaxy S9+"]), "second phone")
    other.goto(used)
    expect(other.get_by_role("alert")).to_contain_text("This seat is on another phone")
    expect(other.get_by_role("alert")).to_contain_text("Move to a new phone")
    shot(other, "table-second-phone")
    ctx.close()
    host_ctx.close()
    assert not [e for e in watch.errors if "404" not in e], watch.errors


# --- the end of a game ------------------------------------------------------------------------

@pytest.mark.browser
def test_the_end_of_a_game_as_a_picture(server, pw, browser, tmp_path):
    """Issue 9 §4: when a game ends the host screen draws its story (every player's life
    over the turns, the elimination marked with who did it, every role, the winners), a
    phone shows it small, and after a new game the evening's score stays on the host."""
    watch = Watch()
    record = a_record(roles=("sheriff", "outlaw", "deputy", "renegade"), Bob={"life": 2},
                      Dan={"alive": False},
                      moves=[{"by": "Ann", "play": "BANG!", "target": "Bob"},
                             {"by": "Bob", "respond": "take"}, {"by": "Ann", "end_turn": {}},
                             {"by": "Bob", "draw": {}},
                             {"by": "Bob", "play": "BANG!", "target": "Ann"},
                             {"by": "Ann", "respond": "take"}, {"by": "Bob", "end_turn": {}},
                             {"by": "Cid", "draw": {}}, {"by": "Cid", "end_turn": {}}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record, "story")
    actx, ann = seat_phone(browser, watch, pw, host, "Ann", "Pixel 7")
    bctx, bob = seat_phone(browser, watch, pw, host, "Bob", "iPhone SE")
    expect(host.locator("#story-card")).to_be_hidden()
    ann.get_by_role("button", name="Draw 2 from the deck").click()
    ann.get_by_role("button", name="Play a card").click()
    sheet = ann.locator("#ref-dialog")
    sheet.get_by_role("button", name="BANG!", exact=True).click()
    sheet.get_by_role("button", name="Bob", exact=True).click()
    bob.locator("#my-question").get_by_role("button", name="Take the hit").click()
    # the host has a correction panel open when the game ends (issue 22 part 7)
    seat_tile(host, "Cid").click()
    expect(host.locator("#seat-dialog")).to_be_visible()
    bob.locator("#my-question").get_by_role("button", name="I'm out").click()
    bob.locator("#confirm-dialog").get_by_role("button", name="Yes, I'm out").click()

    story = host.locator("#story-card")
    expect(story).to_be_visible()
    # the story takes the screen: the correction panel closed itself
    expect(host.locator("#seat-dialog")).to_be_hidden()
    assert not host.evaluate("document.getElementById('seat-dialog').open")
    chart = story.locator("svg.story-chart")
    expect(chart.locator("path.life-line")).to_have_count(4)
    expect(chart.locator("g.out-mark[data-seat=Bob] title")).to_have_text("Bob out, by Ann")
    for text in ("Ann", "Sheriff", "Outlaw", "Deputy", "Renegade", "★ won", "out, by Ann"):
        expect(story.locator(".story-legend")).to_contain_text(text)
    expect(story.locator(".story-legend li.won")).to_have_count(2)     # Sheriff and Deputy
    # Bob's line falls from 2 to 0 and ends on the axis
    ends = chart.evaluate("""(svg) => [...svg.querySelectorAll('path.life-line')].map(
        (p) => [p.dataset.seat, p.getAttribute('d').split('V').length - 1])""")
    assert dict(ends)["Bob"] >= 3, ends
    story.scroll_into_view_if_needed()
    shot(host, "table-end-of-game-host")
    small = bob.locator("#phone-story")
    expect(small.locator("svg.story-chart")).to_be_visible()
    expect(small).to_contain_text("out, by Ann")
    small.scroll_into_view_if_needed()
    shot(bob, "table-end-of-game-phone")
    assert not overflow(bob), overflow(bob)

    # the next game: the evening's score stays on the host screen
    host.get_by_role("button", name="New game").click()
    host.get_by_role("button", name="Deal again").click()
    expect(story).to_be_hidden()
    scores = host.locator("#scores-card")
    expect(scores).to_contain_text("1 game")
    expect(scores.locator("li").first).to_contain_text("1 won")
    expect(scores).to_contain_text("as ")
    shot(host, "table-scores")
    for c in (actx, bctx, host_ctx):
        c.close()
    assert not watch.errors, watch.errors


ROLE_CARD = """() => { const b = document.getElementById("role-hold");
  return { face: b.querySelector(".role-face").checkVisibility(),
           cover: b.querySelector(".role-cover").checkVisibility(),
           text: b.innerText, help: b.getAttribute("aria-describedby").split(" ")
             .map((id) => document.getElementById(id).textContent).join(" ") }; }"""


@pytest.mark.browser
def test_a_public_role_is_shown_face_up(server, pw, browser, tmp_path):
    """Issue 22 part 7: an eliminated player's role is public, so his phone shows it face up
    and no longer says "press and hold to look"; a living player's stays hidden until held,
    and is hidden again when let go."""
    watch = Watch()
    record = a_record(Bob={"life": 1}, moves=[{"by": "Ann", "play": "BANG!", "target": "Bob"},
                                   {"by": "Bob", "respond": "take"},
                                   {"by": "Bob", "respond": "take"}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record, "out")
    bctx, bob = seat_phone(browser, watch, pw, host, "Bob", "iPhone SE")
    cctx, cid = seat_phone(browser, watch, pw, host, "Cid", "iPhone SE")
    expect(bob.locator("#outcome")).to_contain_text("You are out")
    card = bob.evaluate(ROLE_CARD)
    assert card["face"] and not card["cover"], card
    assert "Outlaw" in card["text"] and "hold" not in card["text"].lower(), card
    assert "hold" not in card["help"].lower(), card
    bob.locator("#role-hold").dispatch_event("pointerdown")
    bob.locator("#role-hold").dispatch_event("pointerup")
    assert bob.evaluate(ROLE_CARD)["face"], "letting go hid a public role"
    shot(bob, "table-out-role-face-up")
    # Cid is alive: the card is face down and says how to look
    card = cid.evaluate(ROLE_CARD)
    assert card["cover"] and not card["face"] and "hold" in card["text"].lower(), card
    cid.locator("#role-hold").dispatch_event("pointerdown")
    expect(cid.locator(".role-face")).to_be_visible()
    cid.locator("#role-hold").dispatch_event("pointerup")
    expect(cid.locator(".role-face")).to_be_hidden()
    for c in (bctx, cctx, host_ctx):
        c.close()
    assert not watch.errors, watch.errors


# the longest a seat's name may be (companion/tables.py: NAME_MAX), as one word: the
# reasons on the greyed cards name the players
LONG_NAMES = ("Maximilian-Augustus", "Konstantinopolitanus", "Bartholomew-Eduardo",
              "Wilhelmina-Josefine")


def card_button(sheet, card: str):
    """A card's button in the play sheet, named by the card first (a greyed card's name
    goes on with its reach and why not now, as the button shows them)."""
    return sheet.get_by_role("button", name=re.compile("^" + re.escape(card) + r"(\s|$)"))


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_the_card_picker_greys_what_cannot_be_played(server, pw, browser, tmp_path, lang):
    """Issue 9 §3, on a 320 px phone in each language (issue 22 §6): after a BANG! the
    picker greys a second one with its reason, and a Panic! with the longest of them (the
    player it would reach is farther than 1, named at the longest a name may be); a Beer
    at full life says it does nothing; a greyed card still opens its full ruling."""
    watch = Watch()
    say = words(lang)
    ann, bob, cid, dan = LONG_NAMES
    record = a_record(names=LONG_NAMES,
                      characters=("Kit Carlson", "Willy the Kid", "Rose Doolan", "Bart Cassidy"),
                      **{ann: {"in_play": ["Winchester"]}},
                      **{name: {"in_play": ["Mustang"]} for name in (bob, cid, dan)},
                      moves=[{"by": ann, "play": "BANG!", "target": bob},
                             {"by": bob, "respond": "take"}])
    host_ctx, host = start_from_record(browser, watch, server, tmp_path, record, "picker")
    ctx, phone = seat_phone(browser, watch, pw, host, ann, "iPhone SE", locale=LANGS[lang])
    expect(phone.locator("html")).to_have_attribute("lang", lang)
    phone.get_by_role("button", name=say("Play a card")).click()
    sheet = phone.locator("#ref-dialog")
    bang = card_button(sheet, say("BANG!"))
    expect(bang).to_have_class(re.compile("greyed"))
    expect(bang).to_contain_text(say("Only one BANG! card per turn (a Volcanic or Willy the "
                                     "Kid lifts the limit)."))
    panic = card_button(sheet, say("Panic!"))
    expect(panic).to_have_class(re.compile("greyed"))
    far = say("{card} reaches distance 1 only, and {seat} is at distance {distance} "
              "(weapons do not help).")
    expect(panic).to_contain_text(far.format(card=say("Panic!"), seat=bob, distance=2))
    beer = card_button(sheet, say("Beer"))
    expect(beer).not_to_have_class(re.compile("greyed"))
    expect(beer).to_contain_text(say("At full {life} a {card} does nothing.").format(
        life=say("life"), card=say("Beer")))
    expect(card_button(sheet, say("Gatling"))).not_to_have_class(
        re.compile("greyed"))
    fits(phone, f"320-{lang}-card-picker-greyed")
    panic.scroll_into_view_if_needed()
    fits(phone, f"320-{lang}-card-picker-greyed-panic")
    bang.click()
    expect(sheet.locator(".ruling.no, .why").first).to_be_visible()
    fits(phone, f"320-{lang}-card-picker-greyed-ruling")
    ctx.close()
    host_ctx.close()
    assert not watch.errors, watch.errors
