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
    act, `rng` picks one (`rng.choice`; for a plain `random.Random` its draw, inlined)."""
    plain = type(rng) is random.Random  # (a subclass may choose in its own way)
    actions = 0
    while not game.over:
        to_act = game.to_act
        count = len(to_act)
        if count == 1:
            seat = to_act[0]
        elif plain:  # what Random.choice draws: getrandbits until below the count
            bits = count.bit_length()
            draw = rng.getrandbits(bits)
            while draw >= count:
                draw = rng.getrandbits(bits)
            seat = to_act[draw]
        else:
            seat = rng.choice(to_act)
        game.apply(bots[seat].choose(game, seat))
        actions += 1
        if actions > cap:
            break
    return actions
