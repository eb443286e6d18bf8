"""Checking another seat's verdict: the signed messages it shows, and whether they prove the
fault it names (a malformed message, two conflicting messages, two signed moves for one entry)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from net.table.reliable import Delivered, FrameSigner, ProtocolViolation
from net.table.schema import check_payload
from net.table.votes import conflicting


def shown_frames(
    signer: FrameSigner, players: int, sender: int, raw_frames: list[Any]
) -> list[Delivered]:
    """The signed messages a verdict shows; one that no seat signed is `sender`'s violation."""
    frames: list[Delivered] = []
    for raw in raw_frames:
        item = signer.evidence(raw)
        if item is None or item.sender >= players:
            raise ProtocolViolation(sender, "showed a forged signed message as evidence")
        frames.append(item)
    return frames


def proves_malformed(seat: int, frames: list[Delivered]) -> bool:
    """One message that `seat` signed and that breaks its schema."""
    return len(frames) == 1 and frames[0].sender == seat and bool(check_payload(frames[0].payload))


def proves_equivocation(seat: int, frames: list[Delivered]) -> bool:
    """Two messages that `seat` signed and that an honest seat never sends both of."""
    return len(frames) == 2 and frames[0].sender == seat and conflicting(*frames)


def proves_two_entries(
    seat: int, entries: list[dict[str, Any]], signed_by: Callable[[int, dict[str, Any]], bool]
) -> bool:
    """Two different moves that `seat` signed for one log entry extending one log."""
    return (
        len(entries) == 2
        and entries[0] != entries[1]
        and all(signed_by(seat, e) for e in entries)
        and entries[0]["i"] == entries[1]["i"]
        and entries[0]["prev"] == entries[1]["prev"]
    )
