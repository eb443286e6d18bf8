"""Joining a table in the lab, when something about the join is wrong: a wrong password ends the
join within 30 s with "wrong password" at the joiner and in the host's log, and the host, naming
nobody, goes on to play with the next player. Tables are told apart by their host's key: two
tables with one name both show, a host killed in the lobby leaves it within seconds, and the
same host restarted is seen again under its key."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

from tests.lan.conftest import REPO, LabFactory, needs_lab
from tests.lan.netlab import LabProcess, wait_until
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


def watched(process: LabProcess) -> list[dict[str, object]]:
    """The events a table watcher printed so far."""
    text = process.stdout_path.read_text() if process.stdout_path.exists() else ""
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def host_fingerprint(seat: Seat) -> str:
    """The fingerprint a host logged when it started listening."""
    found = re.search(
        r"\(([a-z2-7]{4}-[a-z2-7]{4})\) listening", seat.process.stderr_path.read_text()
    )
    assert found, seat.process.output()
    return found.group(1)


@needs_peer
@needs_lab
def test_same_name_tables_both_show_a_dead_host_leaves_and_comes_back_by_its_key(
    make_lab: LabFactory, tmp_path: Path
) -> None:
    lab = make_lab(3)
    files = tmp_path / "peers"
    watcher = lab.spawn(
        2,
        "watch",
        [sys.executable, "-m", "tests.lan.table_watch", lab.hosts[2].address, "90"],
        cwd=REPO,
    )
    assert wait_until(lambda: watched(watcher), 15), watcher.output()
    role = ["--host", TABLE, "--seats", "2"]
    north = seat(files, "North", 0, "heuristic", role)
    south = seat(files, "South", 1, "heuristic", role)
    launch(lab, north)
    launch(lab, south)

    def appeared(fingerprint: str, after: float = 0.0) -> list[dict[str, object]]:
        return [
            event
            for event in watched(watcher)
            if event["kind"] in ("appeared", "updated")
            and event["fp"] == fingerprint
            and float(str(event["at"])) > after
        ]

    assert wait_until(lambda: "listening" in north.process.stderr_path.read_text(), 20)
    assert wait_until(lambda: "listening" in south.process.stderr_path.read_text(), 20)
    keys = host_fingerprint(north), host_fingerprint(south)
    assert keys[0] != keys[1]
    assert wait_until(lambda: all(appeared(key) for key in keys), 20), watched(watcher)
    assert {appeared(key)[0]["name"] for key in keys} == {TABLE}

    north.process.kill_hard()  # no goodbye: the table must expire from the lobby
    killed_at = max(float(str(e.get("at", 0))) for e in watched(watcher))
    killed = time.monotonic()

    def vanished() -> bool:
        return any(e["kind"] == "vanished" and e["fp"] == keys[0] for e in watched(watcher))

    assert wait_until(vanished, 30), watched(watcher)
    gone_after = time.monotonic() - killed
    assert not any(e["kind"] == "vanished" and e["fp"] == keys[1] for e in watched(watcher))

    launch(lab, north)  # the same identity (data folder), a new listening socket
    assert wait_until(lambda: appeared(keys[0], killed_at + gone_after), 20), watched(watcher)
    print(f"a killed host left the lobby after {gone_after:.1f} s and came back by its key")


@needs_peer
@needs_lab
def test_an_impostor_that_copies_the_table_and_its_key_fails_the_handshake(
    make_lab: LabFactory, tmp_path: Path
) -> None:
    lab = make_lab(3)
    files = tmp_path / "peers"
    north = seat(files, "North", 0, "heuristic", ["--host", TABLE, "--seats", "2"])
    launch(lab, north)
    strangers = [sys.executable, "-m", "tests.lan.strangers"]
    impostor = lab.spawn(
        1, "impostor", [*strangers, "impostor", lab.hosts[1].address, TABLE, "60"], cwd=REPO
    )
    assert wait_until(lambda: watched(impostor) or impostor.poll() is not None, 40)
    assert impostor.poll() is None, impostor.output()
    joiner = lab.spawn(
        2, "joiner", [*strangers, "join-by-key", lab.hosts[2].address, TABLE], cwd=REPO
    )
    assert joiner.wait(45) == 0, joiner.output()
    attempts = {str(a["address"]): a for a in watched(joiner)}
    fake = attempts[lab.hosts[1].address]
    real = attempts[lab.hosts[0].address]
    assert fake["result"] == "wrong-host", fake
    assert str(fake["reason"]).startswith("wrong host: this is"), fake
    assert real["result"] == "ok", real
    assert north.process.poll() is None, north.process.output()
