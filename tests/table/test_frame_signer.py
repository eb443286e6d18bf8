"""FrameSigner: a signature is remembered for what it covers, never for its number alone."""

from __future__ import annotations

from typing import Any

import pytest

import net.table.reliable as reliable
from net.identity import Identity
from net.table.reliable import (
    Delivered,
    Equivocation,
    FrameSigner,
    ProtocolViolation,
    ReliableBroadcast,
)

IDENTITIES = [Identity.from_seed(bytes([seat + 1]) * 32) for seat in range(3)]
KEYS = [identity.public_key for identity in IDENTITIES]
DOMAIN = b"d" * 32
VOTE = {"k": "vote", "i": 4, "n": 0, "bid": True, "h": "a" * 64}
OTHER_VOTE = dict(VOTE, bid=False)


def signer_of(seat: int) -> FrameSigner:
    return FrameSigner(DOMAIN, KEYS, IDENTITIES[seat].sign)


def counted_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the Ed25519 checks FrameSigner makes."""
    calls: list[int] = []
    real = reliable.verifies

    def counting(*args: Any) -> bool:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(reliable, "verifies", counting)
    return calls


def test_a_copied_signature_on_another_payload_fails_after_the_real_one_passed() -> None:
    sig = signer_of(1).sign(1, 7, VOTE)
    checker = signer_of(0)
    assert checker.check(Delivered(1, 7, VOTE, sig))
    assert not checker.check(Delivered(1, 7, OTHER_VOTE, sig))
    assert not checker.verifies(1, 8, VOTE, sig)  # another number: not what it signed
    assert not checker.verifies(2, 7, VOTE, sig)  # another seat's key


def test_a_message_seen_again_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    sig = signer_of(1).sign(1, 7, VOTE)
    checker = signer_of(0)
    calls = counted_checks(monkeypatch)
    assert checker.check(Delivered(1, 7, VOTE, sig))
    assert checker.evidence({"f": 1, "s": 7, "p": dict(VOTE), "g": sig}) is not None
    assert checker.check(Delivered(1, 7, dict(VOTE), sig))
    assert len(calls) == 1
    assert not checker.check(Delivered(1, 7, OTHER_VOTE, sig))
    assert len(calls) == 2  # a different payload is checked (and fails)


def test_a_failed_check_is_not_remembered_as_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    checker = signer_of(0)
    calls = counted_checks(monkeypatch)
    forged = bytes(64)
    assert not checker.check(Delivered(1, 7, VOTE, forged))
    assert not checker.check(Delivered(1, 7, VOTE, forged))
    assert len(calls) == 2


def test_a_second_payload_under_a_copied_signature_is_the_links_fault() -> None:
    """Seat 1 sent vote 1 signed; its link then sends another payload under number 1 with that
    signature copied: seat 1 signed no second payload, so nothing names it (no Equivocation)."""
    sender = ReliableBroadcast(1, 3, signer_of(1))
    receiver = ReliableBroadcast(0, 3, signer_of(0))
    frame = sender.broadcast(VOTE).frame
    delivered, _ = receiver.receive(1, frame, 0.0)
    assert [item.payload for item in delivered] == [VOTE]
    assert receiver.signer is not None and receiver.signer.check(delivered[0])
    copied = dict(frame, p=OTHER_VOTE)
    with pytest.raises(ProtocolViolation, match="no valid signature") as refused:
        receiver.receive(1, copied, 0.1)
    assert not isinstance(refused.value, Equivocation)
