"""BANG! Legends: the legend side of each character (the normal side is the base card),
as rows of the base table's shape with the fields only legend sides have (`Legend`):
numbers the core already reads (`refill_to=2`, `hit_draw=2`) and abilities the Legends
hooks read (abilities.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...characters import Character, CharacterTable
from ...say import N_


@dataclass(frozen=True)
class Legend(Character):
    any_as_bang_missed: bool = False
    evades_brown: bool = False    # a draw! of J, Q, K or A ignores a brown card aimed at him
    lucky_for_all: bool = False   # picks between two cards on everyone's draw!
    bang_costs_extra: int = 0     # cards a shooter discards on top of a BANG! aimed at him
    sees_all_at_1: bool = False
    blue_as_panic: bool = False   # once a turn, a blue card (hand or in play) as a Panic!
    free_bang_on_heal: bool = False
    uncancellable_bang: bool = False
    claim_last_life: bool = False
    survives_once: bool = False
    bang_instead_of_claim: bool = False


NORMAL = Legend("", 0, "", "")    # what a normal side has of these: nothing


def side(char: Character) -> Legend:
    """The legend abilities of a character in force (NORMAL for a normal side)."""
    return char if isinstance(char, Legend) else NORMAL

LEGEND_CHARACTERS: tuple[Legend, ...] = (
    Legend(N_("Bart Cassidy"), 4, N_("For each life point he loses, he draws two cards."),
              "legend.bart_cassidy", on_hit="bart", hit_draw=2),
    Legend(N_("Black Jack"), 4,
              N_("Instead of his usual draw he may turn cards up one by one until they add up to "
              "more than 21 (J, Q, K count 10, A 11; after exactly 21 he may turn one more), "
              "then take them all."), "legend.black_jack", draw="black_jack_21"),
    Legend(N_("Calamity Janet"), 4, N_("Any card of hers can be used as a BANG! or as a Missed!"),
              "legend.calamity_janet", swaps_bang_missed=True, any_as_bang_missed=True),
    Legend(N_("El Gringo"), 3,
              N_("When another player makes him lose life, he takes a card from that player's "
              "hand and also the card that hit him (only the hand card after a claimed Feat)."),
              "legend.el_gringo", on_hit="gringo_legend"),
    Legend(N_("Jesse Jones"), 4,
              N_("In his draw phase he may look at a player's hand and take the card he likes, "
              "then draw one from the deck."), "legend.jesse_jones", draw="jesse"),
    Legend(N_("Jourdonnais"), 4,
              N_("When a brown card is aimed at him (a BANG!, Gatling, Indians!, Duel, Panic!, "
              "Cat Balou...), he may draw!: a J, Q, K or A means the card does nothing to him."),
              "legend.jourdonnais", evades_brown=True),
    Legend(N_("Kit Carlson"), 4, N_("He draws three cards and may give one of them to another "
              "player."), "legend.kit_carlson", draw="kit_legend"),
    Legend(N_("Lucky Duke"), 4,
              N_("Whenever anyone must draw!, he turns over two cards and chooses the one that "
              "counts; in his own turn he then takes it into his hand."), "legend.lucky_duke",
              check_cards=2, lucky_for_all=True),
    Legend(N_("Paul Regret"), 3,
              N_("Others see him one farther away; whoever shoots a BANG! at him must discard "
              "one more card from hand."), "legend.paul_regret", seen_farther=1,
              bang_costs_extra=1),
    Legend(N_("Pedro Ramirez"), 4, N_("He draws two cards and also the top card of the discard "
              "pile."), "legend.pedro_ramirez", draw="pedro_legend"),
    Legend(N_("Rose Doolan"), 4,
              N_("She sees everyone at distance 1. Once in her turn she may discard a blue card "
              "(from hand or in play) and use it as a Panic!"), "legend.rose_doolan",
              sees_all_at_1=True, blue_as_panic=True),
    Legend(N_("Sid Ketchum"), 4,
              N_("He may discard two cards to win back a life point. Once in his turn, when he "
              "wins back a life point in any way, he may shoot a free BANG!"),
              "legend.sid_ketchum", heal_by_discard=2, free_bang_on_heal=True),
    Legend(N_("Slab the Killer"), 4,
              N_("His BANG!s cannot be cancelled. When he claims a Feat he may take even a "
              "player's last life point (who may still drink a Beer)."), "legend.slab_the_killer",
              uncancellable_bang=True, claim_last_life=True),
    Legend(N_("Suzy Lafayette"), 4, N_("Whenever she holds fewer than 2 cards, she draws back up "
              "to 2."), "legend.suzy_lafayette", refill_to=2),
    Legend(N_("Vulture Sam"), 4,
              N_("He takes every card of an eliminated player. The first time he would be "
              "eliminated he stays in with 4 life and turns back to his normal side."),
              "legend.vulture_sam", takes_dead_cards=True, survives_once=True),
    Legend(N_("Willy the Kid"), 4,
              N_("He may play any number of BANG!s. Instead of claiming a Feat, he may shoot a free "
              "BANG!"), "legend.willy_the_kid", unlimited_bang=True, bang_instead_of_claim=True),
)
LEGEND_CHARS = CharacterTable(LEGEND_CHARACTERS)
