"""Identity keys: storage on disk, fingerprints, signatures."""

from __future__ import annotations

import base64
import hashlib
import os
import stat
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ec import SECP256R1, generate_private_key

from net.identity import (
    Identity,
    IdentityError,
    SignatureError,
    check_public_key,
    default_identity_path,
    display_name,
    fingerprint,
    load_identity,
    load_or_create_identity,
    save_identity,
    verify_signature,
)

# RFC 8032 section 7.1, test 1: seed, public key, and the signature of the empty message.
RFC8032_SEED = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
RFC8032_PUBLIC = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
RFC8032_SIGNATURE = bytes.fromhex(
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
    "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
)


def test_known_answer_key_and_signature() -> None:
    identity = Identity.from_seed(RFC8032_SEED)
    assert identity.public_key == RFC8032_PUBLIC
    assert identity.sign(b"") == RFC8032_SIGNATURE
    verify_signature(RFC8032_PUBLIC, RFC8032_SIGNATURE, b"")


def test_fingerprint_format_and_definition() -> None:
    digest = hashlib.sha256(b"durak-lan fingerprint v1\x00" + RFC8032_PUBLIC).digest()
    expected = base64.b32encode(digest[:5]).decode().lower()
    assert fingerprint(RFC8032_PUBLIC) == f"{expected[:4]}-{expected[4:]}"
    assert len(fingerprint(RFC8032_PUBLIC)) == 9
    assert display_name("North", RFC8032_PUBLIC) == f"North ({fingerprint(RFC8032_PUBLIC)})"
    assert fingerprint(Identity.generate().public_key) != fingerprint(RFC8032_PUBLIC)


@pytest.mark.parametrize("bad", [b"", b"\x00" * 31, b"\x00" * 33, "x" * 32])
def test_public_keys_of_the_wrong_shape_are_refused(bad: object) -> None:
    with pytest.raises(IdentityError):
        check_public_key(bad)  # type: ignore[arg-type]


def test_tampered_signatures_fail() -> None:
    identity = Identity.generate()
    signature = identity.sign(b"move")
    verify_signature(identity.public_key, signature, b"move")
    with pytest.raises(SignatureError):
        verify_signature(identity.public_key, signature, b"movE")
    forged = bytes([signature[0] ^ 1]) + signature[1:]
    with pytest.raises(SignatureError):
        verify_signature(identity.public_key, forged, b"move")
    with pytest.raises(SignatureError):
        verify_signature(Identity.generate().public_key, signature, b"move")
    with pytest.raises(SignatureError):
        verify_signature(identity.public_key, signature[:63], b"move")


def test_first_run_creates_a_private_file_and_later_runs_load_it(tmp_path: Path) -> None:
    path = tmp_path / "data" / "durak-lan" / "identity.key"
    first = load_or_create_identity(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert load_or_create_identity(path).public_key == first.public_key
    assert [p.name for p in path.parent.iterdir()] == ["identity.key"]  # no temporary left


def test_save_never_replaces_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "identity.key"
    original = Identity.generate()
    save_identity(original, path)
    with pytest.raises(FileExistsError):
        save_identity(Identity.generate(), path)
    assert load_identity(path).public_key == original.public_key


def test_default_path_follows_xdg_data_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_identity_path() == tmp_path / "durak-lan" / "identity.key"
    created = load_or_create_identity()
    assert load_identity(tmp_path / "durak-lan" / "identity.key").public_key == created.public_key
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert (
        default_identity_path()
        == tmp_path / "home" / ".local" / "share" / "durak-lan" / "identity.key"
    )


def test_identity_file_readable_by_others_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "identity.key"
    save_identity(Identity.generate(), path)
    os.chmod(path, 0o644)
    with pytest.raises(IdentityError, match="0644"):
        load_identity(path)


@pytest.mark.parametrize(
    "content", [b"", b"garbage", b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"]
)
def test_corrupt_identity_files_are_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "identity.key"
    path.write_bytes(content)
    path.chmod(0o600)
    with pytest.raises(IdentityError, match="not a usable private key"):
        load_identity(path)
    assert path.read_bytes() == content  # nothing was changed


def test_identity_file_with_another_key_type_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "identity.key"
    pem = generate_private_key(SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    path.write_bytes(pem)
    path.chmod(0o600)
    with pytest.raises(IdentityError, match="not an Ed25519 key"):
        load_identity(path)


def test_missing_identity_file_is_an_identity_error(tmp_path: Path) -> None:
    with pytest.raises(IdentityError, match="cannot read"):
        load_identity(tmp_path / "absent.key")


IDENTITY_POINT = bytes([1]) + bytes(31)
"""The Ed25519 identity point as a public key: (R = identity, S = 0) "signs" every message for
it under a cofactorless check such as OpenSSL's."""
SMALL_ORDER_KEYS = [
    IDENTITY_POINT,
    bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  # order 2
    bytes.fromhex("0000000000000000000000000000000000000000000000000000000000000000"),  # order 4
]


@pytest.mark.parametrize("key", SMALL_ORDER_KEYS)
def test_the_signature_anyone_can_make_for_a_small_order_key_is_refused(key: bytes) -> None:
    forged = IDENTITY_POINT + bytes(32)  # R = the identity point, S = 0
    with pytest.raises(SignatureError):
        verify_signature(key, forged, b"seat 2 cheated")
