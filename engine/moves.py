"""A move is a small frozen value parsed from the record vocabulary.

    Move.from_dict({"by": "Ann", "play": "BANG!", "target": "Bob"})
    -> Move(by="Ann", action="play", arg="BANG!", opts={"target": "Bob"})

Every value is checked against its shape (the table's `Vocabulary`: the core's
`ARG_SHAPES`, `OPTION_SHAPES` and its ruleset's own) before the rules see it: a move of any other shape is refused with `bad_move`, whoever sent it.
`Move.to_dict()` is the canonical move: only the keys the engine understands, in a fixed
order. A server logs that, never the dict it was sent, so the bookkeeping keys of a
record (`seq`, `at`, `undone`) and its expectations never enter a log from outside.
"""
from __future__ import annotations

import copy
import unicodedata
from dataclasses import dataclass, field

from .errors import Refusal
from .say import N_, msg, name, plural, series

# The core's vocabulary. A ruleset's own move kinds, options and keys make its own
# `Vocabulary` (`CORE.plus`, in its package); a move is read with its table's.
ACTIONS = ("check", "draw", "play", "respond", "ability", "end_turn", "set")
OPTIONS = ("target", "card", "as", "keep", "check", "discard", "from", "range", "host")
IGNORED = frozenset({"expect", "then", "note", "at", "undone", "seq"})

# The shapes of values. A shape is TEXT (a short line of text: a card, a seat, a name),
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
    "draw": {"from": TEXT, "reveal": (TEXT, TEXTS)},
    "play": TEXT,
    "respond": TEXT,
    "ability": {"discard": COUNT},
    "end_turn": {"discard": COUNT},
    "set": {"seat": TEXT, "turn": TEXT, "life": COUNT, "hand": COUNT, "in_play": TEXTS0,
            "ranges": COUNT_MAP},
}
OPTION_SHAPES: dict[str, object] = {
    "target": TEXT, "card": TEXT, "as": TEXT, "keep": TEXT, "check": (TEXT, TEXTS),
    "discard": (TEXT, COUNT), "from": TEXT, "range": COUNT,
    "host": FLAG,   # the host made this seat's move for it (its phone was off)
}
SHAPE_WORDS = {TEXT: plural("a text of at most {n} character", "a text of at most {n} characters",
                            TEXT_MAX),
               TEXTS: plural("a list of 1 to {n} text", "a list of 1 to {n} texts", LIST_MAX),
               TEXTS0: plural("a list of at most {n} text", "a list of at most {n} texts",
                              LIST_MAX),
               COUNT: msg("a whole number from -{top} to {top}", top=COUNT_MAX),
               FLAG: msg("true or false")}


# A move's parts as a player would name them (a refusal never shows a key).
FIELD_WORDS = {"play": N_("the card played"), "target": N_("the target"),
               "as": N_("the card it counts as"), "end_turn": N_("the end of the turn"),
               "set": N_("the correction"), "life": N_("life"), "hand": N_("the hand count"),
               "in_play": N_("the cards in play"), "seat": N_("the player"),
               "ranges": N_("the weapon ranges"),
               "turn": N_("whose turn"), "discard": N_("the discard"),
               "check": N_("the card turned over"), "keep": N_("the card kept"),
               "respond": N_("the answer"), "reveal": N_("the card turned up"),
               "from": N_("where the first card comes from"),
               "draw": N_("the draw"), "ability": N_("the ability"),
               "choice": N_("the card chosen"), "by": N_("who moves")}


@dataclass(frozen=True)
class Vocabulary:
    """The words a table's moves are read with: the move kinds (`actions`, each with the
    shape of its value), the options, and how a player names each part (a refusal never
    shows a key). The core's is CORE; a ruleset's is `CORE.plus(...)` of its own words."""
    actions: tuple[str, ...]
    options: tuple[str, ...]
    arg_shapes: dict
    option_shapes: dict
    words: dict
    known: frozenset = frozenset()      # every key a move may hold (made from the above)

    def __post_init__(self) -> None:
        object.__setattr__(self, "known", frozenset({"by", *self.actions, *self.options,
                                                     *IGNORED}))

    def plus(self, actions: dict | None = None, options: dict | None = None,
             keys: dict | None = None, words: dict | None = None) -> "Vocabulary":
        """This vocabulary with a ruleset's own: move kinds {action: shape}, options
        {key: shape}, keys of the core's moves {action: {key: shape}} (an ability of its
        own, a count the host corrects), and how a player names each part {key: N_ word}.
        A name already read keeps its shape (KeyError otherwise)."""
        actions, options, keys = actions or {}, options or {}, keys or {}
        arg_shapes, option_shapes = dict(self.arg_shapes), dict(self.option_shapes)
        for table, new in ((arg_shapes, actions), (option_shapes, options)):
            for key, shape in new.items():
                if table.get(key, shape) != shape:
                    raise KeyError(f"{key!r} is already read with another shape")
                table[key] = shape
        for action, more in keys.items():
            shape = dict(arg_shapes[action])
            for key, value in more.items():
                if shape.get(key, value) != value:
                    raise KeyError(f"{action}.{key} is already read with another shape")
                shape[key] = value
            arg_shapes[action] = shape
        return Vocabulary(self.actions + tuple(a for a in actions if a not in self.actions),
                          self.options + tuple(o for o in options if o not in self.options),
                          arg_shapes, option_shapes, {**self.words, **(words or {})})


CORE = Vocabulary(ACTIONS, OPTIONS, ARG_SHAPES, OPTION_SHAPES, FIELD_WORDS)


def field_words(key: str, vocab: Vocabulary = CORE) -> dict | str:
    """`where` ("set.in_play") in words: its last part, as a player would name it (a
    message; a part the table does not know is shown as it was written)."""
    last = str(key).split(".")[-1]
    words = vocab.words
    return name(words[last]) if last in words else last.replace("_", " ")


def _bad(message: dict) -> Refusal:
    return Refusal("bad_move", message, "record")


def _text_ok(v: object) -> bool:
    return (isinstance(v, str) and len(v) <= TEXT_MAX
            and not any(unicodedata.category(c)[0] == "C" for c in v))


def _words(shape: object, vocab: Vocabulary) -> dict:
    if isinstance(shape, tuple) and shape[0] == "map":
        return plural("an object of at most {n} name, each {shape}",
                      "an object of at most {n} names, each {shape}", LIST_MAX,
                      shape=_words(shape[1], vocab))
    if isinstance(shape, tuple):
        out = _words(shape[-1], vocab)
        for s in reversed(shape[:-1]):
            out = msg("{first} or {rest}", first=_words(s, vocab), rest=out)
        return out
    if isinstance(shape, dict):
        return msg("made of {parts} (each optional)",
                   parts=series([field_words(k, vocab) for k in shape]))
    return SHAPE_WORDS[shape]


def checked(value: object, shape: object, where: str, vocab: Vocabulary = CORE) -> object:
    """`value` if it has `shape` (a fresh copy), else Refusal('bad_move') naming `where`."""
    if isinstance(shape, tuple) and shape[0] == "map":
        if isinstance(value, dict) and len(value) <= LIST_MAX and all(map(_text_ok, value)):
            return {k: checked(v, shape[1], f"{where}.{k}", vocab) for k, v in value.items()}
    elif isinstance(shape, tuple):
        for s in shape:
            try:
                return checked(value, s, where, vocab)
            except Refusal:
                continue
    elif isinstance(shape, dict):
        if isinstance(value, dict):
            unknown = [k for k in value if k not in shape]
            if unknown:
                raise _bad(msg("In this move, {what} has nothing called {key} (it takes "
                               "{parts}).", what=field_words(where, vocab),
                               key=repr(str(unknown[0])[:TEXT_MAX]),
                               parts=series([field_words(k, vocab) for k in shape])
                               or msg("nothing")))
            return {k: checked(value[k], shape[k], f"{where}.{k}", vocab) for k in shape
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
    raise _bad(msg("In this move, {what} must be {shape}.", what=field_words(where, vocab),
                   shape=_words(shape, vocab)))


@dataclass(frozen=True)
class Move:
    by: str
    action: str
    arg: object
    opts: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: object, vocab: Vocabulary = CORE) -> "Move":
        """Parse a record move with a table's vocabulary (its ruleset's `vocab`; the core's
        by default). Raises Refusal('bad_move') naming what is wrong."""
        if not isinstance(d, dict):
            raise _bad(msg("A move must be a JSON object."))
        by = d.get("by")
        if not isinstance(by, str) or not by.strip() or not _text_ok(by) or len(by) > BY_MAX:
            raise _bad(msg("A move names who makes it: a player at the table, or the host."))
        unknown = d.keys() - vocab.known
        if unknown:
            shown = ", ".join(sorted(str(k)[:TEXT_MAX] for k in unknown)[:5])
            raise _bad(msg("Unknown key(s) in the move: {keys}.", keys=shown))
        actions = [k for k in vocab.actions if k in d]
        if "check" in actions and len(actions) > 1:
            actions.remove("check")   # an answer's draw! ({"respond": "Barrel", "check": ..})
        if len(actions) != 1:
            what = (msg("none") if not actions else
                    msg("several: {parts}",
                        parts=series([field_words(a, vocab) for a in actions])))
            raise _bad(msg("A move does exactly one thing ({parts}); this one has {what}.",
                           parts=series([field_words(a, vocab) for a in vocab.actions]),
                           what=what))
        action = actions[0]
        arg = checked(d[action], vocab.arg_shapes[action], action, vocab)
        opts = {k: checked(d[k], vocab.option_shapes[k], k, vocab) for k in vocab.options
                if k in d and k != action and d[k] is not None}
        return cls(by.strip(), action, arg, opts)

    def to_dict(self) -> dict:
        """The canonical record move: `by`, the action, the options; nothing else."""
        return {"by": self.by, self.action: copy.deepcopy(self.arg),
                **copy.deepcopy(self.opts)}


def canonical(d: object, vocab: Vocabulary = CORE) -> dict:
    """The move as the engine reads it with a table's vocabulary (see the module
    docstring). Raises Refusal."""
    return Move.from_dict(d, vocab).to_dict()
