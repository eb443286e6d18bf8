"""A keys message that comes in its author's own signed frame has its Schnorr signature checked
only when it is used as evidence; one forwarded or shown by another seat is checked, and a
forgery names the seat that passed it on, never its author."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import net.dealing.peer as dealing_peer
from net.dealing.errors import CheatDetected
from net.table.core import TableCore
from net.table.forwarding import FORWARD
from net.table.reliable import Delivered, ProtocolViolation
from net.table.sim import SimulatedTable, make_table


def counted_schnorr(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the dealing core's checks of a message's own signature, by message type."""
    counts: Counter[str] = Counter()
    real = dealing_peer.verify_signature

    def counting(group: Any, public: bytes, named: bytes, sig: Any) -> None:
        counts["all"] += 1
        real(group, public, named, sig)

    monkeypatch.setattr(dealing_peer, "verify_signature", counting)
    return counts


def dealt_table(seed: int = 1) -> SimulatedTable:
    """A 3-seat table run until every seat's game has begun and a few moves are made."""
    table = make_table(3, seed=seed)
    table.start()
    while not all(core is not None and len(core.entries) > 2 for core in table.cores):
        table.step_until(table.now + 0.25)
        assert table.now < 60
    assert all(core is not None and core.over is None for core in table.cores)
    return table


def keys_from(core: TableCore, author: int) -> Delivered:
    """The first keys message of `author` that `core` holds, as the signed frame it came in."""
    return next(
        item
        for item in core.net.delivered[author]
        if item.payload.get("k") == "deal" and item.payload["m"]["type"] == "keys"
    )


def forged(item: Delivered) -> dict[str, Any]:
    """The frame's payload with the keys message's own signature changed."""
    message = dict(item.payload["m"])
    message["sig"] = bytes(64)
    return dict(item.payload, m=message)


def test_keys_on_their_authors_frames_are_not_checked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = counted_schnorr(monkeypatch)
    table = make_table(3, seed=1)
    keys = Counter[str]()
    real_receive = dealing_peer.DealingPeer.receive

    def receive(self: Any, message: Any, origin: Any = None, carried: Any = None) -> Any:
        if isinstance(message, dict) and message.get("type") == "keys":
            keys["received"] += 1
        return real_receive(self, message, origin, carried)

    monkeypatch.setattr(dealing_peer.DealingPeer, "receive", receive)
    table.start()
    table.step_until(3000)
    assert {over.reason for over in table.results().values()} == {"finished"}
    assert keys["received"] > 100
    # hellos, rosters, the passes and the audit's messages are still checked on receipt; the
    # keys held alike by every seat when the audit starts are never checked
    assert counts["all"] < keys["received"] / 4


def test_a_forwarded_forged_keys_message_is_the_forwarders_fault() -> None:
    table = dealt_table()
    core = table.cores[0]
    assert core is not None
    item = keys_from(core, 1)
    wire = {"f": 1, "s": item.seq, "p": forged(item), "g": item.sig}
    with pytest.raises(ProtocolViolation) as refused:
        core.receive(2, {"t": FORWARD, "e": wire}, table.now)
    assert refused.value.seat == 2
    assert core.over is None


def test_a_forged_keys_message_sent_as_ones_own_names_the_sender_not_the_author() -> None:
    table = dealt_table()
    core = table.cores[0]
    assert core is not None
    item = keys_from(core, 1)
    seq = core.net.next_from[2]
    frame = table.sign_as(2, {"t": "m", "s": seq, "p": forged(item)})
    core.receive(2, frame, table.now)
    assert core.over is not None and core.over.cheater == 2


def test_a_keys_message_with_a_bad_signature_names_its_author_once_it_is_evidence() -> None:
    """The author's own signed frames carry one keys message with a bad inner signature to every
    seat: taken (the frame proves who sent it), and its author named as soon as the message
    would leave this seat (a game file, the audit's log)."""
    table = make_table(3, seed=1)
    bad: list[int] = []

    def tamper(sender: int, receiver: int, frame: dict[str, Any]) -> dict[str, Any] | None:
        payload = frame.get("p")
        if (
            sender == 1
            and isinstance(payload, dict)
            and payload.get("k") == "deal"
            and payload["m"]["type"] == "keys"
            and bad in ([], [frame["s"]])
        ):  # the same version to every seat: only its own signature is bad
            bad[:] = [frame["s"]]
            message = dict(payload["m"], sig=bytes(64))
            return table.sign_as(1, dict(frame, p=dict(payload, m=message)))
        return frame

    table.tamper = tamper
    table.start()
    while not bad:
        table.step_until(table.now + 0.25)
    table.step_until(table.now + 0.25)
    core = table.cores[0]
    assert core is not None and bad
    assert core.over is None  # taken on its author's frame, not checked yet
    with pytest.raises(CheatDetected) as named:
        core.deals[0].messages()  # a game file: every message its author's evidence
    assert named.value.seat == 1
    assert "bad signature" in named.value.reason
    table.step_until(3000)  # the audit cites it: checked then, and its author named
    for seat in (0, 2):
        over = table.results()[seat]
        assert over.cheater == 1 and "bad signature" in over.evidence
