"""ristretto255 through a minimal ctypes binding to the system libsodium (libsodium23)."""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib

from net.crypto.group import InvalidPoint

ORDER = 2**252 + 27742317777372353535851937790883648493
_SIZE = 32
_IDENTITY = bytes(_SIZE)


def _load_libsodium() -> ctypes.CDLL:
    """Open libsodium and check it has ristretto255; raise OSError otherwise."""
    names = [
        ctypes.util.find_library("sodium"),
        "libsodium.so.23",
        "libsodium.so",
        "libsodium.dylib",
    ]
    last_error: OSError | None = None
    for name in names:
        if not name:
            continue
        try:
            lib = ctypes.CDLL(name)
        except OSError as error:
            last_error = error
            continue
        if not hasattr(lib, "crypto_scalarmult_ristretto255"):
            last_error = OSError(f"{name} has no ristretto255 (libsodium >= 1.0.18 needed)")
            continue
        if lib.sodium_init() < 0:
            raise OSError("sodium_init failed")
        return lib
    raise OSError(f"libsodium with ristretto255 not found: {last_error}")


class Ristretto255:
    """The ristretto255 prime-order group; every operation validates its input points."""

    name = "ristretto255"
    order = ORDER
    point_size = _SIZE

    def __init__(self) -> None:
        lib = _load_libsodium()
        self._mult_fn = lib.crypto_scalarmult_ristretto255
        self._base_fn = lib.crypto_scalarmult_ristretto255_base
        self._add_fn = lib.crypto_core_ristretto255_add
        self._valid_fn = lib.crypto_core_ristretto255_is_valid_point
        self._from_hash_fn = lib.crypto_core_ristretto255_from_hash
        for fn in (self._mult_fn, self._base_fn, self._add_fn, self._valid_fn, self._from_hash_fn):
            fn.restype = ctypes.c_int
        self.generator = self.mult_base(1)

    def hash_to_point(self, data: bytes) -> bytes:
        """Map bytes to a point with ristretto255's one-way map of a SHA-512 digest."""
        out = ctypes.create_string_buffer(_SIZE)
        self._from_hash_fn(out, hashlib.sha512(data).digest())
        return out.raw

    def mult(self, scalar: int, point: bytes) -> bytes:
        """Return scalar * point; raise InvalidPoint for a bad point or an identity result."""
        out = ctypes.create_string_buffer(_SIZE)
        if len(point) != _SIZE or self._mult_fn(out, _scalar_bytes(scalar), point) != 0:
            raise InvalidPoint(f"invalid ristretto255 point or identity result: {point!r:.80}")
        return out.raw

    def mult_base(self, scalar: int) -> bytes:
        """Return scalar * generator; raise InvalidPoint for an identity result."""
        out = ctypes.create_string_buffer(_SIZE)
        if self._base_fn(out, _scalar_bytes(scalar)) != 0:
            raise InvalidPoint("scalar is zero modulo the group order")
        return out.raw

    def add(self, left: bytes, right: bytes) -> bytes:
        """Return left + right; raise InvalidPoint for a bad operand or an identity result."""
        out = ctypes.create_string_buffer(_SIZE)
        # libsodium's add decodes (so validates) both operands itself; only the identity, which
        # decodes fine, needs a check here.
        if (
            not isinstance(left, bytes)
            or not isinstance(right, bytes)
            or len(left) != _SIZE
            or len(right) != _SIZE
            or left == _IDENTITY
            or right == _IDENTITY
            or self._add_fn(out, left, right) != 0
        ):
            raise InvalidPoint("invalid ristretto255 operand")
        if out.raw == _IDENTITY:
            raise InvalidPoint("sum is the identity")
        return out.raw

    def is_valid(self, point: bytes) -> bool:
        """Tell whether bytes encode a non-identity ristretto255 point."""
        return (
            isinstance(point, bytes)
            and len(point) == _SIZE
            and self._valid_fn(point) == 1
            and point != bytes(_SIZE)
        )


def _scalar_bytes(scalar: int) -> bytes:
    """Encode a scalar reduced modulo the order as 32 little-endian bytes."""
    return (scalar % ORDER).to_bytes(_SIZE, "little")
