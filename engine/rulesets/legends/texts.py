"""The rules reference entries of BANG! Legends, in the project's own words (added to
engine/rulebook.py's RULES by the registry; their ids start with "legends." and, for the
legend sides of the characters, "legend.")."""
from __future__ import annotations

from ...say import N_

LEGENDS_RULES: dict[str, dict] = {
    "legends.setup": {
        "title": N_("Legends: changes to the base game"),
        "text": N_("Everyone starts with 4 cards, the Sheriff too, whatever his life; the 6th and "
                   "7th players in turn order start with 5. A player at 1 life may keep 2 cards at "
                   "the end of his turn. Each player starts with 5 fame tokens."),
        "see": ["legends.feats", "legends.jail"],
    },
    "legends.jail": {
        "title": N_("Legends: leaving Jail with a heart"),
        "text": N_("Instead of the Jail's draw!, a jailed player may discard a heart from his hand: "
                   "the Jail is discarded and he plays his turn. Any Dynamite is checked first."),
        "see": ["card.jail", "turn.start"],
    },
    "legends.feats": {
        "title": N_("Legends: Feats"),
        "text": N_("A few Feat cards lie face up; each names a deed. A player who does a revealed "
                   "Feat's deed in his turn, after his draw phase, may put fame tokens on it; "
                   "only a Feat whose card says so (3:15 to Yooma) counts what came before the "
                   "draw, so a life lost to the Dynamite at the start of the turn does not meet "
                   "The Man with No Name. Feats marked with the Crossroad sign may be done on "
                   "purpose with your own cards as part of performing them (a discard that would "
                   "otherwise be pointless), and a deed that came about in normal play meets them "
                   "too: a BANG! discarded answering back in a Duel you started meets The "
                   "Chuck-a-Luck (a Duel you are challenged to is someone else's turn, and does "
                   "not). The others count only when the deed came about in normal play. A card "
                   "shown for a Feat is one card of the deck, known by name and copy: the Missed! "
                   "K♣ and the Remington K♣ are two cards of clubs, enough for A Thousand Ways to "
                   "Die."),
        "see": ["legends.perform", "legends.boast", "legends.claim"],
    },
    "legends.perform": {
        "title": N_("Legends: performing a Feat"),
        "text": N_("In his turn, after the draw, a player who met a revealed Feat's requirement "
                   "moves 2 fame tokens from his supply onto it (1 if he has only 1 left). One "
                   "Feat per turn, "
                   "and never a Feat that already carries his token. A player who places his last "
                   "token becomes a Legend at once: his character turns to the legend side and his "
                   "life rises to 3 if it was lower."),
        "see": ["legends.feats", "legends.boast", "legends.claim"],
    },
    "legends.boast": {
        "title": N_("Legends: boasting"),
        "text": N_("Once in a turn in which he performed no Feat, a player may boast instead: a new "
                   "Feat is turned up (if more than 4 are then showing, the one with the most "
                   "tokens goes), and he puts 1 token on a Feat that has none of his; the Feat "
                   "just turned up always qualifies, so fame on every other Feat does not stop a "
                   "boast. The boast belongs to the end of the turn: after it he plays no more "
                   "cards and shoots no free BANG!, and ending the turn (with its discard) is what "
                   "is left. An ability usable at any moment, such as Sid Ketchum's two cards for "
                   "a life, stays his."),
        "see": ["legends.perform"],
    },
    "legends.claim": {
        "title": N_("Legends: claiming a Feat"),
        "text": N_("A Legend no longer performs or boasts. When he meets a Feat's requirement he "
                   "claims it: the Feat is replaced by a new one, and he may make another Legend "
                   "who has more than 1 life lose 1 life point, which nothing can prevent."),
        "see": ["legends.perform", "legend.slab_the_killer", "legend.willy_the_kid"],
    },
    "legend.bart_cassidy": {
        "title": N_("Bart Cassidy (legend side)"),
        "text": N_("For each life point he loses he draws 2 cards instead of 1."),
        "see": ["char.bart_cassidy"],
    },
    "legend.black_jack": {
        "title": N_("Black Jack (legend side)"),
        "text": N_("Instead of the usual draw he may turn cards over one at a time until their "
                   "total passes 21, then take them all. Number cards count their value, J, Q and "
                   "K count 10, an Ace 11; at exactly 21 he may turn one more."),
        "see": ["char.black_jack"],
    },
    "legend.calamity_janet": {
        "title": N_("Calamity Janet (legend side)"),
        "text": N_("Any card of hers may be used as a BANG! or as a Missed! Cards used as BANG! "
                   "still count toward the one-BANG! limit."),
        "see": ["char.calamity_janet", "turn.bang_limit"],
    },
    "legend.el_gringo": {
        "title": N_("El Gringo (legend side)"),
        "text": N_("When another player's card hits him, he takes a card from that player's hand "
                   "and also the card that hit him."),
        "see": ["char.el_gringo"],
    },
    "legend.jesse_jones": {
        "title": N_("Jesse Jones (legend side)"),
        "text": N_("In his draw phase he looks at another player's hand and takes the card he "
                   "wants from it, then draws one from the deck."),
        "see": ["char.jesse_jones"],
    },
    "legend.jourdonnais": {
        "title": N_("Jourdonnais (legend side)"),
        "text": N_("When any brown card is aimed at him, he may draw!: a J, Q, K or A means the "
                   "card has no effect on him."),
        "see": ["char.jourdonnais"],
    },
    "legend.kit_carlson": {
        "title": N_("Kit Carlson (legend side)"),
        "text": N_("He draws 3 cards and may give one of them to another player."),
        "see": ["char.kit_carlson"],
    },
    "legend.lucky_duke": {
        "title": N_("Lucky Duke (legend side)"),
        "text": N_("Whenever anyone must draw!, he turns over the two cards and chooses the one "
                   "that counts; in his own turn he then takes that card into his hand."),
        "see": ["char.lucky_duke"],
    },
    "legend.paul_regret": {
        "title": N_("Paul Regret (legend side)"),
        "text": N_("Others see him one farther, and a player who shoots a BANG! at him must also "
                   "discard one more card from his hand."),
        "see": ["char.paul_regret"],
    },
    "legend.pedro_ramirez": {
        "title": N_("Pedro Ramirez (legend side)"),
        "text": N_("He draws 2 cards from the deck and also the top card of the discard pile."),
        "see": ["char.pedro_ramirez"],
    },
    "legend.rose_doolan": {
        "title": N_("Rose Doolan (legend side)"),
        "text": N_("She sees every player at distance 1. Once a turn she may discard one of her "
                   "blue cards, from hand or in play, and use it as a Panic!"),
        "see": ["char.rose_doolan", "card.panic"],
    },
    "legend.sid_ketchum": {
        "title": N_("Sid Ketchum (legend side)"),
        "text": N_("As before, two cards discarded give back a life point. Also, once a turn, when "
                   "he gains a life point in his own turn (from any source) he may shoot a BANG! "
                   "without a card."),
        "see": ["char.sid_ketchum"],
    },
    "legend.slab_the_killer": {
        "title": N_("Slab the Killer (legend side)"),
        "text": N_("His BANG!s cannot be cancelled. When he claims a Feat he may take even a "
                   "player's last life point; that player may still drink a Beer."),
        "see": ["char.slab_the_killer", "legends.claim"],
    },
    "legend.suzy_lafayette": {
        "title": N_("Suzy Lafayette (legend side)"),
        "text": N_("Whenever she holds fewer than 2 cards she draws back up to 2."),
        "see": ["char.suzy_lafayette"],
    },
    "legend.vulture_sam": {
        "title": N_("Vulture Sam (legend side)"),
        "text": N_("He takes all the cards of any eliminated player. If he is eliminated himself, "
                   "he stays in the game at 4 life points and turns back to his normal side."),
        "see": ["char.vulture_sam"],
    },
    "legend.willy_the_kid": {
        "title": N_("Willy the Kid (legend side)"),
        "text": N_("Unlimited BANG!s; when he could claim a Feat he may shoot a BANG! without a "
                   "card instead."),
        "see": ["char.willy_the_kid", "legends.claim"],
    },
}
