"""The turn's own steps: the start-of-turn draw!s (Dynamite, then Jail), the draw phase
with the characters that change it, and the end of the turn with its discard.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import is_red, parse_drawn, show
from .effects import Ctx
from .errors import Refusal
from .moments import CHECK_CARD, CHECK_PICKED, CHECK_PICKER, CHECKED, DRAW, each, first, fold
from .moves import Move
from .say import N_, N_plural, msg, name, name as name_of, plural, series
from .table import cards_of, has_kind, hand_limit, in_force


def revealed(ctx: Ctx, i: int, value: object, keep: object, why: dict | str,
             by_ability: bool = False) -> tuple[str, str]:
    """The card that counts for a draw! by seat i: one card, or Lucky Duke's pick of two;
    a card may be its suit alone (rank ''), where only the suit counts: `need_rank`.
    A reaction to CHECK_PICKER may name another seat who picks for every card's draw!,
    not for a character's ability (`by_ability`: Jourdonnais's own Barrel); reactions to
    CHECK_CARD may make the card count as another (its rank and suit)."""
    react = ctx.s.rules.reactions.get(CHECK_PICKER)
    picker = first(react, ctx, i) if react and not by_ability else None
    if isinstance(value, list):
        if ctx.char(i).check_cards < 2 and picker is None:
            raise Refusal("ability_unavailable",
                          msg("Only Lucky Duke turns over two cards for a draw!"), "draw")
        if len(value) != 2:
            raise Refusal("bad_check", msg("Lucky Duke reveals exactly two cards."),
                          "char.lucky_duke")
        cards = [parse_drawn(v, suit_alone=True) for v in value]
        if keep is None:
            raise Refusal("bad_check", msg("Say which of the two cards Lucky Duke keeps."),
                          "char.lucky_duke")
        chosen = parse_drawn(keep, suit_alone=True)
        if chosen not in cards:
            raise Refusal("bad_check", msg("{card} is not one of the two cards revealed.",
                                           card=keep), "char.lucky_duke")
    else:
        chosen = parse_drawn(value, suit_alone=True)   # the caller refuses a rank it needs
    ctx.log(draw_check=i)
    ctx.say("check", msg("{seat} draws! for {why}: {card}.", seat=ctx.name(i), why=why,
                         card=show(*chosen),
        you={"seat": N_("You draw! for {why}: {card}.")}), seat=ctx.name(i), card=show(*chosen))
    if picker is not None and isinstance(value, list):
        each(ctx.s.rules.reactions.get(CHECK_PICKED, ()), ctx, picker)
    return shown(ctx, i, chosen)


def shown(ctx: Ctx, i: int, card: tuple[str, str]) -> tuple[str, str]:
    """What a card turned over for seat i counts as (a reaction to CHECK_CARD may make it
    count as another for now)."""
    react = ctx.s.rules.reactions.get(CHECK_CARD)
    return fold(react, card, ctx, i) if react else card


def need_rank(card: tuple[str, str], why: dict | str) -> None:
    """A draw! whose rank counts (the Dynamite's) refuses a card given by its suit alone."""
    if not card[0]:
        raise Refusal("bad_check", msg("For {what} the rank counts too: enter the card's rank "
                                       "and suit, as 8♠.", what=why), "draw")


def checks_due(ctx: Ctx) -> list[str]:
    """The kinds of card the current player still owes a start-of-turn check for, in the
    ruleset's order (Dynamite, then Jail)."""
    s = ctx.s
    if s.phase != "start":
        return []
    kept = {f["kept"] for f in s.turn_log if "kept" in f}   # came back to him: checked
    return [kind for kind in s.rules.data.start_checks
            if kind not in kept and in_force(s, s.turn, kind)]


def check_due(ctx: Ctx) -> str | None:
    """The start-of-turn check owed first by the current player (None: none)."""
    due = checks_due(ctx)
    return due[0] if due else None


def _chosen_check(ctx: Ctx, m: Move, due: list[str]) -> str:
    """The kind checked now: the first due, or the card the player names (`card`) when the
    ruleset lets him choose the order of those checks."""
    chosen = m.opts.get("card")
    if chosen is None:
        return due[0]
    card = cards_of(ctx.s).get(chosen)
    free = ctx.s.rules.data.free_order
    if card.kind not in due:
        raise Refusal("bad_check", msg("{seat} has no {card} to check for.",
                                       seat=ctx.name(ctx.s.turn), card=name(card.name),
                                       you={"seat": N_("You have no {card} to check for.")}),
                      "turn.start")
    if card.kind != due[0] and not (card.kind in free and due[0] in free):
        raise Refusal("bad_check", msg("The check for the {card} comes first.",
                                       card=name(has_kind(ctx.s, ctx.s.turn, due[0]))),
                      "turn.start")
    return card.kind


def own_turn(ctx: Ctx, m: Move, i: int) -> None:
    s = ctx.s
    if i != s.turn:
        raise Refusal("not_your_turn", msg("It is {seat}'s turn, not {other}'s.",
                                           seat=s.current.name, other=ctx.name(i),
                                           you={"other": N_("It is {seat}'s turn, not yours.")}),
                      "turn.order")
    if s.pending:
        who = series(sorted({ctx.name(a.seat) for a in s.pending}))
        raise Refusal("answer_pending", msg("Waiting for an answer from {seats}.", seats=who,
                                            you={"seats": N_("Waiting for your answer.")}),
                      "answer.pending")


def turn_at_end(ctx: Ctx, i: int) -> None:
    """After a move that belongs to the very end of the turn (a ruleset's own move), only
    ending the turn is left: the move logged `closes=i` with the reason and its rule."""
    for e in ctx.s.turn_log:
        if e.get("closes") == i and ctx.s.turn == i:
            raise Refusal("turn_at_end", e["why"], e["rule"])


def do_check(ctx: Ctx, m: Move, i: int) -> None:
    own_turn(ctx, m, i)
    s = ctx.s
    due = checks_due(ctx)
    rules = s.rules
    if not due:
        raise Refusal("no_check_due", msg(rules.data.words["no_check_due"], seat=ctx.name(i)),
                      "turn.start")
    kind = _chosen_check(ctx, m, due)
    seat = s.seats[i]
    name = has_kind(s, i, kind)
    passed = rules.check_passes(ctx, i, kind, m.arg, m.opts.get("keep"), name)
    seat.in_play.remove(name)
    react = rules.reactions.get(CHECKED)
    if react and first(react, ctx, i, kind, name, passed):
        pass                                  # a card of the ruleset's own kind
    elif kind == "dynamite":                  # it goes off, or it passes on
        if passed:
            ctx.say("dynamite", msg(rules.data.words["dynamite_hit"], card=name_of(name),
                                    seat=seat.name))
            ctx.hit(i, 3, None, name)
        else:
            pass_on(ctx, i, kind, name)
    else:
        if passed:
            ctx.say("jail", msg(rules.data.words["jail_free"], card=name_of(name), seat=seat.name))
        else:
            ctx.say("jail", msg(rules.data.words["jail_stays"], card=name_of(name), seat=seat.name))
            ctx.next_turn()
            ctx.log(jailed_before=i)      # a ruleset's move may still follow (before the next)
            return
    if seat.alive and s.turn == i and check_due(ctx) is None:
        s.phase = "draw"


@dataclass(frozen=True)
class DrawRule:
    """How a character's draw phase goes (`Character.draw` names it; a ruleset adds its
    own, `Ruleset.draws`, and may change it for a turn, `Ruleset.drawing`)."""
    cards: int = 2                 # cards drawn
    first_from: str = ""           # "player" (Jesse Jones) or "discard" (Pedro Ramirez)
    reveal: str = ""               # "shown": the second card is shown (Black Jack);
    count: object = None           # or a function of the cards turned up: how many he takes
    give: bool = False             # one of them may go to another living player
    fewer: int = 0                 # cards left on the deck this turn
    note: tuple = ()               # (event kind, message) said when they are left


PLAIN = DrawRule()
DRAWS = {"jesse": DrawRule(first_from="player"), "pedro": DrawRule(first_from="discard"),
         "black_jack": DrawRule(reveal="shown")}


def draw_rule(ctx: Ctx, i: int) -> DrawRule:
    """Seat i's draw phase this turn: its character's hook, as the ruleset has it."""
    hook = ctx.char(i).draw
    rules = ctx.s.rules
    rule = (rules.data.draws.get(hook) if rules.data.draws else None) or DRAWS.get(hook, PLAIN)
    react = rules.reactions.get(DRAW)
    return fold(react, rule, ctx, i) if react else rule


def pass_on(ctx: Ctx, i: int, kind: str, card: str) -> None:
    """The card checked for passes to the next player who has none of its kind."""
    s = ctx.s
    to = next((j for j in ctx.others(i) if not has_kind(s, j, kind)), i)
    s.seats[to].in_play.append(card)
    if to == i:                 # everyone else has one: it stays, checked for this turn
        ctx.log(kept=kind)
    ctx.say("dynamite", msg("The {card} passes to {seat}.", card=name_of(card),
                            seat=s.seats[to].name,
                            you={"seat": N_("The {card} passes to you.")}))


def do_draw(ctx: Ctx, m: Move, i: int) -> None:
    own_turn(ctx, m, i)
    s = ctx.s
    if check_due(ctx):
        raise Refusal("check_pending", msg("{seat} must first {check} for the {card}.",
                                           seat=ctx.name(i), check=name(s.rules.data.words["check"]),
                                           card=name(has_kind(s, i, check_due(ctx))),
            you={"seat": N_("You must first {check} for the {card}.")}),
                      "turn.start")
    if s.phase not in ("start", "draw"):
        raise Refusal("wrong_phase", msg("{seat} has already drawn this turn.", seat=ctx.name(i),
                                         you={"seat": N_("You have already drawn this turn.")}),
                      "turn.draw")
    opts = m.arg if isinstance(m.arg, dict) else None
    if opts is None or set(opts) - s.rules.vocab.arg_shapes["draw"].keys():
        raise Refusal("bad_move", msg("Say how the cards are drawn: from the deck, from a player "
                                      "or the discard pile, or with the card shown."), "record")
    rule = draw_rule(ctx, i)
    src, reveal, give = opts.get("from"), opts.get("reveal"), opts.get("give")
    if src is not None and not ((rule.first_from == "player" and src != "discard")
                                or (rule.first_from == "discard" and src == "discard")):
        character = name(s.seats[i].character)
        raise Refusal("ability_unavailable",
                      msg("{character} cannot take the first card from the discard pile.",
                          character=character) if src == "discard" else
                      msg("{character} cannot take the first card from {seat}.",
                          character=character, seat=src,
                          you={"seat": N_("{character} cannot take the first card from you.")}),
                      "turn.draw")
    if reveal is not None and not rule.reveal:
        raise Refusal("ability_unavailable", msg("{character} shows no card when drawing.",
                                                 character=name(s.seats[i].character)),
                      "turn.draw")
    if rule.reveal == "shown" and reveal is None:
        raise Refusal("reveal_required", msg("Black Jack shows his second card: enter it."),
                      "char.black_jack")
    if give is not None and not rule.give:
        raise Refusal("ability_unavailable", msg("{character} gives no card away.",
                                                 character=name(s.seats[i].character)),
                      "turn.draw")
    n = rule.cards
    if rule.count is not None and reveal is not None:
        n = rule.count(reveal)
        reveal = None
    if src is not None and src != "discard":
        j = s.index(src)
        if j == i or not s.seats[j].alive:
            raise Refusal("bad_target", msg("Jesse Jones takes from another living player."),
                          "char.jesse_jones")
        if s.seats[j].hand == 0:
            raise Refusal("no_cards", msg("{seat} has no cards in hand.", seat=s.seats[j].name,
                                          you={"seat": N_("You have no cards in hand.")}),
                          "char.jesse_jones")
        s.seats[j].hand -= 1
        ctx.say("hand", msg("{seat} takes a card from {other}'s hand.", seat=ctx.name(i),
                            other=s.seats[j].name,
                            you={"seat": N_("You take a card from {other}'s hand."),
                                 "other": N_("{seat} takes a card from your hand.")}))
        ctx.refill(j)
    if reveal is not None:
        rank, suit = parse_drawn(reveal, suit_alone=True)     # a heart or diamond: the suit counts
        ctx.say("check", msg("Black Jack shows {card}.", card=show(rank, suit)),
                card=show(rank, suit))
        rank, suit = shown(ctx, i, (rank, suit))
        if is_red(suit):
            n = rule.cards + 1
    if rule.fewer:
        n -= rule.fewer
        ctx.say(*rule.note)
    if give is not None:
        j = s.index(give)
        if j == i or not s.seats[j].alive:
            raise Refusal("bad_target", msg("The card goes to another living player."),
                          ctx.char(i).rule)
        n -= 1
        ctx.gain(j, 1, msg("a gift from {seat}", seat=ctx.name(i),
                           you={"seat": N_("a gift from you")}))
    ctx.gain(i, n, msg("draw phase"))
    s.phase = "play"
    ctx.log(drew=n)


def do_end_turn(ctx: Ctx, m: Move, i: int) -> None:
    own_turn(ctx, m, i)
    s = ctx.s
    if s.phase != "play":
        raise Refusal("wrong_phase", msg("The turn ends after the draw phase."), "turn.discard")
    seat = s.seats[i]
    need = max(0, seat.hand - hand_limit(s, i))
    opts = m.arg if isinstance(m.arg, dict) else {}
    given = opts.get("discard", need)
    if not isinstance(given, int) or isinstance(given, bool) or given < 0:
        raise Refusal("bad_move", msg("Say how many cards are discarded."), "record")
    if given < need:
        raise Refusal("over_hand_limit", plural(
            "{seat} holds {hand} cards with a limit of {limit}: {n} must be discarded.",
            "{seat} holds {hand} cards with a limit of {limit}: {n} must be discarded.",
            need, seat=seat.name, hand=seat.hand, limit=hand_limit(s, i),
            you={"seat": N_plural("You hold {hand} cards with a limit of {limit}: {n} must be "
                                  "discarded.",
                                  "You hold {hand} cards with a limit of {limit}: {n} must be "
                                  "discarded.")}), "turn.discard")
    if given > need:
        raise Refusal("wrong_discard_count", plural(
            "{seat} may only discard down to the limit: {n} card, not {given}.",
            "{seat} may only discard down to the limit: {n} cards, not {given}.",
            need, seat=seat.name, given=given,
            you={"seat": N_plural("You may only discard down to the limit: {n} card, not "
                                  "{given}.",
                                  "You may only discard down to the limit: {n} cards, not "
                                  "{given}.")}), "turn.discard")
    if need:
        ctx.spend(i, need, msg("end of turn"))
        ctx.log(excess_discard=need)
    ctx.next_turn()
