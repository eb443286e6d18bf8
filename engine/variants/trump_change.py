"""Trump-change: with two talon cards left the top one is swapped with the trump card and shows
the new trump (docs/rules.md, `trump-change`).

State in `Game`: `trump_changed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import TRUMP_CHANGED, Event
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.game import Game


class TrumpChange(Twist):
    """The one swap of the trump card."""

    __slots__ = ()

    def after_deal(self, game: Game) -> None:
        """A deal that leaves exactly two talon cards swaps at once."""
        maybe_change_trump(game)

    def after_card_drawn(self, game: Game) -> None:
        """Swap as soon as two cards are left."""
        maybe_change_trump(game)


def maybe_change_trump(game: Game) -> None:
    """At exactly two talon cards the top one is swapped with the trump card (once)."""
    talon = game.talon
    if game.trump_changed or len(talon) != 2 or talon[-1] != game.trump_slot:
        return
    game.trump_changed = True
    old, new = talon[1], talon[0]
    game.talon = [old, new]
    game.trump_slot = new
    game.known[new] = game._all
    face = game.faces[new]
    game.trump_suit = None if face is None else face.suit
    game.set_beaters()
    game._events.append(Event(TRUMP_CHANGED, -1, (), -1, 0, (new,)))


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Trump-change's part of the state text: whether the trump has changed."""
    return [f"changed={game.trump_changed}"]
