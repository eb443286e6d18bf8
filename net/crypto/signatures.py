"""Ed25519 identity signatures through PyNaCl's bundled libsodium.

The signatures are RFC 8032's (deterministic: the same bytes as any other Ed25519 signer of the
same key and message). libsodium signs in about 70 % and checks in about 60 % of the CPU time that
`cryptography` (OpenSSL) takes here (docs/benchmarks.md, "Signed table messages"), and its check
is the stricter one: it also refuses a small-order public key or signature point, which an honest
key never is (with such a key anyone could sign for its seat).
"""

from __future__ import annotations

from nacl import bindings
from nacl.exceptions import CryptoError

PUBLIC_KEY_BYTES = 32
SEED_BYTES = 32
SIGNATURE_BYTES = 64


class SigningKey:
    """An Ed25519 secret key, expanded once from its 32-byte seed, that signs with libsodium."""

    def __init__(self, seed: bytes) -> None:
        if type(seed) is not bytes or len(seed) != SEED_BYTES:
            raise ValueError(f"an Ed25519 seed is {SEED_BYTES} bytes")
        self.public_key, self._secret = bindings.crypto_sign_seed_keypair(seed)

    def sign(self, message: bytes) -> bytes:
        """The 64-byte Ed25519 signature of `message`."""
        return bindings.crypto_sign(message, self._secret)[:SIGNATURE_BYTES]


def verifies(public_key: bytes, signature: object, message: bytes) -> bool:
    """Tell whether `signature` is `public_key`'s Ed25519 signature of `message` (False for a
    signature or key of the wrong type or size, never an exception)."""
    if type(signature) is not bytes or len(signature) != SIGNATURE_BYTES:
        return False
    if type(public_key) is not bytes or len(public_key) != PUBLIC_KEY_BYTES:
        return False
    try:
        bindings.crypto_sign_open(signature + message, public_key)
    except CryptoError:
        return False
    return True


__all__ = ["PUBLIC_KEY_BYTES", "SIGNATURE_BYTES", "SigningKey", "verifies"]
