"""A match of round fool: games in a row, the winner drawing first next, fools counted."""

from __future__ import annotations

import random

from engine.points_match import PointsMatch
from engine.round.game import RoundGame
from engine.round.rules import RoundRules


class RoundMatch(PointsMatch):
    """Several games at one table; the seat that went out draws first in the next game (the
    text names no rule: the trump six still leads the play); each game gives its fool a point."""

    def __init__(self, rules: RoundRules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules

        def deal(rng: random.Random, first: int) -> RoundGame:
            return RoundGame.new(rules, players, rng, first=first)

        super().__init__(players, deal)
