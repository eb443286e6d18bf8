"""Joining a table in the lab, when something about the join is wrong: a wrong password ends the
join within 30 s with "wrong password" at the joiner and in the host's log, and the host, naming
nobody, goes on to play with the next player."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.lan.conftest import LabFactory, needs_lab
from tests.lan.test_lan_game import Seat, launch, load_result, needs_peer, peer_argv, wait_all

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(120)]

TABLE = "Kitchen"
WRONG_PASSWORD_SECONDS = 30.0


def seat(files: Path, name: str, host: int, bot: str, role: list[str]) -> Seat:
    """A seat whose files live under `files/name`."""
    data_dir = files / name
    data_dir.mkdir(parents=True)
    result = files / f"{name}.json"
    return Seat(name, host, peer_argv(name, bot, role, data_dir, result), data_dir, result)


@needs_peer
@needs_lab
def test_a_wrong_password_ends_the_join_with_words_and_the_host_plays_on(
    make_lab: LabFactory, tmp_path: Path
) -> None:
    lab = make_lab(3)
    files = tmp_path / "peers"
    host_role = ["--host", TABLE, "--seats", "2", "--games", "1", "--password", "Kitchen-42"]
    north = seat(files, "North", 0, "heuristic", host_role)
    launch(lab, north)
    guesser = seat(files, "East", 1, "random", ["--join", TABLE, "--password", "kitchen-42"])
    started = time.monotonic()
    launch(lab, guesser)
    code = guesser.process.wait(WRONG_PASSWORD_SECONDS + 5)
    seconds = time.monotonic() - started
    assert code not in (0, None), guesser.process.output()
    assert seconds < WRONG_PASSWORD_SECONDS, seconds
    error = json.loads(guesser.result.read_text())["error"]
    assert "wrong password" in error, error
    assert north.process.poll() is None, north.process.output()
    assert "wrong password" in north.process.stderr_path.read_text()

    player = seat(files, "South", 2, "random", ["--join", TABLE, "--password", "Kitchen-42"])
    launch(lab, player)
    wait_all([north, player], 90)
    results = [load_result(north), load_result(player)]
    assert all(result["ok"] for result in results), results
    names = sorted(entry["name"] for entry in results[0]["seats"])
    assert names == ["North", "South"], results[0]
    print(f"wrong password refused after {seconds:.1f} s")
