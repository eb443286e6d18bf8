"""Network benchmark: real `durak-peer` processes on loopback inside a private network namespace.

    python bench/network.py --json

- action latency: 4 peers; from the moment the author's core signs a move (it won the vote round)
  to the moment the move is applied at every peer (MoveApplied at the last one), p50 and p99 in
  ms; `details` also gives the time from the bot's decision (intend) to the last application;
- start to dealt: 3 peers, 36 cards; from the host's "start" to the first StateChanged (every
  hand dealt) at every peer, in s (the median over the games played);
- peer RSS: the largest maximum resident set size of any durak-peer process, in MB.

With --multi-deal it measures instead, with 3 peers: crazy fool's mid-game reshuffles (from the
first peer applying the move that reshuffles to the last peer having the sub-deck dealt and the
draws opened: the peers trace "reshuffle" and "redealt"), and start to dealt for invisible fool
(a suit-ordered deal, then a hidden sub-deck deals the hands) next to throw-in.

With --tree PATH the peers run the code of another checkout (PATH is their working directory and
PYTHONPATH), so two trees are measured alternately in one session with this script's figures.

The peers write timing events with --trace (CLOCK_MONOTONIC, shared by all processes). Outside a
private network namespace the script re-runs itself under `unshare --net` (THE NETWORK RULE:
nothing leaves this machine).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.net.netns import rerun_in_private_namespace  # noqa: E402

NAMES = ["North", "East", "South", "West", "Centre", "Far"]


def run_table(
    folder: Path,
    seats: int,
    games: int,
    table: str,
    timeout: float,
    variant: str = "throw-in",
    tree: Path = ROOT,
) -> dict[str, Any]:
    """Start a host and seats-1 joiners running the code of `tree`, wait for them; traces,
    results and max RSS per peer."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(tree))
    processes: list[subprocess.Popen[bytes]] = []
    for seat in range(seats):
        name = NAMES[seat]
        command = [
            sys.executable,
            "-m",
            "net.peer_cli",
            "--name",
            name,
            "--bot",
            "heuristic" if seat % 2 == 0 else "random",
            "--data-dir",
            str(folder / name),
            "--result",
            str(folder / f"{name}.json"),
            "--trace",
            str(folder / f"{name}.trace"),
            "--timeout",
            str(timeout),
            "--log-level",
            os.environ.get("BENCH_LOG", "warning"),
            "--seed",
            str(seat),
        ]
        if seat == 0:
            command += ["--host", table, "--seats", str(seats), "--games", str(games)]
            command += ["--variant", variant]
        else:
            command += ["--join", table]
        log = (folder / f"{name}.log").open("wb")
        processes.append(subprocess.Popen(command, cwd=tree, env=env, stdout=log, stderr=log))
        if seat == 0:
            time.sleep(0.3)
    rss: list[float] = []
    statuses: list[int] = []
    for process in processes:
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        statuses.append(process.returncode)
        rss.append(usage.ru_maxrss / 1024)  # KiB on Linux
    events = []
    for seat in range(seats):
        trace = folder / f"{NAMES[seat]}.trace"
        if trace.exists():
            events += [json.loads(line) for line in trace.read_text().splitlines() if line]
    results = [json.loads((folder / f"{NAMES[s]}.json").read_text()) for s in range(seats)]
    return {"events": events, "rss_mb": rss, "statuses": statuses, "results": results}


def latencies(events: list[dict[str, Any]], peers: int, direct: bool = False) -> list[float]:
    """For every intended move: time until it was applied at the last peer, in ms (`direct`:
    only moves applied at the log index they were signed for, no other move first)."""
    applied: dict[tuple[int, str, str], list[tuple[int, float]]] = {}
    for event in events:
        if event["event"] == "applied":
            key = (event["game"], event["peer"], event["action"])
            applied.setdefault(key, []).append((event["index"], event["t"]))
    names = sorted({e["peer"] for e in events})
    found = []
    for event in events:
        if event["event"] != "intend":
            continue
        times = []
        for name in names:
            options = applied.get((event["game"], name, event["action"]), [])
            later = [(index, t) for index, t in sorted(options) if index >= event["index"]]
            if later and not (direct and later[0][0] != event["index"]):
                times.append(later[0][1])
        if len(times) == peers:
            found.append((max(times) - event["t"]) * 1000)
    return found


def sign_to_applied(events: list[dict[str, Any]], peers: int) -> list[float]:
    """For every signed move: ms from the author's signature to its application at the last peer."""
    applied: dict[tuple[int, int], list[float]] = {}
    for event in events:
        if event["event"] == "applied":
            applied.setdefault((event["game"], event["index"]), []).append(event["t"])
    found = []
    for event in events:
        if event["event"] == "signed":
            times = applied.get((event["game"], event["index"]), [])
            if len(times) == peers:
                found.append((max(times) - event["t"]) * 1000)
    return found


def start_to_dealt(events: list[dict[str, Any]], peers: int) -> list[float]:
    """For every game: seconds from the host's start to the last peer's first StateChanged."""
    spans = []
    for start in (e for e in events if e["event"] == "start"):
        dealt = [e["t"] for e in events if e["event"] == "dealt" and e["game"] == start["game"]]
        if len(dealt) == peers:
            spans.append(max(dealt) - start["t"])
    return spans


def reshuffles(events: list[dict[str, Any]], peers: int) -> list[tuple[int, float]]:
    """For every reshuffle: (positions, seconds from the first peer applying the move that
    reshuffles to the last peer having the re-dealt draws opened)."""
    begun: dict[tuple[int, str], list[tuple[float, int, int]]] = {}
    ended: dict[tuple[int, str], list[float]] = {}
    for event in sorted(events, key=lambda e: e["t"]):
        key = (event["game"], event["peer"])
        if event["event"] == "reshuffle":
            begun.setdefault(key, []).append((event["t"], event["index"], event["positions"]))
        elif event["event"] == "redealt":
            ended.setdefault(key, []).append(event["t"])
    spans: dict[tuple[int, int], tuple[int, list[float], list[float]]] = {}
    for key, starts in begun.items():
        for (t0, index, size), t1 in zip(starts, ended.get(key, []), strict=False):
            entry = spans.setdefault((key[0], index), (size, [], []))
            entry[1].append(t0)
            entry[2].append(t1)
    return [
        (size, max(t1s) - min(t0s))
        for size, t0s, t1s in spans.values()
        if len(t0s) == peers and len(t1s) == peers
    ]


def measure_multi_deal(games: int, timeout: float, tree: Path = ROOT) -> dict[str, Any]:
    """Crazy's reshuffles and invisible's start to dealt, 3 peers, beside throw-in's."""
    folder = Path(tempfile.mkdtemp(prefix="durak-bench-multi-"))
    try:
        runs = {
            variant: run_table(
                folder / variant, 3, games, f"Bench {variant}", timeout, variant, tree
            )
            for variant in ("crazy", "invisible", "throw-in")
        }
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    spans = reshuffles(runs["crazy"]["events"], 3)
    dealt = {variant: start_to_dealt(run["events"], 3) for variant, run in runs.items()}
    sizes = [size for size, _ in spans]
    seconds = [span for _, span in spans]
    return {
        "crazy_reshuffle_s_p50": round(statistics.median(seconds), 3) if seconds else None,
        "crazy_reshuffle_s_max": round(max(seconds), 3) if seconds else None,
        "crazy_reshuffle_positions_p50": statistics.median(sizes) if sizes else None,
        "invisible_start_to_dealt_s": round(statistics.median(dealt["invisible"]), 3)
        if dealt["invisible"]
        else None,
        "throw_in_start_to_dealt_s": round(statistics.median(dealt["throw-in"]), 3)
        if dealt["throw-in"]
        else None,
        "details": {
            "reshuffles": [[size, round(span, 3)] for size, span in sorted(spans)],
            "start_to_dealt_each_s": {v: [round(d, 3) for d in ds] for v, ds in dealt.items()},
            "games_per_table": games,
            "exit_statuses": {variant: run["statuses"] for variant, run in runs.items()},
            "cpus": os.cpu_count(),
            "python": sys.version.split()[0],
        },
    }


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))
    return ordered[rank]


def measure(games: int, timeout: float, tree: Path = ROOT) -> dict[str, Any]:
    """Run both tables with the code of `tree` and compute the four figures."""
    folder = Path(tempfile.mkdtemp(prefix="durak-bench-net-"))
    try:
        four = run_table(folder / "four", 4, games, "Bench four", timeout, tree=tree)
        three = run_table(folder / "three", 3, games, "Bench three", timeout, tree=tree)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    samples = sign_to_applied(four["events"], 4)
    decided = latencies(four["events"], 4)
    direct = latencies(four["events"], 4, direct=True)
    dealt = start_to_dealt(three["events"], 3)
    hashes = {
        table: {json.dumps([g["log_hash"] for g in r["games"]]) for r in run["results"]}
        for table, run in (("four", four), ("three", three))
    }
    return {
        "latency_ms_p50": round(statistics.median(samples), 2) if samples else None,
        "latency_ms_p99": round(percentile(samples, 0.99), 2) if samples else None,
        "start_to_dealt_s": round(statistics.median(dealt), 3) if dealt else None,
        "peer_rss_mb": round(max(four["rss_mb"] + three["rss_mb"]), 1),
        "details": {
            "moves_measured": len(samples),
            "decision_to_applied_ms_p50": round(statistics.median(decided), 2) if decided else None,
            "decision_to_applied_ms_p99": round(percentile(decided, 0.99), 2) if decided else None,
            "latency_ms_mean": round(statistics.fmean(samples), 2) if samples else None,
            "latency_ms_max": round(max(samples), 2) if samples else None,
            "direct_moves_measured": len(direct),
            "direct_latency_ms_p50": round(statistics.median(direct), 2) if direct else None,
            "direct_latency_ms_p99": round(percentile(direct, 0.99), 2) if direct else None,
            "start_to_dealt_each_s": [round(d, 3) for d in dealt],
            "games_per_table": games,
            "exit_statuses": {"four": four["statuses"], "three": three["statuses"]},
            "same_log_hashes": {table: len(found) == 1 for table, found in hashes.items()},
            "rss_mb_each": [round(r, 1) for r in four["rss_mb"] + three["rss_mb"]],
            "cpus": os.cpu_count(),
            "python": sys.version.split()[0],
            "tree": str(tree),
        },
    }


def main() -> int:
    """Command line: --json prints the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--games", type=int, default=3, help="games per table")
    parser.add_argument("--timeout", type=float, default=300.0, help="per peer, in seconds")
    parser.add_argument(
        "--multi-deal", action="store_true", help="crazy's reshuffles, invisible's deal"
    )
    parser.add_argument(
        "--tree", type=Path, default=ROOT, help="run the peers of this checkout (default: this one)"
    )
    args = parser.parse_args()
    tree = args.tree.resolve()
    if not (tree / "net" / "peer_cli.py").is_file():
        parser.error(f"--tree {tree}: no net/peer_cli.py there")
    rerun = rerun_in_private_namespace()
    if rerun is not None:
        return rerun
    if args.multi_deal:
        figures = measure_multi_deal(args.games, args.timeout, tree)
    else:
        figures = measure(args.games, args.timeout, tree)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
