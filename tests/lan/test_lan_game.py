"""Real LAN games: `durak-peer` processes, each in its own network namespace on one bridge,
find the table through mDNS and play it to the end: cleanly, with 5% packet loss, on an
IPv6-only LAN, and with one peer killed with `kill -9` mid-game and started again with `--resume`.

Each test checks that every peer exits 0 and that all result files agree on the table, the
seats, the final log hash and the fool, with a clean audit verdict, and that the bridge saw no
packet addressed outside the lab and that no lab traffic reached the namespace the tests run in.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.lan.conftest import REPO, LabFactory, needs_lab, needs_lossy_lab
from tests.lan.netlab import LabProcess, NetLab, OutsideWatch, wait_until

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(170)]

PEER_MODULE = "net.peer_cli"
_PEER_MISSING = (
    None
    if importlib.util.find_spec(PEER_MODULE) is not None
    else f"durak-peer ({PEER_MODULE}) is not built yet"
)
needs_peer = pytest.mark.skipif(_PEER_MISSING is not None, reason=_PEER_MISSING or "")

TABLE = "Kitchen"
VARIANT = "throw-in"
PLAYERS = ("North", "East", "South")
BOTS = ("heuristic", "random", "heuristic")
PEER_TIMEOUT = 60
"""`--timeout` given to every peer: how long it waits for the table, a peer or a move."""
GAME_DEADLINE = 120.0
"""How long a test waits for all peers to finish a game."""


@dataclass
class Seat:
    """One player's peer: where it runs, its files and its processes (several after a restart)."""

    name: str
    host: int
    argv: list[str]
    data_dir: Path
    result: Path
    runs: list[LabProcess] = field(default_factory=list)

    @property
    def process(self) -> LabProcess:
        """The latest run."""
        return self.runs[-1]


def peer_command() -> list[str]:
    """The installed `durak-peer` next to this Python when there is one, else `python -m`."""
    script = Path(sys.executable).with_name("durak-peer")
    return [str(script)] if script.exists() else [sys.executable, "-m", PEER_MODULE]


def peer_argv(name: str, bot: str, role: list[str], data_dir: Path, result: Path) -> list[str]:
    """The command line of a headless peer listening on the namespace's eth0."""
    return [
        *peer_command(),
        "--name",
        name,
        *role,
        "--bot",
        bot,
        "--interface",
        "eth0",
        "--data-dir",
        str(data_dir),
        "--result",
        str(result),
        "--timeout",
        str(PEER_TIMEOUT),
    ]


def start_table(lab: NetLab, files: Path, games: int = 1) -> list[Seat]:
    """The host North on h0 (a match of `games` games), then East and South joining by name
    from h1 and h2."""
    seats = []
    for index, (name, bot) in enumerate(zip(PLAYERS, BOTS, strict=True)):
        if index == 0:
            role = ["--host", TABLE, "--variant", VARIANT, "--seats", str(len(PLAYERS))]
            role += ["--games", str(games)]
        else:
            role = ["--join", TABLE]
        data_dir = files / name
        data_dir.mkdir(parents=True)
        result = files / f"{name}.json"
        seat = Seat(name, index, peer_argv(name, bot, role, data_dir, result), data_dir, result)
        launch(lab, seat)
        seats.append(seat)
    return seats


def launch(lab: NetLab, seat: Seat, *extra: str) -> LabProcess:
    """Start (or restart) a seat's peer in its namespace."""
    process = lab.spawn(seat.host, seat.name, [*seat.argv, *extra], cwd=REPO)
    seat.runs.append(process)
    return process


def wait_all(seats: list[Seat], deadline: float = GAME_DEADLINE) -> None:
    """Wait until every peer has exited 0; fail at the first other exit or after `deadline` s."""
    end = time.monotonic() + deadline
    running = list(seats)
    while running:
        for seat in list(running):
            code = seat.process.poll()
            if code is None:
                continue
            assert code == 0, f"{seat.name} exited {code} (its output is in the lab section)"
            running.remove(seat)
        if time.monotonic() > end:
            late = ", ".join(seat.name for seat in running)
            pytest.fail(f"{late} did not finish within {deadline:.0f} s (see the lab section)")
        time.sleep(0.1)


def load_result(seat: Seat) -> dict[str, Any]:
    """A peer's result file."""
    assert seat.result.exists(), f"{seat.name} wrote no result file {seat.result}"
    data: dict[str, Any] = json.loads(seat.result.read_text())
    return data


def games_of(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The per-game records of a result file."""
    games = result["games"]
    assert isinstance(games, list) and games, f"no games in {result}"
    return games


@pytest.fixture
def outside() -> Iterator[OutsideWatch]:
    """A passive watch on the namespace the tests run in, outside every lab."""
    with OutsideWatch() as watcher:
        yield watcher


def assert_same_clean_games(
    lab: NetLab, seats: list[Seat], outside: OutsideWatch, games: int = 1
) -> list[dict[str, Any]]:
    """Every result holds `games` finished games with clean audits, and all peers agree on the
    table, the seats and each game's log hash and outcome; the bridge saw no stray packet and
    no lab traffic reached the namespace outside."""
    results = {seat.name: load_result(seat) for seat in seats}
    reference = games_of(results[seats[0].name])
    assert len(reference) == games, results
    for name, result in results.items():
        assert result["ok"] is True, (name, result)
        assert result["me"]["name"] == name, (name, result)
        assert result["table"] == results[seats[0].name]["table"], (name, result)
        assert result["seats"] == results[seats[0].name]["seats"], (name, result)
        played = games_of(result)
        assert len(played) == games, (name, result)
        for game, expected in zip(played, reference, strict=True):
            assert game["reason"] == "finished" and game["clean"] is True, (name, game)
            assert game["audit"]["ok"] is True and not game["audit"]["cheaters"], (name, game)
            assert game["log_hash"] == expected["log_hash"], (name, game, expected)
            assert (game["fool"], game["draw"]) == (expected["fool"], expected["draw"]), (
                name,
                game,
            )
    table = results[seats[0].name]
    assert table["table"]["name"] == TABLE and table["table"]["variant"] == VARIANT, table
    assert sorted(seat["name"] for seat in table["seats"]) == sorted(PLAYERS), table
    assert lab.isolation_problems() == []
    assert outside.lab_frames == []
    return reference


@needs_peer
@needs_lab
def test_three_peers_find_the_table_and_play_a_match_of_two_games(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(len(PLAYERS))
    seats = start_table(lab, tmp_path / "peers", games=2)
    wait_all(seats)
    first, second = assert_same_clean_games(lab, seats, outside, games=2)
    assert (first["game"], second["game"]) == (0, 1)
    assert first["log_hash"] != second["log_hash"]


@needs_peer
@needs_lossy_lab
def test_three_peers_play_with_five_percent_packet_loss(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(len(PLAYERS), loss_percent=5)
    seats = start_table(lab, tmp_path / "peers")
    wait_all(seats)
    assert_same_clean_games(lab, seats, outside)
    assert lab.counters()["dropped"] > 0


@needs_peer
@needs_lab
def test_three_peers_play_on_an_ipv6_only_lan(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(len(PLAYERS), ipv4=False, ipv6=True)
    seats = start_table(lab, tmp_path / "peers")
    wait_all(seats)
    assert_same_clean_games(lab, seats, outside)


def journal_moves(data_dir: Path) -> int:
    """How many of its own moves a peer has journalled in its data folder (0 if none yet)."""
    from net.journal import JournalError, read_journal

    moves = 0
    for path in (data_dir / "journals").glob("*.journal"):
        try:
            contents = read_journal(path)
        except JournalError:
            continue
        moves += sum(1 for record in contents.inputs if record.get("r") == "intend")
    return moves


@needs_peer
@needs_lab
def test_a_peer_killed_mid_game_resumes_and_the_game_finishes(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(len(PLAYERS))
    seats = start_table(lab, tmp_path / "peers")
    victim = seats[1]
    assert wait_until(
        lambda: journal_moves(victim.data_dir) >= 2 or victim.process.poll() is not None, 60
    ), f"{victim.name} made no move within 60 s"
    assert victim.process.poll() is None, f"{victim.name} ended before it could be killed"
    victim.process.kill_hard()
    assert victim.process.poll() == -9
    time.sleep(1.0)
    launch(lab, victim, "--resume")
    wait_all(seats)
    assert_same_clean_games(lab, seats, outside)
