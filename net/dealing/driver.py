"""An in-memory table for tests and benchmarks: delivers every message to every other core."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Sequence
from typing import Any

from net.dealing.events import AuditFinished, Opened, Ready, Verdict
from net.dealing.messages import Message, decode, encode
from net.dealing.peer import DealingPeer, Output

# tamper(sender, receiver, message) -> the message to deliver instead, or None to drop it.
Tamper = Callable[[int, int, Message], Message | None]


class InMemoryTable:
    """Broadcast every outgoing message (through msgpack bytes) to every other seat, in order."""

    def __init__(self, peers: Sequence[DealingPeer], tamper: Tamper | None = None) -> None:
        self.peers = list(peers)
        self.tamper = tamper
        self.queue: deque[tuple[int, Message]] = deque()
        self.events: dict[int, list[Output]] = {p.seat: [] for p in self.peers}
        self.delivered: dict[int, list[Message]] = {p.seat: [] for p in self.peers}
        self.sent: dict[int, list[Message]] = {p.seat: [] for p in self.peers}
        self.gone: set[int] = set()

    def _route(self, seat: int, outputs: list[Output]) -> None:
        """Queue a core's messages for delivery and keep its events."""
        for item in outputs:
            if isinstance(item, dict):
                self.sent[seat].append(item)
                self.queue.append((seat, item))
            else:
                self.events[seat].append(item)

    def run(self) -> None:
        """Deliver until quiet; idle cores run their deferred proof checks."""
        while True:
            while self.queue:
                sender, message = self.queue.popleft()
                wire = encode(message)
                for peer in self.peers:
                    if peer.seat == sender or peer.seat in self.gone:
                        continue
                    copy: Message | None = decode(wire)
                    if self.tamper is not None and copy is not None:
                        copy = self.tamper(sender, peer.seat, copy)
                    if copy is None:
                        continue
                    self.delivered[peer.seat].append(copy)
                    self._route(peer.seat, peer.receive(copy))
            for peer in self.peers:
                if peer.seat not in self.gone:
                    self._route(peer.seat, peer.verify_pending())
            if not self.queue:
                return

    def deal(self) -> None:
        """Start every core and run until every deck is locked."""
        for peer in self.peers:
            self._route(peer.seat, peer.start())
        self.run()

    def each(self, action: Callable[[DealingPeer], list[Output]]) -> None:
        """Make every present core take a local action (the table layer does this on each peer)."""
        for peer in self.peers:
            if peer.seat not in self.gone:
                self._route(peer.seat, action(peer))
        self.run()

    def open(self, position: int, seats: Collection[int], owner: int | None = None) -> None:
        """Open a position to seats at every core."""
        self.each(lambda peer: peer.open(position, seats, owner))

    def open_many(self, openings: Sequence[tuple[int, Collection[int], int | None]]) -> None:
        """Open several positions at every core."""
        self.each(lambda peer: peer.open_many(openings))

    def play(self, seat: int, position: int, card: str) -> None:
        """A seat plays a card: every core checks it against the deal log and opens it."""
        self.each(lambda peer: peer.play(seat, position, card))

    def leave(self, seat: int) -> None:
        """A seat leaves gracefully."""
        peer = self.peers[seat]
        self._route(seat, peer.leave())
        self.gone.add(seat)
        self.run()

    def audit(self) -> dict[int, Verdict]:
        """Run the end-of-game audit at every present core; return each core's verdict."""
        self.each(lambda peer: peer.start_audit())
        return self.verdicts()

    def verdicts(self) -> dict[int, Verdict]:
        """The verdict each core reached, by seat."""
        return {
            seat: item.verdict
            for seat, items in self.events.items()
            for item in items
            if isinstance(item, AuditFinished)
        }

    def opened(self, seat: int) -> dict[int, str]:
        """Positions opened at a seat, with their card texts."""
        return {e.position: e.card for e in self.events[seat] if isinstance(e, Opened)}

    def ready(self) -> bool:
        """True when every core reported Ready."""
        return all(any(isinstance(e, Ready) for e in self.events[p.seat]) for p in self.peers)


def initial_deal(players: int, size: int, hand: int = 6) -> list[tuple[int, Any, int | None]]:
    """Openings for a Durak-like deal: up to `hand` cards each from the top, bottom card to all.

    Hands shrink when the deck is too small, so the bottom (trump) card is never dealt.
    """
    hand = min(hand, (size - 1) // players)
    openings: list[tuple[int, Any, int | None]] = []
    position = 0
    for _ in range(hand):
        for seat in range(players):
            openings.append((position, {seat}, seat))
            position += 1
    openings.append((size - 1, set(range(players)), None))
    return openings
