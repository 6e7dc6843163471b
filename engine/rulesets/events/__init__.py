"""The event decks of High Noon and A Fistful of Cards, as one part a table's ruleset is
composed with at the deal (engine/parts.py; the header's `"parts": ["event_decks"]`): which
decks, the pile still to come and the event in force are its fields of the state and of
the record header (`event_deck`).

`data.py` holds the 30 event cards and the decks a table may choose, `rules.py` every
event's rule as reactions to the moments the core announces and the moves some events
allow, `codes.py` its refusal codes, `texts.py` its rules reference entries. No core file
names an event.
"""
from __future__ import annotations

from ...moves import COUNT, FLAG, TEXT
from ...parts import Actions, Part
from ...say import N_, msg, name
from . import offers, rules
from .codes import CODES
from .data import BY_ID, CHOICES, DECKS, find, shuffled
from .texts import BOOK

HEADER = "event_deck"
CARDS = ("app", "table")      # the table option `event_cards`: who reveals the events


class EventDecks(Part):
    name = "event_decks"
    title = N_("High Noon and A Fistful of Cards")
    rulesets = ("base", "legends")          # Star Wars has no event deck
    codes = CODES
    book = BOOK
    reactions = rules.REACTIONS
    header_keys = (HEADER,)
    expect_keys = ("current_event", "event_offers")
    moves = {"actions": {"event_revealed": TEXT},
             "keys": {"ability": {"hard_liquor": FLAG, "give_life": TEXT, "ranch": COUNT,
                                  "sniper": TEXT, "ricochet": TEXT, "daltons": TEXT,
                                  "new_identity": TEXT, "vendetta": FLAG, "peyote": TEXT,
                                  "handcuffs": TEXT}},
             "words": {"event_revealed": N_("the event revealed")}}
    actions = Actions(abilities=rules.ABILITIES, host={"event_revealed": rules.host_event},
                      referee={"event_revealed": rules.seat_event},
                      tracker={"event_revealed": rules.seat_event})
    data = {"why_not": {"roulette": (N_("Against Russian Roulette only a Missed! helps."),
                                     "event.russian_roulette"),
                        "ricochet": (N_("Only a Missed! saves the card from a Ricochet."),
                                     "event.ricochet"),
                        "daltons": (N_("The Daltons: name one of your cards in play to "
                                       "discard."), "event.the_daltons")}}

    def deal_extra(self, header: dict, rng, rules_) -> None:
        """The decks the table option `events` chose, shuffled from the seed (or revealed
        from the table's own cards, `event_cards: "table"`)."""
        options = header.get("options") or {}
        choice = options.get("events", "both")
        decks = CHOICES.get(choice) or CHOICES["both"]
        own = options.get("event_cards") == "table"
        pile = None if own else shuffled(decks, rng, options.get("event_bonus", True) is not False)
        header[HEADER] = {"decks": list(decks), "pile": pile, "current": None}

    def read_extra(self, record: dict, state, need) -> None:
        d = record.get(HEADER, {})
        need(isinstance(d, dict), HEADER, "an object: decks, pile, current")
        need(not set(d) - {"decks", "pile", "current", "first_out"}, HEADER,
             "only decks, pile, current and first_out")
        decks = d.get("decks", list(DECKS))
        need(isinstance(decks, list) and decks and set(decks) <= set(DECKS)
             and len(set(decks)) == len(decks), f"{HEADER}.decks",
             f"a list of decks: {', '.join(DECKS)}")
        pile = d.get("pile")
        if pile is not None:
            need(isinstance(pile, list) and len(pile) <= 30, f"{HEADER}.pile",
                 "a list of event ids, top first, or null (the table's own cards)")
            ids = []
            for k, e in enumerate(pile):
                found = find(e)
                need(found is not None and found.deck in decks, f"{HEADER}.pile[{k}]",
                     f"{str(e)[:30]!r} is not an event of the decks {decks}")
                ids.append(found.id)
            need(len(set(ids)) == len(ids), f"{HEADER}.pile", "an event twice")
            pile = ids
        now = d.get("current")
        if now is not None:
            found = find(now)
            need(found is not None and found.deck in decks, f"{HEADER}.current",
                 f"{str(now)[:30]!r} is not an event of the decks {decks}")
            now = found.id
        state.event, state.event_pile, state.event_decks = now, pile, tuple(decks)
        marks = {}
        first_out = d.get("first_out")
        if first_out is not None:
            try:
                marks["first_out"] = state.index(first_out)
            except Exception:
                need(False, f"{HEADER}.first_out", f"no seat named {str(first_out)[:30]!r}")
        state.event_marks = marks

    def fields_dict(self, state) -> dict:
        return {"event": state.event, "event_pile": state.event_pile}

    def expect_value(self, state, key: str):
        if key == "event_offers":
            return offers.expected(state)
        return state.event

    def public_fields(self, state) -> dict:
        e = rules.current(state)
        pile = state.event_pile
        return {
            "event": None if e is None else {
                "id": e.id, "key": e.name, "name": name(e.name), "effect": msg(e.effect),
                "deck": e.deck, "final": e.final, "rule": e.rule,
                "round": state.event_marks.get("round")},
            "event_deck": {"decks": list(state.event_decks),
                           "cards": "app" if pile is not None else "table",
                           "left": len(pile) if pile is not None else None,
                           "next": pile[0] if pile else None}}

    def phone_extras(self, state, seat: str) -> dict:
        e = rules.current(state)
        return {"event_note": msg(e.yours) if e is not None else None,
                "offers": offers.offers(state, seat)}

    def answer_moves(self, state, i: int, ask) -> list:
        return offers.daltons_answers(state, i, ask)

    def random_moves(self, rng, state, by: str, phase: str) -> list[dict]:
        return offers.random_moves(rng, state, by, phase)


PART = EventDecks()
