"""A bot that plays a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots.base import Bot
from engine.game import Game, draw_below


class RandomBot(Bot):
    """Uniform over the seat's legal actions (which only use its own cards)."""

    name = "random"

    def choose(self, game: Any, seat: int) -> Any:
        """A random legal action (the same draw as `rng.choice`, without its call overhead).

        Any game with `legal_tuple` will do (family 3's give other sequences); a Durak `Game`
        is asked directly (compiled with the engine's build: a native call)."""
        legal: Sequence[Any]
        if isinstance(game, Game):
            legal = game.legal_tuple(seat)
        else:
            legal = game.legal_tuple(seat)
        count = len(legal)
        if not count:
            raise IndexError(f"seat {seat} has no legal action")
        return legal[draw_below(self.rng.getrandbits, count)]
