"""Secret: a hidden card under the trump card becomes the trump once the talon is gone
(docs/rules.md, `secret`; option `secret_trump`).

State: `SecretState.slot` (the secret card's position, None before the deal sets it aside).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import TRUMP_CHANGED, Event
from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.game import Game


class SecretState(TwistState):
    """The secret card's position (None: not set aside yet, or no talon to take it from)."""

    __slots__ = ("slot",)

    def __init__(self, slot: int | None) -> None:
        self.slot = slot

    def copy(self) -> SecretState:
        """An independent copy."""
        return SecretState(self.slot)


def secret_slot(game: Game) -> int | None:
    """The secret card's position (None: none set aside, or no secret card in this game)."""
    state = state_of(game, SecretState)
    return None if state is None else state.slot


class Secret(Twist):
    """The secret card opens as the last trump."""

    __slots__ = ()

    def new_state(self, players: int) -> SecretState:
        """Nothing set aside before the deal."""
        return SecretState(None)

    def set_aside(self, game: Game) -> None:
        """At the deal: the last talon card lies under the trump card, never drawn (once)."""
        if secret_slot(game) is None:
            set_aside(game)

    def out_of_play(self, game: Game) -> Sequence[int]:
        """The secret card, out of play under the trump card (opened, not drawn)."""
        slot = secret_slot(game)
        return () if slot is None else (slot,)

    def after_talon_empty(self, game: Game) -> None:
        """Open the secret card to all: its suit is trump from now on."""
        slot = secret_slot(game)
        if slot is None or game.known[slot] == game.everyone:
            return
        game.known[slot] = game.everyone
        game.trump_slot = slot
        face = game.faces[slot]
        game.trump_suit = None if face is None else face.suit
        game.set_beaters()
        game._events.append(Event(TRUMP_CHANGED, -1, (), -1, 0, (slot,)))


def set_aside(game: Game) -> None:
    """The last talon card lies under the trump card, never drawn (none: no talon)."""
    state = state_of(game, SecretState)
    if game.talon and state is not None:
        state.slot = game.talon.pop()
