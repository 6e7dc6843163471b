"""BANG! Legends: the Feats, fame tokens, becoming a Legend, claims, and the Jail's
heart discard, and the revealed Feats a record's header holds. The legend-side abilities
are data in characters.py, read by the same hooks as the base characters.

A Feat's requirement is judged from what happened in the current turn (`turn_log`).
The eight Feats with the Crossroad symbol can be done on purpose with one's own
cards: their action is part of the perform move itself (`"discard": "Beer"`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...cards import norm, parse_drawn, show
from ...effects import Ctx
from ...errors import Refusal
from ...moves import Move
from ...state import Ask, Seat, State
from ...table import cards_of, has_kind, hand_limit, target_problem
from ...turns import check_due, own_turn
from ...say import N_, N_plural, msg, name, plural, series

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
    Feat(N_("Fifty Guns"), False, N_("Take or discard a weapon (yours or another player's)."),
         _took_or_dropped_weapon),
    Feat(N_("Wounded Pride"), False, N_("Another player makes one of your BANG! cards miss."),
         lambda log, i: any(e.get("missed") == i and e.get("card") == "BANG!" for e in log)),
    Feat(N_("Old West Gang"), False, N_("Hit two or more different players in the same turn."),
         lambda log, i: len(_hit_others(log, i)) >= 2),
    Feat(N_("Bottleneck"), True, N_("Discard a Beer.")),
    Feat(N_("The Chuck-a-Luck"), True, N_("Discard a BANG! card (answering your own Duel counts)."),
         lambda log, i: any(e.get("answered") == "BANG!" and e.get("seat") == i
                            and e.get("to") == "duel" for e in log)),
    Feat(N_("3:15 to Yooma"), False, N_("Draw! yourself, or make another player draw!, this turn "
            "(start-of-turn draw!s count)."), lambda log, i: any("draw_check" in e for e in log),
         before_draw=True),
    Feat(N_("Good Company"), True, N_("Discard a card and play one of the same name, in either "
            "order.")),
    Feat(N_("The Last Hero"), True, N_("Discard a blue card that is in play."),
         lambda log, i: any(e.get("colour") == "blue" and "discarded" in e for e in log)),
    Feat(N_("The Man with No Name"), True, N_("Lose 1 life point, but not your last."),
         lambda log, i: any(e.get("hit") == i and e.get("after", 0) >= 1 for e in log)),
    Feat(N_("Wilhelm Scream"), False, N_("Play a BANG! at a player at distance 2 or more."),
         lambda log, i: any(e.get("played") == "BANG!" and e.get("distance", 0) >= 2
                            for e in log)),
    Feat(N_("Scrugs Ballad"), False, N_("Lose a Duel."),
         lambda log, i: any(e.get("lost_duel") == i for e in log)),
    Feat(N_("Borderlands"), True, N_("Discard your whole hand (an empty hand counts).")),
    Feat(N_("The Oregon Trail"), True, N_("In your draw phase, leave the first card you would draw.")),
    Feat(N_("A Thousand Ways to Die"), True, N_("Show a Missed! from your hand together with another "
            "card of the same suit.")),
    Feat(N_("For a Few Cards More"), False, N_("Discard at least one card over your hand limit at the "
            "end of the turn.")),
    Feat(N_("A Quick Death"), False, N_("Hit, with a BANG! card, another player who was at full life."),
         lambda log, i: any(e.get("by") == i and e.get("hit") != i and e.get("card") == "BANG!"
                            and e.get("was_full") for e in log)),
)
FEATS_BY_KEY = {norm(f.name): f for f in FEATS}


def _feat(feat_name: str):
    """A Feat's name for a message: a known Feat through name(), one the app does not know
    as the players wrote it."""
    return name(feat_name) if norm(feat_name) in FEATS_BY_KEY else feat_name


def feat_named(ctx: Ctx, name: object) -> tuple[int, Feat | None]:
    """(index among the revealed Feats, its table row or None when the app does not know it)."""
    if isinstance(name, str):
        for k, f in enumerate(ctx.s.feats):
            if norm(f["name"]) == norm(name):
                return k, FEATS_BY_KEY.get(norm(name))
    raise Refusal("feat_not_revealed", msg("'{feat}' is not among the revealed Feats.",
                                                 feat=str(name)),
                  "legends.feats")


def _legends(ctx: Ctx) -> None:
    if not ctx.s.rules.data.features.get("feats"):
        raise Refusal("bad_move", msg("Feats belong to BANG! Legends."), "legends.feats")


def _once_a_turn(ctx: Ctx, i: int) -> None:
    if any(("feat" in e or "boast" in e) and e.get("seat") == i for e in ctx.s.turn_log):
        raise Refusal("feat_done", msg("{seat} has already performed, claimed or boasted this "
                                        "turn.", seat=ctx.name(i),
            you={"seat": N_("You have already performed, claimed or boasted this turn.")}),
        "legends.perform")


def met_this_turn(s: State, feat: Feat, i: int) -> bool:
    """Whether seat i's turn so far already meets the Feat (nothing more to do for it)."""
    log = s.turn_log if feat.before_draw else after_draw(s.turn_log, s.phase)
    return feat.met is not None and feat.met(log, i)


def requirement(ctx: Ctx, m: Move, i: int, k: int, feat: Feat | None) -> dict | None:
    """Check the Feat's requirement, or carry out its action when the move does it
    (Crossroad Feats). Returns a note for the ruling (None when there is nothing to add)."""
    s = ctx.s
    if feat is None:
        return msg("{feat} is not known to the app: its requirement is trusted.",
                   feat=s.feats[k]["name"])
    if s.mode == "tracker":
        if feat.name == "For a Few Cards More":
            ctx.log(ends_turn=i)           # done with the end of the turn's discard
        return msg("Tracker mode: the table saw the requirement met; the app does not check it.")
    if "discard" not in m.opts and met_this_turn(s, feat, i):
        return None
    action = ACTIONS.get(feat.name)
    if action is None:
        raise Refusal("feat_requirement", msg("{feat}: {requirement} That has not happened "
                                              "this turn.", feat=name(feat.name),
                                              requirement=msg(feat.requirement)),
                      "legends.perform")
    action(ctx, m, i, feat)
    return None


def _discard_named(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    want = {"Bottleneck": "Beer", "The Chuck-a-Luck": "BANG!"}.get(feat.name)
    given = m.opts.get("discard", want)
    if given is None:
        raise Refusal("feat_requirement", msg("{feat}: say which card is discarded.",
                                                 feat=name(feat.name)), "legends.perform")
    card = cards_of(ctx.s).get(given).name
    if want and card != want:
        raise Refusal("feat_requirement", msg("{feat}: the card discarded must be a {card}.",
                                                 feat=name(feat.name), card=name(want)),
                      "legends.perform")
    if feat.name == "Good Company" and not any(card in (e.get("card"), e.get("played"))
                                               and "played" in e for e in ctx.s.turn_log):
        raise Refusal("feat_requirement", msg("Good Company: play a {card} first this turn, then "
                                              "discard its twin with this move.", card=name(card)),
                      "legends.perform")
    ctx.spend(i, 1, msg("{feat}: {card}", feat=name(feat.name), card=name(card)))


def _discard_in_play(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    seat = ctx.s.seats[i]
    given = m.opts.get("discard")
    if given is None:
        raise Refusal("feat_requirement", msg("The Last Hero: no blue card was discarded from play "
                                              "this turn; say which of yours goes."),
                      "legends.perform")
    card = cards_of(ctx.s).get(given).name
    if card not in seat.in_play:
        raise Refusal("no_such_card_in_play", msg("{seat} has no {card} in play.",
                                                   seat=seat.name, card=name(card),
                                                  you={"seat": N_("You have no {card} in play.")}),
                      "legends.perform")
    seat.in_play.remove(card)
    ctx.say("discard", msg("{seat} discards the {card} in play.", seat=seat.name,
                           card=name(card),
                           you={"seat": N_("You discard the {card} in play.")}))


def _lose_life(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    if ctx.s.seats[i].life < 2:
        raise Refusal("feat_requirement", msg("The Man with No Name: the life lost cannot be your "
                                              "last."), "legends.perform")
    ctx.hit(i, 1, None, feat.name)


def _whole_hand(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    hand = ctx.s.seats[i].hand
    if hand:
        ctx.spend(i, hand, name(feat.name))


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
    named, (rank, suit) = _corner(text)
    table = cards_of(ctx.s)
    rows = [table.get(named)] if named is not None else list(table)
    out = [(c.name, k) for c in rows for k, cp in enumerate(c.copies)
           if parse_drawn(cp) == (rank, suit)]
    if not out:
        raise Refusal("feat_requirement", msg("The deck has no {card} {corner}.",
                                                 card=name(rows[0].name), corner=show(rank, suit)),
                      "legends.perform")
    return out


def _missed_and_partner(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    """A card is its name and its copy: the Missed! K♣ and the Remington K♣ are two cards,
    the 5♠ written twice is one (the deck has a single 5♠)."""
    shown = m.opts.get("show", m.opts.get("reveal") if m.action == "perform" else None)
    if not isinstance(shown, list) or len(shown) != 2:
        raise Refusal("feat_requirement", msg("Show two cards: the Missed! first, then its "
                                              "partner."),
                      "legends.perform")
    (r1, s1), (r2, s2) = (_corner(c)[1] for c in shown)
    first = [c for c in _copies_shown(ctx, shown[0]) if c[0] == "Missed!"]
    second = _copies_shown(ctx, shown[1])
    pairs = [(a, b) for a in first for b in second if a != b]
    if first and s1 == s2 and not pairs:
        raise Refusal("feat_requirement", msg("The deck holds a single {card}: two different "
                                              "cards must be shown.", card=str(shown[1])),
                      "legends.perform")
    if not pairs or s1 != s2:
        raise Refusal("feat_requirement", msg("{first} and {second} are not a Missed! and another "
                                              "card of the same suit.", first=str(shown[0]),
                                              second=str(shown[1])), "legends.perform")
    if ctx.s.seats[i].hand < 2:
        raise Refusal("not_enough_cards", msg("Two cards must be shown from the hand."),
                      "legends.perform")
    partners = {b[0] for _, b in pairs}
    if len(partners) == 1:
        text = msg("{seat} shows the Missed! {first} and the {card} {second}.", seat=ctx.name(i),
                   first=show(r1, s1), card=name(partners.pop()), second=show(r2, s2),
                   you={"seat": N_("You show the Missed! {first} and the {card} {second}.")})
    else:
        text = msg("{seat} shows the Missed! {first} and {second}.", seat=ctx.name(i),
                   first=show(r1, s1), second=show(r2, s2),
                   you={"seat": N_("You show the Missed! {first} and {second}.")})
    ctx.say("feat", text)


def _excess(ctx: Ctx, m: Move, i: int, feat: Feat) -> None:
    """The end of the turn's discard, done now: the tokens come after it, then the turn ends."""
    need = ctx.s.seats[i].hand - hand_limit(ctx.s, i)
    if need <= 0:
        raise Refusal("feat_requirement", msg("For a Few Cards More: no card is over the hand "
                                              "limit."),
                      "legends.perform")
    ctx.spend(i, need, msg("end of turn"))
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
        raise Refusal("check_pending", msg("The start-of-turn draw! comes first."), "turn.start")
    which = feat.name if feat else ""
    if which == "The Oregon Trail":
        if s.phase == "play":
            raise Refusal("wrong_phase", msg("The Oregon Trail is done in the draw phase, before "
                                               "drawing."), "legends.perform")
    elif s.phase != "play" and not (which == "Borderlands" and ctx.char(i).refill_to):
        raise Refusal("wrong_phase", msg("Feats are performed after the draw phase."),
                      "legends.perform")


def do_perform(ctx: Ctx, m: Move, i: int) -> None:
    _legends(ctx)
    own_turn(ctx, m, i)
    seat = ctx.s.seats[i]
    if seat.legend:
        raise Refusal("already_legend", msg("A Legend claims Feats instead of performing them."),
                      "legends.claim")
    k, feat = feat_named(ctx, m.arg)
    _when(ctx, feat, i)
    _once_a_turn(ctx, i)
    if seat.name in ctx.s.feats[k]["tokens"]:
        raise Refusal("feat_done", msg("{seat} already has fame on {feat}.", seat=seat.name,
                                       feat=_feat(ctx.s.feats[k]["name"]),
            you={"seat": N_("You already have fame on {feat}.")}), "legends.perform")
    note = requirement(ctx, m, i, k, feat)
    n = min(2, seat.fame)
    place(ctx, i, k, n, boast=False)
    if note:
        ctx.say("note", note)
    ctx.log(feat=ctx.s.feats[k]["name"], seat=i)
    _maybe_end_turn(ctx, i)


def _maybe_end_turn(ctx: Ctx, i: int) -> None:
    """For a Few Cards More is done with the end of the turn's discard: the turn ends."""
    if any(e.get("ends_turn") == i for e in ctx.s.turn_log) and ctx.s.turn == i:
        ctx.next_turn()


def place(ctx: Ctx, i: int, k: int, n: int, boast: bool) -> None:
    seat = ctx.s.seats[i]
    if seat.fame < 1:
        raise Refusal("feat_done", msg("{seat} has no fame tokens left.", seat=seat.name,
                                       you={"seat": N_("You have no fame tokens left.")}),
                      "legends.perform")
    tokens = ctx.s.feats[k]["tokens"]
    tokens[seat.name] = tokens.get(seat.name, 0) + n
    seat.fame -= n
    feat = _feat(ctx.s.feats[k]["name"])
    if boast:
        text = plural("{seat} boasts about {feat}: {n} fame token ({left} left).",
                      "{seat} boasts about {feat}: {n} fame tokens ({left} left).", n,
                      seat=seat.name, feat=feat, left=seat.fame,
            you={"seat": N_plural("You boast about {feat}: {n} fame token ({left} left).",
                                  "You boast about {feat}: {n} fame tokens ({left} left).")})
    else:
        text = plural("{seat} performs {feat}: {n} fame token ({left} left).",
                      "{seat} performs {feat}: {n} fame tokens ({left} left).", n,
                      seat=seat.name, feat=feat, left=seat.fame,
                      you={"seat": N_plural("You perform {feat}: {n} fame token ({left} left).",
                                             "You perform {feat}: {n} fame tokens ({left} left).")})
    ctx.say("feat", text, seat=seat.name)
    if seat.fame == 0:
        become_legend(ctx, i)


def become_legend(ctx: Ctx, i: int) -> None:
    seat = ctx.s.seats[i]
    seat.legend = True
    ctx.say("legend", msg("{seat} becomes a Legend: {character} turns to the legend side.",
                          seat=seat.name, character=name(seat.character),
        you={"seat": N_("You become a Legend: {character} turns to the legend side.")}),
    seat=seat.name)
    if seat.life < 3:
        ctx.heal(i, 3 - seat.life, msg("becoming a Legend"))
    ctx.refill(i)


def _reveal(ctx: Ctx, m: Move, required: bool) -> None:
    given = m.opts.get("reveal")
    if given is None:
        if required:
            raise Refusal("bad_move", msg("Name the Feat turned up from the deck."),
                          "legends.boast")
        return
    if not isinstance(given, str) or not given.strip():
        raise Refusal("bad_move", msg("Name the Feat turned up."), "legends.boast")
    if any(norm(f["name"]) == norm(given) for f in ctx.s.feats):
        raise Refusal("bad_move", msg("{feat} is already revealed.", feat=given), "legends.boast")
    known = FEATS_BY_KEY.get(norm(given))
    ctx.s.feats.append({"name": known.name if known else given.strip(), "tokens": {}})
    if known:
        ctx.say("feat", msg("A new Feat is revealed: {feat}.", feat=name(known.name)))
    else:
        ctx.say("feat", msg("A new Feat is revealed: {feat} (unknown to the app: its "
                            "requirement will be trusted).", feat=ctx.s.feats[-1]["name"]))


def do_boast(ctx: Ctx, m: Move, i: int) -> None:
    _legends(ctx)
    s, seat = ctx.s, ctx.s.seats[i]
    jailed = bool(s.turn_log) and s.turn_log[0].get("jailed_before") == i and len(s.turn_log) == 1
    if not jailed:
        own_turn(ctx, m, i)
        if s.phase != "play" and s.mode != "tracker":
            raise Refusal("wrong_phase", msg("Boasting comes at the end of the turn."),
                          "legends.boast")
    if seat.legend:
        raise Refusal("already_legend", msg("A Legend can no longer boast."), "legends.boast")
    if any(e.get("seat") == i and ("feat" in e or "boast" in e) for e in s.turn_log):
        raise Refusal("feat_done", msg("Boasting is instead of performing, once a turn."),
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
                raise Refusal("bad_move", msg("Several Feats have the most tokens: say which "
                                              "one is discarded: {feats}.",
                                              feats=series([_feat(f["name"]) for f in tied])),
                              "legends.boast")
            gone = match[0]
        s.feats.remove(gone)
        ctx.say("feat", msg("{feat} is discarded with its tokens.", feat=_feat(gone["name"])))
    k, _ = feat_named(ctx, m.arg)
    if seat.name in s.feats[k]["tokens"]:
        raise Refusal("feat_done", msg("{seat} already has fame on {feat}.", seat=seat.name,
                                       feat=_feat(s.feats[k]["name"]),
            you={"seat": N_("You already have fame on {feat}.")}), "legends.boast")
    place(ctx, i, k, 1, boast=True)
    ctx.log(boast=s.feats[k]["name"], seat=i, closes=i, rule="legends.boast",
            why=msg("{seat} has boasted, at the end of the turn: no more cards are played; "
                    "ending the turn is what is left.", seat=seat.name,
                you={"seat": N_("You have boasted, at the end of your turn: no more cards are "
                                "played; ending the turn is what is left.")}))


def do_claim(ctx: Ctx, m: Move, i: int) -> None:
    _legends(ctx)
    own_turn(ctx, m, i)
    s, seat = ctx.s, ctx.s.seats[i]
    if not seat.legend:
        raise Refusal("not_a_legend", msg("Only a Legend claims Feats."), "legends.claim")
    k, feat = feat_named(ctx, m.arg)
    _when(ctx, feat, i)
    _once_a_turn(ctx, i)
    target = m.opts.get("target")
    j = s.index(target) if target is not None else None
    shoot = m.opts.get("shoot") is True
    if shoot and not ctx.char(i).bang_instead_of_claim:
        raise Refusal("ability_unavailable", msg("{character} cannot shoot instead of claiming.",
                                                  character=name(seat.character)),
                      "legends.claim")
    if j is not None and shoot:
        problem = target_problem(s, i, cards_of(s).get("BANG!"), j)
        if problem:
            raise problem
    elif j is not None:
        t = s.seats[j]
        if j == i or not t.alive or not t.legend \
                or (t.life <= 1 and not ctx.char(i).claim_last_life):
            raise Refusal("claim_target", msg("{seat} cannot lose life to a claim: only another "
                                               "Legend with more than 1 life.", seat=t.name,
                you={"seat": N_("You cannot lose life to a claim: only another Legend with more "
                                "than 1 life.")}),
                          "legends.claim")
    if not isinstance(m.opts.get("reveal"), str):
        raise Refusal("bad_move", msg("Name the Feat that replaces the claimed one."),
                      "legends.claim")
    note = requirement(ctx, m, i, k, feat)
    claimed = s.feats.pop(k)["name"]
    ctx.say("feat", msg("{seat} claims {feat}.", seat=seat.name, feat=_feat(claimed),
                        you={"seat": N_("You claim {feat}.")}),
            seat=seat.name)
    if note:
        ctx.say("note", note)
    ctx.log(feat=claimed, seat=i)
    _reveal(ctx, m, required=True)
    if j is not None and shoot:
        s.pending.append(Ask(j, "bang", i, N_("free BANG!")))
    elif j is not None:
        ctx.hit(j, 1, i, N_("claim"))
    if not s.pending:
        _maybe_end_turn(ctx, i)


def do_jail_discard(ctx: Ctx, m: Move, i: int) -> None:
    """Legends: leave Jail by discarding a heart from hand instead of the draw!"""
    _legends(ctx)
    own_turn(ctx, m, i)
    if check_due(ctx) != "jail":
        raise Refusal("no_check_due", msg("{seat} is not in Jail now (a Dynamite comes first).",
                                           seat=ctx.name(i),
            you={"seat": N_("You are not in Jail now (a Dynamite comes first).")}), "legends.jail")
    arg = m.arg if isinstance(m.arg, dict) else {}
    rank, suit = parse_drawn(arg.get("discard"))
    if suit != "H":
        raise Refusal("bad_check", msg("{corner} is not a heart.", corner=show(rank, suit)),
                      "legends.jail")
    seat = ctx.s.seats[i]
    ctx.spend(i, 1, msg("a heart to leave Jail: {corner}", corner=show(rank, suit)))
    seat.in_play.remove(has_kind(ctx.s, i, "jail"))
    ctx.say("jail", msg("{seat} leaves Jail.", seat=seat.name,
                        you={"seat": N_("You leave Jail.")}))
    if check_due(ctx) is None:
        ctx.s.phase = "draw"


def read_feats(raw: object, seats: list[Seat], need) -> list[dict]:
    """The revealed Feats of a Legends record: [{"name", "tokens": {seat: n}}];
    `need(cond, where, message)` raises the record's error."""
    need(isinstance(raw, list), "feats", "a list of revealed Feats")
    names = {s.name.casefold(): s.name for s in seats}
    out = []
    for k, f in enumerate(raw):
        w = f"feats[{k}]"
        need(isinstance(f, dict) and isinstance(f.get("name"), str) and f["name"].strip(),
              f"{w}.name", "a Feat needs a name")
        tokens = f.get("tokens", {})
        need(isinstance(tokens, dict), f"{w}.tokens", "tokens are {seat: number}")
        clean = {}
        for who, n in tokens.items():
            need(who.casefold() in names, f"{w}.tokens", f"no seat named {who!r}")
            need(isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 99,
                  f"{w}.tokens", "a number of tokens from 1 to 99")
            clean[names[who.casefold()]] = n
        need(f["name"].strip().casefold() not in {x["name"].casefold() for x in out},
              f"{w}.name", f"{f['name']!r} is revealed twice")
        out.append({"name": f["name"].strip(), "tokens": clean})
    need(len(out) <= 5, "feats", "at most 5 Feats are revealed at once")
    return out
