"""Domain-separated, unambiguous hashing of transcripts, and scalars derived from secrets."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

Part = bytes | str | int | Iterable["Part"]

_CACHED_LENGTHS = 512
_BYTES_HEADS = [b"b" + n.to_bytes(8, "big") for n in range(_CACHED_LENGTHS)]
_TEXT_HEADS = [b"s" + n.to_bytes(8, "big") for n in range(_CACHED_LENGTHS)]
_LIST_HEADS = [b"l" + n.to_bytes(8, "big") for n in range(_CACHED_LENGTHS)]
_SMALL_INTS = [
    b"i" + (1 if n < 256 else 2).to_bytes(8, "big") + n.to_bytes(1 if n < 256 else 2, "big")
    for n in range(_CACHED_LENGTHS)
]
"""Encodings computed once: headers of short parts, and whole small integers (seats, positions)."""


def _encode(part: Part, out: list[bytes]) -> None:
    """Append a self-delimiting encoding of one part (type tag and length prefix)."""
    kind = type(part)  # exact types first (the common case), subclasses by isinstance below
    if kind is bytes:
        size = len(part)  # type: ignore[arg-type]
        out.append(_BYTES_HEADS[size] if size < _CACHED_LENGTHS else _header(b"b", size))
        out.append(part)  # type: ignore[arg-type]
    elif kind is str:
        data = part.encode("utf-8")  # type: ignore[union-attr]
        size = len(data)
        out.append(_TEXT_HEADS[size] if size < _CACHED_LENGTHS else _header(b"s", size))
        out.append(data)
    elif kind is int and 0 <= part < _CACHED_LENGTHS:  # type: ignore[operator]
        out.append(_SMALL_INTS[part])  # type: ignore[index]
    elif kind is list or kind is tuple:
        size = len(part)  # type: ignore[arg-type]
        out.append(_LIST_HEADS[size] if size < _CACHED_LENGTHS else _header(b"l", size))
        for item in part:  # type: ignore[union-attr]
            _encode(item, out)
    elif isinstance(part, bytes):
        _encode(bytes(part), out)
    elif isinstance(part, str):
        _encode(str(part), out)
    elif isinstance(part, bool):
        raise TypeError("booleans are not transcript parts")
    elif isinstance(part, int):
        if part < 0:
            raise ValueError("negative integers are not transcript parts")
        data = part.to_bytes((part.bit_length() + 7) // 8 or 1, "big")
        out.append(_header(b"i", len(data)))
        out.append(data)
    else:
        _encode(list(part), out)


def _header(tag: bytes, size: int) -> bytes:
    """A part's type tag and its length as 8 big-endian bytes."""
    return tag + size.to_bytes(8, "big")


def transcript_hash(label: str, *parts: Part) -> bytes:
    """SHA-512 of a label and parts, encoded so that no two different inputs collide."""
    chunks: list[bytes] = [b"durak-lan/v1\x00"]
    _encode(label, chunks)
    for part in parts:
        _encode(part, chunks)
    return hashlib.sha512(b"".join(chunks)).digest()


def derive_scalar(order: int, label: str, *parts: Part) -> int:
    """A non-zero scalar modulo order derived from hashed parts (a secret among them)."""
    counter = 0
    while True:
        value = int.from_bytes(transcript_hash(label, counter, *parts), "little") % order
        if value:
            return value
        counter += 1
