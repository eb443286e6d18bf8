"""Trumpless: "the game is played without trump cards" – nothing is turned up at the deal and
a laid-out position may not name a trump (docs/rules.md, `trumpless`; option `trumpless`).

Its first lead, the lowest card, is the rules' `first_lead_fallback` (`engine.first_lead`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.game import Game
    from engine.rules import Rules


class Trumpless(Twist):
    """No trump suit and no trump card."""

    __slots__ = ()

    def check_layout(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        talon: Sequence[Card],
        trump: str | None,
    ) -> None:
        """A laid-out trumpless game names no trump suit."""
        if trump is not None:
            raise EngineError(f"{rules.id}: the game is played without trumps, not with {trump}")

    def set_trump(self, game: Game, trump: str | None) -> bool:
        """No suit is trump and no card is turned up (the last talon card is an ordinary one)."""
        game.trump_suit = None
        return True

    def trump_set(self, game: Game) -> None:
        """Whatever card is seen, no suit is trump."""
        game.trump_suit = None
