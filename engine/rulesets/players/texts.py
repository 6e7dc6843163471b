"""The rules reference entries of the 3- and 8-player games, in the project's own words
(ids start with "three." and "eight.")."""
from __future__ import annotations

from ...rulebook import Book
from ...say import N_

THREE_RULES: dict[str, dict] = {
    "three.setup": {
        "title": N_("Three players: roles face up"),
        "text": N_("With three players only the Deputy, the Outlaw and the Renegade are dealt, "
                   "face up: everyone knows everyone's role. There is no Sheriff, so nobody has "
                   "an extra life point. The Deputy plays first, then the turn goes clockwise as "
                   "usual. Everything else is the usual game."),
        "see": ["three.targets", "three.reward", "three.jail"],
    },
    "three.targets": {
        "title": N_("Three players: who hunts whom"),
        "text": N_("The Deputy hunts the Renegade, the Renegade hunts the Outlaw and the Outlaw "
                   "hunts the Deputy. Whoever deals his own target the final hit himself wins at "
                   "once, alone. If a player is put out by anyone else, or by nobody (a Dynamite, "
                   "a Duel its own player loses), nobody has won yet: the two left play on, and "
                   "the last one standing wins."),
        "see": ["three.setup", "three.reward", "three.tracker"],
    },
    "three.reward": {
        "title": N_("Three players: 3 cards for every elimination"),
        "text": N_("Whoever puts another player out draws 3 cards, whatever that player's role. "
                   "For an Outlaw these are the same 3 cards, not 3 more. Nobody is rewarded for "
                   "a player put out by a Dynamite or by his own Duel, and there is no penalty."),
        "see": ["three.targets", "rewards"],
    },
    "three.jail": {
        "title": N_("Three players: Jail and Beer"),
        "text": N_("With no Sheriff at the table, the Jail may be played on any other player. "
                   "Once only two players are left, a Beer gives no life point, as usual."),
        "see": ["card.jail", "dying.two_left"],
    },
    "three.tracker": {
        "title": N_("Three players in tracker mode"),
        "text": N_("The app cannot see who dealt a final hit, so the player who puts his own "
                   "target out says so on his phone: the target is out and he wins. A player who "
                   "sets his own life to 0 is out with nobody credited, and the two left play to "
                   "be the last one standing."),
        "see": ["three.targets", "tracker"],
    },
}

EIGHT_RULES: dict[str, dict] = {
    "eight.setup": {
        "title": N_("Eight players: the roles"),
        "text": N_("With eight players the roles are 1 Sheriff, 2 Deputies, 3 Outlaws and 2 "
                   "Renegades, dealt face down as usual: the Sheriff shows his role, has his "
                   "extra life point and plays first. Rewards and penalties are the usual ones."),
        "see": ["eight.renegades", "setup.roles"],
    },
    "eight.renegades": {
        "title": N_("Eight players: two Renegades"),
        "text": N_("Each Renegade plays for himself and wins only as the last player standing, "
                   "alone: the other Renegade loses with everyone else. If the Sheriff is put "
                   "out while both Renegades are still alive, even with nobody else left, the "
                   "Outlaws win."),
        "see": ["eight.setup", "end.game"],
    },
}

THREE_BOOK = Book(((N_("The 3-player game"), "three"),), THREE_RULES, {})
EIGHT_BOOK = Book(((N_("The 8-player game"), "eight"),), EIGHT_RULES, {})
