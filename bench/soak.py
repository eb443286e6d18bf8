"""Soak: play N seeded simulated games (loss, reordering, delay, duplication, a crash and resume,
sometimes one hostile seat) and print JSON lines: one of progress every `--every` games (seeds
done so far and the seeds that failed) and a last one, the summary (games, failures, attacks
seen, time). A long run splits into seed ranges (`--start`, `--games`) run apart and added up.

    python bench/soak.py [--games 1000] [--start 0] [--every 25] [--minutes 0 (no limit)]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.hostile.soak import play


def emit(record: dict[str, Any]) -> None:
    """Print one JSON line now (a long run is watched while it runs)."""
    print(json.dumps(record, default=str), flush=True)


def main() -> None:
    """Run the soak and print its progress and summary as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--every", type=int, default=25, help="games per progress line")
    parser.add_argument(
        "--minutes", type=float, default=0.0, help="stop after this long (0: never)"
    )
    args = parser.parse_args()
    if args.games < 0 or args.start < 0 or args.every < 1:
        parser.error("--games and --start must be at least 0, --every at least 1")
    began = time.monotonic()
    cpu = time.process_time()
    played = 0
    failures = []
    attacks: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    crashes = 0
    for seed in range(args.start, args.start + args.games):
        if args.minutes and time.monotonic() - began > args.minutes * 60:
            break
        report = play(seed)
        played += 1
        attacks[report["attack"] or "none"] += 1
        crashes += report["crash"] is not None
        for result in report["results"].values():
            outcomes[result["reason"]] += 1
        if report["problems"]:
            failures.append(report)
        if played % args.every == 0:
            emit(
                {
                    "progress": True,
                    "seeds": [args.start, seed],
                    "games": played,
                    "failed_seeds": [f["seed"] for f in failures],
                    "wall_s": round(time.monotonic() - began, 1),
                }
            )
    emit(
        {
            "games": played,
            "first_seed": args.start,
            "last_seed": args.start + played - 1,
            "failed": len(failures),
            "failed_seeds": [f["seed"] for f in failures],
            "failures": failures[:20],
            "attacks": dict(sorted(attacks.items())),
            "with_crash_and_resume": crashes,
            "seat_outcomes": dict(sorted(outcomes.items())),
            "wall_s": round(time.monotonic() - began, 1),
            "cpu_s": round(time.process_time() - cpu, 1),
            "machine": platform.machine(),
            "python": platform.python_version(),
        }
    )


if __name__ == "__main__":
    main()
