"""A match of road fool: games in a row, the first seat out leading the next, fools counted."""

from __future__ import annotations

import random

from engine.points_match import PointsMatch
from engine.road.game import RoadGame
from engine.road.rules import RoadRules


def first_leader(previous: RoadGame | None) -> int | None:
    """Who leads a road game: A "The one who has the lowest trump card or the one who won the
    previous game goes first". The previous game's first seat out; None (a first game, or a
    game nobody went out of) means the lowest trump leads (`RoadGame.new` finds its holder,
    a LAN table asks for it)."""
    return None if previous is None else previous.winner


class RoadMatch(PointsMatch):
    """Several games at one table; the first game is led by the lowest trump, then "the one who
    won the previous game goes first" (the first seat out, `first_leader`); each game gives its
    fool one point."""

    def __init__(self, rules: RoadRules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules

        def deal(rng: random.Random, first: int | None) -> RoadGame:
            return RoadGame.new(rules, players, rng, first=first)

        super().__init__(players, deal)

    def next_leader(self, rng: random.Random) -> int | None:
        """The previous game's winner; None: the lowest trump of the next deal leads."""
        return first_leader(self.games[-1] if self.games else None)
