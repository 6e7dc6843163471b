"""What may leave the server. Both views are built up from an allowlist of public fields;
nothing is ever removed from a full copy. A role is public when it belongs to the
Sheriff, to an eliminated player, or to anyone once the game is over; the only other
role a view carries is the viewer's own.
"""
from __future__ import annotations

from .advice import answers_at, hints_at
from .say import msg
from .state import State, ask_dict
from .table import Geometry, cards_of, character, hand_limit, seat_distances, winners


def said(text: str) -> dict | str:
    """A data text people read (an ability, a goal) as a message; nothing stays nothing."""
    return msg(text) if text else ""


def _role_is_public(state: State, i: int) -> bool:
    seat = state.seats[i]
    return seat.role == state.rules.data.leader or not seat.alive or state.winner is not None


def _card(state: State, name: str, ranges: dict) -> dict:
    card = cards_of(state).find(name)
    row = {"name": name, "kind": card.kind if card else "", "range": card.range if card else None}
    if name in ranges:          # a range the player entered from the card (a project decision)
        row.update(range=ranges[name], entered=True)
    return row


def _seat(state: State, i: int) -> dict:
    seat = state.seats[i]
    char = character(state, i)
    row = {
        "name": seat.name,
        "character": seat.character,
        "ability": said(char.ability),
        "life": max(seat.life, 0) if not seat.alive else seat.life,
        "max_life": seat.max_life,
        "hand": seat.hand,
        "hand_limit": hand_limit(state, i),
        "in_play": [_card(state, n, seat.ranges) for n in seat.in_play],
        "alive": seat.alive,
        "falls": state.falls(i),      # out once the open questions are answered
        "role": seat.role if _role_is_public(state, i) and seat.role != "unknown" else None,
    }
    row.update(state.rules.views.seat_view(state, i))
    return row


def public_view(state: State) -> dict:
    """What everyone may see: the host screen's view."""
    names = [s.name for s in state.seats]
    rules = state.rules
    return {
        "ruleset": state.ruleset,
        "parts": list(rules.parts),       # the parts its ruleset is composed with
        "features": dict(rules.data.features),
        "mode": state.mode,
        "seats": [_seat(state, i) for i in range(len(state.seats))],
        "turn": names[state.turn],
        "phase": state.phase,
        "bangs": state.bangs,
        "pending": [ask_dict(a, names) for a in state.pending],
        "winner": ({"side": state.winner, "text": said(rules.data.sides[state.winner]),
                    "roles": list(rules.data.side_roles.get(state.winner, ())),
                    "seats": [names[k] for k in winners(state)]}
                   if state.winner else None),
        **rules.views.public_fields(state),
    }


def view_for(state: State, seat: str) -> dict:
    """What the player in `seat` may see: the public view plus their own role."""
    i = state.index(seat)
    geo = Geometry(state)
    return _phone_view(state, _phone_public(public_view(state), geo), i, geo)


def all_views(state: State, geo: Geometry | None = None) -> dict:
    """Every view of a state at once: {None: the public view, seat name: that seat's view}.
    The same as calling public_view and view_for for each seat, with the distances and
    the public part computed once. `geo`: Geometry(state, before=the one of the views
    built last), for a caller that keeps it for the next change: their parts that show
    the same (a seat's public row, a phone's distances, answers, hints) are then the
    same objects, and a phone's copy of a public row is made once; settled here."""
    geo = geo or Geometry(state)
    pub = public_view(state)
    pub["seats"] = [geo.kept("seat", k, row) for k, row in enumerate(pub["seats"])]
    geo.kept_in("pub", pub)
    phone_pub = _phone_public(pub, geo)
    out: dict = {None: pub}
    for i, s in enumerate(state.seats):
        out[s.name] = _phone_view(state, phone_pub, i, geo)
    geo.settle()
    return out


def _phone_public(pub: dict, geo: Geometry) -> dict:
    """The public part of a phone's view: the host's, without the other seats' ability
    texts (a phone shows its own; the rules page has them all). A row is copied once
    while the host's row is the same object (`geo`)."""
    rows = []
    built, keep = geo.built, geo.keep
    for k, row in enumerate(pub["seats"]):
        phone = built("phone", k, row)
        if phone is None:
            phone = keep("phone", k, row, {key: v for key, v in row.items()
                                           if key != "ability"})
        rows.append(phone)
    return {**pub, "seats": geo.kept("phones", None, rows)}


def _phone_view(state: State, phone_pub: dict, i: int, geo: Geometry) -> dict:
    s = state.seats[i]
    names = geo.names
    asks = state.asks_for(i)
    char = geo.chars.get(i) or character(state, i)      # read by the Geometry if alive
    me = {"name": s.name, "role": s.role, "goal": said(state.rules.data.goals.get(s.role, "")),
          "character": s.character, "ability": said(char.ability),
          "alive": s.alive, "your_turn": state.turn == i and state.winner is None,
          "asked": [ask_dict(a, names) for a in asks]}
    me["distances"] = seat_distances(geo, i) if s.alive else None
    if s.alive and state.winner is None:
        me["answers"] = answers_at(state, i)
        me["hints"] = hints_at(state, i)
        me.update(state.rules.views.phone_extras(state, s.name))
    return {**phone_pub, "me": geo.kept_in(i, me)}
