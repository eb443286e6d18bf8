"""Auto-pass: when the only move left is Pass (nothing to throw in), make it for the player."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from engine.actions import PASS, Action
from engine.observation import Observation

AUTO_PASS_MS = 700
"""How long "nothing to throw in" shows before the pass is made (the player sees why)."""


def only_pass(observation: Observation | None) -> Action | None:
    """The pass to make for the player: their seat is to act and Pass is the one legal move."""
    if observation is None or observation.over or observation.seat not in observation.to_act:
        return None
    legal = tuple(observation.legal)
    if len(legal) == 1 and legal[0].kind == PASS:
        return legal[0]
    return None


class AutoPass(QObject):
    """Emits `passed(Action)` a moment after a position whose only move is Pass is shown."""

    passed = Signal(object)

    def __init__(self, parent: QObject | None = None, delay_ms: int = AUTO_PASS_MS) -> None:
        super().__init__(parent)
        self.enabled = True
        self._pending: Action | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._fire)

    def set_delay(self, delay_ms: int) -> None:
        """Wait this many milliseconds before passing (a pass already waiting keeps its time)."""
        if delay_ms < 0:
            raise ValueError("the auto-pass delay cannot be negative")
        self._timer.setInterval(delay_ms)

    def set_enabled(self, on: bool) -> None:
        """Turn auto-pass on or off; off also drops a pass waiting to be made."""
        self.enabled = on
        if not on:
            self.cancel()

    def observe(self, observation: Observation | None) -> None:
        """Arm for a pass-only position of the player, else disarm."""
        action = only_pass(observation) if self.enabled else None
        if action == self._pending and self._timer.isActive():
            return
        self._pending = action
        if action is None:
            self._timer.stop()
        else:
            self._timer.start()

    def pending(self) -> bool:
        """A pass waits to be made."""
        return self._timer.isActive()

    def cancel(self) -> None:
        """The player moved (or the game changed): make no pass."""
        self._pending = None
        self._timer.stop()

    def _fire(self) -> None:
        action, self._pending = self._pending, None
        if action is not None:
            self.passed.emit(action)
