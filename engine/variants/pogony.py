"""Pogony: the lead attacker scores a shoulder strap when the defender takes exactly two cards
of one rank (docs/rules.md, `pogony`).

State in `Game`: `straps[seat]` (the ranks of the straps scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import STRAP, Event
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.game import Game


class Pogony(Twist):
    """Shoulder straps."""

    __slots__ = ()
    keeps_score = True

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
                game.straps[game.lead].append(first.rank)
                game._events.append(Event(STRAP, game.lead, (first, second), taker, first.rank))
        return slots

    def observe(self, game: Game, seat: int, fields: dict[str, Any]) -> None:
        """Everyone sees the straps scored."""
        fields["scores"] = tuple(strap_counts(game))


def strap_counts(game: Game) -> list[int]:
    """The shoulder straps each seat scored."""
    return [len(straps) for straps in game.straps]


def most_straps(game: Game) -> list[int]:
    """The seats with the most straps (ties: the highest strap)."""

    def key(seat: int) -> tuple[int, int]:
        return (len(game.straps[seat]), max(game.straps[seat], default=0))

    best = max(key(s) for s in range(game.players))
    return [s for s in range(game.players) if key(s) == best]


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Pogony's part of the state text: the straps each seat scored."""
    return [f"straps={game.straps}"]
