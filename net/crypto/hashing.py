"""Domain-separated, unambiguous hashing of transcripts, and scalars derived from secrets."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

Part = bytes | str | int | Iterable["Part"]


def _encode(part: Part, out: list[bytes]) -> None:
    """Append a self-delimiting encoding of one part (type tag and length prefix)."""
    if isinstance(part, bytes):
        out.append(b"b" + len(part).to_bytes(8, "big") + part)
    elif isinstance(part, str):
        data = part.encode("utf-8")
        out.append(b"s" + len(data).to_bytes(8, "big") + data)
    elif isinstance(part, bool):
        raise TypeError("booleans are not transcript parts")
    elif isinstance(part, int):
        if part < 0:
            raise ValueError("negative integers are not transcript parts")
        data = part.to_bytes((part.bit_length() + 7) // 8 or 1, "big")
        out.append(b"i" + len(data).to_bytes(8, "big") + data)
    else:
        items = list(part)
        out.append(b"l" + len(items).to_bytes(8, "big"))
        for item in items:
            _encode(item, out)


def transcript_hash(label: str, *parts: Part) -> bytes:
    """SHA-512 of a label and parts, encoded so that no two different inputs collide."""
    chunks: list[bytes] = []
    _encode(label, chunks)
    for part in parts:
        _encode(part, chunks)
    return hashlib.sha512(b"durak-lan/v1\x00" + b"".join(chunks)).digest()


def derive_scalar(order: int, label: str, *parts: Part) -> int:
    """A non-zero scalar modulo order derived from hashed parts (a secret among them)."""
    counter = 0
    while True:
        value = int.from_bytes(transcript_hash(label, counter, *parts), "little") % order
        if value:
            return value
        counter += 1
