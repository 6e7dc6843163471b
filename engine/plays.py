"""Playing a card from the hand in one's own play phase: the checks every play shares,
then one small function per kind of card.
"""
from __future__ import annotations

from .cards import Card
from .effects import Ctx
from .errors import Refusal
from .moments import AIMED, BANG_LIMIT, PLAYED, PLAYED_AS, SHOT, SHOT_COST, each, first, total
from .moves import Move
from .say import N_, N_plural, msg, name, plural
from .state import Ask
from .table import cards_of, dist, has_kind, in_force, target_problem
from .turns import check_due, own_turn, turn_at_end

BANG_SWAP = {"BANG!": "Missed!", "Missed!": "BANG!"}


def char_name(ctx: Ctx, i: int):
    """Seat i's character for a message: a known one through name(), one the ruleset
    knows only by the name the players wrote (an ability card entered by hand) as written."""
    character = ctx.s.seats[i].character
    return name(character) if ctx.s.rules.data.characters.find(character) else character


def as_card(ctx: Ctx, i: int, played: Card, as_name: object) -> Card:
    """The card a play counts as: itself, what Calamity Janet uses it as, or what the
    ruleset lets a character use it as (`Ruleset.counts_as`)."""
    if as_name is None:
        return played
    target = cards_of(ctx.s).get(as_name)
    if target.name == played.name:
        return played
    char = ctx.char(i)
    react = ctx.s.rules.reactions.get(PLAYED_AS)
    if react and first(react, ctx, i, played, target):
        return target
    if not (char.swaps_bang_missed and BANG_SWAP.get(played.name) == target.name):
        raise Refusal("not_as_card", msg("{character} cannot use {played} as {card}.",
                                         character=char_name(ctx, i),
                                         played=name(played.name), card=name(target.name)),
                      char.rule if char.swaps_bang_missed else "char.calamity_janet")
    return target


def do_play(ctx: Ctx, m: Move, i: int) -> None:
    s = ctx.s
    own_turn(ctx, m, i)
    if check_due(ctx):
        raise Refusal("check_pending", msg("The start-of-turn {check} comes first.",
                                            check=name(s.rules.data.words["check"])), "turn.start")
    if s.phase != "play":
        raise Refusal("wrong_phase", msg("Cards are played after the draw phase."), "turn.play")
    turn_at_end(ctx, i)
    played = cards_of(s).get(m.arg)
    card = as_card(ctx, i, played, m.opts.get("as"))
    if s.seats[i].hand < 1:
        raise Refusal("empty_hand", msg("{seat} has no cards in hand.", seat=s.seats[i].name,
                                        you={"seat": N_("You have no cards in hand.")}),
                      "cards")
    target = m.opts.get("target")
    j = None
    rules = s.rules
    if card.target in ("reach", "distance1", "other", "not_sheriff", "any") \
            and rules.needs_target(card, m):
        if target is None:
            raise Refusal("target_required", msg("{card} needs a target player.",
                                                  card=name(card.name)), card.rule)
        j = s.index(target)
        problem = target_problem(s, i, card, j)
        if problem:
            raise problem
    elif target is not None and not (card.target == "self" and s.index(target) == i):
        raise Refusal("no_target_allowed", msg("{card} is not aimed at anyone.",
                                                 card=name(card.name)), card.rule)
    far = dist(s, i, j) if j is not None and j != i else 0
    if react := rules.reactions.get(PLAYED):
        each(react, ctx, i, card, j, m)
    play = PLAYS.get(card.kind) or rules.actions.plays[card.kind]
    rules.resolve(ctx, i, card, played, m, lambda: play(ctx, i, card, j, m))
    ctx.log(played=card.name, card=played.name, target=j, distance=far)


def pay(ctx: Ctx, i: int, card: Card, j: int | None = None) -> None:
    """The played card leaves the hand (Suzy Lafayette may draw at once)."""
    if j is not None:
        text = msg("{seat} plays {card} at {target}.", seat=ctx.name(i), card=name(card.name),
                   target=ctx.name(j),
                   you={"seat": N_("You play {card} at {target}."),
                        "target": N_("{seat} plays {card} at you.")})
    else:
        text = msg("{seat} plays {card}.", seat=ctx.name(i), card=name(card.name),
                   you={"seat": N_("You play {card}.")})
    ctx.say("play", text, seat=ctx.name(i), card=card.name)
    ctx.spend(i, 1)


def bang_allowed(ctx: Ctx, i: int) -> None:
    """The one-BANG!-a-turn limit (lifted by a rapid weapon or a character; a reaction to
    BANG_LIMIT may allow more for now)."""
    s = ctx.s
    gun = cards_of(s).find(in_force(s, i, "weapon"))
    react = s.rules.reactions.get(BANG_LIMIT)
    if s.bangs >= 1 + (total(react, ctx, i) if react else 0) and not (ctx.char(i).unlimited_bang or (gun is not None and gun.rapid)):
        raise Refusal("bang_limit", msg(s.rules.data.words["bang_limit"]), "turn.bang_limit")


def play_bang(ctx: Ctx, i: int, card: Card, j: int, m: Move) -> None:
    s = ctx.s
    bang_allowed(ctx, i)
    react = s.rules.reactions.get(SHOT_COST)
    extra = total(react, ctx, j) if react else 0
    if s.seats[i].hand < 1 + extra:
        raise Refusal("not_enough_cards", plural("A BANG! at {target} costs {n} more card from hand.",
                                                 "A BANG! at {target} costs {n} more cards from hand.",
                                                 extra, target=ctx.name(j),
            you={"target": N_plural("A BANG! at you costs {n} more card from hand.",
                                    "A BANG! at you costs {n} more cards from hand.")}),
        ctx.char(j).rule)
    pay(ctx, i, card, j)
    if extra:
        ctx.spend(i, extra, name(s.seats[j].character))
    s.bangs += 1
    shoot(ctx, i, j, "BANG!")


def shoot(ctx: Ctx, i: int, j: int, card: str) -> None:
    """A BANG! effect from seat i at seat j: a question to j, unless the ruleset settles
    it its own way (a reaction to SHOT: a BANG! that cannot be cancelled)."""
    react = ctx.s.rules.reactions.get(SHOT)
    if react and first(react, ctx, i, j, card):
        return
    char = ctx.char(i)
    needed = char.misses_needed if card == "BANG!" or char.misses_all_hits else 1
    ctx.s.pending.append(Ask(j, "bang", i, card, needed=needed))


def play_missed(ctx: Ctx, i: int, card: Card, j: int | None, m: Move) -> None:
    raise Refusal("answer_only", msg("Missed! is played only to cancel a shot aimed at you."),
                  card.rule)


def play_beer(ctx: Ctx, i: int, card: Card, j: int | None, m: Move) -> None:
    pay(ctx, i, card)
    if len(ctx.s.alive()) <= 2:
        ctx.say("note", msg("With two players left, a {card} heals nothing.",
                            card=name(card.name)))
    else:
        ctx.heal(i, 1, name(card.name))


def _take_choice(ctx: Ctx, i: int, card: Card, j: int, m: Move) -> str:
    choice = m.opts.get("card")
    t = ctx.s.seats[j]
    if not isinstance(choice, str):
        raise Refusal("card_choice_required", msg("{card}: say whether it takes a card from the hand "
                                                     "or which card in play.", card=name(card.name)),
                      card.rule)
    if choice.casefold() == "hand":
        if i == j:
            raise Refusal("bad_target", msg("{card}: you cannot pick a card from your own hand.",
                                              card=name(card.name)), card.rule)
        if t.hand == 0:
            raise Refusal("no_cards", msg("{seat} has no cards in hand.", seat=t.name,
                you={"seat": N_("You have no cards in hand.")}), card.rule)
        return "hand"
    wanted = cards_of(ctx.s).get(choice).name
    if wanted not in t.in_play:
        raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.", seat=t.name,
                                                       card=name(wanted),
            you={"seat": N_("You have no {card} in play.")}), card.rule)
    return wanted


def play_take(ctx: Ctx, i: int, card: Card, j: int, m: Move) -> None:
    """Panic! and Cat Balou: the card chosen, then (unless the ruleset asks the target
    first, a reaction to AIMED) taken or discarded."""
    choice = _take_choice(ctx, i, card, j, m)
    pay(ctx, i, card, j)
    react = ctx.s.rules.reactions.get(AIMED)
    if j != i and react and first(react, ctx, i, j, card.name, choice):
        return
    resolve_take(ctx, i, card, j, choice)


def resolve_take(ctx: Ctx, i: int, card: Card, j: int, choice: str) -> None:
    """What a Panic! or a Cat Balou does once it is not avoided."""
    if card.kind == "cat_balou":
        return resolve_cat_balou(ctx, i, j, choice)
    t = ctx.s.seats[j]
    if choice == "hand":
        ctx.take(i, j, 1, msg("{card}: a card from {seat}'s hand", card=name(card.name),
                              seat=t.name,
                              you={"seat": N_("{card}: a card from your hand")}))
        ctx.log(took="hand", owner=j)
    else:
        t.in_play.remove(choice)
        t.ranges.pop(choice, None)
        ctx.gain(i, 1, msg("{played}: {seat}'s {card}", played=name(card.name), seat=t.name,
                           card=name(choice),
                           you={"seat": N_("{played}: your {card}")}))
        ctx.log(took=choice, kind=cards_of(ctx.s).get(choice).kind, colour="blue", owner=j)


def resolve_cat_balou(ctx: Ctx, i: int, j: int, choice: str) -> None:
    t = ctx.s.seats[j]
    if choice == "hand":
        t.hand -= 1
        ctx.say("hand", msg("{seat} discards a random card from hand.", seat=t.name,
                            you={"seat": N_("You discard a random card from your hand.")}))
        ctx.refill(j)
        ctx.log(discarded="hand", owner=j)
    else:
        t.in_play.remove(choice)
        t.ranges.pop(choice, None)
        ctx.say("discard", msg("{seat}'s {card} is discarded.", seat=t.name, card=name(choice),
                               you={"seat": N_("Your {card} is discarded.")}))
        ctx.log(discarded=choice, kind=cards_of(ctx.s).get(choice).kind, colour="blue", owner=j)


def play_draw(n: int):
    def play(ctx: Ctx, i: int, card: Card, j: int | None, m: Move) -> None:
        pay(ctx, i, card)
        ctx.gain(i, n, name(card.name))
    return play


def play_ask_all(kind: str):
    def play(ctx: Ctx, i: int, card: Card, j: int | None, m: Move) -> None:
        pay(ctx, i, card)
        char = ctx.char(i)
        needed = char.misses_needed if kind == "gatling" and char.misses_all_hits else 1
        for k in ctx.others(i):
            ctx.s.pending.append(Ask(k, kind, i, card.name, needed=needed))
    return play


def play_duel(ctx: Ctx, i: int, card: Card, j: int, m: Move) -> None:
    pay(ctx, i, card, j)
    ctx.s.pending.append(Ask(j, "duel", i, "Duel", other=i))


def play_general_store(ctx: Ctx, i: int, card: Card, j: int | None, m: Move) -> None:
    pay(ctx, i, card)
    for k in [i] + ctx.others(i):
        ctx.gain(k, 1, name(card.name))


def play_saloon(ctx: Ctx, i: int, card: Card, j: int | None, m: Move) -> None:
    pay(ctx, i, card)
    for k in [i] + ctx.others(i):
        ctx.heal(k, 1, name(card.name))


def play_blue(ctx: Ctx, i: int, card: Card, j: int | None, m: Move) -> None:
    """A blue card in front of its player (a Jail in front of its target)."""
    owner = i if j is None else j
    seat = ctx.s.seats[owner]
    if card.name in seat.in_play:
        raise Refusal("duplicate_in_play", msg("{seat} already has a {card} in play.",
                                                 seat=seat.name, card=name(card.name),
            you={"seat": N_("You already have a {card} in play.")}),
                      "turn.one_copy")
    entered = entered_range(card, m)
    pay(ctx, i, card, j)
    if card.is_weapon:
        old = has_kind(ctx.s, owner, "weapon")
        if old:
            seat.in_play.remove(old)
            seat.ranges.pop(old, None)
            ctx.say("discard", msg("{seat}'s {card} is discarded for the new weapon.",
                                     seat=seat.name, card=name(old),
                you={"seat": N_("Your {card} is discarded for the new weapon.")}))
            ctx.log(discarded=old, kind="weapon", colour="blue", owner=owner)
    seat.in_play.append(card.name)
    if entered is not None:
        seat.ranges[card.name] = entered
        ctx.say("note", msg("{card}: range {range}, as printed on the card (entered by the "
                            "player; the app does not know this weapon's range).",
                            card=name(card.name), range=entered), decision="range")


def entered_range(card: Card, m: Move) -> int | None:
    """The range the player enters for a weapon whose range the app does not know."""
    if not card.entered_range:
        return None
    value = m.opts.get("range")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9:
        raise Refusal("range_required", msg("Enter the range printed on the {card} ('range': a "
                                             "number from 1 to 9).", card=name(card.name)),
                      card.rule)
    return value


PLAYS = {
    "bang": play_bang, "missed": play_missed, "beer": play_beer, "panic": play_take,
    "cat_balou": play_take, "stagecoach": play_draw(2), "wells_fargo": play_draw(3),
    "gatling": play_ask_all("gatling"), "indians": play_ask_all("indians"),
    "duel": play_duel, "general_store": play_general_store, "saloon": play_saloon,
    "barrel": play_blue, "scope": play_blue, "horse": play_blue, "jail": play_blue,
    "dynamite": play_blue, "weapon": play_blue,
}   # and each ruleset's own kinds (`Ruleset.actions.plays`)
