"""What a Star Wars phone is told besides the common view: the checks it owes with their
question, whether Encounter with Destiny applies now, its ability card (a custom one has
no automatic effect), and Tempered's repeat with the engine's verdict."""
from __future__ import annotations

from ...advice import _try
from ...effects import Ctx
from ...table import has_kind
from ...turns import checks_due
from .data import ABILITIES, DESTINY, TEMPERED
from .destiny import LIMIT

SYMBOL = {"dynamite": "Trash Compactor", "hope": "A New Hope", "jail": "Carbonite",
          "barrel": "Cover"}


def check_question(card: str, symbol: str) -> str:
    return f"{card}: did the revealed card show the {symbol} symbol in its lower left corner?"


def phone_extras(state, seat: str) -> dict:
    i = state.index(seat)
    s = state.seats[i]
    out: dict = {"feats": []}
    due = checks_due(Ctx(state)) if state.turn == i and not state.pending else []
    out["checks"] = [{"card": has_kind(state, i, k), "question":
                      check_question(has_kind(state, i, k), SYMBOL[k]),
                      "first": k == due[0] or ("jail" not in (k, due[0]))}
                     for k in due]
    if any(a.kind in ("bang", "gatling") for a in state.asks_for(i)):
        out["cover_question"] = check_question("Cover or Lucky", "Cover")
    out["destiny"] = {"applies": s.life <= LIMIT, "limit": LIMIT,
                      "cards": sorted(DESTINY)}
    custom = ABILITIES.find(s.character) is None
    out["ability_card"] = {"name": s.character, "custom": custom,
                           "note": "Entered by name: the app applies no automatic effect; "
                                   "the table applies the card's text (a project decision)."
                           if custom else ""}
    if s.character == TEMPERED and state.turn == i:
        out["abilities"] = {"repeat": _try(state, {"by": seat, "ability": {"repeat": True},
                                                   **_last_target(state)})}
    return out


def _last_target(state) -> dict:
    """Tempered's dry run aims the repeat where the card just played went."""
    played = [e for e in state.turn_log if e.get("played")]
    if played and played[-1].get("target") is not None:
        return {"target": state.seats[played[-1]["target"]].name}
    return {}
