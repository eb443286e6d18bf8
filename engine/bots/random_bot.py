"""A bot that plays a uniformly random legal action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bots.base import Bot

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game


class RandomBot(Bot):
    """Uniform over the seat's legal actions (which only use its own cards)."""

    name = "random"

    def choose(self, game: Game, seat: int) -> Action:
        """A random legal action (the same draw as `rng.choice`, without its call overhead)."""
        legal = game.legal_tuple(seat)
        count = len(legal)
        if not count:
            raise IndexError(f"seat {seat} has no legal action")
        bits = count.bit_length()
        draw = self.rng.getrandbits(bits)
        while draw >= count:
            draw = self.rng.getrandbits(bits)
        return legal[draw]
