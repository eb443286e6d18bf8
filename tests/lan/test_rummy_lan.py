"""Joker rummy at a real LAN table: three `durak-peer` processes, each in its own network
namespace on one bridge, heuristic bots in every seat, find the table through mDNS and play a
hand of joker-rummy to its audit; every peer agrees on the log hash, the winner and the points.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from net.lobby import table_problem
from tests.lan.conftest import LabFactory, needs_lab
from tests.lan.netlab import NetLab, OutsideWatch
from tests.lan.test_family3_lan import PLAYERS, TABLE, same_clean_points_games
from tests.lan.test_lan_game import Seat, launch, needs_peer, outside, peer_argv, wait_all

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(300)]

__all__ = ["outside"]  # the fixture, used by name

GAME_DEADLINE = 120.0
"""How long the test waits for all peers to finish the hand."""

_UNDEALT = table_problem("joker-rummy", {}, len(PLAYERS))
needs_rummy_table = pytest.mark.skipif(
    _UNDEALT is not None, reason=f"the LAN table does not deal joker rummy: {_UNDEALT}"
)


def start_rummy_table(lab: NetLab, files: Path) -> list[Seat]:
    """The host North on h0 (one hand of joker-rummy), then East and South joining by name from
    h1 and h2; every seat is a heuristic bot (a hand of about 60 moves, not random's 400)."""
    seats = []
    for index, name in enumerate(PLAYERS):
        if index == 0:
            role = ["--host", TABLE, "--variant", "joker-rummy", "--seats", str(len(PLAYERS))]
            role += ["--games", "1"]
        else:
            role = ["--join", TABLE]
        data_dir = files / name
        data_dir.mkdir(parents=True)
        result = files / f"{name}.json"
        argv = peer_argv(name, "heuristic", role, data_dir, result)
        seat = Seat(name, index, argv, data_dir, result)
        launch(lab, seat)
        seats.append(seat)
    return seats


@needs_peer
@needs_lab
@needs_rummy_table
def test_three_bot_peers_play_a_joker_rummy_hand_to_its_audit(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(len(PLAYERS))
    seats = start_rummy_table(lab, tmp_path / "peers")
    wait_all(seats, GAME_DEADLINE)
    (game,) = same_clean_points_games(lab, seats, outside, "joker-rummy", 1)
    assert game["moves"] > 0
    assert game["winner"] is None or game["points"][game["winner"]] < 0
