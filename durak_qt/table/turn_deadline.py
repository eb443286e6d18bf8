"""The table's deadline for your move at a LAN table without a move timer: a warning at the end.

Every seat ends the game as abandoned when the vote of a seat the game waits for is missing for
the resume window (net.table.rounds `VoteRounds.votes_overdue`). With a move timer the client
moves for the player long before; without one, `TurnDeadline` counts the window from when your
turn reached this client (before the moves ahead of it are shown at a readable pace) and warns in
its last `WARN_LAST_S` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

WARN_LAST_S = 30
"""The warning shows in the last seconds of the window."""


def deadline_words(seconds: int) -> str:
    """The warning for `seconds` left to move."""
    return QCoreApplication.translate(
        "TurnDeadline", "Play within %1 s, or you lose this game by forfeit."
    ).replace("%1", str(max(seconds, 0)))


class TurnDeadline(QObject):
    """Counts the table's wait for your move; emits `warning_changed` with the words ("" none)."""

    warning_changed = Signal(str)

    def __init__(
        self,
        window_s: float,
        parent: QObject | None = None,
        clock: Callable[[], float] = time.monotonic,
        tick_ms: int = 1000,
    ) -> None:
        super().__init__(parent)
        self.window_s = window_s
        self.clock = clock
        self._started: float | None = None  # when the turn shown began (None: not your turn)
        self._legal: tuple[Any, ...] = ()
        self._held = False  # your move is on its way: no warning unless it is refused
        self._words = ""
        self._tick = QTimer(self)
        self._tick.setInterval(tick_ms)
        self._tick.timeout.connect(self.update)

    @property
    def words(self) -> str:
        """The warning shown now ("" none)."""
        return self._words

    def remaining(self) -> float | None:
        """Seconds left of the table's wait for your move (None: it does not wait for you)."""
        if self._started is None:
            return None
        return self.window_s - (self.clock() - self._started)

    def observe(self, observation: Any, move_timer: int, since: float | None = None) -> None:
        """A position shown: start counting when your turn starts (a new set of legal moves),
        keep counting while the same decision is open, stop when it is not yours to make.
        `since`: when that position came from the table (on `clock`; default now), as the
        table's wait runs from then while bot moves before it are still being shown."""
        mine = (
            observation is not None
            and not observation.over
            and observation.seat in observation.to_act
            and bool(observation.legal)
        )
        if not mine or move_timer > 0 or self.window_s <= 0:
            self.stop()
            return
        legal = tuple(observation.legal)
        if self._started is None or legal != self._legal:
            self._started = self.clock() if since is None else min(since, self.clock())
            self._legal = legal
        self._held = False
        self._tick.start()
        self._show(force=True)

    def hold(self) -> None:
        """Your move was sent: hide the warning; the count goes on if the move is refused."""
        self._held = True
        self._tick.stop()
        self._say("")

    def stop(self) -> None:
        """The table no longer waits for your move (or the game ended): no count, no warning."""
        self._started, self._legal, self._held = None, (), False
        self._tick.stop()
        self._say("")

    def update(self) -> None:
        """One tick: show the seconds left once they are within the warning."""
        self._show(force=False)

    def _show(self, force: bool) -> None:
        left = self.remaining()
        if left is None or self._held or left > WARN_LAST_S:
            self._say("")
            return
        words = deadline_words(int(left + 0.999))  # whole seconds, rounded up
        if force or words != self._words:
            self._words = ""
            self._say(words)

    def _say(self, words: str) -> None:
        if words != self._words:
            self._words = words
            self.warning_changed.emit(words)
