"""The state of a table: plain data that copies cheaply and turns into JSON.

Seats are kept in clockwise order and referred to by index inside the engine; the
outside world names them. The *pending* list holds the open questions: each `Ask` is
one player who must answer something (a BANG!'s target, one of the players under a
Gatling, the duellist whose turn it is to discard, a dying player).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import Refusal
from .say import msg

PHASES = ("start", "draw", "play")


@dataclass
class Seat:
    name: str
    role: str
    character: str
    life: int
    max_life: int
    hand: int
    in_play: list[str] = field(default_factory=list)
    alive: bool = True
    ranges: dict = field(default_factory=dict)   # entered weapon ranges: {card name: range}
    # A ruleset's own fields of a seat (`Ruleset.records.seat_fields`) are plain values set
    # beside these when the header is read (`read_seat`): a clone copies them as is.

    def clone(self) -> "Seat":
        new = Seat.__new__(Seat)
        new.__dict__.update(self.__dict__)
        new.in_play = list(self.in_play)
        new.ranges = dict(self.ranges)
        return new


@dataclass
class Ask:
    """One player who must answer. `kind`: bang, gatling, indians, duel or dying, or a
    kind of the ruleset's own (answered through its hooks)."""
    seat: int
    kind: str
    source: int | None            # who is responsible for what follows (None: nobody)
    card: str = ""                # the card that asked
    needed: int = 1               # Missed! effects still needed to cancel the shot
    tried: tuple[str, ...] = ()   # draw!s already tried against it: "barrel", "jourdonnais"
    other: int | None = None      # Duel: the other duellist
    owed: int = 0                 # dying: cards owed by Bart Cassidy / El Gringo if he lives
    owed_from: int | None = None  # dying: El Gringo takes his owed cards from this seat
    choice: str = ""              # Panic!/Cat Balou held by the target's question: the card chosen
    then: tuple = ()              # what the ruleset does once this question is settled
                                  # (an effect of its own after the card's)
    accepts: tuple = ()           # a question of the ruleset's own: the kinds of card
                                  # that answer it


@dataclass
class State:
    seats: list[Seat]
    turn: int = 0
    phase: str = "start"
    rules: Any = None             # the table's Ruleset (engine/rulesets/): shared by copies
    mode: str = "referee"         # "referee" checks every play; "tracker" only keeps counts
    bangs: int = 0                # BANG! cards played this turn
    pending: list[Ask] = field(default_factory=list)
    winner: str | None = None
    options: dict = field(default_factory=dict)
    turn_log: list[dict] = field(default_factory=list)  # what happened this turn
    custom: dict = field(default_factory=dict)  # characters entered by name: {name: life}
    # players out once the open questions are answered: [(seat, source, card)] (a card that
    # eliminates several players settles them together, effects.Ctx.settle_falls)
    falling: list[tuple] = field(default_factory=list)
    # A ruleset's own fields of the state are set beside these when the header is read
    # (`Ruleset.records.read_extra`); a copy shares them until its `copy_fields` gives the
    # copy its own.

    @property
    def ruleset(self) -> str:
        """The name of the table's ruleset ("base", or another in the registry)."""
        return self.rules.name

    def copy(self) -> "State":
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)       # the ruleset is shared, never copied
        new.seats = [s.clone() for s in self.seats]
        new.pending = list(self.pending)   # Ask values are replaced, never changed in place
        new.options = self.options        # read-only after setup
        new.custom = self.custom          # read-only after setup
        new.turn_log = list(self.turn_log)
        new.falling = list(self.falling)
        self.rules.records.copy_fields(new)
        return new

    # -- lookups ------------------------------------------------------------------------
    def index(self, name: object, where: str = "seat") -> int:
        """The index of the seat called `name` (case-insensitive). Raises Refusal."""
        if isinstance(name, str):
            key = name.casefold()
            for i, s in enumerate(self.seats):
                if s.name.casefold() == key:
                    return i
        raise Refusal("unknown_seat", msg("No player called {seat} sits at this table.",
                                          seat=repr(name), you={}), "seats")   # sits nowhere

    def alive(self) -> list[int]:
        """Indices of the living players, clockwise from seat 0."""
        return [i for i, s in enumerate(self.seats) if s.alive]

    def next_alive(self, i: int) -> int:
        """The next living player clockwise after seat i (i itself if alone)."""
        n = len(self.seats)
        for k in range(1, n + 1):
            j = (i + k) % n
            if self.seats[j].alive:
                return j
        return i

    def others(self, i: int) -> list[int]:
        """The other living players, clockwise from seat i."""
        n = len(self.seats)
        return [(i + k) % n for k in range(1, n) if self.seats[(i + k) % n].alive]

    def falls(self, i: int) -> bool:
        """Whether seat i is out once the open questions are answered."""
        return any(f[0] == i for f in self.falling)

    def asks_for(self, i: int) -> list[Ask]:
        return [a for a in self.pending if a.seat == i]

    @property
    def current(self) -> Seat:
        return self.seats[self.turn]

    # -- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The whole state, secrets included: for records and tests, never for phones."""
        names = [s.name for s in self.seats]
        return {
            "ruleset": self.ruleset,
            **({"parts": list(self.rules.parts)} if self.rules.parts else {}),
            "mode": self.mode,
            "seats": [dict(vars(s), in_play=list(s.in_play), ranges=dict(s.ranges))
                      for s in self.seats],
            "turn": names[self.turn], "phase": self.phase, "bangs": self.bangs,
            "pending": [ask_dict(a, names) for a in self.pending],
            "winner": self.winner, "falling": [names[f[0]] for f in self.falling],
            **self.rules.records.fields_dict(self),
        }


def ask_dict(a: Ask, names: list[str]) -> dict:
    """A public description of one open question."""
    d: dict = {"seat": names[a.seat], "kind": a.kind, "card": a.card}
    d["from"] = names[a.source] if a.source is not None else None
    if a.kind in ("bang", "gatling"):
        d["needed"] = a.needed
        d["tried"] = list(a.tried)
    if a.other is not None:
        d["against"] = names[a.other]
    return d
