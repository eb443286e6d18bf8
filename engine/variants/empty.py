"""Empty: draw from the talon only when your hand is empty (docs/rules.md, `empty`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Empty(Twist):
    """Drawing with an empty hand only."""

    __slots__ = ()

    def draw_need(self, game: Game, seat: int, size: int) -> int | None:
        """A full hand's worth with an empty hand, nothing otherwise."""
        return 0 if game.hands[seat] else size
