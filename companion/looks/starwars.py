"""How BANG! Star Wars looks on the pages: each role's mark, a short hint per blue card for
the phone's in-play picker (our own words), the lobby's part for an ability card drawn
from one's own deck, and its theme: a starfield-dark palette in static/css/starwars.css,
loaded only at Star Wars tables."""
from __future__ import annotations

from engine.say import N_

from .look import Look

ROLE_MARKS = {"vader": "▼", "stormtrooper": "▽", "rebel": "✦", "bounty_hunter": "◎"}
BLUE_HINTS = {
    "Lightsaber": N_("reach 1, any number of BANG! a turn"),
    "Ion Blaster": N_("enter the range printed on it"),
    "Crossbow": N_("enter the range printed on it"),
    "DLT-19": N_("enter the range printed on it"),
    "A280": N_("enter the range printed on it"),
    "Speeder Bike": N_("others see you 1 farther"),
    "Droid": N_("you see others 1 closer"),
    "Cover": N_("a check with its symbol stops a hit"),
    "Carbonite": N_("a check at your turn's start, or the whole turn is lost"),
    "Trash Compactor": N_("a check at your turn's start: its symbol costs 3 energy, else it moves on"),
    "A New Hope": N_("a check at your turn's start: its symbol gives 2 energy, else it moves on"),
}

LOOK = Look(hint=N_("Darth Vader against the Rebels, with a Bounty Hunter in between: "
                    "energy, checks and Encounters with Destiny"),
            partials={"host": (), "phone": (), "lobby": ("_phone_lobby_ability.html",)},
            theme="starfield", stylesheet="css/starwars.css",
            role_marks=ROLE_MARKS, blue_hints=BLUE_HINTS)
