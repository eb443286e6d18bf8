"""Vote rounds: one round's votes, the signed votes a seat keeps, and which two signed messages
of one seat conflict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.table.reliable import Delivered, Equivocation


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


def holds_vote(vote_frames: dict[tuple[int, int, int], Delivered], frame: Any) -> bool:
    """Tell whether a shown signed vote is exactly one this seat already holds."""
    payload = frame.get("p") if isinstance(frame, dict) else None
    if not isinstance(payload, dict):
        return False
    key = (payload.get("i"), payload.get("n"), frame.get("f"))
    if not all(type(part) is int for part in key):
        return False
    held = vote_frames.get(key)  # type: ignore[arg-type]
    return (
        held is not None
        and held.seq == frame.get("s")
        and held.sig == frame.get("g")
        and held.payload == payload
    )


def record_vote(vote_frames: dict[tuple[int, int, int], Delivered], item: Delivered) -> None:
    """Keep a signed vote; a different one of the same seat for the same round proves it
    voted two ways."""
    key = (item.payload["i"], item.payload["n"], item.sender)
    earlier = vote_frames.get(key)
    if earlier is None:
        vote_frames[key] = item
    elif earlier.payload != item.payload:
        raise Equivocation(
            item.sender,
            f"signed two different votes in round {key[0]}.{key[1]}",
            (earlier, item),
        )
