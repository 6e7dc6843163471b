"""The event cards of High Noon and A Fistful of Cards, as data: one row per card (its
id, its deck, its name, what it does in the project's own words, what it changes for the
player reading it, and when it acts), and the decks a table may choose.

A table's event deck is chosen at set-up (the table option `events`: "none",
"high_noon", "fistful" or "both"); `deck_cards` says which cards that choice shuffles.
The rules each event brings are reactions to the moments the core announces (rules.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...say import N_

# when an event acts: all round long, once as it is revealed, at each player's turn
# start, in each draw phase, at each turn's end; the final card stays to the game's end
ROUND, REVEAL, TURN_START, DRAW, TURN_END = "round", "reveal", "turn_start", "draw", "turn_end"


@dataclass(frozen=True)
class Event:
    id: str                  # stable, in records and pages: "the_reverend"
    deck: str                # "high_noon" or "fistful"
    name: str                # the card's English name (a fact; translated as a name)
    effect: str              # what it does, in the project's words (for the host screen)
    yours: str               # what it changes for the player reading it, in the 2nd person
    timing: str              # ROUND, REVEAL, TURN_START, DRAW or TURN_END
    final: bool = False      # the deck's last card: stays in force until the game ends
    bonus: bool = False      # a bonus card of The Bullet (High Noon's two)

    @property
    def rule(self) -> str:
        """Its entry in the rules reference (texts.py)."""
        return f"event.{self.id}"


HIGH_NOON = "high_noon"
FISTFUL = "fistful"
DECKS = {HIGH_NOON: N_("High Noon"), FISTFUL: N_("A Fistful of Cards")}
# the table option `events` and the decks each value shuffles
CHOICES = {"none": (), "high_noon": (HIGH_NOON,), "fistful": (FISTFUL,),
           "both": (HIGH_NOON, FISTFUL)}
MIXED_SIZE = 12     # both decks mixed: 12 ordinary events and one final card (decisions)

EVENTS: tuple[Event, ...] = (
    # -- High Noon: 12 events, the 2 bonus cards of The Bullet, the final card ---------
    Event("blessing", HIGH_NOON, N_("Blessing"),
          N_("Every card turned for a draw! counts as a heart this round."),
          N_("Your draw!s count as hearts: a Barrel or the Jail always lets you off, the "
             "Dynamite never goes off."), ROUND),
    Event("curse", HIGH_NOON, N_("Curse"),
          N_("Every card turned for a draw! counts as a spade this round."),
          N_("Your draw!s count as spades: a Barrel never helps, the Jail keeps you, the "
             "Dynamite goes off on any 2 to 9."), ROUND),
    Event("ghost_town", HIGH_NOON, N_("Ghost Town"),
          N_("Eliminated players come back for their own turn as ghosts: they draw 3 cards, "
             "cannot lose the game in that turn, and leave again when it ends."),
          N_("If you are out of the game, you play one more turn as a ghost: 3 cards, and "
             "nothing can eliminate you in it."), TURN_START),
    Event("gold_rush", HIGH_NOON, N_("Gold Rush"),
          N_("This round the turns go the other way round, counter-clockwise, starting with "
             "the Sheriff; cards that pass from player to player still go clockwise."),
          N_("The turns go counter-clockwise this round."), ROUND),
    Event("hangover", HIGH_NOON, N_("Hangover"),
          N_("No character has an ability this round."),
          N_("Your character's ability does not work this round."), ROUND),
    Event("the_daltons", HIGH_NOON, N_("The Daltons"),
          N_("As it comes out, every player with a blue card in front of him discards one of "
             "them, of his choice."),
          N_("If you have a blue card in play, you discard one of them now, of your choice."),
          REVEAL),
    Event("the_doctor", HIGH_NOON, N_("The Doctor"),
          N_("As it comes out, the player or players with the least life left win 1 life "
             "point each."),
          N_("If nobody has less life than you, you win 1 life point."), REVEAL),
    Event("the_reverend", HIGH_NOON, N_("The Reverend"),
          N_("Nobody may play a Beer this round, not even to stay in the game."),
          N_("You may not play a Beer this round, even when dying."), ROUND),
    Event("the_sermon", HIGH_NOON, N_("The Sermon"),
          N_("In his own turn a player may not use a BANG! card, neither to shoot nor to "
             "answer a Duel."),
          N_("In your own turn you may not use a BANG! card."), ROUND),
    Event("shootout", HIGH_NOON, N_("Shootout"),
          N_("This round every player may play two BANG! cards in his turn."),
          N_("You may play a second BANG! in your turn."), ROUND),
    Event("thirst", HIGH_NOON, N_("Thirst"),
          N_("In his draw phase every player draws one card fewer."),
          N_("You draw one card fewer in your draw phase."), DRAW),
    Event("train_arrival", HIGH_NOON, N_("Train Arrival"),
          N_("In his draw phase every player draws one card more."),
          N_("You draw one card more in your draw phase."), DRAW),
    Event("handcuffs", HIGH_NOON, N_("Handcuffs"),
          N_("After drawing, the player whose turn it is names a suit; for the rest of his "
             "turn he plays only cards of that suit."),
          N_("After your draw you name a suit, and play only cards of that suit in your "
             "turn."), DRAW, bonus=True),
    Event("new_identity", HIGH_NOON, N_("New Identity"),
          N_("At the start of his turn a player may take the character card he keeps his "
             "life on as his new character, for the rest of the game, with 2 life points."),
          N_("At the start of your turn you may switch to your spare character, with 2 life "
             "points."), TURN_START, bonus=True),
    Event("high_noon", HIGH_NOON, N_("High Noon"),
          N_("Every player loses 1 life point at the start of his turn, until the game ends."),
          N_("You lose 1 life point at the start of your turn."), TURN_START, final=True),
    # -- A Fistful of Cards: 14 events and the final card --------------------------------
    Event("abandoned_mine", FISTFUL, N_("Abandoned Mine"),
          N_("In his draw phase a player draws from the discard pile while it has cards; if "
             "he did, the cards he discards that turn go face down on the deck instead."),
          N_("You draw from the discard pile while it has cards."), DRAW),
    Event("ambush", FISTFUL, N_("Ambush"),
          N_("Every player is at distance 1 from every other; only cards in play change it."),
          N_("Everyone is at distance 1 from you, changed only by cards in play."), ROUND),
    Event("blood_brothers", FISTFUL, N_("Blood Brothers"),
          N_("At the start of his turn a player may give 1 of his life points to another "
             "player, unless it is his last."),
          N_("At the start of your turn you may give another player 1 of your life points, "
             "not your last."), TURN_START),
    Event("dead_man", FISTFUL, N_("Dead Man"),
          N_("When his turn comes, the player who was eliminated first comes back with 2 life "
             "points and 2 cards, and plays on until eliminated again."),
          N_("If you were the first one out, you come back in your turn with 2 life points "
             "and 2 cards."), TURN_START),
    Event("hard_liquor", FISTFUL, N_("Hard Liquor"),
          N_("A player may skip his draw phase to win 1 life point."),
          N_("You may skip your draw to win 1 life point."), DRAW),
    Event("lasso", FISTFUL, N_("Lasso"),
          N_("The cards in play in front of the players do nothing this round."),
          N_("Your cards in play do nothing this round."), ROUND),
    Event("law_of_the_west", FISTFUL, N_("Law of the West"),
          N_("In his draw phase a player shows the second card he draws; if he can play it, "
             "he must play it in that turn."),
          N_("You show the second card you draw, and play it in your turn if you can."), DRAW),
    Event("peyote", FISTFUL, N_("Peyote"),
          N_("Instead of drawing, a player calls red or black and turns the top card: called "
             "right, he keeps it and calls again; called wrong, his draw is over."),
          N_("Instead of drawing, you call red or black for each card until you are wrong."),
          DRAW),
    Event("ranch", FISTFUL, N_("Ranch"),
          N_("Once in his turn, after drawing, a player may discard any number of cards from "
             "his hand and draw as many."),
          N_("Once in your turn, after your draw, you may swap cards from your hand for as "
             "many from the deck."), DRAW),
    Event("ricochet", FISTFUL, N_("Ricochet"),
          N_("A player may discard a BANG! at a card in play in front of another player: the "
             "card is discarded unless its owner answers with a Missed!"),
          N_("You may discard a BANG! at a card in play in front of another player."), ROUND),
    Event("russian_roulette", FISTFUL, N_("Russian Roulette"),
          N_("As it comes out, starting with the Sheriff and going round, each player "
             "discards a Missed!; the first who does not loses 2 life points and it stops."),
          N_("When your go comes, discard a Missed! or lose 2 life points."), REVEAL),
    Event("sniper", FISTFUL, N_("Sniper"),
          N_("In his turn a player may discard two BANG! cards together at one player: a "
             "shot that takes two Missed! to stop."),
          N_("You may discard two BANG! cards together as one shot that needs two Missed!"),
          ROUND),
    Event("the_judge", FISTFUL, N_("The Judge"),
          N_("Nobody may put a card in play in front of himself or anyone else this round."),
          N_("You may not put cards in play this round, Jail and Dynamite included."), ROUND),
    Event("vendetta", FISTFUL, N_("Vendetta"),
          N_("At the end of his turn a player draws!; on a heart he plays one more turn, "
             "without drawing! again after it."),
          N_("At the end of your turn you draw!: a heart gives you one more turn."), TURN_END),
    Event("a_fistful_of_cards", FISTFUL, N_("A Fistful of Cards"),
          N_("At the start of his turn a player is shot once for every card in his hand, "
             "until the game ends."),
          N_("At the start of your turn you are shot once for each card in your hand."),
          TURN_START, final=True),
)

BY_ID = {e.id: e for e in EVENTS}


def find(text: object) -> Event | None:
    """The event a record or a host names, by id or by English name (case, spaces and
    punctuation ignored): "the_reverend", "The Reverend", "reverend" is not one."""
    if not isinstance(text, str):
        return None
    key = "".join(ch for ch in text.casefold() if ch.isalnum())
    for e in EVENTS:
        if key in ("".join(ch for ch in e.id if ch.isalnum()),
                   "".join(ch for ch in e.name.casefold() if ch.isalnum())):
            return e
    return None


def deck_cards(decks: tuple[str, ...], bonus: bool = True) -> tuple[list[Event], list[Event]]:
    """(ordinary events, final cards) of the chosen decks; `bonus`: with High Noon's two
    bonus cards of The Bullet."""
    rows = [e for e in EVENTS if e.deck in decks and (bonus or not e.bonus)]
    return [e for e in rows if not e.final], [e for e in rows if e.final]


def shuffled(decks: tuple[str, ...], rng, bonus: bool = True) -> list[str]:
    """A new event pile, top first, the final card last: one deck shuffles all its events
    (the rulebooks); both decks mix 12 of their events at random with one final card
    taken at random (docs/decisions.md, events.mixed)."""
    events, finals = deck_cards(decks, bonus)
    order = [e.id for e in events]
    rng.shuffle(order)
    if len(finals) > 1:
        order = order[:MIXED_SIZE]
    return order + [rng.choice(finals).id] if finals else order
