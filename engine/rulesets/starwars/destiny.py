"""Encounter with Destiny: a copy of BANG!, Missed!, Bacta Tank or Repair may show one extra
effect. The app cannot see the copy, so the move says which (`destiny`) and, optionally,
which effect comes first (`first`: "card" by default, or "destiny"). The effect applies
only while its player has 2 energy or less at the moment it applies, and then it must; a
card discarded rather than played, a card used as another (Inventive) and a Tempered
repeat have none.
"""
from __future__ import annotations

from ...errors import Refusal
from ...plays import _pay, bang_allowed, resolve_cat_balou
from ...state import Ask
from .data import DESTINY

LIMIT = 2   # Destiny applies at this much energy or less


def resolve(ctx, i, card, played, m, effect, ask) -> None:
    key = m.opts.get("destiny")
    if key is None:
        return effect()
    effects = DESTINY.get(card.name, {})
    if played.name != card.name:
        raise Refusal("destiny_unavailable", f"A {played.name} used as a {card.name} brings no "
                      "Encounter with Destiny.", "sw.ability.inventive")
    if ask is not None and ask.kind in ("duel", "indians"):
        raise Refusal("destiny_unavailable", "A card discarded instead of played brings no "
                      "Encounter with Destiny.", "sw.destiny")
    if key not in effects:
        known = ", ".join(effects) or "none"
        raise Refusal("destiny_unavailable", f"{card.name} has no Destiny effect {key!r} "
                      f"(its effects: {known}).", "sw.destiny")
    if ask is None and card.kind == "missed":
        raise Refusal("destiny_unavailable", "A Missed! is only played as an answer.",
                      "sw.card.missed")
    energy = ctx.s.seats[i].life
    if energy > LIMIT:
        raise Refusal("destiny_unavailable", f"Encounter with Destiny applies at {LIMIT} energy "
                      f"or less; {ctx.name(i)} has {energy}.", "sw.destiny")
    first = m.opts.get("first", "card")
    if first not in ("card", "destiny"):
        raise Refusal("bad_move", "'first' is \"card\" or \"destiny\".", "sw.destiny.order")
    if key == "hit_all":
        return hit_all(ctx, i, card)
    if first == "destiny":
        apply(ctx, i, card, key, m, ask)
        effect()
    else:
        effect()
        if ctx.s.seats[i].life > LIMIT:
            ctx.say("note", f"{ctx.name(i)} now has {ctx.s.seats[i].life} energy: the Destiny "
                    f"effect of the {card.name} no longer applies.", rule="sw.destiny.order")
            return
        apply(ctx, i, card, key, m, ask)


def apply(ctx, i, card, key, m, ask) -> None:
    """One Destiny effect (the card's own effect is applied by the caller)."""
    s = ctx.s
    ctx.say("destiny", f"Encounter with Destiny ({card.name}): {DESTINY[card.name][key]}",
            seat=ctx.name(i), card=card.name, effect=key)
    ctx.log(destiny=key, seat=i, card=card.name)
    if key == "draw":
        ctx.gain(i, 1, "Encounter with Destiny")
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
            ctx.say("hand", f"{a.name} and {b.name} swap hands ({a.name} {a.hand}, {b.name} "
                    f"{b.hand}).")
            ctx.refill(i)
            ctx.refill(j)
    elif key == "heal_other":
        heal_other(ctx, i, m.opts.get("other"))


def steal(ctx, i: int, j: int, choice) -> None:
    t = ctx.s.seats[j]
    if not isinstance(choice, str):
        raise Refusal("card_choice_required", "Destiny: say which card is taken: one from the "
                      "hand, or a card in play.", "sw.destiny")
    if choice.casefold() == "hand":
        if t.hand == 0:
            raise Refusal("no_cards", f"{t.name} has no cards in hand.", "sw.destiny")
        ctx.take(i, j, 1, f"Destiny: a card from {t.name}'s hand")
        return
    from ...table import cards_of
    name = cards_of(ctx.s).get(choice).name
    if name not in t.in_play:
        raise Refusal("no_such_card_in_play", f"{t.name} has no {name} in play.", "sw.destiny")
    t.in_play.remove(name)
    t.ranges.pop(name, None)
    ctx.gain(i, 1, f"Destiny: {t.name}'s {name}")


def discard_all(ctx, i: int, choices) -> None:
    from ...table import cards_of
    if not isinstance(choices, dict):
        raise Refusal("bad_move", "Say, for each other player, whether the discard "
                      "comes from the hand or which card in play.",
                      "sw.destiny")
    names = {ctx.s.seats[k].name.casefold(): k for k in ctx.others(i)}
    picked = {}
    for who, what in choices.items():
        k = names.get(str(who).casefold())
        if k is None:
            raise Refusal("bad_target", f"{who!r} is not another living player.", "sw.destiny")
        picked[k] = what
    for k in ctx.others(i):
        t = ctx.s.seats[k]
        what = picked.get(k, "hand" if t.hand else None)
        if what is None:
            if t.in_play:
                raise Refusal("card_choice_required", f"{t.name} has no hand: say which of "
                              f"their cards in play is discarded.", "sw.destiny")
            continue
        if not isinstance(what, str):
            raise Refusal("bad_move", "A discard comes from the hand or is a card in play.", "sw.destiny")
        if what.casefold() == "hand":
            if t.hand == 0:
                raise Refusal("no_cards", f"{t.name} has no cards in hand.", "sw.destiny")
            resolve_cat_balou(ctx, i, k, "hand")
        else:
            name = cards_of(ctx.s).get(what).name
            if name not in t.in_play:
                raise Refusal("no_such_card_in_play", f"{t.name} has no {name} in play.",
                              "sw.destiny")
            resolve_cat_balou(ctx, i, k, name)
            t.ranges.pop(name, None)


def hit_all(ctx, i: int, card) -> None:
    """BANG!'s Destiny instead of its own effect: a hit to every other player, each
    cancelled by a Missed! (two against Accurate). Still the turn's BANG!."""
    s = ctx.s
    bang_allowed(ctx, i)
    _pay(ctx, i, card)
    s.bangs += 1
    ctx.say("destiny", f"Encounter with Destiny (BANG!): {DESTINY['BANG!']['hit_all']}",
            seat=ctx.name(i), card=card.name, effect="hit_all")
    ctx.log(destiny="hit_all", seat=i, card=card.name)
    needed = ctx.char(i).misses_needed
    for k in ctx.others(i):
        s.pending.append(Ask(k, "gatling", i, "BANG!", needed=needed))


def heal_other(ctx, i: int, other) -> None:
    s = ctx.s
    if other is None:
        raise Refusal("target_required", "Destiny: say which other player wins back 1 energy "
                      "('other').", "sw.destiny")
    j = s.index(other)
    if j == i or not s.seats[j].alive:
        raise Refusal("bad_target", "Destiny: another living player wins back the energy.",
                      "sw.destiny")
    if len(s.alive()) <= 2:
        ctx.say("note", "With two players left, the Bacta Tank's Destiny heals nobody.")
        return
    ctx.heal(j, 1, "Encounter with Destiny")
