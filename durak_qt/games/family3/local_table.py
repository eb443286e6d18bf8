"""The worker side of a family-3 game on this computer: a `LocalTable` (every seat a peer of the
real table protocol) that hands what the player's seat sees to a sink as it happens.

`Family3Table` is touched only by the worker thread of `Family3LocalGame`, except `halted` and
`abandoned`, which the GUI thread sets to stop the job that runs (at its next frame).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from net.table.core import GameOver, MoveApplied, Out, StateChanged
from net.table.local import LocalTable


@dataclass(frozen=True)
class Step:
    """Your seat's view after a change (a deal, a card opened, a move), with the engine events of
    each move that made it, one tuple a move in order (none for a deal or an opened card), and
    the seat that moved last."""

    game_no: int
    observation: Any
    events: tuple[tuple[Any, ...], ...]
    mover: int | None
    moves: int
    first: int | None


@dataclass(frozen=True)
class Finished:
    """The game ended and was audited at your seat: how (`GameOver`), your seat's game as it
    ended, and the seat the table's next game is led by (None: its deal decides)."""

    game_no: int
    over: GameOver
    game: Any
    next_first: int | None


class TableHalted(Exception):
    """The game shown was stopped or left: the worker stops running its peers."""


class Family3Table(LocalTable):
    """A LocalTable of a family-3 game whose player's steps go to `sink` as they happen."""

    def __init__(self, *args: Any, sink: Callable[[list[Any]], None], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sink = sink
        self.halted = False
        """The game running is given up: its job stops at the next frame (a deal clears it)."""
        self.abandoned = False
        """The game was left for good: every job stops at its next frame."""

    def new_game(self) -> list[Out]:
        """Deal the next game (a game given up midway leaves no frame behind)."""
        if self.abandoned:
            raise TableHalted
        self.halted = False
        self.queue.clear()
        return super().new_game()

    def _route(self, seat: int, outputs: list[Out]) -> None:
        if self.halted or self.abandoned:  # every frame and tick passes here: stop at the next
            raise TableHalted
        super()._route(seat, outputs)
        if seat == self.player_seat:
            items = self._player_items(outputs)
            if items:
                self.sink(items)

    def _player_items(self, outputs: list[Out]) -> list[Any]:
        """What the player's seat shows of its outputs: its view after a move or change (with the
        events of every move applied, `MoveApplied.events`) and the end of the game."""
        core, game = self.core, self.core.game
        items: list[Any] = []
        moves = [item for item in outputs if isinstance(item, MoveApplied)]
        if game is not None and any(isinstance(i, StateChanged | MoveApplied) for i in outputs):
            observation = core.observation
            events = tuple(move.events for move in moves)
            mover = getattr(moves[-1].action, "seat", None) if moves else None
            if observation is not None:
                items.append(
                    Step(
                        self.game_no,
                        playable(observation, core.my_turn and self._forced_answer() is None),
                        events,
                        mover,
                        len(core.entries),
                        core.config.first,
                    )
                )
        for over in (item for item in outputs if isinstance(item, GameOver)):
            ended = game is not None and game.over
            next_first = core.config.next_game(game).first if ended else None
            items.append(Finished(self.game_no, over, game, next_first))
        return items

    def _forced_answer(self) -> Any:
        """Your seat's one possible answer to the table's start question (road's first game
        asks each seat in turn for the lowest trump: show it, or pass), else None."""
        core = self.core
        game = core.game
        if game is None or getattr(game, "asking", None) is None or core.over is not None:
            return None
        if not core.my_turn or core.intent is not None or core.game_finished:
            return None
        legal = game.legal_actions(self.player_seat)
        return legal[0] if len(legal) == 1 else None

    def _bots_move(self) -> bool:
        """The bots move, and your seat gives its forced start answer by itself (the game on
        this computer never asked it: nothing to choose, so nothing is shown)."""
        moved = super()._bots_move()
        answer = self._forced_answer()
        if answer is not None:
            self._route(self.player_seat, self.core.intend(answer))
            moved = True
        return moved


def playable(observation: Any, my_turn: bool) -> Any:
    """Your observation with its legal actions only while the table can take your move
    (`TableCore.my_turn`: a card drawn but not opened to you yet would make the list wrong)."""
    if my_turn or not getattr(observation, "legal", ()):
        return observation
    if dataclasses.is_dataclass(observation) and not isinstance(observation, type):
        return dataclasses.replace(observation, legal=())
    return observation


__all__ = ["Family3Table", "Finished", "Step", "TableHalted", "playable"]
