"""Vote rounds: one round's votes, the signed votes a seat keeps, and which two signed messages
of one seat conflict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.table.reliable import Delivered, Equivocation, FrameSigner, ProtocolViolation
from net.table.schema import check_payload


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


class VoteBook:
    """The signed votes one seat holds, by (round, attempt, voter): its own and every other's."""

    def __init__(self, signer: FrameSigner, players: int, seat: int) -> None:
        self.signer = signer
        self.players = players
        self.seat = seat
        self.frames: dict[tuple[int, int, int], Delivered] = {}

    def holds(self, frame: Any) -> bool:
        """Tell whether a shown signed vote is exactly one this seat already holds."""
        payload = frame.get("p") if isinstance(frame, dict) else None
        if not isinstance(payload, dict):
            return False
        key = (payload.get("i"), payload.get("n"), frame.get("f"))
        if not all(type(part) is int for part in key):
            return False
        held = self.frames.get(key)  # type: ignore[arg-type]
        return (
            held is not None
            and held.seq == frame.get("s")
            and held.sig == frame.get("g")
            and held.payload == payload
        )

    def record(self, item: Delivered) -> None:
        """Keep a signed vote; a different one of the same seat for the same round proves it
        voted two ways."""
        key = (item.payload["i"], item.payload["n"], item.sender)
        earlier = self.frames.get(key)
        if earlier is None:
            self.frames[key] = item
        elif earlier.payload != item.payload:
            raise Equivocation(
                item.sender,
                f"signed two different votes in round {key[0]}.{key[1]}",
                (earlier, item),
            )

    def record_shown(
        self, sender: int, frame: dict[str, Any], index: int, attempt: int | None
    ) -> Delivered | None:
        """A vote shown inside another seat's message (a move's certificate, a re-vote, `votes`);
        returns it when it is another seat's vote this seat did not hold (to take as its voter's
        message), None otherwise."""
        if self.holds(frame):
            return None  # the very vote we hold, signature and all: checked when it came
        item = self.signer.evidence(frame)
        if item is None or item.sender >= self.players:
            raise ProtocolViolation(sender, "showed a vote that its voter did not sign")
        payload = item.payload
        if (
            check_payload(payload) is not None
            or payload.get("k") != "vote"
            or payload["i"] != index
            or (attempt is not None and payload["n"] != attempt)
        ):
            raise ProtocolViolation(sender, f"showed a vote that is not one of round {index}")
        if item.sender != self.seat:
            self.record(item)
            return item
        if self.frames.get((index, payload["n"], self.seat)) != item:
            raise ProtocolViolation(sender, "showed a vote of this seat that it never sent")
        return None
