"""The referee's answers to "may I?": a dry run of a move with its ruling, the answers a
player may give to the question put to them, and what their turn asks of them now (a
ruleset adds its own, `Ruleset.answer_options` and `phone_extras`). Pages grey out
what is refused and show the reason; nothing here changes the state.
"""
from __future__ import annotations

from .errors import Refusal
from .game import apply
from .say import msg, name
from .state import State
from .table import cards_of, character, has_kind, hand_limit
from .turns import check_due as _check_due
from .effects import Ctx


def judge(state: State, move: dict) -> dict:
    """A ruling on a move without playing it: {"ok", "events"} or {"ok": False, "code",
    "message", "rule", "rule_text"}."""
    try:
        _, events = apply(state, move)
    except Refusal as e:
        text = state.rules.book.text(e.rule)
        return {"ok": False, "code": e.code, "message": e.say, "rule": e.rule,
                "rule_title": _title(state, e.rule), "rule_text": msg(text) if text else ""}
    return {"ok": True, "events": [ev["text"] for ev in events],
            **decisions(state, move, events)}


def decisions(state: State, move: dict, events: list[dict]) -> dict:
    """The project decisions a ruling rests on, for the page to show: {"decisions":
    [{"id", "text", "rule", "rule_title"}]} (nothing when there are none)."""
    rules = state.rules
    ids = [ev["decision"] for ev in events if ev.get("decision")]
    by = move.get("by") if isinstance(move, dict) else None
    try:
        if by and rules.data.custom_decision and state.seats[state.index(by)].character in state.custom:
            ids.append(rules.data.custom_decision)
    except Refusal:
        pass
    found = [dict(rules.data.decisions[k], id=k, text=msg(rules.data.decisions[k]["text"]),
                  rule_title=_title(state, rules.data.decisions[k]["rule"]))
             for k in dict.fromkeys(ids) if k in rules.data.decisions]
    return {"decisions": found} if found else {}


def _title(state: State, rule: str) -> dict | str:
    """A rule's title as a message (its name in the reader's language)."""
    text = state.rules.book.title(rule)
    return name(text) if text else ""


def try_move(state: State, move: dict) -> dict:
    """A dry run's verdict in the short form a page's button reads: {"ok"}, or {"ok":
    False, "code", "reason", "rule", "rule_title"}."""
    r = judge(state, move)
    return {"ok": True} if r["ok"] else {"ok": False, "code": r["code"],
                                          "reason": r["message"], "rule": r["rule"],
                                          "rule_title": r["rule_title"]}


def _named(state: State, kind: str) -> str:
    """The name of the ruleset's card of that kind (the Beer, or its own)."""
    return next((c.name for c in cards_of(state) if c.kind == kind), kind)


def answers_for(state: State, seat: str) -> list[dict]:
    """The answers seat may give now: [{"respond", "label", "ok", "reason"?, "needs_check"?}]
    (an answer that is a move of another kind: "respond" None and that move's key, such
    as "ability")."""
    return answers_at(state, state.index(seat))


def answers_at(state: State, i: int) -> list[dict]:
    """`answers_for` the seat at index i."""
    asks = state.asks_for(i)
    if not asks:
        return []
    ask, seat = asks[0], state.seats[i].name
    char = character(state, i)
    rules = state.rules
    word, life = rules.data.words["check"], rules.data.words["life"]
    missed, bang, beer = _named(state, "missed"), _named(state, "bang"), _named(state, "beer")
    own = state.seats[i].character
    word, life = name(word), name(life)
    options: list[tuple[str, dict, bool]] = []     # (respond, label, needs a revealed card)
    if ask.kind in ("bang", "gatling"):
        options.append((missed, name(missed), False))
        if char.swaps_bang_missed:
            options.append((bang, msg("{card} as {other}", card=name(bang), other=name(missed),
                                        you={}),    # {other}: a card, not a seat
                            False))
        barrel = has_kind(state, i, "barrel")
        if barrel:
            options.append((barrel, msg("{card} ({check})", card=name(barrel), check=word), True))
        if char.built_in_barrel:
            options.append((own, msg("{card} ({check})", card=name(own), check=word), True))
        options.append(("take", msg("Take the hit"), False))
    elif ask.kind in ("indians", "duel"):
        options.append((bang, msg("Discard a {card}", card=name(bang)), False))
        if char.swaps_bang_missed:
            options.append((missed, msg("{card} as {other}", card=name(missed), other=name(bang),
                                          you={}),  # {other}: a card, not a seat
                            False))
        options.append(("take", msg("Give up: lose 1 {life}", life=life) if ask.kind == "duel"
                        else msg("Lose 1 {life}", life=life), False))
    elif ask.kind == "dying":
        options.append((beer, name(beer) if len(state.alive()) > 2
                        else msg("{card} (heals nothing with two players left)", card=name(beer)),
                        False))
        options.append(("take", msg("I'm out"), False))
    elif ask.accepts:                     # a question of the ruleset's own, with its cards
        for kind in ask.accepts:
            options.append((_named(state, kind), name(_named(state, kind)), False))
        if char.swaps_bang_missed and "missed" in ask.accepts:
            options.append((bang, msg("{card} as {other}", card=name(bang), other=name(missed),
                                        you={}),    # {other}: a card, not a seat
                            False))
        options.append(("take", msg("No {card}", card=name(_named(state, ask.accepts[0]))),
                        False))
    out = []
    for respond, label, needs_check in rules.answer_options(state, i, ask, options):
        move = {"by": seat, "respond": respond}
        if needs_check:
            move.update(rules.sample_check(char))      # any card: is the answer allowed?
        row = {"respond": respond, "label": label, "needs_check": needs_check,
               **try_move(state, move)}
        out.append(row)
    for keys, label in rules.views.answer_moves(state, i, ask):   # a ruleset's own moves
        out.append({"respond": None, **keys, "label": label, "needs_check": False,
                    **try_move(state, {"by": seat, **keys})})
    if char.heal_by_discard:
        out.append({"respond": None, "ability": {"discard": 2},
                    "label": msg("{character}: discard 2 for 1 {life}",
                                 character=name(char.name), life=life),
                    **try_move(state, {"by": seat, "ability": {"discard": 2}})})
    return out


def turn_hints(state: State, seat: str) -> dict:
    """What the player whose turn it is must do next: a draw!, the draw, the discard."""
    return hints_at(state, state.index(seat))


def hints_at(state: State, i: int) -> dict:
    """`turn_hints` of the seat at index i."""
    if state.turn != i or state.winner is not None:
        return {}
    char = character(state, i)
    due = _check_due(Ctx(state)) if not state.pending else None
    hints: dict = {"phase": state.phase, "check_due": due,
                   "check_cards": 2 if char.check_cards == 2 else 1}
    if state.phase in ("start", "draw") and not due:
        hints["draw"] = {"hook": char.draw, "reveal_required": char.draw == "black_jack"}
    if state.phase == "play":
        hints["discard_needed"] = max(0, state.seats[i].hand - hand_limit(state, i))
        hints["hand_limit"] = hand_limit(state, i)
    return hints


def card_catalogue(state: State) -> list[dict]:
    """The cards of the table's ruleset for the "play a card" picker."""
    rules = state.rules
    return [{"name": c.name, "colour": c.colour, "kind": c.kind, "target": c.target,
             "range": c.range, "rule": c.rule, **rules.views.card_info(c)} for c in cards_of(state)]
