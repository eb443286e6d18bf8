"""A player's long-term Ed25519 identity: created once, kept on disk, shown as a short fingerprint."""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import os
import stat
import tempfile
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from net.crypto.signatures import SigningKey, verifies

PUBLIC_KEY_BYTES = 32
SIGNATURE_BYTES = 64
FINGERPRINT_LABEL = b"durak-lan fingerprint v1\x00"
"""Prefix hashed before the public key, so fingerprints cannot collide with other SHA-256 uses."""


class IdentityError(Exception):
    """An identity file or key that cannot be used; the message says why."""


class SignatureError(IdentityError):
    """A signature that does not verify under the claimed public key."""


def fingerprint(public_key: bytes) -> str:
    """Short name of a public key: the first 40 bits of SHA-256 in lowercase base32, as `abcd-efgh`."""
    check_public_key(public_key)
    digest = hashlib.sha256(FINGERPRINT_LABEL + public_key).digest()
    text = base64.b32encode(digest[:5]).decode("ascii").lower()
    return f"{text[:4]}-{text[4:]}"


def encode_public_key(public_key: bytes) -> str:
    """A public key as text: 43 characters of base64url without padding (mDNS, invitations)."""
    check_public_key(public_key)
    return base64.urlsafe_b64encode(public_key).decode("ascii").rstrip("=")


def decode_public_key(text: str) -> bytes:
    """The public key written by `encode_public_key`; IdentityError for anything else."""
    if type(text) is not str or not text.isascii():
        raise IdentityError("a public key is written in base64url")
    try:
        key = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise IdentityError("a public key is written in base64url") from None
    check_public_key(key)
    if encode_public_key(key) != text:
        raise IdentityError("a public key is written in canonical base64url (43 characters)")
    return key


def display_name(name: str, public_key: bytes) -> str:
    """How a peer is shown to people: `North (k3fq-q2xa)`."""
    return f"{name} ({fingerprint(public_key)})"


def check_public_key(public_key: bytes) -> None:
    """Raise IdentityError unless `public_key` is 32 bytes that decode as an Ed25519 point (a
    small-order key passes here; `verify_signature` refuses every signature for one)."""
    if type(public_key) is not bytes or len(public_key) != PUBLIC_KEY_BYTES:
        raise IdentityError(f"an Ed25519 public key is {PUBLIC_KEY_BYTES} bytes")
    try:
        Ed25519PublicKey.from_public_bytes(public_key)
    except ValueError as error:
        raise IdentityError(f"not an Ed25519 public key: {error}") from None


def verify_signature(public_key: bytes, signature: bytes, message: bytes) -> None:
    """Raise SignatureError unless `signature` is `public_key`'s Ed25519 signature of `message`."""
    check_public_key(public_key)
    if type(signature) is not bytes or len(signature) != SIGNATURE_BYTES:
        raise SignatureError(f"an Ed25519 signature is {SIGNATURE_BYTES} bytes")
    if not verifies(public_key, signature, message):  # libsodium's strict check
        raise SignatureError(f"signature does not verify for key {fingerprint(public_key)}")


class Identity:
    """An Ed25519 key pair; the private half never leaves this object except through `private_bytes`."""

    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._private_key = private_key
        self._signing_key = SigningKey(private_key.private_bytes_raw())  # libsodium: faster
        self._public_key = private_key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    @classmethod
    def generate(cls) -> Identity:
        """A fresh random identity."""
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> Identity:
        """The identity with this 32-byte private seed (for tests and known-answer checks)."""
        if type(seed) is not bytes or len(seed) != 32:
            raise IdentityError("an Ed25519 seed is 32 bytes")
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    @property
    def public_key(self) -> bytes:
        """The 32-byte raw public key."""
        return self._public_key

    @property
    def fingerprint(self) -> str:
        """The short fingerprint of the public key."""
        return fingerprint(self._public_key)

    def sign(self, message: bytes) -> bytes:
        """The 64-byte Ed25519 signature of `message`."""
        return self._signing_key.sign(message)

    def private_bytes(self) -> bytes:
        """The key pair as unencrypted PKCS#8 PEM (the identity file format)."""
        return self._private_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )

    def __repr__(self) -> str:
        return f"Identity({self.fingerprint})"


def default_identity_path() -> Path:
    """`$XDG_DATA_HOME/durak-lan/identity.key`, with `~/.local/share` when XDG_DATA_HOME is unset."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "durak-lan" / "identity.key"


def load_identity(path: Path) -> Identity:
    """Read an identity file; IdentityError if it is missing, readable by others, or not an Ed25519 key."""
    try:
        mode = path.stat().st_mode
        data = path.read_bytes()
    except OSError as error:
        raise IdentityError(f"cannot read identity file {path}: {error.strerror}") from None
    if os.name == "posix" and mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise IdentityError(
            f"identity file {path} has permissions {stat.S_IMODE(mode):04o}; "
            f"it holds a private key, make it 0600 (chmod 600 {path})"
        )
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as error:
        raise IdentityError(f"identity file {path} is not a usable private key: {error}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise IdentityError(
            f"identity file {path} holds a {type(key).__name__}, not an Ed25519 key"
        )
    return Identity(key)


def save_identity(identity: Identity, path: Path) -> None:
    """Write the identity file atomically with mode 0600; FileExistsError if it already exists."""
    try:
        _write_new_file(path, identity.private_bytes())
    except FileExistsError:
        raise
    except OSError as error:
        raise IdentityError(f"cannot write identity file {path}: {error}") from None


def _write_new_file(path: Path, data: bytes) -> None:
    """Create `path` holding `data` (mode 0600) all at once, never replacing an existing file."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle, temporary_name = tempfile.mkstemp(prefix=".identity-", dir=path.parent)
    temporary = Path(temporary_name)
    try:
        with os.fdopen(handle, "wb") as file:
            os.fchmod(file.fileno(), 0o600)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        # A hard link publishes the complete file under its name, and never replaces one
        # that another process created meanwhile.
        os.link(temporary, path)
        _fsync_directory(path.parent)
    finally:
        temporary.unlink(missing_ok=True)


def _fsync_directory(directory: Path) -> None:
    """Make a new directory entry durable (best effort where directories cannot be opened)."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def load_or_create_identity(path: Path | None = None) -> Identity:
    """The identity stored at `path` (default: `default_identity_path()`), created there on first run."""
    target = path if path is not None else default_identity_path()
    if not target.exists():
        # If another process creates it first, FileExistsError is suppressed and theirs is used.
        with contextlib.suppress(FileExistsError):
            save_identity(Identity.generate(), target)
    return load_identity(target)
