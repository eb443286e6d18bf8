"""Done when 3 on loopback, with real `durak-peer` processes (inside a private network namespace):
a hostile peer sends one honest peer a malformed vote it signed; that peer names it and shows the
verdict, and the other honest peer, which got an honest vote, checks the evidence and names it too,
within 5 s of the first (monotonic times from both peers' traces)."""

from __future__ import annotations

import contextlib
import json
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.net.netns import requires_private_netns
from tests.peer.test_loopback import ROOT, WAIT, peer

pytestmark = [requires_private_netns, pytest.mark.slow]

SPREAD = 5.0


def hostile_peer(folder: Path, name: str, victim: str, *args: str) -> subprocess.Popen[bytes]:
    """A peer that sends `victim` one malformed signed vote (tests/hostile/hostile_peer.py)."""
    command = [sys.executable, "-m", "tests.hostile.hostile_peer", victim, "--", "--name", name]
    command += ["--interface", "lo", "--data-dir", str(folder / name)]
    command += ["--result", str(folder / f"{name}.json"), "--timeout", str(WAIT - 5), *args]
    log = (folder / f"{name}.log").open("ab")
    return subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)


def wait_all(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    """Wait for every process up to WAIT seconds in all; kill the ones still running then."""
    deadline = time.monotonic() + WAIT
    try:
        for process in processes.values():
            with contextlib.suppress(subprocess.TimeoutExpired):  # the checks below say which
                process.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait(5)


def over_at(trace: Path) -> float:
    """The monotonic time of the peer's first game over (from its trace)."""
    for line in trace.read_text().splitlines():
        record: dict[str, Any] = json.loads(line)
        if record["event"] == "over":
            return float(record["t"])
    raise AssertionError(f"no game over in {trace}")


def test_a_malformed_vote_to_one_peer_names_its_sender_at_every_honest_peer_within_5_s(
    tmp_path: Path,
) -> None:
    table = f"Den {secrets.token_hex(3)}"
    host = ["--host", table, "--variant", "throw-in", "--seats", "3", "--bot", "random"]
    processes = {"North": peer(tmp_path, "North", *host, trace=True)}
    processes["East"] = hostile_peer(tmp_path, "East", "North", "--join", table, "--bot", "random")
    processes["South"] = peer(tmp_path, "South", "--join", table, "--bot", "random", trace=True)
    wait_all(processes)
    logs = {n: (tmp_path / f"{n}.log").read_text(errors="replace")[-3000:] for n in processes}
    for name in ("North", "South"):
        assert processes[name].returncode == 1, (name, processes[name].returncode, logs[name])
        result = json.loads((tmp_path / f"{name}.json").read_text())
        seats = [s["name"] for s in result["seats"]]
        game = result["games"][0]
        assert game["reason"] == "cheat", (name, game, logs[name])
        assert seats[game["cheater"]] == "East", (name, game)
    north, south = over_at(tmp_path / "North.trace"), over_at(tmp_path / "South.trace")
    assert abs(north - south) <= SPREAD, (north, south)
