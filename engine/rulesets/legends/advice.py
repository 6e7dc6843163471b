"""What a Legends phone is told besides the common view: for each revealed Feat whether
the player may perform, boast about or claim it now, and the abilities of the legend
sides used by choice (legend Sid Ketchum's free BANG!), each with the engine's verdict.
"""
from __future__ import annotations

from ...advice import try_move
from ...cards import norm
from ...say import msg
from ...state import State
from ...table import character
from .characters import side
from .feats import FEATS_BY_KEY, met_this_turn


def _feat_move(state: State, seat: str, verb: str, name: str) -> dict:
    move = {"by": seat, verb: name}
    feat = FEATS_BY_KEY.get(norm(name))
    i = state.index(seat)
    if feat is None:
        return move
    defaults = {"Bottleneck": {"discard": "Beer"}, "The Chuck-a-Luck": {"discard": "BANG!"},
                "Borderlands": {"discard": "hand"},
                "The Last Hero": {"discard": next(iter(state.seats[i].in_play), "Mustang")}}
    if not met_this_turn(state, feat, i):          # already met: nothing more to discard
        move.update(defaults.get(feat.name, {}))
    if feat.name == "Good Company":
        played = [e["card"] for e in state.turn_log if "played" in e]
        move["discard"] = played[-1] if played else "BANG!"
    return move


def feat_options(state: State, seat: str) -> list[dict]:
    """For each revealed Feat: its text, its tokens, and whether seat may perform, boast
    about or claim it now (with the reason when not). Tables with Feats only."""
    if not state.rules.data.features.get("feats"):
        return []
    i = state.index(seat)
    legend = state.seats[i].legend
    hidden = [f for f in FEATS_BY_KEY.values()
              if norm(f.name) not in {norm(x["name"]) for x in state.feats}]
    out = []
    for f in state.feats:
        known = FEATS_BY_KEY.get(norm(f["name"]))
        row = {"name": f["name"], "tokens": dict(f["tokens"]),
               "requirement": (msg(known.requirement) if known
                               else msg("Not known to the app: trusted.")),
               "crossroad": bool(known and known.crossroad),
               "met": bool(known and state.mode != "tracker" and state.turn == i
                           and met_this_turn(state, known, i))}
        if legend:
            move = _feat_move(state, seat, "claim", f["name"])
            move["reveal"] = hidden[0].name if hidden else "Unknown Feat"
            row["claim"] = try_move(state, move)
        else:
            row["perform"] = try_move(state, _feat_move(state, seat, "perform", f["name"]))
            row["boast"] = _boast_verdict(state, seat, f["name"], hidden)
        out.append(row)
    return out


def _boast_verdict(state: State, seat: str, name: str, hidden: list) -> dict:
    """May seat boast now? Tried with the token on this Feat, then on the Feat the boast
    turns up (always free of his tokens): a player with fame on every revealed Feat may
    still boast. The dialog then offers the Feats the token may go on."""
    fresh = hidden[0].name if hidden else "Unknown Feat"
    boast = {"by": seat, "boast": name, "reveal": fresh}
    if len(state.feats) >= 4:
        boast["discard"] = max(state.feats, key=lambda x: sum(x["tokens"].values()))["name"]
    first = try_move(state, boast)
    if first["ok"]:
        return first
    again = try_move(state, {**boast, "boast": fresh})
    return again if again["ok"] else first


def ability_options(state: State, seat: str) -> dict:
    """Verdicts for the abilities a player uses by choice (Legends: legend Sid Ketchum's free
    BANG!): {"bang": {"ok", "reason"?...}}, ok when at least one target is allowed."""
    i = state.index(seat)
    out: dict = {}
    if side(character(state, i)).free_bang_on_heal:
        tries = [try_move(state, {"by": seat, "ability": {"bang": s.name}})
                 for j, s in enumerate(state.seats) if j != i and s.alive]
        ok = [t for t in tries if t["ok"]]
        out["bang"] = ok[0] if ok else (tries[0] if tries else {"ok": False})
    return out
