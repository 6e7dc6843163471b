"""Encounter with Destiny: a copy of BANG!, Missed!, Bacta Tank or Repair may show one extra
effect. The app cannot see the copy, so the move says which (`destiny`) and which effect
comes first (`first`: "card" or "destiny"): where the two orders differ (`order_matters`)
the move must say it, and is refused with `destiny_order_required` otherwise. The effect
applies only while its player has 2 energy or less at the moment it applies, and then it
must; a card discarded rather than played, a card used as another (Inventive) and a
Tempered repeat have none. Abilities (Thrifty) act once both effects are done; a BANG!'s
Destiny effect on the target's cards put after it waits for the target's answer.
"""
from __future__ import annotations

from ...effects import Ctx
from ...errors import Refusal
from ...plays import bang_allowed, pay, resolve_cat_balou
from ...say import N_, msg, name
from ...state import Ask
from ...table import cards_of
from .data import DESTINY, DESTINY_DONE

LIMIT = 2   # Destiny applies at this much energy or less


def resolve(ctx, i, card, played, m, effect, ask) -> None:
    key = m.opts.get("destiny")
    if key is None:
        return effect()
    effects = DESTINY.get(card.name, {})
    if played.name != card.name:
        raise Refusal("destiny_unavailable", msg("A {played} used as a {card} brings no Encounter "
                                                  "with Destiny.", played=name(played.name),
                                                  card=name(card.name)), "sw.ability.inventive")
    if ask is not None and ask.kind in ("duel", "indians"):
        raise Refusal("destiny_unavailable", msg("A card discarded instead of played brings no "
                                                  "Encounter with Destiny."), "sw.destiny")
    if key not in effects:
        known = ", ".join(effects) or "none"
        raise Refusal("destiny_unavailable", msg("{card} has no Destiny effect '{effect}' (its "
                                                  "effects: {known}).", card=name(card.name),
                                                  effect=str(key), known=known), "sw.destiny")
    if ask is None and card.kind == "missed":
        raise Refusal("destiny_unavailable", msg("A Missed! is only played as an answer."),
                      "sw.card.missed")
    energy = ctx.s.seats[i].life
    if energy > LIMIT:
        raise Refusal("destiny_unavailable", msg("Encounter with Destiny applies at {limit} "
                                                  "energy or less; {seat} has {energy}.",
                                                  limit=LIMIT, seat=ctx.name(i), energy=energy,
            you={"seat": N_("Encounter with Destiny applies at {limit} energy or less; you have "
                            "{energy}.")}),
                      "sw.destiny")
    first = m.opts.get("first")
    if first not in (None, "card", "destiny"):
        raise Refusal("bad_move", msg("'first' is \"card\" or \"destiny\"."), "sw.destiny.order")
    if key == "hit_all":
        return hit_all(ctx, i, card)
    if first is None:
        question = order_question(ctx.s, i, card, key, m)
        if question:
            raise Refusal("destiny_order_required", question, "sw.destiny.order")
        first = "card"               # both orders come to the same here
    ctx.hold_refills()               # abilities act once both effects are done
    if first == "destiny":
        apply(ctx, i, card, key, m, ask)
        effect()
    elif key in AFTER_THE_ANSWER and card.kind == "bang":
        later(ctx, i, card, key, m, effect)
    else:
        effect()
        if ctx.s.seats[i].life > LIMIT:
            ctx.say("note", msg("{seat} now has {energy} energy: the Destiny effect of the "
                                "{card} no longer applies.", seat=ctx.name(i),
                                energy=ctx.s.seats[i].life, card=name(card.name),
                you={"seat": N_("You now have {energy} energy: the Destiny effect of the {card} "
                                "no longer applies.")}),
                    rule="sw.destiny.order")
        else:
            apply(ctx, i, card, key, m, ask)
    ctx.release_refills()


# The Destiny effects that touch the target's cards: put after the BANG!, they wait for its
# answer (the rulebook's example: a discard first, hoping it takes his Missed!).
AFTER_THE_ANSWER = ("steal", "discard_all")


def order_matters(state, i: int, card, key: str) -> bool:
    """Whether the two orders of `card` and its Destiny effect `key` differ for seat i now:
    an effect on the target's cards before or after his answer, or a Bacta Tank whose own
    energy would lift its player above the limit (then the Destiny no longer applies)."""
    if key == "hit_all":
        return False
    if key in AFTER_THE_ANSWER:
        return card.kind == "bang"
    seat = state.seats[i]
    if card.kind == "beer":
        heals = len(state.alive()) > 2 and seat.life < seat.max_life
        return heals and seat.life + 1 > LIMIT
    return False


def order_question(state, i: int, card, key: str, m) -> dict | None:
    """What the player must choose when the order matters (None when it does not)."""
    if not order_matters(state, i, card, key):
        return None
    if key in AFTER_THE_ANSWER:
        target = m.opts.get("target")
        return msg("Say which effect goes first: with the {card} first, {seat} answers it "
                   "before the Destiny effect; with the Destiny effect first, {seat} answers "
                   "after it.", card=name(card.name), seat=str(target),
                   you={})      # asked of the player, about his target
    return msg("Say which effect goes first: with the {card} first, the energy goes above "
               "{limit} and its Destiny effect no longer applies; with the Destiny effect first, "
               "then the {card}, both apply.", card=name(card.name), limit=LIMIT)


def later(ctx, i, card, key, m, effect) -> None:
    """The BANG! first: its target answers, then the Destiny effect (`after`). The choice
    is checked now, on a copy, as if it applied at once."""
    s = ctx.s
    probe = Ctx(s.copy())
    j = s.index(m.opts.get("target"))
    if key == "steal":
        steal(probe, i, j, m.opts.get("card"))
    else:
        discard_all(probe, i, m.opts.get("discards") or {})
    before = list(s.pending)
    effect()
    new = [a for a in s.pending if not any(a is b for b in before) and a.seat == j]
    if not new:                       # no question to wait for: the effect follows at once
        return apply(ctx, i, card, key, m, None)
    ctx.replace_ask(new[0], then=(("destiny", key), ("by", i), ("card", card.name),
                                  ("choice", m.opts.get("card")),
                                  ("discards", tuple((m.opts.get("discards") or {}).items()))))
    ctx.say("note", msg("Encounter with Destiny ({card}) after {seat}'s answer.",
                        card=name(card.name), seat=ctx.name(j),
        you={"seat": N_("Encounter with Destiny ({card}) after your answer.")}),
    rule="sw.destiny.order")


def after(ctx, ask) -> None:
    """The Destiny effect put after a BANG!, now that its target has answered."""
    d = dict(ask.then)
    i, key, card = d["by"], d["destiny"], d["card"]
    s = ctx.s
    if not s.seats[i].alive:
        return
    ctx.say("destiny", msg("Encounter with Destiny ({card}): {effect}", card=name(card),
                           effect=msg(DESTINY_DONE[key], seat=ctx.name(i))),
            seat=ctx.name(i), card=card, effect=key)
    ctx.log(destiny=key, seat=i, card=card)
    if key == "steal":
        j, choice = ask.seat, d["choice"]
        t = s.seats[j]
        if choice.casefold() == "hand" and t.hand:
            ctx.take(i, j, 1, msg("Destiny: a card from {seat}'s hand", seat=t.name,
                                  you={"seat": N_("Destiny: a card from your hand")}))
        elif choice.casefold() != "hand" and cards_of(s).get(choice).name in t.in_play:
            steal(ctx, i, j, choice)
        else:
            ctx.say("note", msg("Destiny: {seat} has nothing left to take.", seat=t.name,
                                you={"seat": N_("Destiny: you have nothing left to take.")}))
        return
    picked = {s.index(who): what for who, what in d["discards"]}
    for k in ctx.others(i):
        t = s.seats[k]
        what = picked.get(k, "hand")
        if what.casefold() == "hand" and t.hand:
            resolve_cat_balou(ctx, i, k, "hand")
        elif what.casefold() != "hand" and cards_of(s).get(what).name in t.in_play:
            resolve_cat_balou(ctx, i, k, cards_of(s).get(what).name)
            t.ranges.pop(cards_of(s).get(what).name, None)
        elif t.hand or t.in_play:
            ctx.say("note", msg("Destiny: {seat} no longer has that card to discard.",
                                seat=t.name,
                you={"seat": N_("Destiny: you no longer have that card to discard.")}))


def apply(ctx, i, card, key, m, ask) -> None:
    """One Destiny effect (the card's own effect is applied by the caller)."""
    s = ctx.s
    ctx.say("destiny", msg("Encounter with Destiny ({card}): {effect}", card=name(card.name),
                           effect=msg(DESTINY_DONE[key], seat=ctx.name(i))),
            seat=ctx.name(i), card=card.name, effect=key)
    ctx.log(destiny=key, seat=i, card=card.name)
    if key == "draw":
        ctx.gain(i, 1, msg("Encounter with Destiny"))
    elif key == "steal":
        steal(ctx, i, s.index(m.opts.get("target")), m.opts.get("card"))
    elif key == "discard_all":
        discard_all(ctx, i, m.opts.get("discards") or {})
    elif key == "hit_attacker":
        if ask.source is not None and s.seats[ask.source].alive:
            ctx.hit(ask.source, 1, i, "Missed!")
    elif key == "swap_hands":
        j = ask.source
        if j is not None and s.seats[j].alive:
            a, b = s.seats[i], s.seats[j]
            a.hand, b.hand = b.hand, a.hand
            ctx.say("hand", msg("{seat} and {other} swap hands ({seat} {hand}, {other} {other_hand}).",
                                seat=a.name, other=b.name, hand=a.hand, other_hand=b.hand,
                you={"seat": N_("You and {other} swap hands (you {hand}, {other} {other_hand})."),
                     "other": N_("{seat} and you swap hands ({seat} {hand}, you {other_hand}).")}))
            ctx.refill(i)
            ctx.refill(j)
    elif key == "heal_other":
        heal_other(ctx, i, m.opts.get("other"))


def steal(ctx, i: int, j: int, choice) -> None:
    t = ctx.s.seats[j]
    if not isinstance(choice, str):
        raise Refusal("card_choice_required", msg("Destiny: say which card is taken: one from "
                                                   "the hand, or a card in play."), "sw.destiny")
    if choice.casefold() == "hand":
        if t.hand == 0:
            raise Refusal("no_cards", msg("{seat} has no cards in hand.", seat=t.name,
                                          you={"seat": N_("You have no cards in hand.")}),
                          "sw.destiny")
        ctx.take(i, j, 1, msg("Destiny: a card from {seat}'s hand", seat=t.name,
                              you={"seat": N_("Destiny: a card from your hand")}))
        return
    card = cards_of(ctx.s).get(choice).name
    if card not in t.in_play:
        raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.", seat=t.name,
                                                   card=name(card),
            you={"seat": N_("You have no {card} in play.")}), "sw.destiny")
    t.in_play.remove(card)
    t.ranges.pop(card, None)
    ctx.gain(i, 1, msg("Destiny: {seat}'s {card}", seat=t.name, card=name(card),
                       you={"seat": N_("Destiny: your {card}")}))


def discard_all(ctx, i: int, choices) -> None:
    if not isinstance(choices, dict):
        raise Refusal("bad_move", msg("Say, for each other player, whether the discard comes "
                                      "from the hand or which card in play."),
                      "sw.destiny")
    names = {ctx.s.seats[k].name.casefold(): k for k in ctx.others(i)}
    picked = {}
    for who, what in choices.items():
        k = names.get(str(who).casefold())
        if k is None:
            raise Refusal("bad_target", msg("'{seat}' is not another living player.",
                                              seat=str(who), you={}),  # the name as typed
                              "sw.destiny")
        picked[k] = what
    for k in ctx.others(i):
        t = ctx.s.seats[k]
        what = picked.get(k, "hand" if t.hand else None)
        if what is None:
            if t.in_play:
                raise Refusal("card_choice_required", msg("{seat} has no hand: say which of "
                                                           "their cards in play is discarded.",
                                                           seat=t.name, you={}),  # another's
                                      "sw.destiny")
            continue
        if not isinstance(what, str):
            raise Refusal("bad_move", msg("A discard comes from the hand or is a card in play."),
                          "sw.destiny")
        if what.casefold() == "hand":
            if t.hand == 0:
                raise Refusal("no_cards", msg("{seat} has no cards in hand.", seat=t.name,
                                              you={"seat": N_("You have no cards in hand.")}),
                              "sw.destiny")
            resolve_cat_balou(ctx, i, k, "hand")
        else:
            card = cards_of(ctx.s).get(what).name
            if card not in t.in_play:
                raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.",
                                                           seat=t.name, card=name(card),
                    you={"seat": N_("You have no {card} in play.")}),
                              "sw.destiny")
            resolve_cat_balou(ctx, i, k, card)
            t.ranges.pop(card, None)


def hit_all(ctx, i: int, card) -> None:
    """BANG!'s Destiny instead of its own effect: a hit to every other player, each
    cancelled by a Missed! (two against Accurate). Still the turn's BANG!"""
    s = ctx.s
    bang_allowed(ctx, i)
    pay(ctx, i, card)
    s.bangs += 1
    ctx.say("destiny", msg("Encounter with Destiny ({card}): {effect}", card=name("BANG!"),
                           effect=msg(DESTINY_DONE["hit_all"], seat=ctx.name(i))),
            seat=ctx.name(i), card=card.name, effect="hit_all")
    ctx.log(destiny="hit_all", seat=i, card=card.name)
    needed = ctx.char(i).misses_needed
    for k in ctx.others(i):
        s.pending.append(Ask(k, "gatling", i, "BANG!", needed=needed))


def heal_other(ctx, i: int, other) -> None:
    s = ctx.s
    if other is None:
        raise Refusal("target_required", msg("Destiny: say which other player wins back 1 "
                                             "energy ('other')."), "sw.destiny")
    j = s.index(other)
    if j == i or not s.seats[j].alive:
        raise Refusal("bad_target", msg("Destiny: another living player wins back the energy."),
                      "sw.destiny")
    if len(s.alive()) <= 2:
        ctx.say("note", msg("With two players left, the Bacta Tank's Destiny heals nobody."))
        return
    ctx.heal(j, 1, msg("Encounter with Destiny"))
