"""A draw by repetition (boring, circular): a bout that starts in the same public position
`repetition_draw` times ends the game without a fool (docs/rules.md, `boring`).

State: `RepetitionState.seen` (how often each public position started a bout).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import GAME_OVER, REPEATED, Event
from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from engine.game import Game


class RepetitionState(TwistState):
    """How often each public position (its hash) started a bout."""

    __slots__ = ("seen",)

    def __init__(self, seen: dict[str, int]) -> None:
        self.seen = seen

    def copy(self) -> RepetitionState:
        """An independent copy."""
        return RepetitionState(self.seen.copy())


class Repetition(Twist):
    """Counting the positions bouts start in."""

    __slots__ = ("times",)

    def __init__(self, times: int) -> None:
        self.times = times

    def new_state(self, players: int) -> RepetitionState:
        """No position seen yet."""
        return RepetitionState({})

    def bout_starting(self, game: Game, lead: int) -> bool:
        """The same public position for the `times`-th time: a draw."""
        state = state_of(game, RepetitionState)
        assert state is not None
        key = game.public_hash()
        state.seen[key] = seen = state.seen.get(key, 0) + 1
        if seen < self.times:
            return False
        game.over = True
        game.fool = None
        game._events.append(Event(REPEATED, lead, (), -1, seen))
        game._events.append(Event(GAME_OVER, -1))
        return True
