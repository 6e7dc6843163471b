"""Answers to open questions (Missed!, Barrel, a BANG! in a Duel or against Indians!,
Beer while dying, taking the hit), and the abilities usable at any moment. A ruleset may
put questions of its own kinds (`Ruleset.why_not`, `own_check`, `taken`) and abilities of
its own (`Ruleset.actions.abilities`).
"""
from __future__ import annotations

from .effects import Ctx
from .errors import Refusal
from .moments import ANSWER, ANSWERED, OWN_CHECK, TAKEN, each, first
from .moves import Move
from .plays import BANG_SWAP, as_card, char_name
from .state import Ask
from .table import cards_of, chars_of, has_kind, in_force
from .say import N_, msg, name

# What each kind of question accepts, besides "take".
ACCEPTS = {              # by kind of card
    "bang": {"missed"},
    "gatling": {"missed"},
    "indians": {"bang"},
    "duel": {"bang"},
    "dying": {"beer"},
}
WHY_NOT = {
    "indians": (N_("Against Indians! only discarding a BANG! helps: no Missed!, no Barrel."),
                "card.indians"),
    "duel": (N_("In a Duel only BANG! cards count: no Missed!, no Barrel."), "card.duel"),
    "dying": (N_("A dying player can only drink a Beer (or use an ability) or be eliminated."),
              "dying"),
    "bang": (N_("A shot is cancelled by a Missed! or a Barrel's heart."), "card.missed"),
    "gatling": (N_("A Gatling shot is cancelled by a Missed! or a Barrel's heart."), "card.gatling"),
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
                                                 seat=s.seats[i].name,
            you={"seat": N_("You are not being asked anything.")}),
                      "answer.pending")
    ask = asks[0]
    if answer.casefold() == "take":     # no card: the ruleset may still refuse an option
        s.rules.resolve(ctx, i, None, None, m, lambda: take(ctx, ask), ask)
        return
    which = barrel_answer(ctx, i, answer)
    if which:
        try_barrel(ctx, ask, which, m)
        return
    played = cards_of(s).get(answer)
    as_name = m.opts.get("as")
    accepts = ACCEPTS.get(ask.kind, ask.accepts)   # a ruleset's own kind: what it says
    if as_name is None and ctx.char(i).swaps_bang_missed and played.kind not in accepts:
        as_name = BANG_SWAP.get(played.name)     # Calamity Janet need not say "as"
    card = as_card(ctx, i, played, as_name)
    if card.kind not in accepts:
        if card.kind == "beer":
            raise Refusal("not_dying", msg("A {card} out of turn is only for a hit that would "
                                           "eliminate you.", card=name(card.name)), card.rule)
        raise Refusal("wrong_answer", *why_not(ctx, ask.kind))
    if s.seats[i].hand < 1:
        raise Refusal("empty_hand", msg("{seat} has no cards in hand.", seat=s.seats[i].name,
                                        you={"seat": N_("You have no cards in hand.")}),
                      "cards")
    if react := s.rules.reactions.get(ANSWER):
        each(react, ctx, i, card, ask, m)
    if card.name == played.name:
        text = msg("{seat} answers with {card}.", seat=ctx.name(i), card=name(card.name),
                   you={"seat": N_("You answer with {card}.")})
    else:
        text = msg("{seat} answers with {played} as {card}.", seat=ctx.name(i),
                   played=name(played.name), card=name(card.name),
                   you={"seat": N_("You answer with {played} as {card}.")})
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
                            seat=ctx.name(ask.other),
                           you={"seat": N_("You must now discard a BANG! or lose the Duel.")}))
    elif ask.kind == "indians":
        s.pending.remove(ask)
    elif ask.kind == "dying":
        drink(ctx, i, card.name)
    else:                               # a question of the ruleset's own, answered
        s.pending.remove(ask)
        if react := s.rules.reactions.get(ANSWERED):
            each(react, ctx, ask)


def barrel_answer(ctx: Ctx, i: int, answer: str) -> str:
    """"barrel" for a card like the Barrel in play, "jourdonnais" for a character's own
    Barrel ("Jourdonnais", or the character's name), "" for anything else."""
    low = answer.casefold()
    if low in ("barrel", "jourdonnais"):
        return low
    card = cards_of(ctx.s).find(answer)
    if card is not None and card.kind == "barrel":
        return "barrel"
    own = chars_of(ctx.s).find(answer)      # a character's own Barrel, named even if not his
    if own is not None and own.built_in_barrel:
        return "jourdonnais"
    return ""


def why_not(ctx: Ctx, kind: str) -> tuple[dict, str]:
    """(message, rule) for an answer that does not answer this kind of question."""
    text, rule = ctx.s.rules.data.why_not.get(kind) or WHY_NOT.get(kind) or (
        N_("That answer does not answer the open question."), "answer.pending")
    return msg(text), rule


def cancel_one(ctx: Ctx, ask: Ask) -> None:
    if ask.needed > 1:
        ctx.replace_ask(ask, needed=ask.needed - 1)
        ctx.say("ask", msg("{seat} needs one more Missed! against {source}'s BANG!",
                           seat=ctx.name(ask.seat), source=ctx.name(ask.source),
                           you={"seat": N_("You need one more Missed! against {source}'s BANG!"),
                                "source": N_("{seat} needs one more Missed! against your BANG!")}))
        return
    ctx.s.pending.remove(ask)
    if ask.source is None:              # a shot nobody fired (an event's)
        ctx.say("missed", msg("The {card} shot misses {seat}.", card=name(ask.card),
                              seat=ctx.name(ask.seat),
                              you={"seat": N_("The {card} shot misses you.")}))
    else:
        ctx.say("missed", msg("{source}'s {card} misses {seat}.", source=ctx.name(ask.source),
                              card=name(ask.card), seat=ctx.name(ask.seat),
                              you={"seat": N_("{source}'s {card} misses you."),
                                   "source": N_("Your {card} misses {seat}.")}))
    ctx.log(missed=ask.source, card=ask.card, target=ask.seat)
    if react := ctx.s.rules.reactions.get(ANSWERED):
        each(react, ctx, ask)


def try_barrel(ctx: Ctx, ask: Ask, which: str, m: Move) -> None:
    i = ask.seat
    react = ctx.s.rules.reactions.get(OWN_CHECK)
    if which == "jourdonnais" and react and first(react, ctx, ask, m):
        return                        # the ruleset's character draws! for something else
    if ask.kind not in ("bang", "gatling"):
        raise Refusal("wrong_answer", *why_not(ctx, ask.kind))
    if which == "barrel" and not in_force(ctx.s, i, "barrel"):
        barrel = next(c.name for c in cards_of(ctx.s) if c.kind == "barrel")
        raise Refusal("no_barrel", msg("{seat} has no {card} in play.", seat=ctx.name(i),
                                              card=name(barrel),
            you={"seat": N_("You have no {card} in play.")}), "card.barrel")
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
    passed = rules.check_passes(ctx, i, "barrel", m.opts["check"], m.opts.get("keep"), label,
                                by_ability=which == "jourdonnais")
    ctx.replace_ask(ask, tried=ask.tried + (which,))
    ask = next(a for a in ctx.s.pending if a.seat == i)
    if passed:
        # against a shot that needs two Missed! it is one of them, and says so (the line
        # after it asks for one more: "cancels the hit" would contradict it)
        word = "barrel_pass_part" if ask.needed > 1 else "barrel_pass"
        ctx.say("answer", msg(rules.data.words[word], card=name(label)))
        ctx.log(evaded=which, seat=i)
        cancel_one(ctx, ask)
    else:
        ctx.say("answer", msg(rules.data.words["barrel_fail"], card=name(label)))


def take(ctx: Ctx, ask: Ask) -> None:
    s = ctx.s
    i = ask.seat
    s.pending.remove(ask)
    if ask.kind == "dying":
        ctx.eliminate(i, ask.source, ask.card)
        return
    if ask.kind not in ACCEPTS:         # a question of the ruleset's own
        if not first(s.rules.reactions.get(TAKEN, ()), ctx, ask):
            raise Refusal("wrong_answer", msg("That answer does not answer the open "
                                              "question."), "answer.pending")
        return
    # In a Duel the one who gives up loses; the Duel's player is responsible either way.
    ctx.hit(i, 1, ask.source, ask.card)
    if ask.kind == "duel":
        ctx.log(lost_duel=i)
    if react := s.rules.reactions.get(ANSWERED):
        each(react, ctx, ask)


def drink(ctx: Ctx, i: int, card: str = "Beer") -> None:
    """A Beer while dying: one life, unless only two players are left."""
    if len(ctx.s.alive()) <= 2:
        ctx.say("note", msg("With two players left, a {card} heals nothing.", card=name(card)))
        return
    ctx.heal(i, 1, name(card))


def do_ability(ctx: Ctx, m: Move, i: int) -> None:
    """An ability used by choice: Sid Ketchum's discard for life (at any moment), or one
    the ruleset has of its own (`Ruleset.actions.abilities`: {key: fn(ctx, m, i, value)})."""
    s = ctx.s
    seat = s.seats[i]
    per = ctx.char(i).heal_by_discard
    opts = m.arg if isinstance(m.arg, dict) else {}
    for key, use in s.rules.actions.abilities.items():
        if key in opts:
            return use(ctx, m, i, opts[key])
    n = opts.get("discard")
    if not per or set(opts) - {"discard"}:
        raise Refusal("ability_unavailable", msg("{character} has no ability to use this way.",
                                                  character=char_name(ctx, i)),
                      "characters")
    if not isinstance(n, int) or isinstance(n, bool) or n < per or n % per:
        raise Refusal("bad_move", msg("{character} discards cards two at a time.",
                                       character=char_name(ctx, i)),
                      ctx.char(i).rule)
    if seat.life + n // per > seat.max_life:
        raise Refusal("full_life", msg("{seat} cannot go above {n} {life}.", seat=seat.name,
                                        n=seat.max_life, life=name(ctx.word("life")),
                                       you={"seat": N_("You cannot go above {n} {life}.")}),
                      ctx.char(i).rule)
    ctx.spend(i, n, name(seat.character))
    ctx.heal(i, n // per, name(seat.character))
