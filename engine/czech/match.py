"""A match of czech fool: games in a row, the winner moving first next, points added up."""

from __future__ import annotations

import random

from engine.czech.game import CzechGame
from engine.czech.rules import CzechRules
from engine.points_match import PointsMatch


class CzechMatch(PointsMatch):
    """Several games at one table; "the first move belongs to the player whom the computer
    randomly selects, and then to the player who won the previous game"."""

    def __init__(self, rules: CzechRules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules

        def deal(rng: random.Random, first: int) -> CzechGame:
            return CzechGame.new(rules, players, rng, first=first)

        super().__init__(players, deal)
