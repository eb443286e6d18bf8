"""A host that breaks a rule of the lobby or the match is named by every member, which stops in
words within seconds (issue 25, findings 6 to 8): real `durak-peer` processes on loopback, inside a
private network namespace; the host misbehaves through tests/hostile/hostile_host.py."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from net.peer_cli import EXIT_ERROR, EXIT_UNCLEAN
from tests.net.netns import requires_private_netns
from tests.peer.test_loopback import ROOT, peer
from tests.peer.test_waits import free_port, wait_for_line

pytestmark = [requires_private_netns, pytest.mark.slow]

MEMBER_TIMEOUT = 50.0
"""A member's `--timeout`: it should have ended long before, naming the host."""
AT_THE_START = 10.0
"""Seconds from a member's launch to its end when the host breaks a rule at the first start."""
AFTER_A_GAME = 45.0
"""Seconds from a member's launch to its end when one game is played first (random bots on a
loaded machine: 13 s alone, up to 25 s seen)."""


def hostile_host(folder: Path, mode: list[str], port: int, *args: str) -> subprocess.Popen[bytes]:
    """North hosts "Crooked" at `port`, breaking the rule `mode` names (hostile_host.py)."""
    command = [sys.executable, "-m", "tests.hostile.hostile_host", *mode, "--"]
    command += ["--name", "North", "--interface", "lo", "--data-dir", str(folder / "North")]
    command += ["--result", str(folder / "North.json"), "--timeout", str(MEMBER_TIMEOUT + 20)]
    command += ["--host", "Crooked", "--port", str(port), "--bot", "random", *args]
    log = (folder / "North.log").open("ab")
    return subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)


def members_named_the_host(
    folder: Path, mode: list[str], host_args: list[str], within: float
) -> dict[str, dict[str, Any]]:
    """Run the hostile host and members East and South joined by address; each member's
    result, once every member ended (each must end within `within` s of its launch, with an
    error)."""
    port = free_port()
    host = hostile_host(folder, mode, port, *host_args)
    try:
        wait_for_line(folder / "North.log", "listening on port", 20)
        timeout = ["--timeout", str(MEMBER_TIMEOUT), "--bot", "random"]
        members = {
            name: peer(folder, name, "--connect", f"127.0.0.1:{port}", *timeout)
            for name in ("East", "South")
        }
        began = time.monotonic()
        for name, member in members.items():
            try:
                member.wait(timeout=MEMBER_TIMEOUT + 10)
            finally:
                if member.poll() is None:
                    member.kill()
                    member.wait(5)
            took = time.monotonic() - began
            log = (folder / f"{name}.log").read_text(errors="replace")[-4000:]
            assert member.returncode in (EXIT_ERROR, EXIT_UNCLEAN), (name, member.returncode, log)
            assert took < within, (name, took, log)
    finally:
        host.kill()
        host.wait(5)
    return {name: json.loads((folder / f"{name}.json").read_text()) for name in members}


def host_words(result: dict[str, Any]) -> str:
    """How a member names the host: "the host North (abcd-efgh)"."""
    return f"the host North ({result['table']['host']})"


def test_a_signed_start_with_first_minus_one_names_the_host_at_every_member(
    tmp_path: Path,
) -> None:
    """Finding 6: no drop-and-redial loop; each member stops at the first such start."""
    results = members_named_the_host(tmp_path, ["bad-first"], ["--seats", "3"], AT_THE_START)
    for name, result in results.items():
        error = result["error"]
        assert error.startswith(host_words(result) + " sent a malformed 'start'"), (name, error)
        assert "first seat -1 is not one of the 3 seats" in error, (name, error)
        assert result["host_fault"]["start"]["config"]["first"] == -1
        drops = (tmp_path / f"{name}.log").read_text().count("dropping connection")
        assert drops == 0, (name, drops)


def test_two_signed_starts_of_one_game_name_the_host_at_every_member(tmp_path: Path) -> None:
    """Finding 7: the members show each other the start they got and name the host, who signed
    both (not "config-mismatch" with nobody named)."""
    results = members_named_the_host(
        tmp_path, ["two-starts", "South"], ["--seats", "3"], AT_THE_START
    )
    for name, result in results.items():
        error = result["error"]
        assert error.startswith(host_words(result) + " signed two different starts of game 1")
        fault = result["host_fault"]
        assert fault["game"] == 0 and len(fault["start"]["starts"]) == 2, (name, fault)
        configs = [s["config"] for s in fault["start"]["starts"]]
        assert configs[0]["first"] != configs[1]["first"], configs


def test_a_next_start_before_the_members_game_is_over_is_still_checked(tmp_path: Path) -> None:
    """Finding 8: the host starts game 2 with another leader while the members are still
    finishing game 1; each member checks it once its game 1 is over, and refuses it."""
    results = members_named_the_host(
        tmp_path, ["early-next"], ["--seats", "3", "--games", "2"], AFTER_A_GAME
    )
    for name, result in results.items():
        error = result["error"]
        assert error.startswith(host_words(result) + " started game 2 unlike the last game")
        assert " leads instead of " in error, (name, error)
        assert len(result["games"]) == 1 and result["games"][0]["clean"], (name, result)
        log = (tmp_path / f"{name}.log").read_text()
        assert "waits for game 0 to end here" in log, name  # it did arrive early
