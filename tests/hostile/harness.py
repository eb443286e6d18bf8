"""A hostile seat scripted per message on the deterministic simulator.

`Hostile(table, seat)` plays one seat of a `SimulatedTable` with the honest core, but every frame
it sends passes through its script first: rules that match a message (by kind, receiver, ...) can
drop, delay, duplicate, reorder, equivocate (send different receivers different signed messages),
forge (a signature that is not the sender's), malform or fuzz it. What the seat sends is signed
with its own identity unless a rule forges the signature, as a real hostile peer would.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack

from net.table.core import GameOver
from net.table.sim import SimulatedTable, _Delivery

Frame = dict[str, Any]
LATE = "__late__"  # marks a frame a delay rule sends on later
Match = Callable[[int, Frame], bool]  # (receiver, frame) -> does the rule apply


def kind_of(frame: Frame) -> str:
    """The payload kind of a message frame ("deal:keys" for a dealing message), "" otherwise."""
    payload = frame.get("p")
    if frame.get("t") != "m" or not isinstance(payload, dict):
        return ""
    if payload.get("k") == "deal" and isinstance(payload.get("m"), dict):
        return f"deal:{payload['m'].get('type')}"
    return str(payload.get("k"))


def kind(
    name: str, receivers: tuple[int, ...] | None = None, times: int = 1, resends: bool = True
) -> Match:
    """Match the first `times` messages of one kind (to some receivers), and their resends
    too unless `resends` is False (a dropped message then gets through when it is resent)."""
    seen: dict[int, set[int]] = {}

    def match(receiver: int, frame: Frame) -> bool:
        if kind_of(frame) != name or (receivers is not None and receiver not in receivers):
            return False
        numbers = seen.setdefault(receiver, set())
        if frame["s"] in numbers:
            return resends  # a resend of a message already matched
        if len(numbers) >= times:
            return False
        numbers.add(frame["s"])
        return True

    return match


@dataclass
class Rule:
    """What to do to a matching frame: action is drop, delay, duplicate, reorder, replace."""

    match: Match
    action: str
    delay: float = 0.0
    change: Callable[[int, Frame], Frame | None] | None = None


@dataclass
class Hostile:
    """One scripted hostile seat of a simulated table."""

    table: SimulatedTable
    seat: int
    rules: list[Rule] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    applied: list[tuple[str, int, str]] = field(default_factory=list)  # (action, receiver, kind)

    def __post_init__(self) -> None:
        previous = self.table.tamper

        def tamper(sender: int, receiver: int, frame: Frame) -> Frame | None:
            if frame.pop(LATE, None):
                return frame  # sent on by a delay rule: already scripted
            if previous is not None:
                changed = previous(sender, receiver, frame)
                if changed is None:
                    return None
                frame = changed
            if sender != self.seat:
                return frame
            return self._script(receiver, frame)

        self.table.tamper = tamper

    def on(self, match: Match, action: str, **kwargs: Any) -> Hostile:
        """Add a rule; returns self for chaining."""
        self.rules.append(Rule(match, action, **kwargs))
        return self

    def _script(self, receiver: int, frame: Frame) -> Frame | None:
        for rule in self.rules:
            if not rule.match(receiver, frame):
                continue
            self.applied.append((rule.action, receiver, kind_of(frame)))
            if rule.action == "drop":
                return None
            if rule.action in ("delay", "reorder"):
                wait = rule.delay or self.rng.uniform(0.05, 0.5)
                self._later(receiver, frame, wait)
                return None
            if rule.action == "duplicate":
                self._later(receiver, frame, 0.001)
                return frame
            if rule.action == "replace":
                assert rule.change is not None
                return rule.change(receiver, frame)
            raise ValueError(f"unknown action {rule.action!r}")
        return frame

    def _later(self, receiver: int, frame: Frame, wait: float) -> None:
        """Deliver a frame later, past the script (as sent: signed as the seat sent it)."""
        table = self.table
        table.counter += 1
        wire = msgpack.packb(dict(frame, **{LATE: True}), use_bin_type=True)
        heapq.heappush(
            table.queue, _Delivery(table.now + wait, table.counter, self.seat, receiver, wire)
        )


def honest_seats(table: SimulatedTable, hostile: int) -> list[int]:
    """Every seat but the hostile one."""
    return [s for s in range(table.config.players) if s != hostile]


def run_until_honest_end(table: SimulatedTable, hostile: int, limit: float = 900.0) -> None:
    """Step the table until every honest core has ended (or simulated time `limit`)."""
    while table.now < limit:
        honest = [table.cores[s] for s in honest_seats(table, hostile)]
        if all(core is None or core.over is not None for core in honest):
            return
        table.step_until(table.now + 0.5)


def end_times(table: SimulatedTable) -> dict[int, float]:
    """When each seat's GameOver came out (simulated time), recorded by a watcher."""
    return dict(getattr(table, "_end_times", {}))


def record_end_times(table: SimulatedTable) -> None:
    """Watch the table and note the simulated time of each seat's GameOver."""
    times: dict[int, float] = {}
    table._end_times = times  # type: ignore[attr-defined]

    def watch(seat: int, core: Any, outputs: list[Any]) -> None:
        if seat not in times and any(isinstance(o, GameOver) for o in outputs):
            times[seat] = table.now

    table.watch(watch)
