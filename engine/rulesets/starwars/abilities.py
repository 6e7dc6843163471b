"""Tempered: once a turn, discard a BANG! from hand to repeat the effect of the red-bordered
card just played. `{"by": "Ann", "ability": {"repeat": "BANG!"}, "target": "Bob"}`: the
target is chosen again and checked as for the card; the repeat is not a card played (no
BANG! limit, no Destiny) and is never repeated itself.
"""
from __future__ import annotations

from ...cards import norm
from ...errors import Refusal
from ...plays import PLAYS, char_name
from ...say import N_, msg, name
from ...table import cards_of, dist, target_problem
from ...turns import check_due, own_turn
from .data import TEMPERED

RULE = "sw.ability.tempered"


def repeat(ctx, m, i: int, wanted) -> None:
    s = ctx.s
    if s.seats[i].character != TEMPERED:
        raise Refusal("ability_unavailable", msg("{character} repeats nothing: that is Tempered's "
                                                  "ability.", character=char_name(ctx, i)),
                      "sw.abilities")
    own_turn(ctx, m, i)
    if s.phase != "play" or check_due(ctx):
        raise Refusal("wrong_phase", msg("A repeat follows a card played in the play phase."),
                      RULE)
    if any("repeated" in e for e in s.turn_log):
        raise Refusal("ability_unavailable", msg("Tempered repeats once a turn."), RULE)
    if m.opts.get("destiny") is not None:
        raise Refusal("destiny_unavailable", msg("A repeated effect brings no Encounter with "
                                                  "Destiny."), RULE)
    played = [e for e in s.turn_log if e.get("played")]
    if not played:
        raise Refusal("ability_unavailable", msg("No card has been played this turn to repeat."),
                      RULE)
    card = cards_of(s).get(played[-1]["played"])
    if isinstance(wanted, str) and norm(wanted) != norm(card.name):
        raise Refusal("ability_unavailable", msg("The card just played is the {card}: only its "
                                                  "effect can be repeated.", card=name(card.name)),
                      RULE)
    if card.colour != "brown":
        raise Refusal("ability_unavailable", msg("The {card} has a blue border: only a "
                                                  "red-bordered card's effect is repeated.",
                                                  card=name(card.name)), RULE)
    j = None
    if card.target in ("reach", "distance1", "other", "not_sheriff", "any"):
        if m.opts.get("target") is None:
            raise Refusal("target_required", msg("The repeated {card} needs a target.",
                                                     card=name(card.name)), RULE)
        j = s.index(m.opts["target"])
        problem = target_problem(s, i, card, j)
        if problem:
            raise problem
    ctx.say("ability", msg("{seat} (Tempered) discards a BANG! to repeat the {card}.",
                           seat=ctx.name(i), card=name(card.name),
        you={"seat": N_("You (Tempered) discard a BANG! to repeat the {card}.")}), seat=ctx.name(i))
    bangs, s.bangs = s.bangs, 0          # the repeat is not a BANG! played
    PLAYS[card.kind](ctx, i, card, j, m)  # its cost in hand is the BANG! discarded
    s.bangs = bangs
    ctx.log(repeated=card.name, target=j, distance=dist(s, i, j) if j not in (None, i) else 0)
