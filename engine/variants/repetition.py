"""A draw by repetition (boring, circular): a bout that starts in the same public position
`repetition_draw` times ends the game without a fool (docs/rules.md, `boring`).

State in `Game`: `repeats` (how often each public position started a bout).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import GAME_OVER, REPEATED, Event
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Repetition(Twist):
    """Counting the positions bouts start in."""

    __slots__ = ("times",)

    def __init__(self, times: int) -> None:
        self.times = times

    def bout_starting(self, game: Game, lead: int) -> bool:
        """The same public position for the `times`-th time: a draw."""
        key = game.public_hash()
        game.repeats[key] = seen = game.repeats.get(key, 0) + 1
        if seen < self.times:
            return False
        game.over = True
        game.fool = None
        game._events.append(Event(REPEATED, lead, (), -1, seen))
        game._events.append(Event(GAME_OVER, -1))
        return True
