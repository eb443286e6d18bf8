"""Two tables with one name in the lab, each host on its own machine: a joiner that names no host
is told the name is ambiguous (it joins neither), and each joiner given a host key reaches that
host's table and plays its game there."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from net.identity import encode_public_key, load_or_create_identity
from tests.lan.conftest import LabFactory, needs_lab
from tests.lan.netlab import wait_until
from tests.lan.test_lan_game import launch, load_result, needs_peer, wait_all
from tests.lan.test_lan_join import TABLE, seat

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(150)]


@needs_peer
@needs_lab
def test_two_tables_with_one_name_each_joiner_reaches_the_host_whose_key_it_gave(
    make_lab: LabFactory, tmp_path: Path
) -> None:
    lab = make_lab(4)
    files = tmp_path / "peers"
    role = ["--host", TABLE, "--seats", "2", "--games", "1"]
    north = seat(files, "North", 0, "heuristic", role)
    south = seat(files, "South", 1, "heuristic", role)
    keys = {
        s.name: load_or_create_identity(s.data_dir / "identity.key").public_key
        for s in (north, south)
    }
    launch(lab, north)
    launch(lab, south)
    for host in (north, south):
        stderr = host.process.stderr_path
        assert wait_until(lambda p=stderr: "announced table" in p.read_text(), 30), host.name

    guesser = seat(files, "Guess", 2, "random", ["--join", TABLE, "--join-timeout", "20"])
    started = time.monotonic()
    launch(lab, guesser)
    code = guesser.process.wait(40)
    seconds = time.monotonic() - started
    assert code not in (0, None), guesser.process.output()
    guessed = json.loads(guesser.result.read_text())
    assert guessed["join_failure"] == "ambiguous", guessed
    assert "two tables have that name" in guessed["error"], guessed

    east = seat(files, "East", 2, "random", ["--join", TABLE, "--host-key", keys["South"].hex()])
    west_key = encode_public_key(keys["North"])
    west = seat(files, "West", 3, "random", ["--join", TABLE, "--host-key", west_key])
    launch(lab, east)
    launch(lab, west)
    wait_all([north, south, east, west], 120)
    tables = {
        s.name: sorted(entry["name"] for entry in load_result(s)["seats"])
        for s in (north, south, east, west)
    }
    assert tables["North"] == tables["West"] == ["North", "West"], tables
    assert tables["South"] == tables["East"] == ["East", "South"], tables
    for s in (north, south, east, west):
        assert load_result(s)["ok"], load_result(s)
    print(f"a join by the shared name ended as ambiguous after {seconds:.1f} s")
