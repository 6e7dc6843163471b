"""A move is a small frozen value parsed from the record vocabulary.

    Move.from_dict({"by": "Ann", "play": "BANG!", "target": "Bob"})
    -> Move(by="Ann", action="play", arg="BANG!", opts={"target": "Bob"})

Every value is checked against its shape (`ARG_SHAPES`, `OPTION_SHAPES`) before the
rules see it: a move of any other shape is refused with `bad_move`, whoever sent it.
`Move.to_dict()` is the canonical move: only the keys the engine understands, in a fixed
order. A server logs that, never the dict it was sent, so the bookkeeping keys of a
record (`seq`, `at`, `undone`) and its expectations never enter a log from outside.
"""
from __future__ import annotations

import copy
import unicodedata
from dataclasses import dataclass, field

from .errors import Refusal

ACTIONS = ("check", "jail", "draw", "play", "respond", "ability", "end_turn", "set",
           "perform", "boast", "claim")
OPTIONS = ("target", "card", "as", "keep", "check", "discard", "reveal", "destiny",
           "other", "from", "shoot", "show", "range", "first", "discards", "host")
IGNORED = {"expect", "then", "note", "at", "undone", "seq"}

# The shapes of values. A shape is TEXT (a short line of text: a card, a seat, a Feat),
# TEXTS (a list of 1..LIST_MAX texts), TEXTS0 (the same, possibly empty), COUNT (a whole
# number within +-COUNT_MAX; the rules check the real bounds), FLAG (true/false), a dict
# {key: shape} (an object with some of these keys and no other), a tuple of shapes
# (any one of them), or ("map", shape): an object of up to LIST_MAX texts, each to a shape.
TEXT, TEXTS, TEXTS0, COUNT, FLAG = "text", "texts", "texts0", "count", "flag"
TEXT_MAP, COUNT_MAP = ("map", TEXT), ("map", COUNT)
TEXT_MAX = 60
LIST_MAX = 24
COUNT_MAX = 999
BY_MAX = 40

ARG_SHAPES: dict[str, object] = {
    "check": (TEXT, TEXTS),
    "jail": {"discard": TEXT},
    "draw": {"from": TEXT, "reveal": (TEXT, TEXTS), "give": TEXT},
    "play": TEXT,
    "respond": TEXT,
    "ability": {"discard": COUNT, "bang": TEXT, "panic": TEXT, "repeat": (TEXT, FLAG)},
    "end_turn": {"discard": COUNT},
    "set": {"seat": TEXT, "turn": TEXT, "life": COUNT, "hand": COUNT, "fame": COUNT,
            "in_play": TEXTS0, "ranges": COUNT_MAP},
    "perform": TEXT,
    "boast": TEXT,
    "claim": TEXT,
}
OPTION_SHAPES: dict[str, object] = {
    "target": TEXT, "card": TEXT, "as": TEXT, "keep": TEXT, "check": (TEXT, TEXTS),
    "discard": (TEXT, COUNT), "reveal": (TEXT, TEXTS), "destiny": (TEXT, FLAG),
    "other": TEXT, "from": TEXT, "shoot": FLAG, "show": TEXTS, "range": COUNT,
    "first": TEXT, "discards": TEXT_MAP,
    "host": FLAG,   # the host made this seat's move for it (its phone was off)
}
SHAPE_WORDS = {TEXT: f"a text of at most {TEXT_MAX} characters",
               TEXTS: f"a list of 1 to {LIST_MAX} texts",
               TEXTS0: f"a list of at most {LIST_MAX} texts",
               COUNT: f"a whole number from -{COUNT_MAX} to {COUNT_MAX}",
               FLAG: "true or false"}


# A move's parts as a player would name them (a refusal never shows a key).
FIELD_WORDS = {"play": "the card played", "target": "the target", "as": "the card it counts as",
               "end_turn": "the end of the turn", "set": "the correction", "life": "life",
               "hand": "the hand count", "in_play": "the cards in play", "fame": "fame",
               "seat": "the player", "turn": "whose turn", "discard": "the discard",
               "check": "the card turned over", "keep": "the card kept", "respond": "the answer",
               "reveal": "the card turned up", "show": "the cards shown",
               "from": "where the first card comes from", "draw": "the draw",
               "ability": "the ability", "perform": "performing a Feat", "boast": "boasting",
               "claim": "claiming a Feat", "jail": "leaving Jail with a heart",
               "give": "the card given", "choice": "the card chosen", "by": "who moves"}


def field_words(key: str) -> str:
    """`where` ("set.in_play") in words: its last part, as a player would name it."""
    last = str(key).split(".")[-1]
    return FIELD_WORDS.get(last, last.replace("_", " "))


def _bad(message: str) -> Refusal:
    return Refusal("bad_move", message, "record")


def _text_ok(v: object) -> bool:
    return (isinstance(v, str) and len(v) <= TEXT_MAX
            and not any(unicodedata.category(c)[0] == "C" for c in v))


def _words(shape: object) -> str:
    if isinstance(shape, tuple) and shape[0] == "map":
        return f"an object of at most {LIST_MAX} names, each {_words(shape[1])}"
    if isinstance(shape, tuple):
        return " or ".join(_words(s) for s in shape)
    if isinstance(shape, dict):
        return "made of " + ", ".join(field_words(k) for k in shape) + " (each optional)"
    return SHAPE_WORDS[shape]


def checked(value: object, shape: object, where: str) -> object:
    """`value` if it has `shape` (a fresh copy), else Refusal('bad_move') naming `where`."""
    if isinstance(shape, tuple) and shape[0] == "map":
        if isinstance(value, dict) and len(value) <= LIST_MAX and all(map(_text_ok, value)):
            return {k: checked(v, shape[1], f"{where}.{k}") for k, v in value.items()}
    elif isinstance(shape, tuple):
        for s in shape:
            try:
                return checked(value, s, where)
            except Refusal:
                continue
    elif isinstance(shape, dict):
        if isinstance(value, dict):
            unknown = [k for k in value if k not in shape]
            if unknown:
                raise _bad(f"{field_words(where).capitalize()} has nothing called "
                           f"{str(unknown[0])[:TEXT_MAX]!r} (it takes "
                           f"{', '.join(field_words(k) for k in shape) or 'nothing'}).")
            return {k: checked(value[k], shape[k], f"{where}.{k}") for k in shape
                    if k in value}
    elif shape == TEXT:
        if _text_ok(value):
            return value
    elif shape in (TEXTS, TEXTS0):
        if (isinstance(value, list) and (shape == TEXTS0 or value)
                and len(value) <= LIST_MAX and all(_text_ok(v) for v in value)):
            return list(value)
    elif shape == COUNT:
        if isinstance(value, int) and not isinstance(value, bool) and -COUNT_MAX <= value \
                <= COUNT_MAX:
            return value
    elif shape == FLAG:
        if isinstance(value, bool):
            return value
    raise _bad(f"{field_words(where).capitalize()} must be {_words(shape)}.")


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
            raise _bad("A move must be a JSON object.")
        by = d.get("by")
        if not isinstance(by, str) or not by.strip() or not _text_ok(by) or len(by) > BY_MAX:
            raise _bad("A move names who makes it: a player at the table, or the host.")
        actions = [k for k in ACTIONS if k in d]
        if "check" in actions and len(actions) > 1:
            actions.remove("check")   # an answer's draw! ({"respond": "Barrel", "check": ..})
        if len(actions) != 1:
            what = "none" if not actions else "several: " + ", ".join(map(field_words, actions))
            raise _bad(f"A move does exactly one thing ({', '.join(map(field_words, ACTIONS))}); "
                       f"this one has {what}.")
        action = actions[0]
        unknown = set(d) - {"by", action} - set(OPTIONS) - IGNORED
        if unknown:
            shown = ", ".join(sorted(str(k)[:TEXT_MAX] for k in unknown)[:5])
            raise _bad(f"Unknown key(s) in the move: {shown}.")
        arg = checked(d[action], ARG_SHAPES[action], action)
        opts = {k: checked(d[k], OPTION_SHAPES[k], k) for k in OPTIONS
                if k in d and k != action and d[k] is not None}
        return cls(by.strip(), action, arg, opts)

    def to_dict(self) -> dict:
        """The canonical record move: `by`, the action, the options; nothing else."""
        return {"by": self.by, self.action: copy.deepcopy(self.arg),
                **copy.deepcopy(self.opts)}


def canonical(d: object) -> dict:
    """The move as the engine reads it (see the module docstring). Raises Refusal."""
    return Move.from_dict(d).to_dict()
