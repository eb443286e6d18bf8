"""The search bot in a worker process: the same choice as in process, a deadline, a fallback
when the worker dies, an event loop that runs on while it thinks, and no process left behind."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from engine.bots import HeuristicBot, make_bot
from engine.game import Game
from engine.games import kind_named
from engine.rules import get_rules
from net.bot_worker import WorkerBot, worker_bot_or_none
from tests.net.netns import requires_private_netns

ROOT = Path(__file__).resolve().parents[2]
SEARCH_GAME_S = 240
"""Seconds a two-player game with a search bot may take (about 1 s per move on an idle core)."""


def mid_game(seed: int = 5, moves: int = 6) -> Game:
    """A two-player throw-in game some heuristic moves in."""
    game = Game.new(get_rules("throw-in"), 2, random.Random(seed))
    mover = HeuristicBot(1)
    for _ in range(moves):
        game.apply(mover.choose(game, game.to_act[0]))
    return game


def gone(pid: int) -> bool:
    """The process no longer exists (exited and reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_worker_chooses_what_the_bot_chooses_in_process() -> None:
    game = mid_game()
    seat = game.to_act[0]
    assert len(game.observation(seat).legal) > 1
    worker = WorkerBot("search", seed=7)
    try:
        in_process = make_bot("search", 7)
        first = worker.choose(game, seat)
        assert first == in_process.choose(game, seat)
        game.apply(first)  # both bots' generators moved on by one decision
        while game.to_act[0] != seat or len(game.observation(seat).legal) < 2:
            game.apply(HeuristicBot(2).choose(game, game.to_act[0]))
        assert worker.choose(game, seat) == in_process.choose(game, seat)
        assert worker.fallbacks == 0
    finally:
        worker.close()


def test_a_family3_search_bot_answers_through_the_worker() -> None:
    """The worker makes the bots of the game's own kind (its registry entry's `make_bot`): a
    czech search bot thinks there and chooses what it chooses in process."""
    kind = kind_named("czech")
    game = kind.new_game(kind.get_rules("czech"), 2, random.Random(3))
    mover = kind.make_bot("heuristic", 1)
    while len(game.legal_actions(game.to_act[0])) < 2:
        game.apply(mover.choose(game, game.to_act[0]))
    seat = game.to_act[0]
    worker = WorkerBot("search", seed=7, kind="czech")
    try:
        chosen = worker.choose(game, seat)
        assert worker.process is not None and worker.process.name == "czech-search-bot"
        assert worker.fallbacks == 0
        assert chosen in game.legal_actions(seat)
        assert chosen == kind.make_bot("search", 7).choose(game, seat)
    finally:
        worker.close()


def test_a_worker_killed_while_it_thinks_falls_back_and_a_new_one_starts(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = mid_game()
    seat = game.to_act[0]
    for _attempt in range(KILL_ATTEMPTS):
        worker = WorkerBot("search", seed=7)
        answers: list[object] = []
        try:
            worker.start()
            first = worker.process
            assert first is not None and first.pid is not None
            pid = first.pid
            with caplog.at_level(logging.WARNING, logger="net.bot_worker"):
                thinking = threading.Thread(
                    target=lambda w=worker, a=answers: a.append(w.choose(game, seat))
                )
                thinking.start()
                for _ in range(1000):  # until the move is in the pipe
                    if worker._lock.locked():
                        break
                    time.sleep(0.005)
                first.kill()
                thinking.join(30)
            if worker.fallbacks == 0:  # it answered before the kill: the race was lost, again
                continue
            assert answers == [HeuristicBot(7).choose(game, seat)]
            assert worker.fallbacks == 1
            assert "the search bot's worker stopped" in caplog.text
            assert "the heuristic bot plays this move" in caplog.text
            assert gone(pid) and worker.process is None
            assert worker.choose(game, seat) == make_bot("search", 7).choose(game, seat)
            assert worker.fallbacks == 1  # a fresh worker answered
            return
        finally:
            worker.close()
    pytest.fail(f"the worker answered before it was killed {KILL_ATTEMPTS} times")


KILL_ATTEMPTS = 5
"""Tries at killing the worker while it thinks: the compiled engine's search can answer within
the 5 ms between two looks at the lock (seen once with both cores busy)."""


def test_a_worker_that_died_idle_is_started_again() -> None:
    game = mid_game()
    seat = game.to_act[0]
    worker = WorkerBot("search", seed=7)
    try:
        worker.start()
        first = worker.process
        assert first is not None
        first.kill()
        first.join()
        assert worker.choose(game, seat) == make_bot("search", 7).choose(game, seat)
        assert worker.fallbacks == 0 and worker.process is not first
    finally:
        worker.close()


def test_a_late_worker_is_stopped_and_the_heuristic_plays(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = mid_game()
    seat = game.to_act[0]
    worker = WorkerBot("search", seed=7, deadline_s=0.01)
    try:
        worker.start()
        process = worker.process
        assert process is not None and process.pid is not None
        pid = process.pid
        with caplog.at_level(logging.WARNING, logger="net.bot_worker"):
            action = worker.choose(game, seat)
        assert action == HeuristicBot(7).choose(game, seat)
        assert "gave no answer within 0.01 s" in caplog.text
        assert worker.process is None and gone(pid)
    finally:
        worker.close()


def test_closing_leaves_no_process_even_while_it_thinks() -> None:
    game = mid_game()
    seat = game.to_act[0]
    worker = WorkerBot("search", seed=3)

    async def think_and_close() -> object:
        thinking = asyncio.ensure_future(worker.choose_async(game, seat))
        await asyncio.sleep(0.3)
        process = worker.process
        assert process is not None and process.pid is not None
        pid = process.pid
        started = time.monotonic()
        worker.close()
        action = await thinking  # the heuristic answers for a closed worker, at once
        assert time.monotonic() - started < 5
        assert gone(pid)
        return action

    action = asyncio.run(think_and_close())
    assert action in game.observation(seat).legal
    assert worker.process is None
    with pytest.raises(RuntimeError, match="closed"):
        worker.start()


def test_the_event_loop_runs_on_while_the_worker_thinks() -> None:
    game = mid_game()
    seat = game.to_act[0]
    worker = WorkerBot("search", seed=7)
    worker.start()
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    async def main() -> object:
        ticker = asyncio.create_task(tick())
        action = await worker.choose_async(game, seat)
        ticker.cancel()
        return action

    try:
        action = asyncio.run(main())
        assert action == make_bot("search", 7).choose(game, seat)
        assert ticks >= 5  # the search takes about a second: the loop ticked throughout
    finally:
        worker.close()


def test_an_answer_for_a_position_gone_by_is_dropped() -> None:
    game = mid_game()
    seat = game.to_act[0]
    worker = WorkerBot("search", seed=7, deadline_s=30)
    played: list[object] = []
    position = [0]

    async def main() -> None:
        task = worker.think_then("g0", game, seat, lambda: position[0], played.append)
        assert task is not None
        assert worker.think_then("g0", game, seat, lambda: position[0], played.append) is None
        position[0] = 1  # another move was made meanwhile
        await task
        task = worker.think_then("g0", game, seat, lambda: position[0], played.append)
        assert task is not None
        await task

    try:
        asyncio.run(main())
        twice = make_bot("search", 7)
        twice.choose(game, seat)  # the dropped answer moved the worker bot's generator on too
        assert played == [twice.choose(game, seat)]
    finally:
        worker.close()


def test_only_the_search_bot_runs_in_a_worker_and_bad_names_are_refused() -> None:
    assert worker_bot_or_none("heuristic", 1) is None
    with pytest.raises(ValueError, match="no bot named"):
        WorkerBot("clever", 1)
    with pytest.raises(ValueError, match="deadline must be positive"):
        WorkerBot("search", 1, deadline_s=0)
    with pytest.raises(ValueError, match="no game kind named"):
        WorkerBot("search", 1, kind="chess")
    made = worker_bot_or_none("search", 1, "road")
    assert made is not None and made.kind == "road"
    made.close()


@requires_private_netns
@pytest.mark.slow
def test_a_headless_peer_plays_a_game_with_the_search_bot(tmp_path: Path) -> None:
    """`durak-peer --bot search` on loopback: the search thinks in the peer's worker process
    while the peer's loop answers heartbeats; the game ends clean at both peers."""
    table = f"Study {secrets.token_hex(3)}"

    def peer(name: str, *args: str) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "net.peer_cli", "--name", name, "--interface", "lo"]
        command += ["--data-dir", str(tmp_path / name), "--result", str(tmp_path / f"{name}.json")]
        command += ["--timeout", str(SEARCH_GAME_S), *args]
        log = (tmp_path / f"{name}.log").open("ab")
        return subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)

    processes = {
        "North": peer("North", "--host", table, "--seats", "2", "--bot", "heuristic"),
        "South": peer("South", "--join", table, "--bot", "search", "--seed", "4"),
    }
    try:
        for process in processes.values():
            process.wait(timeout=SEARCH_GAME_S + 10)
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait(5)
    logs = {name: (tmp_path / f"{name}.log").read_text(errors="replace") for name in processes}
    for name, process in processes.items():
        assert process.returncode == 0, f"{name} exited {process.returncode}:\n{logs[name][-3000:]}"
    results = {name: json.loads((tmp_path / f"{name}.json").read_text()) for name in processes}
    hashes = {r["games"][0]["log_hash"] for r in results.values()}
    assert len(hashes) == 1
    assert all(
        r["games"][0]["reason"] == "finished" and r["games"][0]["clean"] for r in results.values()
    )
    assert "the heuristic bot plays this move" not in logs["South"]  # the worker answered
