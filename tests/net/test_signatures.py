"""Ed25519 through libsodium (net/crypto/signatures.py): RFC 8032's signatures, strict checks."""

from __future__ import annotations

import os

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from net.crypto.signatures import SigningKey, verifies

# RFC 8032, section 7.1, TEST 1 (the empty message).
RFC_SEED = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
RFC_PUBLIC = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
RFC_SIGNATURE = bytes.fromhex(
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
)


def test_rfc_8032_known_answer() -> None:
    key = SigningKey(RFC_SEED)
    assert key.public_key == RFC_PUBLIC
    assert key.sign(b"") == RFC_SIGNATURE
    assert verifies(RFC_PUBLIC, RFC_SIGNATURE, b"")


def test_signatures_are_the_bytes_openssl_makes() -> None:
    """Deterministic Ed25519: libsodium and `cryptography` sign alike, and each checks the other's."""
    for length in (0, 1, 64, 200, 5000):
        seed, message = os.urandom(32), os.urandom(length)
        openssl = Ed25519PrivateKey.from_private_bytes(seed)
        public = openssl.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        key = SigningKey(seed)
        assert key.public_key == public
        assert key.sign(message) == openssl.sign(message)
        assert verifies(public, openssl.sign(message), message)


def test_a_changed_message_signature_or_key_fails() -> None:
    key, other = SigningKey(os.urandom(32)), SigningKey(os.urandom(32))
    message = b"vote 3"
    signature = key.sign(message)
    flipped = bytes([signature[0] ^ 1]) + signature[1:]
    assert verifies(key.public_key, signature, message)
    assert not verifies(key.public_key, signature, b"vote 4")
    assert not verifies(key.public_key, flipped, message)
    assert not verifies(other.public_key, signature, message)


@pytest.mark.parametrize(
    "signature", [None, "x" * 64, bytearray(64), b"\x00" * 63, b"\x00" * 65, 7]
)
def test_a_signature_of_the_wrong_type_or_size_is_false_not_an_error(signature: object) -> None:
    key = SigningKey(os.urandom(32))
    assert not verifies(key.public_key, signature, b"m")


def test_a_key_of_the_wrong_size_is_false_not_an_error() -> None:
    key = SigningKey(os.urandom(32))
    signature = key.sign(b"m")
    assert not verifies(key.public_key[:31], signature, b"m")
    assert not verifies(key.public_key + b"\x00", signature, b"m")


def test_the_identity_key_cannot_be_signed_for_by_anyone() -> None:
    """OpenSSL accepts (R = identity, s = 0) for the identity point as key on every message;
    libsodium refuses small-order keys and points, so nobody can sign in such a seat's name."""
    identity_point = bytes([1]) + bytes(31)
    forged = identity_point + bytes(32)
    assert not verifies(identity_point, forged, b"any move at all")


@pytest.mark.parametrize("seed", [b"", b"\x00" * 31, b"\x00" * 33, "x" * 32, None])
def test_a_seed_that_is_not_32_bytes_is_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        SigningKey(seed)  # type: ignore[arg-type]
