"""BANG! Star Wars as data: its 80-card deck by card type, its ability cards, its roles and
its words. The texts are the project's own; the names are the game's.

The edition's rulebook gives no ranks or suits (its checks look for a symbol), no card
counts and no ranges for four of its weapons: a card here has no copies, and those four
weapons take the range the player reads off the card (`entered_range`).
"""
from __future__ import annotations

from ...cards import Card, CardTable
from ...characters import Character, CharacterTable
from ...say import N_, msg


def _c(name, colour, kind, target, rule, **kw) -> Card:
    return Card(name, colour, kind, target, (), rule=rule, **kw)


SW_CARDS = CardTable((
    _c(N_("BANG!"), "brown", "bang", "reach", "sw.card.bang"),
    _c(N_("Missed!"), "brown", "missed", "self", "sw.card.missed"),
    _c(N_("Bacta Tank"), "brown", "beer", "self", "sw.card.bacta_tank"),
    _c(N_("Repair"), "brown", "stagecoach", "self", "sw.card.repair"),
    _c(N_("Respite"), "brown", "saloon", "all", "sw.card.respite"),
    _c(N_("Unexpected Encounter"), "brown", "general_store", "all", "sw.card.unexpected_encounter"),
    _c(N_("Deception"), "brown", "panic", "distance1", "sw.card.deception"),
    _c(N_("Ambush"), "brown", "cat_balou", "any", "sw.card.ambush"),
    _c(N_("AT-AT Attack"), "brown", "gatling", "others", "sw.card.at_at_attack"),
    _c(N_("Jawas"), "brown", "indians", "others", "sw.card.jawas"),
    _c(N_("Duel"), "brown", "duel", "other", "sw.card.duel"),
    _c(N_("Speeder Bike"), "blue", "horse", "self", "sw.card.speeder_bike"),
    _c(N_("Droid"), "blue", "scope", "self", "sw.card.droid"),
    _c(N_("Cover"), "blue", "barrel", "self", "sw.card.cover"),
    _c(N_("Carbonite"), "blue", "jail", "not_sheriff", "sw.card.carbonite"),
    _c(N_("Trash Compactor"), "blue", "dynamite", "self", "sw.card.trash_compactor"),
    _c(N_("A New Hope"), "blue", "hope", "self", "sw.card.a_new_hope"),
    Card(N_("Lightsaber"), "blue", "weapon", "self", (), 1, rule="sw.card.lightsaber", rapid=True),
    Card(N_("Ion Blaster"), "blue", "weapon", "self", (), None, rule="sw.card.weapons",
         entered_range=True),
    Card(N_("Crossbow"), "blue", "weapon", "self", (), None, rule="sw.card.weapons",
         entered_range=True),
    Card(N_("DLT-19"), "blue", "weapon", "self", (), None, rule="sw.card.weapons",
         entered_range=True),
    Card(N_("A280"), "blue", "weapon", "self", (), None, rule="sw.card.weapons",
         entered_range=True),
))

# The seven ability cards the rulebook describes; each gives 4 energy.
ABILITIES = CharacterTable((
    Character(N_("Fearless"), 4, N_("Sees every other player one closer; with a Droid, one closer "
                 "again (never nearer than 1)."), "sw.ability.fearless", sees_closer=1),
    Character(N_("Lucky"), 4, N_("When hit, may make a check for the Cover symbol: it cancels the "
                 "hit. With a Cover in play, a second check. A Missed! may still follow."),
              "sw.ability.lucky", built_in_barrel=True),
    Character(N_("Resilient"), 4, N_("At any moment, discards 2 cards from hand to win back 1 energy, "
                 "as often as the cards allow, never above the starting energy."),
              "sw.ability.resilient", heal_by_discard=2),
    Character(N_("Tempered"), 4, N_("Once a turn, discards a BANG! to repeat the effect of the "
                 "red-bordered card just played (a BANG! too). A repeat is never repeated and "
                 "brings no Encounter with Destiny."), "sw.ability.tempered"),
    Character(N_("Thrifty"), 4, N_("The moment the hand is empty, draws a card."),
              "sw.ability.thrifty", refill_to=1),
    Character(N_("Inventive"), 4, N_("Plays BANG! as Missed! and Missed! as BANG! (without their "
                 "Destiny effects). A Missed! used as a BANG! is the turn's BANG!"),
              "sw.ability.inventive", swaps_bang_missed=True),
    Character(N_("Accurate"), 4, N_("Every hit of theirs (a BANG!, an AT-AT Attack, a Destiny hit) "
                 "takes two Missed! to cancel; a passed Cover check or Lucky counts as one."),
              "sw.ability.accurate", misses_needed=2, misses_all_hits=True),
))
TEMPERED = "Tempered"
CUSTOM_TEXT = (N_("An ability card entered by name: the app applies no automatic effect for it; "
                  "the table applies its text."))

ROLES = ("vader", "stormtrooper", "rebel", "bounty_hunter")
ROLE_MIX = {
    4: ("vader", "bounty_hunter", "rebel", "rebel"),
    5: ("vader", "bounty_hunter", "stormtrooper", "rebel", "rebel"),
    6: ("vader", "bounty_hunter", "stormtrooper", "rebel", "rebel", "rebel"),
    7: ("vader", "bounty_hunter", "stormtrooper", "stormtrooper", "rebel", "rebel", "rebel"),
}
ROLE_NAMES = {"vader": N_("Darth Vader"), "stormtrooper": N_("Imperial Stormtrooper"),
              "rebel": N_("Rebel"), "bounty_hunter": N_("Bounty Hunter")}
GOALS = {
    "vader": N_("Everyone knows you. Rid the galaxy of every Rebel and of the Bounty Hunter; "
                "your Stormtroopers hide among the others."),
    "stormtrooper": N_("Keep Darth Vader standing, in secret: you win with him when the Rebels "
                       "and the Bounty Hunter are gone."),
    "rebel": N_("Bring Darth Vader down. The Rebels win together when he falls, even those "
                "already out (unless the Bounty Hunter is then the only one left)."),
    "bounty_hunter": N_("Work for yourself: be the one left at the very end, Darth Vader "
                        "included."),
}
SIDE_ROLES = {"empire": ("vader", "stormtrooper"), "rebels": ("rebel",),
              "bounty_hunter": ("bounty_hunter",)}     # the roles that win with each side
SIDES = {"empire": N_("Darth Vader and the Stormtroopers win: the Empire holds the galaxy."),
         "rebels": N_("The Rebels win: Darth Vader has fallen."),
         "bounty_hunter": N_("The Bounty Hunter wins alone.")}

WORDS = {"players": N_("BANG! Star Wars is played by {low} to {high} players, not {n}: its "
                       "rulebook sets the game up for those counts only (the 3- and 8-player "
                       "games are BANG!'s and BANG! Legends')."),
         "life": N_("energy"), "check": N_("check"), "character": N_("ability card"),
         "leader": N_("Darth Vader"), "no_jail_on_leader": N_("Carbonite cannot be put on Darth Vader."),
         "default_weapon": N_("E-11"),
         "no_check_due": msg("{seat} has nothing in play that asks for a check.",
                             you={"seat": N_("You have nothing in play that asks for a check.")}),
         "dynamite_hit": msg("The {card} closes on {seat}!",
                             you={"seat": N_("The {card} closes on you!")}),
         "jail_free": msg("{seat} breaks out of the {card}.",
                          you={"seat": N_("You break out of the {card}.")}),
         "jail_stays": msg("{seat} stays frozen in {card} and skips the whole turn.",
                           you={"seat": N_("You stay frozen in {card} and skip the whole turn.")}),
         "barrel_pass": N_("The check passes: {card} cancels the hit."),
         "barrel_pass_part": N_("The check passes: {card} counts as one Missed! of the two "
                                "needed."),
         "barrel_fail": N_("The check fails: {card} does not help."),
         "dying": msg("{seat} has no energy left: a Bacta Tank now, or out of the game.",
                      you={"seat": N_("You have no energy left: a Bacta Tank now, or out of the "
                                      "game.")}),
         "Life": N_("Energy"),
         "no_own_barrel": N_("{character} has no check of its own against a hit (that is "
                             "Lucky's ability)."),
         "enter_barrel_check": N_("Say whether the check for the {card} passed or failed."),
         "bang_limit": N_("Only one BANG! card per turn (a Lightsaber lifts the limit)."),
         "roles": ROLE_NAMES}

# Encounter with Destiny: the extra effect a copy of these cards may show (record keys).
DESTINY = {
    "BANG!": {"draw": N_("Draw a card."),
              "steal": N_("Take a card from the player you shot (from hand at random, or one "
                          "in play)."),
              "discard_all": N_("Every other player discards a card (from hand at random, or "
                                "one in play you choose)."),
              "hit_all": N_("Instead of the BANG!'s own effect: every other player takes a hit "
                            "(a Missed! cancels it).")},
    "Missed!": {"draw": N_("Draw a card."),
                "hit_attacker": N_("The player who shot at you loses 1 energy (not a BANG!)."),
                "swap_hands": N_("Swap your whole hand with the hand of the player who shot at "
                                 "you.")},
    "Bacta Tank": {"draw": N_("Draw a card."),
                   "heal_other": N_("Another player of your choice wins back 1 energy (not with "
                                    "two players left).")},
    "Repair": {"draw": N_("Draw a card.")},
}
# ...and what the table reads once it is applied: a statement about the player who applies
# it (the choices above are said to him, on his own phone, before he picks one)
DESTINY_DONE = {
    "draw": msg(N_("{seat} draws a card."), you={"seat": N_("You draw a card.")}),
    "steal": msg(N_("{seat} takes a card from the player shot."),
                 you={"seat": N_("You take a card from the player you shot.")}),
    "discard_all": msg(N_("Every player but {seat} discards a card."),
                       you={"seat": N_("Every other player discards a card.")}),
    "hit_all": msg(N_("Instead of the BANG!'s own effect: every player but {seat} takes a hit "
                      "(a Missed! cancels it)."),
                   you={"seat": N_("Instead of the BANG!'s own effect: every other player takes "
                                   "a hit (a Missed! cancels it).")}),
    "hit_attacker": msg(N_("The player who shot at {seat} loses 1 energy (not a BANG!)."),
                        you={"seat": N_("The player who shot at you loses 1 energy (not a "
                                        "BANG!).")}),
    "swap_hands": msg(N_("{seat} and the player who shot swap their whole hands."),
                      you={"seat": N_("You and the player who shot at you swap your whole "
                                      "hands.")}),
    "heal_other": msg(N_("Another player of {seat}'s choice wins back 1 energy."),
                      you={"seat": N_("Another player of your choice wins back 1 energy.")}),
}
# its own refusal codes (the registry adds them to the engine's catalogue)
CODES = {
    "destiny_unavailable": N_("Encounter with Destiny is not available now."),
    "destiny_order_required": N_("Here the order of a card's own effect and its Encounter with "
                                 "Destiny changes what happens: say which goes first."),
}
WHY_NOT = {
    "indians": (N_("Against the Jawas only discarding a BANG! helps: no Missed!, no Cover, no "
                   "Lucky."), "sw.card.jawas"),
    "duel": (N_("In a Duel only BANG! cards count: no Missed!, no Cover."), "sw.card.duel"),
    "dying": (N_("With no energy left only a Bacta Tank (or Resilient) keeps a player in; "
                 "Respite does not."), "sw.card.bacta_tank"),
    "bang": (N_("A hit is cancelled by a Missed! or a passed Cover or Lucky check."),
             "sw.card.missed"),
    "gatling": (N_("A hit is cancelled by a Missed! or a passed Cover or Lucky check."),
                "sw.card.at_at_attack"),
}
DECISIONS = {
    "range": {"text": N_("The range of this weapon was entered from the card: the rulebook does "
                         "not give it, so the app keeps what the player entered."),
              "rule": "sw.card.weapons"},
    "hope_cap": {"text": N_("A New Hope's 2 energy stop at the starting energy, like every other "
                            "way of winning energy back in this edition: the rulebook does not say, "
                            "this is the app's reading."),
                 "rule": "sw.card.a_new_hope"},
    "custom_ability": {"text": N_("This player's ability card was entered by name: the app "
                                  "applies no automatic effect for it; the table applies its text."),
                       "rule": "sw.ability.custom"},
}
NO_REWARD = ("Jawas", "Trash Compactor")

# The edition's own rules for the core's rule ids (a refusal at a Star Wars table cites
# Cover, not the Barrel): each base card's rule by the edition's card of the same kind,
# and these.
RULE_FOR = {
    "turn.start": "sw.check", "draw": "sw.check",
    "char.jourdonnais": "sw.ability.lucky", "char.lucky_duke": "sw.check",
    "char.calamity_janet": "sw.ability.inventive", "char.slab_the_killer": "sw.ability.accurate",
    "char.sid_ketchum": "sw.ability.resilient", "char.suzy_lafayette": "sw.ability.thrifty",
    "char.rose_doolan": "sw.ability.fearless", "characters": "sw.abilities",
    "rewards": "sw.rewards", "penalty": "sw.rewards", "end.game": "sw.goals",
    "dying": "sw.card.bacta_tank", "dying.two_left": "sw.card.bacta_tank",
    "turn.bang_limit": "sw.card.bang", "reach": "sw.card.weapons", "distance": "sw.distance",
    "turn.order": "sw.turn",
}    # a Rebel eliminated by these rewards nobody
