"""Reliable, per-sender ordered broadcast over lossy links: sequence numbers, acks and resends.

Each peer numbers what it broadcasts (1, 2, ...) and keeps it; receivers deliver each sender's
messages in order exactly once. Heartbeats carry what a peer has received from everyone, so a
sender resends what a receiver lacks. Sans-I/O: frames in, frames out, time passed in.

With a signer, every payload is signed by the sender's identity key over the game's domain, the
sender's seat and the payload's number, so every delivered payload is evidence of what its sender
said. Every payload's signature is checked on receipt (`FrameSigner.check`, which remembers the
valid ones, so a resend or its later use as evidence costs no second check): a frame that fails
its schema, or one signed for another table, game or seat or with another key, is refused at the
link as its sender's fault (ProtocolViolation; a table hello signed under another configuration
is the core's to judge: the host gave that seat another one); two different signed payloads with
one number are the sender's (Equivocation, with both). A payload that `vouched` finds signed
inside by its sender for this table, game and kind (a move's log entry) is taken without a second
check of its frame signature, which is checked when the frame is used as evidence (forwarded,
shown in a verdict: `FrameSigner.check`, remembered).

Every seat keeps, per author, a running hash of the payloads it holds in number order (`chained`,
its own sent ones included), and every heartbeat carries the hash at each count it reports
(`hh`): two seats holding different versions of one author's message see it at the next
heartbeat, whatever the kind (docs/protocol.md, "What each seat holds").
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from net.crypto.signatures import verifies
from net.dealing.messages import canonical_bytes
from net.table.schema import check_received, check_signed_frame

Payload = dict[str, Any]
RESEND_BATCH = 64
HELD_START = hashlib.sha256(b"durak-held\x00").digest()
"""The running hash of an author's messages before the first (`chained`)."""
MAX_AHEAD = 4096  # a sender may run this many payloads ahead of the first one missing


def chained(head: bytes, payload: Payload) -> bytes:
    """The running hash of one author's messages once `payload`, its next by number, is held."""
    return hashlib.sha256(head + canonical_bytes(payload)).digest()


class ProtocolViolation(Exception):
    """A frame that breaks the protocol; `seat` is the sender at fault."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason


@dataclass(frozen=True)
class Delivered:
    """A payload as its sender numbered and signed it (signature None on an unsigned layer)."""

    sender: int
    seq: int
    payload: Payload
    sig: bytes | None = None
    # The payload passed `check_payload` on receipt, so the core need not check it again.
    well_formed: bool = field(default=False, compare=False, repr=False)

    def as_wire(self) -> dict[str, Any]:
        """The signed frame as evidence: sender, number, payload, signature."""
        return {"f": self.sender, "s": self.seq, "p": self.payload, "g": self.sig}


class Equivocation(ProtocolViolation):
    """A seat signed two different payloads that cannot both stand; `frames` prove it."""

    def __init__(self, seat: int, reason: str, frames: Sequence[Delivered]) -> None:
        super().__init__(seat, reason)
        self.frames = tuple(frames)


@dataclass
class Outgoing:
    """A frame to send: `to` is a seat, or None for every other seat."""

    to: int | None
    frame: dict[str, Any]


class FrameSigner:
    """Signs and checks payloads of one game: identity keys by seat, bound to a domain."""

    def __init__(
        self, domain: bytes, keys: Sequence[bytes], sign: Callable[[bytes], bytes] | None = None
    ) -> None:
        self.domain = domain
        self.keys = tuple(keys)
        self._sign = sign
        # Signatures found valid: (signer, signature, SHA-256 of the signed bytes). Keyed on what
        # the signature covers, so a copied signature on another payload is checked, and fails.
        self._checked: set[tuple[int, bytes, bytes]] = set()

    def signed_bytes(self, sender: int, seq: int, payload: Payload) -> bytes:
        """What a payload's signature covers."""
        head = b"durak-frame\x00" + self.domain + bytes([sender]) + seq.to_bytes(8, "big")
        return head + canonical_bytes(payload)

    def sign(self, sender: int, seq: int, payload: Payload) -> bytes:
        """This seat's signature of its payload number `seq`."""
        assert self._sign is not None
        return self._sign(self.signed_bytes(sender, seq, payload))

    def verifies(self, sender: int, seq: int, payload: Payload, sig: Any) -> bool:
        """Tell whether `sig` is seat `sender`'s signature of this payload."""
        if not 0 <= sender < len(self.keys) or type(sig) is not bytes or len(sig) != 64:
            return False
        try:
            signed = self.signed_bytes(sender, seq, payload)
        except (TypeError, ValueError, OverflowError, msgspec.EncodeError):
            return False  # not plain data (mixed key types, a huge number): nobody signed it
        return self.verifies_raw(sender, sig, signed)

    def verifies_raw(self, sender: int, sig: Any, message: bytes) -> bool:
        """Tell whether `sig` is seat `sender`'s identity signature of `message` (a valid one is
        remembered: the same message and signature seen again, forwarded, shown as a certificate
        or as evidence, is not checked again)."""
        if not 0 <= sender < len(self.keys) or type(sig) is not bytes:
            return False
        key = (sender, sig, hashlib.sha256(message).digest())
        if key in self._checked:
            return True
        if not verifies(self.keys[sender], sig, message):
            return False
        self._checked.add(key)
        return True

    def check(self, item: Delivered) -> bool:
        """Tell whether a delivered payload carries its sender's valid signature."""
        return item.sig is not None and self.verifies(item.sender, item.seq, item.payload, item.sig)

    def evidence(self, frame: Any) -> Delivered | None:
        """A signed frame from a verdict, checked (None: malformed or not its sender's)."""
        if check_signed_frame(frame) is not None:
            return None
        item = Delivered(frame["f"], frame["s"], frame["p"], frame["g"])
        return item if self.verifies(item.sender, item.seq, item.payload, item.sig) else None


@dataclass
class ReliableBroadcast:
    """One seat's end of the ordered broadcast among `players` seats."""

    seat: int
    players: int
    signer: FrameSigner | None = None
    sent: list[Payload] = field(default_factory=list)
    sent_sigs: list[bytes | None] = field(default_factory=list)
    next_from: list[int] = field(default_factory=list)
    pending: list[dict[int, Delivered]] = field(default_factory=list)
    delivered: list[list[Delivered]] = field(default_factory=list)
    acked: list[int] = field(default_factory=list)
    last_heard: list[float] = field(default_factory=list)
    nacked: dict[int, int] = field(default_factory=dict)
    # Per author, the running hash after each of its messages held in order (`chained`).
    heads: list[list[bytes]] = field(default_factory=list)
    # Tells whether a received payload's own signature binds it to its sender, this table, game
    # and kind (then its frame signature is checked only when the frame is used as evidence).
    vouched: Callable[[Delivered], bool] | None = None

    def __post_init__(self) -> None:
        self.next_from = self.next_from or [1] * self.players
        self.pending = self.pending or [{} for _ in range(self.players)]
        self.delivered = self.delivered or [[] for _ in range(self.players)]
        self.acked = self.acked or [0] * self.players
        self.last_heard = self.last_heard or [0.0] * self.players
        self.heads = self.heads or [[] for _ in range(self.players)]

    def broadcast(self, payload: Payload) -> Outgoing:
        """Number (and sign) a payload for everyone and return the frame to send."""
        self.sent.append(payload)
        self._hold(self.seat, payload)
        seq = len(self.sent)
        sig = None if self.signer is None else self.signer.sign(self.seat, seq, payload)
        self.sent_sigs.append(sig)
        return Outgoing(None, self._frame(seq))

    def last_sent(self) -> Delivered:
        """This seat's latest payload as signed evidence."""
        seq = len(self.sent)
        return Delivered(self.seat, seq, self.sent[seq - 1], self.sent_sigs[seq - 1])

    def _frame(self, seq: int) -> dict[str, Any]:
        frame = {"t": "m", "s": seq, "p": self.sent[seq - 1]}
        sig = self.sent_sigs[seq - 1]
        if sig is not None:
            frame["g"] = sig
        return frame

    def have(self) -> list[int]:
        """For every seat, the highest sequence number delivered in order from it."""
        have = [n - 1 for n in self.next_from]
        have[self.seat] = len(self.sent)
        return have

    def head(self, author: int, count: int) -> bytes:
        """The running hash of `author`'s first `count` messages as this seat holds them."""
        return HELD_START if count == 0 else self.heads[author][count - 1]

    def heads_held(self) -> list[bytes]:
        """For every seat, the running hash of all its messages this seat holds (`have`)."""
        return [self.head(author, count) for author, count in enumerate(self.have())]

    def _hold(self, author: int, payload: Payload) -> None:
        heads = self.heads[author]
        heads.append(chained(heads[-1] if heads else HELD_START, payload))

    def heartbeat_frame(self) -> dict[str, Any]:
        """What this seat holds: the count and the running hash of every seat's messages."""
        return {"t": "hb", "have": self.have(), "hh": self.heads_held()}

    def heartbeat(self) -> Outgoing:
        """A heartbeat telling everyone what this seat has received."""
        return Outgoing(None, self.heartbeat_frame())

    def receive(
        self, sender: int, frame: Any, now: float
    ) -> tuple[list[Delivered], list[Outgoing]]:
        """Take a frame from `sender`; return payloads now deliverable in order, and replies."""
        if not 0 <= sender < self.players or sender == self.seat:
            raise ProtocolViolation(sender, "frame from an unknown seat")
        problem, well_formed = check_received(frame)  # the payload's schema too, just once
        if problem is not None:
            raise ProtocolViolation(sender, problem)
        self.last_heard[sender] = now
        if frame["t"] == "hb":
            return [], self._heartbeat(sender, frame["have"], frame.get("hh"))
        seq, payload, sig = frame["s"], frame["p"], frame.get("g")
        if self.signer is not None and sig is None:
            raise ProtocolViolation(sender, f"message {seq} is not signed")
        item = Delivered(sender, seq, payload, sig, well_formed)
        if (
            self.signer is not None
            and not (well_formed and payload.get("k") == "hello")
            and not (well_formed and self.vouched is not None and self.vouched(item))
            and not self.signer.check(item)
        ):  # refused before it takes a number, which stays free for the real message; a table
            # hello is judged by the core (signed under another configuration: a host that gave
            # this seat another one, `TableCore._hello`); a payload signed inside for this table
            # and game (`vouched`: a move's entry) needs no second check of the same claim now
            raise ProtocolViolation(
                sender,
                f"message {item.seq} carries no valid signature for this table, game and seat",
            )
        delivered = self.accept(item)
        if self.pending[sender] and self.nacked.get(sender) != self.next_from[sender]:
            # A gap: ask the sender at once for what is missing (a heartbeat says what we have).
            self.nacked[sender] = self.next_from[sender]
            return delivered, [Outgoing(sender, self.heartbeat_frame())]
        return delivered, []

    def accept(self, item: Delivered) -> list[Delivered]:
        """Take one checked payload of another seat (from its link, or shown as evidence)."""
        sender, seq = item.sender, item.seq
        if seq < self.next_from[sender]:
            earlier = self.delivered[sender][seq - 1]
            if earlier.payload != item.payload:
                raise self._conflict(earlier, item)
            return []  # a duplicate: already delivered
        if seq >= self.next_from[sender] + MAX_AHEAD:
            raise ProtocolViolation(sender, f"message {seq} is too far ahead of the missing ones")
        held = self.pending[sender]
        if seq in held:
            if held[seq].payload != item.payload:
                raise self._conflict(held[seq], item)
            return []
        held[seq] = item
        out = []
        while self.next_from[sender] in held:
            ready = held.pop(self.next_from[sender])
            self.delivered[sender].append(ready)
            self._hold(sender, ready.payload)
            out.append(ready)
            self.next_from[sender] += 1
        return out

    def _conflict(self, first: Delivered, second: Delivered) -> ProtocolViolation:
        reason = f"two different messages numbered {first.seq}"
        if self.signer is None:
            return ProtocolViolation(first.sender, reason)
        return Equivocation(first.sender, "signed " + reason, (first, second))

    def _heartbeat(self, sender: int, have: list[int], heads: list[bytes] | None) -> list[Outgoing]:
        if len(have) != self.players or (heads is not None and len(heads) != self.players):
            raise ProtocolViolation(sender, "malformed heartbeat")
        if have[self.seat] > len(self.sent):
            raise ProtocolViolation(sender, "claims messages this seat never sent")
        self.acked[sender] = max(self.acked[sender], have[self.seat])
        start = have[self.seat]
        return [
            Outgoing(sender, self._frame(seq))
            for seq in range(start + 1, min(len(self.sent), start + RESEND_BATCH) + 1)
        ]

    def all_acked(self, seats: list[int]) -> bool:
        """True when every listed seat has acknowledged everything this seat sent."""
        return all(self.acked[s] >= len(self.sent) for s in seats if s != self.seat)
