"""Chukotka: after the deal the talon with the trump card leaves the game (docs/rules.md).

State in `Game`: `removed` (positions out of play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Chukotka(Twist):
    """The talon leaves the game after the deal."""

    __slots__ = ()

    def after_deal(self, game: Game) -> None:
        """Set the talon aside, out of play."""
        if game.talon:
            game.removed.extend(game.talon)
            game.talon = []
