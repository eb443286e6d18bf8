"""Fifty seeded simulated games with loss, reordering, delay, duplication, a crash and resume at a
random moment, some with one random hostile seat: every honest peer ends with the same result
and no honest seat is named (issue 12, tests). bench/soak.py plays many more."""

from __future__ import annotations

import pytest

from tests.hostile.soak import play

GAMES = 50


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1000, 1000 + GAMES))
def test_a_seeded_game_ends_the_same_for_every_honest_seat(seed: int) -> None:
    report = play(seed, full=False)
    assert not report["problems"], report
