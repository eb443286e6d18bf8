"""Real `durak-peer` processes on loopback (inside a private network namespace only): a full game
of three peers found by mDNS, and a peer killed with SIGKILL mid-game that resumes from its journal.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game
from engine.match import next_leader
from engine.rules import get_rules
from net.discovery import TableAppeared, TableBrowser, TableUpdated, make_zeroconf
from net.handshake import ChannelError
from net.identity import Identity, load_identity
from net.journal import read_journal
from net.transport import ConnectionClosedError, connect
from tests.net.netns import requires_private_netns

pytestmark = [requires_private_netns, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0


def peer(folder: Path, name: str, *args: str, trace: bool = False) -> subprocess.Popen[bytes]:
    """Start one durak-peer process with its own data folder, result file and log."""
    command = [
        sys.executable,
        "-m",
        "net.peer_cli",
        "--name",
        name,
        "--interface",
        "lo",
        "--data-dir",
        str(folder / name),
        "--result",
        str(folder / f"{name}.json"),
        "--timeout",
        str(WAIT - 5),
        *args,
    ]
    if trace:
        command += ["--trace", str(folder / f"{name}.trace")]
    log = (folder / f"{name}.log").open("ab")
    return subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)


def finish(processes: dict[str, subprocess.Popen[bytes]], folder: Path) -> dict[str, Any]:
    """Wait for every process (bounded), then read their result files."""
    deadline = time.monotonic() + WAIT
    try:
        for process in processes.values():
            process.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait(5)
    logs = {name: (folder / f"{name}.log").read_text(errors="replace") for name in processes}
    failed = [name for name, process in processes.items() if process.returncode != 0]
    report = "\n".join(
        f"{name} exited {processes[name].returncode}:\n{logs[name][-3000:]}" for name in failed
    )
    assert not failed, report
    return {name: json.loads((folder / f"{name}.json").read_text()) for name in processes}


def check_same_clean_game(results: dict[str, Any], games: int = 1) -> None:
    """Every peer wrote the same log hashes, fools and clean verdicts, and the same seats."""
    seats = {json.dumps(r["seats"], sort_keys=True) for r in results.values()}
    assert len(seats) == 1
    table = next(iter(results.values()))
    names = sorted(s["name"] for s in table["seats"])
    assert names == sorted(results)
    for result in results.values():
        assert result["ok"] is True
        assert len(result["games"]) == games
        for game in result["games"]:
            assert game["reason"] == "finished" and game["clean"]
            assert game["audit"] == {"ok": True, "cheaters": {}, "forfeits": [], "problems": []}
    for index in range(games):
        hashes = {r["games"][index]["log_hash"] for r in results.values()}
        fools = {r["games"][index]["fool"] for r in results.values()}
        assert len(hashes) == 1 and len(fools) == 1
        assert len(next(iter(hashes))) == 64


def test_three_peers_find_each_other_by_mdns_and_play_a_match(tmp_path: Path) -> None:
    table = f"Kitchen {secrets.token_hex(3)}"
    host = ["--host", table, "--variant", "throw-in", "--seats", "3", "--games", "2"]
    processes = {"North": peer(tmp_path, "North", *host)}
    processes["East"] = peer(tmp_path, "East", "--join", table, "--bot", "random")
    processes["South"] = peer(tmp_path, "South", "--join", table, "--bot", "heuristic")
    results = finish(processes, tmp_path)
    check_same_clean_game(results, games=2)
    north = results["North"]
    first, second = north["games"]
    assert first["first"] is None  # the lowest trump decides the first game
    rules = get_rules("throw-in")
    # A real Game holding the first game's ending (the compiled engine takes no stand-in).
    finished = Game.new(rules, 3, random.Random(0))
    finished.fool, finished.out = first["fool"], tuple(first["result"]["out"])
    assert second["first"] == next_leader(rules, 3, finished)
    assert north["table"]["name"] == table and north["table"]["variant"] == "throw-in"
    fingerprints = {s["name"]: s["fingerprint"] for s in north["seats"]}
    assert all(fingerprints[name] == r["me"]["fingerprint"] for name, r in results.items())


def applied_moves(trace: Path) -> int:
    """How many moves the peer has applied so far (from its trace)."""
    if not trace.exists():
        return 0
    return sum('"applied"' in line for line in trace.read_text().splitlines())


def three_peers_under_way(
    folder: Path, table: str, moves: int
) -> tuple[dict[str, subprocess.Popen[bytes]], Path]:
    """North hosts `table` for three, East (traced) and a random bot South join; return once East
    has applied `moves` moves (or after 30 s), with the processes and East's trace."""
    processes = {"North": peer(folder, "North", "--host", table, "--seats", "3")}
    processes["East"] = peer(folder, "East", "--join", table, trace=True)
    processes["South"] = peer(folder, "South", "--join", table, "--bot", "random")
    trace = folder / "East.trace"
    deadline = time.monotonic() + 30
    while applied_moves(trace) < moves and time.monotonic() < deadline:
        time.sleep(0.02)
    return processes, trace


@pytest.mark.parametrize("victim", ["East", "North"])
def test_a_peer_killed_mid_game_resumes_from_its_journal(tmp_path: Path, victim: str) -> None:
    table = f"Resume {secrets.token_hex(3)}"
    arguments = {
        "North": ["--host", table, "--seats", "3"],
        "East": ["--join", table, "--bot", "random"],
        "South": ["--join", table],
    }
    processes = {
        name: peer(tmp_path, name, *args, trace=name == victim) for name, args in arguments.items()
    }
    trace = tmp_path / f"{victim}.trace"
    deadline = time.monotonic() + 30
    while applied_moves(trace) < 12 and time.monotonic() < deadline:
        assert processes[victim].poll() is None, f"{victim} ended before it could be killed"
        time.sleep(0.02)
    assert applied_moves(trace) >= 12, "the game did not get going"
    os.kill(processes[victim].pid, signal.SIGKILL)
    processes[victim].wait(5)
    killed_at = applied_moves(trace)
    journals = list((tmp_path / victim / "journals").glob("*.journal"))
    assert len(journals) == 1
    time.sleep(0.5)
    processes[victim] = peer(tmp_path, victim, *arguments[victim], trace=True)
    results = finish(processes, tmp_path)
    check_same_clean_game(results)
    log = (tmp_path / f"{victim}.log").read_text()
    assert "resumed game 0" in log
    assert results[victim]["games"][0]["moves"] > killed_at


async def poke(port: int, seat_identity: Path) -> tuple[str, str]:
    """Connect with an unknown key (refused, or, at a host that lets spectators in, dropped at
    its first game frame), then as a seated key sending a broken frame."""
    stranger = Identity.generate()
    try:
        connection = await connect("127.0.0.1", port, stranger)
    except (OSError, ChannelError) as error:
        unknown = f"refused: {error}"
    else:
        connection.send({"t": "g", "g": 0, "f": {"t": "h"}})
        try:
            while True:
                await asyncio.wait_for(connection.receive(), 5)
        except ConnectionClosedError:
            unknown = f"dropped: {connection.close_reason}"
        except TimeoutError:
            await connection.close()
            unknown = "accepted"
    impostor = await connect("127.0.0.1", port, load_identity(seat_identity))
    impostor.send({"t": "g", "g": 0, "f": {"t": "m", "s": "not a number", "p": {}}})
    try:
        await asyncio.wait_for(impostor.receive(), 5)  # frames until the peer drops it
        while True:
            await asyncio.wait_for(impostor.receive(), 5)
    except ConnectionClosedError:
        dropped = impostor.close_reason or "closed"
    return unknown, dropped


def test_unknown_keys_are_refused_and_a_bad_frame_drops_only_its_connection(
    tmp_path: Path,
) -> None:
    table = f"Rough {secrets.token_hex(3)}"
    processes, _ = three_peers_under_way(tmp_path, table, moves=5)
    (journal,) = (tmp_path / "North" / "journals").glob("*.journal")
    port = read_journal(journal).start.addresses[0].port
    unknown, dropped = asyncio.run(poke(port, tmp_path / "South" / "identity.key"))
    assert unknown.startswith("refused") or "has no seat" in unknown, unknown
    assert "protocol violation" in dropped
    results = finish(processes, tmp_path)
    check_same_clean_game(results)
    log = (tmp_path / "North.log").read_text()
    assert re.search(r"protocol violation by seat \d \(South\): message without a valid", log)


def test_a_peer_that_is_told_to_stop_forfeits_and_the_others_play_on(tmp_path: Path) -> None:
    table = f"Leave {secrets.token_hex(3)}"
    processes, trace = three_peers_under_way(tmp_path, table, moves=8)
    processes["East"].send_signal(signal.SIGTERM)
    leaver = processes.pop("East")
    results = finish(processes, tmp_path)
    assert leaver.wait(WAIT) == 1
    left = json.loads((tmp_path / "East.json").read_text())
    (game,) = left["games"]
    assert game["reason"] == "left" and not game["clean"] and left["ok"] is False
    for result in results.values():
        (played,) = result["games"]
        assert played["clean"] and played["log_hash"] == results["North"]["games"][0]["log_hash"]
    seat = next(s["seat"] for s in left["seats"] if s["name"] == "East")
    assert f'"{seat} forfeit"' in trace.read_text()


async def watch_seats(table: str, start_joiner: Any) -> list[int]:
    """Browse for `table`; start the joiner once it appears; the `taken` values seen, in order."""
    zeroconf = make_zeroconf("lo")
    seen: list[int] = []
    try:
        async with TableBrowser(zeroconf) as browser:
            while not seen or seen[-1] < 2:
                event = await asyncio.wait_for(browser.next_event(), 20)
                if isinstance(event, TableAppeared | TableUpdated) and event.table.name == table:
                    if not seen:
                        start_joiner()
                    if not seen or seen[-1] != event.table.seats_taken:
                        seen.append(event.table.seats_taken)
    finally:
        await zeroconf.async_close()
    return seen


def test_the_host_announces_the_table_and_updates_the_seats_taken(tmp_path: Path) -> None:
    table = f"Seats {secrets.token_hex(3)}"
    processes = {"North": peer(tmp_path, "North", "--host", table, "--seats", "2")}

    def start_joiner() -> None:
        processes["East"] = peer(tmp_path, "East", "--join", table)

    seen = asyncio.run(watch_seats(table, start_joiner))
    assert seen == [1, 2]
    results = finish(processes, tmp_path)
    check_same_clean_game(results)
