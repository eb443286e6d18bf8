"""Road and round (complete) fool at a real LAN table: three `durak-peer` processes, each in its own network
namespace on one bridge, bots in every seat, find the table through mDNS and play a match of the
game to its audit (the model: tests/lan/test_family3_lan.py).

Each test checks that every peer exits 0, that all result files agree on each game's log hash,
winner, fool and points with a clean audit, and that the next game's leader is the one the
game's match names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lan.conftest import LabFactory, needs_lab
from tests.lan.netlab import OutsideWatch
from tests.lan.test_family3_lan import GAME_DEADLINE, same_clean_points_games, start_family3_table
from tests.lan.test_lan_game import needs_peer, outside, wait_all

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(400)]

__all__ = ["outside"]  # the fixture, used by name


@needs_peer
@needs_lab
def test_three_bot_peers_play_two_road_games_and_the_first_out_leads_the_second(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(3)
    seats = start_family3_table(lab, tmp_path / "peers", "road", games=2)
    wait_all(seats, GAME_DEADLINE)
    first, second = same_clean_points_games(lab, seats, outside, "road", 2)
    assert first["first"] is None  # no previous game: the seats are asked for the lowest trump
    assert first["fool"] is not None and sum(first["points"]) == 1
    # "or the one who won the previous game goes first" (RoadMatch: the first seat out)
    assert second["first"] == first["winner"] is not None, (first, second)


@needs_peer
@needs_lab
def test_three_bot_peers_play_two_round_games_and_the_one_out_draws_first_next(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(3)
    seats = start_family3_table(lab, tmp_path / "peers", "round", games=2)
    wait_all(seats, GAME_DEADLINE)
    first, second = same_clean_points_games(lab, seats, outside, "round", 2)
    assert first["first"] is None  # the first drawer of the first game: the deal's lot
    # RoundMatch: the seat that went out draws first in the next game
    expected = first["winner"]
    if expected is not None:
        assert second["first"] == expected, (first, second)
    else:  # nobody alone went out: the same seat draws first again
        assert second["first"] is not None, (first, second)
