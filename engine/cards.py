"""The playing cards as data: one row per card type, with every copy's rank and suit.

`target` says how a card chooses its target:
  reach      another living player within the player's weapon range (BANG!)
  distance1  another living player at distance 1, weapons do not help (Panic!)
  any        any living player, distance ignored (Cat Balou)
  other      any other living player, distance ignored (Duel)
  not_sheriff  any other living player but the Sheriff (Jail)
  others     every other living player at once (Gatling, Indians!)
  all        every living player (Saloon, General Store)
  self       the player alone (Beer, Stagecoach, and every blue card put in front of them)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

from .errors import Refusal
from .say import N_, msg

T = TypeVar("T")

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "S": "S", "H": "H", "D": "D", "C": "C"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}


@dataclass(frozen=True)
class Card:
    name: str
    colour: str          # "brown" (play and discard) or "blue" (stays in play)
    kind: str            # what it does; blue kinds: weapon, horse, scope, barrel, jail, dynamite
    target: str          # see the module docstring
    copies: tuple[str, ...]
    range: int | None = None
    rule: str = ""
    rapid: bool = False           # a weapon that lifts the one-BANG!-a-turn limit (Volcanic)
    entered_range: bool = False   # a weapon whose range the player enters from the card

    @property
    def is_weapon(self) -> bool:
        return self.kind == "weapon"


def _copies(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_DIAMONDS = " ".join(f"{r}♦" for r in RANKS)
BASE_CARDS: tuple[Card, ...] = (
    Card(N_("BANG!"), "brown", "bang", "reach",
         _copies("A♠ " + _DIAMONDS + " 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ Q♥ K♥ A♥"), rule="card.bang"),
    Card(N_("Missed!"), "brown", "missed", "self",
         _copies("10♣ J♣ Q♣ K♣ A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠"), rule="card.missed"),
    Card(N_("Beer"), "brown", "beer", "self", _copies("6♥ 7♥ 8♥ 9♥ 10♥ J♥"), rule="card.beer"),
    Card(N_("Panic!"), "brown", "panic", "distance1", _copies("J♥ Q♥ A♥ 8♦"), rule="card.panic"),
    Card(N_("Cat Balou"), "brown", "cat_balou", "any", _copies("K♥ 9♦ 10♦ J♦"), rule="card.cat_balou"),
    Card(N_("Stagecoach"), "brown", "stagecoach", "self", _copies("9♠ 9♠"), rule="card.stagecoach"),
    Card(N_("Wells Fargo"), "brown", "wells_fargo", "self", _copies("3♥"), rule="card.wells_fargo"),
    Card(N_("Gatling"), "brown", "gatling", "others", _copies("10♥"), rule="card.gatling"),
    Card(N_("Duel"), "brown", "duel", "other", _copies("Q♦ J♠ 8♣"), rule="card.duel"),
    Card(N_("Indians!"), "brown", "indians", "others", _copies("K♦ A♦"), rule="card.indians"),
    Card(N_("General Store"), "brown", "general_store", "all", _copies("9♣ Q♠"),
         rule="card.general_store"),
    Card(N_("Saloon"), "brown", "saloon", "all", _copies("5♥"), rule="card.saloon"),
    Card(N_("Barrel"), "blue", "barrel", "self", _copies("Q♠ K♠"), rule="card.barrel"),
    Card(N_("Scope"), "blue", "scope", "self", _copies("A♠"), rule="card.scope"),
    Card(N_("Mustang"), "blue", "horse", "self", _copies("8♥ 9♥"), rule="card.mustang"),
    Card(N_("Jail"), "blue", "jail", "not_sheriff", _copies("J♠ 4♥ 10♠"), rule="card.jail"),
    Card(N_("Dynamite"), "blue", "dynamite", "self", _copies("2♥"), rule="card.dynamite"),
    Card(N_("Volcanic"), "blue", "weapon", "self", _copies("10♠ 10♣"), 1, rule="card.volcanic",
         rapid=True),
    Card(N_("Schofield"), "blue", "weapon", "self", _copies("J♣ Q♣ K♠"), 2, rule="card.weapons"),
    Card(N_("Remington"), "blue", "weapon", "self", _copies("K♣"), 3, rule="card.weapons"),
    Card(N_("Rev. Carabine"), "blue", "weapon", "self", _copies("A♣"), 4, rule="card.weapons"),
    Card(N_("Winchester"), "blue", "weapon", "self", _copies("8♠"), 5, rule="card.weapons"),
)

COLT_RANGE = 1  # the Colt .45 printed on every player board


def norm(name: str) -> str:
    """The key names are matched by: case and punctuation ignored ('rev carabine')."""
    return re.sub(r"[^0-9a-z]+", "", name.casefold())


class NamedTable(Generic[T]):
    """Rows (cards, characters) looked up by any spelling of their name; `get` refuses
    an unknown name with `code`, `find` answers None."""

    def __init__(self, rows: tuple[T, ...], missing: str, code: str, rule: str) -> None:
        """`missing`: the template (an N_ literal, with `{name}`) refusing an unknown name."""
        self.rows = rows
        self._missing, self._code, self._rule = missing, code, rule
        self._by_name = {r.name: r for r in rows}
        self._by_key = {norm(r.name): r for r in rows}

    def get(self, name: object) -> T:
        row = self.find(name)
        if row is None:
            raise Refusal(self._code, msg(self._missing, name=repr(name)), self._rule)
        return row

    def find(self, name: object) -> T | None:
        if not isinstance(name, str):
            return None
        return self._by_name.get(name) or self._by_key.get(norm(name))

    def __iter__(self):
        return iter(self.rows)

    def names(self) -> list[str]:
        return [r.name for r in self.rows]


class CardTable(NamedTable[Card]):
    def __init__(self, cards: tuple[Card, ...]) -> None:
        super().__init__(cards, N_("There is no card called {name} in this game."),
                         "unknown_card", "cards")


BASE = CardTable(BASE_CARDS)

_CARD_RE = re.compile(r"^\s*(10|[2-9JQKA])\s*([♠♥♦♣SHDC])\s*$", re.IGNORECASE)
_SUIT_RE = re.compile(r"^\s*()([♠♥♦♣SHDC])\s*$", re.IGNORECASE)


def parse_drawn(text: object, suit_alone: bool = False) -> tuple[str, str]:
    """'8♠' or '10h' -> ('8', 'S'); with `suit_alone`, a suit alone too: '♥' -> ('', 'H')
    (a draw! where only the suit counts: its rank is ''). Raises Refusal('bad_check')."""
    m = _CARD_RE.match(text) if isinstance(text, str) else None
    if not m and suit_alone and isinstance(text, str):
        m = _SUIT_RE.match(text)
    if not m:
        raise Refusal("bad_check", msg("{card} is not a card: write the rank then the suit, as "
                                       "8♠, 10H or QD.", card=repr(text)), "draw")
    return m.group(1).upper(), SUITS[m.group(2).upper()]


def show(rank: str, suit: str) -> str:
    return f"{rank}{SUIT_SYMBOL[suit]}"


def drawn(rng) -> str:
    """A random revealed card's corner ("8♠"), from `rng` (a random.Random): for the
    random games."""
    return rng.choice(RANKS) + rng.choice(list(SUIT_SYMBOL.values()))


def is_red(suit: str) -> bool:
    return suit in ("H", "D")


def explodes(rank: str, suit: str) -> bool:
    """Dynamite goes off on a spade from 2 to 9."""
    return suit == "S" and 2 <= RANK_VALUE[rank] <= 9
