"""The 3-player game (the Dodge City rulebook): Deputy, Outlaw and Renegade, dealt face up;
the Deputy starts; each hunts a target (Deputy -> Renegade -> Outlaw -> Deputy) and wins
at once by dealing it the final hit himself; a player put out by anyone else, or by
nobody, leaves the two others to play to be the last one standing. Whoever puts another
player out draws 3 cards (an Outlaw's elimination too: 3 cards, not 6). The Jail goes on
anyone (there is no Sheriff), and a Beer heals nothing with two left (the core's rule).

In tracker mode the app does not see who dealt a final hit: the player who did says so
(`{"by": "Ann", "final_hit": "Cid"}`), and his target is out by him.
"""
from __future__ import annotations

from ...errors import Refusal
from ...moments import SETTLE, WON
from ...moves import TEXT
from ...parts import Actions, Part
from ...say import N_, msg, name
from .texts import THREE_BOOK

ROLES = ("deputy", "outlaw", "renegade")
TARGET = {"deputy": "renegade", "renegade": "outlaw", "outlaw": "deputy"}   # who hunts whom


def targets(state) -> dict[int, int]:
    """{seat: the seat it hunts} for the living: the cycle while all three live, then each
    of the two left hunts the other (the last one standing wins)."""
    living = [k for k, s in enumerate(state.seats) if s.alive]
    if len(living) == 2:
        return {living[0]: living[1], living[1]: living[0]}
    if len(living) != 3:
        return {}
    by_role = {state.seats[k].role: k for k in living}
    return {k: by_role[TARGET[state.seats[k].role]] for k in living
            if TARGET.get(state.seats[k].role) in by_role}


def won(ctx, fallen, side):
    """The one left standing wins; else, while the three were alive until now, whoever
    dealt his own target the final hit himself."""
    seats = ctx.s.seats
    living = [s for s in seats if s.alive]
    if len(living) == 1:
        return living[0].role
    if len(living) + len(fallen) == 3:
        for i, source, _ in fallen:
            if (source is not None and source != i and seats[source].alive
                    and TARGET.get(seats[source].role) == seats[i].role):
                return seats[source].role
    return None


def three_cards(ctx, i, source, card) -> bool:
    """Whoever puts another player out draws 3 cards, whatever the role; nobody for a
    Dynamite or a Duel lost by its own player (no source, or himself)."""
    if source is not None and source != i and ctx.s.seats[source].alive:
        ctx.gain(source, 3, msg(N_("reward for putting a player out")))
    return True


def final_hit(ctx, m, i) -> None:
    """Tracker mode: seat i dealt `m.arg` the final hit; that player is out by him."""
    s = ctx.s
    j = s.index(m.arg)
    if j == i or not s.seats[j].alive:
        raise Refusal("bad_target", msg("Name another player still in the game."),
                      "three.tracker")
    seat = s.seats[j]
    seat.life = 0
    ctx.say("set", msg("{seat} dealt {target} the final hit.", seat=s.seats[i].name,
                       target=seat.name,
                       you={"seat": N_("You dealt {target} the final hit."),
                            "target": N_("{seat} dealt you the final hit.")}),
            seat=seat.name, field="life")
    ctx.eliminate(j, i)


def played_not_reported(ctx, m, i) -> None:
    raise Refusal("tracker_only", msg("In referee mode a final hit is played (a BANG!, a Duel, "
                                      "Indians!...), not reported."), "three.tracker")


class ThreePlayers(Part):
    name = "three_players"
    title = N_("The 3-player game")
    rulesets = ("base", "legends")
    role_mix = {3: ROLES}
    data = {
        "leader": None, "leader_bonus": 0,
        "sides": {"deputy": N_("The Deputy wins."), "outlaw": N_("The Outlaw wins."),
                  "renegade": N_("The Renegade wins.")},
        "side_roles": {"deputy": ("deputy",), "outlaw": ("outlaw",), "renegade": ("renegade",)},
        "goals": {
            "deputy": N_("Put the Renegade out yourself, with the final hit, and you win at once. "
                         "If someone else puts him out first, be the last one standing."),
            "renegade": N_("Put the Outlaw out yourself, with the final hit, and you win at once. "
                           "If someone else puts him out first, be the last one standing."),
            "outlaw": N_("Put the Deputy out yourself, with the final hit, and you win at once. "
                         "If someone else puts him out first, be the last one standing."),
        },
        "rule_for": {"rewards": "three.reward", "end.game": "three.targets",
                     "setup.roles": "three.setup"},
    }
    actions = Actions(tracker={"final_hit": final_hit}, referee={"final_hit": played_not_reported})
    codes = {"tracker_only": N_("a move only tracker mode takes (a final hit reported at "
                                "three players)")}
    moves = {"actions": {"final_hit": TEXT}, "words": {"final_hit": N_("the final hit")}}
    book = THREE_BOOK
    reactions = {WON: (won,), SETTLE: (three_cards,)}
    expect_keys = ("hunts",)

    def expect_value(self, state, key: str):
        return {state.seats[k].name: state.seats[j].name for k, j in targets(state).items()}

    def seat_view(self, state, i: int) -> dict:
        """Every role is face up; a living seat's target, in data and in words, while the
        game goes on."""
        seat = state.seats[i]
        row = {"role": seat.role if seat.role != "unknown" else None}
        hunted = targets(state).get(i) if state.winner is None else None
        if hunted is not None:
            row["target"] = state.seats[hunted].name
            row["hunts"] = msg("{seat} hunts {target}.", seat=seat.name,
                               target=state.seats[hunted].name,
                               you={"seat": N_("You hunt {target}."),
                                    "target": N_("{seat} hunts you.")})
        return row

    def public_fields(self, state) -> dict:
        """Who hunts whom, in plain words, for the host screen and every phone."""
        if state.winner is not None:
            return {"hunting": []}
        seats, roles = state.seats, state.rules.data.words["roles"]
        hunted = targets(state)
        if len(hunted) == 2:
            a, b = hunted
            return {"hunting": [msg("{seat} and {other} are left: the last one standing wins.",
                                    seat=seats[a].name, other=seats[b].name,
                                    you={"seat": N_("You and {other} are left: the last one "
                                                    "standing wins."),
                                         "other": N_("{seat} and you are left: the last one "
                                                     "standing wins.")})]}
        lines = [msg("{seat} ({role}) hunts {target} ({target_role}).", seat=seats[k].name,
                     role=name(roles[seats[k].role]), target=seats[j].name,
                     target_role=name(roles[seats[j].role]),
                     you={"seat": N_("You ({role}) hunt {target} ({target_role})."),
                          "target": N_("{seat} ({role}) hunts you ({target_role}).")})
                 for k, j in hunted.items()]
        if lines:
            lines.append(msg("Whoever puts his own target out with the final hit wins at once. "
                             "If anyone else puts a player out, or nobody does (a Dynamite), the "
                             "two left play to be the last one standing."))
        return {"hunting": lines}


PART = ThreePlayers()
