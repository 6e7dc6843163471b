"""The event decks' entries in the rules reference: how the deck goes (`event.deck`), and
one entry per event (`event.<id>`) whose title is the card's name and whose text is its
effect in the project's words (data.py); the points the sources leave open are in
docs/decisions.md, each naming the entry it rests on."""
from __future__ import annotations

from ...rulebook import CORE
from ...say import N_
from .data import EVENTS

DECK_RULES: dict[str, dict] = {
    "event.deck": {
        "title": N_("High Noon and A Fistful of Cards: the event deck"),
        "text": N_("The event cards are shuffled face down with the deck's final card (High "
                   "Noon, or A Fistful of Cards) at the bottom, and the stack is turned face "
                   "up beside the Sheriff, so everyone sees the next event. From the "
                   "Sheriff's second turn on, just before his turn, the top card is revealed: "
                   "it is in force for everyone until the next one covers it, a whole round. "
                   "The first round has no event. Once the final card is out it stays until "
                   "the game ends. With both decks, 12 of their events are shuffled at random "
                   "with one of the two final cards."),
        "see": ["turn.order"],
    },
}
EVENT_RULES: dict[str, dict] = {
    e.rule: {"title": e.name, "text": e.effect, "see": ["event.deck"]} for e in EVENTS}

BOOK = CORE.plus((N_("High Noon and A Fistful of Cards"), "event"),
                  {**DECK_RULES, **EVENT_RULES})
