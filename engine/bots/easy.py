"""The heuristic bot with seeded, deliberate mistakes: a beginner's level."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bots.heuristic import HeuristicBot

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game

MISTAKE_RATE = 0.3
"""The share of choices (with more than one option) replaced by a random visible legal action."""


class EasyBot(HeuristicBot):
    """Plays like HeuristicBot, except that a seeded `mistake_rate` of its choices are random."""

    name = "easy"

    def __init__(self, seed: int = 0, mistake_rate: float = MISTAKE_RATE) -> None:
        if not 0.0 <= mistake_rate <= 1.0:
            raise ValueError(f"mistake_rate must be between 0 and 1, not {mistake_rate}")
        super().__init__(seed)
        self.mistake_rate = mistake_rate
        self.mistakes = 0

    def choose(self, game: Game, seat: int) -> Action:
        """A random action of the seat's observation now and then, else the heuristic's choice."""
        legal = game.observation(seat).legal
        if len(legal) > 1 and self.rng.random() < self.mistake_rate:
            self.mistakes += 1
            return self.rng.choice(legal)
        return super().choose(game, seat)
