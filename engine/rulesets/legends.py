"""BANG! Legends' home: the base game plus Feats, fame and the legend sides. The Feat
rules themselves are in engine/legends.py; this object tells the core where they differ.
"""
from __future__ import annotations

from ..cards import drawn
from ..characters import LEGEND_CHARS, Character
from ..advice import ability_options, feat_options
from ..dealing import read_feats
from ..legends import FEATS, do_boast, do_claim, do_jail_discard, do_perform
from .base import Ruleset
from ..say import N_


class Legends(Ruleset):
    name = "legends"
    title = N_("BANG! Legends")
    hint = (N_("The base game with Feats and fame: earn your tokens, turn your character to its "
               "legend side"))
    features = {"feats": True, "fame": True, "legend_sides": True}
    partials = {"host": ("_host_feats.html",), "phone": ("_phone_feats.html",),
                "styles": ("css/feats.css",)}

    @property
    def referee_moves(self) -> dict:
        return {"perform": do_perform, "boast": do_boast, "claim": do_claim,
                "jail": do_jail_discard}

    @property
    def tracker_moves(self) -> dict:
        return {"perform": do_perform, "boast": do_boast, "claim": do_claim}

    def character(self, state, i: int) -> Character:
        seat = state.seats[i]
        if seat.legend:
            return LEGEND_CHARS.get(seat.character)
        return self.characters.get(seat.character)

    def start_hand(self, k, leader_at, n, max_life, ch, options) -> int:
        """4 cards each; the 6th and 7th in turn order get 5."""
        return 5 if (k - leader_at) % n >= 5 else 4

    def deal_extra(self, header: dict, rng) -> None:
        header["feats"] = [{"name": rng.choice(FEATS).name, "tokens": {}}]

    def read_extra(self, record: dict, state, need) -> None:
        state.feats = read_feats(record.get("feats", []), state.seats)

    def hand_limit(self, life: int) -> int:
        """At 1 life a player may still keep 2 cards."""
        return 2 if life == 1 else max(0, life)

    def seat_view(self, state, i: int) -> dict:
        seat = state.seats[i]
        return {"legend": seat.legend, "fame": seat.fame}

    def phone_extras(self, state, seat: str) -> dict:
        return {"feats": feat_options(state, seat), "abilities": ability_options(state, seat)}

    def playout_answers(self, state, ask):
        answers, checked = super().playout_answers(state, ask)
        return answers + ["Jourdonnais"], checked

    def playout_moves(self, rng, state, by: str, phase: str) -> list[dict]:
        if phase == "start":
            return [{"by": by, "jail": {"discard": drawn(rng)}},
                    {"by": by, "perform": "The Oregon Trail"}]
        return _legend_moves(rng, state, by)


def _legend_moves(rng, state, by: str) -> list[dict]:
    names = [s.name for s in state.seats]
    revealed = [f["name"] for f in state.feats] or ["Fifty Guns"]
    hidden = [f.name for f in FEATS if f.name not in revealed]
    feat = rng.choice(revealed)
    extra = rng.choice([{}, {"discard": "Beer"}, {"discard": "BANG!"}, {"discard": "hand"},
                        {"discard": "Mustang"}, {"show": ["2♠", "9♠"]},
                        {"show": ["Missed! K♣", "Remington K♣"]}, {"show": ["8♠", "8♠"]}])
    out = [{"by": by, "perform": feat, **extra},
           {"by": by, "claim": feat, "target": rng.choice(names),
            **({"reveal": rng.choice(hidden)} if hidden else {})},
           {"by": by, "ability": {"bang": rng.choice(names)}},
           {"by": by, "ability": {"panic": rng.choice(["Mustang", "Barrel", "Scope"])},
            "target": rng.choice(names), "card": "hand"}]
    if hidden:
        boast = {"by": by, "boast": rng.choice(revealed + [hidden[0]]), "reveal": hidden[0]}
        if len(revealed) >= 4:
            boast["discard"] = rng.choice(revealed)
        out.append(boast)
    return out
