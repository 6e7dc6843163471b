"""How BANG! Legends looks: the base game's marks and hints, and the Feats' parts (the
host's Feats panel, the phone's Feats sheet and their stylesheet)."""
from __future__ import annotations

from engine.rulesets.legends.feats import FEATS
from engine.say import N_

from . import base
from .look import Look

LOOK = Look(hint=N_("The base game with Feats and fame: earn your tokens, turn your "
                    "character to its legend side"),
            partials={"host": ("_host_feats.html",), "phone": ("_phone_feats.html",),
                      "styles": ("css/feats.css",)},
            role_marks=base.ROLE_MARKS, blue_hints=base.BLUE_HINTS,
            names=tuple(f.name for f in FEATS))
