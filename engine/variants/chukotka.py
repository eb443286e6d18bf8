"""Chukotka: after the deal the talon with the trump card leaves the game (docs/rules.md).

State: `ChukotkaState.removed` (the talon's positions, out of play once the cards are dealt).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.game import Game


class ChukotkaState(TwistState):
    """The positions set aside with the talon after the deal (none before it)."""

    __slots__ = ("removed",)

    def __init__(self, removed: list[int]) -> None:
        self.removed = removed

    def copy(self) -> ChukotkaState:
        """An independent copy."""
        return ChukotkaState(self.removed[:])


class Chukotka(Twist):
    """The talon leaves the game after the deal."""

    __slots__ = ()

    def new_state(self, players: int) -> ChukotkaState:
        """Nothing set aside before the deal."""
        return ChukotkaState([])

    def after_deal(self, game: Game) -> None:
        """Set the talon aside, out of play."""
        state = state_of(game, ChukotkaState)
        assert state is not None
        if game.talon:
            state.removed.extend(game.talon)
            game.talon = []

    def out_of_play(self, game: Game) -> Sequence[int]:
        """The talon set aside after the deal."""
        state = state_of(game, ChukotkaState)
        return () if state is None else state.removed
