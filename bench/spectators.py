"""Spectators benchmark (issue 30): real `durak-peer` seats on loopback in a private network
namespace, spectators (`net.watcher.Watcher`) in this process.

    python bench/spectators.py --json

- catch-up: 4 seats, 36 cards (throw-in); once the game is in its middle (`--middle` moves in
  its log) a spectator presses Watch (by address: no mDNS wait) and follows the seats' feeds with
  every check (real proofs); from `Watcher.run()` to the first moment it holds every move the
  seats said they hold ("following live"), in s, and the moves it caught up; with `--seat-gone`
  also once with a seat (West) killed just before Watch is pressed: the other seats relay its
  signed part (`catch_up_seat_gone`: its `catch_up_s` stays null when the table itself waits
  for the gone seat's key of a card it played; `last_move_shown_s` is then the catch-up);
- seats' move latency: 4 seats, from the author's signature to the move applied at every seat
  (the seats' `--trace`, as bench/network.py), p50 and p99 in ms, with no spectator and with 8;
  the 8 spectators take their feeds and check nothing (`Reader`: the checks cost a spectator's
  own computer, not the seats'), so the difference is what feeding them costs the seats. Runs
  alternate (none, 8, none, 8...) to spread a loaded machine's noise; the ratio of the medians.

Outside a private network namespace the script re-runs itself under `unshare --net` (the
network rule: nothing leaves this machine).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net.identity import Identity  # noqa: E402
from net.watch_events import GameStarted, MoveShown, WatchEvent, WatchRequest  # noqa: E402
from net.watcher import Watcher  # noqa: E402
from tests.net.netns import rerun_in_private_namespace  # noqa: E402

NAMES = ["North", "East", "South", "West"]


def _network_module() -> Any:
    """bench/network.py (bench/ is no package): its trace readers."""
    spec = importlib.util.spec_from_file_location("bench_network", ROOT / "bench" / "network.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NETWORK = _network_module()


def free_port() -> int:
    """A loopback TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def start_seats(
    folder: Path,
    port: int,
    games: int,
    timeout: float,
    before_joiners: Callable[[], None] | None = None,
) -> list[subprocess.Popen[bytes]]:
    """A host on `port` and three joiners by address, each tracing its moves (`before_joiners`
    runs once the host listens)."""
    folder.mkdir(parents=True, exist_ok=True)
    processes = []
    for seat, name in enumerate(NAMES):
        command = [
            sys.executable, "-m", "net.peer_cli", "--name", name,
            "--bot", "heuristic" if seat % 2 == 0 else "random",
            "--interface", "lo", "--data-dir", str(folder / name),
            "--result", str(folder / f"{name}.json"), "--trace", str(folder / f"{name}.trace"),
            "--timeout", str(timeout), "--log-level", os.environ.get("BENCH_LOG", "warning"),
            "--seed", str(seat),
        ]  # fmt: skip
        if seat == 0:
            command += ["--host", "Bench watch", "--seats", "4", "--games", str(games)]
            command += ["--port", str(port)]
        else:
            command += ["--connect", f"127.0.0.1:{port}"]
        log = (folder / f"{name}.log").open("wb")
        processes.append(subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log))
        if seat == 0:
            time.sleep(0.5)
            if before_joiners is not None:
                before_joiners()
    return processes


def wait_all(processes: list[subprocess.Popen[bytes]], timeout: float) -> list[int]:
    """Every process's exit status (killed after `timeout`)."""
    deadline = time.monotonic() + timeout
    for process in processes:
        try:
            process.wait(max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
    return [p.returncode for p in processes]


def traces(folder: Path) -> list[dict[str, Any]]:
    """Every seat's trace events."""
    events = []
    for name in NAMES:
        trace = folder / f"{name}.trace"
        if trace.exists():
            events += [json.loads(line) for line in trace.read_text().splitlines() if line]
    return events


def applied(folder: Path, name: str = "North") -> int:
    """Moves a seat applied so far (its trace)."""
    trace = folder / f"{name}.trace"
    if not trace.exists():
        return 0
    return sum('"applied"' in line for line in trace.read_text().splitlines())


class Reader(Watcher):
    """A spectator that takes its feeds and checks nothing (it only counts them)."""

    frames = 0

    def _feed(self, seat: int, frame: dict[str, Any]) -> None:
        self.frames += 1
        over = frame.get("p", {}).get("over") if isinstance(frame.get("p"), dict) else None
        if over is not None and seat == 0:
            total = self.state.games if self.state is not None else 1
            if frame.get("g") == total - 1:
                self._finish("match-over")


async def catch_up(folder: Path, middle: int, timeout: float, gone: bool = False) -> dict[str, Any]:
    """Seconds from pressing Watch in the middle of a 4-seat game to following it live (`gone`:
    West's process killed just before)."""
    port = free_port()
    seats = start_seats(folder, port, 1, timeout)
    try:
        deadline = time.monotonic() + timeout
        while applied(folder) < middle:
            if time.monotonic() > deadline or any(p.poll() is not None for p in seats):
                raise RuntimeError(f"the game never reached move {middle}")
            await asyncio.sleep(0.01)
        if gone:
            seats[3].kill()
            seats[3].wait(5)
        seen: list[tuple[float, WatchEvent]] = []
        live: list[float] = []
        watcher: Watcher | None = None

        def sink(event: WatchEvent) -> None:
            seen.append((time.perf_counter(), event))
            if watcher is None or watcher.follower is None or live:
                return
            follower = watcher.follower
            if isinstance(event, MoveShown) and follower.applied >= max(
                follower.applied_by_seats, middle
            ):
                live.append(time.perf_counter())
                watcher.leave()

        request = WatchRequest(f"127.0.0.1:{port}", "Bench spectator")
        watcher = Watcher(request, Identity.generate(), sink, interface="lo")
        pressed = time.perf_counter()
        await asyncio.wait_for(watcher.run(), timeout)
        started = [t for t, e in seen if isinstance(e, GameStarted)]
        caught = next((e for _, e in seen if isinstance(e, GameStarted)), None)
        shown = [(t, e) for t, e in seen if isinstance(e, MoveShown)]
        return {
            "catch_up_s": round(live[0] - pressed, 3) if live else None,
            "game_started_s": round(started[0] - pressed, 3) if started else None,
            "last_move_shown_s": round(shown[-1][0] - pressed, 3) if shown else None,
            "moves_shown": len(shown),
            "moves_caught_up": caught.caught_up if isinstance(caught, GameStarted) else None,
            "ended": watcher.end.kind if watcher.end else None,
        }
    finally:
        for process in seats:
            process.kill()
        wait_all(seats, 10)


async def read_table(target: str, readers: int, timeout: float) -> int:
    """`readers` spectators that check nothing watch the table at `target` to its end; how
    many were fed (run in a process of its own, at the lowest priority: on a real LAN each
    spectator has its own computer)."""
    watchers = [
        Reader(WatchRequest(target, f"Reader {n}"), Identity.generate(), lambda event: None, "lo")
        for n in range(readers)
    ]
    runs = [asyncio.create_task(w.run()) for w in watchers]
    while not all(w.started for w in watchers):  # every one admitted: the seats may come
        await asyncio.sleep(0.05)
    print("admitted", flush=True)
    await asyncio.wait(runs, timeout=timeout)
    for watcher in watchers:
        watcher.leave()
    return sum(1 for w in watchers if w.frames)


def table_with_readers(folder: Path, readers: int, games: int, timeout: float) -> list[int]:
    """A 4-seat match watched by `readers` spectators that check nothing; exit statuses."""
    port = free_port()
    reading: list[subprocess.Popen[bytes]] = []

    def admit_readers() -> None:
        """Start the spectators' process and wait until the host let every one in."""
        command = [sys.executable, str(Path(__file__).resolve()), "--read", f"127.0.0.1:{port}"]
        command += ["--readers", str(readers), "--timeout", str(timeout)]
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, preexec_fn=lambda: os.nice(19)
        )
        reading.append(process)
        assert process.stdout is not None
        if process.stdout.readline().strip() != b"admitted":
            raise RuntimeError("the spectators were not let in")

    seats = start_seats(folder, port, games, timeout, admit_readers if readers else None)
    statuses = wait_all(seats, timeout)
    for process in reading:
        out, _ = process.communicate(timeout=60)
        if int(out.decode().strip() or 0) != readers:
            raise RuntimeError(f"not every spectator was fed: {out!r}")
    return statuses


def latency(events: list[dict[str, Any]]) -> list[float]:
    """Author's signature to applied at every seat, in ms, for every move."""
    samples: list[float] = NETWORK.sign_to_applied(events, 4)
    return samples


def measure(
    rounds: int, games: int, middle: int, timeout: float, gone: bool = False
) -> dict[str, Any]:
    """Both figures (`gone`: the catch-up once more with a seat gone)."""
    folder = Path(tempfile.mkdtemp(prefix="durak-bench-watch-"))
    try:
        catch = asyncio.run(catch_up(folder / "catch-up", middle, timeout))
        if gone:
            catch["catch_up_seat_gone"] = asyncio.run(
                catch_up(folder / "catch-up-gone", middle, timeout, gone=True)
            )
        runs: dict[int, list[dict[str, Any]]] = {0: [], 8: []}
        for index in range(rounds):
            for readers in (0, 8) if index % 2 == 0 else (8, 0):
                where = folder / f"latency-{index}-{readers}"
                statuses = table_with_readers(where, readers, games, timeout)
                samples = latency(traces(where))
                runs[readers].append(
                    {
                        "p50": statistics.median(samples) if samples else None,
                        "p99": NETWORK.percentile(samples, 0.99) if samples else None,
                        "moves": len(samples),
                        "statuses": statuses,
                    }
                )
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    def median_of(readers: int, key: str) -> float | None:
        values = [r[key] for r in runs[readers] if r[key] is not None]
        return round(statistics.median(values), 2) if values else None

    none, eight = median_of(0, "p50"), median_of(8, "p50")
    return {
        **catch,
        "latency_ms_p50_no_spectators": none,
        "latency_ms_p50_8_spectators": eight,
        "latency_p50_ratio": round(eight / none, 3) if none and eight else None,
        "latency_ms_p99_no_spectators": median_of(0, "p99"),
        "latency_ms_p99_8_spectators": median_of(8, "p99"),
        "details": {
            "rounds": rounds,
            "games_per_run": games,
            "middle_move": middle,
            "runs": {str(k): v for k, v in runs.items()},
            "cpus": os.cpu_count(),
            "python": sys.version.split()[0],
        },
    }


def main() -> int:
    """Command line: --json prints the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--rounds", type=int, default=2, help="latency runs of each kind")
    parser.add_argument("--games", type=int, default=1, help="games per latency run")
    parser.add_argument("--middle", type=int, default=30, help="moves before the spectator joins")
    parser.add_argument("--timeout", type=float, default=300.0, help="per run, in seconds")
    parser.add_argument(
        "--seat-gone", action="store_true", help="the catch-up once more with a seat killed"
    )
    parser.add_argument("--read", metavar="HOST:PORT", help=argparse.SUPPRESS)
    parser.add_argument("--readers", type=int, default=8, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.read:  # the spectators' own process (`table_with_readers`)
        print(asyncio.run(read_table(args.read, args.readers, args.timeout)))
        return 0
    rerun = rerun_in_private_namespace()
    if rerun is not None:
        return rerun
    figures = measure(args.rounds, args.games, args.middle, args.timeout, args.seat_gone)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
