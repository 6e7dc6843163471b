"""The event moves on a phone (issue 30), in a real Chromium at a phone's size: the
engine's offers (me["offers"]) as buttons in the referee area, drawn by one module that
knows no event (static/js/referee-offers.js): a one-choice offer is one tap; choices come
in a sheet where the ones the engine would refuse are greyed with their reason and rule;
an offer that needs the card turned over opens the card picker; a move whose cost the
offer names asks first (confirm_the_cost). The screens of each kind, in each language at 320/360/390 px, are in the
all-screens walk (tests/test_browser_screens.py: the "event offers" scenes)."""
from __future__ import annotations

import re

import pytest

from browsing import Watch
from helpers import JESSE, a_record
from screens import Table, phone_context

try:
    from playwright.sync_api import expect
except ImportError:   # the fixtures skip
    expect = None

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def offer_record(event: str, **seats) -> dict:
    """Ann the Sheriff at the start of her turn, `event` in force (referee mode)."""
    return a_record(characters=JESSE, turn="Ann", phase="start", **seats,
                    events={"decks": ["fistful", "high_noon"], "current": event})


def confirm_the_cost(page, cost: str):
    """A move that costs life or cards, or binds the player, asks first with what it costs
    (the offer's `cost`, static/js/confirm.js)."""
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(cost)
    page.locator("#confirm-yes").click()


def test_one_choice_many_choices_a_refusal_and_a_check(server, pw, browser):
    watch = Watch()
    # one choice: Hard Liquor, one tap (through the confirm: it costs the draw)
    t = Table(server, offer_record("hard_liquor", Ann={"life": 3}))
    ctx = phone_context(browser, "en")
    ann = watch.page(ctx, "Ann")
    ann.goto(t.phone_url("Ann"))
    box = ann.locator("#ref-offers")
    expect(box).to_be_visible()
    button = box.locator('[data-offer="hard_liquor"] button')
    expect(button).to_be_enabled()
    expect(box.locator('[data-offer="hard_liquor"] a.rule-link')).to_have_attribute(
        "href", re.compile(r"/rules#event-hard_liquor$"))
    button.click()
    confirm_the_cost(ann, "You draw no cards this turn.")
    expect(box).to_be_hidden()                          # used: the offer is gone
    expect(ann.locator("#play-card")).to_be_visible()   # the draw skipped: the play phase
    ctx.close()
    t.close()
    # many choices: Blood Brothers, Bob at full life greyed with the reason
    t = Table(server, offer_record("blood_brothers", Ann={"life": 3}, Cid={"life": 2}, Dan={"life": 3}))
    ctx = phone_context(browser, "en")
    ann = watch.page(ctx, "Ann")
    ann.goto(t.phone_url("Ann"))
    ann.locator('#ref-offers [data-offer="give_life"] button').click()
    sheet = ann.locator("#ref-dialog")
    expect(sheet).to_be_visible()
    bob = sheet.locator('[data-choice="Bob"]')
    expect(bob.locator("button")).to_be_disabled()
    expect(bob.locator(".why")).to_contain_text("Bob cannot go above")
    expect(sheet.locator('[data-choice="Dan"] button')).to_be_enabled()
    sheet.locator('[data-choice="Cid"] button').click()
    confirm_the_cost(ann, "It costs you 1 life.")
    expect(ann.locator("#ref-offers")).to_be_hidden()
    expect(ann.locator('#ref-dialog')).to_be_hidden()
    ctx.close()
    t.close()
    # every choice refused: Blood Brothers at 1 life, each greyed with why
    t = Table(server, offer_record("blood_brothers", Ann={"life": 1}, Cid={"life": 2}))
    ctx = phone_context(browser, "en")
    ann = watch.page(ctx, "Ann")
    ann.goto(t.phone_url("Ann"))
    ann.locator('#ref-offers [data-offer="give_life"] button').click()
    sheet = ann.locator("#ref-dialog")
    expect(sheet.locator("li.no")).to_have_count(3)
    expect(sheet.locator('[data-choice="Cid"] .why')).to_contain_text("never your last life point")
    expect(sheet.locator("li.ok")).to_have_count(0)
    ctx.close()
    t.close()
    # a check: Peyote, red or black, then the card turned over
    t = Table(server, offer_record("peyote", Ann={"hand": 0}))
    ctx = phone_context(browser, "en")
    ann = watch.page(ctx, "Ann")
    ann.goto(t.phone_url("Ann"))
    ann.locator('#ref-offers [data-offer="peyote"] button').click()
    ann.locator('#ref-dialog [data-choice="red"] button').click()
    picker = ann.locator("#card-dialog")
    expect(picker).to_be_visible()
    picker.get_by_role("button", name="Rank 8").click()
    picker.locator("button.suit", has_text="♥").click()    # a right call
    picker.locator("#card-dialog-ok").click()
    expect(picker).to_be_hidden()
    expect(ann.locator("#phase-text")).to_contain_text("draw")     # drew it, calls again
    expect(ann.locator('#ref-offers [data-offer="peyote"]')).to_be_visible()
    ctx.close()
    t.close()
    assert not watch.errors, watch.errors


def test_the_daltons_question_offers_each_blue_card_in_play(server, pw, browser):
    """The Daltons come out: Bob, with a Mustang and a Barrel in front of him, is asked on
    his phone which one he discards (a button each, in his language); his tap discards it."""
    from companion import i18n
    watch = Watch()
    rec = a_record(characters=JESSE, turn="Dan", Bob={"in_play": ["Mustang", "Barrel"]},
                   events={"decks": ["high_noon"], "pile": ["the_daltons", "high_noon"],
                           "current": None})
    t = Table(server, rec)
    ctx = phone_context(browser, "hu")
    bob = watch.page(ctx, "Bob")
    bob.goto(t.phone_url("Bob"))
    t.move("Dan", {"end_turn": {}})
    question = bob.locator("#my-question")
    expect(question).to_be_visible()
    expect(question.locator(".ask-text")).to_contain_text(i18n.gettext("The Daltons", "hu"))
    answers = question.locator(".answer-list button")
    expect(answers).to_have_text([i18n.gettext("Mustang", "hu"), i18n.gettext("Barrel", "hu")])
    answers.nth(1).click()
    expect(question).to_be_hidden()
    expect(bob.locator("#inplay-count")).to_contain_text(i18n.gettext("Mustang", "hu"))
    expect(bob.locator("#inplay-count")).not_to_contain_text(i18n.gettext("Barrel", "hu"))
    ctx.close()
    t.close()
    assert not watch.errors, watch.errors
