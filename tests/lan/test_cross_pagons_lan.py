"""Cross fool and durak with pagons at a real LAN table: three `durak-peer` processes, each in
its own network namespace on one bridge, bots in every seat, find the table through mDNS and
play a game to its audit (issue "A three-peer table on loopback plays each preset to its audit
with the same log hash at every peer"; the simulated tables of tests/table/ play every preset).

Each test checks that every peer exits 0 and that all result files agree on the table, the
seats, the game's log hash, winner, fool and points, with a clean audit
(`test_family3_lan.same_clean_points_games`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from net.lobby import table_problem
from tests.lan.conftest import LabFactory, needs_lab
from tests.lan.netlab import OutsideWatch
from tests.lan.test_family3_lan import (
    GAME_DEADLINE,
    PLAYERS,
    same_clean_points_games,
    start_family3_table,
)
from tests.lan.test_lan_game import needs_peer, outside, wait_all

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(400)]

__all__ = ["outside"]  # the fixture, used by name


@needs_peer
@needs_lab
@pytest.mark.parametrize("variant", ["cross", "pagons"])
def test_three_bot_peers_play_the_game_to_its_audit(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch, variant: str
) -> None:
    assert table_problem(variant, {}, len(PLAYERS)) is None
    lab = make_lab(len(PLAYERS))
    seats = start_family3_table(lab, tmp_path / "peers", variant)
    wait_all(seats, GAME_DEADLINE)
    (game,) = same_clean_points_games(lab, seats, outside, variant, 1)
    assert game["moves"] > 0 and game["result"]["over"] is True
    assert game["fool"] is None or sum(game["points"]) == 1
