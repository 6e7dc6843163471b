"""The rules reference entries of BANG! Star Wars, in the project's own words (merged into
engine/rulebook.py's RULES; their ids start with "sw.")."""
from __future__ import annotations

from ...say import N_

SW_RULES: dict[str, dict] = {
    "sw.setup": {
        "title": N_("Star Wars: roles and setup"),
        "text": N_("4 players: Darth Vader, the Bounty Hunter and 2 Rebels; 5 add an Imperial "
                   "Stormtrooper; 6: Vader, the Bounty Hunter, 1 Stormtrooper, 3 Rebels; 7: "
                   "Vader, the Bounty Hunter, 2 Stormtroopers, 3 Rebels. Darth Vader's card lies "
                   "face up; every other role stays hidden, even from Vader. Each player gets an "
                   "ability card face up and takes the energy shown on it; Vader takes one more. "
                   "Vader plays first, then the turn goes clockwise."),
        "see": ["sw.goals", "sw.energy", "sw.abilities"],
    },
    "sw.energy": {
        "title": N_("Star Wars: energy"),
        "text": N_("In this edition each hit costs one energy; the last one lost eliminates "
                   "the player, and nobody ever goes above the energy they started with. Energy is also the hand limit at the end of the turn, and each player "
                   "is dealt as many cards as their starting energy (Vader's extra one included)."),
        "see": ["sw.setup", "sw.card.bacta_tank"],
    },
    "sw.goals": {
        "title": N_("Star Wars: the end of the game"),
        "text": N_("When Darth Vader is eliminated the game ends: the Bounty Hunter wins if he is "
                   "the only player left, otherwise the Rebels win, even if none of them is still "
                   "in the game. When every Rebel and the Bounty Hunter are out, Darth Vader and "
                   "the Stormtroopers win. With the Rebels gone and the Bounty Hunter still in, "
                   "the game goes on."),
        "see": ["sw.setup", "sw.rewards"],
    },
    "sw.rewards": {
        "title": N_("Star Wars: rewards and penalties"),
        "text": N_("Whoever eliminates a Rebel, a Rebel included, draws 3 cards; nobody draws "
                   "for a Rebel taken out by the Jawas or by the Trash Compactor. If Darth Vader "
                   "eliminates a Stormtrooper, he discards every card in his hand and in play. "
                   "The rulebook does not say. The app's reading: a Stormtrooper lost to Vader's Jawas still costs Vader his "
                   "cards: the rulebook lifts only the reward for Jawas, not the penalty."),
        "see": ["sw.goals", "sw.card.jawas", "sw.card.trash_compactor"],
    },
    "sw.card.weapons": {
        "title": N_("Star Wars: weapons"),
        "text": N_("Every board shows an E-11 rifle, range 1, which can never be lost. A weapon "
                   "card lies on top of it and replaces it until the card leaves play; only one "
                   "weapon may be in play, a new one sends the old one to the discard pile. A "
                   "weapon sets how far a BANG! reaches, never the distance itself. "
                   "The rulebook does not give the range of the Ion Blaster, the Crossbow, the "
                   "DLT-19 and the A280: the player enters the number printed on "
                   "the card when putting it in play, and the app keeps it for that card."),
        "see": ["sw.card.lightsaber", "reach"],
    },
    "sw.card.lightsaber": {
        "title": N_("Lightsaber"),
        "text": N_("A weapon of range 1 that lifts the one-BANG!-a-turn limit: as many BANG! "
                   "cards as you like, at players at distance 1."),
        "see": ["sw.card.weapons", "sw.card.bang"],
    },
    "sw.card.bang": {
        "title": N_("BANG! (Star Wars)"),
        "text": N_("A hit on a player your weapon reaches, who may cancel it with a Missed! One "
                   "BANG! card a turn (other cards with the hit symbol are not limited). Its copy "
                   "may carry an Encounter with Destiny: draw a card, take a card from the player "
                   "shot at, make every other player discard a card, or, instead of its own "
                   "effect, a hit on every other player."),
        "see": ["sw.card.missed", "sw.destiny", "sw.card.weapons"],
    },
    "sw.card.missed": {
        "title": N_("Missed! (Star Wars)"),
        "text": N_("Played at any moment to cancel a hit aimed at you by a BANG! or an AT-AT "
                   "Attack; never to protect someone else. Its copy may carry an Encounter with "
                   "Destiny: draw a card, make the shooter lose 1 energy (not a BANG!), or swap "
                   "hands with the shooter. The swap concerns only the player who made you play "
                   "it; two swaps against one AT-AT Attack happen in the order they were played."),
        "see": ["sw.card.bang", "sw.destiny"],
    },
    "sw.card.bacta_tank": {
        "title": N_("Bacta Tank"),
        "text": N_("1 energy back, never above your starting energy. Played in your turn, or out "
                   "of turn only when a hit takes your last energy: then several may be played, "
                   "but not beyond 1 energy. With only two players left it gives no energy (it "
                   "may still be played, and a Destiny effect that is not healing still works). "
                   "Its copy may carry: draw a card, or another player of your choice wins back "
                   "1 energy (not with two players left). "
                   "The rulebook's example of two Bacta Tanks after a Trash "
                   "Compactor speaks of two players left, which its own rule forbids; the app "
                   "reads it as two energy left."),
        "see": ["sw.energy", "sw.destiny", "sw.card.respite"],
    },
    "sw.card.repair": {
        "title": N_("Repair"),
        "text": N_("Draw 2 cards. Its copy may carry a Destiny effect: draw one more."),
        "see": ["sw.destiny"],
    },
    "sw.card.respite": {
        "title": N_("Respite"),
        "text": N_("Every player wins back 1 energy (never above their starting energy). It is "
                   "not an answer: a player losing the last energy cannot play it, in or out of "
                   "turn."),
        "see": ["sw.card.bacta_tank"],
    },
    "sw.card.unexpected_encounter": {
        "title": N_("Unexpected Encounter"),
        "text": N_("Turn up as many cards as there are players in the game; from you, clockwise, "
                   "each player takes one into hand."),
        "see": ["sw.card.repair"],
    },
    "sw.card.deception": {
        "title": N_("Deception"),
        "text": N_("Take a card from a player at distance 1: at random from the hand, or one of "
                   "their cards in play. Droid, Speeder Bike and Fearless change that distance; a "
                   "weapon does not."),
        "see": ["sw.card.ambush", "sw.card.droid", "sw.card.speeder_bike"],
    },
    "sw.card.ambush": {
        "title": N_("Ambush"),
        "text": N_("Any player, at any distance, discards a card: you choose a random card from "
                   "the hand or one of their cards in play."),
        "see": ["sw.card.deception"],
    },
    "sw.card.at_at_attack": {
        "title": N_("AT-AT Attack"),
        "text": N_("Every other player, at any distance, takes a hit unless they cancel it with a "
                   "Missed! (or Cover). It shows the hit symbol but is not a BANG! card: it does "
                   "not count toward the one BANG! a turn."),
        "see": ["sw.card.missed", "sw.card.bang"],
    },
    "sw.card.jawas": {
        "title": N_("Jawas"),
        "text": N_("Every other player discards a BANG! from hand or loses 1 energy; Missed! and "
                   "Cover are no help. A BANG! discarded this way is not played and brings no "
                   "Encounter with Destiny. A Rebel eliminated by the Jawas rewards nobody."),
        "see": ["sw.rewards", "sw.destiny"],
    },
    "sw.card.duel": {
        "title": N_("Duel (Star Wars)"),
        "text": N_("Challenge any player at any distance. The challenged one discards a BANG!, "
                   "then you, then them, and so on; the first who cannot or will not loses 1 "
                   "energy. Missed! and Cover do not help. The BANG!s discarded are not played: "
                   "no BANG! limit, no Encounter with Destiny."),
        "see": ["sw.destiny"],
    },
    "sw.turn": {
        "title": N_("Star Wars: a turn"),
        "text": N_("A turn has a start (the Trash Compactor, A New Hope and Carbonite are "
                   "checked), a draw phase (take two cards), a play phase (play any number of "
                   "cards, within the limits) and an end (discard down to the hand limit). Then "
                   "the next living player clockwise takes his turn."),
        "see": ["sw.check", "sw.card.trash_compactor", "sw.card.a_new_hope", "sw.card.carbonite"],
    },
    "sw.distance": {
        "title": N_("Star Wars: distance"),
        "text": N_("Distance is how many steps it takes to walk from one player's seat to "
                   "another's, the shorter way round the table, stepping only on living "
                   "players; next-door neighbours are at distance 1. A Speeder Bike in play "
                   "makes every other player see its owner one farther away; a Droid in play "
                   "and the Fearless ability make their owner see every other player one "
                   "closer. After all changes it is never less than 1. A weapon sets only how "
                   "far a BANG! reaches: Deception always reaches distance 1."),
        "see": ["sw.card.speeder_bike", "sw.card.droid", "sw.ability.fearless",
                "sw.card.weapons"],
    },
    "sw.card.speeder_bike": {
        "title": N_("Speeder Bike"),
        "text": N_("In play, every other player sees you one farther away; you see them as "
                   "before."),
        "see": ["sw.card.droid", "sw.distance"],
    },
    "sw.card.droid": {
        "title": N_("Droid"),
        "text": N_("In play, you see every other player one closer, never nearer than 1; they "
                   "see you as before."),
        "see": ["sw.card.speeder_bike", "sw.ability.fearless"],
    },
    "sw.card.cover": {
        "title": N_("Cover"),
        "text": N_("In play, when you take a hit you may make a check: the Cover symbol on the "
                   "revealed card cancels the hit, like a Missed! If it fails you may still play "
                   "a Missed!"),
        "see": ["sw.check", "sw.ability.lucky"],
    },
    "sw.card.carbonite": {
        "title": N_("Carbonite"),
        "text": N_("Put in front of any other player at any distance, never Darth Vader. At the "
                   "start of their turn, before drawing, they make a check: the Carbonite symbol "
                   "frees them and the turn goes on; anything else and they skip the whole turn. "
                   "The Carbonite is discarded either way. A frozen player may still answer with "
                   "Missed! and Bacta Tank."),
        "see": ["sw.check"],
    },
    "sw.card.trash_compactor": {
        "title": N_("Trash Compactor"),
        "text": N_("Put in front of yourself. At the start of your next turn, before drawing, "
                   "make a check: the Trash Compactor symbol costs 3 energy and the card is "
                   "discarded; otherwise it passes to the player on your left, who checks at the "
                   "start of their turn, and so on around the table. It can be taken by "
                   "Deception or discarded by Ambush. A Rebel eliminated by it rewards nobody."),
        "see": ["sw.check", "sw.rewards"],
    },
    "sw.card.a_new_hope": {
        "title": N_("A New Hope"),
        "text": N_("Put in front of yourself. At the start of your next turn, before drawing, "
                   "make a check: its symbol gives 2 energy and the card is discarded; otherwise "
                   "it passes to the player on your left, and so on around the table. "
                   "The rulebook does not say. The app's reading: the 2 energy never take a player above the starting energy, "
                   "like every other way of winning energy back in this edition."),
        "see": ["sw.check", "sw.energy"],
    },
    "sw.check": {
        "title": N_("Star Wars: checks"),
        "text": N_("A check turns over the top card of the deck and looks for the symbol the "
                   "card names in its lower left corner: shown, the check passes; not shown, it "
                   "fails. The app asks only that: pass or fail. At the start of a turn, Trash "
                   "Compactor and A New Hope are checked in the order the player chooses, "
                   "Carbonite always last."),
        "see": ["sw.card.cover", "sw.card.carbonite", "sw.card.trash_compactor",
                "sw.card.a_new_hope"],
    },
    "sw.destiny": {
        "title": N_("Encounter with Destiny"),
        "text": N_("Some copies of BANG!, Missed!, Bacta Tank and Repair show an extra effect in "
                   "a grey frame. It applies only while its player has 2 energy or less at the "
                   "moment it applies, and then it must be applied. The app cannot see the copy: "
                   "the player says whether it shows one, and which. A card discarded instead of "
                   "played (Jawas, Duel), a card used as another (Inventive) and a Tempered "
                   "repeat have none."),
        "see": ["sw.destiny.order", "sw.card.bang", "sw.card.missed", "sw.card.bacta_tank",
                "sw.card.repair"],
    },
    "sw.destiny.order": {
        "title": N_("Encounter with Destiny: which effect first"),
        "text": N_("The player chooses whether the card's own effect or its Destiny effect comes "
                   "first; other cards and abilities wait until both are done. Where the order "
                   "changes what happens, the app asks and takes no default: a Bacta Tank "
                   "played at 2 energy that heals first leaves its player at 3, and its Destiny "
                   "effect then no longer applies; with a BANG! whose Destiny effect takes or "
                   "discards cards, the target answers the BANG! before that effect if the BANG! "
                   "goes first, after it otherwise. Elsewhere both orders come to the same and "
                   "the app does not ask."),
        "see": ["sw.destiny"],
    },
    "sw.abilities": {
        "title": N_("Star Wars: ability cards"),
        "text": N_("Each player has one ability card, face up; the energy printed on it is the "
                   "starting energy. The app knows seven: Fearless, Lucky, Resilient, Tempered, "
                   "Thrifty, Inventive and Accurate."),
        "see": ["sw.ability.custom", "sw.setup"],
    },
    "sw.ability.custom": {
        "title": N_("An ability card the app does not know"),
        "text": N_("An ability card other than the seven is entered by its name and "
                   "its energy. The app applies no automatic effect for it: the table applies "
                   "the card's text itself."),
        "see": ["sw.abilities"],
    },
    "sw.ability.fearless": {
        "title": N_("Fearless"),
        "text": N_("Sees every other player one closer; with a Droid, one closer again, never "
                   "nearer than 1."),
        "see": ["sw.card.droid"],
    },
    "sw.ability.lucky": {
        "title": N_("Lucky"),
        "text": N_("On each hit, may make a check: the Cover symbol cancels it. With a Cover in "
                   "play, a second check. If neither passes, a Missed! may still be played."),
        "see": ["sw.card.cover", "sw.check"],
    },
    "sw.ability.resilient": {
        "title": N_("Resilient"),
        "text": N_("At any moment, even out of turn or with no energy left, discards 2 cards to "
                   "win back 1 energy, as many times as the cards allow, never above the starting "
                   "energy."),
        "see": ["sw.energy"],
    },
    "sw.ability.tempered": {
        "title": N_("Tempered"),
        "text": N_("Once a turn, discards a BANG! from hand to repeat the effect of the "
                   "red-bordered card just played, a BANG! included (the repeat is not a BANG! "
                   "played). A repeat is never repeated and brings no Encounter with Destiny. "
                   "The rulebook does not say. The app's reading: the repeated effect chooses its target again, as the card "
                   "would."),
        "see": ["sw.destiny"],
    },
    "sw.ability.thrifty": {
        "title": N_("Thrifty"),
        "text": N_("The moment the hand is empty, draws a card."),
        "see": [],
    },
    "sw.ability.inventive": {
        "title": N_("Inventive"),
        "text": N_("Plays BANG! as Missed! and Missed! as BANG!, without their Destiny effects. "
                   "A Missed! played as a BANG! is the turn's BANG! (unless a Lightsaber lifts "
                   "the limit)."),
        "see": ["sw.destiny", "sw.card.lightsaber"],
    },
    "sw.ability.accurate": {
        "title": N_("Accurate"),
        "text": N_("Each hit of theirs, Destiny hits included, needs two Missed! to cancel; a "
                   "passed Cover check or Lucky counts as one of them. The rulebook speaks of "
                   "every hit, so an AT-AT Attack of theirs needs two as well, not only a "
                   "BANG!"),
        "see": ["sw.card.missed", "sw.card.cover"],
    },
    "sw.new_game": {
        "title": N_("Star Wars: a new game at the same table"),
        "text": N_("Those who survived may keep their ability card; the eliminated get new ones; "
                   "everyone starts with fresh cards. A table option passes Darth Vader's card "
                   "clockwise each game and deals the other roles at random."),
        "see": ["sw.setup"],
    },
}
