"""A match of czech fool: games in a row, the winner moving first next, points added up."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.czech.game import CzechGame
from engine.czech.rules import CzechRules


@dataclass
class CzechMatch:
    """Several games at one table; "the first move belongs to the player whom the computer
    randomly selects, and then to the player who won the previous game"."""

    rules: CzechRules
    players: int
    games: list[CzechGame] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rules.check_players(self.players)
        self.points = self.points or [0] * self.players

    def next_leader(self, rng: random.Random) -> int:
        """The winner of the last game; the last leader after a game nobody won; else by lot."""
        if self.games and self.games[-1].winner is not None:
            return self.games[-1].winner
        if self.leaders:
            return self.leaders[-1]
        return rng.randrange(self.players)

    def new_game(self, rng: random.Random) -> CzechGame:
        """The next game, shuffled by `rng`."""
        first = self.next_leader(rng)
        self.leaders.append(first)
        return CzechGame.new(self.rules, self.players, rng, first=first)

    def record(self, game: CzechGame) -> list[int]:
        """Add a finished game's points to the match; return them."""
        if not game.over:
            raise ValueError("only a finished game can be scored")
        for seat, value in enumerate(game.points):
            self.points[seat] += value
        self.games.append(game)
        return list(game.points)
