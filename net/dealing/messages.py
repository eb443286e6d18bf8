"""Message encoding: canonical bytes, digests, signatures and references to earlier messages."""

from __future__ import annotations

from typing import Any

import msgpack
import msgspec

from net.crypto.group import Group
from net.crypto.hashing import transcript_hash
from net.crypto.proofs import ProofError, sign, verify_signature
from net.dealing.errors import CheatDetected

Message = dict[str, Any]

TYPES = (
    "hello",
    "roster",
    "unlock",
    "shuffle",
    "rekey",
    "keys",
    "leave",
    "audit-digest",
    "audit-reveal",
)


_CANONICAL = msgspec.msgpack.Encoder(order="sorted")


def _sorted(value: Any) -> Any:
    """Rebuild dicts with sorted keys so that packing is canonical (the reference for tests)."""
    if isinstance(value, dict):
        return {key: _sorted(value[key]) for key in sorted(value)}
    if isinstance(value, list | tuple):
        return [_sorted(item) for item in value]
    return value


def canonical_bytes(value: Any) -> bytes:
    """Canonical msgpack bytes of a plain value (dict keys sorted, tuples as lists): the same
    bytes as `msgpack.packb(_sorted(value), use_bin_type=True)`, 10 to 20 times faster."""
    return _CANONICAL.encode(value)


def encode(message: Message) -> bytes:
    """Wire bytes of a message (msgpack)."""
    return msgpack.packb(message, use_bin_type=True)


def decode(wire: bytes) -> Message:
    """Parse wire bytes into a message dict; raise ValueError for anything else."""
    try:
        value = msgpack.unpackb(wire, raw=False, strict_map_key=False)
    except Exception as error:
        raise ValueError(f"not a msgpack message: {error}") from error
    if not isinstance(value, dict):
        raise ValueError("a message is a map")
    return value


def digest(message: Message) -> bytes:
    """The digest of a message without its signature; it names the message and is what is signed."""
    body = {key: value for key, value in message.items() if key != "sig"}
    return transcript_hash("dealing-message", canonical_bytes(body))[:32]


def signed(group: Group, signing_key: int, message: Message) -> Message:
    """Return the message with a Schnorr signature over its digest."""
    out = dict(message)
    out["sig"] = sign(group, signing_key, digest(message))
    return out


def reference(message: Message, named: bytes | None = None) -> dict[str, Any]:
    """A compact, signed pointer to a message: sender, sequence number, digest and signature.

    `named` is the message's digest when the caller already holds it (computed otherwise). A
    hello's also carries its signing key and that key's binding to the sender's identity, so
    a seat shown a hello it did not receive can check who signed it."""
    ref = {
        "sender": message["sender"],
        "seq": message["seq"],
        "digest": digest(message) if named is None else named,
        "sig": message["sig"],
    }
    if message.get("type") == "hello" and message.get("binding") is not None:
        ref["key"] = message["signing_key"]
        ref["binding"] = message["binding"]
    return ref


def binding_bytes(context_id: bytes, seat: int, signing_key: bytes) -> bytes:
    """What a seat's identity key signs to bind its per-deal signing key to this deal."""
    return b"durak-deal-key\x00" + context_id + bytes([seat]) + signing_key


def reference_is_signed(group: Group, public: bytes, ref: dict[str, Any]) -> bool:
    """Tell whether a reference carries a valid signature of the claimed sender."""
    try:
        verify_signature(group, public, ref["digest"], ref["sig"])
    except (ProofError, KeyError, TypeError):
        return False
    return True


def field(message: Message, name: str, kind: type | tuple[type, ...], sender: int) -> Any:
    """Read a field of an expected type, or blame the sender for a malformed message."""
    value = message.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise CheatDetected(
            sender, f"malformed {message.get('type')!r} message: bad field {name!r}"
        )
    return value


def split_points(group: Group, blob: Any, count: int, sender: int, what: str) -> list[bytes]:
    """Split concatenated points, validating each; blame the sender for any bad one."""
    size = group.point_size
    if not isinstance(blob, bytes) or len(blob) != size * count:
        raise CheatDetected(sender, f"{what}: expected {count} points")
    points = [blob[i * size : (i + 1) * size] for i in range(count)]
    for index, point in enumerate(points):
        if not group.is_valid(point):
            raise CheatDetected(sender, f"{what}: invalid point at index {index}")
    return points


def key_pad(session: bytes, shared: bytes, position: int, sender: int, receiver: int) -> bytes:
    """The one-time pad that hides sender's key for a position from everyone but receiver."""
    return transcript_hash("key-pad", session, shared, position, sender, receiver)[:32]


def xor32(left: bytes, right: bytes) -> bytes:
    """XOR of two 32-byte strings; ValueError for any other length."""
    if len(left) != 32 or len(right) != 32:
        raise ValueError("xor32 takes two 32-byte strings")
    return (int.from_bytes(left, "big") ^ int.from_bytes(right, "big")).to_bytes(32, "big")
