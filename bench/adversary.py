"""The generic adversary's full matrix (issue 25, Tests): for each seat count and variant, every
message kind the hostile seat sends in that game (taken from the schemas' own lists), attacked
every way (`tests.hostile.adversary.ATTACKS`), with real proofs; each game's problems (an honest
seat named, stalled or blamed, one that never ended, honest seats ending apart). Prints JSON lines:
one per game that went wrong (and, with --every-game, every game), then the summary.

    python bench/adversary.py [--seats 2,3,6] [--variants throw-in,invisible,...]
        [--kinds all|vote,deal:keys,...] [--attacks all|withhold,...] [--seed 31] [--minutes 0]
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

from net.table.sim import make_table
from tests.hostile.adversary import ATTACKS, GAME_KINDS, HOSTILE, TO_ONE, kinds_sent, play_attack

SEATS = (2, 3, 6)
VARIANTS = ("throw-in", "invisible", "road", "czech", "pagons", "joker-rummy")


def emit(record: dict[str, Any]) -> None:
    """Print one JSON line now (a long run is watched while it runs)."""
    print(json.dumps(record, default=str), flush=True)


def chosen(text: str, every: tuple[str, ...]) -> tuple[str, ...]:
    """The comma-separated names of `text` ("all": every one), each checked against `every`."""
    if text == "all":
        return every
    names = tuple(text.split(","))
    unknown = [name for name in names if name not in every]
    if unknown:
        raise SystemExit(f"unknown: {unknown} (known: {list(every)})")
    return names


def main() -> None:
    """Run the matrix and print its JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", default=",".join(map(str, SEATS)))
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--kinds", default="all")
    parser.add_argument("--attacks", default="all")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after this long")
    parser.add_argument("--every-game", action="store_true", help="a line for every game")
    args = parser.parse_args()
    seats = [int(n) for n in args.seats.split(",")]
    variants = args.variants.split(",")
    kinds, attacks = chosen(args.kinds, GAME_KINDS), chosen(args.attacks, ATTACKS)
    began, cpu = time.monotonic(), time.process_time()
    games, failed, not_sent = 0, 0, 0
    by_end: Counter[str] = Counter()
    stopped = False
    for players in seats:
        for variant in variants:
            try:
                table = make_table(players, variant=variant, seed=args.seed, bots="random")
            except ValueError as error:  # a variant not played at this seat count
                emit({"players": players, "variant": variant, "skipped": str(error)})
                continue
            sent = kinds_sent(table, HOSTILE)
            for name in kinds:
                if name not in sent:
                    not_sent += 1
                    continue
                for how in attacks:
                    if how in TO_ONE and players < 3:
                        continue
                    if args.minutes and time.monotonic() - began > args.minutes * 60:
                        stopped = True
                        break
                    report = play_attack(players, variant, args.seed, name, how)
                    games += 1
                    failed += bool(report["problems"])
                    for reason, cheater in report["ends"]:
                        by_end[f"{reason}:{'hostile' if cheater == HOSTILE else cheater}"] += 1
                    if report["problems"] or args.every_game:
                        emit(report)
    emit(
        {
            "games": games,
            "failed": failed,
            "stopped_by_time": stopped,
            "kinds_not_sent": not_sent,
            "seats": seats,
            "variants": variants,
            "attacks": list(attacks),
            "seat_ends": dict(sorted(by_end.items())),
            "wall_s": round(time.monotonic() - began, 1),
            "cpu_s": round(time.process_time() - cpu, 1),
            "machine": platform.machine(),
            "python": platform.python_version(),
        }
    )


if __name__ == "__main__":
    main()
