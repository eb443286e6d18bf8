"""Pogony: the lead attacker scores a shoulder strap when the defender takes exactly two cards
of one rank (docs/rules.md, `pogony`).

State: `PogonyState.straps[seat]` (the ranks of the straps scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import STRAP, Event
from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.game import Game


class PogonyState(TwistState):
    """The ranks of every seat's straps."""

    __slots__ = ("straps",)

    def __init__(self, straps: list[list[int]]) -> None:
        self.straps = straps

    def copy(self) -> PogonyState:
        """An independent copy."""
        return PogonyState([x[:] for x in self.straps])


def straps(game: Game) -> list[list[int]]:
    """The ranks of every seat's straps (none when pogony is not played)."""
    state = state_of(game, PogonyState)
    return [[] for _ in range(game.players)] if state is None else state.straps


class Pogony(Twist):
    """Shoulder straps."""

    __slots__ = ()
    keeps_score = True

    def new_state(self, players: int) -> PogonyState:
        """No straps yet."""
        return PogonyState([[] for _ in range(players)])

    def scores(self, game: Game) -> list[int]:
        """The shoulder straps each seat scored."""
        return strap_counts(game)

    def winners(self, game: Game) -> list[int]:
        """The seats with the most straps (ties: the highest strap)."""
        return most_straps(game)

    def before_take(self, game: Game, taker: int, slots: list[int]) -> list[int]:
        """Two cards of one rank taken by the defender: a strap for the lead attacker."""
        if taker == game.defender and len(slots) == 2:
            first, second = (game.faces[s] for s in slots)
            if first is not None and second is not None and first.rank == second.rank:
                straps(game)[game.lead].append(first.rank)
                game._events.append(Event(STRAP, game.lead, (first, second), taker, first.rank))
        return slots

    def observe(self, game: Game, mask: int, fields: dict[str, Any]) -> None:
        """Everyone sees the straps scored."""
        fields["scores"] = tuple(strap_counts(game))


def strap_counts(game: Game) -> list[int]:
    """The shoulder straps each seat scored."""
    return [len(scored) for scored in straps(game)]


def most_straps(game: Game) -> list[int]:
    """The seats with the most straps (ties: the highest strap)."""

    scored = straps(game)

    def key(seat: int) -> tuple[int, int]:
        return (len(scored[seat]), max(scored[seat], default=0))

    best = max(key(s) for s in range(game.players))
    return [s for s in range(game.players) if key(s) == best]


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Pogony's part of the state text: the straps each seat scored."""
    return [f"straps={straps(game)}"]
