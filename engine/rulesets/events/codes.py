"""The event decks' refusal codes (the core's are engine/errors.py CODES), in words a
player reads (translated like any other, `make messages`)."""
from __future__ import annotations

from ...say import N_

CODES = {
    "event_forbids": N_("The event in force forbids this move (the rule cited is the event's)."),
    "event_unknown": N_("No event of that name in this table's event decks."),
    "event_not_now": N_("An event's own move is made only at the moment the event allows it, "
                        "and the host enters an event revealed only as a round begins, before "
                        "the first move of its first turn."),
    "event_final": N_("The deck's final card is in force until the game ends: no other event "
                      "comes."),
    "event_app_deck": N_("This table's events come from the app's shuffled deck, not entered "
                         "by hand."),
}
