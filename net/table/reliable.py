"""Reliable, per-sender ordered broadcast over lossy links: sequence numbers, acks and resends.

Each peer numbers what it broadcasts (1, 2, ...) and keeps it; receivers deliver each sender's
messages in order exactly once. Heartbeats carry what a peer has received from everyone, so a
sender resends what a receiver lacks. Sans-I/O: frames in, frames out, time passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Payload = dict[str, Any]
RESEND_BATCH = 64


class ProtocolViolation(Exception):
    """A frame that breaks the protocol; `seat` is the sender at fault."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason


@dataclass
class Outgoing:
    """A frame to send: `to` is a seat, or None for every other seat."""

    to: int | None
    frame: dict[str, Any]


@dataclass
class ReliableBroadcast:
    """One seat's end of the ordered broadcast among `players` seats."""

    seat: int
    players: int
    sent: list[Payload] = field(default_factory=list)
    next_from: list[int] = field(default_factory=list)
    pending: list[dict[int, Payload]] = field(default_factory=list)
    acked: list[int] = field(default_factory=list)
    last_heard: list[float] = field(default_factory=list)
    nacked: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.next_from = self.next_from or [1] * self.players
        self.pending = self.pending or [{} for _ in range(self.players)]
        self.acked = self.acked or [0] * self.players
        self.last_heard = self.last_heard or [0.0] * self.players

    def broadcast(self, payload: Payload) -> Outgoing:
        """Number a payload for everyone and return the frame to send."""
        self.sent.append(payload)
        return Outgoing(None, {"t": "m", "s": len(self.sent), "p": payload})

    def have(self) -> list[int]:
        """For every seat, the highest sequence number delivered in order from it."""
        have = [n - 1 for n in self.next_from]
        have[self.seat] = len(self.sent)
        return have

    def heartbeat(self) -> Outgoing:
        """A heartbeat telling everyone what this seat has received."""
        return Outgoing(None, {"t": "hb", "have": self.have()})

    def receive(self, sender: int, frame: Any, now: float) -> tuple[list[Payload], list[Outgoing]]:
        """Take a frame from `sender`; return payloads now deliverable in order, and replies."""
        if not 0 <= sender < self.players or sender == self.seat:
            raise ProtocolViolation(sender, "frame from an unknown seat")
        if not isinstance(frame, dict):
            raise ProtocolViolation(sender, "a frame must be a map")
        self.last_heard[sender] = now
        kind = frame.get("t")
        if kind == "m":
            delivered = self._message(sender, frame)
            if self.pending[sender] and self.nacked.get(sender) != self.next_from[sender]:
                # A gap: ask the sender at once for what is missing (a heartbeat says what we have).
                self.nacked[sender] = self.next_from[sender]
                return delivered, [Outgoing(sender, {"t": "hb", "have": self.have()})]
            return delivered, []
        if kind == "hb":
            return [], self._heartbeat(sender, frame)
        raise ProtocolViolation(sender, f"unknown frame type {kind!r}")

    def _message(self, sender: int, frame: dict[str, Any]) -> list[Payload]:
        seq, payload = frame.get("s"), frame.get("p")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
            raise ProtocolViolation(sender, "message without a valid sequence number")
        if not isinstance(payload, dict):
            raise ProtocolViolation(sender, "message payload must be a map")
        if seq < self.next_from[sender]:
            return []  # a duplicate: already delivered
        held = self.pending[sender]
        if seq in held:
            if held[seq] != payload:
                raise ProtocolViolation(sender, f"two different messages numbered {seq}")
            return []
        held[seq] = payload
        delivered = []
        while self.next_from[sender] in held:
            delivered.append(held.pop(self.next_from[sender]))
            self.next_from[sender] += 1
        return delivered

    def _heartbeat(self, sender: int, frame: dict[str, Any]) -> list[Outgoing]:
        have = frame.get("have")
        if not (
            isinstance(have, list)
            and len(have) == self.players
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in have)
        ):
            raise ProtocolViolation(sender, "malformed heartbeat")
        if have[self.seat] > len(self.sent):
            raise ProtocolViolation(sender, "claims messages this seat never sent")
        self.acked[sender] = max(self.acked[sender], have[self.seat])
        start = have[self.seat]
        return [
            Outgoing(sender, {"t": "m", "s": seq, "p": self.sent[seq - 1]})
            for seq in range(start + 1, min(len(self.sent), start + RESEND_BATCH) + 1)
        ]

    def all_acked(self, seats: list[int]) -> bool:
        """True when every listed seat has acknowledged everything this seat sent."""
        return all(self.acked[s] >= len(self.sent) for s in seats if s != self.seat)
