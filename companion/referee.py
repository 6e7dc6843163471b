"""Referee mode's read-only questions: "may I play this?", "whom may I aim it at?",
"how far is X, and why?". Every answer comes from the engine (a dry run of the move or
its distance breakdown); nothing here changes a table, and nothing echoes a hidden role:
rulings carry no event texts (a dry-run elimination would name the role), only the
verdict, its reason and the rule it rests on.
"""
from __future__ import annotations

import engine
from engine import BOOK
from engine.say import N_, is_message, msg, name
from engine.table import cards_of, distance_parts, weapon

from .errors import Problem, said

CHOICE_CARDS = ("panic", "cat_balou")          # these ask "from the hand" or which card


def _title(rule: str) -> dict | str:
    """A rule's title as a name the page translates ("" for no rule)."""
    t = BOOK.title(rule or "")
    return name(t) if t else ""


def _text(text: object) -> dict | str:
    """A rule's text (data, N_-marked in engine/rulebook.py) as a message; "" for none."""
    if is_message(text) or not text:
        return text or ""
    return name(str(text))


def ruling(result: dict) -> dict:
    """An engine ruling as a client may see it: no events, the rule's text for the link.
    The engine's message goes out as it is (the page words it); the rule's title and
    text are data the page translates."""
    if result.get("ok"):     # a ruling resting on a project decision says so
        return {"ok": True, **({"decisions": result["decisions"]} if result.get("decisions")
                               else {})}
    return {"ok": False, "code": result.get("code", ""), "message": result.get("message", ""),
            "rule": result.get("rule") or "", "rule_title": _title(result.get("rule")),
            "rule_text": _text(result.get("rule_text", ""))}


def _state(table):
    if table.state is None or table.status == "lobby":
        raise Problem("wrong_status", msg("The game has not been dealt yet."))
    return table.state


def _seat(state, name: object) -> str:
    if not isinstance(name, str):
        raise Problem("bad_request", msg("Name a player of this table."))
    for s in state.seats:
        if s.name.casefold() == name.strip().casefold():
            return s.name
    raise Problem("bad_request", msg("No player called '{name}' at this table.", name=name))


def judge(table, by: str, move: object) -> dict:
    """The engine's ruling on `move` made by `by`, without playing it."""
    state = _state(table)
    if not isinstance(move, dict):
        raise Problem("bad_request", msg("'move' is a JSON object (a record move)."))
    move = {k: v for k, v in move.items() if k not in ("by", "expect", "then")}
    try:
        return ruling(engine.judge(state, dict(move, by=_seat(state, by))))
    except engine.RecordError as e:          # a move the engine cannot read
        return {"ok": False, "code": "bad_move", "message": said(e), "rule": "record",
                "rule_title": _title("record"), "rule_text": ""}


def targets(table, by: str, card: object, as_card: object = None) -> dict:
    """For a card about to be played by `by`: does it need a target, and for each living
    player may it be aimed there (with the reason and rule when not). Built from the
    engine's target rules and then a dry run of the whole play."""
    state = _state(table)
    me = _seat(state, by)
    book = cards_of(state)
    if not isinstance(card, str) or book.find(card) is None:
        raise Problem("bad_request", msg("Name a card of this game's deck."))
    played = book.find(card)
    acting = book.find(as_card) if isinstance(as_card, str) and as_card else played
    if acting is None:
        raise Problem("bad_request", msg("'as' names a card of this game's deck."))
    base = {"play": played.name, "by": me}
    if played.entered_range:     # the player enters the range printed on it: any will do here
        base["range"] = 1
    if acting is not played:
        base["as"] = acting.name
    out = {"card": played.name, "as": base.get("as"), "target": acting.target,
           "choice": acting.kind in CHOICE_CARDS, "rule": acting.rule}
    if acting.target not in ("reach", "distance1", "any", "other", "not_sheriff"):
        out["needs_target"] = False
        out["play"] = ruling(engine.judge(state, base))
        if played.entered_range:     # the player has not entered a range yet: none to speak of
            kept = [d for d in out["play"].get("decisions", []) if d.get("id") != "range"]
            out["play"].pop("decisions", None)
            if kept:
                out["play"]["decisions"] = kept
        out["targets"] = []
        return out
    out["needs_target"] = True
    rows = []
    try:
        legal = engine.legal_targets(state, me, acting.name)
    except engine.Refusal as e:
        raise Problem("wrong_status", said(e), e.rule) from None
    for row in legal:
        entry = {"name": row["name"], "ok": row["ok"]}
        if row["ok"]:
            move = dict(base, target=row["name"])
            if out["choice"]:
                move["card"] = "hand"
            verdict = ruling(engine.judge(state, move))
            if not verdict["ok"] and out["choice"] and verdict["code"] == "no_cards":
                verdict = {"ok": True}      # an empty hand may still have cards in play
            entry.update(verdict)
        else:
            rule = state.rules.own_rule(row["rule"])   # the edition's entry, not the base's
            entry.update(ok=False, code=row["code"], message=row["reason"], rule=rule,
                         rule_title=_title(rule),
                         rule_text=_text(BOOK.text(rule)))
        rows.append(entry)
    out["targets"] = rows
    return out


TARGET_CODES = ("out_of_range", "bad_target")   # reasons that belong to one target only


def playable(table, by: str) -> list[dict]:
    """For the "Play a card" sheet: each card of the deck, whether `by` may play it now
    at someone (or at no one), and why not; a Beer at full life says it does nothing.
    The dry runs are the referee's own (`targets`), so the sheet never disagrees.

    Every card against every target is a few hundred dry runs, done with the table's
    lock held: the answer is kept for the state it was worked out on (a state is never
    changed, a change makes a new one), so a phone that asks again, as the page does
    after each snapshot, costs nothing until something happens."""
    state = _state(table)
    me = _seat(state, by)
    kept = getattr(table, "answers", None)    # a Table's; a stand-in may have none
    if kept is None:
        return _playable(table, state, me)
    if kept.get("state") is not state:
        kept.clear()
        kept["state"] = state
    found = kept.get(("playable", me))
    if found is None:
        found = kept[("playable", me)] = _playable(table, state, me)
    return found


def _playable(table, state, me: str) -> list[dict]:
    seat = state.seats[state.index(me)]
    out = []
    for card in cards_of(state):
        try:
            r = targets(table, me, card.name)
        except Problem as p:             # not now at all (the engine said why)
            out.append({"name": card.name, "ok": False, "code": p.code, "message": p.say,
                        "rule": p.rule, "rule_title": _title(p.rule)})
            continue
        rows = [r["play"]] if not r["needs_target"] else r["targets"]
        good = [x for x in rows if x.get("ok")]
        row = {"name": card.name, "ok": bool(good)}
        if not good and rows:
            why = next((x for x in rows if x.get("code") not in TARGET_CODES), rows[0])
            row.update(code=why.get("code", ""), message=why.get("message", ""),
                       rule=why.get("rule", ""), rule_title=why.get("rule_title", ""))
        elif not rows:
            row.update(ok=False, message=msg("Nobody can be aimed at."), rule=card.rule,
                       rule_title=_title(card.rule))
        if good and card.kind == "beer" and seat.life >= seat.max_life:
            row["note"] = msg("At full {life} a {card} does nothing.", card=name(card.name),
                              life=name(state.rules.data.words["life"]))
        out.append(row)
    return out


def catalogue(table) -> list[dict]:
    """The cards of this table's ruleset, for the "play a card" picker."""
    return engine.card_catalogue(_state(table))


def distance(table, a: object, b: object) -> dict:
    """How far `a` sees `b`, and why; and whether a's weapon (or Panic!) reaches."""
    state = _state(table)
    i, j = state.index(_seat(state, a)), state.index(_seat(state, b))
    for k in (i, j):
        if not state.seats[k].alive:
            raise Problem("bad_request", msg("{seat} is out of the game.",
                                             seat=state.seats[k].name,
                                             you={"seat": N_("You are out of the game.")}))
    if i == j:
        raise Problem("bad_request", msg("Pick two different players."))
    d, parts = distance_parts(state, i, j)
    wname, rng = weapon(state, i)
    return {"from": state.seats[i].name, "to": state.seats[j].name, "distance": d,
            "breakdown": parts, "weapon": wname, "range": rng, "bang": d <= rng,
            "panic": d <= 1, "rule": state.rules.own_rule("distance"),
            "rule_title": _title(state.rules.own_rule("distance"))}
