"""Table drawing speed: how long the client takes to paint the table of each game kind.

Usage: QT_QPA_PLATFORM=offscreen python bench/paint.py [--games N] [--size WxH] [--scale S]
       [--variant ID | --every-kind] [--against DIR]

Plays random games in the engine (Durak's throw-in by default, `--variant` any game id the
client shows, `--every-kind` Durak and each family-3 kind in turn; 6 players, or the most the
game takes) and shows every position, as seat 0 sees it, on a table widget of the given size
(the table beside the side panel of a 1366x768 window by default). For each it times the layout
(`set_observation`) and one full paint of the view (`viewport().repaint()`: a synchronous paint
into the window's backing store) in wall-clock milliseconds, and the paint's CPU time on the GUI
thread (`paint_cpu`, which other programs on a loaded machine do not inflate); `frame` is layout
plus paint, what a new position costs until it is on the screen (an item drawn ahead, during the
layout, counts there). A layout draws new pictures roughly and the idle event loop draws them
again smoothly (`durak_qt.table.items.refine_now`): `refine` is that step with its repaint,
timed apart (`layout_cpu` is the layout's CPU time on the GUI thread, `frame_cpu` the frame's).
Prints JSON with the median, 95th percentile and maximum.

`--against DIR` compares this client with another checkout's (DIR holds its `durak_qt`, `engine`,
`net` and `resources`, e.g. from `git archive`): each game runs in a fresh process of each, the
two taking turns (and turns at going first), so both meet the same load; it prints both. Given
more than once (`--against A --against B`), every tree takes its turn in the one run, each going
first in turn ("against 1", "against 2"... in the order given).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PLAYERS = 6
"""Seats at the table (fewer when the game takes fewer)."""
DURAK = "throw-in"
"""The Durak variant measured by default."""
SEAT = 0
"""The player's seat: every position is shown as this seat sees it, as the client does."""


MEASURES = ("paint", "paint_cpu", "layout", "layout_cpu", "frame", "frame_cpu", "refine")
"""What is timed per position (an older checkout compared with `--against` may time fewer)."""


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def summary(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum, in milliseconds rounded to 0.01."""
    return {
        "median_ms": round(statistics.median(values), 2),
        "p95_ms": round(percentile(values, 0.95), 2),
        "max_ms": round(max(values), 2),
    }


def seats_for(variant: str) -> int:
    """Six seats, or the most the game takes."""
    try:
        from durak_qt.games.family3.client import seat_counts
    except ModuleNotFoundError:
        from durak_qt.family3_client import seat_counts  # type: ignore[no-redef]
    return min(PLAYERS, max(seat_counts(variant)))


def positions(variant: str, players: int, game_index: int) -> Any:
    """Every position of one random game of `variant`, as seat 0 sees it: a family-3 game
    dealt as the client's match deals its first one (`Family3Client.make_match`: the games
    the scripts before issue 31 played, so two trees' own scripts show the same positions),
    Durak by its kind's `new_game`."""
    from durak_qt.games.family3.client import client_for
    from engine.games import kind_for

    kind = kind_for(variant)
    rng = random.Random(game_index)
    rules, deal_rng = kind.get_rules(variant), random.Random(1000 + game_index)
    client = client_for(variant)
    if client is not None:
        game = client.make_match(rules, players).new_game(deal_rng)
    else:
        game = kind.new_game(rules, players, deal_rng)
    for _move in range(2000):  # a game of random moves ends well before
        if game.over:
            break
        seat = sorted(game.to_act)[0]
        yield game.observation(SEAT)
        game.apply(rng.choice(list(game.legal_actions(seat))))


def table_for(variant: str) -> Any:
    """The table widget that shows this game id: the one its registry entry's pages make
    (`durak_qt.games.pages.GamePages.table`); an older checkout's, as it made it."""
    try:
        from durak_qt.games.pages import game_pages

        make_table = game_pages(variant).table
    except (ImportError, AttributeError):  # a checkout from before `GamePages.table`
        return older_table_for(variant)
    return make_table(variant)


def older_table_for(variant: str) -> Any:
    """The table widget of a checkout from before the registry's pages made tables (one
    compared with `--against`): Durak's, or the family-3 kind's view's."""
    try:
        from durak_qt.games.family3.client import client_for
    except ModuleNotFoundError:  # a checkout from before durak_qt was split into folders
        from durak_qt.family3_client import client_for  # type: ignore[no-redef]
    client = client_for(variant)
    if client is None:
        try:
            from durak_qt.table.view import TableWidget
        except ModuleNotFoundError:  # a checkout from before durak_qt was split into folders
            from durak_qt.table_view import TableWidget  # type: ignore[no-redef]
        table = TableWidget()
        table.auto_pass.set_enabled(False)  # the benchmark shows positions, it does not play
        return table
    try:
        from durak_qt.table.family3_scene import new_table
    except ModuleNotFoundError:
        from durak_qt.family3_table import new_table  # type: ignore[no-redef]
    return new_table(client)


def measure(
    games: int, size: tuple[int, int], scale: float, first_game: int = 0, variant: str = DURAK
) -> dict[str, list[float]]:
    """Show every position of random games first_game.. (`games` of them); the layout and
    paint times in ms, one per position."""
    from PySide6.QtWidgets import QApplication

    players = seats_for(variant)
    table = table_for(variant)
    table.resize(*size)
    names = ["Anna", "Boris", "Vera", "Gleb", "Darya", "Yevgeny"][:players]
    table.set_players(names, {1: "this computer"})
    if "move_timer" in inspect.signature(table.apply_settings).parameters:
        table.apply_settings("suit", "back-blue", scale, 0, move_timer=30)  # a timer shown
    else:
        table.apply_settings("suit", "back-blue", scale, 0)
    table.show()
    app = QApplication.instance()
    assert app is not None
    app.processEvents()
    viewport = table.view.viewport()
    viewport.repaint()  # the first paint loads the card art: not a table's steady cost
    layout_ms: list[float] = []
    layout_cpu_ms: list[float] = []
    paint_ms: list[float] = []
    paint_cpu_ms: list[float] = []
    refine_ms: list[float] = []
    for game_index in range(first_game, first_game + games):
        for observation in positions(variant, players, game_index):
            layout_cpu = time.thread_time()
            start = time.perf_counter()
            table.set_observation(observation)
            middle = time.perf_counter()
            cpu = time.thread_time()
            layout_cpu_ms.append((cpu - layout_cpu) * 1000)
            viewport.repaint()
            end = time.perf_counter()
            paint_cpu_ms.append((time.thread_time() - cpu) * 1000)
            layout_ms.append((middle - start) * 1000)
            paint_ms.append((end - middle) * 1000)
            app.processEvents()  # the idle step: rough pictures drawn smoothly, repainted
            refine_ms.append((time.perf_counter() - end) * 1000)
    table.close()
    frame_ms = [layout + paint for layout, paint in zip(layout_ms, paint_ms, strict=True)]
    frame_cpu_ms = [a + b for a, b in zip(layout_cpu_ms, paint_cpu_ms, strict=True)]
    return {
        "paint": paint_ms,
        "paint_cpu": paint_cpu_ms,
        "layout": layout_ms,
        "layout_cpu": layout_cpu_ms,
        "frame": frame_ms,
        "frame_cpu": frame_cpu_ms,
        "refine": refine_ms,
    }


def summaries(samples: dict[str, list[float]]) -> dict[str, Any]:
    """The positions and each measure's summary."""
    result: dict[str, Any] = {"positions": len(samples["paint"])}
    result.update({name: summary(values) for name, values in samples.items() if values})
    return result


def against_labels(trees: list[Path]) -> dict[str, Path]:
    """The other trees by label: "against" for one, "against 1", "against 2"... for more."""
    if len(trees) == 1:
        return {"against": trees[0]}
    return {f"against {number}": tree for number, tree in enumerate(trees, 1)}


def compare(args: argparse.Namespace, against: list[Path], variant: str) -> dict[str, Any]:
    """This client and the ones in `against`, a fresh process per game each, taking turns
    (game g starts with the tree g places along, so each goes first in turn)."""
    others = against_labels(against)
    clients = {"this": HERE, **others}
    samples: dict[str, dict[str, list[float]]] = {
        label: {name: [] for name in MEASURES} for label in clients
    }
    labels = list(clients)
    for game in range(args.games):
        shift = game % len(labels)
        for label in labels[shift:] + labels[:shift]:
            command = [sys.executable, __file__, "--root", str(clients[label]), "--samples"]
            command += ["--games", "1", "--first-game", str(game)]
            command += ["--size", args.size, "--scale", str(args.scale), "--variant", variant]
            run = subprocess.run(command, capture_output=True, text=True, check=True)
            for name, values in json.loads(run.stdout).items():
                samples[label].setdefault(name, []).extend(values)
    result: dict[str, Any] = {label: summaries(values) for label, values in samples.items()}
    for label, tree in others.items():
        result[f"{label}_dir"] = str(tree)
    return result


def run_one(args: argparse.Namespace, variant: str) -> dict[str, Any]:
    """The measures of one game id: this checkout's alone, or beside `--against`'s."""
    width, height = (int(part) for part in args.size.lower().split("x"))
    if args.against:
        return compare(args, [tree.resolve() for tree in args.against], variant)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    samples = measure(args.games, (width, height), args.scale, args.first_game, variant)
    if args.samples:
        print(json.dumps(samples))
        raise SystemExit(0)
    del app
    return summaries(samples)


def every_kind() -> list[str]:
    """Durak and each family-3 kind the client shows (its base id)."""
    try:
        from durak_qt.games.family3.client import clients
    except ModuleNotFoundError:
        from durak_qt.family3_client import clients  # type: ignore[no-redef]
    return [DURAK, *(client.kind for client in clients())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--size", default="1106x768", help="table size in pixels, WxH")
    parser.add_argument("--scale", type=float, default=1.0, help="card size factor (large: 1.2)")
    parser.add_argument("--variant", default=DURAK, help="the game id to play (default throw-in)")
    parser.add_argument("--every-kind", action="store_true", help="Durak and every family-3 kind")
    parser.add_argument(
        "--against",
        type=Path,
        action="append",
        default=[],
        help="another checkout to compare with (repeat for more)",
    )
    parser.add_argument("--root", type=Path, default=HERE, help=argparse.SUPPRESS)
    parser.add_argument("--first-game", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--samples", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    views = ("table/view.py", "table_view.py")  # the table widget before and after the split
    for tree in args.against:
        if not any((tree / "durak_qt" / view).is_file() for view in views):
            parser.error(f"{tree} holds no durak_qt table widget to compare with")
    sys.path.insert(0, str(args.root))
    variants = every_kind() if args.every_kind else [args.variant]
    results = {variant: run_one(args, variant) for variant in variants}
    for variant, result in results.items():
        result["players"] = seats_for(variant)
    result = results[variants[0]] if len(variants) == 1 else {"kinds": results}
    result.update(
        {
            "games": args.games,
            "size": args.size,
            "card_scale": args.scale,
            "target_p95_paint_ms": 16,
            "target_p95_paint_cpu_ms": 4,  # issue 31, medium cards
            "platform": os.environ["QT_QPA_PLATFORM"],
            "python": platform.python_version(),
            "machine": f"{os.cpu_count()} cores, {platform.system()} {platform.release()}",
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }
    )
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
