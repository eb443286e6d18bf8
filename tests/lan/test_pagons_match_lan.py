"""Durak with pagons at a real LAN table over three deals: three `durak-peer` processes in their
own network namespaces play a match of three games, and each deal is hung at the levels
`PagonsMatch` climbs to from the one before (the host's next config carries them, every peer's
result shows them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.pagons.match import PagonsMatch
from engine.pagons.rules import get_pagons_rules
from tests.lan.conftest import LabFactory, needs_lab
from tests.lan.netlab import OutsideWatch
from tests.lan.test_family3_lan import (
    GAME_DEADLINE,
    PLAYERS,
    same_clean_points_games,
    start_family3_table,
)
from tests.lan.test_lan_game import needs_peer, outside, wait_all

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(600)]

__all__ = ["outside"]  # the fixture, used by name


@needs_peer
@needs_lab
def test_each_deal_is_hung_at_the_levels_the_last_climbed_to(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    """A match of three deals begun at the host's `steps` 1,0,2 (7, 6, 8): each next deal's
    levels are the last one's, one step higher for the seat that hung its pagons."""
    lab = make_lab(len(PLAYERS))
    seats = start_family3_table(lab, tmp_path / "peers", "pagons", 3, ("steps=1,0,2",))
    wait_all(seats, 3 * GAME_DEADLINE)
    games = same_clean_points_games(lab, seats, outside, "pagons", 3)
    match = PagonsMatch.at_deal(get_pagons_rules("pagons", steps="1,0,2"), len(PLAYERS))
    for number, game in enumerate(games):
        assert game["result"]["levels"] == list(match.levels()), (number, game["result"])
        hanger = game["result"]["hanger"]
        if hanger is not None:  # each plays for himself at three seats: the hanger climbs
            match.steps[hanger] += 1
