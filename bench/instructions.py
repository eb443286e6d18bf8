"""Engine instructions per game under valgrind callgrind, this tree against a baseline; JSON.

Usage: python bench/instructions.py [--baseline CHECKOUT] [--games N] [--warmup N]
                                    [--rows all|ID,...] [--seed S] [--compiled] [--calls N]

Wall-clock times on a shared machine move by several per cent from run to run; the number of
machine instructions does not. For each row (variant, players, throw_order; 36 cards) a
subprocess imports the engine of one tree (`sys.path` set to it), plays `--warmup` seeded random
games (`engine.simulate.play_game`, `RandomBot` in every seat), collects garbage (so that the
cyclic collector starts the measured games at the same count in both trees: otherwise the
objects each tree's imports allocated shift its collections, one of 8 in 20 games being 0.13 %
of a row), then `--games` more; callgrind
counts its instructions. The same run without the measured games is counted too, and
(with - without) / games is the instructions per game. Subprocesses run with PYTHONHASHSEED=0 and
DURAK_PURE_ENGINE=1 (the pure Python engine), or with --compiled on each tree's own mypyc build
(`python -m engine.accelerate build` in that tree first; a tree without one is an error, not a
silent pure run). Both trees play
`get_rules(variant, deck=36, throw_order=...)`, so their presets' defaults do not matter.

With --calls N the rows are `clone` and `resample` instead: instructions per call over N rounds
of the 40 mid-play two-player throw-in positions of `bench/engine.py`'s clone/resample row
(random moves until at most 12 talon cards are left), each count with the calls less the same
run without them.

With --baseline CHECKOUT (another checkout of the project, e.g. the engine before the
restructure: `git worktree add --detach /tmp/pre_restructure 81e60dd`) every row is measured in
both trees and "change" is now / before - 1. Without valgrind on PATH the script prints
{"valgrind": null, "error": ...} and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# (id, variant, players, throw_order)
ROWS: list[tuple[str, str, int, str]] = [
    ("throw-in-2-strict", "throw-in", 2, "strict"),
    ("throw-in-2-free", "throw-in", 2, "free"),
    ("throw-in-4-strict", "throw-in", 4, "strict"),
    ("transfer-trump-show-2-strict", "transfer-trump-show", 2, "strict"),
    ("transfer-trump-show-2-free", "transfer-trump-show", 2, "free"),
]

# Run in the measured subprocess: argv = tree variant players throw_order warmup games seed.
DRIVER = """
import gc, random, sys
tree, variant, players, order, warmup, games, seed, mode = sys.argv[1:9]
sys.path.insert(0, tree)
from engine import accelerate_guard
if accelerate_guard.MODE != mode:
    sys.exit(f"the engine of {tree} runs {accelerate_guard.MODE}, not {mode}")
from engine.bots.random_bot import RandomBot
from engine.rules import get_rules
from engine.simulate import play_game
rules = get_rules(variant, deck=36, throw_order=order)
bots = [RandomBot(seat) for seat in range(int(players))]
seeds = random.Random(int(seed))
for _ in range(int(warmup)):
    play_game(rules, bots, random.Random(seeds.getrandbits(64)))
gc.collect()
for _ in range(int(games)):
    play_game(rules, bots, random.Random(seeds.getrandbits(64)))
"""

# Run in the measured subprocess: argv = tree operation rounds mode.
CALLS_DRIVER = """
import gc, random, sys
tree, operation, rounds, mode = sys.argv[1:5]
sys.path.insert(0, tree)
from engine import accelerate_guard
if accelerate_guard.MODE != mode:
    sys.exit(f"the engine of {tree} runs {accelerate_guard.MODE}, not {mode}")
from engine.game import Game
from engine.rules import get_rules
games = []
for seed in range(40):
    rng = random.Random(seed)
    game = Game.new(get_rules("throw-in"), 2, rng)
    while not game.over and len(game.talon) > 12:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    if not game.over:
        games.append(game)
rng = random.Random(1)
for game in games:  # (warm: each game's first resample fills its cache of the unseen faces)
    game.clone()
    game.resample(game.to_act[0], rng)
gc.collect()
for _ in range(int(rounds)):
    for game in games:
        if operation == "clone":
            game.clone()
        else:
            game.resample(game.to_act[0], rng)
print(len(games))
"""

SUMMARY = re.compile(r"^(?:summary|totals):\s*(\d+)", re.MULTILINE)


def count_instructions(
    valgrind: str,
    tree: Path,
    row: tuple[str, str, int, str],
    warmup: int,
    games: int,
    seed: int,
    mode: str = "pure",
) -> int:
    """Instructions callgrind counts for one driver run of `row` in `tree`, on its engine of
    `mode` ("pure" or "compiled")."""
    _, variant, players, order = row
    arguments = [DRIVER, str(tree), variant, str(players), order, str(warmup), str(games)]
    count, _ = instructions_of(valgrind, [*arguments, str(seed), mode], mode, f"{tree}, {row[0]}")
    return count


def instructions_of(valgrind: str, command: list[str], mode: str, label: str) -> tuple[int, str]:
    """Instructions callgrind counts for one run of `command` (a python -c driver's arguments),
    with the environment of `mode`, and what the driver printed."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    env.pop("DURAK_PURE_ENGINE", None)
    if mode == "pure":
        env["DURAK_PURE_ENGINE"] = "1"
    with tempfile.TemporaryDirectory(prefix="durak-callgrind-") as scratch:
        out = Path(scratch) / "callgrind.out"
        done = subprocess.run(
            [
                valgrind,
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                *command,
            ],
            env=env,
            cwd=scratch,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"callgrind run failed ({label}):\n{done.stderr[-2000:]}")
        match = SUMMARY.search(out.read_text())
        if match is None:
            raise RuntimeError(f"no instruction total in callgrind output ({label})")
        return int(match.group(1)), done.stdout


def per_call(valgrind: str, tree: Path, operation: str, rounds: int, mode: str) -> float:
    """Instructions per `operation` ("clone" or "resample") call in `tree`: the run with
    `rounds` rounds over the positions less the run without, over the calls made."""
    label = f"{tree}, {operation}"
    with_calls, printed = instructions_of(
        valgrind, [CALLS_DRIVER, str(tree), operation, str(rounds), mode], mode, label
    )
    without, _ = instructions_of(
        valgrind, [CALLS_DRIVER, str(tree), operation, "0", mode], mode, label
    )
    return (with_calls - without) / (rounds * int(printed.split()[-1]))


def per_game(
    valgrind: str,
    tree: Path,
    row: tuple[str, str, int, str],
    warmup: int,
    games: int,
    seed: int,
    mode: str = "pure",
) -> float:
    """Instructions per measured game of `row` in `tree`: (with - without the games) / games."""
    with_games = count_instructions(valgrind, tree, row, warmup, games, seed, mode)
    without = count_instructions(valgrind, tree, row, warmup, 0, seed, mode)
    return (with_games - without) / games


def main(argv: list[str] | None = None) -> int:
    """Measure the chosen rows in this tree (and the baseline) and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another checkout to compare against")
    parser.add_argument("--games", type=int, default=50, help="measured games per row")
    parser.add_argument("--warmup", type=int, default=30, help="games before the measured ones")
    parser.add_argument("--seed", type=int, default=12345, help="seed of the games' seeds")
    parser.add_argument("--rows", default="all", help="comma-separated row ids, or all")
    parser.add_argument(
        "--compiled", action="store_true", help="each tree's compiled engine, not the pure one"
    )
    parser.add_argument(
        "--calls",
        type=int,
        default=0,
        help="rounds of clone and resample calls over 40 positions (instead of the game rows)",
    )
    args = parser.parse_args(argv)
    rows = ROWS if args.rows == "all" else [r for r in ROWS if r[0] in args.rows.split(",")]
    if not rows:
        parser.error(f"no such rows; choose from {', '.join(r[0] for r in ROWS)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print(json.dumps({"valgrind": None, "error": "valgrind not found on PATH"}, indent=2))
        return 2
    trees = {"now": HERE}
    if args.baseline is not None:
        if not (args.baseline / "engine" / "game.py").is_file():
            parser.error(f"{args.baseline} is not a checkout of the project (no engine/game.py)")
        trees["before"] = args.baseline.resolve()
    mode = "compiled" if args.compiled else "pure"
    version = subprocess.run([valgrind, "--version"], capture_output=True, text=True).stdout
    report: dict[str, object] = {
        "valgrind": version.strip(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "games": args.games,
        "warmup": args.warmup,
        "seed": args.seed,
        "trees": {name: str(path) for name, path in trees.items()},
        "engine": mode,
        "unit": "million instructions per game",
    }
    results = []
    if args.calls > 0:
        report["unit"] = "instructions per call"
        report["rounds"] = report.pop("games")
        for operation in ("clone", "resample"):
            call_record: dict[str, object] = {"row": operation}
            calls = {
                name: per_call(valgrind, tree, operation, args.calls, mode)
                for name, tree in trees.items()
            }
            for name, count in calls.items():
                call_record[name] = round(count)
            if "before" in calls:
                call_record["change_percent"] = round(100 * (calls["now"] / calls["before"] - 1), 2)
            results.append(call_record)
            print(json.dumps(call_record), file=sys.stderr)
        rows = []
    for row in rows:
        row_id, variant, players, order = row
        record: dict[str, object] = {
            "row": row_id,
            "variant": variant,
            "players": players,
            "throw_order": order,
        }
        counts = {
            name: per_game(valgrind, tree, row, args.warmup, args.games, args.seed, mode)
            for name, tree in trees.items()
        }
        for name, count in counts.items():
            record[name] = round(count / 1e6, 4)
        if "before" in counts:
            record["change_percent"] = round(100 * (counts["now"] / counts["before"] - 1), 2)
        results.append(record)
        print(json.dumps(record), file=sys.stderr)
    report["rows"] = results
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
