"""Reverse fool's deal: everybody sees your cards but you (docs/rules.md, `reverse`).

Its blind plays (cards named by position) and wrong plays are bout mechanics in `Game`
(`_apply_blind`, `_is_wrong`, `_reverse_*`); drawn cards are seen by everyone else
(`Game._draw_in_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Reverse(Twist):
    """Hands seen by the others, not by their owner."""

    __slots__ = ()

    def after_deal(self, game: Game) -> None:
        """Every dealt card is seen by all but its holder (a dealt trump card stays shown)."""
        everyone = game._all
        for seat, hand in enumerate(game.hands):
            for slot in hand:
                if slot != game.trump_slot:
                    game.known[slot] = everyone & ~(1 << seat)
