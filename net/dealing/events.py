"""Events the dealing core reports to the table layer (alongside outgoing messages)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Ready:
    """Both passes are done: every position is locked under every seat's per-card key."""

    session: bytes
    positions: int


@dataclass(frozen=True)
class Opened:
    """A position was opened to this seat: its physical card index and card text."""

    position: int
    index: int
    card: str


@dataclass(frozen=True)
class Left:
    """A seat left gracefully and published its keys; dealing goes on without it."""

    seat: int


@dataclass(frozen=True)
class Verdict:
    """The outcome of the end-of-game audit: cheaters with evidence, forfeits, other problems."""

    cheaters: dict[int, list[str]] = field(default_factory=dict)
    forfeits: tuple[int, ...] = ()
    problems: tuple[str, ...] = ()
    deck: tuple[str, ...] | None = None

    @property
    def ok(self) -> bool:
        """True when nobody cheated, nobody forfeited and no problem was found."""
        return not self.cheaters and not self.forfeits and not self.problems


@dataclass(frozen=True)
class AuditFinished:
    """The audit is over; the verdict is the same at every honest peer."""

    verdict: Verdict
