"""Engine speed: replay, single moves, random games, for each ruleset. Prints
`name: value unit` lines (the base game's without a prefix, the others prefixed with the
ruleset's name: `starwars_replay_moves_per_s`).

    python bench/engine.py [--games 200] [--rulesets base,legends,starwars]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import apply, initial_state  # noqa: E402
from engine.playout import random_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rulesets", default="base,legends,starwars")
    args = ap.parse_args()
    for ruleset in args.rulesets.split(","):
        measure(ruleset, args.games, "" if ruleset == "base" else f"{ruleset}_")


def measure(ruleset: str, n: int, prefix: str) -> None:
    t0 = time.perf_counter()
    games = [random_game(seed, ruleset=ruleset) for seed in range(n)]
    random_s = time.perf_counter() - t0

    total = sum(len(m) for _, m, _ in games)
    t0 = time.perf_counter()
    for header, moves, _ in games:
        state = initial_state(header)
        for move in moves:
            state, _ = apply(state, move)
    replay_s = time.perf_counter() - t0

    samples = []
    for header, moves, _ in games[:50]:
        state = initial_state(header)
        for move in moves:
            t = time.perf_counter_ns()
            state, _ = apply(state, move)
            samples.append(time.perf_counter_ns() - t)
    samples.sort()

    def pct(p: float) -> float:
        return samples[min(len(samples) - 1, int(p * len(samples)))] / 1000

    print(f"{prefix}replay_moves_per_s: {total / replay_s:.0f} moves/s")
    print(f"{prefix}apply_p50_us: {pct(0.50):.1f} us")
    print(f"{prefix}apply_p99_us: {pct(0.99):.1f} us")
    print(f"{prefix}random_games_per_s: {n / random_s:.1f} games/s")
    print(f"{prefix}random_game_moves_mean: {total / n:.0f} moves")


if __name__ == "__main__":
    main()
