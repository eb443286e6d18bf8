"""Table CPU: the deal with every proof and the CPU per move of whole games on the simulator.

Plays seeded games of `--players` seats (36 cards, heuristic bots, a quiet simulated network) with
every seat's table core in this process, and measures process CPU time: from start until every
seat has its first view of the dealt game ("deal", all seats together, proofs included), and from
then until every seat's game is over, divided by the moves in the log ("per move", all seats
together: votes, the signed move, its keys, every check). With --tree it imports the table code
of another checkout first, so two trees can be measured alternately in one run.

Usage: python bench/table_cpu.py [--tree PATH] [--games 5] [--players 4] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def measure(games: int, players: int, first_seed: int) -> dict[str, Any]:
    """Play `games` seeded games; the medians of deal CPU and CPU per move."""
    from net.table.core import StateChanged
    from net.table.sim import make_table

    deal_cpu, move_cpu, moves = [], [], []
    for seed in range(first_seed, first_seed + games):
        table = make_table(players, "throw-in", seed=seed, bots="heuristic")
        dealt: set[int] = set()
        marks: dict[str, float] = {}

        def watch(
            seat: int,
            core: Any,
            outputs: list[Any],
            dealt: set[int] = dealt,
            marks: dict[str, float] = marks,
        ) -> None:
            if any(isinstance(o, StateChanged) for o in outputs):
                dealt.add(seat)
                if len(dealt) == players and "dealt" not in marks:
                    marks["dealt"] = time.process_time()

        table.watch(watch)
        began = time.process_time()
        table.start()
        table.step_until(3600)
        ended = time.process_time()
        core = table.cores[0]
        assert core is not None and core.over is not None and core.over.reason == "finished"
        deal_cpu.append(marks["dealt"] - began)
        move_cpu.append((ended - marks["dealt"]) / len(core.entries))
        moves.append(len(core.entries))
    return {
        "deal_cpu_s": round(statistics.median(deal_cpu), 4),
        "cpu_per_move_ms": round(statistics.median(move_cpu) * 1000, 3),
        "moves": moves,
    }


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))
    import net

    result = measure(args.games, args.players, args.seed)
    result |= {
        "tree": str(Path(net.__file__).resolve().parent.parent),
        "players": args.players,
        "games": args.games,
        "python": platform.python_version(),
    }
    print(json.dumps(result) if args.json else result)


if __name__ == "__main__":
    main()
