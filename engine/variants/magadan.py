"""Magadan: all but one dealt card locked face down; the defender unlocks one per beaten-off
bout; everything unlocks when the talon runs out (docs/rules.md, `magadan`).

State: `MagadanState.locked[seat]` (positions locked face down, seen by nobody); drawing counts
them towards the hand size (`Magadan.draw_need`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import UNLOCKED, Event
from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.game import Game


class MagadanState(TwistState):
    """Every seat's locked positions."""

    __slots__ = ("locked",)

    def __init__(self, locked: list[list[int]]) -> None:
        self.locked = locked

    def copy(self) -> MagadanState:
        """An independent copy."""
        return MagadanState([x[:] for x in self.locked])


def locked(game: Game) -> list[list[int]]:
    """Every seat's locked positions (none locked when magadan is not played)."""
    state = state_of(game, MagadanState)
    return [[] for _ in range(game.players)] if state is None else state.locked


class Magadan(Twist):
    """Locked cards and their unlocking."""

    __slots__ = ()

    def new_state(self, players: int) -> MagadanState:
        """Nothing locked before the deal."""
        return MagadanState([[] for _ in range(players)])

    def after_deal(self, game: Game) -> None:
        """Lock all but the last dealt card of every hand; unlock all at once if no talon."""
        held = locked(game)
        for seat, hand in enumerate(game.hands):
            held[seat] = hand[:-1]
            del hand[:-1]
            for slot in held[seat]:
                game.known[slot] = 0
        if not game.talon:
            unlock_all(game)

    def draw_need(self, game: Game, seat: int, size: int) -> int | None:
        """Up to the hand size, counting the seat's locked cards."""
        return size - len(game.hands[seat]) - len(locked(game)[seat])

    def after_discard(self, game: Game, defender: int) -> None:
        """A: 'With each rebound, 1 card is revealed': the defender who beat it off opens one."""
        held = locked(game)[defender]
        if held:
            unlock(game, defender, held[:1])

    def after_talon_empty(self, game: Game) -> None:
        """'When the deck of cards runs out, all unavailable cards are revealed'."""
        unlock_all(game)


def unlock_all(game: Game) -> None:
    """Every seat's locked cards join its hand."""
    held = locked(game)
    for seat in range(game.players):
        if held[seat]:
            unlock(game, seat, list(held[seat]))


def unlock(game: Game, seat: int, slots: list[int]) -> None:
    """These locked positions of `seat` join its hand, seen by it."""
    held = locked(game)[seat]
    for slot in slots:
        held.remove(slot)
        game.known[slot] |= 1 << seat
    game.hands[seat].extend(slots)
    game._events.append(Event(UNLOCKED, seat, (), -1, len(slots)))


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Magadan's part of the state text: every seat's locked cards (`face` writes one)."""
    return ["locked=" + "|".join(",".join(face(s) for s in x) for x in locked(game))]
