"""A move is a small frozen value parsed from the record vocabulary.

    Move.from_dict({"by": "Ann", "play": "BANG!", "target": "Bob"})
    -> Move(by="Ann", action="play", arg="BANG!", opts={"target": "Bob"})
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import Refusal

ACTIONS = ("check", "jail", "draw", "play", "respond", "ability", "end_turn", "set",
           "perform", "boast", "claim")
OPTIONS = {"target", "card", "as", "keep", "check", "discard", "reveal", "destiny",
           "other", "from", "shoot", "show"}
IGNORED = {"expect", "then", "note", "at", "undone", "seq"}


@dataclass(frozen=True)
class Move:
    by: str
    action: str
    arg: object
    opts: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: object) -> "Move":
        """Parse a record move. Raises Refusal('bad_move') naming what is wrong."""
        if not isinstance(d, dict):
            raise Refusal("bad_move", "A move must be a JSON object.", "record")
        by = d.get("by")
        if not isinstance(by, str) or not by.strip():
            raise Refusal("bad_move", "A move needs 'by': the seat name (or 'host').", "record")
        actions = [k for k in ACTIONS if k in d]
        if "check" in actions and len(actions) > 1:
            actions.remove("check")   # an answer's draw! ({"respond": "Barrel", "check": ..})
        if len(actions) != 1:
            what = "no action" if not actions else "several actions: " + ", ".join(actions)
            raise Refusal("bad_move", f"A move has exactly one action ({'/'.join(ACTIONS)}); "
                          f"this one has {what}.", "record")
        action = actions[0]
        unknown = set(d) - {"by", action} - OPTIONS - IGNORED
        if unknown:
            raise Refusal("bad_move", f"Unknown key(s) in the move: {', '.join(sorted(unknown))}.",
                          "record")
        opts = {k: d[k] for k in OPTIONS if k in d and k != action}
        return cls(by.strip(), action, d[action], opts)
