"""The one small interface every prime-order group backend offers, and backend selection."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from functools import cache
from typing import Protocol


class InvalidPoint(ValueError):
    """A byte string is not the canonical encoding of a non-identity point of the group."""


class Group(Protocol):
    """A prime-order group with hashing to points; points are canonical bytes, scalars ints mod order."""

    name: str
    order: int
    point_size: int
    generator: bytes

    def hash_to_point(self, data: bytes) -> bytes:
        """Map bytes to a point whose discrete log nobody knows."""
        ...

    def mult(self, scalar: int, point: bytes) -> bytes:
        """Return scalar * point; raise InvalidPoint for a bad point or an identity result."""
        ...

    def mult_base(self, scalar: int) -> bytes:
        """Return scalar * generator; raise InvalidPoint for an identity result."""
        ...

    def add(self, left: bytes, right: bytes) -> bytes:
        """Return left + right; raise InvalidPoint for a bad operand or an identity result."""
        ...

    def is_valid(self, point: bytes) -> bool:
        """Tell whether bytes encode a non-identity point of the prime-order group."""
        ...


def random_scalar(group: Group) -> int:
    """A uniformly random non-zero scalar from the operating system's generator."""
    return 1 + secrets.randbelow(group.order - 1)


def check_point(group: Group, point: object) -> bytes:
    """Return point if it is a valid encoded group element, else raise InvalidPoint."""
    if not isinstance(point, bytes) or len(point) != group.point_size or not group.is_valid(point):
        raise InvalidPoint(f"not a valid {group.name} point: {point!r:.80}")
    return point


@cache
def get_group(name: str) -> Group:
    """Return the backend named "ristretto255" (libsodium) or "ed25519" (PyNaCl)."""
    if name == "ristretto255":
        from net.crypto.ristretto import Ristretto255

        return Ristretto255()
    if name == "ed25519":
        from net.crypto.ed25519 import Ed25519Subgroup

        return Ed25519Subgroup()
    raise ValueError(f"unknown group {name!r}; known: ristretto255, ed25519")


GROUP_PREFERENCE = ("ristretto255", "ed25519")
"""Every dealing group, best first: ristretto255 (system libsodium, faster), then the Ed25519
subgroup (PyNaCl's bundled libsodium, present wherever the game runs)."""
DEFAULT_GROUP = GROUP_PREFERENCE[0]


def available_groups() -> tuple[str, ...]:
    """The groups this machine can deal in, best first (ristretto255 needs the system libsodium)."""
    found = []
    for name in GROUP_PREFERENCE:
        try:
            get_group(name)
        except OSError:
            continue
        found.append(name)
    return tuple(found)


def best_shared_group(supported: Iterable[Iterable[str]]) -> str | None:
    """The best group every peer lists (None when they share none)."""
    shared = set(GROUP_PREFERENCE)
    for groups in supported:
        shared &= set(groups)
    return next((name for name in GROUP_PREFERENCE if name in shared), None)


def default_group() -> Group:
    """ristretto255 when the system libsodium is present, else the PyNaCl ed25519 subgroup."""
    try:
        return get_group("ristretto255")
    except OSError:
        return get_group("ed25519")
