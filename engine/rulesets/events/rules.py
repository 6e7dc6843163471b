"""Every event's rule, as reactions to the moments the core announces (engine/moments.py),
and the moves some events allow (abilities, the host's entry of an event).

The event in force is `state.event` (an id of data.py, or None); `state.event_pile` the
cards still to come (top first; None when the table reveals its own cards and the host
enters each one); `state.event_marks` what the events remember between turns (who was
eliminated first, a ghost, a Vendetta turn). Each moment has one handler here, which asks
the table of the event in force: a game without an event pays a dict lookup.

In tracker mode the table plays its own cards and applies the events itself: the deck is
revealed and kept in the log, and the turn order follows Gold Rush; nothing else is done
for it (docs/decisions.md, events.tracker).
"""
from __future__ import annotations

from dataclasses import fields, replace

from ...effects import Ctx
from ...errors import Refusal
from ...moments import (ANSWER, ANSWERED, BANG_LIMIT, CHARACTER, CHECK_CARD, DISTANCES, DRAW,
                        ELIMINATION, IDLE, NEXT_TURN, PLAYED, ROUND_START, TAKEN, TURN_END,
                        TURN_START)
from ...plays import bang_allowed
from ...say import N_, N_plural, msg, name, plural
from ...state import Ask
from ...table import cards_of, target_problem
from ...turns import check_due, own_turn, revealed
from .data import BY_ID, REVEAL, Event, find


# -- words ------------------------------------------------------------------------------
def said(e: Event) -> dict:
    """An event's name and effect, as one message ("The Reverend: Nobody may ...")."""
    return msg("{event}: {effect}", event=name(e.name), effect=msg(e.effect))


def forbids(e: Event, what: dict | None = None) -> Refusal:
    """The refusal of a move the event in force forbids: its code, the event's words,
    the event as the rule."""
    return Refusal("event_forbids", what or said(e), e.rule)


def current(state) -> Event | None:
    return BY_ID.get(state.event) if state.event else None


def refereed(state, event_id: str) -> bool:
    """Whether `event_id` is in force and the app applies it (referee mode)."""
    return state.event == event_id and state.mode == "referee"


# -- the deck ---------------------------------------------------------------------------
def enter(ctx: Ctx, e: Event, i: int, by_host: bool = False) -> None:
    """Event `e` comes into force at the start of seat i's turn (the round's first)."""
    s = ctx.s
    s.event = e.id
    s.event_marks = {**s.event_marks, "round": s.event_marks.get("round", 0) + 1}
    ctx.say("event", msg("New event: {event}.", event=said(e)), event=e.id, deck=e.deck,
            round=s.event_marks["round"], **({"by": "host"} if by_host else {}))
    ctx.log(event=e.id)
    if e.timing == REVEAL and s.mode == "referee":
        ONCE[e.id](ctx, i)


def reveal(ctx: Ctx, i: int) -> None:
    """A round begins: the top card of the event pile comes into force (ROUND_START,
    which the deal's first round does not announce: from the Sheriff's second turn)."""
    s = ctx.s
    if s.event_pile:                   # None: the table's own cards; []: the final card is out
        e, s.event_pile = BY_ID[s.event_pile[0]], s.event_pile[1:]
        enter(ctx, e, i)


def host_event(ctx: Ctx, m) -> None:
    """`{"by": "host", "event_revealed": NAME}`: the event revealed from the table's own cards."""
    s = ctx.s
    e = find(m.arg)
    if e is None or e.deck not in s.event_decks:
        raise Refusal("event_unknown", msg("{event} is not an event of this table's decks.",
                                           event=str(m.arg)[:60]), "event.deck")
    if s.event_pile is not None:
        raise Refusal("event_app_deck", msg("The app reveals this table's events."),
                      "event.deck")
    now = current(s)
    if now is not None and now.final:
        raise Refusal("event_final", msg("{event} stays until the game ends.",
                                         event=name(now.name)), now.rule)
    first = round_opener(s)
    if s.phase != "start" or s.pending or s.turn_log or s.turn != first:
        raise Refusal("event_not_now", msg("An event is entered as a round begins: at the start "
                                           "of {seat}'s turn, before the first move.",
                                           seat=s.seats[first].name,
                                           you={"seat": N_("An event is entered as a round "
                                                           "begins: at the start of your turn, "
                                                           "before your first move.")}),
                      "event.deck")
    enter(ctx, e, s.turn, by_host=True)


def round_opener(s) -> int:
    """The seat whose turn begins a round: the first of the ruleset's roles dealt (the
    Sheriff's; at 3 players the Deputy's), or once he is out the next living player
    after him (docs/decisions.md)."""
    order = s.rules.data.roles
    first = min((k for k, seat in enumerate(s.seats) if seat.role in order),
                key=lambda k: order.index(s.seats[k].role), default=s.turn)
    return first if s.seats[first].alive else s.next_alive(first)


def seat_event(ctx: Ctx, m, i: int) -> None:
    raise Refusal("host_only", msg("Only the host enters the event revealed."), "event.deck")


# -- one-shot events, as they come out ----------------------------------------------------
def the_doctor(ctx: Ctx, i: int) -> None:
    s = ctx.s
    living = s.alive()
    low = min(s.seats[k].life for k in living)
    for k in [i] + s.others(i) if s.seats[i].alive else living:
        if s.seats[k].life == low:
            ctx.heal(k, 1, name(BY_ID["the_doctor"].name))


def the_daltons(ctx: Ctx, i: int) -> None:
    s = ctx.s
    blue = [k for k in ([i] + s.others(i) if s.seats[i].alive else s.alive())
            if s.seats[k].in_play]
    for k in blue:
        s.pending.append(Ask(k, "daltons", None, "The Daltons"))
    if blue:
        ctx.say("ask", msg("{event}: each player with a card in play discards one of them.",
                           event=name(BY_ID["the_daltons"].name)))


def russian_roulette(ctx: Ctx, i: int) -> None:
    roulette_ask(ctx, i)


def roulette_ask(ctx: Ctx, k: int) -> None:
    ctx.s.pending.append(Ask(k, "roulette", None, "Russian Roulette", accepts=("missed",)))
    ctx.say("ask", msg("{seat}: a {card} now, or lose 2 life points.", seat=ctx.name(k),
                       card=name("Missed!"),
                       you={"seat": N_("Your go: a {card} now, or lose 2 life points.")}),
            seat=ctx.name(k))


ONCE = {"the_doctor": the_doctor, "the_daltons": the_daltons,
        "russian_roulette": russian_roulette}


# -- the moments ------------------------------------------------------------------------
def played(ctx: Ctx, i: int, card, j, m) -> None:
    """A card played in turn: Beer (The Reverend), BANG! (The Sermon), a card put in play
    (The Judge)."""
    s = ctx.s
    e = current(s)
    if e is None:
        return
    if (e.id == "the_reverend" and card.kind == "beer"
            or e.id == "the_sermon" and card.kind == "bang"
            or e.id == "the_judge" and card.colour == "blue"):
        raise forbids(e)


def answer(ctx: Ctx, i: int, card, ask, m) -> None:
    """An answer: a Beer while dying (The Reverend), a BANG! in a Duel in one's own turn
    (The Sermon)."""
    e = current(ctx.s)
    if e is None:
        return
    if (e.id == "the_reverend" and card.kind == "beer"
            or e.id == "the_sermon" and card.kind == "bang" and i == ctx.s.turn):
        raise forbids(e)


def bang_limit(ctx: Ctx, i: int) -> int:
    return 1 if ctx.s.event == "shootout" else 0


def draw(ctx: Ctx, i: int, rule):
    e = current(ctx.s)
    if e is None or ctx.s.mode != "referee":
        return rule
    if e.id == "thirst":
        return replace(rule, fewer=rule.fewer + 1, note=("note", said(e)))
    if e.id == "train_arrival":
        return replace(rule, cards=rule.cards + 1)
    if e.id == "ghost_town" and ctx.s.event_marks.get("ghost") == i:
        return replace(rule, cards=3)
    if e.id == "abandoned_mine":
        return replace(rule, first_from="discard")
    if e.id == "law_of_the_west":
        ctx.say("note", said(e))
        return rule
    if e.id == "peyote":
        raise forbids(e, msg("{event}: call red or black for each card instead of drawing.",
                             event=name(e.name)))
    return rule


def check_card(ctx: Ctx, i: int, card: tuple[str, str]) -> tuple[str, str]:
    e = current(ctx.s)
    if e is not None and e.id in ("blessing", "curse"):
        suit = "H" if e.id == "blessing" else "S"
        if card[1] != suit:
            ctx.say("note", said(e))
        return card[0], suit
    return card


_BLANK: dict = {}


def character(state, i: int, char):
    """Hangover: the character without an ability (same name and life)."""
    if state.event != "hangover":
        return char
    blank = _BLANK.get(char)
    if blank is None:
        keep = ("name", "life", "ability", "rule")
        blank = replace(char, **{f.name: f.default for f in fields(char) if f.name not in keep})
        _BLANK[char] = blank
    return blank


def idle(state, i: int) -> bool:
    return state.event == "lasso"


def distances(state, geo) -> None:
    """Ambush: every two players at 1, changed only by cards in play."""
    if state.event != "ambush":
        return
    geo.apart = (1, name(BY_ID["ambush"].name))
    for j in geo.alive:
        geo.seen[j] = [p for p in geo.seen[j] if "card" in p]
        geo.sees[j] = [p for p in geo.sees[j] if "card" in p]
    geo.cap.clear()


def next_turn(ctx: Ctx, i: int):
    """Whose turn follows seat i's: Gold Rush's counter-clockwise round, Vendetta's extra
    turn, a ghost's turn (Ghost Town), the first one out's (Dead Man)."""
    s = ctx.s
    e = current(s)
    if e is None:
        return None
    n = len(s.seats)
    if e.id == "gold_rush":
        return next(((i - k) % n for k in range(1, n) if s.seats[(i - k) % n].alive), None)
    if s.mode != "referee":
        return None
    if e.id == "vendetta" and any(f.get("vendetta") == i for f in s.turn_log) \
            and s.event_marks.get("extra") != i and s.seats[i].alive:
        s.event_marks = {**s.event_marks, "extra": i}
        ctx.say("note", msg("{event}: {seat} plays one more turn.", event=name(e.name),
                            seat=ctx.name(i),
                            you={"seat": N_("{event}: you play one more turn.")}))
        return i
    if e.id == "ghost_town":
        return next(((i + k) % n for k in range(1, n) if (i + k) % n != i), None)
    if e.id == "dead_man":
        back = s.event_marks.get("first_out")
        if back is not None and not s.seats[back].alive and not s.event_marks.get("back"):
            after = s.next_alive(i)
            if 0 < (back - i) % n < ((after - i) % n or n):
                return back
    return None


def turn_start(ctx: Ctx, i: int) -> None:
    s = ctx.s
    if s.event_marks.get("extra") is not None and s.event_marks["extra"] != i:
        s.event_marks = {k: v for k, v in s.event_marks.items() if k != "extra"}
    e = current(s)
    if e is None or s.mode != "referee":
        return
    seat = s.seats[i]
    if e.id == "high_noon" and seat.alive:
        ctx.hit(i, 1, None, "High Noon")
    elif e.id == "a_fistful_of_cards" and seat.alive and seat.hand:
        for _ in range(seat.hand):
            s.pending.append(Ask(i, "bang", None, "A Fistful of Cards"))
        ctx.say("ask", plural("{event}: {seat} is shot at once for the {n} card in hand.",
                              "{event}: {seat} is shot at once for each of {n} cards in hand.",
                              seat.hand, event=name(e.name), seat=seat.name,
                              you={"seat": N_plural("{event}: you are shot at once for the {n} "
                                                    "card in hand.",
                                                    "{event}: you are shot at once for each of "
                                                    "{n} cards in hand.")}), seat=seat.name)
    elif e.id == "ghost_town" and not seat.alive:
        seat.alive, seat.life, seat.hand = True, 0, 0
        s.event_marks = {**s.event_marks, "ghost": i}
        ctx.say("event", msg("{event}: {seat} comes back as a ghost for this turn.",
                             event=name(e.name), seat=seat.name,
                             you={"seat": N_("{event}: you come back as a ghost for this "
                                             "turn.")}), seat=seat.name, event=e.id)
    elif e.id == "dead_man" and not seat.alive and s.event_marks.get("first_out") == i:
        seat.alive, seat.life, seat.hand = True, min(2, seat.max_life), 0
        s.event_marks = {**s.event_marks, "back": i}
        ctx.say("event", msg("{event}: {seat} comes back into the game.",
                             event=name(e.name), seat=seat.name,
                             you={"seat": N_("{event}: you come back into the game.")}),
                seat=seat.name, event=e.id)
        ctx.gain(i, 2, name(e.name))


def turn_end(ctx: Ctx, i: int) -> None:
    """A ghost leaves when his turn ends (Ghost Town), and the winner is judged without
    him (he counted as in the game until then)."""
    s = ctx.s
    if s.event_marks.get("ghost") == i:
        seat = s.seats[i]
        seat.alive, seat.life, seat.hand, seat.in_play, seat.ranges = False, 0, 0, [], {}
        s.event_marks = {k: v for k, v in s.event_marks.items() if k != "ghost"}
        ctx.say("event", msg("{seat}'s ghost leaves the game again.", seat=seat.name,
                             you={"seat": N_("Your ghost leaves the game again.")}),
                seat=seat.name, event="ghost_town")
        ctx.judged()                        # the winner, judged without him


def elimination(ctx: Ctx, i: int) -> bool:
    """A ghost stays until his turn ends (Ghost Town); the first one out is remembered
    (Dead Man)."""
    s = ctx.s
    if s.event_marks.get("ghost") == i:
        ctx.say("note", msg("{event}: a ghost stays in the game until his turn ends.",
                            event=name(BY_ID["ghost_town"].name)))
        return True
    if "first_out" not in s.event_marks:
        s.event_marks = {**s.event_marks, "first_out": i}
    return False


def taken(ctx: Ctx, ask) -> bool:
    """A question of the events' own let happen: Russian Roulette's (2 life points, and it
    stops), Ricochet's (the card aimed at is discarded)."""
    s = ctx.s
    if ask.kind == "roulette":
        ctx.hit(ask.seat, 2, None, "Russian Roulette")
        return True
    if ask.kind == "ricochet":
        seat = s.seats[ask.seat]
        if ask.choice in seat.in_play:
            seat.in_play.remove(ask.choice)
            seat.ranges.pop(ask.choice, None)
            ctx.say("discard", msg("{seat}'s {card} is discarded.", seat=seat.name,
                                   card=name(ask.choice),
                                   you={"seat": N_("Your {card} is discarded.")}))
        return True
    return False


def answered(ctx: Ctx, ask) -> None:
    """Russian Roulette goes on round the table after each Missed!."""
    s = ctx.s
    if ask.kind == "roulette" and s.winner is None:
        roulette_ask(ctx, s.next_alive(ask.seat))


REACTIONS = {
    ROUND_START: (reveal,), PLAYED: (played,), ANSWER: (answer,), BANG_LIMIT: (bang_limit,),
    DRAW: (draw,), CHECK_CARD: (check_card,), CHARACTER: (character,), IDLE: (idle,),
    DISTANCES: (distances,), NEXT_TURN: (next_turn,), TURN_START: (turn_start,),
    TURN_END: (turn_end,), ELIMINATION: (elimination,), TAKEN: (taken,),
    ANSWERED: (answered,),
}


# -- the moves some events allow (`{"ability": {key: value}}`) ---------------------------
def _needs(ctx: Ctx, event_id: str, key: str) -> Event:
    e = BY_ID[event_id]
    if ctx.s.event != event_id:
        raise Refusal("event_not_now", msg("{event} is not in force now.", event=name(e.name)),
                      e.rule)
    if ctx.s.mode != "referee":
        raise Refusal("tracker_mode", msg("In tracker mode the table applies the event "
                                          "itself."), "tracker")
    return e


def _once(ctx: Ctx, e: Event, key: str) -> None:
    if any(key in f for f in ctx.s.turn_log):
        raise Refusal("event_not_now", msg("{event}: once a turn.", event=name(e.name)), e.rule)
    ctx.log(**{key: ctx.s.turn})


def _before_drawing(ctx: Ctx, m, i: int, e: Event) -> None:
    own_turn(ctx, m, i)
    if ctx.s.phase not in ("start", "draw") or check_due(ctx):
        raise Refusal("event_not_now", msg("{event}: in the draw phase, instead of drawing.",
                                           event=name(e.name)), e.rule)


def _in_play_phase(ctx: Ctx, m, i: int, e: Event) -> None:
    own_turn(ctx, m, i)
    if ctx.s.phase != "play":
        raise Refusal("wrong_phase", msg("Cards are played after the draw phase."), e.rule)


def hard_liquor(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "hard_liquor", "hard_liquor")
    _before_drawing(ctx, m, i, e)
    ctx.say("note", msg("{seat} skips the draw.", seat=ctx.name(i),
                        you={"seat": N_("You skip the draw.")}))
    ctx.heal(i, 1, name(e.name))
    ctx.s.phase = "play"
    ctx.log(drew=0)


def give_life(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "blood_brothers", "give_life")
    own_turn(ctx, m, i)
    s = ctx.s
    if s.phase != "start" or any("drew" in f or "draw_check" in f for f in s.turn_log):
        raise Refusal("event_not_now", msg("{event}: at the start of the turn, before its "
                                           "draw!s.", event=name(e.name)), e.rule)
    _once(ctx, e, "give_life")            # once a turn first: then the choice of player
    j = s.index(value)
    if j == i or not s.seats[j].alive:
        raise Refusal("bad_target", msg("{event}: the life point goes to another living "
                                        "player.", event=name(e.name)), e.rule)
    if s.seats[i].life <= 1:
        raise forbids(e, msg("{event}: never your last life point.", event=name(e.name)))
    if s.seats[j].life >= s.seats[j].max_life:
        raise Refusal("full_life", msg("{seat} cannot go above {n} {life}.", seat=ctx.name(j),
                                       n=s.seats[j].max_life, life=name(ctx.word("life")),
                                       you={"seat": N_("You cannot go above {n} {life}.")}),
                      e.rule)
    giver = s.seats[i]          # a life point given, not a hit: no ability answers it
    giver.life -= 1
    ctx.say("life", msg("{seat}: {life} {before} → {after} ({why}).", seat=giver.name,
                        life=name(ctx.word("life")), before=giver.life + 1, after=giver.life,
                        why=name(e.name),
                        you={"seat": N_("Your {life}: {before} → {after} ({why}).")}),
            seat=giver.name, before=giver.life + 1, after=giver.life)
    ctx.heal(j, 1, name(e.name))


def ranch(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "ranch", "ranch")
    _in_play_phase(ctx, m, i, e)
    s = ctx.s
    if any("played" in f for f in s.turn_log):
        raise Refusal("event_not_now", msg("{event}: right after the draw, before any card "
                                           "is played.", event=name(e.name)), e.rule)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= s.seats[i].hand:
        raise Refusal("bad_move", msg("{event}: say how many cards, from 1 to the cards in "
                                      "hand.", event=name(e.name)), e.rule)
    _once(ctx, e, "ranch")
    ctx.spend(i, value, name(e.name))
    ctx.gain(i, value, name(e.name))


def sniper(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "sniper", "sniper")
    _in_play_phase(ctx, m, i, e)
    s = ctx.s
    j = s.index(value)
    bang = cards_of(s).get("BANG!")
    problem = target_problem(s, i, bang, j)
    if problem:
        raise problem
    bang_allowed(ctx, i)
    ctx.spend(i, 2, name(e.name))
    s.bangs += 1
    ctx.say("play", msg("{seat} discards two {card} at {target}: one shot that takes two "
                        "Missed!", seat=ctx.name(i), card=name("BANG!"), target=ctx.name(j),
                        you={"seat": N_("You discard two {card} at {target}: one shot that "
                                        "takes two Missed!"),
                             "target": N_("{seat} discards two {card} at you: one shot that "
                                          "takes two Missed!")}))
    ctx.log(played="BANG!", card="Sniper", target=j)
    s.pending.append(Ask(j, "bang", i, "Sniper", needed=2))


def ricochet(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "ricochet", "ricochet")
    _in_play_phase(ctx, m, i, e)
    s = ctx.s
    target = m.opts.get("target")
    if target is None:
        raise Refusal("target_required", msg("{event} needs a target player.",
                                             event=name(e.name)), e.rule)
    j = s.index(target)
    if j == i or not s.seats[j].alive:
        raise Refusal("bad_target", msg("{event}: a card in front of another living player.",
                                        event=name(e.name)), e.rule)
    card = cards_of(s).get(value).name
    if card not in s.seats[j].in_play:
        raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.",
                                                  seat=ctx.name(j), card=name(card),
                                                  you={"seat": N_("You have no {card} in "
                                                                  "play.")}), e.rule)
    ctx.spend(i, 1)
    ctx.say("play", msg("{seat} discards a {bang} at {target}'s {card}.", seat=ctx.name(i),
                        bang=name("BANG!"), target=ctx.name(j), card=name(card),
                        you={"seat": N_("You discard a {bang} at {target}'s {card}."),
                             "target": N_("{seat} discards a {bang} at your {card}.")}))
    s.pending.append(Ask(j, "ricochet", i, "Ricochet", choice=card, accepts=("missed",)))


def daltons(ctx: Ctx, m, i: int, value) -> None:
    s = ctx.s
    e = BY_ID["the_daltons"]
    ask = next((a for a in s.asks_for(i) if a.kind == "daltons"), None)
    if ask is None:
        raise Refusal("nothing_to_answer", msg("{seat} is not being asked anything.",
                                               seat=ctx.name(i),
                                               you={"seat": N_("You are not being asked "
                                                               "anything.")}), e.rule)
    card = cards_of(s).get(value).name
    seat = s.seats[i]
    if card not in seat.in_play:
        raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.",
                                                  seat=seat.name, card=name(card),
                                                  you={"seat": N_("You have no {card} in "
                                                                  "play.")}), e.rule)
    seat.in_play.remove(card)
    seat.ranges.pop(card, None)
    s.pending.remove(ask)
    ctx.say("discard", msg("{seat}'s {card} is discarded.", seat=seat.name, card=name(card),
                           you={"seat": N_("Your {card} is discarded.")}))


def new_identity(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "new_identity", "new_identity")
    own_turn(ctx, m, i)
    s = ctx.s
    if s.phase != "start" or s.turn_log:
        raise Refusal("event_not_now", msg("{event}: at the start of the turn, before its "
                                           "draw!s.", event=name(e.name)), e.rule)
    char = s.rules.data.characters.find(value) if isinstance(value, str) else None
    if char is None:
        raise Refusal("unknown_card", msg("No character called {name}.", name=str(value)[:60]),
                      e.rule)
    if any(seat.character == char.name for seat in s.seats):
        raise Refusal("bad_move", msg("{character} is already at the table.",
                                      character=name(char.name)), e.rule)
    seat = s.seats[i]
    before = seat.character
    seat.character = char.name
    seat.max_life = s.rules.max_life(seat.role, char)
    seat.life = min(2, seat.max_life)
    ctx.log(new_identity=i)
    ctx.say("set", msg("{event}: {seat} is now {character}, with 2 life points.",
                       event=name(e.name), seat=seat.name, character=name(char.name),
                       you={"seat": N_("{event}: you are now {character}, with 2 life "
                                       "points.")}), seat=seat.name, was=before)


def vendetta(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "vendetta", "vendetta")
    _in_play_phase(ctx, m, i, e)
    s = ctx.s
    if s.event_marks.get("extra") == i:
        raise forbids(e, msg("{event}: no draw! after the extra turn.", event=name(e.name)))
    if "check" not in m.opts:
        raise Refusal("bad_check", msg("Enter the card turned over for the {card}.",
                                       card=name(e.name)), e.rule)
    _once(ctx, e, "vendetta_check")
    rank, suit = revealed(ctx, i, m.opts["check"], m.opts.get("keep"), name(e.name))
    if suit == "H":
        ctx.log(vendetta=i)
        ctx.say("note", msg("{event}: a heart, one more turn after this one.",
                            event=name(e.name)))


def peyote(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "peyote", "peyote")
    _before_drawing(ctx, m, i, e)
    if value not in ("red", "black"):
        raise Refusal("bad_move", msg("{event}: call red or black.", event=name(e.name)), e.rule)
    if "check" not in m.opts:
        raise Refusal("bad_check", msg("Enter the card turned over for the {card}.",
                                       card=name(e.name)), e.rule)
    rank, suit = revealed(ctx, i, m.opts["check"], None, name(e.name))
    if (suit in ("H", "D")) == (value == "red"):
        ctx.s.phase = "draw"
        ctx.gain(i, 1, name(e.name))
    else:
        ctx.say("note", msg("{event}: a wrong call; the draw is over.", event=name(e.name)))
        ctx.s.phase = "play"
        ctx.log(drew=sum(1 for f in ctx.s.turn_log if f.get("peyote")))
    ctx.log(peyote=i)


SUITS = {"hearts": N_("hearts"), "diamonds": N_("diamonds"), "clubs": N_("clubs"),
         "spades": N_("spades")}


def handcuffs(ctx: Ctx, m, i: int, value) -> None:
    e = _needs(ctx, "handcuffs", "handcuffs")
    _in_play_phase(ctx, m, i, e)
    if value not in SUITS:
        raise Refusal("bad_move", msg("{event}: name a suit.", event=name(e.name)), e.rule)
    _once(ctx, e, "handcuffs")
    ctx.say("note", msg("{event}: {seat} plays only {suit} this turn.", event=name(e.name),
                        seat=ctx.name(i), suit=name(SUITS[value]),
                        you={"seat": N_("{event}: you play only {suit} this turn.")}))


ABILITIES = {"hard_liquor": hard_liquor, "give_life": give_life, "ranch": ranch,
             "sniper": sniper, "ricochet": ricochet, "daltons": daltons,
             "new_identity": new_identity, "vendetta": vendetta, "peyote": peyote,
             "handcuffs": handcuffs}
