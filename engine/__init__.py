"""The rules of BANG!, as a pure-Python library: no Flask, no I/O, no clock, no globals.

The public API (everything a server, a test or a notebook needs):

    header = deal(["Ann", "Bob", "Cid", "Dan"], seed=7)      # a record without moves
    deal(names, ruleset=name, parts=[part, ...], seed=7)      # its ruleset composed
    state = initial_state(header)                             # raises RecordError
    state, events = apply(state, {"by": "Ann", "draw": {}})   # raises Refusal
    canonical({"by": "Ann", "draw": {}, "seq": 9})            # the move as logged
    state = replay({**header, "moves": [...]})                # raises RecordError
    view_for(state, "Bob"); public_view(state)                # what may be shown
    distance(state, "Ann", "Bob"); distance_table(state, "Ann")
    legal_targets(state, "Ann", "BANG!"); hand_limit(state, "Ann"); outcome(state)
    check_record(record) -> list of failed expectations

A refused move raises `Refusal(code, message, rule)` and leaves the state as it was.
"""
from .errors import RecordError, Refusal
from .state import Ask, Seat, State

from .rulesets import PARTS_BY_NAME, RULESETS  # noqa: E402
from .reference import BOOK, CODES  # noqa: E402
from .table import (Geometry, distance, distance_table, hand_limit, legal_targets,  # noqa: E402
                    outcome, reach, winners)
from .game import apply  # noqa: E402
from .moves import Move, canonical  # noqa: E402
from .views import all_views, public_view, view_for  # noqa: E402
from .start import (choosable_counts, compose, deal, initial_state, player_counts,  # noqa: E402
                    rules_of)
from .record import check_record, export_record, load_record, public_record, replay  # noqa: E402
from .advice import answers_for, card_catalogue, decisions, judge, turn_hints  # noqa: E402

__all__ = [
    "BOOK", "CODES", "RULESETS", "PARTS_BY_NAME", "compose", "player_counts", "choosable_counts", "rules_of", "RecordError", "Refusal", "Ask", "Seat", "State",
    "apply", "Move", "canonical", "deal", "initial_state", "replay", "load_record", "check_record",
    "export_record", "public_record", "view_for", "all_views", "Geometry", "public_view", "distance", "distance_table", "reach",
    "legal_targets", "hand_limit", "outcome", "winners", "judge", "answers_for", "turn_hints",
    "card_catalogue", "decisions",
]
