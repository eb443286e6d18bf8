"""A match of road fool: games in a row, the first seat out leading the next, fools counted."""

from __future__ import annotations

import random

from engine.points_match import PointsMatch
from engine.road.game import RoadGame
from engine.road.rules import RoadRules


class RoadMatch(PointsMatch):
    """Several games at one table; "the one who won the previous game goes first" (the first
    seat out); each game gives its fool one point."""

    def __init__(self, rules: RoadRules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules

        def deal(rng: random.Random, first: int) -> RoadGame:
            return RoadGame.new(rules, players, rng, first=first)

        super().__init__(players, deal)
