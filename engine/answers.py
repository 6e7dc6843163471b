"""Answers to open questions (Missed!, Barrel, a BANG! in a Duel or against Indians!,
Beer while dying, taking the hit), and the abilities usable at any moment.
"""
from __future__ import annotations

from .effects import Ctx
from .errors import Refusal
from .moves import Move
from .cards import RANK_VALUE
from .plays import BANG_SWAP, as_card, char_name, do_play, resolve_take, shoot
from .state import Ask
from .table import cards_of, chars_of, dist, has_kind, target_problem
from .turns import own_turn, turn_at_end
from .turns import revealed
from .say import N_, msg, name

# What each kind of question accepts, besides "take".
ACCEPTS = {              # by kind of card
    "bang": {"missed"},
    "gatling": {"missed"},
    "indians": {"bang"},
    "duel": {"bang"},
    "dying": {"beer"},
    "evade": set(),
}
WHY_NOT = {
    "indians": (N_("Against Indians! only discarding a BANG! helps: no Missed!, no Barrel."),
                "card.indians"),
    "duel": (N_("In a Duel only BANG! cards count: no Missed!, no Barrel."), "card.duel"),
    "dying": (N_("A dying player can only drink a Beer (or use an ability) or be eliminated."),
              "dying"),
    "bang": (N_("A shot is cancelled by a Missed! or a Barrel's heart."), "card.missed"),
    "gatling": (N_("A Gatling shot is cancelled by a Missed! or a Barrel's heart."), "card.gatling"),
    "evade": (N_("Jourdonnais may draw! to ignore the card, or let it happen."),
              "legend.jourdonnais"),
}


def do_respond(ctx: Ctx, m: Move, i: int) -> None:
    s = ctx.s
    asks = s.asks_for(i)
    answer = m.arg if isinstance(m.arg, str) else None
    if answer is None:
        raise Refusal("bad_move", msg("An answer names a card, the Barrel, Jourdonnais, or taking "
                                       "the hit."), "record")
    if not asks:
        drunk = cards_of(s).find(answer)
        if drunk is not None and drunk.kind == "beer":
            raise Refusal("not_dying", msg("A {card} out of turn is only for a hit that would "
                                           "eliminate you.", card=name(drunk.name)), drunk.rule)
        raise Refusal("nothing_to_answer", msg("{seat} is not being asked anything.",
                                                 seat=s.seats[i].name),
                      "answer.pending")
    ask = asks[0]
    if answer.casefold() == "take":
        if m.opts.get("destiny") is not None:
            raise Refusal("destiny_unavailable", msg("Taking the hit plays no card: no Encounter "
                                                      "with Destiny."), "answer.pending")
        take(ctx, ask)
        return
    which = barrel_answer(ctx, i, answer)
    if which:
        try_barrel(ctx, ask, which, m)
        return
    played = cards_of(s).get(answer)
    as_name = m.opts.get("as")
    if as_name is None and ctx.char(i).swaps_bang_missed and played.kind not in ACCEPTS[ask.kind]:
        as_name = BANG_SWAP.get(played.name)     # Calamity Janet need not say "as"
    card = as_card(ctx, i, played, as_name)
    if card.kind not in ACCEPTS[ask.kind]:
        if card.kind == "beer":
            raise Refusal("not_dying", msg("A {card} out of turn is only for a hit that would "
                                           "eliminate you.", card=name(card.name)), card.rule)
        raise Refusal("wrong_answer", *why_not(ctx, ask.kind))
    if s.seats[i].hand < 1:
        raise Refusal("empty_hand", msg("{seat} has no cards in hand.", seat=s.seats[i].name),
                      "cards")
    if card.name == played.name:
        text = msg("{seat} answers with {card}.", seat=ctx.name(i), card=name(card.name))
    else:
        text = msg("{seat} answers with {played} as {card}.", seat=ctx.name(i),
                   played=name(played.name), card=name(card.name))
    ctx.say("answer", text, seat=ctx.name(i), card=card.name)
    ctx.spend(i, 1)
    ctx.log(answered=card.name, card=played.name, seat=i, to=ask.kind)
    s.rules.resolve(ctx, i, card, played, m, lambda: answered(ctx, i, ask, card), ask)


def answered(ctx: Ctx, i: int, ask: Ask, card) -> None:
    """What an answer card does to the question it answers."""
    s = ctx.s
    if ask.kind in ("bang", "gatling"):
        cancel_one(ctx, ask)
    elif ask.kind == "duel":
        ctx.replace_ask(ask, seat=ask.other, other=i, tried=ask.tried + ("answered",))
        ctx.say("ask", msg("{seat} must now discard a BANG! or lose the Duel.",
                            seat=ctx.name(ask.other)))
    elif ask.kind == "indians":
        s.pending.remove(ask)
    elif ask.kind == "dying":
        drink(ctx, i, card.name)


def barrel_answer(ctx: Ctx, i: int, answer: str) -> str:
    """"barrel" for a card like the Barrel in play, "jourdonnais" for a character's own
    Barrel ("Jourdonnais", or the character's name), "" for anything else."""
    low = answer.casefold()
    if low in ("barrel", "jourdonnais"):
        return low
    card = cards_of(ctx.s).find(answer)
    if card is not None and card.kind == "barrel":
        return "barrel"
    own = chars_of(ctx.s).find(answer)      # a character's own Barrel (Lucky), even not his
    if own is not None and own.built_in_barrel:
        return "jourdonnais"
    return ""


def why_not(ctx: Ctx, kind: str) -> tuple[dict, str]:
    """(message, rule) for an answer that does not answer this kind of question."""
    text, rule = ctx.s.rules.why_not.get(kind) or WHY_NOT[kind]
    return msg(text), rule


def cancel_one(ctx: Ctx, ask: Ask) -> None:
    if ask.needed > 1:
        ctx.replace_ask(ask, needed=ask.needed - 1)
        ctx.say("ask", msg("{seat} needs one more Missed! against {source}'s BANG!.",
                           seat=ctx.name(ask.seat), source=ctx.name(ask.source)))
        return
    ctx.s.pending.remove(ask)
    ctx.say("missed", msg("{source}'s {card} misses {seat}.", source=ctx.name(ask.source),
                          card=name(ask.card), seat=ctx.name(ask.seat)))
    ctx.log(missed=ask.source, card=ask.card, target=ask.seat)
    ctx.s.rules.settled(ctx, ask)


def try_barrel(ctx: Ctx, ask: Ask, which: str, m: Move) -> None:
    i = ask.seat
    if which == "jourdonnais" and ctx.char(i).evades_brown:
        return evade(ctx, ask, m)
    if ask.kind not in ("bang", "gatling"):
        raise Refusal("wrong_answer", *why_not(ctx, ask.kind))
    if which == "barrel" and not has_kind(ctx.s, i, "barrel"):
        barrel = next(c.name for c in cards_of(ctx.s) if c.kind == "barrel")
        raise Refusal("no_barrel", msg("{seat} has no {card} in play.", seat=ctx.name(i),
                                              card=name(barrel)), "card.barrel")
    if which == "jourdonnais" and not ctx.char(i).built_in_barrel:
        raise Refusal("ability_unavailable", msg(ctx.word("no_own_barrel"),
                                                  character=char_name(ctx, i)),
                      "char.jourdonnais")
    if which in ask.tried:
        raise Refusal("barrel_used", msg("Each {card} is tried once against a shot.",
                                          card=name(has_kind(ctx.s, i, "barrel")
                                                    or ctx.s.seats[i].character)), "card.barrel")
    if "check" not in m.opts:
        label = has_kind(ctx.s, i, "barrel") if which == "barrel" else ctx.s.seats[i].character
        raise Refusal("bad_check", msg(ctx.word("enter_barrel_check"), card=name(label)), "draw")
    rules = ctx.s.rules
    label = has_kind(ctx.s, i, "barrel") if which == "barrel" else ctx.s.seats[i].character
    if which == "jourdonnais" and not rules.features.get("named_checks"):
        label = "Jourdonnais"
    passed = rules.check_passes(ctx, i, "barrel", m.opts["check"], m.opts.get("keep"), label,
                                by_ability=which == "jourdonnais")
    ctx.replace_ask(ask, tried=ask.tried + (which,))
    ask = next(a for a in ctx.s.pending if a.seat == i)
    if passed:
        ctx.say("answer", msg(rules.words["barrel_pass"], card=name(label)))
        ctx.log(evaded=which, seat=i)
        cancel_one(ctx, ask)
    else:
        ctx.say("answer", msg(rules.words["barrel_fail"], card=name(label)))


def evade(ctx: Ctx, ask: Ask, m: Move) -> None:
    """Legend Jourdonnais: a draw! of J, Q, K or A and the brown card does nothing to him."""
    i = ask.seat
    if ask.kind == "dying":
        raise Refusal("wrong_answer", msg(WHY_NOT["dying"][0]), WHY_NOT["dying"][1])
    if "jourdonnais" in ask.tried:
        raise Refusal("barrel_used", msg("Jourdonnais draws! once against each card."),
                      "legend.jourdonnais")
    if ask.kind == "duel" and (ask.source == i or "answered" in ask.tried):
        raise Refusal("wrong_answer", msg("Jourdonnais draws! when a Duel is aimed at him, not in "
                                           "a Duel he started or has already answered."),
                      "legend.jourdonnais")
    if "check" not in m.opts:
        raise Refusal("bad_check", msg("Enter the card turned over."), "draw")
    rank, _ = revealed(ctx, i, m.opts["check"], m.opts.get("keep"), name("Jourdonnais"),
                       by_ability=True)
    if RANK_VALUE[rank] >= RANK_VALUE["J"]:
        ctx.s.pending.remove(ask)
        ctx.say("answer", msg("{seat} ignores the {card}.", seat=ctx.name(i), card=name(ask.card)))
        if ask.kind == "duel":
            ctx.say("note", msg("The Duel is over; nobody loses a life point."))
    else:
        ctx.replace_ask(ask, tried=ask.tried + ("jourdonnais",))
        ctx.say("answer", msg("Not a J, Q, K or A: the card still counts."))


def take(ctx: Ctx, ask: Ask) -> None:
    s = ctx.s
    i = ask.seat
    s.pending.remove(ask)
    if ask.kind == "dying":
        ctx.eliminate(i, ask.source, ask.card)
        return
    if ask.kind == "evade":
        if ask.choice == "bang":
            ctx.hit(i, 1, ask.source, ask.card)
        else:
            resolve_take(ctx, ask.source, cards_of(s).get(ask.card), i, ask.choice)
        return
    # In a Duel the one who gives up loses; the Duel's player is responsible either way.
    ctx.hit(i, 1, ask.source, ask.card)
    if ask.kind == "duel":
        ctx.log(lost_duel=i)
    s.rules.settled(ctx, ask)


def drink(ctx: Ctx, i: int, card: str = "Beer") -> None:
    """A Beer while dying: one life, unless only two players are left."""
    if len(ctx.s.alive()) <= 2:
        ctx.say("note", msg("With two players left, a {card} heals nothing.", card=name(card)))
        return
    ctx.heal(i, 1, name(card))


def do_ability(ctx: Ctx, m: Move, i: int) -> None:
    """An ability used by choice: Sid Ketchum's discard for life (at any moment), and in
    Legends the free BANG! of legend Sid Ketchum and the blue Panic! of legend Rose Doolan."""
    s = ctx.s
    seat = s.seats[i]
    per = ctx.char(i).heal_by_discard
    opts = m.arg if isinstance(m.arg, dict) else {}
    if "bang" in opts:
        return free_bang(ctx, m, i, opts["bang"])
    if "panic" in opts:
        return blue_panic(ctx, m, i, opts["panic"])
    for key, use in s.rules.abilities.items():     # a ruleset's own (Tempered's repeat)
        if key in opts:
            return use(ctx, m, i, opts[key])
    n = opts.get("discard")
    if not per:
        raise Refusal("ability_unavailable", msg("{character} has no ability to use this way.",
                                                  character=char_name(ctx, i)),
                      "characters")
    if not isinstance(n, int) or isinstance(n, bool) or n < per or n % per:
        raise Refusal("bad_move", msg("{character} discards cards two at a time.",
                                       character=char_name(ctx, i)),
                      ctx.char(i).rule)
    if seat.life + n // per > seat.max_life:
        raise Refusal("full_life", msg("{seat} cannot go above {n} {life}.", seat=seat.name,
                                        n=seat.max_life, life=name(ctx.word("life"))),
                      ctx.char(i).rule)
    ctx.spend(i, n, name(seat.character))
    ctx.heal(i, n // per, name(seat.character))


def free_bang(ctx: Ctx, m: Move, i: int, target: object) -> None:
    """Legend Sid Ketchum, once in his turn after winning back a life point."""
    s = ctx.s
    char = ctx.char(i)
    if not char.free_bang_on_heal:
        raise Refusal("ability_unavailable", msg("{character} has no free BANG!.",
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
                        target=ctx.name(j)))
    ctx.log(free_bang=i, played="free BANG!", target=j, distance=dist(s, i, j))
    shoot(ctx, i, j, "free BANG!")


def blue_panic(ctx: Ctx, m: Move, i: int, wanted: object) -> None:
    """Legend Rose Doolan discards a blue card she has in play and uses it as a Panic!."""
    s = ctx.s
    seat = s.seats[i]
    if not ctx.char(i).blue_as_panic:
        raise Refusal("ability_unavailable", msg("{character} cannot do that.",
                                                  character=char_name(ctx, i)), "characters")
    card = cards_of(s).get(wanted).name
    if card not in seat.in_play:
        raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.",
                                                   seat=seat.name, card=name(card)),
                      "legend.rose_doolan")
    seat.in_play.remove(card)
    ctx.log(discarded=card, kind=cards_of(s).get(card).kind, colour="blue", owner=i)
    seat.hand += 1        # it is played as if from her hand (a refusal discards this copy)
    do_play(ctx, Move(m.by, "play", card, {**m.opts, "as": "Panic!"}), i)
