"""How the base game looks: its roles' marks and its blue cards' hints (our own words)."""
from __future__ import annotations

from engine.say import N_

from .look import Look

ROLE_MARKS = {"sheriff": "★", "deputy": "☆", "outlaw": "✖", "renegade": "◆"}
BLUE_HINTS = {"Barrel": N_("draw! a heart to dodge a shot"), "Scope": N_("you see others 1 closer"),
              "Mustang": N_("others see you 1 farther"),
              "Jail": N_("draw! a heart or skip your turn"),
              "Dynamite": N_("passes on, or explodes on ♠2–9")}

LOOK = Look(hint=N_("16 characters"), role_marks=ROLE_MARKS,
            blue_hints=BLUE_HINTS)
