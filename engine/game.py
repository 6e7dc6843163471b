"""`apply(state, move)`: the one door through which every change to a table passes."""
from __future__ import annotations

from .answers import do_ability, do_respond
from .effects import Ctx
from .errors import CODES, Refusal
from .moves import Move, field_words
from .say import N_, msg, name, series
from .plays import do_play
from .state import State
from .table import cards_of, deck_size
from .turns import do_check, do_draw, do_end_turn


def apply(state: State, move: dict | Move) -> tuple[State, list[dict]]:
    """Check `move` against the rules and play it on a copy of `state`.

    Returns the new state and the events it produced (each with "type" and "text").
    Raises Refusal (code, message, rule); `state` itself is never changed.
    """
    m = move if isinstance(move, Move) else Move.from_dict(move, state.rules.vocab)
    rules = state.rules
    try:
        ctx = _apply(state, m)
    except Refusal as e:          # the rule the ruleset has for it (Ruleset.own_rule)
        if e.code not in CODES and e.code not in rules.codes:
            raise KeyError(f"undocumented refusal code {e.code!r}") from e
        e.rule, e.book = rules.own_rule(e.rule), rules.book
        raise
    for ev in ctx.events:
        if ev.get("rule"):
            ev["rule"] = rules.own_rule(ev["rule"])
    return ctx.s, ctx.events


def _apply(state: State, m: Move) -> Ctx:
    if state.winner is not None:
        raise Refusal("game_over", msg("The game is over."), "end.game")
    ctx = Ctx(state.copy())
    if m.by.casefold() == "host":
        do_host(ctx, m)
        settle(ctx)
        return ctx
    i = ctx.s.index(m.by)
    if not ctx.s.seats[i].alive:
        raise Refusal("bad_target", msg("{seat} has been eliminated and takes no part.",
                                        seat=ctx.name(i),
            you={"seat": N_("You have been eliminated and take no part.")}), "elimination")
    if ctx.s.falls(i):
        raise Refusal("bad_target", msg("{seat} is out of the game once the open questions are "
                                        "answered, and takes no part.", seat=ctx.name(i),
            you={"seat": N_("You are out of the game once the open questions are answered, and "
                            "take no part.")}),
                      "elimination.together")
    if m.opts.get("host"):
        ctx.say("host", msg("The host acts for {seat}, whose phone is off:", seat=ctx.name(i),
                            you={"seat": N_("The host acts for you while your phone is off:")}),
                seat=ctx.name(i))
    rules = ctx.s.rules
    if ctx.s.mode == "tracker":
        (TRACKER.get(m.action) or rules.actions.tracker.get(m.action, not_tracked))(ctx, m, i)
    else:
        (REFEREE.get(m.action) or rules.actions.referee.get(m.action, unsupported))(ctx, m, i)
    settle(ctx)
    return ctx


def settle(ctx: Ctx) -> None:
    """Once every open question is answered, the players who fell to it leave together."""
    if ctx.s.falling and not ctx.s.pending:
        ctx.settle_falls()


def unsupported(ctx: Ctx, m: Move, i: int) -> None:
    raise Refusal("bad_move", msg("This move, {what}, is not part of {ruleset}.",
                                  what=field_words(m.action, ctx.s.rules.vocab),
                                  ruleset=name(ctx.s.rules.title)),
                  "record")


def not_tracked(ctx: Ctx, m: Move, i: int) -> None:
    raise Refusal("tracker_mode", msg("In tracker mode the table plays its own cards; the phone "
                                      "keeps {life}, cards in play and the turn.",
                                      life=name(ctx.word("life"))), "tracker")


def own_set(ctx: Ctx, m: Move, i: int) -> None:
    if ctx.s.mode != "tracker":
        raise Refusal("host_only", msg("In referee mode only the host corrects counts; plays "
                                       "and answers change them."), "host.corrections")
    fields = m.arg if isinstance(m.arg, dict) else None
    if fields is not None and "seat" in fields:
        other = ctx.s.index(fields["seat"])
        if other != i:
            raise Refusal("host_only", msg("A phone keeps its own seat; only the host corrects "
                                           "another player's."), "host.corrections")
        fields = {k: v for k, v in fields.items() if k != "seat"}
    if fields is None or set(fields) - {"life", "in_play", "ranges"} or not fields:
        raise Refusal("bad_move", msg("A player sets only their own life or cards in play."),
                      "tracker")
    correct(ctx, i, fields, by_seat=True)


def tracker_end_turn(ctx: Ctx, m: Move, i: int) -> None:
    if i != ctx.s.turn:
        raise Refusal("not_your_turn", msg("It is {seat}'s turn.", seat=ctx.s.current.name,
                                           you={"seat": N_("It is your turn.")}),
                      "turn.order")
    ctx.next_turn()


def do_host(ctx: Ctx, m: Move) -> None:
    own = ctx.s.rules.actions.host.get(m.action)
    if own is not None:            # a move of the ruleset's own the host makes
        return own(ctx, m)
    if m.action != "set" or not isinstance(m.arg, dict):
        raise Refusal("bad_move", msg("The host corrects {fields}, or whose turn it is.",
                                      fields=_corrected(ctx, ())), "host.corrections")
    fields = dict(m.arg)
    if "turn" in fields:
        j = ctx.s.index(fields.pop("turn"))
        if not ctx.s.seats[j].alive:
            raise Refusal("bad_correction", msg("The turn goes to a living player."), "turn.order")
        if ctx.s.pending:
            raise Refusal("answer_pending", msg("Settle the open question before moving the turn."),
                          "answer.pending")
        ctx.s.turn = j
        ctx.s.phase, ctx.s.bangs, ctx.s.turn_log = "start", 0, []
        ctx.say("host", msg("Host: it is now {seat}'s turn.", seat=ctx.name(j),
                            you={"seat": N_("Host: it is now your turn.")}))
        if not fields:
            return
    if "seat" not in fields:
        raise Refusal("bad_move", msg("Say which player the correction is for."),
                      "host.corrections")
    i = ctx.s.index(fields.pop("seat"))
    if not fields or set(fields) - {"life", "hand", "in_play", "ranges"} - set(ctx.s.rules.records.counts):
        raise Refusal("bad_move", msg("The host corrects {fields}.",
                                      fields=_corrected(ctx, ("ranges",))), "host.corrections")
    correct(ctx, i, fields, by_seat=False)


def _corrected(ctx: Ctx, more: tuple) -> dict | str:
    """What the host may correct, in words: life, the hand, the cards in play and the
    ruleset's own counts (`Ruleset.records.counts`), then `more`."""
    keys = ("life", "hand", "in_play", *ctx.s.rules.records.counts, *more)
    return series([field_words(k, ctx.s.rules.vocab) for k in keys])


def _count(value: object, low: int, high: int | None, what: str) -> int:
    """`value` if it is a whole number from low to high; `what` names it (an N_ word that
    begins a sentence: "Life", "A hand")."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low \
            or (high is not None and value > high):
        said = (msg("{what} must be a whole number from {low} to {high}.", what=name(what),
                    low=low, high=high) if high is not None else
                msg("{what} must be a whole number from {low} or more.", what=name(what), low=low))
        raise Refusal("bad_correction", said, "host.corrections")
    return value


def correct(ctx: Ctx, i: int, fields: dict, by_seat: bool) -> None:
    """A count or list set by hand; every value is checked before any is changed.

    An open question stays consistent with the corrected counts (rule
    host.open_question): a dying player brought above 0 has nothing left to answer; a
    dying player whose other counts change is asked again (only his answer eliminates
    him, so the reward or penalty still goes to whoever shot him); the host takes the
    last life of the player whose turn it is only once that turn's questions are settled.
    """
    s = ctx.s
    seat = s.seats[i]
    if not seat.alive:
        raise Refusal("bad_correction", msg("{seat} has been eliminated.", seat=seat.name,
                                            you={"seat": N_("You have been eliminated.")}),
                      "host.corrections")
    if s.falls(i):
        raise Refusal("bad_correction", msg("{seat} is out of the game once the open questions "
                                            "are answered.", seat=seat.name,
            you={"seat": N_("You are out of the game once the open questions are answered.")}),
                      "elimination.together")
    new = {}
    if "life" in fields:
        new["life"] = _count(fields["life"], 0, seat.max_life, ctx.word("Life"))
    if "hand" in fields:
        new["hand"] = _count(fields["hand"], 0, deck_size(s), N_("A hand"))
    for key, (low, high, what, _) in s.rules.records.counts.items():     # the ruleset's own
        if key in fields:
            new[key] = _count(fields[key], low, high, what)
    if "in_play" in fields:
        new["in_play"] = valid_in_play(ctx, fields["in_play"])
    ranges = valid_ranges(ctx, seat, new.get("in_play", seat.in_play), fields.get("ranges", {}))
    dying = [a for a in s.pending if a.seat == i and a.kind == "dying"]
    out = new.get("life") == 0 and not dying
    if out and i == s.turn and any(a.seat != i for a in s.pending):
        waiting = series(dict.fromkeys(ctx.name(a.seat) for a in s.pending if a.seat != i))
        raise Refusal("answer_pending", msg("{waiting} must answer first: {seat}'s last life "
                                            "point is taken once the questions of this turn are "
                                            "settled.", waiting=waiting, seat=seat.name,
            you={"seat": N_("{waiting} must answer first: your last life point is taken once "
                            "the questions of this turn are settled."),
                 "waiting": N_("You must answer first: {seat}'s last life point is taken once "
                               "the questions of this turn are settled.")}),
                      "host.open_question")
    changed = ranges != seat.ranges
    if changed:
        seat.ranges = ranges
        shown = series(msg("{card} {range}", card=name(k), range=v) for k, v in ranges.items())
        ctx.say("set", msg("{seat}'s weapon range {ranges}.", seat=seat.name, ranges=shown,
                           you={"seat": N_("Your weapon range {ranges}.")})
                if by_seat else msg("The host: {seat}'s weapon range {ranges}.", seat=seat.name,
                                    ranges=shown,
                    you={"seat": N_("The host: your weapon range {ranges}.")}),
                seat=seat.name, field="ranges")
    for key, value in new.items():
        before = getattr(seat, key)
        if before == value:
            continue
        changed = True
        setattr(seat, key, value)
        ctx.say("set", set_words(seat.name, key, before, value, by_seat,
                                 ctx.word("life"), s.rules), seat=seat.name,
                field=key)
    if out:
        if not by_seat:
            ctx.say("note", msg("An elimination set by the host gives no reward and no penalty."))
        duels = [a for a in s.pending if a.other == i and a.seat != i]
        asked = bool(s.asks_for(i))
        ctx.eliminate(i, None)
        if asked and not s.asks_for(i) and s.winner is None:
            ctx.say("question", msg("The question to {seat} is closed.", seat=seat.name,
                                    you={"seat": N_("The question to you is closed.")}),
                    seat=seat.name)
        for a in duels:
            if a in s.pending:
                s.pending.remove(a)
                ctx.say("question", msg("The Duel is over: {seat} has nothing left to answer.",
                                        seat=ctx.name(a.seat),
                    you={"seat": N_("The Duel is over: you have nothing left to answer.")}),
                seat=ctx.name(a.seat))
    elif dying and seat.life > 0:
        for a in dying:
            s.pending.remove(a)
        ctx.say("question", msg("{seat} is above 0 life again: the question to {seat} is "
                                "closed.", seat=seat.name,
            you={"seat": N_("You are above 0 life again: the question to you is closed.")}),
        seat=seat.name)
    elif changed and s.asks_for(i):
        ctx.say("question", msg("{seat} is asked again, a Beer now, or out of the game.",
                                seat=seat.name,
            you={"seat": N_("You are asked again: a Beer now, or out of the game.")}) if dying else
                msg("{seat} is asked again, with the corrected counts.", seat=seat.name,
                    you={"seat": N_("You are asked again, with the corrected counts.")}),
                seat=seat.name)


def valid_ranges(ctx: Ctx, seat, in_play: list[str], given: object) -> dict:
    """The entered ranges after a correction: kept for weapons still in play, given for
    those put in play (their range is not known to the app)."""
    if not isinstance(given, dict):
        raise Refusal("bad_correction", msg("A range is a number for each weapon in play."),
                      "host.corrections")
    table = cards_of(ctx.s)
    out = {n: r for n, r in seat.ranges.items() if n in in_play}
    for key, value in given.items():
        card = table.get(key)
        if card.name not in in_play or not card.entered_range:
            raise Refusal("bad_correction", msg("{card} is not a weapon in play whose range is "
                                                "entered.", card=name(card.name)),
                          "host.corrections")
        out[card.name] = _count(value, 1, 9, N_("A range"))
    for n in in_play:
        if table.get(n).entered_range and n not in out:
            raise Refusal("range_required", msg("Enter the range printed on the {card}.",
                                                card=name(n)), table.get(n).rule)
    return out


COUNT_WORDS = {"life": N_("life"), "hand": N_("cards in hand")}   # and a ruleset's `counts`


def set_words(seat: str, key: str, before, value, by_seat: bool, life: str = "life",
              rules=None) -> dict:
    """A correction as a player says it: "Ann puts Schofield in play", "The host sets
    Bob's life from 3 to 2"."""
    if key == "in_play":
        added = series([name(c) for c in value if c not in before], conjunction=True)
        gone = series([name(c) for c in before if c not in value], conjunction=True)
        if by_seat:
            if added and gone:
                return msg("{seat} puts {cards} in play and takes {gone} out of play.",
                           seat=seat, cards=added, gone=gone,
                           you={"seat": N_("You put {cards} in play and take {gone} out of play.")})
            if gone:
                return msg("{seat} takes {cards} out of play.", seat=seat, cards=gone,
                           you={"seat": N_("You take {cards} out of play.")})
            return msg("{seat} puts {cards} in play.", seat=seat, cards=added,
                       you={"seat": N_("You put {cards} in play.")})
        if added and gone:
            return msg("The host puts {cards} in front of {seat} and takes {gone} away from "
                       "{seat}.", seat=seat, cards=added, gone=gone,
                you={"seat": N_("The host puts {cards} in front of you and takes {gone} away "
                                "from you.")})
        if gone:
            return msg("The host takes {cards} away from {seat}.", seat=seat, cards=gone,
                       you={"seat": N_("The host takes {cards} away from you.")})
        return msg("The host puts {cards} in front of {seat}.", seat=seat, cards=added,
                   you={"seat": N_("The host puts {cards} in front of you.")})
    what = name(life if key == "life" else COUNT_WORDS.get(key) or rules.records.counts[key][3])
    if by_seat:
        return msg("{seat}'s {what} goes from {before} to {after}.", seat=seat, what=what,
                   before=before, after=value,
                   you={"seat": N_("Your {what} goes from {before} to {after}.")})
    return msg("The host sets {seat}'s {what} from {before} to {after}.", seat=seat, what=what,
               before=before, after=value,
               you={"seat": N_("The host sets your {what} from {before} to {after}.")})


def valid_in_play(ctx: Ctx, value: object) -> list[str]:
    if not isinstance(value, list):
        raise Refusal("bad_correction", msg("Cards in play are a list of card names."),
                      "host.corrections")
    table = cards_of(ctx.s)
    names = [table.get(v).name for v in value]
    if len(set(names)) != len(names):
        raise Refusal("bad_correction", msg("No two cards of the same name in play."),
                      "turn.one_copy")
    blue = [n for n in names if table.get(n).colour == "blue"]
    if blue != names:
        raise Refusal("bad_correction", msg("Only blue cards stay in play."), "cards")
    if sum(table.get(n).is_weapon for n in names) > 1:
        raise Refusal("bad_correction", msg("Only one weapon at a time."), "turn.one_weapon")
    return names


REFEREE = {"check": do_check, "draw": do_draw, "play": do_play, "respond": do_respond,
           "ability": do_ability, "end_turn": do_end_turn, "set": own_set}
TRACKER = {"set": own_set, "end_turn": tracker_end_turn}
