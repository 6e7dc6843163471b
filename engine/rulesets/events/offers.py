"""What a phone may do now because of the event in force: the moves some events allow
(rules.py's ABILITIES), offered to the seat that may make them, each choice a full move
with the engine's verdict (`me["offers"]`, docs/protocol.md), and the same choices
without a verdict for the random games (playouts). The Daltons' question is answered
like any other (`answers`, the phone's answer sheet).

An offer is listed only while its move may be made at this moment of the turn: its
choices are tried (advice.try_move) and an offer whose every choice is refused for its
timing (not this phase, once a turn already used, not in force) is left out; a choice
refused for another reason (your last life point, out of reach, too few cards) stays,
with its reason, so the player sees why.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...advice import try_move
from ...cards import drawn
from ...say import N_, msg, name, plural
from ...table import cards_of, character
from .data import BY_ID
from .rules import SUITS

# refusals that mean "not at this moment": an offer refused only for these is not shown
TIMING = frozenset({"event_not_now", "wrong_phase", "not_your_turn", "answer_pending",
                    "check_pending", "tracker_mode", "game_over", "turn_at_end"})


DRAW, CARD = "draw!", "card"


@dataclass(frozen=True)
class Offer:
    key: str                     # the ability's key, and the offer's id
    event: str                   # the event that allows it
    phases: tuple[str, ...]      # the phases of one's own turn it may be made in
    label: str                   # N_ template of the button ({life}, {bang}: the table's words)
    ask: str | None              # N_ template of the sheet's question, None: one choice
    choices: Callable            # (state, i) -> [(key, value, extra move keys, label)]
    check: str = ""              # the move also gives the card turned over ("check"):
                                 # DRAW: the player's draw! (Lucky Duke turns two), CARD: one
    cost: str | None = None      # N_ template: what the move costs or binds the player to
                                 # (the phone asks before sending it), None: nothing


def _words(state) -> dict:
    bang = next((c.name for c in cards_of(state) if c.kind == "bang"), "BANG!")
    words = state.rules.data.words
    return {"life": name(words["life"]), "check": name(words["check"]), "bang": name(bang)}


def _flag(state, i):
    return [("yes", True, {}, None)]


def _others(label=lambda who: None):
    """Choices of each other living player, labelled by `label(name)`."""
    return lambda state, i: [(s.name, s.name, {}, label(s.name))
                             for k, s in enumerate(state.seats) if k != i and s.alive]


_given = _others(lambda who: msg("To {seat}", seat=who, you={}))
_aimed = _others(lambda who: msg("At {target}", target=who, you={}))


def _counts(state, i):
    n = state.seats[i].hand
    return [(str(k), k, {}, plural("{n} card", "{n} cards", k)) for k in range(1, n + 1)]


def _cards_in_play(state, i):
    return [(f"{s.name}:{card}", card, {"target": s.name},
             msg("{target}'s {card}", target=s.name, card=name(card), you={}))
            for k, s in enumerate(state.seats) if k != i and s.alive for card in s.in_play]


def _characters(state, i):
    taken = {s.character for s in state.seats}
    return [(c.name, c.name, {}, name(c.name)) for c in state.rules.data.characters.rows
            if c.name not in taken]


def _colours(state, i):
    return [("red", "red", {}, msg("Red")), ("black", "black", {}, msg("Black"))]


def _suits(state, i):
    return [(k, k, {}, name(word)) for k, word in SUITS.items()]


OFFERS = {o.event: o for o in (
    Offer("hard_liquor", "hard_liquor", ("start", "draw"),
          N_("Skip your draw and win back 1 {life}"), None, _flag,
          cost=N_("You draw no cards this turn.")),
    Offer("give_life", "blood_brothers", ("start",),
          N_("Give 1 {life} to another player"), N_("Give 1 {life} to whom?"), _given,
          cost=N_("It costs you 1 {life}.")),
    Offer("new_identity", "new_identity", ("start",),
          N_("Take your other character, with 2 life points"),
          N_("Which character do you take?"), _characters,
          cost=N_("Your life points become 2.")),
    Offer("peyote", "peyote", ("start", "draw"),
          N_("Call the colour of the next card"), N_("Red or black?"), _colours, check=CARD),
    Offer("ranch", "ranch", ("play",),
          N_("Discard cards and draw as many"), N_("How many cards?"), _counts,
          cost=N_("The cards you choose go to the discard pile.")),
    Offer("handcuffs", "handcuffs", ("play",),
          N_("Name the suit you play this turn"), N_("Which suit?"), _suits,
          cost=N_("For the rest of this turn you may play cards of that suit only.")),
    Offer("sniper", "sniper", ("play",),
          N_("Discard two {bang} as one shot"), N_("At whom?"), _aimed,
          cost=N_("You discard two {bang}.")),
    Offer("ricochet", "ricochet", ("play",),
          N_("Discard a {bang} at a card in play"), N_("At which card?"), _cards_in_play,
          cost=N_("You discard a {bang}.")),
    Offer("vendetta", "vendetta", ("play",),
          N_("Try a {check} for one more turn"), None, _flag, check=DRAW),
)}


def _open(state, i: int) -> Offer | None:
    """The offer of the event in force, if seat i could make its move at this moment."""
    offer = OFFERS.get(state.event)
    s = state.seats[i]
    if (offer is None or state.mode != "referee" or state.winner is not None
            or state.turn != i or state.pending or not s.alive
            or state.phase not in offer.phases):
        return None
    return offer


def _moves(state, i: int, offer: Offer) -> list[tuple[str, dict, object]]:
    """(key, move, label) of each choice, the move as the phone sends it (a check aside)."""
    by = state.seats[i].name
    return [(key, {"by": by, "ability": {offer.key: value}, **extra}, label)
            for key, value, extra, label in offer.choices(state, i)]


def offers(state, seat: str) -> list[dict]:
    """`me["offers"]`: the moves the event in force lets this seat make now, each choice
    with the engine's verdict (the checked ones tried with any card turned over)."""
    i = state.index(seat)
    offer = _open(state, i)
    if offer is None:
        return []
    words = _words(state)

    def worded(template: str | None):
        return template and msg(template, **{k: v for k, v in words.items()
                                             if "{" + k + "}" in template})
    label = worded(offer.label)
    cards = _check_cards(state, i, offer)
    sample = ({"check": "A♥"} if cards == 1 else {"check": ["A♥", "2♠"], "keep": "A♥"}
              if cards == 2 else {})
    choices = []
    for key, move, said in _moves(state, i, offer):
        verdict = try_move(state, {**move, **sample})
        choices.append({"key": key, "label": said or label, "move": move,
                        "ok": verdict["ok"], "code": verdict.get("code"),
                        "reason": verdict.get("reason"), "rule": verdict.get("rule"),
                        "rule_title": verdict.get("rule_title")})
    if all(not c["ok"] and c["code"] in TIMING for c in choices):
        return []
    event = BY_ID[offer.event]
    return [{"id": offer.key, "event": offer.event, "label": label, "rule": event.rule,
             "rule_title": name(event.name), "ask": worded(offer.ask),
             "cost": worded(offer.cost), "choices": choices,
             "check": bool(offer.check), "check_cards": cards}]


def _check_cards(state, i: int, offer: Offer) -> int:
    """How many cards the move turns over: 0 (none), 1, or 2 for a draw! by a player who
    turns two (Lucky Duke) and keeps one."""
    if not offer.check:
        return 0
    return character(state, i).check_cards if offer.check == DRAW else 1


def random_moves(rng, state, by: str, phase: str) -> list[dict]:
    """The moves the random games try for seat `by`: the offer's choices (unjudged, with a
    random card turned over where it needs one) and the Daltons' answers to its
    question."""
    i = state.index(by)
    if phase == "ask":
        seat = state.seats[i]
        if any(a.kind == "daltons" for a in state.asks_for(i)):
            return [{"by": by, "ability": {"daltons": card}} for card in seat.in_play]
        return []
    offer = _open(state, i)
    if offer is None or phase != "play" and offer.key != "peyote" and rng.random() < 0.7:
        return []          # before the draw: mostly the ordinary draw (Peyote replaces it)
    out = []
    for _, move, _ in _moves(state, i, offer):
        if offer.check == DRAW:
            move.update(state.rules.playouts.check(rng, state, i))
        elif offer.check:
            move["check"] = drawn(rng)
        out.append(move)
    rng.shuffle(out)
    return out


def daltons_answers(state, i: int, ask) -> list[tuple[dict, dict]]:
    """The Daltons' question: one answer per card the asked seat has in play."""
    if ask.kind != "daltons":
        return []
    return [({"ability": {"daltons": card}}, name(card)) for card in state.seats[i].in_play]


def expected(state) -> dict:
    """A record's expectation `event_offers`: {seat: {offer id: [each choice's key, a refused
    one as "key: code"]}} for every seat offered something now."""
    out = {}
    for seat in state.seats:
        found = offers(state, seat.name) if seat.alive else []
        if found:
            out[seat.name] = {o["id"]: [c["key"] if c["ok"] else f"{c['key']}: {c['code']}"
                                        for c in o["choices"]] for o in found}
    return out
