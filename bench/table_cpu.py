"""Table CPU: the deal with every proof and the CPU per move of whole games on the simulator.

Plays seeded games of `--players` seats (36 cards, heuristic bots, a quiet simulated network) with
every seat's table core in this process, and measures process CPU time: from start until every
seat has its first view of the dealt game ("deal", all seats together, proofs included), and from
then until every seat's game is over, divided by the moves in the log ("per move", all seats
together: votes, the signed move, its keys, every check, the end-of-game audit). With --tree it
imports the table code of another checkout first. Given two or more --tree, it runs itself once
per tree and round in fresh processes, alternating the order (A B, B A, A B, ...), and prints
each tree's runs, their medians and each median's ratio to the first tree's.

--counts adds what the moves cost in operations (the same for every run of one tree, so it can
be compared on a loaded machine): calls per move, all seats, of Ed25519 signing and checking,
msgspec schema conversions, ristretto255 scalar multiplications, deal message digests and
Schnorr signature checks, counted by cProfile (in one
more run per tree, apart from the timed ones).

Usage: python bench/table_cpu.py [--tree PATH ...] [--rounds 3] [--games 3] [--players 4]
                                 [--counts] [--json]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# Function names counted by --counts: (label, file part or "", function name part); Ed25519
# through `cryptography` (OpenSSL) or PyNaCl (libsodium), whichever a tree uses.
_OPENSSL = "of 'cryptography.hazmat.bindings._rust.openssl.ed25519"
COUNTED = (
    ("ed25519_sign", "", f"sign' {_OPENSSL}"),
    ("ed25519_sign", "nacl/bindings/crypto_sign.py", "crypto_sign"),
    ("ed25519_verify", "", f"verify' {_OPENSSL}"),
    ("ed25519_verify", "nacl/bindings/crypto_sign.py", "crypto_sign_open"),
    ("schema_convert", "", "msgspec._core.convert"),
    ("ristretto_mult", "ristretto.py", "mult"),
    ("ristretto_mult_base", "ristretto.py", "mult_base"),
    ("deal_message_digest", "net/dealing/messages.py", "digest"),
    ("schnorr_verify", "net/crypto/proofs.py", "verify_signature"),
)


def measure(games: int, players: int, first_seed: int, counts: bool = False) -> dict[str, Any]:
    """Play `games` seeded games; the medians of deal CPU and CPU per move."""
    from net.table.core import StateChanged
    from net.table.sim import make_table

    profile = cProfile.Profile() if counts else None
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
                    if profile is not None:
                        profile.enable()

        table.watch(watch)
        began = time.process_time()
        table.start()
        table.step_until(3600)
        ended = time.process_time()
        if profile is not None:
            profile.disable()
        core = table.cores[0]
        assert core is not None and core.over is not None and core.over.reason == "finished"
        deal_cpu.append(marks["dealt"] - began)
        move_cpu.append((ended - marks["dealt"]) / len(core.entries))
        moves.append(len(core.entries))
    result: dict[str, Any] = {
        "deal_cpu_s": round(statistics.median(deal_cpu), 4),
        "cpu_per_move_ms": round(statistics.median(move_cpu) * 1000, 3),
        "moves": moves,
    }
    if profile is not None:
        result["calls_per_move"] = calls_per_move(profile, sum(moves))
    return result


def calls_per_move(profile: cProfile.Profile, moves: int) -> dict[str, float]:
    """The counted functions' calls per move (profiled from dealt to the end of each game)."""
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    found = dict.fromkeys((label for label, _, _ in COUNTED), 0)
    for (file, _line, name), (_cc, calls, *_rest) in stats.items():
        for label, file_part, name_part in COUNTED:
            if file_part in file and (name == name_part if file_part else name_part in name):
                found[label] += calls
    return {label: round(calls / moves, 2) for label, calls in found.items()}


def alternate(args: argparse.Namespace) -> dict[str, Any]:
    """Run every tree once per round in fresh processes, alternating the order; medians and
    ratios of medians to the first tree."""
    trees = [str(tree.resolve()) for tree in args.tree]
    runs: dict[str, list[dict[str, Any]]] = {tree: [] for tree in trees}
    for round_no in range(args.rounds):
        order = trees if round_no % 2 == 0 else trees[::-1]
        for tree in order:
            command = [sys.executable, __file__, "--tree", tree, "--games", str(args.games)]
            command += ["--players", str(args.players), "--seed", str(args.seed), "--json"]
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            runs[tree].append(json.loads(done.stdout))
    counted: dict[str, Any] = {}
    for tree in trees if args.counts else []:  # profiled apart: the profiler costs CPU
        command = [sys.executable, __file__, "--tree", tree, "--games", str(args.games)]
        command += ["--players", str(args.players), "--seed", str(args.seed), "--json"]
        done = subprocess.run([*command, "--counts"], capture_output=True, text=True, check=True)
        counted[tree] = json.loads(done.stdout)["calls_per_move"]
    first = trees[0]
    summary: dict[str, Any] = {}
    for tree in trees:
        summary[tree] = {
            "cpu_per_move_ms": [r["cpu_per_move_ms"] for r in runs[tree]],
            "deal_cpu_s": [r["deal_cpu_s"] for r in runs[tree]],
            "moves": runs[tree][0]["moves"],
        }
        if tree in counted:
            summary[tree]["calls_per_move"] = counted[tree]
        for figure in ("cpu_per_move_ms", "deal_cpu_s"):
            median = statistics.median(summary[tree][figure])
            summary[tree][f"{figure}_median"] = round(median, 4)
            summary[tree][f"{figure}_ratio"] = round(
                median / statistics.median(summary[first][figure]), 3
            )
    return {"trees": summary, "rounds": args.rounds, "games": args.games, "players": args.players}


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, action="append")
    parser.add_argument("--rounds", type=int, default=3, help="rounds when alternating trees")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--counts", action="store_true", help="calls per move of costly steps")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.tree is not None and len(args.tree) > 1:
        result = alternate(args)
        print(json.dumps(result) if args.json else json.dumps(result, indent=1))
        return
    tree = args.tree[0] if args.tree else Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(tree.resolve()))
    import net

    result = measure(args.games, args.players, args.seed, args.counts)
    result |= {
        "tree": str(Path(net.__file__).resolve().parent.parent),
        "players": args.players,
        "games": args.games,
        "python": platform.python_version(),
    }
    print(json.dumps(result) if args.json else result)


if __name__ == "__main__":
    main()
