"""Vote rounds: one round's votes, and which two signed messages of one seat conflict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.table.reliable import Delivered


@dataclass
class Round:
    """The votes of one round of the log."""

    index: int
    attempt: int = 0
    votes: dict[int, bool] = field(default_factory=dict)
    winner: int | None = None
    act: dict[str, Any] | None = None
    waiting_for: set[int] = field(default_factory=set)  # positions still to open
    act_at: float | None = None  # when the winner's move arrived
    closed_at: float | None = None  # when this peer first saw the winner and no move yet
    votes_shown: bool = False


def conflicting(first: Delivered, second: Delivered) -> bool:
    """Two signed payloads of one seat that an honest seat never sends both of: two messages
    with one number, two votes in one round, two moves for one log entry, two hellos or finals."""
    if first.sender != second.sender or first.payload == second.payload:
        return False
    if first.seq == second.seq:
        return True
    a, b = first.payload, second.payload
    kind = a.get("k")
    if kind != b.get("k"):
        return False
    if kind == "vote":
        return (a.get("i"), a.get("n")) == (b.get("i"), b.get("n"))
    if kind == "act":
        return a.get("i") == b.get("i")
    return kind in ("hello", "final")
