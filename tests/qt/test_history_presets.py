"""Smoke test: a finished seeded game of each of the 48 presets opens in the replay viewer, with
the live table's view of its game, and steps to the end, every hand face up and one seat's view.

One preset of each game kind runs in the suite; the other presets are a soak (`scripts/test
--slow`): all 48 take about 95 s here, too long for CI."""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.games.family3.client import family3_variants
from durak_qt.history.viewer import ReplayInfo, ReplayViewer
from durak_qt.variants import available_variants
from tests.history.games import KIND_PRESETS
from tests.qt.test_history_viewer import seeded_replay

SOAK = pytest.mark.soak

PRESETS = sorted(
    {(variant, low) for variant, low, _high, _text in available_variants() + family3_variants()}
)

SMOKED = [
    pytest.param(variant, players, id=variant, marks=() if variant in KIND_PRESETS else SOAK)
    for variant, players in PRESETS
]
"""Every preset; those not standing for their game kind (`KIND_PRESETS`) marked `soak`."""


def test_every_preset_is_listed_and_each_kind_runs_in_the_suite() -> None:
    assert len(PRESETS) == 48
    in_suite = [param.values[0] for param in SMOKED if not param.marks]
    assert sorted(in_suite) == sorted(KIND_PRESETS)


@pytest.mark.parametrize(("variant", "players"), SMOKED)
def test_a_finished_game_steps_to_its_end(qtbot: Any, variant: str, players: int) -> None:
    replay = seeded_replay(variant, players=players, seed=3)
    names = [f"Seat {seat + 1}" for seat in range(len(replay.state(0).hands))]
    viewer = ReplayViewer()
    qtbot.addWidget(viewer)
    viewer.resize(1366, 768)
    viewer.apply_settings("suit", "back-blue", 1.0, 0)
    viewer.load(replay, ReplayInfo(variant, names, True, "Verified"))
    last = len(replay.steps)
    assert viewer.log.count() == last + 1
    for position in range(1, last + 1):
        viewer.step(1)
        assert viewer.position == position
        if position == last // 2:
            viewer.set_view(1)  # the second half as seat 2 saw it
    final = viewer.table.scene.observation
    assert final.over and final.seat == 1 and final.legal == ()
    viewer.set_view(-1)
    assert viewer.table.scene.observation.over
