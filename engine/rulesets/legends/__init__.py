"""BANG! Legends' home: the base game plus Feats, fame and the legend sides. `feats.py`
holds the Feats and the Legends moves, `characters.py` the legend sides, `abilities.py`
what they do at the core's moments, `codes.py` its refusal codes, `advice.py` what its
phones are told, `texts.py` its rules reference entries; this object tells the core where
the game differs, and owns its fields of the state: the revealed Feats (`state.feats`)
and each seat's `legend` and `fame`, and its words of the move vocabulary.
"""
from __future__ import annotations

from ...cards import drawn
from ...characters import Character
from ...moves import CORE as CORE_WORDS, COUNT, FLAG, TEXT, TEXTS
from ...say import N_
from ...rulebook import CORE as CORE_BOOK
from dataclasses import replace

from ..base import BASE_DATA, Actions, Playouts, Records, Ruleset, Views
from . import abilities as sides
from .advice import ability_options, feat_options
from .characters import LEGEND_CHARS
from .codes import CODES
from .feats import FEATS, do_boast, do_claim, do_jail_discard, do_perform, read_feats
from .texts import LEGENDS_RULES


class LegendsPlayouts(Playouts):
    """Legends' random moves: Jourdonnais's evade answer, the Feats, the legend abilities."""

    def answers(self, state, ask):
        answers, checked = super().answers(state, ask)
        return answers + ["Jourdonnais"], checked

    def moves(self, rng, state, by: str, phase: str) -> list[dict]:
        if phase == "start":
            return [{"by": by, "jail": {"discard": drawn(rng)}},
                    {"by": by, "perform": "The Oregon Trail"}]
        return _legend_moves(rng, state, by) if phase == "play" else []


class LegendsRecords(Records):
    """Its fields of a record: the revealed Feats (`state.feats`, the header's `feats`),
    each seat's `legend` and `fame`."""
    seat_fields = ("legend", "fame")
    expect_keys = ("feats",)
    header_keys = ("feats",)
    counts = {"fame": (0, 5, N_("Fame"), N_("fame"))}

    def deal_extra(self, header: dict, rng, rules) -> None:
        header["feats"] = [{"name": rng.choice(FEATS).name, "tokens": {}}]

    def read_seat(self, d: dict, where: str, need) -> dict:
        fame = d.get("fame", 5)
        need(isinstance(fame, int) and not isinstance(fame, bool) and 0 <= fame <= 5,
             f"{where}.fame", f"a whole number from 0 to 5 is needed, not {str(fame)[:20]!r}")
        return {"legend": bool(d.get("legend", False)), "fame": fame}

    def read_extra(self, record: dict, state, need) -> None:
        state.feats = read_feats(record.get("feats", []), state.seats, need)

    def copy_fields(self, new) -> None:
        new.feats = [{"name": f["name"], "tokens": dict(f["tokens"])} for f in new.feats]

    def fields_dict(self, state) -> dict:
        return {"feats": [{"name": f["name"], "tokens": dict(f["tokens"])} for f in state.feats]}

    def expect_value(self, state, key: str):
        return {f["name"]: f["tokens"] for f in state.feats}


class LegendsViews(Views):
    """What its views add: a seat's legend side and fame, the Feats, a phone's Feats and
    legend abilities."""

    def seat_view(self, state, i: int) -> dict:
        seat = state.seats[i]
        return {"legend": seat.legend, "fame": seat.fame}

    def public_fields(self, state) -> dict:
        return {"feats": [{"name": f["name"], "tokens": dict(f["tokens"])} for f in state.feats]}

    def phone_extras(self, state, seat: str) -> dict:
        return {"feats": feat_options(state, seat), "abilities": ability_options(state, seat)}

class Legends(Ruleset):
    name = "legends"
    title = N_("BANG! Legends")
    data = replace(BASE_DATA, features={"feats": True, "fame": True, "legend_sides": True},
                   why_not=sides.WHY_NOT_EVADE, draws=sides.DRAWS)
    book = CORE_BOOK.plus((N_("BANG! Legends"), "legends"), LEGENDS_RULES,
                          {"legend": "legends"})  # the legend sides' entries too
    codes = CODES
    actions = Actions(referee={"perform": do_perform, "boast": do_boast, "claim": do_claim,
                               "jail": do_jail_discard},
                      tracker={"perform": do_perform, "boast": do_boast, "claim": do_claim},
                      abilities=sides.ABILITIES)
    records = LegendsRecords()
    views = LegendsViews()
    vocab = CORE_WORDS.plus(
        actions={"jail": {"discard": TEXT}, "perform": TEXT, "boast": TEXT, "claim": TEXT},
        options={"reveal": (TEXT, TEXTS), "shoot": FLAG, "show": TEXTS},
        keys={"draw": {"give": TEXT}, "ability": {"bang": TEXT, "panic": TEXT},
              "set": {"fame": COUNT}},
        words={"fame": N_("fame"), "perform": N_("performing a Feat"),
               "boast": N_("boasting"), "claim": N_("claiming a Feat"),
               "jail": N_("leaving Jail with a heart"), "give": N_("the card given"),
               "show": N_("the cards shown")})

    def character(self, state, i: int) -> Character:
        seat = state.seats[i]
        if seat.legend:
            return LEGEND_CHARS.get(seat.character)
        return self.data.characters.get(seat.character)

    def start_hand(self, k, leader_at, n, max_life, ch, options) -> int:
        """4 cards each; the 6th and 7th in turn order get 5."""
        return 5 if (k - leader_at) % n >= 5 else 4

    # the legend sides and The Oregon Trail, reacting to the core's moments (abilities.py)
    reactions = sides.REACTIONS

    def answer_options(self, state, i, ask, options):
        return sides.answer_options(state, i, ask, options, self.character(state, i),
                                    self.data.words["check"])

    def hand_limit(self, life: int) -> int:
        """At 1 life a player may still keep 2 cards."""
        return 2 if life == 1 else max(0, life)

    playouts = LegendsPlayouts()


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


RULES = Legends()
