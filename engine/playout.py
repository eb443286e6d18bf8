"""The loop of `engine.simulate.play_game` for a Durak `Game`, compiled with the engine's build."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.bots.base import Bot
    from engine.game import Game


def play_out(game: Game, bots: Sequence[Bot], rng: random.Random, cap: int) -> int:
    """Let bot i play seat i until the game is over or `cap` actions are exceeded; return the
    number of actions applied (more than `cap`: the game did not end). When several seats may
    act, `rng` picks one."""
    actions = 0
    while not game.over:
        to_act = game.to_act
        seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
        game.apply(bots[seat].choose(game, seat))
        actions += 1
        if actions > cap:
            break
    return actions
