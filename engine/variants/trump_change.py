"""Trump-change: with two talon cards left the top one is swapped with the trump card and shows
the new trump (docs/rules.md, `trump-change`).

State: `TrumpChangeState.changed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import TRUMP_CHANGED, Event
from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.game import Game


class TrumpChangeState(TwistState):
    """Whether the trump card was swapped."""

    __slots__ = ("changed",)

    def __init__(self, changed: bool) -> None:
        self.changed = changed

    def copy(self) -> TrumpChangeState:
        """An independent copy."""
        return TrumpChangeState(self.changed)


def trump_changed(game: Game) -> bool:
    """The trump card was swapped (never, in a game without trump-change)."""
    state = state_of(game, TrumpChangeState)
    return state is not None and state.changed


class TrumpChange(Twist):
    """The one swap of the trump card."""

    __slots__ = ()

    def new_state(self, players: int) -> TrumpChangeState:
        """Not swapped yet."""
        return TrumpChangeState(False)

    def after_deal(self, game: Game) -> None:
        """A deal that leaves exactly two talon cards swaps at once."""
        maybe_change_trump(game)

    def after_card_drawn(self, game: Game) -> None:
        """Swap as soon as two cards are left."""
        maybe_change_trump(game)


def maybe_change_trump(game: Game) -> None:
    """At exactly two talon cards the top one is swapped with the trump card (once)."""
    talon = game.talon
    state = state_of(game, TrumpChangeState)
    if state is None or state.changed or len(talon) != 2 or talon[-1] != game.trump_slot:
        return
    state.changed = True
    old, new = talon[1], talon[0]
    game.talon = [old, new]
    game.trump_slot = new
    game.known[new] = game.everyone
    face = game.faces[new]
    game.trump_suit = None if face is None else face.suit
    game.set_beaters()
    game._events.append(Event(TRUMP_CHANGED, -1, (), -1, 0, (new,)))


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Trump-change's part of the state text: whether the trump has changed."""
    return [f"changed={trump_changed(game)}"]
