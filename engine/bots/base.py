"""The bot interface."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game


class Bot:
    """Chooses an action for a seat; must read only what `game.observation(seat)` exposes."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> Action:
        """Return one of `game.legal_actions(seat)` (which must not be empty)."""
        raise NotImplementedError
