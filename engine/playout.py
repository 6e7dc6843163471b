"""Random playouts: games played to the end with random legal moves, for tests and
benchmarks. Chance comes only from the `random.Random` passed in, so a seed replays.

Cards are physical, so the generator may report any card the rules allow; it proposes
plausible moves for whoever must act and keeps the first one the engine accepts.
"""
from __future__ import annotations

import random

from .cards import drawn
from .errors import Refusal
from .game import apply
from .start import deal, initial_state
from .state import State
from .table import cards_of, character

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _check(rng: random.Random, state: State, i: int) -> dict:
    return state.rules.playouts.check(rng, state, i)


def candidates(rng: random.Random, state: State) -> list[dict]:
    """Plausible moves for the players who may act now, in a random order."""
    names = [s.name for s in state.seats]
    moves: list[dict] = []
    for a in state.pending:
        by = names[a.seat]
        answers, checked = state.rules.playouts.answers(state, a)
        for ans in rng.sample(answers, len(answers)):
            move = {"by": by, "respond": ans}
            if ans in checked:
                move.update(_check(rng, state, a.seat))
            state.rules.playouts.answer(rng, state, move)
            moves.append(move)
        moves.extend(state.rules.playouts.moves(rng, state, by, "ask"))
        moves.append({"by": by, "ability": {"discard": 2}})
    if moves:
        rng.shuffle(moves)
        return moves
    i = state.turn
    by = names[i]
    if state.phase == "start":
        moves.append({"by": by, **_check(rng, state, i)})
        moves.extend(state.rules.playouts.moves(rng, state, by, "start"))
        draw: dict = {}
        if character(state, i).draw == "black_jack":
            draw = {"reveal": drawn(rng)}
        elif character(state, i).draw == "jesse" and rng.random() < 0.5:
            draw = {"from": rng.choice(names)}
        elif character(state, i).draw == "pedro" and rng.random() < 0.5:
            draw = {"from": "discard"}
        moves.append({"by": by, "draw": draw})
        moves.append({"by": by, "draw": {}})
        return moves
    if state.phase == "draw":
        return [{"by": by, "draw": {"reveal": drawn(rng)}}, {"by": by, "draw": {}},
                *state.rules.playouts.moves(rng, state, by, "draw")]
    cards = list(cards_of(state))
    rules = state.rules
    for _ in range(6):
        card = rng.choice(cards)
        move = {"by": by, "play": card.name, "target": rng.choice(names)}
        if card.kind in ("panic", "cat_balou"):
            t = state.seats[names.index(move["target"])]
            move["card"] = rng.choice(["hand"] + t.in_play)
        if card.target in ("self", "all", "others"):
            del move["target"]
        rules.playouts.decorate(rng, state, move, card)
        moves.append(move)
    if rng.random() < 0.3:
        moves.insert(0, {"by": by, "end_turn": {}})
    else:
        moves.append({"by": by, "end_turn": {}})
    moves.append({"by": by, "ability": {"discard": 2}})
    extra = state.rules.playouts.moves(rng, state, by, "play")
    if extra:
        moves.extend(extra)
        rng.shuffle(moves)
    return moves


def random_game(seed: int, players: int | None = None, max_moves: int = 5000,
                on_move=None, ruleset: str = "base") -> tuple[dict, list[dict], State]:
    """Play one game from a fresh deal to its end: (header, moves, final state).

    `on_move(before, move, after)` is called after every accepted move; a refused move
    is checked to leave the state as it was."""
    rng = random.Random(seed)
    n = players or rng.randint(4, 7)
    header = deal(NAMES[:n], seed=seed, ruleset=ruleset)
    state = initial_state(header)
    moves: list[dict] = []
    while state.winner is None and len(moves) < max_moves:
        for move in candidates(rng, state):
            try:
                new, _ = apply(state, move)
            except Refusal:
                continue
            if on_move:
                on_move(state, move, new)
            state = new
            moves.append(move)
            break
        else:
            raise AssertionError(f"seed {seed}: no move accepted in {state.to_dict()}")
    return header, moves, state


__all__ = ["random_game", "candidates"]
