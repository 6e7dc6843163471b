"""The engine's work counted in CPU instructions, which the machine's load cannot move:
`valgrind --tool=callgrind` counts a process that replays seeded random games, and one
that only starts (imports the engine and reads the same games' first states); the
difference divided by the moves is the instructions per move. Prints `name: value unit`
lines, like bench/engine.py:

    start_instructions: 302254343 instructions      (Python, the engine's imports, 4 states)
    instructions_per_move: 204776 instructions      (the base game; then legends_..., starwars_...)

    python bench/instructions.py [--games 4] [--rulesets base,legends,starwars]
                                 [--save FILE | --load FILE] [--no-bytecode]

`--save` keeps the games generated (each header with its first player written out), so
that another tree replays the very same ones with `--load` (run this script from that
tree). Bytecode is cached in a folder of its own and warmed first, as an installed
package runs; `--no-bytecode` compiles every module at each start instead.
Needs valgrind (Debian: apt-get install valgrind); a run takes minutes.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def generate(rulesets: list[str], n: int) -> dict:
    sys.path.insert(0, str(ROOT))
    from engine import initial_state
    from engine.playout import random_game
    out = {}
    for ruleset in rulesets:
        out[ruleset] = []
        for seed in range(n):
            header, moves, _ = random_game(seed, ruleset=ruleset)
            first = initial_state(header)
            out[ruleset].append({**header, "turn": first.seats[first.turn].name,
                                 "moves": moves})
    return out


# The measured process, as small as it can be: Python, the engine's imports, each game's
# first state and, with moves, every move of every game (argv: games file, ruleset, 0|1).
REPLAY = """
import json, sys
sys.path.insert(0, ".")
from engine import initial_state, replay
games = json.load(open(sys.argv[1]))[sys.argv[2]]
for game in games:
    initial_state(game)
    if sys.argv[3] == "1":
        replay(game)
"""


def counted(path: str, ruleset: str, moves: bool, env: dict) -> int:
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", REPLAY, path, ruleset, "1" if moves else "0"],
        capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--rulesets", default="base,legends,starwars")
    ap.add_argument("--save")
    ap.add_argument("--load")
    ap.add_argument("--no-bytecode", action="store_true")
    args = ap.parse_args()
    rulesets = args.rulesets.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        path = args.load or args.save or os.path.join(tmp, "games.json")
        if not args.load:
            with open(path, "w", encoding="utf-8") as f:
                json.dump(generate(rulesets, args.games), f)
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        if args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
            subprocess.run([sys.executable, "-c", REPLAY, path, rulesets[0], "0"],
                           env=env, cwd=ROOT, check=True)          # the bytecode, cached
        with open(path, encoding="utf-8") as f:
            total = {r: sum(len(g["moves"]) for g in games) for r, games in json.load(f).items()}
        for ruleset in rulesets:
            prefix = "" if ruleset == "base" else f"{ruleset}_"
            start = counted(path, ruleset, False, env)
            played = counted(path, ruleset, True, env)
            if ruleset == rulesets[0]:
                print(f"start_instructions: {start} instructions")
            print(f"{prefix}instructions_per_move: {(played - start) // total[ruleset]} "
                  f"instructions ({total[ruleset]} moves)")


if __name__ == "__main__":
    main()
