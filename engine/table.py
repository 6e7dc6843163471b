"""Questions the table asks: distance (with its reasons), reach, legal targets, hand
limit, outcome. Each takes seat names and answers without changing anything.
"""
from __future__ import annotations

from .cards import COLT_RANGE, Card, CardTable
from .characters import Character, CharacterTable
from .errors import Refusal
from .moments import CHARACTER, DISTANCES, IDLE, SIGHT, each, first, fold
from .say import N_, msg, name, plural
from .state import State


def cards_of(state: State) -> CardTable:
    return state.rules.data.cards


def deck_size(state: State) -> int:
    """How many cards the ruleset's deck holds: the most a hand can ever count."""
    return state.rules.data.deck_size


def chars_of(state: State) -> CharacterTable:
    return state.rules.data.characters


def character(state: State, i: int) -> Character:
    """The character ability in force for seat i (the ruleset says which side counts,
    and a reaction to CHARACTER may change it for now)."""
    char = state.rules.character(state, i)
    react = state.rules.reactions.get(CHARACTER)
    return fold(react, char, state, i) if react else char


def has_kind(state: State, i: int, kind: str) -> str | None:
    """The name of the card of that kind in play in front of seat i, if any."""
    table = cards_of(state)
    for name in state.seats[i].in_play:
        card = table.find(name)
        if card is not None and card.kind == kind:
            return card.name
    return None


def idle(state: State, i: int) -> bool:
    """Whether seat i's cards in play do nothing now (a reaction to IDLE says so)."""
    react = state.rules.reactions.get(IDLE)
    return bool(react and first(react, state, i))


def in_force(state: State, i: int, kind: str) -> str | None:
    """The card of that kind in play in front of seat i that acts now, if any."""
    return has_kind(state, i, kind) if not idle(state, i) else None


def weapon(state: State, i: int) -> tuple[str, int]:
    """(name, range) of the weapon seat i shoots with: the Colt .45 when none is in play
    (or none acts now)."""
    table, seat = cards_of(state), state.seats[i]
    for name in seat.in_play if not idle(state, i) else ():
        card = table.find(name)
        if card is not None and card.is_weapon:
            return card.name, seat.ranges.get(card.name, card.range or 1)
    return state.rules.data.words["default_weapon"], COLT_RANGE


_NO_ROWS: dict = {}     # a kind the geometry before has no parts of (never written)


class Geometry:
    """The seating and every distance modifier of one state, read once: distances between
    many pairs (a phone's calculator, every phone at once) cost little after that.

    `before`: the Geometry of the state the views were built from last (a caller that
    keeps it, the hub): a pair whose every input is the same as there (the seats
    between them, the modifiers of the one that looks and of the one seen) takes its
    distance and reason from there, the very same objects, and so do the views' parts
    built from them (`kept`): a change works out and compares again only what it
    changed. `settle()` lets go of `before` once the views are built."""

    def __init__(self, state: State, before: "Geometry | None" = None) -> None:
        self.state = state
        self._before = before
        self._rows: dict = {}     # kind: {key: (inputs, a part of a view built from them
                                  # here)}; two levels, so that no key is a new tuple
                                  # that the garbage collector would walk
        self.alive = state.alive()
        self.pos = {seat: k for k, seat in enumerate(self.alive)}
        self.seen: dict[int, list[dict]] = {}     # added when seat j is looked at
        self.sees: dict[int, list[dict]] = {}     # added when seat i looks
        self.cap: dict[int, tuple[int, dict]] = {}   # seat: (sees everyone at, why)
        self.apart: tuple[int, dict] | None = None   # every two seats this far apart, why
        self._read: dict[tuple[int, int], tuple[int, dict]] = {}   # (a, b): distance, why
        self._weapons: dict[int, tuple[str, int]] = {}
        self.chars: dict[int, Character] = {}     # character(state, j) of the living
        sights = state.rules.reactions.get(SIGHT)
        for j in self.alive:
            who = state.seats[j].name
            char = self.chars[j] = character(state, j)
            seen, sees = [], []
            horse = in_force(state, j, "horse")
            if horse:
                seen.append({"label": msg("{seat}'s {card}", seat=who, card=name(horse),
                                          you={"seat": N_("your {card}")}),
                             "delta": 1, "card": horse})
            if char.seen_farther:
                seen.append({"label": name(char.name), "delta": char.seen_farther})
            scope = in_force(state, j, "scope")
            if scope:
                sees.append({"label": msg("{seat}'s {card}", seat=who, card=name(scope),
                                          you={"seat": N_("your {card}")}),
                             "delta": -1, "card": scope})
            if char.sees_closer:
                sees.append({"label": name(char.name), "delta": -char.sees_closer})
            cap = first(sights, state, j, char) if sights else None
            if cap is not None:
                self.cap[j] = cap
            self.seen[j], self.sees[j] = seen, sees
        if react := state.rules.reactions.get(DISTANCES):
            each(react, state, self)
        if before is not None and before.apart != self.apart:
            before = self._before = None    # every pair's reason differs
        # the seats whose modifiers are as `before`'s (seen: as looked at; sees: as the
        # one who looks), when the same seats are alive: a pair is then as before when
        # both of its seats are (`_same_pair`)
        self.names = [s.name for s in state.seats]
        self._ring = (before is not None and before.alive == self.alive
                      and before.names == self.names)
        if self._ring:
            self._seen_same = {j: before.seen.get(j) == seen for j, seen in self.seen.items()}
            self._sees_same = {a: before.sees.get(a) == sees
                               and before.cap.get(a) == self.cap.get(a)
                               for a, sees in self.sees.items()}
            for j in self.alive:     # equal lists: those before's (no new one kept)
                if self._seen_same[j]:
                    self.seen[j] = before.seen[j]
                if self._sees_same[j]:
                    self.sees[j] = before.sees[j]
            # the seats seen otherwise, and those who look or shoot otherwise, than before
            self.seen_anew = [j for j in self.alive if not self._seen_same[j]]
            self.look_anew = [j for j in self.alive if not self._sees_same[j]
                              or before._weapons.get(j) != self.weapon(j)]

    def parts(self, a: int, b: int) -> tuple[int, list[dict]]:
        """How far seat a sees seat b, and why: [{"label", "delta"}], clamped to 1 at the end."""
        if self.apart is not None:
            seats, label = self.apart
            parts = [{"label": label, "delta": seats}]
        else:
            d = abs(self.pos[a] - self.pos[b])
            seats = min(d, len(self.alive) - d)
            parts = [{"label": plural("{n} seat apart", "{n} seats apart", seats),
                      "delta": seats}]
        parts += self.seen[b] + self.sees[a]
        total = sum(p["delta"] for p in parts)
        if a in self.cap and total != self.cap[a][0]:
            to, why = self.cap[a]
            parts.append({"label": why, "delta": to - total, "rule": True})
            total = to
        if total < 1:
            parts.append({"label": msg("but never less than 1"), "delta": 1 - total,
                          "rule": True})
            total = 1
        return total, parts

    def said(self, a: int, b: int) -> tuple[int, dict]:
        """How far seat a sees seat b, and why in words (`why`), worked out once per pair:
        every phone's calculator reads each pair both ways (whom it reaches, who reaches
        it), so a table's views share these."""
        key = (a, b)
        hit = self._read.get(key)
        if hit is None:
            old = self._before
            if old is not None and self._same_pair(old, a, b):
                hit = self._read[key] = old.said(a, b)
            else:
                d, parts = self.parts(a, b)
                hit = self._read[key] = (d, why(parts))
        return hit

    def _same_pair(self, old: "Geometry", a: int, b: int) -> bool:
        """Whether `parts(a, b)` reads the same inputs in `old` as here (its `apart` is
        the same: checked once)."""
        if self._ring:
            return self._sees_same[a] and self._seen_same[b]
        if self.apart is None:
            if a not in old.pos or b not in old.pos:
                return False
            n, m = len(self.alive), len(old.alive)
            d, e = abs(self.pos[a] - self.pos[b]), abs(old.pos[a] - old.pos[b])
            if min(d, n - d) != min(e, m - e):
                return False
        return (old.seen.get(b) == self.seen[b] and old.sees.get(a) == self.sees[a]
                and old.cap.get(a) == self.cap.get(a))

    def kept(self, kind, key, part):
        """`part` (of a view, built from this geometry), or the equal one built under
        (`kind`, `key`) from the geometry before: the same object while what it shows is
        the same, so that what compares views (companion/delta.py) passes over it at once."""
        was = self.built(kind, key, part)
        if was is not None:
            return was
        self._rows.setdefault(kind, {})[key] = (part, part)
        return part

    def built(self, kind, key, inputs):
        """The part of a view the geometry before built under (`kind`, `key`) from equal
        `inputs` (what it shows is made from those alone), None when there is none: build
        it and `keep` it. A part that shows the same is built once, not at every change."""
        old = self._before
        if old is not None:
            was = old._rows.get(kind, _NO_ROWS).get(key)
            if was is not None and (was[0] is inputs or was[0] == inputs):
                self._rows.setdefault(kind, {})[key] = was
                return was[1]
        return None

    def kept_in(self, kind, part: dict) -> dict:
        """`part` with each list or dict in it `kept` under (`kind`, its own key): a
        view's parts (a phone's `me`, the public view) at every change."""
        for k, v in part.items():
            if type(v) is dict or type(v) is list:
                part[k] = self.kept(kind, k, v)
        return part

    def table_before(self, i: int) -> dict | None:
        """Seat i's distance table as the geometry before built it, when the same seats
        sit alive under the same names (its rows are in the same order; a row changes
        only where a seat it shows is seen, looks or shoots otherwise: `seen_anew`,
        `look_anew`); None otherwise."""
        old = self._before
        if old is None or not self._ring:
            return None
        was = old._rows.get("t", _NO_ROWS).get(i)
        return was[1] if was is not None else None

    def keep(self, kind, key, inputs, part):
        """`part`, built under (`kind`, `key`) from `inputs` (for the next geometry's
        `built`)."""
        self._rows.setdefault(kind, {})[key] = (inputs, part)
        return part

    def settle(self) -> None:
        """The views are built: forget the geometry before (no chain of states is kept)."""
        self._before = None

    def weapon(self, i: int) -> tuple[str, int]:
        """`weapon(state, i)`, read once per seat."""
        hit = self._weapons.get(i)
        if hit is None:
            hit = self._weapons[i] = weapon(self.state, i)
        return hit


def distance_parts(state: State, a: int, b: int) -> tuple[int, list[dict]]:
    """How far seat a sees seat b, and why: [{"label", "delta"}], clamped to 1 at the end."""
    return Geometry(state).parts(a, b)


def dist(state: State, a: int, b: int) -> int:
    return distance_parts(state, a, b)[0]


def _living(state: State, name: str) -> int:
    i = state.index(name)
    if not state.seats[i].alive:
        raise Refusal("bad_target", msg("{seat} has been eliminated.", seat=state.seats[i].name,
                                        you={"seat": N_("You have been eliminated.")}),
                      "elimination")
    return i


def distance(state: State, a: str, b: str) -> int:
    """The distance from living player a to living player b. Raises Refusal."""
    i, j = _living(state, a), _living(state, b)
    return 0 if i == j else dist(state, i, j)


def reach(state: State, seat: str) -> list[str]:
    """The living players within seat's weapon range now, clockwise from seat."""
    i = _living(state, seat)
    rng = weapon(state, i)[1]
    geo = Geometry(state)
    return [state.seats[j].name for j in state.others(i) if geo.parts(i, j)[0] <= rng]


def hand_limit(state: State, seat: str | int) -> int:
    """How many cards the player may keep at the end of the turn: their current life
    (the ruleset may say otherwise, `Ruleset.hand_limit`)."""
    i = seat if isinstance(seat, int) else state.index(seat)
    return state.rules.hand_limit(max(0, state.seats[i].life))


def outcome(state: State) -> str | None:
    """The winning side ('sheriff', 'outlaws', 'renegade') or None while the game goes on."""
    return state.winner


def winners(state: State) -> list[int]:
    """The seats that win with the side that won (none while the game goes on): every
    seat of the side's roles, out or not, but of the side that plays alone only those
    left standing (the one alive, where several played alone)."""
    side = state.winner
    if side is None:
        return []
    rules = state.rules
    roles = rules.data.side_roles.get(side, ())
    alone = side == rules.data.lone_side
    return [k for k, s in enumerate(state.seats) if s.role in roles and (s.alive or not alone)]


def winner_now(state: State) -> str | None:
    """Who has won, judged from the roles still alive (the ruleset's end conditions)."""
    return state.rules.winner(state)


def target_problem(state: State, i: int, card: Card, j: int) -> Refusal | None:
    """Why seat i may not aim `card` at seat j (None when it may)."""
    s, t = state.seats[i], state.seats[j]
    if not t.alive:
        return Refusal("bad_target", msg("{seat} has been eliminated.", seat=t.name,
                                         you={"seat": N_("You have been eliminated.")}),
                       "elimination")
    if card.target in ("reach", "distance1", "other", "not_sheriff") and i == j:
        return Refusal("bad_target", msg("{card} cannot be aimed at yourself.",
                                         card=name(card.name)), card.rule)
    if card.target == "reach":
        d = dist(state, i, j)
        wname, rng = weapon(state, i)
        if d > rng:
            return Refusal("out_of_range",
                           msg("{seat} is at distance {distance}; {shooter}'s {weapon} reaches "
                               "{range}.", seat=t.name, distance=d, shooter=s.name,
                               weapon=name(wname), range=rng,
                               you={"shooter": N_("{seat} is at distance {distance}; your "
                                                  "{weapon} reaches {range}."),
                                    "seat": N_("You are at distance {distance}; {shooter}'s "
                                               "{weapon} reaches {range}.")}), "reach")
    elif card.target == "distance1":
        d = dist(state, i, j)
        if d > 1:
            return Refusal("out_of_range",
                           msg("{card} reaches distance 1 only, and {seat} is at distance "
                               "{distance} (weapons do not help).", card=name(card.name),
                               seat=t.name, distance=d,
                               you={"seat": N_("{card} reaches distance 1 only, and you are at "
                                               "distance {distance} (weapons do not help).")}),
                           card.rule)
    elif card.target == "not_sheriff":
        rules = state.rules
        if t.role == rules.data.leader:
            return Refusal("jail_on_sheriff", msg(rules.data.words["no_jail_on_leader"]), card.rule)
        if has_kind(state, j, "jail"):
            return Refusal("duplicate_in_play", msg("{seat} already has a {card} in play.",
                                                    seat=t.name, card=name(card.name),
                you={"seat": N_("You already have a {card} in play.")}),
                           "turn.one_copy")
    return None


def legal_targets(state: State, seat: str, card_name: str) -> list[dict]:
    """Every other living player, each with ok and, when not ok, the code and reason."""
    i = _living(state, seat)
    card = cards_of(state).get(card_name)
    out = []
    candidates = [i] + state.others(i) if card.target == "any" else state.others(i)
    for j in candidates:
        problem = target_problem(state, i, card, j)
        row = {"name": state.seats[j].name, "ok": problem is None}
        if problem is not None:
            row.update(code=problem.code, reason=problem.say, rule=problem.rule)
        out.append(row)
    return out


def why(parts: list[dict]) -> dict:
    """A breakdown in words: "2 seats apart · Bob's Mustang +1". A rule that sets the
    result ("but never less than 1") is said without the sum that brings it there."""
    out = parts[0]["label"]
    for p in parts[1:]:
        if p.get("rule"):
            out = msg("{before} · {label}", before=out, label=p["label"])
        elif p["delta"] > 0:
            out = msg("{before} · {label} +{delta}", before=out, label=p["label"],
                      delta=p["delta"])
        else:
            out = msg("{before} · {label} −{delta}", before=out, label=p["label"],
                      delta=abs(p["delta"]))
    return out


def distance_table(state: State, seat: str, geo: Geometry | None = None) -> dict:
    """The phone's distance calculator: whom seat reaches, and who reaches seat, and why
    (in words; `distance_parts` gives the same reasons as data)."""
    return seat_distances(geo or Geometry(state), _living(state, seat))


def seat_distances(geo: Geometry, i: int) -> dict:
    """`distance_table` of living seat i."""
    state = geo.state
    mine = geo.weapon(i)
    rng = mine[1]
    seats = state.others(i)
    was = geo.table_before(i)
    if was is not None and len(was["others"]) == len(seats):   # only what changed
        others, reached_by = list(was["others"]), list(was["reached_by"])
        looks, seen = i in geo.look_anew, i in geo.seen_anew   # seat i itself
        for k, j in enumerate(seats):
            if looks or j in geo.seen_anew:
                others[k] = _reaches(geo, i, j, rng)
            if seen or j in geo.look_anew:
                reached_by[k] = _reached_by(geo, i, j)
    else:
        others = [_reaches(geo, i, j, rng) for j in seats]
        reached_by = [_reached_by(geo, i, j) for j in seats]
    kept, built, keep = geo.kept, geo.built, geo.keep
    weapon_row = built("w", i, mine) or keep("w", i, mine, {"name": mine[0], "range": rng})
    return kept("t", i, {"weapon": weapon_row,
                         "others": kept("os", i, others),
                         "reached_by": kept("rs", i, reached_by)})


def _reaches(geo: Geometry, i: int, j: int, rng: int) -> dict:
    """The row of seat i's distance table for seat j: how far i sees j, and whether
    i's weapon (of range `rng`) or a Panic! reaches."""
    d, said = geo.said(i, j)
    return {"name": geo.names[j], "distance": d, "why": said, "bang": d <= rng,
            "panic": d <= 1}


def _reached_by(geo: Geometry, i: int, j: int) -> dict:
    """The row of seat i's distance table for seat j: how far j sees i, with which
    weapon, and whether it reaches."""
    d, said = geo.said(j, i)
    their_weapon, their_range = geo.weapon(j)
    return {"name": geo.names[j], "distance": d, "why": said, "weapon": their_weapon,
            "bang": d <= their_range}
