"""BANG! Legends: what the legend sides do, at the moments the core offers to a ruleset
(`Ruleset.drawing`, `check_picker`, `counts_as`, `shot`, `aimed`, `own_check`...). Each
reads the legend fields of the character in force (characters.py `side`); a normal side
has none of them. The Oregon Trail's card fewer is here too: the Feat logs it, the draw
reads it.
"""
from __future__ import annotations

from dataclasses import replace

from ...answers import WHY_NOT
from ...cards import RANK_VALUE, parse_drawn
from ...effects import Ctx
from ...errors import Refusal
from ...moves import Move
from ...plays import BANG_SWAP, char_name, do_play, resolve_take, shoot
from ...moments import (AIMED, CHECK_PICKED, CHECK_PICKER, DRAW, ELIMINATION, HIT,
                        OWN_CHECK, PLAYED_AS, SHOT, SHOT_COST, SIGHT, TAKEN)
from ...say import N_, N_plural, msg, name, plural
from ...state import Ask
from ...table import cards_of, dist, target_problem
from ...turns import PLAIN, DrawRule, need_rank, own_turn, revealed, turn_at_end
from .characters import side

JOURDONNAIS = "legend.jourdonnais"
WHY_NOT_EVADE = {"evade": (N_("Jourdonnais may draw! to ignore the card, or let it happen."),
                           JOURDONNAIS)}


# -- the draw phase -----------------------------------------------------------------------
def twenty_one(cards: object) -> int:
    """Legend Black Jack's draw: the cards turned up until they pass 21 (one more is allowed
    after exactly 21). Returns how many he takes. Raises Refusal when the list is wrong."""
    if not isinstance(cards, list) or not cards:
        raise Refusal("bad_check", msg("List the cards turned up, in order."),
                      "legend.black_jack")
    values = [11 if r == "A" else min(10, RANK_VALUE[r]) for r, _ in map(parse_drawn, cards)]
    before = sum(values[:-1])
    total = before + values[-1]
    if not (before < 21 < total or total == 21 or before == 21) or \
            any(sum(values[:k]) > 21 or (sum(values[:k]) == 21 and k < len(values) - 1)
                for k in range(1, len(values))):
        raise Refusal("bad_check", msg("Those cards add up to {total}: he stops as soon as he "
                                       "passes 21 (one more card is allowed after exactly 21).",
                                       total=total), "legend.black_jack")
    return len(cards)


DRAWS = {"pedro_legend": DrawRule(cards=3, first_from="discard"),
         "kit_legend": DrawRule(cards=3, give=True),
         "black_jack_21": DrawRule(reveal="counted", count=twenty_one)}


def oregon_trail(ctx: Ctx, i: int, rule: DrawRule) -> DrawRule:
    """The Oregon Trail performed this turn: the first card is left on the deck, and with
    it a normal side's ability on the first card (Jesse Jones, Pedro Ramirez)."""
    if not any(e.get("oregon") == i for e in ctx.s.turn_log):
        return rule
    if ctx.char(i).draw in ("jesse", "pedro"):
        rule = PLAIN
    return replace(rule, fewer=1, note=("feat", msg("{seat} leaves the first card (The Oregon "
                                                    "Trail).", seat=ctx.name(i),
        you={"seat": N_("You leave the first card (The Oregon Trail).")})))


# -- draw!s: legend Lucky Duke picks for everyone ---------------------------------------------
def check_picker(ctx: Ctx, i: int) -> int | None:
    """The living legend Lucky Duke who picks every draw!, the first from the turn on."""
    s = ctx.s
    for j in [s.turn] + ctx.others(s.turn):
        if s.seats[j].alive and side(ctx.char(j)).lucky_for_all:
            return j
    return None


def picked(ctx: Ctx, lucky: int) -> None:
    """In his own turn he takes the card he chose."""
    if lucky == ctx.s.turn:
        ctx.gain(lucky, 1, msg("{character}: the card chosen",
                               character=name(ctx.s.seats[lucky].character)))


# -- distance, cards used as others, BANG!s ---------------------------------------------------
def sight(state, j: int, char) -> tuple[int, dict] | None:
    if side(char).sees_all_at_1:
        return 1, msg("{character} (legend) sees everyone at 1", character=name(char.name))
    return None


def counts_as(ctx: Ctx, i: int, played, card) -> bool:
    """Legend Calamity Janet: any card as a BANG! or a Missed!; legend Rose Doolan: a blue
    card as a Panic!, once a turn."""
    char = side(ctx.char(i))
    if char.any_as_bang_missed and card.name in BANG_SWAP:
        return True
    if char.blue_as_panic and played.colour == "blue" and card.name == "Panic!":
        if any("rose_panic" in e for e in ctx.s.turn_log):
            raise Refusal("ability_unavailable", msg("A blue card as a Panic! only once a turn."),
                          char.rule)
        ctx.log(rose_panic=i)
        return True
    return False


def bang_cost(ctx: Ctx, j: int) -> int:
    """Legend Paul Regret: a BANG! at him costs one more card."""
    return side(ctx.char(j)).bang_costs_extra


def shot(ctx: Ctx, i: int, j: int, card: str) -> bool:
    """Legend Slab the Killer's BANG! cannot be cancelled (legend Jourdonnais may still
    ignore it: ignoring a card is not cancelling it)."""
    char = side(ctx.char(i))
    if not char.uncancellable_bang:
        return False
    ctx.say("note", msg("{character}'s BANG! cannot be cancelled.", character=name(char.name)))
    if side(ctx.char(j)).evades_brown:
        ctx.s.pending.append(Ask(j, "evade", i, card, choice="bang"))
    else:
        ctx.hit(j, 1, i, card)
    return True


def aimed(ctx: Ctx, i: int, j: int, card: str, choice: str) -> bool:
    """A Panic! or Cat Balou at legend Jourdonnais: he may draw! first."""
    if not side(ctx.char(j)).evades_brown:
        return False
    ctx.s.pending.append(Ask(j, "evade", i, card, choice=choice))
    return True


# -- legend Jourdonnais ignores a brown card --------------------------------------------------
def own_check(ctx: Ctx, ask: Ask, m: Move) -> bool:
    if not side(ctx.char(ask.seat)).evades_brown:
        return False
    evade(ctx, ask, m)
    return True


def evade(ctx: Ctx, ask: Ask, m: Move) -> None:
    """Legend Jourdonnais: a draw! of J, Q, K or A and the brown card does nothing to him."""
    i = ask.seat
    if ask.kind == "dying":
        raise Refusal("wrong_answer", msg(WHY_NOT["dying"][0]), WHY_NOT["dying"][1])
    if "jourdonnais" in ask.tried:
        raise Refusal("barrel_used", msg("Jourdonnais draws! once against each card."),
                      JOURDONNAIS)
    if ask.kind == "duel" and (ask.source == i or "answered" in ask.tried):
        raise Refusal("wrong_answer", msg("Jourdonnais draws! when a Duel is aimed at him, not in "
                                           "a Duel he started or has already answered."),
                      JOURDONNAIS)
    if "check" not in m.opts:
        raise Refusal("bad_check", msg("Enter the card turned over."), "draw")
    rank, suit = revealed(ctx, i, m.opts["check"], m.opts.get("keep"), name("Jourdonnais"),
                          by_ability=True)
    need_rank((rank, suit), name("Jourdonnais"))
    if RANK_VALUE[rank] >= RANK_VALUE["J"]:
        ctx.s.pending.remove(ask)
        ctx.say("answer", msg("{seat} ignores the {card}.", seat=ctx.name(i), card=name(ask.card),
                              you={"seat": N_("The {card} has no effect on you.")}))
        if ask.kind == "duel":
            ctx.say("note", msg("The Duel is over; nobody loses a life point."))
    else:
        ctx.replace_ask(ask, tried=ask.tried + ("jourdonnais",))
        ctx.say("answer", msg("Not a J, Q, K or A: the card still counts."))


def taken(ctx: Ctx, ask: Ask) -> bool:
    """He lets the card happen: the BANG! hits, the Panic! or Cat Balou takes its card."""
    if ask.kind != "evade":
        return False
    if ask.choice == "bang":
        ctx.hit(ask.seat, 1, ask.source, ask.card)
    else:
        resolve_take(ctx, ask.source, cards_of(ctx.s).get(ask.card), ask.seat, ask.choice)
    return True


def answer_options(state, i: int, ask: Ask, options: list, char, check_word) -> list:
    """Legend Jourdonnais's draw! against any brown card, before letting it happen."""
    if not side(char).evades_brown:
        return options
    own = state.seats[i].character
    row = (own, msg("{card} ({check})", card=name(own), check=name(check_word)), True)
    if ask.kind == "evade":
        return [row, ("take", msg("Let it happen"), False)]
    if ask.kind in ("bang", "gatling", "indians", "duel") and all(o[0] != own for o in options):
        return options[:-1] + [row] + options[-1:]
    return options


# -- hooks after losing life, and elimination -------------------------------------------------
def gringo(ctx: Ctx, i: int, n: int, source: int | None, card: str) -> None:
    """Legend El Gringo: a card from the hand of whoever made him lose life, and the card
    that hit him (not after a claim or a free BANG!, which are no card)."""
    char = ctx.char(i)
    if char.on_hit != "gringo_legend":
        return
    if source is None or source == i or not ctx.s.seats[source].alive:
        return
    ctx.take(i, source, 1, msg("{character}: from {seat}'s hand", character=name(char.name),
                               seat=ctx.name(source),
                               you={"seat": N_("{character}: from your hand")}))
    if card not in ("claim", "free BANG!", ""):
        ctx.gain(i, 1, msg("{character}: the {card} that hit him", character=name(char.name),
                           card=name(card)))


def vulture_sam(ctx: Ctx, i: int) -> bool:
    """Legend Vulture Sam is not eliminated: back to 4 life and his normal side."""
    if not side(ctx.char(i)).survives_once:
        return False
    seat = ctx.s.seats[i]
    ctx.s.pending = [a for a in ctx.s.pending if a.seat != i]
    seat.legend, seat.fame = False, 0
    seat.life = min(4, seat.max_life)
    ctx.say("legend", plural("{seat} stays in the game with {n} life and turns back to the "
                             "normal side.", "{seat} stays in the game with {n} life and "
                             "turns back to the normal side.", seat.life, seat=seat.name,
                             you={"seat": N_plural("You stay in the game with {n} life and "
                                                   "turn back to the normal side.",
                                                   "You stay in the game with {n} life and "
                                                   "turn back to the normal side.")}),
            seat=seat.name)
    return True


REACTIONS = {DRAW: (oregon_trail,), CHECK_PICKER: (check_picker,), CHECK_PICKED: (picked,),
             SIGHT: (sight,), PLAYED_AS: (counts_as,), SHOT_COST: (bang_cost,),
             SHOT: (shot,), AIMED: (aimed,), OWN_CHECK: (own_check,), TAKEN: (taken,),
             HIT: (gringo,), ELIMINATION: (vulture_sam,)}


# -- abilities used by choice -----------------------------------------------------------------
def free_bang(ctx: Ctx, m: Move, i: int, target: object) -> None:
    """Legend Sid Ketchum, once in his turn after winning back a life point."""
    s = ctx.s
    char = side(ctx.char(i))
    if not char.free_bang_on_heal:
        raise Refusal("ability_unavailable", msg("{character} has no free BANG!",
                                                  character=char_name(ctx, i)),
                      "characters")
    own_turn(ctx, m, i)
    if s.phase != "play":
        raise Refusal("wrong_phase", msg("The free BANG! is shot in the play phase."), char.rule)
    turn_at_end(ctx, i)
    if not any(e.get("healed") == i for e in s.turn_log):
        raise Refusal("ability_unavailable", msg("The free BANG! comes after winning back a life "
                                                  "point this turn."), char.rule)
    if any(e.get("free_bang") == i for e in s.turn_log):
        raise Refusal("ability_unavailable", msg("Only one free BANG! a turn."), char.rule)
    bang = cards_of(s).get("BANG!")
    j = s.index(target)
    problem = target_problem(s, i, bang, j)
    if problem:
        raise problem
    ctx.say("play", msg("{seat} shoots a free BANG! at {target}.", seat=ctx.name(i),
                        target=ctx.name(j),
                        you={"seat": N_("You shoot a free BANG! at {target}."),
                             "target": N_("{seat} shoots a free BANG! at you.")}))
    ctx.log(free_bang=i, played="free BANG!", target=j, distance=dist(s, i, j))
    shoot(ctx, i, j, "free BANG!")


def blue_panic(ctx: Ctx, m: Move, i: int, wanted: object) -> None:
    """Legend Rose Doolan discards a blue card she has in play and uses it as a Panic!"""
    s = ctx.s
    seat = s.seats[i]
    if not side(ctx.char(i)).blue_as_panic:
        raise Refusal("ability_unavailable", msg("{character} cannot do that.",
                                                  character=char_name(ctx, i)), "characters")
    card = cards_of(s).get(wanted).name
    if card not in seat.in_play:
        raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.",
                                                   seat=seat.name, card=name(card),
                                                  you={"seat": N_("You have no {card} in play.")}),
                      "legend.rose_doolan")
    seat.in_play.remove(card)
    ctx.log(discarded=card, kind=cards_of(s).get(card).kind, colour="blue", owner=i)
    seat.hand += 1        # it is played as if from her hand (a refusal discards this copy)
    do_play(ctx, Move(m.by, "play", card, {**m.opts, "as": "Panic!"}), i)


ABILITIES = {"bang": free_bang, "panic": blue_panic}
