"""Chinese: the 9 of diamonds leads (engine.first_lead), beating it ends the bout, and a taker
keeps only the first card (docs/rules.md, `chinese`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.first_lead import NINE_OF_DIAMONDS
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Chinese(Twist):
    """The nine of diamonds and the taker's one card."""

    __slots__ = ()

    def after_beat(self, game: Game, seat: int, target: object) -> bool:
        """'If the player beats back 9 diamonds, then the cards immediately fall into the discard'."""
        return target is NINE_OF_DIAMONDS

    def before_take(self, game: Game, taker: int, slots: list[int]) -> list[int]:
        """'he takes only the first card that he beat off': the rest is discarded."""
        if taker == game.defender and len(slots) > 1:
            game.discard += slots[1:]
            return slots[:1]
        return slots
