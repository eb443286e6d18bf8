"""Every wait ends (real `durak-peer` processes on loopback, in a private network namespace): a seat
that never comes back, a table that is not there or vanished, a wrong password, a full table, a
host restarted in the lobby, and a join by address without mDNS."""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from net.peer_cli import EXIT_ERROR, EXIT_UNCLEAN
from tests.net.netns import free_port, requires_private_netns
from tests.peer.test_loopback import applied_moves, check_same_clean_game, finish, peer

pytestmark = [requires_private_netns, pytest.mark.slow]


def wait_ended(process: subprocess.Popen[bytes], within: float) -> float:
    """Wait for a process to end; the seconds it took (fails past `within`)."""
    began = time.monotonic()
    try:
        process.wait(timeout=within)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(5)
    took = time.monotonic() - began
    assert took < within, f"still running after {within} s"
    return took


def result_of(folder: Path, name: str) -> dict[str, Any]:
    return dict(json.loads((folder / f"{name}.json").read_text()))


def wait_for_line(log: Path, text: str, within: float) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if log.exists() and text in log.read_text(errors="replace"):
            return
        time.sleep(0.05)
    raise AssertionError(f"{log.name} never said {text!r}")


def test_a_seat_that_never_comes_back_is_the_fool_by_forfeit_and_records_it_when_back_late(
    tmp_path: Path,
) -> None:
    """East is killed mid-game: North and South end `absent` with East the fool by forfeit once
    the window runs out. East, back after that, records its own forfeit: it does not wait alone
    or name them. (One run: the two checks started the same three peers.)"""
    table = f"Gone {secrets.token_hex(3)}"
    window = ["--resume-window", "4"]
    arguments = {
        "North": ["--host", table, "--seats", "3", *window],
        "East": ["--join", table, *window],
        "South": ["--join", table, "--bot", "random", *window],
    }
    processes = {
        name: peer(tmp_path, name, *args, trace=name == "East") for name, args in arguments.items()
    }
    deadline = time.monotonic() + 30
    while applied_moves(tmp_path / "East.trace") < 4 and time.monotonic() < deadline:
        time.sleep(0.02)
    os.kill(processes["East"].pid, signal.SIGKILL)
    killed = time.monotonic()
    processes["East"].wait(5)
    for name in ("North", "South"):
        wait_ended(processes[name], 40)
    took = time.monotonic() - killed
    assert took < 5 + 4 + 15  # silence noticed, the window, a generous margin for a loaded box
    results = {name: result_of(tmp_path, name) for name in ("North", "South")}
    for name, result in results.items():
        assert processes[name].returncode == EXIT_UNCLEAN
        (game,) = result["games"]
        east = next(s["seat"] for s in game["seats"] if s["name"] == "East")
        assert game["reason"] == "absent" and game["fool"] == east
        assert game["result"]["forfeits"] == [east]
        assert sorted(game["result"]["signed_by"]) == sorted({0, 1, 2} - {east})
    assert len({r["games"][0]["log_hash"] for r in results.values()}) == 1
    north_log = (tmp_path / "North.log").read_text()
    assert "East is not answering" in north_log

    late = peer(tmp_path, "East", *arguments["East"])
    wait_ended(late, 20)
    assert late.returncode == EXIT_UNCLEAN
    mine = result_of(tmp_path, "East")["games"][0]
    others = results["North"]["games"][0]
    assert mine["reason"] == others["reason"] == "absent"
    assert (
        mine["fool"]
        == others["fool"]
        == next(s["seat"] for s in others["seats"] if s["name"] == "East")
    )
    assert "longer than the resume window" in (tmp_path / "East.log").read_text()


def test_a_table_nobody_announces_ends_with_not_found(tmp_path: Path) -> None:
    joiner = peer(tmp_path, "East", "--join", "Nowhere", "--join-timeout", "3")
    wait_ended(joiner, 20)
    assert joiner.returncode == EXIT_ERROR
    result = result_of(tmp_path, "East")
    assert result["join_failure"] == "not-found" and "Nowhere" in result["error"]


def test_a_host_that_vanishes_in_the_lobby_ends_the_join_with_vanished(tmp_path: Path) -> None:
    table = f"Vanish {secrets.token_hex(3)}"
    host = peer(tmp_path, "North", "--host", table, "--seats", "3")
    joiner = peer(tmp_path, "East", "--join", table, "--join-timeout", "8")
    wait_for_line(tmp_path / "East.log", "link to", 20)
    time.sleep(0.3)
    host.kill()
    host.wait(5)
    took = wait_ended(joiner, 30)
    assert took < 8 + 10
    assert joiner.returncode == EXIT_ERROR
    result = result_of(tmp_path, "East")
    assert result["join_failure"] == "vanished" and "stopped answering" in result["error"]


def test_a_wrong_password_ends_the_join_saying_so(tmp_path: Path) -> None:
    table = f"Locked {secrets.token_hex(3)}"
    host = peer(tmp_path, "North", "--host", table, "--password", "right horse")
    joiner = peer(tmp_path, "East", "--join", table, "--password", "wrong horse")
    try:
        wait_ended(joiner, 30)
    finally:
        host.kill()
        host.wait(5)
    assert joiner.returncode == EXIT_ERROR
    result = result_of(tmp_path, "East")
    assert result["join_failure"] == "wrong-password" and "password is wrong" in result["error"]


def test_the_extra_joiner_of_a_full_table_is_told_it_is_full(tmp_path: Path) -> None:
    table = f"Full {secrets.token_hex(3)}"
    host = ["--host", table, "--seats", "2", "--games", "8"]  # busy longer than a join takes
    processes = {"North": peer(tmp_path, "North", *host)}
    processes["East"] = peer(tmp_path, "East", "--join", table, "--bot", "random")
    wait_for_line(tmp_path / "North.log", "game 0 starts", 30)
    extra = peer(tmp_path, "West", "--join", table)
    wait_ended(extra, 30)
    assert extra.returncode == EXIT_ERROR
    assert result_of(tmp_path, "West")["join_failure"] == "full"
    check_same_clean_game(finish(processes, tmp_path), games=8)


def test_a_host_restarted_in_the_lobby_is_found_again_by_its_identity(tmp_path: Path) -> None:
    table = f"Restart {secrets.token_hex(3)}"
    host_args = ["--host", table, "--seats", "3"]
    first = peer(tmp_path, "North", *host_args)
    processes = {"East": peer(tmp_path, "East", "--join", table, "--bot", "random")}
    wait_for_line(tmp_path / "East.log", "link to", 20)
    first.kill()
    first.wait(5)
    processes["North"] = peer(tmp_path, "North", *host_args)  # same identity, a new port
    wait_for_line(tmp_path / "East.log", "found the host again", 30)
    processes["South"] = peer(tmp_path, "South", "--join", table)
    check_same_clean_game(finish(processes, tmp_path))


def test_joining_by_address_needs_no_mdns(tmp_path: Path) -> None:
    port = free_port()
    processes = {"North": peer(tmp_path, "North", "--host", "Direct", "--port", str(port))}
    wait_for_line(tmp_path / "North.log", "listening on port", 20)
    address = f"127.0.0.1:{port}"
    processes["East"] = peer(tmp_path, "East", "--connect", address, "--bot", "random")
    processes["South"] = peer(tmp_path, "South", "--connect", address)
    results = finish(processes, tmp_path)
    check_same_clean_game(results)
    assert "looking for table" not in (tmp_path / "East.log").read_text()


def test_joining_an_address_where_nothing_listens_ends_with_not_found(tmp_path: Path) -> None:
    address = f"127.0.0.1:{free_port()}"
    joiner = peer(tmp_path, "East", "--connect", address, "--join-timeout", "3")
    wait_ended(joiner, 20)
    assert joiner.returncode == EXIT_ERROR
    assert result_of(tmp_path, "East")["join_failure"] == "not-found"


def traced(trace: Path, event: str) -> bool:
    """The trace file holds this event."""
    return trace.exists() and f'"event": "{event}"' in trace.read_text()


def test_a_peer_killed_during_the_audit_resumes_to_the_others_result(tmp_path: Path) -> None:
    table = f"Audit {secrets.token_hex(3)}"
    arguments = {
        "North": ["--host", table, "--seats", "3"],
        "East": ["--join", table, "--bot", "random"],
        "South": ["--join", table],
    }
    processes = {
        name: peer(tmp_path, name, *args, trace=name == "East") for name, args in arguments.items()
    }
    trace = tmp_path / "East.trace"
    deadline = time.monotonic() + 40
    while not traced(trace, "audit") and time.monotonic() < deadline:
        assert processes["East"].poll() is None
        time.sleep(0.003)
    os.kill(processes["East"].pid, signal.SIGKILL)
    processes["East"].wait(5)
    assert not traced(trace, "over"), "East finished its audit before it could be killed"
    time.sleep(6)  # longer than the old 5 s linger
    processes["East"] = peer(tmp_path, "East", *arguments["East"], trace=True)
    results = finish(processes, tmp_path)
    check_same_clean_game(results)
    assert "resumed game 0" in (tmp_path / "East.log").read_text()


def test_a_seat_that_leaves_between_games_ends_the_match_naming_it(tmp_path: Path) -> None:
    table = f"Between {secrets.token_hex(3)}"
    window = ["--resume-window", "5"]
    host = ["--host", table, "--seats", "3", "--games", "3", *window]
    processes = {"North": peer(tmp_path, "North", *host)}
    processes["East"] = peer(tmp_path, "East", "--join", table, "--bot", "random", *window)
    processes["South"] = peer(tmp_path, "South", "--join", table, *window, trace=True)
    deadline = time.monotonic() + 40
    while not traced(tmp_path / "South.trace", "over") and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(processes["South"].pid, signal.SIGKILL)
    for name in ("North", "East"):
        wait_ended(processes[name], 5 + 5 + 5 + 30)  # silence, window, linger, margin
        assert processes[name].returncode == EXIT_UNCLEAN
    for name in ("North", "East"):
        result = result_of(tmp_path, name)
        games = result["games"]
        assert games[0]["clean"]
        if len(games) > 1:  # South had said ready: the next game went on without it
            south = next(s["seat"] for s in games[1]["seats"] if s["name"] == "South")
            assert games[1]["reason"] == "absent" and games[1]["fool"] == south
        else:
            assert "South left the table between games" in result["error"] or (
                result.get("join_failure") == "vanished"
            )
