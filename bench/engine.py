"""Engine speed: random-vs-random full games; prints JSON with --json.

Usage: python bench/engine.py [--json] [--seconds S] [--repeats N] [--no-anchor]
                              [--anchor DIR] [--baseline CHECKOUT]
                              [--throw-order free|strict] [--search-only]

Times are CPU seconds of this process (time.process_time), so other programs running on the
machine do not count against the engine; each figure is the median of --repeats runs.

When ../shared/anchors/jorisperrenet-durak (the Python engine of github.com/jorisperrenet/durak)
is present, or the checkout given with --anchor (a git worktree lies elsewhere), random-bot
games of ours and theirs (36 cards, 2 and 4 players) run alternately in this process, ours as
`transfer-trump-show` (theirs always allows transfer by a card and by showing the trump) and as
`throw-in`; both rates and their ratio are printed. The clone and
resample times of a two-player game in mid-play are printed too, and under "build" whether the
engine measured is the compiled one (`python -m engine.accelerate build`) or pure Python (with
DURAK_PURE_ENGINE=1, or without a build that matches the sources).

With --baseline CHECKOUT (another checkout of the project, e.g. `git archive main | tar -x`),
the clone and resample times and the random games of both engines are measured in turn by this
script, each in a subprocess importing the engine of its tree, --repeats times, and the medians
and their ratios (this tree / the baseline) are printed under "baseline". --throw-order sets
`throw_order` in the random games of both trees (the presets' defaults differ between trees);
the baseline records compare microseconds per action too, as games differ in length when the
rules do.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

# (--baseline runs this script on another tree's engine)
sys.path.insert(0, os.environ.get("BENCH_ENGINE_TREE") or str(Path(__file__).resolve().parents[1]))

from engine.bots import make_bot
from engine.game import Game
from engine.rules import Rules, get_rules
from engine.simulate import play_game

HERE = Path(__file__).resolve().parent.parent
ANCHOR = (
    Path(__file__).resolve().parent.parent / ".." / "shared" / "anchors" / "jorisperrenet-durak"
)
ANCHOR_CONFIGS = [
    ("transfer-trump-show", 2),
    ("transfer-trump-show", 4),
    ("throw-in", 2),
    ("throw-in", 4),
]
CONFIGS = [
    ("throw-in", 2, 36),
    ("throw-in", 4, 36),
    ("throw-in", 6, 36),
    ("throw-in", 6, 52),
    ("transfer", 4, 36),
]


def one_run(rules: Rules, players: int, seconds: float) -> tuple[int, int, float]:
    """Play random-vs-random games for about `seconds` of CPU time: (games, actions, seconds)."""
    rng = random.Random(12345)
    bots = [make_bot("random", seat) for seat in range(players)]
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, count = play_game(rules, bots, random.Random(rng.getrandbits(64)))
        games += 1
        actions += count
    return games, actions, time.process_time() - start


def games_per_second(
    variant: str, players: int, deck: int, seconds: float, repeats: int = 3
) -> dict[str, object]:
    """Median of `repeats` runs of about `seconds` each; return one record."""
    rules = get_rules(variant, deck=deck)
    runs = sorted((one_run(rules, players, seconds) for _ in range(repeats)), key=_rate)
    games, actions, elapsed = runs[len(runs) // 2]
    legal_apply = sorted(legal_plus_apply_us(rules, players) for _ in range(repeats))
    return {
        "variant": variant,
        "players": players,
        "deck": deck,
        "games": games,
        "games_per_second": round(games / elapsed, 1),
        "actions_per_game": round(actions / games, 1),
        "us_per_action": round(elapsed / actions * 1e6, 2),
        "us_per_legal_plus_apply": round(legal_apply[len(legal_apply) // 2], 2),
        "repeats": repeats,
    }


def _rate(run: tuple[int, int, float]) -> float:
    return run[0] / run[2]


def legal_plus_apply_us(rules: Rules, players: int, games: int = 60) -> float:
    """Microseconds for one legal_actions(seat) plus apply(action), replaying recorded games."""
    recorded = []
    rng = random.Random(7)
    for _ in range(games):
        seed = rng.getrandbits(64)
        game = Game.new(rules, players, random.Random(seed))
        start_state = game.clone()
        choices = []
        pick = random.Random(seed)
        while not game.over:
            seat = game.to_act[0]
            action = pick.choice(game.legal_actions(seat))
            game.apply(action)
            choices.append(action)
        recorded.append((start_state, choices))
    games_left = [(state.clone(), choices) for state, choices in recorded]
    total = 0
    start = time.process_time()
    for game, choices in games_left:
        for action in choices:
            game.legal_actions(action.seat)
            game.apply(action)
        total += len(choices)
    return (time.process_time() - start) / total * 1e6


def anchor_run(players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random-player games of the anchor engine for about `seconds` of CPU time: (games, s)."""
    import main as anchor_main
    import players as anchor_players

    random.seed(seed)  # the anchor draws from the global generator
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        seats = [anchor_players.Random(f"P{i}") for i in range(players)]
        game = anchor_main.GameTree(seats, True, "P0", print_info=False)
        while not game.is_end_state:
            game.next()
        games += 1
    return games, time.process_time() - start


def anchor_comparison(
    seconds: float, repeats: int, anchor: Path = ANCHOR
) -> list[dict[str, object]]:
    """Ours and the anchor's random games/s, run alternately; medians and their ratio."""
    sys.path.insert(0, str(anchor))
    records = []
    for variant, players in ANCHOR_CONFIGS:
        rules = get_rules(variant, deck=36)
        ours, theirs = [], []
        for repeat in range(repeats):
            games, _, elapsed = one_run(rules, players, seconds)
            ours.append(games / elapsed)
            games, elapsed = anchor_run(players, seconds, seed=repeat)
            theirs.append(games / elapsed)
        ours_rate, theirs_rate = sorted(ours)[repeats // 2], sorted(theirs)[repeats // 2]
        records.append(
            {
                "ours": variant,
                "theirs": "jorisperrenet GameTree (transfer by card and by trump)",
                "players": players,
                "deck": 36,
                "ours_games_per_second": round(ours_rate, 1),
                "theirs_games_per_second": round(theirs_rate, 1),
                "ratio": round(ours_rate / theirs_rate, 2),
                "repeats": repeats,
            }
        )
    return records


def mid_game(seed: int, variant: str = "throw-in") -> Game:
    """A two-player game after random moves until about half the talon is drawn."""
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), 2, rng)
    while not game.over and len(game.talon) > 12:
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    return game


def clone_and_resample_us(positions: int = 40, loops: int = 400) -> dict[str, object]:
    """Microseconds per clone() and per resample(seat) of two-player throw-in games mid-play."""
    games = [g for g in (mid_game(seed) for seed in range(positions)) if not g.over]
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(loops):
        for game in games:
            game.clone()
    clone_us = (time.process_time() - start) / (loops * len(games)) * 1e6
    start = time.process_time()
    for _ in range(loops):
        for game in games:
            game.resample(game.to_act[0], rng)
    resample_us = (time.process_time() - start) / (loops * len(games)) * 1e6
    talon = statistics.median(len(g.talon) for g in games)
    hand = statistics.median(len(h) for g in games for h in g.hands)
    return {
        "variant": "throw-in",
        "players": 2,
        "positions": len(games),
        "talon_median": talon,
        "hand_median": hand,
        "clone_us": round(clone_us, 2),
        "resample_us": round(resample_us, 2),
    }


def tree_figures(tree: Path, seconds: float, throw_order: str | None) -> dict[str, float]:
    """Clone, resample and throw-in/transfer-trump-show games/s of the engine in `tree`."""
    command = [sys.executable, str(Path(__file__).resolve()), "--search-only", "--json"]
    command += ["--seconds", str(seconds)]
    if throw_order is not None:
        command += ["--throw-order", throw_order]
    environment = {**os.environ, "BENCH_ENGINE_TREE": str(tree)}
    done = subprocess.run(
        command, cwd=tree, env=environment, capture_output=True, text=True, check=True
    )
    data: dict[str, float] = json.loads(done.stdout)
    return data


def baseline_comparison(
    baseline: Path, seconds: float, repeats: int, throw_order: str | None = None
) -> dict[str, object]:
    """This tree's and the baseline's figures, measured in turn; medians and ratios."""
    ours: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    for _ in range(repeats):
        theirs.append(tree_figures(baseline, seconds, throw_order))
        ours.append(tree_figures(HERE, seconds, throw_order))
    record: dict[str, object] = {"baseline": str(baseline), "repeats": repeats}
    record["throw_order"] = throw_order or "each tree's preset default"
    for key in ours[0]:
        mine = statistics.median(run[key] for run in ours)
        base = statistics.median(run[key] for run in theirs)
        record[key] = {"ours": round(mine, 2), "baseline": round(base, 2)}
        record[key]["ratio"] = round(mine / base, 3)  # type: ignore[index]
    return record


def search_figures(seconds: float, throw_order: str | None = None) -> dict[str, float]:
    """Clone and resample times (2 players mid-play) and random-game rates and microseconds
    per action (with `throw_order` when given), for --baseline."""
    search = clone_and_resample_us()
    figures = {"clone_us": float(search["clone_us"]), "resample_us": float(search["resample_us"])}  # type: ignore[arg-type]
    order = {} if throw_order is None else {"throw_order": throw_order}
    for variant, players in ANCHOR_CONFIGS:
        rules = get_rules(variant, deck=36, **order)
        games, actions, elapsed = one_run(rules, players, seconds)
        figures[f"{variant}_{players}p_games_per_second"] = games / elapsed
        figures[f"{variant}_{players}p_us_per_action"] = elapsed / actions * 1e6
    return figures


def engine_build() -> dict[str, object]:
    """Which engine ran: compiled (python -m engine.accelerate build) or pure Python, and why."""
    try:  # (a --baseline tree may predate the compiled engine)
        from engine import accelerate_guard
    except ImportError:
        return {
            "engine": "pure",
            "reason": "no compiled engine in this tree",
            "compiled_modules": [],
        }
    compiled = accelerate_guard.compiled_modules()
    return {
        "engine": "compiled" if compiled else "pure",
        "reason": accelerate_guard.REASON,
        "compiled_modules": compiled,
    }


def main() -> int:
    """Run every configuration and print the records."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per configuration")
    parser.add_argument("--no-anchor", action="store_true", help="skip the anchor comparison")
    parser.add_argument(
        "--anchor", type=Path, default=ANCHOR, help="jorisperrenet's durak checkout to compare with"
    )
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with")
    parser.add_argument(
        "--throw-order",
        choices=("free", "strict"),
        help="throw_order of the --baseline random games, the same in both trees",
    )
    parser.add_argument("--search-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    if args.search_only:
        print(json.dumps(search_figures(args.seconds, args.throw_order)))
        return 0
    if args.baseline is not None and not (args.baseline / "engine" / "game.py").is_file():
        parser.error(f"{args.baseline} is not a checkout of this project (no engine/game.py)")
    records = [games_per_second(v, p, d, args.seconds, args.repeats) for v, p, d in CONFIGS]
    search = clone_and_resample_us()
    anchor = []
    if args.anchor.is_dir() and not args.no_anchor:
        anchor = anchor_comparison(args.seconds, args.repeats, args.anchor)
    baseline = {}
    if args.baseline is not None:
        baseline = baseline_comparison(
            args.baseline.resolve(), args.seconds, args.repeats, args.throw_order
        )
    if args.json:
        report = {
            "build": engine_build(),
            "engine": records,
            "search": search,
            "anchor": anchor,
            "baseline": baseline,
        }
        print(json.dumps(report, indent=2))
    else:
        print(f"python {platform.python_version()} on {platform.machine()}")
        build = engine_build()
        print(f"engine: {build['engine']} ({build['reason']})")
        for r in records:
            print(
                f"{r['variant']:10} {r['players']}p {r['deck']} cards: "
                f"{r['games_per_second']:8.1f} games/s, {r['us_per_legal_plus_apply']:6.2f} us "
                f"per legal+apply, {r['actions_per_game']} actions/game"
            )
        print(f"clone {search['clone_us']} us, resample {search['resample_us']} us (2p mid-game)")
        for a in anchor:
            print(
                f"{a['ours']:20} vs anchor {a['players']}p: {a['ours_games_per_second']:8.1f} / "
                f"{a['theirs_games_per_second']:8.1f} games/s = {a['ratio']}x"
            )
        for key, value in baseline.items():
            print(f"baseline {key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
