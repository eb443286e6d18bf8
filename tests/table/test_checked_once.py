"""Each signed byte string is checked once: a move's log entry signature on receipt stands for
its frame's, whose check waits until the frame is used as evidence."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest

import net.table.reliable as reliable
from net.table.events import LinkViolation
from net.table.forwarding import FORWARD
from net.table.sim import make_table

FRAME_HEAD = len(b"durak-frame\x00") + 32 + 1 + 8  # label, domain, seat, number


def counted_checks(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the Ed25519 checks the table makes, by what they cover: "frame:<kind>" or "act"."""
    counts: Counter[str] = Counter()
    real = reliable.verifies

    def counting(key: bytes, sig: Any, message: bytes) -> bool:
        if message.startswith(b"durak-frame\x00"):
            payload = msgspec.msgpack.decode(message[FRAME_HEAD:])
            counts[f"frame:{payload.get('k')}"] += 1
        elif message.startswith(b"durak-act\x00"):
            counts["act"] += 1
        else:
            counts["other"] += 1
        return real(key, sig, message)

    monkeypatch.setattr(reliable, "verifies", counting)
    return counts


def test_a_move_from_its_author_costs_one_signature_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = counted_checks(monkeypatch)
    table = make_table(3, seed=1)
    table.start()
    table.step_until(3000)
    assert {over.reason for over in table.results().values()} == {"finished"}
    moves = len(table.cores[0].entries)  # type: ignore[union-attr]
    assert moves > 10
    assert counts["act"] == 2 * moves  # each move's entry, once at each other seat
    assert counts["frame:act"] == 0  # its frame's signature: only when shown as evidence
    assert counts["frame:vote"] > 0  # a payload with no signature inside is checked on receipt


def test_a_move_frame_with_a_bad_signature_is_never_passed_on() -> None:
    """Seat 1 signs its move's entry but not the frame seat 0 gets, and never gives seat 2 the
    move: seat 0 takes the move (its entry proves it) but does not forward that frame to seat 2
    as seat 1's message; it reports seat 1's link instead, and no honest seat is named."""
    bad = bytes(64)

    def tamper(sender: int, receiver: int, frame: dict[str, Any]) -> dict[str, Any] | None:
        payload = frame.get("p")
        if sender == 1 and isinstance(payload, dict) and payload.get("k") == "act":
            return None if receiver == 2 else dict(frame, g=bad)
        return frame

    table = make_table(3, seed=1, tamper=tamper)
    forwarded: list[Any] = []
    real_post = table._post

    def post(sender: int, target: int, wire: bytes) -> None:
        frame = msgspec.msgpack.decode(wire)
        if frame.get("t") == FORWARD and frame["e"].get("g") == bad:
            forwarded.append(frame)
        real_post(sender, target, wire)

    table._post = post  # type: ignore[method-assign]
    table.start()
    table.step_until(400)
    core0 = table.cores[0]
    assert core0 is not None
    assert any(item.payload.get("k") == "act" for item in core0.net.delivered[1])
    assert forwarded == []
    reported = [o for o in table.events[0] if isinstance(o, LinkViolation)]
    assert reported and {o.seat for o in reported} == {1}
    for over in table.results().values():
        assert over.cheater in (None, 1)
