"""Engine speed: random-vs-random full games; prints JSON with --json.

Usage: python bench/engine.py [--json] [--seconds S] [--repeats N]

Times are CPU seconds of this process (time.process_time), so other programs running on the
machine do not count against the engine; each figure is the median of --repeats runs.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import make_bot
from engine.game import Game
from engine.rules import Rules, get_rules
from engine.simulate import play_game

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


def main() -> int:
    """Run every configuration and print the records."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per configuration")
    args = parser.parse_args()
    records = [games_per_second(v, p, d, args.seconds, args.repeats) for v, p, d in CONFIGS]
    if args.json:
        print(json.dumps(records, indent=2))
    else:
        print(f"python {platform.python_version()} on {platform.machine()}")
        for r in records:
            print(
                f"{r['variant']:10} {r['players']}p {r['deck']} cards: "
                f"{r['games_per_second']:8.1f} games/s, {r['us_per_legal_plus_apply']:6.2f} us "
                f"per legal+apply, {r['actions_per_game']} actions/game"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
