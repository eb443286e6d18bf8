"""Ending a game without the seats that left: signed statements of absence, sans-I/O.

A seat silent for longer than the resume window has left. Every seat that stayed signs a
statement `{"k": "gone", "seats": [...], "i": log length, "h": log hash, "sig": ...}` with its
identity key over the table's config digest, and broadcasts it. Statements are never taken
back. Once every seat outside a set S has signed a statement naming exactly S, with log hashes
that are prefixes of one another, the game ends at every peer that holds those statements:
at least half the seats must have stayed (a seat cut off from the rest cannot name them);
the seats of S are fools by forfeit (in a team game the team of the lowest of them), nobody
else loses, and the log is cut at the shortest stated length. A seat named in S that comes
back gets the same statements (the others keep answering within the resume window) and ends
with the same result. docs/protocol.md ("Resume window") explains the choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.dealing.messages import canonical_bytes as canonical
from net.identity import Identity, SignatureError, verify_signature
from net.table.reliable import ProtocolViolation

GONE = "gone"
"""The `k` of a statement of absence."""
RESUME_WINDOW = 120.0
"""Seconds a silent seat may take to come back before the table goes on without it (default)."""
MAX_STATEMENTS = 16
"""Statements (different absent sets) one seat may sign in one game; more is a violation."""


@dataclass(frozen=True)
class Departure:
    """The agreed end: who left, the log it ends on, and the statements that prove it."""

    absent: tuple[int, ...]
    entries: int
    log_hash: str
    statements: dict[int, dict[str, Any]]

    @property
    def signed_by(self) -> tuple[int, ...]:
        """The seats that stayed and signed."""
        return tuple(sorted(self.statements))

    def result(self, teams: bool) -> dict[str, Any]:
        """The game result: the lowest absent seat is the fool (its team loses in a team game)."""
        fool = self.absent[0]
        result: dict[str, Any] = {
            "over": True,
            "fool": fool,
            "draw": False,
            "out": [],
            "forfeits": list(self.absent),
            "signed_by": list(self.signed_by),
        }
        if teams:
            result["losing_team"] = fool % 2
        return result


def signed_bytes(config_digest: bytes, statement: dict[str, Any]) -> bytes:
    """The bytes a statement's signature covers (everything but the signature)."""
    unsigned = {k: v for k, v in statement.items() if k != "sig"}
    return b"durak-gone\x00" + config_digest + canonical(unsigned)


@dataclass
class Absence:
    """One seat's view of the statements of absence in one game."""

    seat: int
    players: int
    keys: tuple[bytes, ...]
    config_digest: bytes
    statements: dict[int, dict[tuple[int, ...], dict[str, Any]]] = field(default_factory=dict)

    def state(
        self, identity: Identity, absent: tuple[int, ...], entries: int, log_hash: str
    ) -> dict[str, Any] | None:
        """This seat's signed statement that `absent` left (None when it already signed it)."""
        if not absent or self.seat in absent or absent in self.statements.get(self.seat, {}):
            return None
        statement: dict[str, Any] = {"k": GONE, "seats": list(absent), "i": entries, "h": log_hash}
        statement["sig"] = identity.sign(signed_bytes(self.config_digest, statement))
        self.statements.setdefault(self.seat, {})[absent] = statement
        return statement

    def receive(self, sender: int, statement: dict[str, Any]) -> None:
        """Keep another seat's statement; ProtocolViolation naming it when it is malformed."""
        seats, entries, log_hash = statement.get("seats"), statement.get("i"), statement.get("h")
        if (
            set(statement) != {"k", "seats", "i", "h", "sig"}
            or statement["k"] != GONE
            or not isinstance(seats, list)
            or not seats
            or not all(type(s) is int and 0 <= s < self.players for s in seats)
            or seats != sorted(set(seats))
            or sender in seats
            or type(entries) is not int
            or entries < 0
            or not isinstance(log_hash, str)
            or len(log_hash) != 64
        ):
            raise ProtocolViolation(sender, "malformed statement of absence")
        try:
            verify_signature(
                self.keys[sender], statement["sig"], signed_bytes(self.config_digest, statement)
            )
        except (SignatureError, TypeError, ValueError, OverflowError):
            raise ProtocolViolation(sender, "statement of absence with a bad signature") from None
        mine = self.statements.setdefault(sender, {})
        absent = tuple(seats)
        if absent in mine:
            if mine[absent] != statement:
                raise ProtocolViolation(sender, "two different statements of one absence")
            return
        if len(mine) >= MAX_STATEMENTS:
            raise ProtocolViolation(sender, "too many statements of absence")
        mine[absent] = statement

    def agreed(self, hashes: list[str]) -> Departure | None:
        """The end every stayer signed, when there is one; `hashes` is this seat's log hash chain
        (hashes[i] after i entries), against which each stated log is checked."""
        candidates = {a for by_seat in self.statements.values() for a in by_seat}
        for absent in sorted(candidates, key=lambda a: (len(a), a)):
            stayers = [s for s in range(self.players) if s not in absent]
            if 2 * len(stayers) < self.players:
                continue  # a minority (a seat cut off from the rest) cannot name the others
            if not all(absent in self.statements.get(s, {}) for s in stayers):
                continue
            chosen = {s: self.statements[s][absent] for s in stayers}
            shortest = min(chosen.values(), key=lambda st: int(st["i"]))
            if any(
                int(st["i"]) < len(hashes) and hashes[int(st["i"])] != st["h"]
                for st in chosen.values()
            ):
                continue  # a log that is not ours: nothing this seat can agree to
            return Departure(absent, int(shortest["i"]), str(shortest["h"]), chosen)
        return None
