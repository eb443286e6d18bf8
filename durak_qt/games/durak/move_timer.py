"""The optional move timer: when the player's time runs out, take (defending) or pass (Bito)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from engine.actions import (
    ACCEPT,
    ATTACK,
    ATTACK_TALON,
    BEAT_HIDDEN,
    CHECK,
    EXCHANGE,
    PASS,
    TAKE,
    Action,
)

TIMER_CHOICES = (0, 15, 30, 60)  # seconds; 0 = no timer


RISKY_KINDS = (CHECK, EXCHANGE, BEAT_HIDDEN, ATTACK_TALON)
"""Moves a time-out never makes for the player: they are choices, not the quiet default."""


def timeout_action(observation: Any) -> Action | None:
    """The move a time-out makes: take when defending, pass when throwing in, accept a
    face-down card (believe), else the lowest lead (a blind lead of one card in reverse fool)."""
    legal: tuple[Action, ...] = tuple(observation.legal)
    for kind in (TAKE, PASS, ACCEPT):
        for action in legal:
            if action.kind == kind:
                return action
    leads = [a for a in legal if a.kind == ATTACK and len(a.cards) == 1]
    if leads:
        return min(leads, key=lambda a: (a.cards[0].rank, a.cards[0].code))
    blind = [a for a in legal if a.kind == ATTACK and not a.cards and len(a.slots) == 1]
    if blind:
        return blind[0]
    quiet = [a for a in legal if a.kind not in RISKY_KINDS]
    if quiet:
        return quiet[0]
    return legal[0] if legal else None


class MoveTimer(QObject):
    """Counts down while it is the player's move; emits `expired(Action)` when time runs out."""

    expired = Signal(object)
    remaining_changed = Signal(int)  # whole seconds left; -1 when no countdown runs

    def __init__(
        self, seconds: int = 0, parent: QObject | None = None, tick_ms: int = 1000
    ) -> None:
        super().__init__(parent)
        self._seconds = seconds
        self._left = -1
        self._legal: tuple[Action, ...] = ()
        self._observation: Any = None
        self._tick = QTimer(self)
        self._tick.setInterval(tick_ms)
        self._tick.timeout.connect(self._on_tick)
        self._pauses = 0

    @property
    def paused(self) -> bool:
        """The countdown is held (`pause`) until every pause is resumed."""
        return self._pauses > 0

    def pause(self) -> None:
        """Hold the countdown where it is (a modal dialog covers the table); pauses nest, and
        new positions are still followed, but no second passes until `resume`."""
        self._pauses += 1
        self._tick.stop()

    def resume(self) -> None:
        """Undo one `pause`; after the last, a countdown still open ticks on from where it was."""
        if self._pauses == 0:
            return
        self._pauses -= 1
        if self._pauses == 0 and self._left > 0 and self._legal:
            self._tick.start()

    def _counting(self) -> bool:
        return self._tick.isActive() or (self.paused and self._left > 0 and bool(self._legal))

    @property
    def seconds(self) -> int:
        """The time allowed per move (0: no timer)."""
        return self._seconds

    def set_seconds(self, seconds: int) -> None:
        """Change the time allowed; a running countdown starts again with it (the same time
        again changes nothing: applying other settings does not give the player a fresh count)."""
        if seconds not in TIMER_CHOICES:
            raise ValueError(f"the move timer is one of {TIMER_CHOICES} seconds")
        if seconds == self._seconds:
            return
        self._seconds = seconds
        observation, self._legal = self._observation, ()
        if observation is not None:
            self.observe(observation)

    @property
    def remaining(self) -> int:
        """Whole seconds left on the running countdown, or -1."""
        return self._left

    def observe(self, observation: Any) -> None:
        """Start, keep or stop the countdown for a new view of the game."""
        self._observation = observation
        mine = (
            observation is not None
            and not observation.over
            and observation.seat in observation.to_act
            and bool(observation.legal)
        )
        if not mine or self._seconds == 0:
            self.stop()
            return
        legal = tuple(observation.legal)
        if legal == self._legal and self._counting():
            return  # the same decision is still open: keep counting
        self._legal = legal
        self._left = self._seconds
        if not self.paused:
            self._tick.start()
        self.remaining_changed.emit(self._left)

    def stop(self) -> None:
        """No countdown (the move was made, or the timer is off)."""
        self._tick.stop()
        self._legal = ()
        if self._left != -1:
            self._left = -1
            self.remaining_changed.emit(-1)

    def _on_tick(self) -> None:
        self._left -= 1
        self.remaining_changed.emit(max(self._left, 0))
        if self._left > 0:
            return
        action = timeout_action(self._observation)
        self.stop()
        if action is not None:
            self.expired.emit(action)
