"""Crazy: every second beaten-off bout is shuffled back into the talon while it lasts
(docs/rules.md, `crazy`).

State in `Game`: `discarded_bouts`; the shuffle itself is `engine.variants.reshuffle` (poker
uses it too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.variants.reshuffle import reshuffle
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.game import Game


class Crazy(Twist):
    """Recycling discarded bouts."""

    __slots__ = ()

    def discard(self, game: Game, slots: list[int]) -> bool:
        """Every second discarded bout goes under the talon's cards, reshuffled (trump stays)."""
        game.discarded_bouts += 1
        if game.discarded_bouts % 2 or not game.talon:
            return False
        trump_at_bottom = game.talon[-1] == game.trump_slot
        bottom = [game.talon.pop()] if trump_at_bottom else []
        reshuffle(game, game.talon + slots, bottom)
        return True


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Crazy's part of the state text: the bouts beaten off so far."""
    return [f"bouts={game.discarded_bouts}"]
