"""What the other seats' moves tell about their hands: the search bot models every other seat
as the kind's heuristic (its rollouts), so a sampled deal in which the heuristic would not have
made the moves the others made since the bot's last decisions is an unlikely deal.

The reader keeps a blind copy of the game at each of the bot's last `rounds` decisions that
came after another seat's move (`PlayReader.note`). For a sampled deal it puts the deal's
faces into each copy (a slot keeps its face all game: the cards played since are open, the
others are the deal's guess), replays the moves made from it to the next copy, and counts the
moves of other seats, among two or more legal ones, that the heuristic would have made
otherwise. It deals the hidden faces again (`resample_unseen`, then around what the kind's
engine keeps of shown moves, `deal_around_shown`: czech's draws) up to `tries` times and keeps
the deal with the fewest such moves. Everything it reads is open to the seat: its blind
copies, the log of moves and the sampled deal (itself dealt from what the seat knows).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.bots.base import Bot
from engine.bots.kind_search import blind_copy, deal_around_shown
from engine.errors import EngineError, IllegalAction
from engine.hidden import resample_unseen

ROUNDS = 6
"""The bot's last decisions after others' moves whose following moves are checked."""
TRIES = 8
"""Deals tried per sample before the one with the fewest unlikely moves is kept."""


class PlayReader:
    """Deals hidden faces so that the other seats' recent moves are the ones `model` makes."""

    def __init__(
        self,
        model: Callable[[int], Bot],
        rounds: int = ROUNDS,
        tries: int = TRIES,
    ) -> None:
        self.model = model(0)
        self.rounds = rounds
        self.tries = tries
        self.copies: list[tuple[Any, int]] = []  # (blind copy at a decision, its log length)
        self._log: list[Any] = []

    def note(self, game: Any, seat: int) -> None:
        """Keep a blind copy of `game` for `seat` when another seat moved since the last one
        (a new game, or another one, starts again)."""
        log = game.log
        if len(log) < len(self._log) or list(log[: len(self._log)]) != self._log:
            self.copies = []
        last = self.copies[-1][1] if self.copies else 0
        if not self.copies or any(action.seat != seat for action in log[last:]):
            self.copies = [*self.copies[1 - self.rounds :], (blind_copy(game, seat), len(log))]
        self._log = list(log)

    def unlikely_moves(self, deal: Any, seat: int) -> int:
        """How many moves of other seats since the kept decisions the model would not have
        made with `deal`'s faces: each copy replays the moves up to the next copy (copies from
        before a refill are skipped)."""
        log = deal.log
        ends = [start for _, start in self.copies[1:]] + [len(log)]
        count = 0
        for (copy, start), end in zip(self.copies, ends, strict=True):
            if copy.generation != deal.generation:
                continue
            replay = copy.clone()
            replay.faces = list(deal.faces)
            replay._resampled(random.Random(0))
            try:
                for action in log[start:end]:
                    actor = action.seat
                    if actor != seat and len(replay.legal_tuple(actor)) > 1:
                        count += self.model.choose(replay, actor) != action
                    replay.apply(action)
            except (IllegalAction, EngineError):
                count += len(log)
        return count

    def redeal(self, deal: Any, seat: int, rng: random.Random) -> None:
        """Deal the faces hidden from `seat` in `deal` again, around what moves showed."""
        deal.faces = resample_unseen(deal.faces, deal.known, deal.generation, seat, rng)
        deal_around_shown(deal, seat, rng)

    def deal_around(self, deal: Any, seat: int, rng: random.Random) -> None:
        """Deal the faces hidden from `seat` in `deal` again, up to `tries` deals, and keep the
        one with the fewest unlikely moves (the first with none)."""
        if not self.copies:
            return
        best_faces, fewest = list(deal.faces), self.unlikely_moves(deal, seat)
        for _ in range(self.tries - 1):
            if not fewest:
                break
            self.redeal(deal, seat, rng)
            unlikely = self.unlikely_moves(deal, seat)
            if unlikely < fewest:
                best_faces, fewest = list(deal.faces), unlikely
        deal.faces = best_faces
        deal._resampled(rng)
