"""Issue 30 with real `durak-peer` processes on loopback (inside a private network namespace
only): three seats play a three-game match while two spectators watch, one found by name, one by
address joining mid-game, killed with SIGKILL while it follows a game and started again (a
spectator that crashes just watches again); the table's password is asked of spectators too.
Every log hash agrees."""

from __future__ import annotations

import json
import os
import secrets
import signal
import time
from pathlib import Path

import pytest

from tests.net.netns import free_port, requires_private_netns
from tests.peer.test_loopback import applied_moves, check_same_clean_game, finish, peer

pytestmark = [requires_private_netns, pytest.mark.slow]

GAMES = 3
PASSWORD = "Kitchen-42"


def wait_for_moves(trace: Path, moves: int) -> None:
    """Until the traced seat applied `moves` moves (30 s at most)."""
    deadline = time.monotonic() + 30
    while applied_moves(trace) < moves and time.monotonic() < deadline:
        time.sleep(0.02)
    assert applied_moves(trace) >= moves, "the game did not get going"


def test_two_spectators_one_killed_see_the_seats_log_hashes(tmp_path: Path) -> None:
    table = f"Watched {secrets.token_hex(3)}"
    port = free_port()
    host = ["--host", table, "--seats", "3", "--games", str(GAMES), "--port", str(port)]
    secret = ["--password", PASSWORD]
    seats = {"North": peer(tmp_path, "North", *host, *secret)}
    seats["East"] = peer(tmp_path, "East", "--join", table, *secret, "--bot", "random", trace=True)
    seats["South"] = peer(tmp_path, "South", "--join", table, *secret)
    guest = peer(tmp_path, "Guest", "--watch", table, *secret)  # by name (mDNS), from the start
    stranger = peer(tmp_path, "Stranger", "--watch", f"127.0.0.1:{port}", "--password", "guess")
    trace = tmp_path / "East.trace"
    wait_for_moves(trace, 4)
    crash = peer(tmp_path, "Crash", "--watch", f"127.0.0.1:{port}", *secret)  # mid-game
    crash_log = tmp_path / "Crash.log"
    deadline = time.monotonic() + 30
    while "MoveShown" not in crash_log.read_text(errors="replace"):
        assert time.monotonic() < deadline, crash_log.read_text(errors="replace")[-2000:]
        time.sleep(0.02)
    os.kill(crash.pid, signal.SIGKILL)  # while it follows a game
    crash.wait(5)
    again = peer(tmp_path, "Crash", "--watch", f"127.0.0.1:{port}", *secret)  # watches again
    assert stranger.wait(30) == 1  # the table asks spectators for its password too
    refused = json.loads((tmp_path / "Stranger.json").read_text())
    assert refused["ended"] == "wrong-password" and refused["games"] == [], refused
    results = finish({**seats, "Guest": guest, "Crash": again}, tmp_path)

    played = {name: results[name] for name in seats}
    check_same_clean_game(played, games=GAMES)
    hashes = [g["log_hash"] for g in played["North"]["games"]]
    fools = [g["fool"] for g in played["North"]["games"]]
    for name in ("Guest", "Crash"):
        seen = results[name]
        assert seen["ok"] is True and seen["ended"] == "match-over", seen
        games = {g["game"]: g for g in seen["games"]}
        assert GAMES - 1 in games and set(games) <= set(range(GAMES))
        for number, game in games.items():
            assert game["log_hash"] == hashes[number], (name, number)
            assert game["fool"] == fools[number] and game["reason"] == "finished"
            assert game["hands_shown"] is True, (name, number)  # the audit opened every hand
    for name in seats:  # the seats fed the spectators and named nobody
        log = (tmp_path / f"{name}.log").read_text(errors="replace")
        assert "protocol violation" not in log and "spectator:" not in log
