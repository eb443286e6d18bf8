"""Strangers on the LAN: a host with the common limit of 1,024 open files is flooded with 2,000
idle connections, or fed a gigabyte of garbage and fake frames, from another machine of the lab,
while a player joins it by name and plays a game. The player gets in and both finish within a
bounded time; the host's memory stays within 50 MB of what it was before the attack, and its
error output stays small and free of tracebacks."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

from tests.lan.conftest import REPO, LabFactory, needs_lab
from tests.lan.netlab import LabProcess, NetLab, wait_until
from tests.lan.test_lan_game import (
    Seat,
    launch,
    load_result,
    needs_peer,
    peer_argv,
)

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(120)]

TABLE = "Kitchen"
OPEN_FILES = 1024
"""The host's open-file limit (soft and hard), the common default."""
JOIN_AND_PLAY_SECONDS = 60.0
"""From the player's start to both peers done with a one-game match."""
MEMORY_SLACK_BYTES = 50 << 20
MAX_HOST_STDERR_BYTES = 256 << 10


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) * 1024 if match else 0


def stranger(lab: NetLab, host: int, command: str, *args: object) -> LabProcess:
    """Start `python -m tests.lan.strangers COMMAND ARGS` in a host of the lab."""
    argv = [sys.executable, "-m", "tests.lan.strangers", command, *map(str, args)]
    return lab.spawn(host, command, argv, cwd=REPO)


def json_lines(process: LabProcess) -> list[dict[str, int]]:
    """The JSON lines a stranger printed so far."""
    text = process.stdout_path.read_text() if process.stdout_path.exists() else ""
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def start_host(lab: NetLab, files: Path) -> tuple[Seat, int]:
    """North hosts a two-seat table on h0 under a 1,024 open-file limit; its seat and port."""
    data_dir = files / "North"
    data_dir.mkdir(parents=True)
    role = ["--host", TABLE, "--variant", "throw-in", "--seats", "2", "--games", "1"]
    argv = peer_argv("North", "heuristic", role, data_dir, files / "North.json")
    limited = ["prlimit", f"--nofile={OPEN_FILES}:{OPEN_FILES}", "--", *argv]
    seat = Seat("North", 0, limited, data_dir, files / "North.json")
    host = launch(lab, seat)
    port: list[int] = []

    def announced() -> bool:
        text = host.stderr_path.read_text() if host.stderr_path.exists() else ""
        found = re.search(r"listening on port (\d+)", text)
        if found and not port:
            port.append(int(found.group(1)))
        return bool(port) and "announced table" in text

    assert wait_until(lambda: announced() or host.poll() is not None, 30), host.output()
    assert host.poll() is None, host.output()
    return seat, port[0]


def join_and_play(lab: NetLab, files: Path, host: Seat) -> tuple[float, int]:
    """East joins from h2 by name; wait for both peers to finish. Seconds taken, peak host RSS."""
    data_dir = files / "East"
    data_dir.mkdir(parents=True)
    argv = peer_argv("East", "random", ["--join", TABLE], data_dir, files / "East.json")
    player = Seat("East", 2, argv, data_dir, files / "East.json")
    started = time.monotonic()
    launch(lab, player)
    peak = 0
    while time.monotonic() - started < JOIN_AND_PLAY_SECONDS:
        peak = max(peak, rss_bytes(host.process.pid))
        codes = [host.process.poll(), player.process.poll()]
        if None not in codes:
            break
        for seat, code in zip((host, player), codes, strict=True):
            assert code in (None, 0), f"{seat.name} exited {code}"
        time.sleep(0.1)
    else:
        pytest.fail(f"the player did not join and finish within {JOIN_AND_PLAY_SECONDS:.0f} s")
    assert host.process.poll() == 0 and player.process.poll() == 0
    for seat in (host, player):
        result = load_result(seat)
        assert result["ok"] is True, result
    return time.monotonic() - started, peak


def assert_host_output_is_quiet(host: Seat) -> int:
    """The host's error output is small and holds no traceback; its size in bytes."""
    text = host.process.stderr_path.read_text()
    assert len(text) < MAX_HOST_STDERR_BYTES, f"host stderr is {len(text)} bytes"
    assert "Traceback" not in text, text[-4000:]
    return len(text)


def baseline_rss(host: Seat) -> int:
    """The host's resident memory once it has settled in the lobby."""
    time.sleep(1.0)
    return rss_bytes(host.process.pid)


@needs_peer
@needs_lab
def test_two_thousand_idle_connections_keep_no_player_out(
    make_lab: LabFactory, tmp_path: Path
) -> None:
    lab = make_lab(3)
    files = tmp_path / "peers"
    host, port = start_host(lab, files)
    before = baseline_rss(host)
    flood = stranger(lab, 1, "flood", lab.hosts[0].address, port, 2000, 30)
    assert wait_until(lambda: json_lines(flood) or flood.poll() is not None, 60), flood.output()
    (opened,) = json_lines(flood)
    assert opened["opened"] + opened["failed"] == 2000, opened
    assert host.process.poll() is None, host.process.output()
    seconds, peak = join_and_play(lab, files, host)
    assert peak - before < MEMORY_SLACK_BYTES, (before, peak)
    stderr_bytes = assert_host_output_is_quiet(host)
    flood.stop()
    print(
        f"flood: {opened}, join and play {seconds:.1f} s, host RSS {before} -> peak {peak}, "
        f"host stderr {stderr_bytes} bytes"
    )


def peak_rss_while_running(host: Seat, process: LabProcess, seconds: float) -> int:
    """The host's largest resident size seen while `process` runs (at most `seconds`)."""
    peak = 0
    deadline = time.monotonic() + seconds
    while process.poll() is None and time.monotonic() < deadline:
        peak = max(peak, rss_bytes(host.process.pid))
        time.sleep(0.1)
    return peak


@needs_peer
@needs_lab
def test_a_gigabyte_of_garbage_and_fake_frames_leaves_the_host_playing(
    make_lab: LabFactory, tmp_path: Path
) -> None:
    lab = make_lab(3)
    files = tmp_path / "peers"
    host, port = start_host(lab, files)
    before = baseline_rss(host)
    garbage = stranger(lab, 1, "garbage", lab.hosts[0].address, port, 1024)
    peak = max(before, peak_rss_while_running(host, garbage, 90))
    assert garbage.poll() == 0, garbage.output()
    (counts,) = json_lines(garbage)
    assert counts["sent_bytes"] >= 1 << 30, counts
    assert host.process.poll() is None, host.process.output()
    # More garbage while a player joins and plays: the game goes on.
    stranger(lab, 1, "garbage", lab.hosts[0].address, port, 4096)
    seconds, playing_peak = join_and_play(lab, files, host)
    peak = max(peak, playing_peak)
    assert peak - before < MEMORY_SLACK_BYTES, (before, peak)
    stderr_bytes = assert_host_output_is_quiet(host)
    print(
        f"garbage: {counts}, join and play {seconds:.1f} s, host RSS {before} -> peak {peak}, "
        f"host stderr {stderr_bytes} bytes"
    )


@needs_peer
@needs_lab
def test_game_frames_parked_before_their_game_are_bounded_in_bytes(
    make_lab: LabFactory, tmp_path: Path
) -> None:
    lab = make_lab(3)
    files = tmp_path / "peers"
    host, port = start_host(lab, files)
    before = baseline_rss(host)
    early = stranger(lab, 1, "early", lab.hosts[0].address, port, 512)
    peak = max(before, peak_rss_while_running(host, early, 60))
    print(f"early frames: {json_lines(early)}, host RSS {before} -> peak {peak}")
    assert peak - before < MEMORY_SLACK_BYTES, (before, peak)
