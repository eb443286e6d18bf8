"""Errors of the fair-dealing protocol: each names the seat at fault (if any) and the evidence."""

from __future__ import annotations

from typing import Any


class DealingError(Exception):
    """The protocol cannot go on; `seat` is the seat at fault or None when no seat can be blamed."""

    def __init__(
        self, reason: str, seat: int | None = None, evidence: dict[str, Any] | None = None
    ):
        self.reason = reason
        self.seat = seat
        self.evidence: dict[str, Any] = dict(evidence or {})
        who = "" if seat is None else f"seat {seat}: "
        super().__init__(f"{who}{reason}")


class UsageError(DealingError):
    """The local caller asked for something the protocol state does not allow (nobody cheated)."""


class CheatDetected(DealingError):
    """A peer broke the protocol; `seat` names it and `evidence` holds what proves it."""

    seat: int

    def __init__(self, seat: int, reason: str, evidence: dict[str, Any] | None = None):
        super().__init__(reason, seat, evidence)
