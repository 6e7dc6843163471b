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

import time

import pytest
import requests

from accessibility import preload
from browsing import Watch, shot
from companion import i18n
from helpers import EIGHT, JESSE, WALK, a_record
from screens import (HOST_SIZE, LOCALES, SCENES, Stage, Table, Walker, close_dialogs, fold,
                     open_table,
                     hold_role, let_go, open_dialog, phone_context, scene, walked_languages)

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# a shorter walk while fixing one language: SCREENS_LANGS=ru (the suite walks all three)
ONLY = walked_languages()
NAMES = ("Ann", "Bob", "Cid", "Dan")
# each ruleset's cards of the kinds that ask a question, and its Barrel
KINDS = {"base": {"bang": "BANG!", "duel": "Duel", "indians": "Indians!", "gatling": "Gatling",
                  "barrel": "Barrel"},
         "starwars": {"bang": "BANG!", "duel": "Duel", "indians": "Jawas", "gatling": "AT-AT Attack",
                      "barrel": "Cover"}}
KINDS["legends"] = KINDS["base"]
FEATS = [{"name": "The Chuck-a-Luck"}, {"name": "A Thousand Ways to Die"},
         {"name": "For a Few Cards More"}]                # Legends' Feats revealed


def record(ruleset: str, mode: str, **more) -> dict:
    """Ann's turn at its draw; Bob behind a Barrel with a long-named weapon (`more`: to
    a_record, a table of 3 or 8)."""
    bob = {"in_play": [KINDS[ruleset]["barrel"]]} if ruleset == "starwars" else \
        {"in_play": ["Barrel", "Remington"], "life": 4}
    if ruleset == "legends":
        more["feats"] = FEATS
    return a_record(ruleset, mode=mode, **{"characters": WALK[ruleset], **more}, turn="Ann",
                    phase="draw", Ann={"hand": 9}, Bob=bob)


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
            # "I'm out" asks first; the game goes on without him
            bob.locator("#my-question .answer-list button.danger").click()
            expect(bob.locator("#confirm-dialog")).to_be_visible()
            v(bob, "Bob: out of the game?")
            bob.locator("#confirm-yes").click()
            expect(bob.locator("#confirm-dialog")).to_be_hidden()
        expect(bob.locator("#my-question")).to_be_hidden()
    v(bob, "Bob: out of the game")
    ask_the_referee(walker, ann, "#ref-ask", lang, f"{tag} Ann: Ask the referee")
    ask_the_referee(walker, host, "#host-ref-ask", lang, f"{tag} host: Ask the referee", phone=False)


def ask_the_referee(walker, page, details, lang, label, phone=True):
    """The Ask-the-referee panel open, each of its three questions asked and answered."""
    box = page.locator(details)
    box.locator("summary").click()
    forms = box.locator("form")
    expect(forms).to_have_count(3)
    for k in range(3):
        forms.nth(k).locator("button[type=submit]").click()
        expect(forms.nth(k).locator(".ask-answer")).not_to_be_empty()
    box.scroll_into_view_if_needed()
    walker.visit(page, label, lang, phone=phone)
    box.locator("summary").click()




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
    # the last life: taking it asks first (Cancel: nothing changes)
    t.host_call("host_move", {"set": {"seat": "Ann", "life": 1}})
    expect(ann.locator("#life-value")).to_have_text("1")
    ann.locator("#life-minus").click()
    expect(ann.locator("#confirm-dialog")).to_be_visible()
    v(ann, "Ann: her last life?")
    ann.locator("#confirm-no").click()
    expect(ann.locator("#confirm-dialog")).to_be_hidden()


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


@pytest.mark.parametrize("lang", ONLY)
@pytest.mark.parametrize("ruleset", ["base", "legends", "starwars"])
@pytest.mark.long
def test_every_screen_of_a_ruleset(server, pw, browser, ruleset, lang):
    watch = Watch()
    walker = Walker(names=NAMES)
    started = time.monotonic()
    for mode in ("referee", "tracker"):
        tag = f"{ruleset}/{mode}"
        t = Table(server, record(ruleset, mode))
        phones, ann, bob, host_ctx, host = open_table(browser, watch, server, t, lang)
        for page in (ann, bob):
            expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(host.locator(".seat")).to_have_count(4)
        if ruleset == "legends":
            walk_feats(walker, ann, lang, tag)
        (walk_referee if mode == "referee" else walk_tracker)(
            walker, t, ann, bob, host, lang, ruleset, tag)
        walk_host(walker, host, lang, tag)
        if mode == "referee":       # a win: Ann's side is left alone (the evening's score)
            for name in ("Cid", "Dan"):
                t.host_call("host_move", {"set": {"seat": name, "life": 0}})
        else:                       # the host ends it: nobody wins
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
    print(f"\n{ruleset} {lang}: {walker.screens} screens in {time.monotonic() - started:.1f} s")
    assert not watch.errors, watch.errors
    walker.assert_clean()


# --- the official 3- and 8-player games (issue 29) --------------------------------------------



def players_record(ruleset: str, mode: str, n: int) -> dict:
    """A table of 3 (every role face up, each hunting one of the others) or of 8, at
    Ann's draw; Bob behind a Barrel with a long-named weapon, as in `record`."""
    if n == 3:
        roles = ("deputy", "outlaw", "renegade")
        part = "three_players"
    else:
        roles = ("sheriff", "outlaw", "outlaw", "renegade", "deputy", "renegade", "deputy",
                 "outlaw")
        part = "eight_players"
    chars = (*JESSE, "Willy the Kid", "Calamity Janet", "Slab the Killer", "Lucky Duke")
    return record(ruleset, mode, roles=roles, characters=chars[:n], parts=[part])


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


@pytest.mark.parametrize("lang", ONLY)
@pytest.mark.parametrize("ruleset,players", [("base", 3), ("legends", 8)])
@pytest.mark.long
def test_every_screen_of_a_table_of_three_or_eight(server, pw, browser, ruleset, players, lang):
    """The same walk at a table of 3 (the base game) and of 8 (Legends): every role and
    target on the phones and the host, eight seats on the host's 1280x800, in the
    distance calculator and the play sheet at 320 px."""
    watch = Watch()
    names = EIGHT[:players]
    walker = Walker(names=names)
    started = time.monotonic()
    for mode in ("referee", "tracker"):
        tag = f"{ruleset}/{players} players/{mode}"
        t = Table(server, players_record(ruleset, mode, players))
        phones, ann, bob, host_ctx, host = open_table(browser, watch, server, t, lang)
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
        for ctx in phones:
            ctx.close()
        host_ctx.close()
        t.close()
    print(f"\n{ruleset}, {players} players, {lang}: {walker.screens} screens in "
          f"{time.monotonic() - started:.1f} s")
    assert not watch.errors, watch.errors
    walker.assert_clean()


# --- the screens off the main road: a scene is a table of its own -------------------------

def draws_record(ruleset, mode):
    trouble = ["Carbonite", "Trash Compactor"] if ruleset == "starwars" else ["Jail", "Dynamite"]
    return a_record(ruleset, mode=mode, characters=WALK[ruleset], turn="Ann", phase="start",
                    Ann={"in_play": trouble, "hand": 3})


@scene("draw!s", draws_record, rulesets=("base", "legends", "starwars"), modes=("referee",))
def walk_draws(st: Stage) -> None:
    """The start of Ann's turn with the Dynamite and the Jail in front of her: each
    draw! screen and its card picker, and in Legends the Jail's "Discard a heart"
    (Star Wars: the two checks, then the Carbonite's alone)."""
    ann = st.phone("Ann")
    turn = ann.locator("#ref-turn")
    if st.ruleset == "starwars":
        expect(turn.locator(".check")).to_have_count(2)
        st.visit(ann, "Ann: the checks before the draw")
        st.table.move("Ann", {"check": "pass", "card": "Trash Compactor"})
        expect(turn.locator(".check")).to_have_count(1)
        st.visit(ann, "Ann: the Carbonite's check")
        return
    for due in ("Dynamite", "Jail"):
        expect(turn.locator("h2")).to_contain_text(i18n.gettext(f"Draw! for the {due}", st.lang))
        st.visit(ann, f"Ann: the draw! for the {due}")
        if due == "Jail" and st.ruleset == "legends":
            ann.locator("#feats-jail-go").click()
            expect(ann.locator("#feat-dialog")).to_be_visible()
            st.visit(ann, "Ann: the Jail's heart")
            close_dialogs(ann)
        turn.locator("button.primary").click()
        expect(ann.locator("#card-dialog")).to_be_visible()
        st.visit(ann, f"Ann: the card picker for the {due}")
        close_dialogs(ann)
        if due == "Dynamite":
            st.table.move("Ann", {"check": "K♠"})




def legends_record(ruleset, mode):
    return a_record(ruleset, mode=mode, turn="Ann", phase="play", feats=FEATS,
                    characters=("Sid Ketchum", "Rose Doolan", "Kit Carlson", "Black Jack"),
                    Ann={"legend": True, "life": 3}, Bob={"legend": True, "in_play": ["Barrel"]},
                    Cid={"legend": True}, Dan={"legend": True})


@scene("legend abilities", legends_record, rulesets=("legends",), modes=("referee",))
def walk_legend_abilities(st: Stage) -> None:
    """Legend sides: "You are a Legend!" on a legend's phone, then each legend's own
    ability dialog in his turn (Sid Ketchum's free BANG!, Rose Doolan's blue card as a
    Panic!, Kit Carlson's draw of 3 and Black Jack's cards past 21 at the draw)."""
    for name, phase in (("Ann", "play"), ("Bob", "play"), ("Cid", "draw"), ("Dan", "draw")):
        if name == "Ann":            # Sid's free BANG! follows a life won back in his turn
            st.table.move("Ann", {"play": "Beer"})
        else:
            st.table.host_call("host_move", {"set": {"turn": name}})
            if phase == "play":
                st.table.move(name, {"draw": {}})
        page = st.phone(name)
        moment = page.locator("#legend-moment")      # once a game on each legend's phone
        expect(moment).to_be_visible()
        if name == "Ann":
            st.visit(page, "Ann: You are a Legend!")
        page.locator("#legend-moment-close").click()
        expect(moment).to_be_hidden()
        use = page.locator("#feats-legend button.primary")
        expect(use).to_be_enabled()
        page.locator("#feats-legend").scroll_into_view_if_needed()
        st.visit(page, f"{name}: the legend ability")
        use.click()
        expect(page.locator("#feat-dialog")).to_be_visible()
        st.visit(page, f"{name}: the legend ability's dialog")
        close_dialogs(page)




def destiny_record(ruleset, mode):
    return a_record(ruleset, mode=mode, characters=WALK[ruleset], turn="Ann", phase="play",
                    Ann={"life": 1, "hand": 6})


@scene("Encounter with Destiny", destiny_record, rulesets=("starwars",), modes=("referee",))
def walk_destiny(st: Stage) -> None:
    """Star Wars, Encounter with Destiny: at 2 energy or less a card's copy may show an
    extra effect; the sheet asks which, then what it needs (the player it goes to, which
    comes first), for a Bacta Tank and a BANG! (a question left is closed: no move)."""
    ann = st.phone("Ann")
    sheet = ann.locator("#ref-dialog")

    def destiny(card, target):
        expect(ann.locator("#play-card")).to_be_visible()
        ann.locator("#play-card").click()
        sheet.locator(".card-btn", has_text=i18n.gettext(card, st.lang)).first.click()
        if target:
            sheet.locator(".targets button", has_text=target).click()
        else:
            sheet.locator(".row button.primary").click()
        expect(sheet.locator(".destiny-list")).to_be_visible()
        return sheet.locator(".destiny-list button")

    for card, target in (("Bacta Tank", None), ("BANG!", "Bob")):
        effects = destiny(card, target)
        st.visit(ann, f"Ann: Encounter with Destiny for the {card}")
        n = effects.count()
        for k in range(1, n):                 # each extra effect, and what it asks next
            if k > 1:
                effects = destiny(card, target)
            title = sheet.locator("h2").inner_text()
            effects.nth(k).click()
            ann.wait_for_function("(t) => !document.querySelector('#ref-dialog[open]')"
                                  " || document.querySelector('#ref-dialog h2').textContent !== t",
                                  arg=title)
            if not sheet.is_visible():        # the move went: Bob is asked, no more BANG!s
                if target:
                    break
                continue
            st.visit(ann, f"Ann: Encounter with Destiny for the {card}, effect {k} next")
            close_dialogs(ann)


# --- the event moves a phone is offered (issue 30: me.offers, static/js/referee-offers.js) --

def offer_record(event: str, **seats):
    """A scene's record: Ann at the start of her turn, `event` in force (referee mode)."""
    def record(ruleset, mode):
        return a_record(ruleset, mode=mode, characters=WALK[ruleset], turn="Ann",
                        phase="start", **seats,
                        events={"decks": ["fistful", "high_noon"], "current": event})
    return record


def offered(st: Stage, key: str):
    """Ann's phone with the offer `key` shown: (page, its button)."""
    ann = st.phone("Ann")
    button = ann.locator(f'#ref-offers [data-offer="{key}"] button')
    expect(button).to_be_visible()
    return ann, button


@scene("event offer, one choice", offer_record("hard_liquor", Ann={"life": 3}),
       rulesets=("base",), modes=("referee",))
def walk_offer_one_choice(st: Stage) -> None:
    """Hard Liquor: one button, one tap; it costs the draw, so it asks first."""
    ann, button = offered(st, "hard_liquor")
    st.visit(ann, "Ann: Hard Liquor offered")
    button.click()
    expect(ann.locator("#confirm-dialog")).to_be_visible()
    st.visit(ann, "Ann: Hard Liquor asks first (it costs the draw)")
    ann.locator("#confirm-yes").click()
    expect(ann.locator("#ref-offers")).to_be_hidden()


@scene("event offer, many choices", offer_record(
    "blood_brothers", Ann={"life": 3}, Cid={"life": 2}, Dan={"life": 3}),
    rulesets=("base", "legends"), modes=("referee",))
def walk_offer_choices(st: Stage) -> None:
    """Blood Brothers: the sheet of players, Bob at full life greyed with the reason."""
    ann, button = offered(st, "give_life")
    st.visit(ann, "Ann: Blood Brothers offered")
    button.click()
    sheet = ann.locator("#ref-dialog")
    expect(sheet.locator('[data-choice="Bob"] .why')).to_be_visible()
    st.visit(ann, "Ann: Blood Brothers, to whom (Bob refused)")
    sheet.locator('[data-choice="Cid"] button').click()
    expect(ann.locator("#confirm-dialog")).to_be_visible()
    st.visit(ann, "Ann: Blood Brothers asks first (it costs a life point)")
    close_dialogs(ann)


@scene("event offer, characters", offer_record("new_identity"),
       rulesets=("base",), modes=("referee",))
def walk_offer_characters(st: Stage) -> None:
    """New Identity: the longest sheet, every character not at the table."""
    ann, button = offered(st, "new_identity")
    button.click()
    expect(ann.locator("#ref-dialog li").first).to_be_visible()
    st.visit(ann, "Ann: New Identity, which character")
    close_dialogs(ann)


@scene("event offer, with a check", offer_record("peyote", Ann={"hand": 0}),
       rulesets=("base",), modes=("referee",))
def walk_offer_check(st: Stage) -> None:
    """Peyote: red or black, then the card picker for the card turned over."""
    ann, button = offered(st, "peyote")
    st.visit(ann, "Ann: Peyote offered")
    button.click()
    ann.locator('#ref-dialog [data-choice="red"] button').click()
    expect(ann.locator("#card-dialog")).to_be_visible()
    st.visit(ann, "Ann: Peyote, the card turned over")
    close_dialogs(ann)


def daltons_record(ruleset, mode):
    """Dan ends his turn: The Daltons come out, Bob is asked which blue card he gives up."""
    return a_record(ruleset, mode=mode, characters=WALK[ruleset], turn="Dan", phase="play",
                    Bob={"in_play": ["Mustang", "Barrel"]},
                    events={"decks": ["high_noon"], "pile": ["the_daltons", "high_noon"],
                            "current": None})


@scene("The Daltons' question", daltons_record, rulesets=("base",), modes=("referee",))
def walk_daltons(st: Stage) -> None:
    """The Daltons: Bob's answer sheet offers each of his blue cards in play."""
    st.table.move("Dan", {"end_turn": {}})
    bob = st.phone("Bob")
    expect(bob.locator("#my-question .answer-list button")).to_have_count(2)
    st.visit(bob, "Bob: The Daltons, which blue card")




@pytest.mark.parametrize("lang", ONLY)
@pytest.mark.parametrize("name", list(SCENES))
@pytest.mark.long
def test_the_screens_off_the_main_road(server, pw, browser, name, lang):
    """Each scene of SCENES, on a table of its own, in each ruleset and mode it lists,
    in each language: the draw!s and checks at the start of a turn, the legend
    abilities, Encounter with Destiny."""
    sc = SCENES[name]
    watch = Watch()
    walker = Walker(names=NAMES)
    for ruleset in sc.rulesets:
        for mode in sc.modes:
            st = Stage(server, browser, watch, walker, lang, ruleset, mode,
                       Table(server, sc.record(ruleset, mode)))
            try:
                sc.walk(st)
            finally:
                st.close()
    print(f"\n{name} {lang}: {walker.screens} screens")
    assert not watch.errors, watch.errors
    walker.assert_clean()


@pytest.mark.long
def test_the_pages_around_the_game(server, pw, browser):
    """The start page, the rules, the tables waiting, the join page and the lobby, on a
    phone and on the laptop, in each language; the host's lobby; the Star Wars lobby's
    own ability card, empty and named."""
    watch = Watch()
    walker = Walker(names=NAMES)
    ids, cookies = {}, {}
    for ruleset in ("base", "legends", "starwars"):
        with requests.Session() as s:
            r = s.post(server + "/tables", data={"ruleset": ruleset, "mode": "referee"},
                       allow_redirects=False, timeout=10)
            ids[ruleset] = r.headers["Location"].rsplit("/", 1)[1]
            name = f"host_{ids[ruleset]}"
            cookies[ruleset] = {"name": name, "value": s.cookies[name], "url": server}
    tokens = {(ruleset, n): requests.post(f"{server}/t/{ids[ruleset]}/join", json={"name": n},
                                          timeout=10).json()["token"]
              for ruleset in ("base", "starwars") for n in ("Ann", "Bob")}
    base, wars = ids["base"], ids["starwars"]
    for lang in [lang for lang in LOCALES if lang in ONLY]:
        phones = phone_context(browser, lang)
        preload(phones)                 # (axe-core: this page loads six addresses)
        page = watch.page(phones, "phone")
        for path, what in (("/", "the start page"), ("/rules", "the rules"),
                           ("/join", "the tables waiting"), (f"/t/{base}", "the join page"),
                           (f"/p/{base}#{tokens['base', 'Ann']}", "the lobby"),
                           (f"/p/{wars}#{tokens['starwars', 'Ann']}", "the Star Wars lobby")):
            page.goto(server + path)
            if "lobby" in what:
                expect(page.locator("#lobby-view")).to_be_visible()
                expect(page.locator("#lobby-list li")).to_have_count(2)
            walker.visit(page, what, lang)
            if path == "/":
                walker.visit(page, what, lang, phone=False)
        # the Star Wars lobby's own ability card, named
        page.locator("#own-ability-name").fill("Mace Windu")
        page.locator("#own-ability button[type=submit]").click()
        expect(page.locator("#own-ability-now")).not_to_be_empty()
        walker.visit(page, "the Star Wars lobby, one's own ability card named", lang)
        phones.close()
        laptop = browser.new_context(viewport=dict(zip(("width", "height"), HOST_SIZE)),
                                     locale=LOCALES[lang])
        preload(laptop)
        laptop.add_cookies([cookies["base"], cookies["starwars"]])
        host = watch.page(laptop, "host")
        for ruleset in ("base", "starwars"):
            host.goto(f"{server}/host/{ids[ruleset]}")
            expect(host.locator("#lobby-list li")).to_have_count(2)
            walker.visit(host, f"host: the {ruleset} lobby", lang, phone=False)
        laptop.close()
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
    t = Table(server, a_record(roles=("sheriff", "outlaw", "deputy", "renegade"), hand=0,
                               Bob={"life": 3}, phase="draw", moves=moves))
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


@pytest.mark.long
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
