"""Transcript hashing: known answers pin the encoding, so a faster encoder keeps every digest."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from net.crypto.hashing import derive_scalar, transcript_hash
from net.crypto.ristretto import ORDER
from net.dealing.messages import xor32

KNOWN_ANSWERS: list[tuple[str, tuple[Any, ...], str]] = [
    (
        "empty",
        (),
        "d8e5853f70af74be892f5b1d5f854829080266061d668f9674808f9820b48dc9"
        "ac8bc65a9084dc377eeb9bf1a517c30dc0c38a86261bcffa40980c7cefdd656c",
    ),
    (
        "key-pad",
        (b"\x01" * 32, b"\x02" * 32, 3, 1, 2),
        "2138e00037f1b26243f40c5d4ee11a59766cb05c44e8867c9fb86e48edcbf123"
        "7976385a4bc0b499ff821daf8a978a51a537f5f16bd7d49ba5734121fe9b25a6",
    ),
]


def reference_encoding(part: Any) -> bytes:
    """The transcript encoding as specified: a type tag, an 8-byte length, the data."""
    if isinstance(part, bytes):
        return b"b" + len(part).to_bytes(8, "big") + part
    if isinstance(part, str):
        data = part.encode("utf-8")
        return b"s" + len(data).to_bytes(8, "big") + data
    if isinstance(part, int) and not isinstance(part, bool):
        data = part.to_bytes((part.bit_length() + 7) // 8 or 1, "big")
        return b"i" + len(data).to_bytes(8, "big") + data
    items = list(part)
    return b"l" + len(items).to_bytes(8, "big") + b"".join(map(reference_encoding, items))


def reference_hash(label: str, *parts: Any) -> bytes:
    """SHA-512 of the prefix and the reference encoding of the label and parts."""
    body = b"".join(reference_encoding(part) for part in (label, *parts))
    return hashlib.sha512(b"durak-lan/v1\x00" + body).digest()


def random_part(rng: random.Random, depth: int = 0) -> Any:
    """A random transcript part: bytes, text, a non-negative integer or a nested sequence."""
    kind = rng.randrange(5 if depth < 3 else 3)
    if kind == 0:
        return rng.randbytes(rng.choice((0, 1, 32, 64, 300)))
    if kind == 1:
        return rng.choice(("", "a", "naïve", "ключ", "x" * 300))
    if kind == 2:
        return rng.choice((0, 1, 255, 256, 4095, 2**64, 2**300 + 1, rng.randrange(10**6)))
    items = [random_part(rng, depth + 1) for _ in range(rng.randrange(4))]
    return items if kind == 3 else tuple(items)


@pytest.mark.parametrize(("label", "parts", "expected"), KNOWN_ANSWERS)
def test_known_answers(label: str, parts: tuple[Any, ...], expected: str) -> None:
    assert transcript_hash(label, *parts).hex() == expected


def test_matches_the_reference_encoding_on_random_transcripts() -> None:
    rng = random.Random(25)
    for _ in range(500):
        parts = [random_part(rng) for _ in range(rng.randrange(6))]
        assert transcript_hash("t", *parts) == reference_hash("t", *parts)


def test_any_iterable_is_a_list() -> None:
    assert transcript_hash("t", (i for i in range(3))) == transcript_hash("t", [0, 1, 2])
    assert transcript_hash("t", range(3)) == transcript_hash("t", (0, 1, 2))


def test_subclasses_encode_as_their_base() -> None:
    class Text(str):
        pass

    class Number(int):
        pass

    assert transcript_hash("t", Text("ab"), Number(7)) == transcript_hash("t", "ab", 7)


@pytest.mark.parametrize("bad", [True, -1, [False], 1.5, None])
def test_refuses_what_is_not_a_part(bad: Any) -> None:
    with pytest.raises((TypeError, ValueError)):
        transcript_hash("t", bad)


def test_derive_scalar_known_answer() -> None:
    assert derive_scalar(ORDER, "s", b"secret", 7) == (
        2315843185578720281339743946095119540802928474519045973445791272602947780758
    )


def test_xor32() -> None:
    rng = random.Random(7)
    left, right = rng.randbytes(32), rng.randbytes(32)
    assert xor32(left, right) == bytes(a ^ b for a, b in zip(left, right, strict=True))
    assert xor32(left, left) == bytes(32)
    for short in (b"", bytes(31), bytes(33)):
        with pytest.raises(ValueError):
            xor32(left, short)
        with pytest.raises(ValueError):
            xor32(short, left)
