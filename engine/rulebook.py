"""The rules reference the referee cites: short texts in the project's own words.

Every refusal and every ruling names a rule id; `rule(id)` gives its title, its text
and the ids worth reading next. The texts are written to be read aloud at a table to
settle a dispute: one point each, plain words, no rulebook quotations. Card,
character and role names are the game's own; everything else is ours.

`docs/rules.md` is generated from this table and each ruleset's own (the registry's
joined `BOOK.to_markdown()`, `python -m engine.rulesets`) and must stay equal to its
output.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .say import N_

# (group title, id prefix) in the order docs/rules.md lists them.
GROUPS: list[tuple[str, str]] = [
    (N_("Setting up"), "setup"),
    (N_("Goals and the end of the game"), "goals"),
    (N_("The turn"), "turn"),
    (N_("Distance and reach"), "distance"),
    (N_("Draw!"), "draw"),
    (N_("Answers out of turn"), "answer"),
    (N_("Dying, elimination, rewards"), "dying"),
    (N_("Cards"), "card"),
    (N_("Characters"), "char"),
    (N_("Rulings: common questions, and the app's reading where the rulebook is "
        "silent"), "faq"),
    (N_("The companion"), "host"),
]   # a ruleset's own group comes after these (`add`)

RULES: dict[str, dict] = {
    # ---------------------------------------------------------------- setting up
    "setup.roles": {
        "title": N_("Roles"),
        "text": N_("Each player gets one secret role card. With 4 players: Sheriff, Renegade and "
                   "2 Outlaws; 5 players add a Deputy; 6 players: Sheriff, Renegade, 3 Outlaws, "
                   "1 Deputy; 7 players: Sheriff, Renegade, 3 Outlaws, 2 Deputies. Only the "
                   "Sheriff shows his role; the others show theirs when they are eliminated."),
        "see": ["goals", "setup.life", "seats"],
    },
    "setup.life": {
        "title": N_("Starting life"),
        "text": N_("A player starts with as many life points as the bullets on his character "
                   "(4 for most, 3 for El Gringo and Paul Regret). The Sheriff has one more. "
                   "Starting life is also the most life a player can ever have."),
        "see": ["setup.hand", "characters", "card.beer"],
    },
    "setup.hand": {
        "title": N_("Starting hand"),
        "text": N_("Each player is dealt as many cards as his starting life, so the Sheriff's "
                   "extra life point gives him one extra card too. (A table option can deal the "
                   "Sheriff only his character's bullets instead; the companion says which "
                   "reading is in use.)"),
        "see": ["setup.life", "faq.sheriff_hand"],
    },
    "seats": {
        "title": N_("Seats and turn order"),
        "text": N_("Players sit in a circle; the companion lists them clockwise. Turns go "
                   "clockwise starting with the Sheriff. Eliminated players keep no seat for "
                   "turns or distances: they are skipped."),
        "see": ["turn.order", "distance"],
    },
    "cards": {
        "title": N_("The deck"),
        "text": N_("The base deck has 80 cards: 63 brown cards, which are played and then "
                   "discarded, and 17 blue cards, which stay in front of a player until something "
                   "removes them. Every card carries a suit and a rank, used only when a draw! "
                   "turns it over. Several copies share the same suit and rank, so a card is "
                   "known by its name, not by its corner."),
        "see": ["draw", "turn.one_copy"],
    },
    "characters": {
        "title": N_("Characters"),
        "text": N_("Each player has one character, face up, with a number of bullets and an "
                   "ability. An ability is always on unless its text says the player chooses to "
                   "use it. Cards never affect character or role cards."),
        "see": ["setup.life", "faq.roles_untouchable"],
    },
    # ---------------------------------------------------------------- goals
    "goals": {
        "title": N_("What each role wants"),
        "text": N_("Sheriff: eliminate every Outlaw and the Renegade. Deputy: help the Sheriff "
                   "and win with him, even if the Deputy himself was eliminated. Outlaws: kill "
                   "the Sheriff; they win together, alive or not. Renegade: be the last player "
                   "standing, which means the Sheriff must die last, after everyone else."),
        "see": ["end.game", "setup.roles"],
    },
    "end.game": {
        "title": N_("When the game ends"),
        "text": N_("The game ends at once when the Sheriff is eliminated or when no Outlaw and no "
                   "Renegade is left. If the Sheriff dies and the Renegade is the only player "
                   "still alive, the Renegade wins; if the Sheriff dies in any other situation, "
                   "the Outlaws win. If all Outlaws and the Renegade are out, the Sheriff and the "
                   "Deputies win. After the end no move is accepted."),
        "see": ["goals", "elimination"],
    },
    # ---------------------------------------------------------------- the turn
    "turn.order": {
        "title": N_("A turn"),
        "text": N_("A turn has a start (Dynamite and Jail are checked), a draw phase (take two "
                   "cards), a play phase (play any number of cards, within the limits) and an end "
                   "(discard down to the hand limit). Then the next living player clockwise takes "
                   "his turn."),
        "see": ["turn.start", "turn.draw", "turn.play", "turn.discard"],
    },
    "turn.start": {
        "title": N_("Start of the turn: Dynamite, then Jail"),
        "text": N_("Before drawing, a player with Dynamite in front of him makes its draw!, and "
                   "after that a player in Jail makes the Jail's draw! Dynamite always comes "
                   "first. If neither card is there, the start has nothing to do and the player "
                   "goes straight to the draw phase."),
        "see": ["card.dynamite", "card.jail", "draw"],
    },
    "turn.draw": {
        "title": N_("Draw phase"),
        "text": N_("The player takes the top two cards of the deck into his hand. Black Jack, "
                   "Jesse Jones, Kit Carlson and Pedro Ramirez draw in their own way. When the "
                   "deck runs out, the discard pile is shuffled into a new deck."),
        "see": ["char.black_jack", "char.jesse_jones", "char.kit_carlson",
                "char.pedro_ramirez", "faq.deck_reshuffle"],
    },
    "turn.play": {
        "title": N_("Play phase"),
        "text": N_("The player whose turn it is plays cards one at a time, as many as he wants, "
                   "or none at all. Each card played leaves his hand. Nobody else plays cards in "
                   "that turn, except to answer something aimed at them. While someone still has "
                   "to answer, no new card is played."),
        "see": ["turn.bang_limit", "turn.one_copy", "turn.one_weapon", "answer.pending",
                "answer.out_of_turn"],
    },
    "turn.bang_limit": {
        "title": N_("One BANG! per turn"),
        "text": N_("A player may play only one card named BANG! in his turn. Volcanic and Willy "
                   "the Kid lift this limit. Other cards that shoot (Gatling, a Duel) are not "
                   "BANG! cards and never count; BANG! cards discarded in a Duel or against "
                   "Indians! do not count either. A Missed! played as a BANG! by Calamity Janet "
                   "does count."),
        "see": ["card.bang", "card.volcanic", "char.willy_the_kid", "faq.gatling_not_bang",
                "faq.janet_limit", "faq.duel_bangs_not_counted"],
    },
    "turn.one_copy": {
        "title": N_("One copy of a card in play"),
        "text": N_("A player can never have two cards with the same name in front of him: no "
                   "second Barrel, no second Mustang, no second Jail."),
        "see": ["turn.one_weapon", "cards"],
    },
    "turn.one_weapon": {
        "title": N_("One weapon at a time"),
        "text": N_("A player has at most one weapon card in play. Putting down a new weapon "
                   "discards the one already there. Putting down a weapon of the same name as "
                   "the one in play is not allowed (it would be a second copy)."),
        "see": ["card.weapons", "turn.one_copy", "reach"],
    },
    "turn.discard": {
        "title": N_("End of the turn: the hand limit"),
        "text": N_("When the player ends his turn he may keep as many cards as his current life "
                   "points, and discards the rest. He discards exactly the excess, no more and no "
                   "fewer. Then the turn passes clockwise to the next living player."),
        "see": ["turn.order"],
    },
    # ---------------------------------------------------------------- distance
    "distance": {
        "title": N_("Distance"),
        "text": N_("Distance is how many steps it takes to walk from one player's seat to "
                   "another's, the shorter way round the table, stepping only on living "
                   "players. Next-door neighbours are at distance 1. Mustang, Scope, "
                   "Paul Regret and Rose Doolan change it; after all changes it is never less "
                   "than 1."),
        "see": ["distance.mustang", "distance.scope", "reach", "seats"],
    },
    "distance.mustang": {
        "title": N_("Mustang: seen farther"),
        "text": N_("Others count the distance to a player with a Mustang as one more. He still "
                   "sees everyone at the usual distance. Paul Regret counts as having one of his "
                   "own, and a real Mustang adds to it."),
        "see": ["card.mustang", "char.paul_regret", "distance"],
    },
    "distance.scope": {
        "title": N_("Scope: seeing closer"),
        "text": N_("A player with a Scope counts the distance to every other player as one less. "
                   "Others still see him as before. Rose Doolan counts as having one of her own, "
                   "and a real Scope takes off one more. The result is never below 1."),
        "see": ["card.scope", "char.rose_doolan", "distance"],
    },
    "reach": {
        "title": N_("Reach"),
        "text": N_("A BANG! can only go to a player whose distance is at most the range of the "
                   "shooter's weapon. Without a weapon card every player uses the Colt .45 "
                   "printed on the board, range 1, which can never be lost. Weapons set reach "
                   "only: they do not change distance, so they do not help Panic!"),
        "see": ["card.weapons", "distance", "card.panic"],
    },
    # ---------------------------------------------------------------- draw!
    "draw": {
        "title": N_("Draw!"),
        "text": N_("Some cards ask for a \"draw!\": flip the deck's top card face up, read its "
                   "suit and rank, and discard it; it never goes into anyone's hand. Ranks run "
                   "2, 3 ... 10, J, Q, K, A, with the Ace highest. The companion needs only the "
                   "card that was turned over, written as rank and suit (8♠, 10H, QD)."),
        "see": ["card.barrel", "card.jail", "card.dynamite", "char.lucky_duke"],
    },
    # ---------------------------------------------------------------- answers
    "answer.pending": {
        "title": N_("Open questions"),
        "text": N_("Some cards ask other players to answer: a BANG! asks its target, a Gatling "
                   "and Indians! ask everyone else at once, a Duel asks the two duellists in turn, "
                   "and a lethal hit asks the dying player. Until every one of them has answered, "
                   "only answers are accepted, plus abilities that work at any moment and host "
                   "corrections. Players asked together answer in any order."),
        "see": ["answer.out_of_turn", "dying", "card.gatling", "card.duel"],
    },
    "answer.out_of_turn": {
        "title": N_("What can be done out of turn"),
        "text": N_("Outside his own turn a player can only answer: a Missed! (or a Barrel or "
                   "Jourdonnais draw!) against a shot at himself, a BANG! in a Duel or against "
                   "Indians!, a Beer when a hit would kill him, and abilities that say they work "
                   "at any moment (Sid Ketchum). Every other card waits for his turn."),
        "see": ["answer.pending", "card.missed", "card.beer", "char.sid_ketchum"],
    },
    # ---------------------------------------------------------------- dying
    "dying": {
        "title": N_("A lethal hit"),
        "text": N_("A player whose life drops to 0 or below is dying. Before he is out he may "
                   "play Beer cards from his hand, each worth one life point; if the hit took him "
                   "below zero he needs one Beer for each point under 1. Sid Ketchum may also use "
                   "his ability. If he ends at 1 life or more he stays in; otherwise he is "
                   "eliminated."),
        "see": ["dying.two_left", "elimination", "card.beer", "char.sid_ketchum"],
    },
    "dying.two_left": {
        "title": N_("Beer with two players left"),
        "text": N_("When only two players are alive, a Beer can still be played but gives no life "
                   "point, in or out of turn. It cannot save a dying player then."),
        "see": ["card.beer", "dying"],
    },
    "elimination": {
        "title": N_("Elimination"),
        "text": N_("An eliminated player shows his role and discards every card in his hand and "
                   "in front of him (to Vulture Sam, if he is in the game). He takes no more "
                   "turns and no longer counts for distance. If it was his turn, the turn passes "
                   "to the next living player."),
        "see": ["rewards", "penalty", "char.vulture_sam", "end.game"],
    },
    "elimination.together": {
        "title": N_("Several players out by one card"),
        "text": N_("When one card puts several players out of the game, every question it "
                   "opened is answered first: whoever is out waits at the table and still "
                   "counts as a player until the last answer, but makes no more moves. Then they "
                   "all leave together: the end of the game is judged on who is left, and, if "
                   "the game goes on, each penalty is settled before any reward. The result "
                   "never depends on who answers first."),
        "see": ["elimination", "end.game", "rewards", "penalty"],
    },
    "rewards": {
        "title": N_("Reward for an Outlaw"),
        "text": N_("Whoever eliminates an Outlaw draws 3 cards from the deck, whatever his own "
                   "role, an Outlaw included. If nobody caused the elimination, nobody draws."),
        "see": ["responsibility", "penalty"],
    },
    "penalty": {
        "title": N_("Sheriff kills a Deputy"),
        "text": N_("If the Sheriff eliminates one of his Deputies, the Sheriff discards every card "
                   "in his hand and every card in front of him."),
        "see": ["responsibility", "rewards"],
    },
    "responsibility": {
        "title": N_("Who caused a loss"),
        "text": N_("The player who played the card that cost the life point is responsible for "
                   "it: the shooter of a BANG!, the player of a Gatling or of Indians!, and in a "
                   "Duel the player who won it. Dynamite is caused by nobody. A player who loses "
                   "his own Duel caused it himself, which counts as nobody: no reward, no "
                   "penalty. Rewards, the Sheriff's penalty and El Gringo follow this."),
        "see": ["rewards", "penalty", "char.el_gringo", "faq.dynamite_nobody",
                "faq.outlaw_own_duel", "faq.gatling_indians_responsible"],
    },
    # ---------------------------------------------------------------- cards
    "card.bang": {
        "title": N_("BANG!"),
        "text": N_("Shoot one other living player within your reach. He may cancel the shot with "
                   "a Missed! (or a Barrel's heart); otherwise he loses 1 life point. The BANG! is "
                   "discarded either way. One per turn."),
        "see": ["reach", "turn.bang_limit", "card.missed", "card.barrel"],
    },
    "card.missed": {
        "title": N_("Missed!"),
        "text": N_("Played out of turn to cancel a shot aimed at you: a BANG! or your share of a "
                   "Gatling. It cannot cancel a shot at someone else, and it is no answer to a "
                   "Duel or to Indians! It is not played on its own in your turn."),
        "see": ["card.bang", "card.gatling", "faq.own_shots_only",
                "faq.no_missed_vs_indians_duel"],
    },
    "card.beer": {
        "title": N_("Beer"),
        "text": N_("Gain 1 life point, never above your starting life. Play it in your turn (at "
                   "full life it is allowed and does nothing), or out of turn only when a hit "
                   "would eliminate you. It heals only the player who drinks it, and nobody when "
                   "only two players are left."),
        "see": ["dying", "dying.two_left", "faq.beer_lethal_only", "faq.beer_self_max"],
    },
    "card.panic": {
        "title": N_("Panic!"),
        "text": N_("Steal one card from someone sitting at distance 1: pick blindly from his hand, "
                   "or name a card lying in front of him (Jail and Dynamite included). It goes "
                   "into your hand. Your weapon does not help: only Mustang, Scope, Paul Regret "
                   "and Rose Doolan change that distance."),
        "see": ["distance", "reach", "faq.panic_takes_jail_dynamite", "card.cat_balou"],
    },
    "card.cat_balou": {
        "title": N_("Cat Balou"),
        "text": N_("Make any player, at any distance, discard one card: pick blindly from his "
                   "hand, or name a card lying in front of him. You may pick yourself, for "
                   "example to get rid of a card in front of you."),
        "see": ["card.panic", "faq.panic_takes_jail_dynamite"],
    },
    "card.stagecoach": {
        "title": N_("Stagecoach"),
        "text": N_("Draw 2 cards from the deck."),
        "see": ["card.wells_fargo"],
    },
    "card.wells_fargo": {
        "title": N_("Wells Fargo"),
        "text": N_("Draw 3 cards from the deck."),
        "see": ["card.stagecoach"],
    },
    "card.gatling": {
        "title": N_("Gatling"),
        "text": N_("Every other living player is shot once, at any distance. Each of them may "
                   "cancel his own shot with a Missed! or a Barrel's heart, or loses 1 life "
                   "point. It is not a BANG! card: it does not count toward the BANG! limit, and "
                   "Slab the Killer's Gatling needs only one Missed! per player."),
        "see": ["faq.barrel_vs_gatling", "faq.gatling_not_bang", "faq.slab_gatling",
                "answer.pending"],
    },
    "card.duel": {
        "title": N_("Duel"),
        "text": N_("Challenge any other player, at any distance. The challenged player discards a "
                   "BANG! or gives up; then the challenger does the same; and so on in turn. The "
                   "first one who does not discard a BANG! loses 1 life point and the Duel ends. "
                   "A Missed! or a Barrel is no answer in a Duel."),
        "see": ["faq.duel_bangs_not_counted", "faq.outlaw_own_duel", "faq.janet_duel",
                "faq.no_missed_vs_indians_duel"],
    },
    "card.indians": {
        "title": N_("Indians!"),
        "text": N_("Every other living player, at any distance, discards a BANG! or loses 1 life "
                   "point. Missed! and Barrel are no answer to it."),
        "see": ["faq.no_missed_vs_indians_duel", "faq.gatling_indians_responsible",
                "faq.janet_duel"],
    },
    "card.general_store": {
        "title": N_("General Store"),
        "text": N_("Turn up one card per living player. Starting with the player of the card and "
                   "going clockwise, each player picks one into his hand. In the companion: every "
                   "living player's hand grows by one."),
        "see": ["faq.general_store"],
    },
    "card.saloon": {
        "title": N_("Saloon"),
        "text": N_("Every living player gains 1 life point, up to his starting life. It is played "
                   "in your turn only: it cannot save a dying player."),
        "see": ["card.beer", "faq.saloon_not_out_of_turn"],
    },
    "card.barrel": {
        "title": N_("Barrel"),
        "text": N_("Blue card. When shot (by a BANG! or a Gatling) you may draw! once: a heart "
                   "cancels the shot, as a Missed! would. If it fails you may still play a "
                   "Missed! One try per shot. It does nothing against Indians! or in a Duel."),
        "see": ["draw", "faq.barrel_vs_gatling", "faq.missed_after_barrel",
                "faq.slab_barrel", "char.jourdonnais"],
    },
    "card.scope": {
        "title": N_("Scope"),
        "text": N_("Blue card. You see every other player one step closer (never closer than 1)."),
        "see": ["distance.scope", "char.rose_doolan"],
    },
    "card.mustang": {
        "title": N_("Mustang"),
        "text": N_("Blue card. Every other player sees you one step farther away."),
        "see": ["distance.mustang", "char.paul_regret"],
    },
    "card.jail": {
        "title": N_("Jail"),
        "text": N_("Put it in front of another player, at any distance, but never the Sheriff. At "
                   "the start of his turn (after any Dynamite) he draws!: a heart frees him, the "
                   "Jail is discarded and he plays his turn; anything else discards the Jail and "
                   "he misses this turn. While jailed he can still be shot and still answer."),
        "see": ["turn.start", "faq.jail_on_sheriff", "faq.jailed_still_target",
                "faq.dynamite_before_jail"],
    },
    "card.dynamite": {
        "title": N_("Dynamite"),
        "text": N_("Put it in front of yourself. At the start of its holder's turn he draws!: a "
                   "spade from 2 to 9 makes it explode, he loses 3 life points and it is "
                   "discarded; any other card passes it to the next living player clockwise. The "
                   "damage is caused by nobody."),
        "see": ["turn.start", "faq.dynamite_nobody", "faq.dynamite_before_jail",
                "faq.dynamite_passes"],
    },
    "card.volcanic": {
        "title": N_("Volcanic"),
        "text": N_("Weapon, range 1. While it lies in front of you, the one-BANG!-per-turn limit "
                   "is lifted for you."),
        "see": ["card.weapons", "turn.bang_limit"],
    },
    "card.weapons": {
        "title": N_("Weapons"),
        "text": N_("Colt .45 (on the board, no card): range 1. Volcanic 1, Schofield 2, Remington "
                   "3, Rev. Carabine 4, Winchester 5. A weapon card replaces the one in play; "
                   "losing it leaves you with the Colt .45 again."),
        "see": ["reach", "turn.one_weapon", "card.volcanic"],
    },
    # ---------------------------------------------------------------- characters
    "char.bart_cassidy": {
        "title": N_("Bart Cassidy"),
        "text": N_("4 life. For every life point he loses he draws one card from the deck, "
                   "whatever caused the loss (Dynamite too). The cards come after the hit is "
                   "settled and only if he is still alive: a dying Bart cannot use them to save "
                   "himself."),
        "see": ["faq.bart_gringo_last_life", "faq.bart_dynamite"],
    },
    "char.black_jack": {
        "title": N_("Black Jack"),
        "text": N_("4 life. In his draw phase he must show the second card he draws. If it is a "
                   "heart or a diamond he draws one more card, which he need not show."),
        "see": ["turn.draw"],
    },
    "char.calamity_janet": {
        "title": N_("Calamity Janet"),
        "text": N_("4 life. She may use a BANG! as a Missed! and a Missed! as a BANG!, wherever "
                   "those cards are used: a Missed! shot as a BANG! is her BANG! for the turn, "
                   "and she may discard a Missed! as a BANG! in a Duel or against Indians!"),
        "see": ["faq.janet_limit", "faq.janet_duel"],
    },
    "char.el_gringo": {
        "title": N_("El Gringo"),
        "text": N_("3 life. For each life point he loses to a card played by another player, he "
                   "takes a random card from that player's hand, if it has any. Dynamite and his "
                   "own lost Duel come from nobody and give nothing. Like Bart, he takes the "
                   "cards only once the hit is settled and he is still alive."),
        "see": ["responsibility", "faq.gringo_dynamite", "faq.bart_gringo_last_life"],
    },
    "char.jesse_jones": {
        "title": N_("Jesse Jones"),
        "text": N_("4 life. In his draw phase he may take his first card at random from the hand "
                   "of another player who has cards; the second comes from the deck."),
        "see": ["turn.draw"],
    },
    "char.jourdonnais": {
        "title": N_("Jourdonnais"),
        "text": N_("4 life. He always counts as having a Barrel: against a shot he may draw! and a "
                   "heart cancels it. With a real Barrel too he gets two separate tries before he "
                   "needs a Missed!"),
        "see": ["card.barrel", "faq.jourdonnais_barrel"],
    },
    "char.kit_carlson": {
        "title": N_("Kit Carlson"),
        "text": N_("4 life. In his draw phase he looks at the top three cards, keeps two and puts "
                   "the third back on top of the deck face down."),
        "see": ["turn.draw"],
    },
    "char.lucky_duke": {
        "title": N_("Lucky Duke"),
        "text": N_("4 life. Every time he must draw! (Barrel, Jail, Dynamite) he turns over two "
                   "cards and picks the one that counts; both are discarded."),
        "see": ["draw", "faq.lucky_duke_every_draw"],
    },
    "char.paul_regret": {
        "title": N_("Paul Regret"),
        "text": N_("3 life. Other players see him one step farther, as if he had a Mustang; a real "
                   "Mustang adds a second step."),
        "see": ["distance.mustang"],
    },
    "char.pedro_ramirez": {
        "title": N_("Pedro Ramirez"),
        "text": N_("4 life. In his draw phase he may take his first card from the top of the "
                   "discard pile; the second comes from the deck."),
        "see": ["turn.draw"],
    },
    "char.rose_doolan": {
        "title": N_("Rose Doolan"),
        "text": N_("4 life. She sees every other player one step closer, as if she had a Scope; a "
                   "real Scope takes off a second step. Never closer than 1."),
        "see": ["distance.scope"],
    },
    "char.sid_ketchum": {
        "title": N_("Sid Ketchum"),
        "text": N_("4 life. At any moment, in or out of his turn and even while dying, he may "
                   "discard two cards from his hand to gain 1 life point, as often as he has the "
                   "cards, but never above his starting life."),
        "see": ["dying", "faq.sid_out_of_turn"],
    },
    "char.slab_the_killer": {
        "title": N_("Slab the Killer"),
        "text": N_("4 life. Each of his BANG! cards needs two Missed! effects to be cancelled. A "
                   "Barrel's heart is one of the two. Only cards named BANG! are affected: his "
                   "Gatling is cancelled by one Missed!"),
        "see": ["faq.slab_barrel", "faq.slab_gatling"],
    },
    "char.suzy_lafayette": {
        "title": N_("Suzy Lafayette"),
        "text": N_("4 life. The moment her hand becomes empty she draws one card, also out of her "
                   "turn and in the middle of a Duel."),
        "see": ["faq.suzy_duel"],
    },
    "char.vulture_sam": {
        "title": N_("Vulture Sam"),
        "text": N_("4 life. When another player is eliminated, Sam takes all of that player's "
                   "cards, from the hand and from in front of him, into his own hand."),
        "see": ["elimination", "faq.vulture_sam"],
    },
    "char.willy_the_kid": {
        "title": N_("Willy the Kid"),
        "text": N_("4 life. He may play any number of BANG! cards in his turn."),
        "see": ["turn.bang_limit"],
    },
    # ---------------------------------------------------------------- rulings
    "faq.barrel_vs_gatling": {
        "title": N_("Barrel against Gatling"),
        "text": N_("A Gatling shoots each player, so a Barrel (or Jourdonnais) may be tried "
                   "against it exactly as against a BANG!"),
        "see": ["card.barrel", "card.gatling"],
    },
    "faq.no_missed_vs_indians_duel": {
        "title": N_("No Missed! or Barrel against Indians! or in a Duel"),
        "text": N_("Indians! and a Duel are not shots. The only answer is to discard a BANG! (or "
                   "Calamity Janet's Missed! used as one) or to lose the life point."),
        "see": ["card.indians", "card.duel"],
    },
    "faq.missed_after_barrel": {
        "title": N_("Missed! after a failed Barrel"),
        "text": N_("If the Barrel's draw! is not a heart, the shot is still open and the target "
                   "may play a Missed! or take the hit."),
        "see": ["card.barrel"],
    },
    "faq.jourdonnais_barrel": {
        "title": N_("Jourdonnais with a real Barrel"),
        "text": N_("He has two separate draw!s against one shot: his own and the Barrel's, each "
                   "once. Against Slab the Killer two hearts are enough to cancel the shot."),
        "see": ["char.jourdonnais", "faq.slab_barrel"],
    },
    "faq.slab_barrel": {
        "title": N_("Barrel against Slab the Killer"),
        "text": N_("The Barrel is tried once per shot. A heart counts as one of the two Missed! "
                   "effects needed, so one Missed! card is still required; after a failed draw! "
                   "two Missed! are needed."),
        "see": ["char.slab_the_killer", "card.barrel"],
    },
    "faq.slab_gatling": {
        "title": N_("Slab the Killer's Gatling"),
        "text": N_("Slab's ability touches only cards named BANG! Against his Gatling one Missed! "
                   "or one Barrel heart is enough."),
        "see": ["char.slab_the_killer", "card.gatling"],
    },
    "faq.gatling_not_bang": {
        "title": N_("Gatling is not a BANG! card"),
        "text": N_("A player may play a Gatling and a BANG! in the same turn, and more than one "
                   "Gatling if he has them."),
        "see": ["card.gatling", "turn.bang_limit"],
    },
    "faq.own_shots_only": {
        "title": N_("Missed! only for your own shot"),
        "text": N_("A player cancels only shots aimed at himself; he cannot play a Missed! to save "
                   "someone else."),
        "see": ["card.missed"],
    },
    "faq.beer_two_left": {
        "title": N_("Beer with two players left"),
        "text": N_("With only two players alive a Beer may be played, but it gives no life point."),
        "see": ["dying.two_left"],
    },
    "faq.beer_lethal_only": {
        "title": N_("Beer out of turn only against a lethal hit"),
        "text": N_("Out of his turn a player may drink a Beer only when a hit has taken his last "
                   "life point, not after an ordinary hit."),
        "see": ["card.beer", "dying"],
    },
    "faq.beer_self_max": {
        "title": N_("Beer heals only you, up to your starting life"),
        "text": N_("A Beer never helps another player and never raises life above the starting "
                   "value. At full life it may be played and simply has no effect."),
        "see": ["card.beer"],
    },
    "faq.saloon_not_out_of_turn": {
        "title": N_("Saloon cannot save a dying player"),
        "text": N_("Only Beer (and Sid Ketchum's ability) may be used against a lethal hit. A "
                   "Saloon is played in your own turn only."),
        "see": ["card.saloon", "dying"],
    },
    "faq.sid_out_of_turn": {
        "title": N_("Sid Ketchum out of turn"),
        "text": N_("Sid may use his discard-two ability out of his turn, including to stay alive "
                   "after a lethal hit, exactly like a Beer."),
        "see": ["char.sid_ketchum", "dying"],
    },
    "faq.bart_gringo_last_life": {
        "title": N_("Bart Cassidy and El Gringo on their last life point"),
        "text": N_("The rulebook does not say. The app's reading: their card comes only after the "
                   "hit is settled and only if they are still alive, so it cannot be the Beer that saves them. If they are "
                   "saved, they get it then."),
        "see": ["char.bart_cassidy", "char.el_gringo", "dying"],
    },
    "faq.outlaw_reward_anyone": {
        "title": N_("Anyone who kills an Outlaw draws 3"),
        "text": N_("The reward goes to whoever eliminated the Outlaw: the Sheriff, a Deputy, the "
                   "Renegade or another Outlaw."),
        "see": ["rewards"],
    },
    "faq.dynamite_nobody": {
        "title": N_("Dynamite is caused by nobody"),
        "text": N_("Life lost to Dynamite is nobody's doing: no reward, no Sheriff penalty, and "
                   "nothing for El Gringo."),
        "see": ["card.dynamite", "responsibility"],
    },
    "faq.gatling_indians_responsible": {
        "title": N_("Gatling and Indians! kill in their player's name"),
        "text": N_("The player of a Gatling or of Indians! is responsible for any elimination it "
                   "causes: he gets the reward for an Outlaw, or the penalty if he is the Sheriff "
                   "and a Deputy dies."),
        "see": ["responsibility", "rewards", "penalty"],
    },
    "faq.outlaw_own_duel": {
        "title": N_("Losing your own Duel"),
        "text": N_("A player who starts a Duel and loses it was hit by his own card: nobody gets "
                   "a reward if he was an Outlaw, and El Gringo takes nothing."),
        "see": ["responsibility", "card.duel"],
    },
    "faq.discard_order": {
        "title": N_("Order of an eliminated player's discards"),
        "text": N_("The eliminated player chooses in which order his cards go to the discard pile. "
                   "The companion does not track that order."),
        "see": ["elimination"],
    },
    "faq.roles_untouchable": {
        "title": N_("Roles and characters cannot be taken"),
        "text": N_("No card takes, discards or changes a role or character card."),
        "see": ["characters"],
    },
    "faq.vulture_sam": {
        "title": N_("Vulture Sam and the Sheriff's penalty"),
        "text": N_("Vulture Sam takes the cards of any eliminated player. No ruling says who gets "
                   "a Deputy's cards when the Sheriff kills him with Sam in play; the companion "
                   "gives the Deputy's cards to Sam, and the Sheriff's own discard goes to the "
                   "discard pile."),
        "see": ["char.vulture_sam", "penalty"],
    },
    "faq.janet_limit": {
        "title": N_("Calamity Janet's Missed! as BANG! counts"),
        "text": N_("A Missed! she plays as a BANG! is her one BANG! for the turn."),
        "see": ["char.calamity_janet", "turn.bang_limit"],
    },
    "faq.janet_duel": {
        "title": N_("Calamity Janet in a Duel and against Indians!"),
        "text": N_("She may discard a Missed! as if it were a BANG! in a Duel or against Indians!"),
        "see": ["char.calamity_janet", "card.duel", "card.indians"],
    },
    "faq.duel_bangs_not_counted": {
        "title": N_("BANG! cards in a Duel are not played"),
        "text": N_("BANG! cards discarded in a Duel (or against Indians!) do not use up the one "
                   "BANG! of the turn."),
        "see": ["turn.bang_limit", "card.duel"],
    },
    "faq.suzy_duel": {
        "title": N_("Suzy Lafayette during a Duel"),
        "text": N_("The rulebook does not say. The app's reading: she draws the moment her hand is empty, even in the middle "
                   "of a Duel, so the new card may keep her in it."),
        "see": ["char.suzy_lafayette", "card.duel"],
    },
    "faq.jail_on_sheriff": {
        "title": N_("No Jail for the Sheriff"),
        "text": N_("Jail can go in front of any other player except the Sheriff."),
        "see": ["card.jail"],
    },
    "faq.jailed_still_target": {
        "title": N_("A jailed player still plays the game"),
        "text": N_("A player in Jail can be shot and can answer with Missed! or Beer as usual."),
        "see": ["card.jail"],
    },
    "faq.dynamite_before_jail": {
        "title": N_("Dynamite before Jail"),
        "text": N_("With both in front of him, a player checks the Dynamite first, then the Jail."),
        "see": ["turn.start"],
    },
    "faq.dynamite_passes": {
        "title": N_("Where Dynamite goes"),
        "text": N_("A Dynamite that does not explode goes to the next living player clockwise "
                   "who has no Dynamite already."),
        "see": ["card.dynamite"],
    },
    "faq.panic_takes_jail_dynamite": {
        "title": N_("Panic! and Cat Balou on Jail and Dynamite"),
        "text": N_("A Jail or Dynamite in front of a player is a card in play like any other: "
                   "Panic! may take it, Cat Balou may discard it."),
        "see": ["card.panic", "card.cat_balou"],
    },
    "faq.lucky_duke_every_draw": {
        "title": N_("Lucky Duke on every draw!"),
        "text": N_("His two-card choice works for each draw!: Barrel, Jail and Dynamite alike."),
        "see": ["char.lucky_duke"],
    },
    "faq.bart_dynamite": {
        "title": N_("Bart Cassidy and Dynamite"),
        "text": N_("An exploding Dynamite costs him 3 life points, so he draws 3 cards if he "
                   "survives."),
        "see": ["char.bart_cassidy"],
    },
    "faq.gringo_dynamite": {
        "title": N_("El Gringo and Dynamite"),
        "text": N_("Nobody played the Dynamite at him, so he takes nothing."),
        "see": ["char.el_gringo", "faq.dynamite_nobody"],
    },
    "faq.general_store": {
        "title": N_("General Store order"),
        "text": N_("As many cards are turned up as there are living players; the player of the "
                   "card picks first, then the others clockwise."),
        "see": ["card.general_store"],
    },
    "faq.distance_dead": {
        "title": N_("Eliminated players and distance"),
        "text": N_("Distance counts living players only, so players sitting beyond an eliminated "
                   "one move closer."),
        "see": ["distance"],
    },
    "faq.deck_reshuffle": {
        "title": N_("An empty deck"),
        "text": N_("When nothing is left to draw, the discards are shuffled into a fresh deck. The "
                   "companion does not track the deck: the table does it, and reports only the "
                   "cards that matter."),
        "see": ["turn.draw", "draw"],
    },
    "faq.draw_discarded": {
        "title": N_("A draw! card is discarded"),
        "text": N_("The card turned over for a draw! is looked at and discarded; it never enters a "
                   "hand (Lucky Duke's two cards too)."),
        "see": ["draw"],
    },
    "faq.table_talk": {
        "title": N_("Table talk"),
        "text": N_("Players may talk, but may not ask each other directly about the cards they "
                   "hold."),
        "see": [],
    },
    "faq.sheriff_hand": {
        "title": N_("The Sheriff's starting hand"),
        "text": N_("The rulebook does not say. The app's reading: the Sheriff starts with as many cards as his starting life, "
                   "his extra life point included. A table option deals him only his character's "
                   "bullets."),
        "see": ["setup.hand"],
    },
    # ---------------------------------------------------------------- the companion
    "host.corrections": {
        "title": N_("Host corrections"),
        "text": N_("The host may correct a player's life (1 up to his maximum), hand count (0 up to "
                   "the number of cards in the deck) or cards in play (card names, no two alike, at most one weapon) when "
                   "the table agrees the companion is wrong. A correction is always shown in the "
                   "log and can be undone. Players cannot correct themselves in referee mode."),
        "see": ["tracker"],
    },
    "host.open_question": {
        "title": N_("A correction while a question is open"),
        "text": N_("A correction never leaves a question hanging. A dying player whose life the "
                   "host raises above 0 has nothing left to answer, and nothing owed for the hit "
                   "comes with it: the host sets every count himself. A dying player whose hand or "
                   "cards change is asked again, and only his own answer puts him out, so the "
                   "reward or penalty still goes to whoever hit him. A player who is asked and "
                   "whose last life the host takes is out and his question closes, a Duel with "
                   "him too. The host takes the last life of the player whose turn it is only once "
                   "the questions of that turn are answered."),
        "see": ["host.corrections", "dying"],
    },
    "tracker": {
        "title": N_("Tracker mode"),
        "text": N_("In tracker mode the table plays with its own cards and enforces the rules "
                   "itself. Each phone keeps only its own player's life and cards in play, and "
                   "the current player ends his turn from it. A player whose life reaches 0 sets it "
                   "and is out. Card plays, draws and hand counts are not tracked. The host can "
                   "still correct anything."),
        "see": ["host.corrections"],
    },

    # ---------------------------------------------------------------- the record
    "record": {
        "title": N_("How moves are written"),
        "text": N_("Every move names who makes it and exactly one action: a draw, a card played, "
                   "an answer, a draw! reported, an ability used, the end of a turn, a correction, "
                   "or a move only this game has. A move written any other way is refused without "
                   "changing anything; the game record's format describes each move."),
        "see": ["host.corrections"],
    },
}

# id prefixes read as another group's ("tracker" is in "host"; a ruleset adds its own)
ALIASES = {"seats": "setup", "cards": "setup", "characters": "setup", "end": "goals",
           "reach": "distance", "elimination": "dying", "rewards": "dying",
           "penalty": "dying", "responsibility": "dying", "tracker": "host",
           "record": "host"}


@dataclass(frozen=True)
class Book:
    """A rules reference: its sections (title, id prefix) in order, its entries by id and
    the id prefixes read as another section's. The core's is CORE; a ruleset's is
    `CORE.plus(...)` with its own section (in its package), and the registry joins them
    all for the rules page and docs/rules.md."""
    groups: tuple[tuple[str, str], ...]
    entries: dict
    aliases: dict

    def plus(self, group: tuple[str, str] | None, entries: dict[str, dict],
             aliases: dict[str, str] | None = None) -> "Book":
        """This book with a ruleset's own entries; `group`: (title, id prefix) of its
        section, listed after these. An id already here is refused (ValueError)."""
        clash = set(entries) & set(self.entries)
        if clash:
            raise ValueError(f"rule ids already in the rulebook: {sorted(clash)}")
        groups = self.groups + ((group,) if group and group not in self.groups else ())
        return Book(groups, {**self.entries, **entries}, {**self.aliases, **(aliases or {})})

    def join(self, other: "Book") -> "Book":
        """Both books in one (an entry both hold is the same entry)."""
        mine = {k: v for k, v in other.entries.items() if k not in self.entries}
        out = self
        for group in other.groups:
            out = out.plus(group, {}, {})
        return Book(out.groups, {**self.entries, **mine}, {**self.aliases, **other.aliases})

    def rule(self, rule_id: str) -> dict:
        """The rule with this id, as {"id", "title", "text", "see"}. Raises KeyError."""
        r = self.entries[rule_id]
        return {"id": rule_id, "title": r["title"], "text": r["text"], "see": list(r["see"])}

    def title(self, rule_id: str) -> str:
        """The title a player reads for a rule id ("turn.bang_limit" -> its title); ""
        if none."""
        r = self.entries.get(rule_id)
        return r["title"] if r else ""

    def text(self, rule_id: str) -> str:
        """A rule's text ("" if none)."""
        r = self.entries.get(rule_id)
        return r["text"] if r else ""

    def search(self, query: str) -> list[str]:
        """Rule ids whose title or text contains `query` (case-insensitive), best first.

        A title (or id) equal to the query ranks first, then a whole-query match in the
        title, then by how often the query occurs in the text. When the whole query is
        found nowhere, every word of it must occur in the title, text or id (ranked the
        same way by word hits). Ties keep the table's order.
        """
        q = " ".join(query.casefold().split())
        if not q:
            return []
        order = {rid: n for n, rid in enumerate(self.entries)}

        def hits(words: list[str]) -> list[tuple]:
            found = []
            for rid, r in self.entries.items():
                title, text = r["title"].casefold(), r["text"].casefold()
                if all(w in title or w in text or w in rid for w in words):
                    exact = title == " ".join(words) or rid.split(".")[-1] == "_".join(words)
                    in_title = sum(w in title for w in words)
                    count = sum(text.count(w) for w in words)
                    found.append((not exact, -in_title, -count, order[rid], rid))
            return sorted(found)

        result = hits([q])
        if not result and " " in q:
            result = hits(q.split())
        return [row[-1] for row in result]

    def group_of(self, rule_id: str) -> str:
        """The id prefix of the section a rule is listed in."""
        head = rule_id.split(".")[0]
        return self.aliases.get(head, head)

    def to_markdown(self) -> str:
        """docs/rules.md (the registry's joined book): every rule, grouped, with links."""
        lines = ["# Rules reference", "",
                 "Generated from `engine/rulebook.py` by `to_markdown()`; edit the table there, "
                 "not this file.",
                 "Every refusal of the referee names one of these rules by its id. The texts are "
                 "the project's own summary of the BANG! base game; card, character and role "
                 "names are the game's.", ""]
        for title, prefix in self.groups:
            ids = [rid for rid in self.entries if self.group_of(rid) == prefix]
            if not ids:
                continue
            lines += [f"## {title}", ""]
            for rid in ids:
                r = self.entries[rid]
                lines += [f'<a id="{anchor(rid)}"></a>', f"### {r['title']} (`{rid}`)", "",
                          r["text"], ""]
                if r["see"]:
                    links = ", ".join(f"[{self.entries[s]['title']}](#{anchor(s)})"
                                      for s in r["see"])
                    lines += [f"See also: {links}.", ""]
        return "\n".join(lines).rstrip("\n") + "\n"


def anchor(rule_id: str) -> str:
    """A rule's anchor in a page's links."""
    return re.sub(r"[^a-z0-9_-]", "", rule_id.replace(".", "-"))


CORE = Book(tuple(GROUPS), RULES, ALIASES)
# the core's entries, for a caller that names only core rules
rule, title, search, _group, _anchor = CORE.rule, CORE.title, CORE.search, CORE.group_of, anchor
