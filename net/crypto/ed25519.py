"""The prime-order subgroup of Ed25519 through PyNaCl's bundled libsodium (no system library)."""

from __future__ import annotations

import hashlib

from nacl import bindings
from nacl.exceptions import CryptoError

from net.crypto.group import InvalidPoint

ORDER = 2**252 + 27742317777372353535851937790883648493
_SIZE = 32


class Ed25519Subgroup:
    """Ed25519's order-l subgroup; received points are checked with is_valid_point before use."""

    name = "ed25519"
    order = ORDER
    point_size = _SIZE

    def __init__(self) -> None:
        self.generator = self.mult_base(1)

    def hash_to_point(self, data: bytes) -> bytes:
        """Map bytes to a point: the sum of two Elligator images of independent SHA-512 halves."""
        digest = hashlib.sha512(data).digest()
        first = bindings.crypto_core_ed25519_from_uniform(digest[:32])
        second = bindings.crypto_core_ed25519_from_uniform(digest[32:])
        return bindings.crypto_core_ed25519_add(first, second)

    def mult(self, scalar: int, point: bytes) -> bytes:
        """Return scalar * point; raise InvalidPoint for a bad point or an identity result."""
        try:
            return bindings.crypto_scalarmult_ed25519_noclamp(_scalar_bytes(scalar), point)
        except (CryptoError, TypeError, ValueError) as error:
            raise InvalidPoint(
                f"invalid ed25519 point or identity result: {point!r:.80}"
            ) from error

    def mult_base(self, scalar: int) -> bytes:
        """Return scalar * generator; raise InvalidPoint for an identity result."""
        try:
            return bindings.crypto_scalarmult_ed25519_base_noclamp(_scalar_bytes(scalar))
        except CryptoError as error:
            raise InvalidPoint("scalar is zero modulo the group order") from error

    def add(self, left: bytes, right: bytes) -> bytes:
        """Return left + right; raise InvalidPoint for a bad operand or an identity result."""
        if not (self.is_valid(left) and self.is_valid(right)):
            raise InvalidPoint("invalid ed25519 operand")
        total = bindings.crypto_core_ed25519_add(left, right)
        if not self.is_valid(total):
            raise InvalidPoint("sum is the identity")
        return total

    def is_valid(self, point: bytes) -> bool:
        """Tell whether bytes encode a non-identity point of the prime-order subgroup."""
        return (
            isinstance(point, bytes)
            and len(point) == _SIZE
            and bindings.crypto_core_ed25519_is_valid_point(point)
        )


def _scalar_bytes(scalar: int) -> bytes:
    """Encode a scalar reduced modulo the order as 32 little-endian bytes."""
    return (scalar % ORDER).to_bytes(_SIZE, "little")
