"""Tempered: once a turn, discard a BANG! from hand to repeat the effect of the red-bordered
card just played. `{"by": "Ann", "ability": {"repeat": "BANG!"}, "target": "Bob"}`: the
target is chosen again and checked as for the card; the repeat is not a card played (no
BANG! limit, no Destiny) and is never repeated itself.
"""
from __future__ import annotations

from ...cards import norm
from ...errors import Refusal
from ...plays import PLAYS
from ...table import cards_of, dist, target_problem
from ...turns import check_due, own_turn
from .data import TEMPERED

RULE = "sw.ability.tempered"


def repeat(ctx, m, i: int, name) -> None:
    s = ctx.s
    if s.seats[i].character != TEMPERED:
        raise Refusal("ability_unavailable", f"{s.seats[i].character} repeats nothing: that is "
                      "Tempered's ability.", "sw.abilities")
    own_turn(ctx, m, i)
    if s.phase != "play" or check_due(ctx):
        raise Refusal("wrong_phase", "A repeat follows a card played in the play phase.", RULE)
    if any("repeated" in e for e in s.turn_log):
        raise Refusal("ability_unavailable", "Tempered repeats once a turn.", RULE)
    if m.opts.get("destiny") is not None:
        raise Refusal("destiny_unavailable", "A repeated effect brings no Encounter with "
                      "Destiny.", RULE)
    played = [e for e in s.turn_log if e.get("played")]
    if not played:
        raise Refusal("ability_unavailable", "No card has been played this turn to repeat.", RULE)
    card = cards_of(s).get(played[-1]["played"])
    if isinstance(name, str) and norm(name) != norm(card.name):
        raise Refusal("ability_unavailable", f"The card just played is the {card.name}: only "
                      "its effect can be repeated.", RULE)
    if card.colour != "brown":
        raise Refusal("ability_unavailable", f"The {card.name} has a blue border: only a "
                      "red-bordered card's effect is repeated.", RULE)
    j = None
    if card.target in ("reach", "distance1", "other", "not_sheriff", "any"):
        if m.opts.get("target") is None:
            raise Refusal("target_required", f"The repeated {card.name} needs a target.", RULE)
        j = s.index(m.opts["target"])
        problem = target_problem(s, i, card, j)
        if problem:
            raise problem
    ctx.say("ability", f"{ctx.name(i)} (Tempered) discards a BANG! to repeat the "
            f"{card.name}.", seat=ctx.name(i))
    bangs, s.bangs = s.bangs, 0          # the repeat is not a BANG! played
    PLAYS[card.kind](ctx, i, card, j, m)  # its cost in hand is the BANG! discarded
    s.bangs = bangs
    ctx.log(repeated=card.name, target=j, distance=dist(s, i, j) if j not in (None, i) else 0)
