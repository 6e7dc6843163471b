"""The random games' moves of Star Wars: checks answered pass or fail, Cover and Lucky,
Bacta Tank, entered weapon ranges, Destiny effects, Tempered's repeat, ordered checks."""
from __future__ import annotations

from ..base import Playouts
from .data import DESTINY


def check(rng) -> dict:
    return {"check": rng.choice(["pass", "fail", "fail"])}


def answers(state, ask) -> tuple[list[str], tuple[str, ...]]:
    return (["take", "take", "Missed!", "BANG!", "Bacta Tank", "Cover", "Lucky"],
            ("Cover", "Lucky"))


def decorate(rng, state, move: dict, card) -> None:
    names = [s.name for s in state.seats]
    if card.entered_range:
        move["range"] = rng.choice([1, 2, 3, 4, 5])
    effects = list(DESTINY.get(card.name, {}))
    if effects and rng.random() < 0.5:
        key = rng.choice(effects)
        move["destiny"] = key
        if rng.random() < 0.3:
            move["first"] = "destiny"
        if key == "steal" and "target" in move:
            t = state.seats[names.index(move["target"])]
            move["card"] = rng.choice(["hand"] + t.in_play)
        if key == "hit_all":
            move.pop("target", None)
        if key == "heal_other":
            move["other"] = rng.choice(names)


def moves(rng, state, by: str, phase: str) -> list[dict]:
    if phase == "start":
        return [{"by": by, "check": rng.choice(["pass", "fail"]),
                 "card": rng.choice(["Trash Compactor", "A New Hope", "Carbonite"])}]
    if phase != "play":
        return []
    names = [s.name for s in state.seats]
    return [{"by": by, "ability": {"repeat": True}, "target": rng.choice(names)},
            {"by": by, "ability": {"repeat": True}}]


def answer_extras(rng, state, move: dict) -> None:
    """A Destiny effect on a random Missed! or Bacta Tank answer."""
    effects = list(DESTINY.get(move.get("respond"), {}))
    if effects and rng.random() < 0.5:
        key = rng.choice(effects)
        move["destiny"] = key
        if key == "heal_other":
            move["other"] = rng.choice([s.name for s in state.seats])


class StarWarsPlayouts(Playouts):
    """Star Wars' random moves: pass/fail checks, Destiny, its own answers and moves."""

    def check(self, rng, state, i: int) -> dict:
        return check(rng)

    def answers(self, state, ask):
        return answers(state, ask)

    def answer(self, rng, state, move) -> None:
        answer_extras(rng, state, move)

    def decorate(self, rng, state, move, card) -> None:
        decorate(rng, state, move, card)

    def moves(self, rng, state, by: str, phase: str) -> list[dict]:
        return moves(rng, state, by, phase)
