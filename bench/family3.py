"""Family-3 engine speed against throw-in: random-bot games, prints JSON.

Usage: python bench/family3.py [--seconds S] [--repeats N] [--players 2|all|2,4] [--seed K]

For every family-3 preset (`engine.games.family3_ids()`, so a game registered later is measured
too) and each player count asked for that the preset seats, full games between random bots are
played through `engine.simulate.play_game`, and so are throw-in games with as many players, the
two alternating: throw-in, the preset, throw-in, the preset, ... (`--repeats` runs of each, about
`--seconds` of CPU time a run). Times are CPU seconds of this process (`time.process_time`), so
other programs on the machine count less; each figure is the median of the runs. `ratio` is the
preset's time per action divided by throw-in's in the same alternation (the issue's bound: 3).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games import family3_ids, kind_for
from engine.simulate import play_game

REFERENCE = "throw-in"


def rules_and_bots(variant: str, players: int, seed: int) -> tuple[Any, list[Any]]:
    """The preset's rules (Durak or family 3) and one seeded random bot per seat."""
    kind = kind_for(variant)
    rules, make = kind.get_rules(variant), kind.make_bot
    return rules, [make("random", seed + seat) for seat in range(players)]


def seats(variant: str) -> list[int]:
    """The player counts (2 to 6) the preset accepts."""
    rules = kind_for(variant).get_rules(variant)
    accepted = []
    for players in range(2, 7):
        try:
            rules.check_players(players)
        except ValueError:
            continue
        accepted.append(players)
    return accepted


def one_run(variant: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random-bot games for about `seconds` of CPU time (at least one): (games, actions, s)."""
    rules, bots = rules_and_bots(variant, players, seed)
    deals = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    while games == 0 or time.process_time() - start < seconds:
        _, count = play_game(rules, bots, random.Random(deals.getrandbits(64)))
        games += 1
        actions += count
    return games, actions, time.process_time() - start


def measure(variant: str, players: int, seconds: float, repeats: int, seed: int) -> dict[str, Any]:
    """The preset and throw-in with as many players, alternating; medians and their ratio."""
    runs: dict[str, list[tuple[int, int, float]]] = {REFERENCE: [], variant: []}
    for repeat in range(repeats):
        for name in (REFERENCE, variant):
            runs[name].append(one_run(name, players, seconds, seed + 1000 * repeat))

    def figures(name: str) -> dict[str, Any]:
        done = runs[name]
        return {
            "games": sum(g for g, _, _ in done),
            "games_per_second": round(statistics.median(g / s for g, _, s in done), 1),
            "actions_per_second": round(statistics.median(a / s for _, a, s in done)),
            "actions_per_game": round(sum(a for _, a, _ in done) / sum(g for g, _, _ in done), 1),
            "us_per_action": round(statistics.median(s / a * 1e6 for _, a, s in done), 2),
        }

    mine, reference = figures(variant), figures(REFERENCE)
    ratios = [
        (s / a) / (rs / ra)
        for (_, a, s), (_, ra, rs) in zip(runs[variant], runs[REFERENCE], strict=True)
    ]
    return {
        "variant": variant,
        "players": players,
        **mine,
        "reference": {"variant": REFERENCE, **reference},
        "ratio": round(statistics.median(ratios), 2),
        "ratios": [round(r, 2) for r in ratios],
    }


def player_counts(text: str, variant: str) -> list[int]:
    """The counts of `--players` ("2", "2,4" or "all") that the preset seats."""
    accepted = seats(variant)
    if text == "all":
        return accepted
    return [n for n in (int(part) for part in text.split(",")) if n in accepted]


def main(argv: list[str] | None = None) -> int:
    """Measure every family-3 preset against throw-in and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per preset and reference")
    parser.add_argument("--players", default="2", help='"2", "2,4" or "all"')
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="comma-separated preset ids (default: every one)")
    args = parser.parse_args(argv)
    variants = args.only.split(",") if args.only else family3_ids()
    rows = [
        measure(variant, players, args.seconds, args.repeats, args.seed)
        for variant in variants
        for players in player_counts(args.players, variant)
    ]
    report = {
        "machine": {
            "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}",
            "cpus": os.cpu_count(),
            "load_average": [round(x, 1) for x in os.getloadavg()],
        },
        "date_utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
        "seconds_per_run": args.seconds,
        "repeats": args.repeats,
        "worst_ratio": max((row["ratio"] for row in rows), default=None),
        "rows": rows,
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
