"""A player who quits between two games of a match (real `durak-peer` processes on loopback, in a
private network namespace): told to stop (SIGTERM) once its first game is over, it says goodbye,
and every other seat ends within seconds (not the resume window) in words naming it; it records
its own goodbye. Whether its goodbye came before game 2's start or crossed it (then it forfeits
game 2 as it begins), the match ends after the last game it played."""

from __future__ import annotations

import re
import secrets
import signal
import time
from pathlib import Path

import pytest

from net.peer_cli import EXIT_UNCLEAN
from tests.net.netns import requires_private_netns
from tests.peer.test_loopback import peer
from tests.peer.test_waits import result_of, traced, wait_ended

pytestmark = [requires_private_netns, pytest.mark.slow]

WINDOW = "60"
"""Every peer's resume window: far longer than anyone may wait for the seat that said goodbye."""
ENDS_WITHIN = 15.0
"""Seconds within which every peer ends after the leaver is told to stop."""


def test_a_player_who_quits_between_games_ends_the_match_for_everyone_at_once(
    tmp_path: Path,
) -> None:
    table = f"Bye {secrets.token_hex(3)}"
    window = ["--resume-window", WINDOW]
    processes = {
        "North": peer(tmp_path, "North", "--host", table, "--games", "3", *window),
        "East": peer(tmp_path, "East", "--join", table, "--bot", "random", *window),
        "South": peer(tmp_path, "South", "--join", table, "--bot", "random", *window, trace=True),
    }
    deadline = time.monotonic() + 40
    while not traced(tmp_path / "South.trace", "over") and time.monotonic() < deadline:
        time.sleep(0.01)
    processes["South"].send_signal(signal.SIGTERM)
    for name, process in processes.items():
        took = wait_ended(process, ENDS_WITHIN)
        assert process.returncode == EXIT_UNCLEAN, (name, took)
    south = result_of(tmp_path, "South")
    (left,) = south["left"]
    assert left["name"] == "South" and left["after"] in (1, 2), left
    for name in ("North", "East"):
        result = result_of(tmp_path, name)
        assert result["left"] == [left], (name, result["left"])
        said = rf"^South \(\S+\) left the match after game {left['after']}; the match ends$"
        assert re.match(said, result["error"]), (name, result["error"])
        assert len(result["games"]) == left["after"]
        assert result["games"][0]["clean"]
