"""A match of cross fool: games in a row, counting how often each seat was the fool."""

from __future__ import annotations

import random

from engine.cross.game import CrossGame
from engine.cross.rules import CrossRules
from engine.points_match import PointsMatch


class CrossMatch(PointsMatch):
    """Several games at one table; the first to leave a game deals the next (the text names
    no dealer: the first builder is always the highest card), a fool scores one point."""

    def __init__(self, rules: CrossRules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules

        def deal(rng: random.Random, first: int) -> CrossGame:
            return CrossGame.new(rules, players, rng, first=first)

        super().__init__(players, deal)
