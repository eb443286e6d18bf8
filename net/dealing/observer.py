"""A deal seen by nobody's seat: every seat's signed messages checked, proofs and audit included.

`DealObserver` is a `DealingPeer` that holds no seat (`OBSERVER`): it takes every seat's
messages, checks each signature, binding and proof exactly as a seat checks them, never sends
one, and once every seat revealed its secrets runs the same end-of-game audit (`run_audit`).
A kept game file is verified this way on any computer.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from net.dealing.audit import run_audit
from net.dealing.context import DealContext
from net.dealing.events import Verdict
from net.dealing.peer import OBSERVER, CheckBinding, DealingPeer


def _never_signs(data: bytes) -> bytes:
    """An observer binds no key to an identity (it never says hello)."""
    raise RuntimeError("an observer never signs")


class DealObserver(DealingPeer):
    """One deal checked from outside: messages in, CheatDetected or DealingError when one fails."""

    def __init__(
        self,
        context: DealContext,
        parents: Sequence[DealObserver] = (),
        check_binding: CheckBinding | None = None,
    ) -> None:
        super().__init__(
            context,
            OBSERVER,
            seed=secrets.token_bytes(32),
            parent=list(parents) or None,
            bind=_never_signs if check_binding is not None else None,
            check_binding=check_binding,
        )

    def take_all(self, messages: Sequence[Any], check_proofs: bool = True) -> None:
        """Take every message of the deal (any order); with `check_proofs`, run every deferred
        proof check too. Raises CheatDetected naming the seat whose message fails."""
        for message in sorted(messages, key=_slot):
            sender = message.get("sender") if isinstance(message, dict) else None
            self.receive(message, origin=sender if isinstance(sender, int) else None)
        if check_proofs:
            self.verify_pending()

    def revealed(self) -> set[int]:
        """The seats whose secrets the audit revealed (or that published their keys leaving)."""
        return set(self.audit_reveals) | set(self.left)

    def fully_revealed(self) -> bool:
        """Every seat revealed its secrets or published its keys: the deck can be opened."""
        return self.revealed() >= set(range(self.context.players))

    def audit(self) -> Verdict:
        """The end-of-game audit on what the deal's messages hold (`run_audit`)."""
        data = self._audit_input()
        return run_audit(data)


def _slot(message: Any) -> tuple[int, int]:
    """A message's (number, sender), for feeding in protocol order."""
    if not isinstance(message, dict):
        return (-1, -1)
    seq, sender = message.get("seq"), message.get("sender")
    return (seq if type(seq) is int else -1, sender if type(sender) is int else -1)


__all__ = ["DealObserver"]
