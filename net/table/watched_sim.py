"""The simulated table with spectators: seats feed them over the same seeded network.

`WatchedTable` is a `SimulatedTable` whose seats each keep a `WatchDesk`; a spectator (`add`, at
any simulated time) says hello to every seat and follows the game with a `GameFollower`. A
spectator's frames reach only the seats' desks, never a core; one that sends anything but its
hello or bye is dropped and disconnected (`dropped`). Spectators' traffic runs on its own
randomness, so a table plays exactly the same with spectators as without. For tests.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack

from net.table.core import Out
from net.table.sim import SimulatedTable, _Delivery, make_table
from net.watch_events import WatchEvent
from net.watch_feed import WATCH, SpectatorViolation, WatchDesk
from net.watch_follow import Disagreement, GameFollower

SpectatorSends = Callable[[int, float], list[Any]]
"""A hostile spectator's frames to one seat at a simulated time (tests)."""


@dataclass
class SimSpectator:
    """One spectator of the simulated table: its follower, its events and how it ended."""

    ident: int
    follower: GameFollower
    joined_at: float
    events: list[tuple[float, WatchEvent]] = field(default_factory=list)
    failed: str | None = None
    sends: SpectatorSends | None = None
    checks: list[Callable[[SimSpectator], None]] = field(default_factory=list)


class WatchedTable(SimulatedTable):
    """A simulated table whose seats feed spectators."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.desks: list[WatchDesk | None] = [
            None if core is None else WatchDesk(core) for core in self.cores
        ]
        self.spectators: dict[int, SimSpectator] = {}
        self.dropped: dict[int, list[tuple[int, str]]] = {}
        """Spectator -> (seat, reason) of each seat that dropped it."""
        self.watch_rng = random.Random(b"watch-" + self.seeds[0])
        """The spectators' own network randomness: their traffic leaves the seats' untouched,
        so a table plays the same with spectators as without."""

    def _post(self, sender: int, receiver: int, wire: bytes) -> None:
        """Seat-to-seat frames as the table sends them; a spectator's frames (either way) on
        the spectators' own randomness."""
        players = self.config.players
        if sender < players and receiver < players:
            super()._post(sender, receiver, wire)
            return
        self.counter += 1
        delay = self.watch_rng.uniform(*self.conditions.latency)
        heapq.heappush(
            self.queue, _Delivery(self.now + delay, self.counter, sender, receiver, wire)
        )

    def add(self, sends: SpectatorSends | None = None) -> SimSpectator:
        """A spectator joins now: its hello goes to every seat (`sends`: a hostile one's own
        frames, sent with it)."""
        ident = self.config.players + len(self.spectators)
        spectator = SimSpectator(ident, GameFollower(self.config), self.now, sends=sends)
        self.spectators[ident] = spectator
        hello = {"t": WATCH, "k": "hello", "g": self.config.game_no}
        for seat in range(self.config.players):
            frames = [hello] if sends is None else sends(seat, self.now)
            for frame in frames:
                self._post(ident, seat, msgpack.packb(frame, use_bin_type=True))
        return spectator

    def route(self, seat: int, outputs: list[Out]) -> None:
        """A seat's outputs, then its new feed frames to its spectators."""
        super().route(seat, outputs)
        desk = self.desks[seat] if seat < len(self.desks) else None
        core = self.cores[seat]
        if desk is None or core is None:
            return
        if desk.core is not core:  # the seat resumed: a fresh core feeds anew
            desk = self.desks[seat] = WatchDesk(core)
        for spectator, frame in desk.updates():
            self._post(seat, spectator, msgpack.packb(frame, use_bin_type=True))

    def _deliver(self, delivery: _Delivery) -> None:
        players = self.config.players
        if delivery.receiver < players and delivery.sender < players:
            super()._deliver(delivery)
        elif delivery.receiver >= players:
            self._to_spectator(delivery)
        else:
            self._to_seat_desk(delivery)

    def _to_seat_desk(self, delivery: _Delivery) -> None:
        """A spectator's frame at a seat: only its desk sees it."""
        seat, spectator = delivery.receiver, delivery.sender
        desk, core = self.desks[seat], self.cores[seat]
        if desk is None or core is None or seat in self.retired:
            return
        if any(s == seat for s, _ in self.dropped.get(spectator, [])):
            return  # disconnected
        try:
            frame = msgpack.unpackb(delivery.wire, raw=False)
            first = desk.receive(spectator, frame)
        except (SpectatorViolation, ValueError, msgpack.UnpackException) as exc:
            reason = exc.reason if isinstance(exc, SpectatorViolation) else repr(exc)
            desk.drop(spectator)
            self.dropped.setdefault(spectator, []).append((seat, reason))
            return
        if first is not None:
            self._post(seat, spectator, msgpack.packb(first, use_bin_type=True))

    def _to_spectator(self, delivery: _Delivery) -> None:
        """A seat's feed frame at a spectator."""
        spectator = self.spectators.get(delivery.receiver)
        if spectator is None or spectator.failed is not None:
            return
        frame = msgpack.unpackb(delivery.wire, raw=False)
        try:
            events = spectator.follower.receive(delivery.sender, frame)
            events += spectator.follower.verify()  # a simulated spectator is never busy
        except Disagreement as exc:
            spectator.failed = str(exc)
            return
        spectator.events.extend((self.now, event) for event in events)
        for check in spectator.checks:
            check(spectator)

    def finished(self) -> bool:
        """Every live core ended, and every honest spectator still watching saw the end."""
        return super().finished() and all(
            s.follower.ended is not None
            for s in self.spectators.values()
            if s.sends is None and s.failed is None and s.ident not in self.dropped
        )

    def feeding(self, seat: int) -> set[int]:
        """The spectators a seat feeds now."""
        desk = self.desks[seat]
        return set() if desk is None else set(desk.feeds)


def make_watched_table(players: int, variant: str = "throw-in", **kwargs: Any) -> WatchedTable:
    """`net.table.sim.make_table`, as a `WatchedTable`."""
    table = make_table(players, variant=variant, table_class=WatchedTable, **kwargs)
    assert isinstance(table, WatchedTable)
    return table


__all__ = ["SimSpectator", "SpectatorSends", "WatchedTable", "make_watched_table"]
