"""Circular: after every bout each player passes his hand to the player on his left
(docs/rules.md, `circular`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import HANDS_PASSED, Event
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Circular(Twist):
    """Hands move one seat left."""

    __slots__ = ()

    def after_bout(self, game: Game) -> None:
        """Every player still in the game passes his hand to the next one on his left."""
        seats = [s for s in range(game.players) if game.in_game >> s & 1]
        if len(seats) < 2:
            return
        old = {s: game.hands[s] for s in seats}
        for index, seat in enumerate(seats):
            receiver = seats[(index + 1) % len(seats)]
            game.hands[receiver] = old[seat]
            for slot in old[seat]:
                game.known[slot] |= 1 << receiver
        game._events.append(Event(HANDS_PASSED, -1))
