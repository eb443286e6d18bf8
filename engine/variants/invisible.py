"""Invisible: the trump suit is known but the trump card stays hidden until one talon card is
left (docs/rules.md, `invisible`; option `hidden_trump_card`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import TRUMP_OPENED, Event
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Invisible(Twist):
    """The hidden trump card opens late."""

    __slots__ = ()

    def trump_card_turned_up(self, game: Game, trump: str | None) -> None:
        """At the deal the trump card goes face down again (`hide_trump_card`)."""
        hide_trump_card(game, trump)

    def after_card_drawn(self, game: Game) -> None:
        """Open the trump card to all once one card (or none) is left in the talon."""
        slot = game.trump_slot
        if len(game.talon) <= 1 and slot is not None and game.known[slot] != game.everyone:
            game.known[slot] = game.everyone
            game._events.append(Event(TRUMP_OPENED, -1, (), -1, 0, (slot,)))


def hide_trump_card(game: Game, trump: str | None) -> None:
    """At the deal: the turned-up trump card goes face down unless it is the last talon card; a
    peer takes the trump suit from the table (`trump`), as its face is unknown to it."""
    if len(game.talon) > 1:
        game.known[game.talon[-1]] = 0
        if trump is not None:
            game.trump_suit = trump
