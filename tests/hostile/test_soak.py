"""Fifty seeded simulated games with loss, reordering, delay, duplication, a crash and resume at a
random moment, some with one random hostile seat: every honest peer ends with the same result
and no honest seat is named (issue 12, tests). bench/soak.py plays many more."""

from __future__ import annotations

import pytest

from tests.hostile.soak import play

GAMES = 50
IN_EVERY_RUN = 10
"""The first games run with the suite; the other 40 are the soak (scripts/test --slow)."""


def soak_seeds() -> list[object]:
    """Every game's seed, those past the first IN_EVERY_RUN marked `soak`."""
    seeds = range(1000, 1000 + GAMES)
    return [
        seed if index < IN_EVERY_RUN else pytest.param(seed, marks=pytest.mark.soak)
        for index, seed in enumerate(seeds)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("seed", soak_seeds())
def test_a_seeded_game_ends_the_same_for_every_honest_seat(seed: int) -> None:
    report = play(seed, full=False)
    assert not report["problems"], report
