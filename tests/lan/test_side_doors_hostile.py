"""Issue 25's table findings 1 to 5 with real `durak-peer` processes on loopback, inside a private
network namespace: one seat misbehaves through tests/hostile/hostile_seat.py, and both honest
peers name it (not each other) or, for an abandon, blame nobody, within seconds; for finding 4,
a message of one table forwarded at another with the same id is refused at the forwarder's link;
a seat that never sends its move is the fool by forfeit ("Blame only what was seen")."""

from __future__ import annotations

import contextlib
import json
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack
import pytest

from net.identity import load_or_create_identity
from net.table.events import FINAL_CONFIRM_DEADLINE
from tests.hostile.test_loopback_verdict import over_at
from tests.net.netns import requires_private_netns
from tests.peer.test_loopback import ROOT, WAIT, peer

pytestmark = [requires_private_netns, pytest.mark.slow]

SPREAD = 5.0  # seconds between the two honest peers' ends (monotonic, from their traces)
WINDOW = ["--resume-window", "20"]  # no wait here should need the default two minutes
SHORT_WINDOW = 6.0
"""Finding 5's resume window: the final's deadline is never longer (`phases.FINAL_CONFIRM`), so
the honest peers finish a few seconds after the last move, not FINAL_CONFIRM_DEADLINE (30 s)."""


def hostile_seat(
    folder: Path, name: str, mode: list[str], *args: str, module: str = "hostile_seat"
) -> subprocess.Popen[bytes]:
    """A peer that opens the side door `mode` names (tests/hostile/hostile_seat.py, or
    hostile_host.py with `module`)."""
    command = [sys.executable, "-m", f"tests.hostile.{module}", *mode, "--", "--name", name]
    command += ["--interface", "lo", "--data-dir", str(folder / name)]
    command += ["--result", str(folder / f"{name}.json"), "--timeout", str(WAIT - 5), *args]
    log = (folder / f"{name}.log").open("ab")
    return subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)


def wait_all(
    processes: dict[str, subprocess.Popen[bytes]], wait: float, honest: Sequence[str] = ()
) -> None:
    """Wait for every process (only the `honest` ones, when named: a hostile one lingers until
    its own time-out) up to `wait` seconds in all; kill the ones still running then."""
    deadline = time.monotonic() + wait
    waited = [processes[name] for name in honest] if honest else list(processes.values())
    try:
        for process in waited:
            with contextlib.suppress(subprocess.TimeoutExpired):  # the checks below say which
                process.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait(5)


def honest_ends(
    folder: Path, mode: list[str], wait: float = WAIT, window: list[str] = WINDOW
) -> dict[str, dict[str, Any]]:
    """North hosts a 3-seat throw-in table, East joins through the side door, South honestly:
    North's and South's first game (with its seat names, `seats`, and its log's tail, `log`),
    once every peer ended (each gives up after `wait` s); they ended within SPREAD of each
    other."""
    table = f"Den {secrets.token_hex(3)}"
    host = ["--host", table, "--variant", "throw-in", "--seats", "3", "--bot", "random", *window]
    joined = ["--join", table, "--bot", "random", *window, "--timeout", str(wait - 5)]
    host += ["--timeout", str(wait - 5)]
    processes = {"North": peer(folder, "North", *host, trace=True)}
    processes["East"] = hostile_seat(folder, "East", mode, *joined)
    processes["South"] = peer(folder, "South", *joined, trace=True)
    wait_all(processes, wait, honest=("North", "South"))
    ends: dict[str, dict[str, Any]] = {}
    for name in ("North", "South"):
        result = json.loads((folder / f"{name}.json").read_text())
        log = (folder / f"{name}.log").read_text(errors="replace")[-3000:]
        assert result.get("games"), (name, result, log)
        ends[name] = result["games"][0] | {"names": [s["name"] for s in result["seats"]]}
        ends[name]["log"] = log
    north, south = over_at(folder / "North.trace"), over_at(folder / "South.trace")
    assert abs(north - south) <= SPREAD, (north, south)
    return ends


def assert_east_named(ends: dict[str, dict[str, Any]]) -> None:
    """North and South each ended their game naming East as the cheat."""
    for name, game in ends.items():
        assert game["reason"] == "cheat", (name, game)
        assert game["names"][game["cheater"]] == "East", (name, game)


def test_finding_1_two_keys_entries_for_one_receiver_name_their_sender(tmp_path: Path) -> None:
    assert_east_named(honest_ends(tmp_path, ["two-keys-entries"]))


def test_finding_2_a_claim_shown_two_ways_names_its_sender(tmp_path: Path) -> None:
    assert_east_named(honest_ends(tmp_path, ["claim-two-ways", "South"]))


def test_finding_3_an_abandon_as_a_turn_begins_blames_nobody(tmp_path: Path) -> None:
    for name, game in honest_ends(tmp_path, ["abandon-early"]).items():
        assert game["reason"] == "abandoned" and game["stalled"] == [], (name, game)


def last_move_to_over(trace: Path) -> float:
    """Seconds from the peer's last applied move to its first game over (from its trace)."""
    applied, over = None, None
    for line in trace.read_text().splitlines():
        record: dict[str, Any] = json.loads(line)
        if record["event"] == "applied" and over is None:
            applied = float(record["t"])
        elif record["event"] == "over" and over is None:
            over = float(record["t"])
    assert applied is not None and over is not None, trace
    return over - applied


def test_finding_5_a_seat_that_never_sends_final_holds_nobody(tmp_path: Path) -> None:
    """East heartbeats on but never confirms the log: North and South finish with the signed
    result after the final's deadline (here the short resume window, not the 30 s of
    FINAL_CONFIRM_DEADLINE), recording that East did not confirm it."""
    window = ["--resume-window", f"{SHORT_WINDOW:g}"]
    ends = honest_ends(tmp_path, ["no-final"], wait=WAIT + SHORT_WINDOW, window=window)
    for name, game in ends.items():
        assert game["reason"] == "finished" and game["result"]["over"], (name, game)
        assert [game["names"][s] for s in game["unconfirmed"]] == ["East"], (name, game)
        waited = last_move_to_over(tmp_path / f"{name}.trace")
        assert SHORT_WINDOW <= waited < FINAL_CONFIRM_DEADLINE, (name, waited)


def test_a_seat_that_wins_a_round_and_never_moves_is_the_fool_by_forfeit(tmp_path: Path) -> None:
    """Issue 25, "Blame only what was seen": East heartbeats on and votes, but never sends the
    move of a round it won. Its heartbeats show it holding every vote of the round, so after the
    move's deadline (here the short resume window, not ACT_TIMEOUT's 60 s) North and South
    agree that it forfeits: both end `absent` with East the fool (before: abandoned, nobody)."""
    window = ["--resume-window", f"{SHORT_WINDOW:g}"]
    ends = honest_ends(tmp_path, ["no-move"], wait=WAIT, window=window)
    for name, game in ends.items():
        assert game["reason"] == "absent", (name, game)
        assert [game["names"][s] for s in game["result"]["forfeits"]] == ["East"], (name, game)
        assert game["names"][game["fool"]] == "East", (name, game)


def wait_for_recorded(path: Path, frames: int, wait: float) -> dict[str, Any]:
    """What the recording seat wrote once it holds `frames` messages (within `wait` seconds)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if path.exists():
            with contextlib.suppress(ValueError):  # (caught while being written)
                record: dict[str, Any] = msgpack.unpackb(path.read_bytes(), raw=False)
                if len(record["frames"]) >= frames:
                    return record
        time.sleep(0.2)
    raise AssertionError(f"the recording seat never held {frames} messages")


def test_finding_4_a_message_of_another_table_with_the_same_id_is_refused_at_the_link(
    tmp_path: Path,
) -> None:
    """Pat sits at table A and (another process, the same identity key) at table B, whose host
    gives it table A's id. A seat of table A records Pat's signed messages; a seat of table B
    forwards them there as Pat's. Pat and B's host refuse each at the forwarder's link (it signs
    for another table), name nobody for it, and both tables end without naming Pat."""
    key = load_or_create_identity(tmp_path / "Pat-A" / "identity.key")
    (tmp_path / "Pat-B").mkdir()
    shutil.copy2(tmp_path / "Pat-A" / "identity.key", tmp_path / "Pat-B" / "identity.key")
    recorded = tmp_path / "recorded.msgpack"
    wait = WAIT
    table_a, table_b = f"DenA {secrets.token_hex(3)}", f"DenB {secrets.token_hex(3)}"
    bots = ["--bot", "random", *WINDOW, "--timeout", str(wait - 5)]
    processes = {
        "North-A": peer(tmp_path, "North-A", "--host", table_a, "--seats", "3", *bots),
        "Pat-A": peer(tmp_path, "Pat-A", "--join", table_a, *bots, trace=True),
        "Spy": hostile_seat(
            tmp_path, "Spy", ["record-from", "Pat-A", str(recorded)], "--join", table_a, *bots
        ),
    }
    try:
        record = wait_for_recorded(recorded, frames=3, wait=wait / 2)
        processes["North-B"] = hostile_seat(
            tmp_path,
            "North-B",
            ["table-id", record["table_id"]],
            *["--host", table_b, "--seats", "3", *bots],
            module="hostile_host",
        )
        processes["Pat-B"] = peer(tmp_path, "Pat-B", "--join", table_b, *bots, trace=True)
        processes["Fwd"] = hostile_seat(
            tmp_path, "Fwd", ["forward-from", str(recorded), "Pat-B"], "--join", table_b, *bots
        )
    finally:
        wait_all(processes, wait, honest=("North-A", "Pat-A", "North-B", "Pat-B"))
    assert key.public_key  # (one identity, two processes)
    results = {}
    for name in ("North-A", "Pat-A", "North-B", "Pat-B"):
        result = json.loads((tmp_path / f"{name}.json").read_text())
        log = (tmp_path / f"{name}.log").read_text(errors="replace")
        assert result.get("games"), (name, result, log[-3000:])
        game = result["games"][0]
        names = [s["name"] for s in result["seats"]]
        named = None if game.get("cheater") is None else names[game["cheater"]]
        assert named not in ("North-A", "Pat-A", "North-B", "Pat-B"), (name, game, log[-3000:])
        results[name] = (result, log)
    assert results["North-B"][0]["table"]["id"] == record["table_id"]  # the same id at both
    for name in ("North-B", "Pat-B"):
        log = results[name][1]
        assert "(Fwd): forwarded a message that its author did not sign for this table" in log, (
            name,
            log[-3000:],
        )
