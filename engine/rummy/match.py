"""A match of joker rummy: as many hands as players, the deal passing clockwise, fewest points
winning."""

from __future__ import annotations

import random

from engine.points_match import PointsMatch, clockwise_leader, fewest_points
from engine.rummy.game import RummyGame
from engine.rummy.rules import RummyRules


class RummyMatch(PointsMatch):
    """ "It is advisable to play a number of rounds (hands) equal to the number of players at the
    table, so that in the end each player deals an equal number of times." With `match_limit`:
    "until the maximum loss is reached by any player"."""

    def __init__(self, rules: RummyRules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules

        def deal(rng: random.Random, first: int) -> RummyGame:
            return RummyGame.new(rules, players, rng, first=first)

        super().__init__(players, deal)

    def next_leader(self, rng: random.Random) -> int:
        """The seat after the last hand's first player: the deal passes clockwise."""
        return clockwise_leader(self.leaders, self.players, rng)

    @property
    def over(self) -> bool:
        """Whether the match has ended (hands played, or the loss limit reached)."""
        limit = self.rules.match_limit
        if limit is not None:
            return max(self.points) >= limit
        return len(self.games) >= self.players

    def places(self) -> list[int]:
        """Seats from first place to last ("the winner and the players who took second, third
        and last"): fewest points first, ties by seat."""
        return sorted(range(self.players), key=lambda seat: (self.points[seat], seat))

    def winners(self) -> list[int]:
        """The seats with the fewest points."""
        return fewest_points(self.points)
