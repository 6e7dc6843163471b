"""The 8-player game (The Bullet's rulebook): 1 Sheriff, 2 Deputies, 3 Outlaws and 2
Renegades, dealt face down as usual. Each Renegade plays for himself: the core's end of
the game already reads it (a Renegade wins only as the one player left; with the Sheriff
out and anyone else alive, both Renegades included, the Outlaws win), and only the
Renegade left standing is named among the winners (engine/table.py `winners`)."""
from __future__ import annotations

from ...parts import Part
from ...say import N_
from .texts import EIGHT_BOOK


class EightPlayers(Part):
    name = "eight_players"
    title = N_("The 8-player game")
    rulesets = ("base", "legends")
    role_mix = {8: ("sheriff", "deputy", "deputy", "outlaw", "outlaw", "outlaw", "renegade",
                    "renegade")}
    data = {"sides": {"renegade": N_("A Renegade wins alone.")},
            "rule_for": {"setup.roles": "eight.setup", "end.game": "eight.renegades"}}
    book = EIGHT_BOOK


PART = EightPlayers()
