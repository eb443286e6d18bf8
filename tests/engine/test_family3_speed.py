"""Family-3 speed, a generous bound: per action, no preset's random game is more than 6 times
slower than throw-in's (the issue asks for 3; bench/family3.py has the real figures, about 1 to
1.5 on a quiet machine). The bound is loose so a loaded machine cannot fail it: each side is the
fastest of three alternating runs, timed in CPU time of this process. The bound is for the pure
Python engines: with the compiled Durak engine (`python -m engine.accelerate build`) throw-in
runs compiled and family 3 does not, so the test is skipped there (CI runs pure)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from engine import accelerate_guard
from engine.bots.random_bot import RandomBot
from engine.games import family3_ids, kind_of
from engine.rules import get_rules
from engine.simulate import play_game

BOUND = 6.0
ACTIONS = 1_500  # per run: whole games until at least this many actions
KNOWN_SLOW: dict[str, str] = {}  # preset -> why it is expected to fail (none now)


def seconds_per_action(variant: str, seed: int) -> float:
    """CPU seconds per action of two-player random games, over at least ACTIONS actions."""
    kind = kind_of(variant)
    rules: Any = kind.get_rules(variant) if kind is not None else get_rules(variant)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    deals = random.Random(seed)
    actions = 0
    start = time.process_time()
    while actions < ACTIONS:
        _, count = play_game(rules, bots, random.Random(deals.getrandbits(64)))
        actions += count
    return (time.process_time() - start) / actions


@pytest.mark.skipif(
    "engine.game" in accelerate_guard.compiled_modules(),
    reason="compiled, throw-in gains far more than family 3 (non-native classes): "
    "the bound is for the pure engines",
)
@pytest.mark.parametrize(
    "variant",
    [
        pytest.param(v, marks=pytest.mark.xfail(reason=KNOWN_SLOW[v], strict=False))
        if v in KNOWN_SLOW
        else v
        for v in family3_ids()
    ],
)
def test_random_play_per_action_is_within_six_times_throw_in(variant: str) -> None:
    mine, reference = [], []
    for run in range(3):
        reference.append(seconds_per_action("throw-in", run))
        mine.append(seconds_per_action(variant, run))
    ratio = min(mine) / min(reference)
    assert ratio <= BOUND, f"{variant}: {ratio:.1f} times throw-in per action"
