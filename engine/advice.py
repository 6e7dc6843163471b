"""The referee's answers to "may I?": a dry run of a move with its ruling, the answers a
player may give to the question put to them, what their turn asks of them now, and
which Feats they may perform, boast about or claim. Pages grey out what is refused and
show the reason; nothing here changes the state.
"""
from __future__ import annotations

from .errors import Refusal
from .game import apply
from .legends import FEATS_BY_KEY, met_this_turn
from .cards import norm
from .rulebook import RULES, title
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
        text = RULES.get(e.rule, {}).get("text", "")
        return {"ok": False, "code": e.code, "message": e.say, "rule": e.rule,
                "rule_title": _title(e.rule), "rule_text": msg(text) if text else ""}
    return {"ok": True, "events": [ev["text"] for ev in events],
            **decisions(state, move, events)}


def decisions(state: State, move: dict, events: list[dict]) -> dict:
    """The project decisions a ruling rests on, for the page to show: {"decisions":
    [{"id", "text", "rule", "rule_title"}]} (nothing when there are none)."""
    rules = state.rules
    ids = [ev["decision"] for ev in events if ev.get("decision")]
    by = move.get("by") if isinstance(move, dict) else None
    try:
        if by and state.seats[state.index(by)].character in state.custom:
            ids.append("custom_ability")
    except Refusal:
        pass
    found = [dict(rules.decisions[k], id=k, text=msg(rules.decisions[k]["text"]),
                  rule_title=_title(rules.decisions[k]["rule"]))
             for k in dict.fromkeys(ids) if k in rules.decisions]
    return {"decisions": found} if found else {}


def _title(rule: str) -> dict | str:
    """A rule's title as a message (its name in the reader's language)."""
    text = title(rule)
    return name(text) if text else ""


def try_move(state: State, move: dict) -> dict:
    """A dry run's verdict in the short form a page's button reads: {"ok"}, or {"ok":
    False, "code", "reason", "rule", "rule_title"}."""
    r = judge(state, move)
    return {"ok": True} if r["ok"] else {"ok": False, "code": r["code"],
                                          "reason": r["message"], "rule": r["rule"],
                                          "rule_title": r["rule_title"]}


def _named(state: State, kind: str) -> str:
    """The name of the ruleset's card of that kind (Beer, Bacta Tank...)."""
    return next((c.name for c in cards_of(state) if c.kind == kind), kind)


def answers_for(state: State, seat: str) -> list[dict]:
    """The answers seat may give now: [{"respond", "label", "ok", "reason"?, "needs_check"?}]."""
    i = state.index(seat)
    asks = state.asks_for(i)
    if not asks:
        return []
    ask = asks[0]
    char = character(state, i)
    rules = state.rules
    word, life = rules.words["check"], rules.words["life"]
    missed, bang, beer = _named(state, "missed"), _named(state, "bang"), _named(state, "beer")
    own = state.seats[i].character
    word, life = name(word), name(life)
    options: list[tuple[str, dict, bool]] = []     # (respond, label, needs a revealed card)
    if ask.kind in ("bang", "gatling"):
        options.append((missed, name(missed), False))
        if char.swaps_bang_missed:
            options.append((bang, msg("{card} as {other}", card=name(bang), other=name(missed)),
                            False))
        barrel = has_kind(state, i, "barrel")
        if barrel:
            options.append((barrel, msg("{card} ({check})", card=name(barrel), check=word), True))
        if char.built_in_barrel or char.evades_brown:
            options.append((own, msg("{card} ({check})", card=name(own), check=word), True))
        options.append(("take", msg("Take the hit"), False))
    elif ask.kind in ("indians", "duel"):
        options.append((bang, msg("Discard a {card}", card=name(bang)), False))
        if char.swaps_bang_missed:
            options.append((missed, msg("{card} as {other}", card=name(missed), other=name(bang)),
                            False))
        if char.evades_brown:
            options.append((own, msg("{card} ({check})", card=name(own), check=word), True))
        options.append(("take", msg("Give up: lose 1 {life}", life=life) if ask.kind == "duel"
                        else msg("Lose 1 {life}", life=life), False))
    elif ask.kind == "evade":
        options += [(own, msg("{card} ({check})", card=name(own), check=word), True),
                    ("take", msg("Let it happen"), False)]
    elif ask.kind == "dying":
        options.append((beer, name(beer) if len(state.alive()) > 2
                        else msg("{card} (heals nothing with two players left)", card=name(beer)),
                        False))
        options.append(("take", msg("I'm out"), False))
    out = []
    for respond, label, needs_check in options:
        move = {"by": seat, "respond": respond}
        if needs_check:
            move.update(rules.sample_check(char))      # any card: is the answer allowed?
        row = {"respond": respond, "label": label, "needs_check": needs_check,
               **try_move(state, move)}
        out.append(row)
    if char.heal_by_discard:
        out.append({"respond": None, "ability": {"discard": 2},
                    "label": msg("{character}: discard 2 for 1 {life}",
                                 character=name(char.name), life=life),
                    **try_move(state, {"by": seat, "ability": {"discard": 2}})})
    return out


def turn_hints(state: State, seat: str) -> dict:
    """What the player whose turn it is must do next: a draw!, the draw, the discard."""
    i = state.index(seat)
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
    if not state.rules.features.get("feats"):
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
    if character(state, i).free_bang_on_heal:
        tries = [try_move(state, {"by": seat, "ability": {"bang": s.name}})
                 for j, s in enumerate(state.seats) if j != i and s.alive]
        ok = [t for t in tries if t["ok"]]
        out["bang"] = ok[0] if ok else (tries[0] if tries else {"ok": False})
    return out


def card_catalogue(state: State) -> list[dict]:
    """The cards of the table's ruleset for the "play a card" picker."""
    rules = state.rules
    return [{"name": c.name, "colour": c.colour, "kind": c.kind, "target": c.target,
             "range": c.range, "rule": c.rule, **rules.card_info(c)} for c in cards_of(state)]
