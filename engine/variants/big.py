"""Big fool: two 52-card decks; holding `lose_at` cards or more after taking loses at once
(docs/rules.md, `big`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import GAME_OVER, LOST_AT_ONCE, Event
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Big(Twist):
    """Losing at once with too many cards."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def after_take(self, game: Game, taker: int) -> bool:
        """'A player who has 52 cards or more loses immediately.'"""
        held = len(game.hands[taker])
        if held < self.limit:
            return False
        game.over = True
        game.fool = taker
        game._events.append(Event(LOST_AT_ONCE, taker, (), -1, held))
        game._events.append(Event(GAME_OVER, taker))
        return True
