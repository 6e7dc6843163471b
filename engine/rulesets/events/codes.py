"""The event decks' refusal codes (the core's are engine/errors.py CODES)."""
from __future__ import annotations

CODES = {
    "event_forbids": "The event in force forbids this move (the rule cited is the event's).",
    "event_unknown": "No event of that name in this table's event decks.",
    "event_not_now": "An event is entered at the start of the Sheriff's turn, before his first "
                     "move, and an event's own move only where the event allows it.",
    "event_final": "The deck's final card is in force until the game ends: no other event comes.",
    "event_app_deck": "This table's events come from the app's shuffled deck, not entered by hand.",
}
