"""The generic adversary's full matrix (issue 25, Tests): for each seat count and variant, every
message kind the hostile seat sends in that game (taken from the schemas' own lists), attacked
every way (`tests.hostile.adversary.ATTACKS`), with real proofs; each game's problems (an honest
seat named, stalled or blamed, one that never ended, honest seats ending apart). Prints JSON lines:
one per game that went wrong (and, with --every-game, every game), then the summary.

Each game may last as long as its honest game, plus one forwarding delay for every message the
hostile seat sends in it (each may reach a victim only through the others), plus the longest
deadline (`whole_game_limit`): a long honest game (czech) is not a failure, a stuck table is.
`--sample N` plays N (kind, attack) cases of each row, drawn with the seed.

    python bench/adversary.py [--seats 2,3,6] [--variants throw-in,invisible,...]
        [--kinds all|vote,deal:keys,...] [--attacks all|withhold,...] [--seed 31] [--minutes 0]
        [--sample 0] [--every-game]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.table.events import HEARTBEAT_EVERY
from net.table.sim import SimulatedTable, make_table
from tests.hostile.adversary import ATTACKS, ENDS_WITHIN, GAME_KINDS, HOSTILE, TO_ONE, play_attack
from tests.hostile.harness import honest_seats, kind_of, run_until_honest_end

SEATS = (2, 3, 6)
VARIANTS = ("throw-in", "invisible", "road", "czech", "pagons", "joker-rummy")
FORWARDED_WITHIN = 3 * HEARTBEAT_EVERY
"""A message dropped to one seat reaches it through another within about two heartbeats
(net/table/forwarding.py); one more for the round trip."""
HONEST_LIMIT = 20_000.0
"""Simulated seconds an honest game may take before the row is reported as never ending."""


@dataclass(frozen=True)
class HonestGame:
    """What the game of a row is when every seat is honest, as the hostile seat sees it."""

    kinds: frozenset[str]  # the kinds the hostile seat sends
    messages: int  # the messages it sends (numbered ones, each counted once)
    ended_s: float | None  # simulated seconds until every other seat ended (None: never)


def honest_game(table: SimulatedTable, seat: int = HOSTILE) -> HonestGame:
    """Play the table's game honestly and note what `seat` sends and when the others end."""
    kinds: set[str] = set()
    numbers: set[int] = set()

    def watch(at: int, core: Any, outputs: list[Any]) -> None:
        if at != seat:
            return
        for frame in (o.frame for o in outputs if hasattr(o, "frame")):
            if kind_of(frame):
                kinds.add(kind_of(frame))
                numbers.add(frame["s"])

    table.watch(watch)
    table.start()
    run_until_honest_end(table, seat, limit=HONEST_LIMIT)
    others = [table.cores[s] for s in honest_seats(table, seat)]
    ended = all(core is None or core.over is not None for core in others)
    return HonestGame(frozenset(kinds), len(numbers), round(table.now, 1) if ended else None)


def whole_game_limit(game: HonestGame) -> float:
    """Simulated seconds an attacked game of this row may take: the honest game's length, one
    forwarding delay per message the hostile seat sends, and the longest deadline (ENDS_WITHIN:
    the resume window and the audit). An honest seat still waiting past it is a stuck table."""
    return (game.ended_s or 0.0) + game.messages * FORWARDED_WITHIN + ENDS_WITHIN


def emit(record: dict[str, Any]) -> None:
    """Print one JSON line now (a long run is watched while it runs)."""
    print(json.dumps(record, default=str), flush=True)


def row_cases(
    players: int, kinds: tuple[str, ...], attacks: tuple[str, ...], sent: frozenset[str]
) -> list[tuple[str, str]]:
    """The (kind, attack) games of a row: each kind the hostile seat sends, each attack (those
    aimed at one of two honest seats only at 3 seats or more)."""
    return [
        (name, how)
        for name in kinds
        if name in sent
        for how in attacks
        if not (how in TO_ONE and players < 3)
    ]


def sampled(cases: list[tuple[str, str]], count: int, key: str) -> list[tuple[str, str]]:
    """`count` of the cases drawn at random with `key` as the seed, in the matrix's order."""
    if count >= len(cases):
        return cases
    drawn = set(random.Random(key).sample(cases, count))
    return [case for case in cases if case in drawn]


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
    parser.add_argument("--sample", type=int, default=0, help="cases per row, drawn (0: all)")
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
            if stopped:
                break
            try:
                table = make_table(players, variant=variant, seed=args.seed, bots="random")
            except ValueError as error:  # a variant not played at this seat count
                emit({"players": players, "variant": variant, "skipped": str(error)})
                continue
            row_cpu = time.process_time()
            game = honest_game(table)
            limit = whole_game_limit(game)
            emit(
                {
                    "players": players,
                    "variant": variant,
                    "honest_s": game.ended_s,
                    "hostile_messages": game.messages,
                    "limit_s": round(limit, 1),
                    "kinds": sorted(game.kinds),
                }
            )
            if game.ended_s is None:
                failed += 1
                emit({"players": players, "variant": variant, "problems": ["honest game stuck"]})
            not_sent += sum(name not in game.kinds for name in kinds)
            cases = row_cases(players, kinds, attacks, game.kinds)
            if args.sample:
                cases = sampled(cases, args.sample, f"{args.seed}-{players}-{variant}")
            played = 0
            for name, how in cases:
                if args.minutes and time.monotonic() - began > args.minutes * 60:
                    stopped = True
                    break
                report = play_attack(players, variant, args.seed, name, how, limit=limit)
                games += 1
                played += 1
                failed += bool(report["problems"])
                for reason, cheater in report["ends"]:
                    by_end[f"{reason}:{'hostile' if cheater == HOSTILE else cheater}"] += 1
                if report["problems"] or args.every_game:
                    emit(report)
            emit(
                {
                    "players": players,
                    "variant": variant,
                    "row_cpu_s": round(time.process_time() - row_cpu, 1),
                    "row_cases": len(cases),
                    "row_games": played,
                }
            )
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
