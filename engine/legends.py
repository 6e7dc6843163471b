"""BANG! Legends: the Feats, fame tokens, becoming a Legend, claims, and the Jail's
heart discard. The legend-side abilities are data in characters.LEGEND_CHARACTERS,
read by the same hooks as the base characters.

A Feat's requirement is judged from what happened in the current turn (`turn_log`).
The eight Feats with the Crossroad symbol can be done on purpose with one's own
cards: their action is part of the perform move itself (`"discard": "Beer"`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .cards import norm, parse_drawn, show
from .effects import Ctx
from .errors import Refusal
from .moves import Move
from .rulesets import rules_of
from .state import Ask, State
from .table import cards_of, has_kind, hand_limit, target_problem
from .turns import check_due, own_turn

Log = list[dict]


@dataclass(frozen=True)
class Feat:
    name: str
    crossroad: bool
    requirement: str          # our own words
    met: Callable[[Log, int], bool] | None = None   # None: the action is in the move
    before_draw: bool = False  # what happened before the draw phase counts too


def after_draw(log: Log, phase: str) -> Log:
    """What happened this turn once the draw phase was over: a Feat's deed is done "during
    your turn, after the draw phase" unless its card says otherwise. (A turn that began in
    the play phase, as a record may, has its whole log after the draw.)"""
    k = next((n for n, e in enumerate(log) if "drew" in e), None)
    if k is None:
        return log if phase == "play" else []
    return log[k + 1:]


def _took_or_dropped_weapon(log: Log, i: int) -> bool:
    return any(e.get("kind") == "weapon" and ("took" in e or "discarded" in e)
               or e.get("took") == "hand" or e.get("discarded") == "hand" for e in log)


def _hit_others(log: Log, i: int) -> set[int]:
    return {e["hit"] for e in log if "hit" in e and e.get("by") == i and e["hit"] != i}


FEATS: tuple[Feat, ...] = (
    Feat("Fifty Guns", False, "Take or discard a weapon (yours or another player's).",
         _took_or_dropped_weapon),
    Feat("Wounded Pride", False, "Another player makes one of your BANG! cards miss.",
         lambda log, i: any(e.get("missed") == i and e.get("card") == "BANG!" for e in log)),
    Feat("Old West Gang", False, "Hit two or more different players in the same turn.",
         lambda log, i: len(_hit_others(log, i)) >= 2),
    Feat("Bottleneck", True, "Discard a Beer."),
    Feat("The Chuck-a-Luck", True, "Discard a BANG! card (answering your own Duel counts).",
         lambda log, i: any(e.get("answered") == "BANG!" and e.get("seat") == i
                            and e.get("to") == "duel" for e in log)),
    Feat("3:15 to Yooma", False, "Draw! yourself, or make another player draw!, this turn "
         "(start-of-turn draw!s count).", lambda log, i: any("draw_check" in e for e in log),
         before_draw=True),
    Feat("Good Company", True, "Discard a card and play one of the same name, in either "
         "order."),
    Feat("The Last Hero", True, "Discard a blue card that is in play.",
         lambda log, i: any(e.get("colour") == "blue" and "discarded" in e for e in log)),
    Feat("The Man with No Name", True, "Lose 1 life point, but not your last.",
         lambda log, i: any(e.get("hit") == i and e.get("after", 0) >= 1 for e in log)),
    Feat("Wilhelm Scream", False, "Play a BANG! at a player at distance 2 or more.",
         lambda log, i: any(e.get("played") == "BANG!" and e.get("distance", 0) >= 2
                            for e in log)),
    Feat("Scrugs Ballad", False, "Lose a Duel.",
         lambda log, i: any(e.get("lost_duel") == i for e in log)),
    Feat("Borderlands", True, "Discard your whole hand (an empty hand counts)."),
    Feat("The Oregon Trail", True, "In your draw phase, leave the first card you would draw."),
    Feat("A Thousand Ways to Die", True, "Show a Missed! from your hand together with another "
         "card of the same suit."),
    Feat("For a Few Cards More", False, "Discard at least one card over your hand limit at the "
         "end of the turn."),
    Feat("A Quick Death", False, "Hit, with a BANG! card, another player who was at full life.",
         lambda log, i: any(e.get("by") == i and e.get("hit") != i and e.get("card") == "BANG!"
                            and e.get("was_full") for e in log)),
)
FEATS_BY_KEY = {norm(f.name): f for f in FEATS}


def feat_named(ctx: Ctx, name: object) -> tuple[int, Feat | None]:
    """(index among the revealed Feats, its table row or None when the app does not know it)."""
    if isinstance(name, str):
        for k, f in enumerate(ctx.s.feats):
            if norm(f["name"]) == norm(name):
                return k, FEATS_BY_KEY.get(norm(name))
    raise Refusal("feat_not_revealed", f"{name!r} is not among the revealed Feats.",
                  "legends.feats")


def _legends(ctx: Ctx) -> None:
    if not rules_of(ctx.s).features.get("feats"):
        raise Refusal("bad_move", "Feats belong to BANG! Legends.", "legends.feats")


def _once_a_turn(ctx: Ctx, i: int) -> None:
    if any(("feat" in e or "boast" in e) and e.get("seat") == i for e in ctx.s.turn_log):
        raise Refusal("feat_done", f"{ctx.name(i)} has already performed, claimed or boasted "
                      "this turn.", "legends.perform")


def met_this_turn(s: State, feat: Feat, i: int) -> bool:
    """Whether seat i's turn so far already meets the Feat (nothing more to do for it)."""
    log = s.turn_log if feat.before_draw else after_draw(s.turn_log, s.phase)
    return feat.met is not None and feat.met(log, i)


def requirement(ctx: Ctx, m: Move, i: int, k: int, feat: Feat | None) -> str:
    """Check the Feat's requirement, or carry out its action when the move does it
    (Crossroad Feats). Returns a note for the ruling ("" when there is nothing to add)."""
    s = ctx.s
    if feat is None:
        return f"{s.feats[k]['name']} is not known to the app: its requirement is trusted."
    if s.mode == "tracker":
        if feat.name == "For a Few Cards More":
            ctx.log(ends_turn=i)           # done with the end of the turn's discard
        return "Tracker mode: the table saw the requirement met; the app does not check it."
    if "discard" not in m.opts and met_this_turn(s, feat, i):
        return ""
    action = ACTIONS.get(feat.name)
    if action is None:
        raise Refusal("feat_requirement", f"{feat.name}: {feat.requirement} That has not "
                      "happened this turn.", "legends.perform")
    action(ctx, m, i, feat)
    return ""


def _discard_named(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    want = {"Bottleneck": "Beer", "The Chuck-a-Luck": "BANG!"}.get(feat.name)
    given = m.opts.get("discard", want)
    if given is None:
        raise Refusal("feat_requirement", f"{feat.name}: say which card is discarded.", "legends.perform")
    card = cards_of(ctx.s).get(given).name
    if want and card != want:
        raise Refusal("feat_requirement", f"{feat.name}: the card discarded must be a {want}.",
                      "legends.perform")
    if feat.name == "Good Company" and not any(card in (e.get("card"), e.get("played"))
                                               and "played" in e for e in ctx.s.turn_log):
        raise Refusal("feat_requirement", f"Good Company: play a {card} first this turn, then "
                      "discard its twin with this move.", "legends.perform")
    ctx.spend(i, 1, f"{feat.name}: {card}")


def _discard_in_play(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    seat = ctx.s.seats[i]
    given = m.opts.get("discard")
    if given is None:
        raise Refusal("feat_requirement", "The Last Hero: no blue card was discarded from play "
                      "this turn; say which of yours goes.", "legends.perform")
    card = cards_of(ctx.s).get(given).name
    if card not in seat.in_play:
        raise Refusal("no_such_card_in_play", f"{seat.name} has no {card} in play.",
                      "legends.perform")
    seat.in_play.remove(card)
    ctx.say("discard", f"{seat.name} discards the {card} in play.")


def _lose_life(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    if ctx.s.seats[i].life < 2:
        raise Refusal("feat_requirement", "The Man with No Name: the life lost cannot be your "
                      "last.", "legends.perform")
    ctx.hit(i, 1, None, feat.name)


def _whole_hand(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    hand = ctx.s.seats[i].hand
    if hand:
        ctx.spend(i, hand, feat.name)


def _skip_first_card(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    ctx.log(oregon=i)


def _corner(text: object) -> tuple[str | None, tuple[str, str]]:
    """A shown card as written: "K♣", or a card's name then its corner, "Remington K♣"."""
    if isinstance(text, str) and " " in text.strip():
        name, corner = text.strip().rsplit(" ", 1)
        try:
            return None, parse_drawn(text)          # "10 ♣": a corner with a space in it
        except Refusal:
            return name, parse_drawn(corner)
    return None, parse_drawn(text)


def _copies_shown(ctx: Ctx, text: object) -> list[tuple[str, int]]:
    """The deck's copies a shown card may be, each as (card name, index among its copies):
    every card with that corner, or only the named card's."""
    name, (rank, suit) = _corner(text)
    table = cards_of(ctx.s)
    rows = [table.get(name)] if name is not None else list(table)
    out = [(c.name, k) for c in rows for k, cp in enumerate(c.copies)
           if parse_drawn(cp) == (rank, suit)]
    if not out:
        raise Refusal("feat_requirement", f"The deck has no {rows[0].name} {show(rank, suit)}.",
                      "legends.perform")
    return out


def _missed_and_partner(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    """A card is its name and its copy: the Missed! K♣ and the Remington K♣ are two cards,
    the 5♠ written twice is one (the deck has a single 5♠)."""
    shown = m.opts.get("show", m.opts.get("reveal") if m.action == "perform" else None)
    if not isinstance(shown, list) or len(shown) != 2:
        raise Refusal("feat_requirement", "Show two cards: the Missed! first, then its partner.",
                      "legends.perform")
    (r1, s1), (r2, s2) = (_corner(c)[1] for c in shown)
    first = [c for c in _copies_shown(ctx, shown[0]) if c[0] == "Missed!"]
    second = _copies_shown(ctx, shown[1])
    pairs = [(a, b) for a in first for b in second if a != b]
    if first and s1 == s2 and not pairs:
        raise Refusal("feat_requirement", f"The deck holds a single {shown[1]}: two different "
                      "cards must be shown.", "legends.perform")
    if not pairs or s1 != s2:
        raise Refusal("feat_requirement", f"{shown[0]} and {shown[1]} are not a Missed! and "
                      "another card of the same suit.", "legends.perform")
    if ctx.s.seats[i].hand < 2:
        raise Refusal("not_enough_cards", "Two cards must be shown from the hand.",
                      "legends.perform")
    partners = {b[0] for _, b in pairs}
    other = f"the {partners.pop()} " if len(partners) == 1 else ""
    ctx.say("feat", f"{ctx.name(i)} shows the Missed! {show(r1, s1)} and {other}{show(r2, s2)}.")


def _excess(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    """The end of the turn's discard, done now: the tokens come after it, then the turn ends."""
    need = ctx.s.seats[i].hand - hand_limit(ctx.s, i)
    if need <= 0:
        raise Refusal("feat_requirement", "For a Few Cards More: no card is over the hand limit.",
                      "legends.perform")
    ctx.spend(i, need, "end of turn")
    ctx.log(excess_discard=need, ends_turn=i)


ACTIONS = {
    "Bottleneck": _discard_named, "The Chuck-a-Luck": _discard_named,
    "Good Company": _discard_named, "The Last Hero": _discard_in_play,
    "The Man with No Name": _lose_life, "Borderlands": _whole_hand,
    "The Oregon Trail": _skip_first_card, "A Thousand Ways to Die": _missed_and_partner,
    "For a Few Cards More": _excess,
}


def _when(ctx: Ctx, feat: Feat | None, i: int) -> None:
    """Feats are done in the play phase, except the Oregon Trail (before the draw) and
    Borderlands, which Suzy Lafayette may do before drawing."""
    s = ctx.s
    if s.mode == "tracker":
        return                          # the phases are the table's own in tracker mode
    if check_due(ctx):
        raise Refusal("check_pending", "The start-of-turn draw! comes first.", "turn.start")
    name = feat.name if feat else ""
    if name == "The Oregon Trail":
        if s.phase == "play":
            raise Refusal("wrong_phase", "The Oregon Trail is done in the draw phase, before "
                          "drawing.", "legends.perform")
    elif s.phase != "play" and not (name == "Borderlands" and ctx.char(i).refill_to):
        raise Refusal("wrong_phase", "Feats are performed after the draw phase.",
                      "legends.perform")


def do_perform(ctx: Ctx, m: Move, i: int) -> None:
    _legends(ctx)
    own_turn(ctx, m, i)
    seat = ctx.s.seats[i]
    if seat.legend:
        raise Refusal("already_legend", "A Legend claims Feats instead of performing them.",
                      "legends.claim")
    k, feat = feat_named(ctx, m.arg)
    _when(ctx, feat, i)
    _once_a_turn(ctx, i)
    if seat.name in ctx.s.feats[k]["tokens"]:
        raise Refusal("feat_done", f"{seat.name} already has fame on {ctx.s.feats[k]['name']}.",
                      "legends.perform")
    note = requirement(ctx, m, i, k, feat)
    n = min(2, seat.fame)
    place(ctx, i, k, n, "performs")
    if note:
        ctx.say("note", note)
    ctx.log(feat=ctx.s.feats[k]["name"], seat=i)
    _maybe_end_turn(ctx, i)


def _maybe_end_turn(ctx: Ctx, i: int) -> None:
    """For a Few Cards More is done with the end of the turn's discard: the turn ends."""
    if any(e.get("ends_turn") == i for e in ctx.s.turn_log) and ctx.s.turn == i:
        ctx.next_turn()


def place(ctx: Ctx, i: int, k: int, n: int, verb: str) -> None:
    seat = ctx.s.seats[i]
    if seat.fame < 1:
        raise Refusal("feat_done", f"{seat.name} has no fame tokens left.", "legends.perform")
    tokens = ctx.s.feats[k]["tokens"]
    tokens[seat.name] = tokens.get(seat.name, 0) + n
    seat.fame -= n
    ctx.say("feat", f"{seat.name} {verb} {ctx.s.feats[k]['name']}: {n} fame "
            f"token{'s' if n != 1 else ''} ({seat.fame} left).", seat=seat.name)
    if seat.fame == 0:
        become_legend(ctx, i)


def become_legend(ctx: Ctx, i: int) -> None:
    seat = ctx.s.seats[i]
    seat.legend = True
    ctx.say("legend", f"{seat.name} becomes a Legend: {seat.character} turns to the legend "
            "side.", seat=seat.name)
    if seat.life < 3:
        ctx.heal(i, 3 - seat.life, "becoming a Legend")
    ctx.refill(i)


def _reveal(ctx: Ctx, m: Move, required: bool) -> None:
    name = m.opts.get("reveal")
    if name is None:
        if required:
            raise Refusal("bad_move", "Name the Feat turned up from the deck.",
                          "legends.boast")
        return
    if not isinstance(name, str) or not name.strip():
        raise Refusal("bad_move", "Name the Feat turned up.", "legends.boast")
    if any(norm(f["name"]) == norm(name) for f in ctx.s.feats):
        raise Refusal("bad_move", f"{name} is already revealed.", "legends.boast")
    known = FEATS_BY_KEY.get(norm(name))
    ctx.s.feats.append({"name": known.name if known else name.strip(), "tokens": {}})
    ctx.say("feat", f"A new Feat is revealed: {ctx.s.feats[-1]['name']}"
            + ("" if known else " (unknown to the app: its requirement will be trusted)") + ".")


def do_boast(ctx: Ctx, m: Move, i: int) -> None:
    _legends(ctx)
    s, seat = ctx.s, ctx.s.seats[i]
    jailed = bool(s.turn_log) and s.turn_log[0].get("jailed_before") == i and len(s.turn_log) == 1
    if not jailed:
        own_turn(ctx, m, i)
        if s.phase != "play" and s.mode != "tracker":
            raise Refusal("wrong_phase", "Boasting comes at the end of the turn.",
                          "legends.boast")
    if seat.legend:
        raise Refusal("already_legend", "A Legend can no longer boast.", "legends.boast")
    if any(e.get("seat") == i and ("feat" in e or "boast" in e) for e in s.turn_log):
        raise Refusal("feat_done", "Boasting is instead of performing, once a turn.",
                      "legends.boast")
    _reveal(ctx, m, required=True)
    if len(s.feats) > 4:
        top = max(sum(f["tokens"].values()) for f in s.feats)
        tied = [f for f in s.feats if sum(f["tokens"].values()) == top]
        gone = tied[0]
        if len(tied) > 1:
            pick = m.opts.get("discard")
            match = [f for f in tied if isinstance(pick, str) and norm(f["name"]) == norm(pick)]
            if not match:
                raise Refusal("bad_move", "Several Feats have the most tokens: say which one is "
                              "discarded: " + ", ".join(f["name"] for f in tied) + ".",
                              "legends.boast")
            gone = match[0]
        s.feats.remove(gone)
        ctx.say("feat", f"{gone['name']} is discarded with its tokens.")
    k, _ = feat_named(ctx, m.arg)
    if seat.name in s.feats[k]["tokens"]:
        raise Refusal("feat_done", f"{seat.name} already has fame on {s.feats[k]['name']}.",
                      "legends.boast")
    place(ctx, i, k, 1, "boasts about")
    ctx.log(boast=s.feats[k]["name"], seat=i, closes=i, rule="legends.boast",
            why=f"{seat.name} has boasted, at the end of the turn: no more cards are played; "
                "ending the turn is what is left.")


def do_claim(ctx: Ctx, m: Move, i: int) -> None:
    _legends(ctx)
    own_turn(ctx, m, i)
    s, seat = ctx.s, ctx.s.seats[i]
    if not seat.legend:
        raise Refusal("not_a_legend", "Only a Legend claims Feats.", "legends.claim")
    k, feat = feat_named(ctx, m.arg)
    _when(ctx, feat, i)
    _once_a_turn(ctx, i)
    target = m.opts.get("target")
    j = s.index(target) if target is not None else None
    shoot = m.opts.get("shoot") is True
    if shoot and not ctx.char(i).bang_instead_of_claim:
        raise Refusal("ability_unavailable", f"{seat.character} cannot shoot instead of "
                      "claiming.", "legends.claim")
    if j is not None and shoot:
        problem = target_problem(s, i, cards_of(s).get("BANG!"), j)
        if problem:
            raise problem
    elif j is not None:
        t = s.seats[j]
        if j == i or not t.alive or not t.legend \
                or (t.life <= 1 and not ctx.char(i).claim_last_life):
            raise Refusal("claim_target", f"{t.name} cannot lose life to a claim: only another "
                          "Legend with more than 1 life.", "legends.claim")
    if not isinstance(m.opts.get("reveal"), str):
        raise Refusal("bad_move", "Name the Feat that replaces the claimed one.",
                      "legends.claim")
    note = requirement(ctx, m, i, k, feat)
    name = s.feats.pop(k)["name"]
    ctx.say("feat", f"{seat.name} claims {name}.", seat=seat.name)
    if note:
        ctx.say("note", note)
    ctx.log(feat=name, seat=i)
    _reveal(ctx, m, required=True)
    if j is not None and shoot:
        s.pending.append(Ask(j, "bang", i, "free BANG!"))
    elif j is not None:
        ctx.hit(j, 1, i, "claim")
    if not s.pending:
        _maybe_end_turn(ctx, i)


def do_jail_discard(ctx: Ctx, m: Move, i: int) -> None:
    """Legends: leave Jail by discarding a heart from hand instead of the draw!."""
    _legends(ctx)
    own_turn(ctx, m, i)
    if check_due(ctx) != "jail":
        raise Refusal("no_check_due", f"{ctx.name(i)} is not in Jail now (a Dynamite comes "
                      "first).", "legends.jail")
    arg = m.arg if isinstance(m.arg, dict) else {}
    rank, suit = parse_drawn(arg.get("discard"))
    if suit != "H":
        raise Refusal("bad_check", f"{show(rank, suit)} is not a heart.", "legends.jail")
    seat = ctx.s.seats[i]
    ctx.spend(i, 1, f"a heart to leave Jail: {show(rank, suit)}")
    seat.in_play.remove(has_kind(ctx.s, i, "jail"))
    ctx.say("jail", f"{seat.name} leaves Jail.")
    if check_due(ctx) is None:
        ctx.s.phase = "draw"
