"""What a Star Wars phone is told besides the common view: the checks it owes with their
question, whether Encounter with Destiny applies now, its ability card (a custom one has
no automatic effect), and Tempered's repeat with the engine's verdict."""
from __future__ import annotations

from ...advice import try_move
from ...effects import Ctx
from ...table import cards_of, has_kind
from ...turns import checks_due
from ...say import msg, name
from .data import ABILITIES, DESTINY, TEMPERED
from .destiny import LIMIT, order_matters

SYMBOL = {"dynamite": "Trash Compactor", "hope": "A New Hope", "jail": "Carbonite",
          "barrel": "Cover"}


def check_question(card: str, symbol: str) -> dict:
    return msg("{card}: did the revealed card show the {symbol} symbol in its lower left corner?",
               card=name(card), symbol=name(symbol))


def phone_extras(state, seat: str) -> dict:
    i = state.index(seat)
    s = state.seats[i]
    out: dict = {}
    due = checks_due(Ctx(state)) if state.turn == i and not state.pending else []
    out["checks"] = [{"card": has_kind(state, i, k), "question":
                      check_question(has_kind(state, i, k), SYMBOL[k]),
                      "first": k == due[0] or ("jail" not in (k, due[0]))}
                     for k in due]
    if any(a.kind in ("bang", "gatling") for a in state.asks_for(i)):
        out["cover_question"] = msg("Cover or Lucky: did the revealed card show the Cover "
                                    "symbol in its lower left corner?")
    # the Destiny effects whose order with their card's own the player must choose now
    ordered = {c: [k for k in DESTINY[c] if order_matters(state, i, state.rules.data.cards.get(c), k)]
               for c in sorted(DESTINY)}
    out["destiny"] = {"applies": s.life <= LIMIT, "limit": LIMIT,
                      "ordered": {c: keys for c, keys in ordered.items() if keys},
                      "cards": sorted(DESTINY)}
    custom = ABILITIES.find(s.character) is None
    out["ability_card"] = {"name": s.character, "custom": custom,
                           "note": msg("Entered by name: the app does not know this card "
                                       "and applies no automatic effect; the table applies "
                                       "its text.") if custom else ""}
    if s.character == TEMPERED and state.turn == i:
        out["abilities"] = {"repeat": try_move(state, {"by": seat, "ability": {"repeat": True},
                                                   **_last_target(state)})}
        out["repeat"] = _repeat(state, i, seat)
    char = ABILITIES.find(s.character)
    if char is not None and char.heal_by_discard:          # Resilient, at any moment
        out["heal_discard"] = {"label": msg("{character}: discard {n} cards for 1 energy",
                                            character=name(char.name), n=char.heal_by_discard),
                               **try_move(state, {"by": seat, "ability": {"discard": 2}})}
    if char is not None and char.swaps_bang_missed:         # Inventive plays one as the other
        out["plays_as"] = True
    return out


def _repeat(state, i: int, seat: str) -> dict | None:
    """What Tempered's repeat would repeat now: the card, whether it is aimed, the verdict
    (aimed again where the card went, or at the first player it may reach)."""
    played = [e for e in state.turn_log if e.get("played")]
    if not played or any("repeated" in e for e in state.turn_log):
        return None
    card = cards_of(state).find(played[-1]["played"])
    if card is None or card.colour != "brown":
        return None
    aimed = card.target in ("reach", "distance1", "other", "not_sheriff", "any")
    targets = []
    if aimed:
        for j in state.others(i):
            r = try_move(state, {"by": seat, "ability": {"repeat": card.name},
                             "target": state.seats[j].name})
            targets.append({"name": state.seats[j].name, **r})
    verdict = (try_move(state, {"by": seat, "ability": {"repeat": card.name}}) if not aimed
               else next((t for t in targets if t["ok"]), targets[0] if targets else {"ok": False}))
    return {"card": card.name, "aimed": aimed, "targets": targets,
            "ok": bool(verdict.get("ok")), "reason": verdict.get("reason", ""),
            "rule": verdict.get("rule", ""), "rule_title": verdict.get("rule_title", "")}


def _last_target(state) -> dict:
    """Tempered's dry run aims the repeat where the card just played went."""
    played = [e for e in state.turn_log if e.get("played")]
    if played and played[-1].get("target") is not None:
        return {"target": state.seats[played[-1]["target"]].name}
    return {}
