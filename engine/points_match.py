"""A match of a points game (family 3): games in a row, each game's points added up."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class PointsMatch:
    """Several games at one table; the winner of a game leads the next, points are summed.

    `deal(rng, first)` starts a game led by seat `first` (None: the deal's cards name the
    leader, and the new game's `attacker` is he); a finished game has `winner` (None when
    nobody won) and `points` (one number per seat). `leaders`: the seat that led each game.
    """

    players: int
    deal: Callable[[random.Random, Any], Any]  # (rng, first: int, or None where allowed)
    games: list[Any] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.points = self.points or [0] * self.players

    def next_leader(self, rng: random.Random) -> int | None:
        """The winner of the last game; the last leader after a game nobody won; else by lot
        (None: the next deal's cards name the leader)."""
        if self.games and self.games[-1].winner is not None:
            return int(self.games[-1].winner)
        if self.leaders:
            return self.leaders[-1]
        return rng.randrange(self.players)

    def new_game(self, rng: random.Random) -> Any:
        """The next game, shuffled by `rng` and led as `next_leader` says."""
        first = self.next_leader(rng)
        game = self.deal(rng, first)
        self.leaders.append(int(game.attacker) if first is None else first)
        return game

    def record(self, game: Any) -> list[int]:
        """Add a finished game's points to the match; return them."""
        if not game.over:
            raise ValueError("only a finished game can be scored")
        for seat, value in enumerate(game.points):
            self.points[seat] += value
        self.games.append(game)
        return list(game.points)


def clockwise_leader(leaders: Sequence[int], players: int, rng: random.Random) -> int:
    """The seat after the last game's leader (the deal passes clockwise); by lot at first."""
    if leaders:
        return (leaders[-1] + 1) % players
    return rng.randrange(players)


def fewest_points(points: Sequence[int]) -> list[int]:
    """The seats with the fewest points (a match where fewest points wins)."""
    best = min(points)
    return [seat for seat, value in enumerate(points) if value == best]
