"""Secret: a hidden card under the trump card becomes the trump once the talon is gone
(docs/rules.md, `secret`; option `secret_trump`).

State in `Game`: `secret_slot`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import TRUMP_CHANGED, Event
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Secret(Twist):
    """The secret card opens as the last trump."""

    __slots__ = ()

    def set_aside(self, game: Game) -> None:
        """At the deal: the last talon card lies under the trump card, never drawn (once)."""
        if game.secret_slot is None:
            set_aside(game)

    def after_talon_empty(self, game: Game) -> None:
        """Open the secret card to all: its suit is trump from now on."""
        slot = game.secret_slot
        if slot is None or game.known[slot] == game._all:
            return
        game.known[slot] = game._all
        game.trump_slot = slot
        face = game.faces[slot]
        game.trump_suit = None if face is None else face.suit
        game.set_beaters()
        game._events.append(Event(TRUMP_CHANGED, -1, (), -1, 0, (slot,)))


def set_aside(game: Game) -> None:
    """The last talon card lies under the trump card, never drawn (none: no talon)."""
    if game.talon:
        game.secret_slot = game.talon.pop()
        game.removed.append(game.secret_slot)
