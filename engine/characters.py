"""The characters as data. Numbers that change a rule are fields; behaviour that needs
code is named by a hook (`draw`, `on_hit`), which the engine looks up where that moment
comes (a ruleset adds its own hooks, and its characters may carry fields of their own in a
subclass). The ability texts are the project's own words.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import NamedTable
from .say import N_


@dataclass(frozen=True)
class Character:
    name: str
    life: int
    ability: str
    rule: str
    sees_closer: int = 0          # subtracted from the distance at which they see others
    seen_farther: int = 0         # added to the distance at which others see them
    misses_needed: int = 1        # Missed! effects needed against their BANG! cards
    misses_all_hits: bool = False  # ... and against every other hit of theirs
    unlimited_bang: bool = False  # no one-BANG!-per-turn limit
    check_cards: int = 1          # cards turned over for each draw!
    built_in_barrel: bool = False
    swaps_bang_missed: bool = False
    draw: str = ""                # a draw-phase hook (turns.DRAWS): jesse, pedro, black_jack
    on_hit: str = ""              # a hook after losing life: bart, gringo
    refill_to: int = 0            # draws back up to this many cards the moment it falls below
    takes_dead_cards: bool = False
    heal_by_discard: int = 0      # cards discarded for 1 life, at any time
    hit_draw: int = 1             # cards Bart Cassidy draws per life point lost


BASE_CHARACTERS: tuple[Character, ...] = (
    Character(N_("Bart Cassidy"), 4, N_("For each life point he loses, he draws a card from the deck."),
              "char.bart_cassidy", on_hit="bart"),
    Character(N_("Black Jack"), 4,
              N_("In his draw phase he shows the second card he draws; if it is a heart or a "
              "diamond he draws one card more."), "char.black_jack", draw="black_jack"),
    Character(N_("Calamity Janet"), 4,
              N_("She can use a BANG! as a Missed! and a Missed! as a BANG! A Missed! used as a "
              "BANG! counts as her BANG! for the turn."), "char.calamity_janet",
              swaps_bang_missed=True),
    Character(N_("El Gringo"), 3,
              N_("For each life point another player's card makes him lose, he takes a random "
              "card from that player's hand. Dynamite comes from nobody."), "char.el_gringo",
              on_hit="gringo"),
    Character(N_("Jesse Jones"), 4,
              N_("In his draw phase his first card may come at random from another player's "
              "hand instead of the deck."), "char.jesse_jones", draw="jesse"),
    Character(N_("Jourdonnais"), 4,
              N_("He always has a Barrel of his own: against a BANG! he may draw!, and a heart "
              "cancels it. A real Barrel gives him a second try."), "char.jourdonnais",
              built_in_barrel=True),
    Character(N_("Kit Carlson"), 4,
              N_("In his draw phase he looks at the top three cards, keeps two and puts the "
              "third back on the deck."), "char.kit_carlson", draw="kit"),
    Character(N_("Lucky Duke"), 4,
              N_("Each time he must draw!, he turns over two cards and chooses the one that "
              "counts."), "char.lucky_duke", check_cards=2),
    Character(N_("Paul Regret"), 3,
              N_("Everyone else sees him one farther away, as if he rode a Mustang; a real "
              "Mustang adds one more."), "char.paul_regret", seen_farther=1),
    Character(N_("Pedro Ramirez"), 4,
              N_("In his draw phase his first card may be the top card of the discard pile."),
              "char.pedro_ramirez", draw="pedro"),
    Character(N_("Rose Doolan"), 4,
              N_("She sees everyone one closer, as if she had a Scope; a real Scope takes off one "
              "more."), "char.rose_doolan", sees_closer=1),
    Character(N_("Sid Ketchum"), 4,
              N_("At any moment, even out of his turn or while dying, he may discard two cards "
              "to win back one life point, up to his maximum."), "char.sid_ketchum",
              heal_by_discard=2),
    Character(N_("Slab the Killer"), 4,
              N_("Each of his BANG! cards takes two Missed! effects to cancel; a Barrel's heart "
              "counts as one of them."), "char.slab_the_killer", misses_needed=2),
    Character(N_("Suzy Lafayette"), 4, N_("The moment her hand is empty, she draws a card."),
              "char.suzy_lafayette", refill_to=1),
    Character(N_("Vulture Sam"), 4,
              N_("When another player is eliminated, he takes every card that player had, in "
              "hand and in play, into his hand."), "char.vulture_sam", takes_dead_cards=True),
    Character(N_("Willy the Kid"), 4, N_("He may play as many BANG! cards as he likes in his turn."),
              "char.willy_the_kid", unlimited_bang=True),
)


class CharacterTable(NamedTable[Character]):
    def __init__(self, chars: tuple[Character, ...]) -> None:
        super().__init__(chars, N_("There is no character called {name} in this game."),
                         "bad_move", "characters")


BASE_CHARS = CharacterTable(BASE_CHARACTERS)
