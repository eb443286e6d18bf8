"""Crazy: every second beaten-off bout is shuffled back into the talon while it lasts
(docs/rules.md, `crazy`).

State: `CrazyState.discarded_bouts`; the shuffle itself is `engine.variants.reshuffle` (poker
uses it too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.variants.reshuffle import ReshuffleState, reshuffle
from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.game import Game


class CrazyState(TwistState):
    """How many bouts were beaten off."""

    __slots__ = ("discarded_bouts",)

    def __init__(self, discarded_bouts: int) -> None:
        self.discarded_bouts = discarded_bouts

    def copy(self) -> CrazyState:
        """An independent copy."""
        return CrazyState(self.discarded_bouts)


def discarded_bouts(game: Game) -> int:
    """The bouts beaten off so far (counted by crazy only: 0 in other games)."""
    state = state_of(game, CrazyState)
    return 0 if state is None else state.discarded_bouts


class Crazy(Twist):
    """Recycling discarded bouts."""

    __slots__ = ()
    shared_state = ReshuffleState  # (a replay's re-dealt faces)

    def new_state(self, players: int) -> CrazyState:
        """No bout beaten off yet."""
        return CrazyState(0)

    def discard(self, game: Game, slots: list[int]) -> bool:
        """Every second discarded bout goes under the talon's cards, reshuffled (trump stays)."""
        state = state_of(game, CrazyState)
        assert state is not None
        state.discarded_bouts += 1
        if state.discarded_bouts % 2 or not game.talon:
            return False
        trump_at_bottom = game.talon[-1] == game.trump_slot
        bottom = [game.talon.pop()] if trump_at_bottom else []
        reshuffle(game, game.talon + slots, bottom)
        return True


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Crazy's part of the state text: the bouts beaten off so far."""
    return [f"bouts={discarded_bouts(game)}"]
