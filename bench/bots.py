"""Bot strength: the search bot against heuristic bots; prints JSON with --json.

Usage: python bench/bots.py [--json] [--games N] [--playouts P] [--move-seconds S]
                            [--players K ...] [--workers W] [--variant ID] [--minutes M]
                            [--exploration C] [--policy NAME] [--guided G] [--anchor A]
                            [--opponents auto|tree|policy] [--paired yes|no] [--confidence Z]
                            [--halving yes|no] [--width N] [--margin M] [--reader yes|no]
                            [--start I]
                            [--log FILE]
       python bench/bots.py --json --summarise FILE [FILE ...]

--variant names a Durak preset (the search bot of families 1 and 2) or a preset of any game
kind of the registry (road, czech, joker-rummy, ...: `KindSearchBot` against the kind's
heuristic bots; --guided is the share of its rollout moves the kind's heuristic plays;
--guided, --anchor, --opponents, --paired, --confidence, --halving, --width, --margin, --reader
and --playouts
default to the kind's own `make_bot("search")`).
Two players: game i deals deal i // 2 and seats the search bot in seat i % 2, so every deal is
played from both seats. K players: deal i // K, search seat i % K, heuristic bots elsewhere.
A draw counts half a win. With --minutes, each player count stops after that much wall time
and keeps the games finished in order, in whole rounds of seats. Move times are CPU seconds of
the worker process (time.process_time) for the search bot's moves with more than one option.
With --log, every finished game is appended to FILE as one JSON line as soon as it ends, so a
run stopped early keeps its games; --summarise prints the summary of such files (whole rounds
of seats only, per player count).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import accelerate_guard
from engine.bots import HeuristicBot, SearchBot
from engine.bots.kind_search import KindSearchBot
from engine.bots.search import OPPONENT_MODELS
from engine.game import Game
from engine.games import kind_for
from engine.rules import get_rules

MOVE_CAP = 5_000


@dataclass(frozen=True)
class Task:
    """One game to play: the variant, seats, deal and the search bot's settings."""

    variant: str
    players: int
    index: int
    playouts: int
    move_seconds: float | None
    exploration: float
    policy: str
    guided: float = 0.0
    anchor: float | None = None
    opponents: str = "auto"
    paired: bool = False
    confidence: float | None = None
    halving: bool = False
    width: int | None = None
    margin: float = 0.0
    reader: bool = False

    @property
    def search_seat(self) -> int:
        """Seats rotate game by game."""
        return self.index % self.players

    @property
    def deal(self) -> int:
        """Each deal is played once from every seat."""
        return self.index // self.players


@dataclass(frozen=True)
class Outcome:
    """What one game gave: the search seat, the fool, and the search bot's CPU time per move."""

    players: int
    search_seat: int
    fool: int | None
    over: bool
    move_seconds: tuple[float, ...]
    playouts: tuple[int, ...]


def play(task: Task) -> Outcome:
    """Play one game of `task` (a Durak preset, or a preset of a game kind of the registry)."""
    seed = 1_000_003 * task.deal + 17
    order = random.Random(seed + 1)  # who acts first when several may
    clock = time.process_time if task.move_seconds is not None else None
    kind = kind_for(task.variant)
    search: SearchBot | KindSearchBot
    if isinstance(kind.make_bot("search", 0), SearchBot):  # Durak's search bot, its own knobs
        game: Any = Game.new(get_rules(task.variant), task.players, random.Random(seed))
        search = SearchBot(
            seed + task.search_seat,
            playouts=task.playouts,
            seconds=task.move_seconds,
            clock=clock,
            exploration=task.exploration,
            policy=task.policy,
            opponents=task.opponents,
        )
        heuristic: Callable[[int], Any] = HeuristicBot
    else:
        heuristic = functools.partial(kind.make_bot, "heuristic")
        game = kind.new_game(kind.get_rules(task.variant), task.players, random.Random(seed))
        search = KindSearchBot(
            seed + task.search_seat,
            playouts=task.playouts,
            seconds=task.move_seconds,
            clock=clock,
            exploration=task.exploration,
            rollout=heuristic,
            guided=task.guided,
            fallback=heuristic,
            anchor=task.anchor,
            opponents=task.opponents,
            paired=task.paired,
            confidence=task.confidence,
            halving=task.halving,
            width=task.width,
            margin=task.margin,
            reader=getattr(kind.make_bot("search", 0), "reader_factory", None)
            if task.reader
            else None,
        )
    bots = [
        search if seat == task.search_seat else heuristic(seed + seat)
        for seat in range(task.players)
    ]
    times: list[float] = []
    counts: list[int] = []
    actions = 0
    while not game.over and actions < MOVE_CAP:
        to_act = game.to_act
        seat = to_act[0] if len(to_act) == 1 else order.choice(to_act)
        if seat == task.search_seat:
            start = time.process_time()
            action = search.choose(game, seat)
            if search.last_playouts:
                times.append(time.process_time() - start)
                counts.append(search.last_playouts)
        else:
            action = bots[seat].choose(game, seat)
        game.apply(action)
        actions += 1
    return Outcome(
        task.players, task.search_seat, game.fool, game.over, tuple(times), tuple(counts)
    )


def outcome_line(outcome: Outcome, index: int) -> str:
    """One finished game as a JSON line for --log."""
    data = {"index": index, **asdict(outcome)}
    return json.dumps(data)


def read_log(paths: list[Path]) -> dict[int, list[Outcome]]:
    """Games from --log files, by player count, in whole rounds of seats per deal."""
    by_deal: dict[tuple[int, int], dict[int, Outcome]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            data = json.loads(line)
            index = data.pop("index")
            data["move_seconds"] = tuple(data["move_seconds"])
            data["playouts"] = tuple(data["playouts"])
            outcome = Outcome(**data)
            deal = (outcome.players, index // outcome.players)
            by_deal.setdefault(deal, {})[outcome.search_seat] = outcome
    games: dict[int, list[Outcome]] = {}
    for (players, _), seats in sorted(by_deal.items()):
        if len(seats) == players:
            games.setdefault(players, []).extend(seats[s] for s in sorted(seats))
    return games


def wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return ((centre - spread) / scale, (centre + spread) / scale)


def summarise(outcomes: list[Outcome], players: int) -> dict[str, object]:
    """Win rate (2 players) or fool rate (more) with a Wilson interval, and move times."""
    games = len(outcomes)
    times = sorted(t for o in outcomes for t in o.move_seconds)
    counts = sorted(c for o in outcomes for c in o.playouts)
    fools = sum(1 for o in outcomes if o.fool == o.search_seat)
    draws = sum(1 for o in outcomes if o.over and o.fool is None)
    unfinished = sum(1 for o in outcomes if not o.over)
    row: dict[str, object] = {"players": players, "games": games}
    if games == 0:  # fewer games than one whole round at this many players
        row["note"] = f"no whole round of {players} games: ask --games {players} or more"
        return row
    if players == 2:
        wins = games - fools - draws - unfinished + 0.5 * (draws + unfinished)
        low, high = wilson(wins, games)
        row.update(win_rate=round(wins / games, 4), ci95=[round(low, 4), round(high, 4)])
    else:
        low, high = wilson(fools, games)
        row.update(
            fool_rate=round(fools / games, 4),
            ci95=[round(low, 4), round(high, 4)],
            share=round(1 / players, 4),
            target_at_most=round(0.5 / players, 4),
        )
    row.update(
        draws=draws,
        unfinished=unfinished,
        move_seconds_median=round(statistics.median(times), 4) if times else 0.0,
        move_seconds_p99=round(times[min(len(times) - 1, int(0.99 * len(times)))], 4)
        if times
        else 0.0,
        moves=len(times),
        playouts_median=statistics.median(counts) if counts else 0,
    )
    return row


def engine_mode() -> str:
    """Which engine this run plays on: "compiled" (python -m engine.accelerate build, its
    stamp matching the sources) or "pure" with the guard's reason."""
    if accelerate_guard.MODE == "compiled":
        return "compiled"
    return f"pure ({accelerate_guard.REASON})"


def source_commit() -> str:
    """The commit of the tree this bench runs from, with "+changes" when it differs from it."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def main() -> int:
    """Run the matches and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--playouts", type=int, default=None, help="playouts per move")
    parser.add_argument("--move-seconds", type=float, default=None, help="CPU seconds per move")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--variant", default="throw-in")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (deal)")
    parser.add_argument("--exploration", type=float, default=None)
    parser.add_argument("--policy", default=None)
    parser.add_argument(
        "--anchor",
        type=float,
        default=None,
        help="game kinds: play the heuristic's move unless the search's scores this much more"
        " (default: the kind's own search bot's; negative: none)",
    )
    parser.add_argument(
        "--guided",
        type=float,
        default=None,
        help="game kinds: share of rollout moves the kind's heuristic bot plays (else random;"
        " default: the kind's own search bot's)",
    )
    parser.add_argument(
        "--opponents",
        choices=OPPONENT_MODELS,
        default=None,
        help="how other seats move inside the tree (default: the bot's own setting)",
    )
    parser.add_argument(
        "--paired",
        choices=("yes", "no"),
        default=None,
        help="game kinds: flat Monte Carlo with common random numbers (default: the kind's)",
    )
    parser.add_argument(
        "--confidence",
        type=float,
        default=None,
        help="game kinds, paired: leave the heuristic's move only when the search's beats it"
        " by this many standard errors on the shared deals (default: the kind's; negative: off)",
    )
    parser.add_argument(
        "--halving",
        choices=("yes", "no"),
        default=None,
        help="game kinds, paired: halve the moves still played after 8, 16, 32... deals",
    )
    parser.add_argument(
        "--width",
        type=int,
        default=None,
        help="game kinds, paired: compare only the kind's bot's shortlist of this width"
        " (where its bot offers one; default: the kind's; 0: every legal move)",
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=None,
        help="game kinds: share of the rollout reward given by the points margin (default: the kind's)",
    )
    parser.add_argument(
        "--minutes", type=float, default=None, help="wall minutes per player count (then stop)"
    )
    parser.add_argument(
        "--reader",
        choices=("yes", "no"),
        default=None,
        help="deal hidden faces around what the moves showed (the kind's reader, if any)",
    )
    parser.add_argument("--log", type=Path, help="append each finished game to this file")
    parser.add_argument("--summarise", type=Path, nargs="+", help="summarise --log files")
    args = parser.parse_args()
    if args.summarise:
        summary: dict[str, object] = {"logs": [str(path) for path in args.summarise]}
        for players, logged in sorted(read_log(args.summarise).items()):
            key = "search_vs_heuristic" if players == 2 else f"search_vs_heuristic_{players}p"
            summary[key] = summarise(logged, players)
        print(json.dumps(summary, indent=2))
        return 0
    if args.games < 1 or args.workers < 1 or args.start < 0:
        parser.error("--games and --workers must be at least 1, --start at least 0")
    defaults: SearchBot | KindSearchBot = kind_for(args.variant).make_bot("search", 0)
    playouts = args.playouts
    if playouts is None:
        playouts = 1_000_000 if args.move_seconds is not None else defaults.playouts
    exploration = defaults.exploration if args.exploration is None else args.exploration
    policy = args.policy or getattr(defaults, "policy_name", "light")
    guided = getattr(defaults, "guided", 0.0) if args.guided is None else args.guided
    anchor = getattr(defaults, "anchor", None) if args.anchor is None else args.anchor
    if anchor is not None and anchor < 0:  # (--anchor -1: no anchor, whatever the kind's)
        anchor = None
    opponents = args.opponents or defaults.opponents
    paired = getattr(defaults, "paired", False) if args.paired is None else args.paired == "yes"
    confidence = getattr(defaults, "confidence", None)
    if args.confidence is not None:
        confidence = args.confidence if args.confidence >= 0 else None
    width = getattr(defaults, "width", None)
    if args.width is not None:
        width = args.width or None
    margin = getattr(defaults, "margin", 0.0) if args.margin is None else args.margin
    halving = getattr(defaults, "halving", False)
    if args.halving is not None:
        halving = args.halving == "yes"
    reader = getattr(defaults, "reader_factory", None) is not None
    if args.reader is not None:
        reader = args.reader == "yes"
    started = time.monotonic()
    report: dict[str, object] = {
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} cpu",
        "python": platform.python_version(),
        "engine": engine_mode(),
        "commit": source_commit(),
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "started_utc": time.strftime("%H:%M:%S", time.gmtime()),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "variant": args.variant,
        "budget": {
            "playouts": playouts,
            "move_seconds": args.move_seconds,
            "exploration": exploration,
            "policy": policy,
            "guided": guided,
            "anchor": anchor,
            "opponents": opponents,
            "paired": paired,
            "confidence": confidence,
            "halving": halving,
            "width": width,
            "margin": margin,
            "reader": reader,
        },
        "workers": args.workers,
        "first_game": args.start,
    }
    for players in args.players:
        with multiprocessing.Pool(args.workers) as pool:  # leaving it stops unfinished games
            tasks = [
                Task(
                    args.variant,
                    players,
                    i,
                    playouts,
                    args.move_seconds,
                    exploration,
                    policy,
                    guided,
                    anchor,
                    opponents,
                    paired,
                    confidence,
                    halving,
                    width,
                    margin,
                    reader,
                )
                for i in range(args.start, args.start + args.games)
            ]
            outcomes: list[Outcome] = []
            deadline = time.monotonic() + 60 * args.minutes if args.minutes else None
            for task, outcome in zip(tasks, pool.imap(play, tasks, chunksize=1), strict=False):
                outcomes.append(outcome)
                if args.log is not None:
                    with args.log.open("a") as log:
                        log.write(outcome_line(outcome, task.index) + "\n")
                if len(outcomes) % 10 == 0:  # progress on stderr, the JSON stays clean
                    print(f"{players}p: {len(outcomes)} games", file=sys.stderr, flush=True)
                if deadline is not None and time.monotonic() > deadline:
                    break
            # Whole rounds only: every deal played from every seat.
            outcomes = outcomes[: len(outcomes) - len(outcomes) % players]
            key = "search_vs_heuristic" if players == 2 else f"search_vs_heuristic_{players}p"
            report[key] = summarise(outcomes, players)
    report["wall_seconds"] = round(time.monotonic() - started, 1)
    report["ended_utc"] = time.strftime("%H:%M:%S", time.gmtime())
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
