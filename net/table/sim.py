"""A deterministic network simulator: table cores joined by seeded latency, loss, reordering,
duplication and crashes, with bots choosing moves. For tests and protocol experiments.
"""

from __future__ import annotations

import contextlib
import hashlib
import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack

from engine.bots import Bot
from engine.games import kind_for
from net.identity import Identity
from net.table.conduct import HONEST, SeatConduct
from net.table.config import SeatInfo, TableConfig
from net.table.core import GameOver, LinkViolation, Out, StateChanged, TableCore
from net.table.reliable import Outgoing, ProtocolViolation
from net.table.trump_choice import TrumpChoiceDue, bot_trump_choice

# tamper(sender, receiver, frame) -> the frame to deliver instead, or None to drop it. A tampered
# message frame is signed again with the sender's key (the tamper plays a hostile sender), unless
# the table is made with resign=False (the tamper plays the link).
Tamper = Callable[[int, int, dict[str, Any]], dict[str, Any] | None]


@dataclass
class NetworkConditions:
    """How the simulated network misbehaves (all seeded)."""

    latency: tuple[float, float] = (0.001, 0.010)
    loss: float = 0.0
    duplicate: float = 0.0


@dataclass(order=True)
class _Delivery:
    at: float
    order: int
    sender: int = field(compare=False)
    receiver: int = field(compare=False)
    wire: bytes = field(compare=False)


class SimulatedTable:
    """N table cores on a simulated network, each seat played by a bot."""

    def __init__(
        self,
        config: TableConfig,
        identities: list[Identity],
        bots: list[Bot],
        seed: int = 0,
        conditions: NetworkConditions | None = None,
        tamper: Tamper | None = None,
        make_core: Callable[[int], TableCore] | None = None,
        resign: bool = True,
        linger: float | None = None,
        conducts: dict[int, SeatConduct] | None = None,
    ) -> None:
        self.config = config
        self.resign = resign
        # Like a peer, a seat whose game is over stops (no ticks, frames to it lost) once every
        # other seat has all it sent, or `linger` seconds after its end; None: it never stops.
        self.linger = linger
        self.over_at: dict[int, float] = {}
        self.retired: set[int] = set()
        self.rng = random.Random(seed)
        self.conditions = conditions or NetworkConditions()
        self.tamper = tamper
        self.now = 0.0
        self.identities = identities
        self.seeds = [
            hashlib.sha256(f"sim-{seed}-{s}".encode()).digest() for s in range(config.players)
        ]
        chosen = conducts or {}  # a seat's conduct (a test's hostile seat); else honest
        self._make = make_core or (
            lambda s: TableCore(
                config, s, identities[s], self.seeds[s], 0.0, conduct=chosen.get(s, HONEST)
            )
        )
        self.cores: list[TableCore | None] = [self._make(s) for s in range(config.players)]
        # Every call made on each seat's core, in order: a crashed seat resumes by replaying them
        # into a fresh core (as a journal would).
        self.inputs: list[list[tuple[str, tuple[Any, ...]]]] = [[] for _ in range(config.players)]
        self.bots = bots
        self.trump_choosers = set(range(config.players))  # a dealer's bot names the trump at once
        self.queue: list[_Delivery] = []
        self.counter = 0
        self.events: list[list[Any]] = [[] for _ in range(config.players)]
        self.violations: list[tuple[int, int, str]] = []
        self.crashed: set[int] = set()
        self.watchers: list[Callable[[int, TableCore, list[Out]], None]] = []

    # --------------------------------------------------------------- plumbing

    def route(self, seat: int, outputs: list[Out]) -> None:
        """Send a seat's outgoing frames over the network and act on its events."""
        for item in outputs:
            if isinstance(item, Outgoing):
                targets = [item.to] if item.to is not None else range(self.config.players)
                wire = msgpack.packb(item.frame, use_bin_type=True)
                for target in targets:
                    if target != seat:
                        self._post(seat, target, wire)
            else:
                self.events[seat].append(item)
                if isinstance(item, GameOver):  # its linger runs from now, ticked or not
                    self.over_at.setdefault(seat, self.now)
                if isinstance(item, LinkViolation):
                    self.violations.append((seat, item.seat, item.reason))
                if isinstance(item, StateChanged):
                    self._play_bot(seat)
                if isinstance(item, TrumpChoiceDue) and seat in self.trump_choosers:
                    suit = bot_trump_choice(self.bots[seat])  # the dealer's bot names the trump
                    self.route(seat, self._call(seat, "name_trump", suit))
        core = self.cores[seat]
        if core is not None:
            for watcher in self.watchers:
                watcher(seat, core, outputs)

    def watch(self, watcher: Callable[[int, TableCore, list[Out]], None]) -> None:
        """Call `watcher(seat, core, outputs)` after each batch of a live seat's outputs is routed
        (tests use it to check a core's state after every step)."""
        self.watchers.append(watcher)

    def _post(self, sender: int, receiver: int, wire: bytes) -> None:
        cond = self.conditions
        copies = 1
        if self.rng.random() < cond.loss:
            copies = 0
        elif self.rng.random() < cond.duplicate:
            copies = 2
        for _ in range(copies):
            self.counter += 1
            delay = self.rng.uniform(*cond.latency)
            heapq.heappush(
                self.queue, _Delivery(self.now + delay, self.counter, sender, receiver, wire)
            )

    def _play_bot(self, seat: int) -> None:
        core = self.cores[seat]
        if core is None or core.game is None or core.over is not None or core.game_finished:
            return
        if not core.my_turn or core.intent is not None:
            return
        action = self.bots[seat].choose(core.game, seat)
        self.route(seat, self._call(seat, "intend", action))

    # --------------------------------------------------------------- running

    def start(self) -> None:
        """Start every core."""
        for seat, core in enumerate(self.cores):
            if core is not None:
                self.route(seat, self._call(seat, "start", self.now))

    def step_until(self, deadline: float, tick: float = 0.25) -> None:
        """Deliver frames and tick cores until simulated time `deadline`."""
        next_tick = self.now
        while self.now < deadline:
            if self.queue and self.queue[0].at <= next_tick:
                delivery = heapq.heappop(self.queue)
                self.now = max(self.now, delivery.at)
                self._deliver(delivery)
            else:
                self.now = next_tick
                for seat, core in enumerate(self.cores):
                    if core is not None and not self._retire(seat, core):
                        self.route(seat, self._call(seat, "tick", self.now))
                        self._play_bot(seat)
                next_tick += tick
            if self.finished():
                return

    def _retire(self, seat: int, core: TableCore) -> bool:
        """Tell whether a seat whose game is over has stopped (see `linger`)."""
        if seat in self.retired:
            return True
        if self.linger is None or core.over is None:
            return False
        ended = self.over_at.setdefault(seat, self.now)
        others = [s for s in range(self.config.players) if s != seat]
        if core.net.all_acked(others) or self.now - ended > self.linger:
            self.retired.add(seat)
            return True
        return False

    def _deliver(self, delivery: _Delivery) -> None:
        core = self.cores[delivery.receiver]
        if core is None or delivery.receiver in self.retired:
            return
        frame = msgpack.unpackb(delivery.wire, raw=False)
        if self.tamper is not None:
            original = frame
            frame = self.tamper(delivery.sender, delivery.receiver, dict(frame))
            if frame is None:
                return
            if self.resign and frame != original and frame.get("g") == original.get("g"):
                frame = self.sign_as(delivery.sender, frame)  # unless the tamper chose a signature
        try:
            outputs = self._call(delivery.receiver, "receive", delivery.sender, frame, self.now)
            self.route(delivery.receiver, outputs)
        except ProtocolViolation as exc:
            self.violations.append((delivery.receiver, exc.seat, exc.reason))

    def sign_as(self, sender: int, frame: Any) -> Any:
        """The frame with its payload signed by `sender`'s identity (a hostile seat's message)."""
        if not isinstance(frame, dict) or frame.get("t") != "m":
            return frame
        seq, payload = frame.get("s"), frame.get("p")
        if not isinstance(seq, int) or not isinstance(payload, dict):
            return frame
        signer = TableCore.frame_signer(self.config, self.identities[sender])
        return dict(frame, g=signer.sign(sender, seq, payload))

    def finished(self) -> bool:
        """Every live core has reached its game-over verdict."""
        live = [c for c in self.cores if c is not None]
        return bool(live) and all(c.over is not None for c in live)

    def _call(self, seat: int, method: str, *args: Any) -> list[Out]:
        """Call a live core's method, recording the call for a later resume."""
        core = self.cores[seat]
        assert core is not None
        self.inputs[seat].append((method, args))
        result: list[Out] = getattr(core, method)(*args)
        return result

    def resume(self, seat: int) -> None:
        """Restart a crashed seat: a fresh core replays every call the old one took (its
        outputs are not sent again: the reliable layer resends what others lack)."""
        core = self._make(seat)
        for method, args in self.inputs[seat]:
            with contextlib.suppress(ProtocolViolation):  # refused the first time too
                getattr(core, method)(*args)
        self.cores[seat] = core
        self.crashed.discard(seat)
        self.retired.discard(seat)
        self.over_at.pop(seat, None)

    def crash(self, seat: int) -> None:
        """Kill a core (its in-flight frames are lost)."""
        self.cores[seat] = None
        self.crashed.add(seat)

    def results(self) -> dict[int, GameOver]:
        """Each live core's game over, by seat."""
        return {s: c.over for s, c in enumerate(self.cores) if c is not None and c.over is not None}


def make_table(
    players: int,
    variant: str = "throw-in",
    options: dict[str, Any] | None = None,
    bots: str = "heuristic",
    seed: int = 0,
    table_class: type[SimulatedTable] | None = None,
    **kwargs: Any,
) -> SimulatedTable:
    """A simulated table with fresh identities and bots named like "heuristic,random"
    (`table_class`: a subclass of SimulatedTable to build, such as a watched table)."""
    identities = [
        Identity.from_seed(hashlib.sha256(f"id-{seed}-{s}".encode()).digest())
        for s in range(players)
    ]
    names = ["North", "East", "South", "West", "Centre", "Far"]
    seats = tuple(
        SeatInfo(
            names[s % len(names)] + ("" if s < len(names) else str(s)), identities[s].public_key
        )
        for s in range(players)
    )
    config = TableConfig(
        table_id=f"sim-{seed}",
        game_no=0,
        variant=variant,
        options=tuple(sorted((options or {}).items())),
        seats=seats,
    )
    kinds = bots.split(",")
    make = kind_for(variant).make_bot
    bot_list = [make(kinds[s % len(kinds)], seed * 100 + s) for s in range(players)]
    return (table_class or SimulatedTable)(config, identities, bot_list, seed=seed, **kwargs)
