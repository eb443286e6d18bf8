"""Game files: the time to open and verify a finished 6-player 52-card game, and to list a
history of many games.

Plays one seeded local game (throw-in, six seats, a 52-card deck, bots; real shuffle proofs),
keeps its game file, then times `read_game_file` + `verify_game_file` (every signature, every
shuffle proof, the audit, the replay), its parts, and `HistoryStore.entries()` over --games kept
small games (2 seats, 24 cards: the list reads the index, not the files; a cold list after the
index is removed, which reads every file, is timed once too). Medians
over --repeats runs. Prints JSON.

Usage: python bench/history.py [--players 6] [--deck 52] [--games 1000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.history.capture import game_file_of
from net.history.gamefile import read_game_file
from net.history.opening import open_game
from net.history.replay import replay_game_file
from net.history.store import HistoryStore
from net.history.verify import verify_game_file
from net.table.local import LocalTable


def play(players: int, deck: int, seed: int) -> LocalTable:
    """A seeded local game played to its end, the player moving at random."""
    names = ["Anna", *(f"Bot {s}" for s in range(1, players))]
    table = LocalTable(names, 0, ["random"], "throw-in", {"deck": deck}, bytes([seed]) * 32)
    table.new_game()
    rng = random.Random(seed)
    while table.game_over is None:
        if table.core.my_turn:
            table.submit(rng.choice(list(table.core.game.legal_actions(0))))
        else:
            table.run()
    return table


def timed(job, repeats: int) -> float:  # type: ignore[no-untyped-def]
    """The median seconds of `repeats` runs of `job()`."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times), 3)


def main() -> None:
    """Run and print the JSON report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--deck", type=int, default=52)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    table = play(args.players, args.deck, seed=9)
    over = table.game_over
    assert over is not None
    gf = game_file_of(table.core, over)
    folder = Path(tempfile.mkdtemp(prefix="durak-history-bench-"))
    store = HistoryStore(folder, limit=args.games)
    path = store.save(gf)
    words = verify_game_file(read_game_file(path)).words
    report: dict[str, object] = {
        "python": platform.python_version(),
        "players": args.players,
        "deck": args.deck,
        "moves": len(gf.log),
        "deal_messages": sum(len(d.messages) for d in gf.deals),
        "file_bytes": path.stat().st_size,
        "verified": words,
        "open_and_verify_s": timed(lambda: verify_game_file(read_game_file(path)), args.repeats),
        "read_s": timed(lambda: read_game_file(path), args.repeats),
        "deals_with_proofs_s": timed(lambda: open_game(gf, True), args.repeats),
        "deals_without_proofs_s": timed(lambda: open_game(gf, False), args.repeats),
        "replay_s": timed(lambda: replay_game_file(gf), args.repeats),
    }
    small_table = play(2, 24, seed=3)  # the list's games: small files, the index is what counts
    assert small_table.game_over is not None
    small = game_file_of(small_table.core, small_table.game_over)
    for number in range(1, args.games):
        copy = dataclasses.replace(
            small, created=f"2026-01-01T00:{number // 60 % 60:02d}:{number % 60:02d}+00:00",
            log_hash=f"{number:012d}" + small.log_hash[12:],
        )  # fmt: skip
        store.save(copy)
    report["games_kept"] = len(store.entries())
    report["list_s"] = timed(store.entries, args.repeats)
    (store.folder / "index.json").unlink()
    start = time.perf_counter()
    store.entries()
    report["list_without_index_s"] = round(time.perf_counter() - start, 3)
    shutil.rmtree(folder)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
