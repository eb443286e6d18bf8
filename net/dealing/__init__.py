"""Fair dealing: a verifiable mental-poker shuffle and deal among the peers (sans-I/O)."""

from net.dealing.context import DealContext, SeatSecrets
from net.dealing.errors import CheatDetected, DealingError, UsageError
from net.dealing.events import AuditFinished, Left, Opened, Ready, Verdict
from net.dealing.peer import DealingPeer, Output

__all__ = [
    "AuditFinished",
    "CheatDetected",
    "DealContext",
    "DealingError",
    "DealingPeer",
    "Left",
    "Opened",
    "Output",
    "Ready",
    "SeatSecrets",
    "UsageError",
    "Verdict",
]
