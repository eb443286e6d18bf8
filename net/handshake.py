"""The secure channel between two peers, sans-I/O: bytes in, events and bytes out.

Both sides prove their Ed25519 identity keys over a transcript hash, agree on keys with
ephemeral X25519 and HKDF-SHA256, check an optional table password with the CPace PAKE (so
nobody, not even a fake table, can test password guesses offline), and then seal every frame
with ChaCha20-Poly1305 under a per-direction counter nonce, so that a replayed, reordered,
truncated or forged frame fails. `docs/protocol.md` specifies every byte.
"""

from __future__ import annotations

import contextlib
import enum
import hashlib
import hmac
import re
import struct
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from net.codec import (
    DEFAULT_LIMITS,
    LENGTH_PREFIX,
    FrameError,
    FrameReader,
    Limits,
    Value,
    encode_frame,
    pack,
    unpack,
)
from net.crypto.cpace import CPaceError, CPaceParty
from net.identity import (
    Identity,
    IdentityError,
    SignatureError,
    check_public_key,
    fingerprint,
    verify_signature,
)

PROTOCOL_NAME = "durak-lan"
PROTOCOL_VERSION = 9
"""The version of the whole protocol: the handshake and its framing, the lobby's and the table's
messages. Sent in the hello and announced over mDNS (TXT key `v`); a peer of another version is
refused at the handshake (`Failure.VERSION`). 9: a seat leaving a match says goodbye (the
lobby's signed `bye`, relayed by the host). 8: seats relay the other seats' signed material to
spectators (a feed's `deals` and `log` hold every seat's, its `keys` name each key's author).
7: spectators (the lobby's `watch`, the state's
`watchers` and `spectators`, the seats' `w` feed frames, the TXT keys `run` and `watch`).
6: every heartbeat carries the running hash of
each seat's messages its sender holds (`hh`), and a game is settled only once every seat heard
from shows the same. 5: pass 1 of fair dealing proved by the linear
shuffle argument, each shuffle message naming its `proof_kind`. 4: table messages signed over the
game's whole configuration digest (the table identity), the start bound into the log hash (3: the
table's `fw` and `show` frames, the `key` verdict and the host's signed `start`; 2: the password
by CPace)."""
HANDSHAKE_VERSION = PROTOCOL_VERSION
"""The hello's `version`: the protocol version."""
SUPPORTED_VERSIONS = frozenset({PROTOCOL_VERSION})
VERSION_2_REFUSAL = re.compile(r"unsupported version \d+ \(this side speaks \[2\]\)")
"""How a version-2 peer refuses another version (it knows no `version` failure code)."""
MAX_HANDSHAKE_FRAME_BYTES = 1024
"""Largest frame accepted before the channel is established."""
MAX_REASON_CHARS = 200
"""Close and error reasons are cut to this many characters."""
HANDSHAKE_LIMITS = Limits(
    max_frame_bytes=MAX_HANDSHAKE_FRAME_BYTES, max_depth=2, max_container_len=16
)

# The key schedule's labels, unchanged since protocol version 2 (the hellos, versions included,
# are in the transcript, so keys of different versions never coincide).
TRANSCRIPT_START = hashlib.sha256(b"durak-lan handshake v2").digest()
HANDSHAKE_KEYS_INFO = b"durak-lan v2 handshake keys"
TRAFFIC_KEYS_INFO = b"durak-lan v2 traffic keys"
AUTH_LABEL = {
    "initiator": b"durak-lan v2 auth initiator\x00",
    "responder": b"durak-lan v2 auth responder\x00",
}
PASSWORD_LABEL = {
    "initiator": b"durak-lan v2 password initiator\x00",
    "responder": b"durak-lan v2 password responder\x00",
}
PAKE_CHANNEL_ID = b"durak-lan v2 table password"
"""CPace's channel identifier `CI`; the session id is the initiator's ephemeral key."""

Side = Literal["local", "remote"]


class Role(enum.Enum):
    """Who opened the TCP connection: the initiator speaks first."""

    INITIATOR = "initiator"
    RESPONDER = "responder"

    @property
    def other(self) -> Role:
        """The role of the peer."""
        return Role.RESPONDER if self is Role.INITIATOR else Role.INITIATOR


class Kind(enum.IntEnum):
    """First byte of every sealed plaintext."""

    DATA = 0
    HEARTBEAT = 1
    CLOSE = 2
    AUTH = 3


class State(enum.Enum):
    """Where the channel is in its life."""

    HANDSHAKING = "handshaking"
    ESTABLISHED = "established"
    CLOSED = "closed"
    FAILED = "failed"


class Failure(enum.Enum):
    """What kind of failure ended a channel: what a program acts on (the reason is for people)."""

    OTHER = "other"
    WRONG_PASSWORD = "wrong-password"
    """The two sides were given different table passwords."""
    PASSWORD_MISMATCH = "password-mismatch"
    """One side has a table password, the other none."""
    WRONG_HOST = "wrong-host"
    """The responder is not the host the initiator asked for (another table, an impostor)."""
    NOT_ACCEPTED = "not-accepted"
    """The responder's policy does not let this identity in (table full, not seated)."""
    TIMEOUT = "timeout"
    """The handshake or the peer took too long."""
    VERSION = "version"
    """The two sides speak different protocol versions (different versions of the game)."""

    @classmethod
    def parse(cls, code: object) -> Failure:
        """The failure a peer's notice names (OTHER for anything unknown)."""
        for failure in cls:
            if failure.value == code:
                return failure
        return cls.OTHER


class ChannelError(Exception):
    """A broken rule or failed check; `side` is the side at fault, `reason` says what went wrong,
    `failure` what kind of failure it is."""

    def __init__(self, side: Side, reason: str, failure: Failure = Failure.OTHER) -> None:
        super().__init__(f"{side} side failed: {reason}")
        self.side: Side = side
        self.reason = reason
        self.failure = failure


@dataclass(frozen=True)
class HandshakeComplete:
    """Both identities are proven: the peer's key and the hash binding the whole handshake."""

    peer_key: bytes
    transcript_hash: bytes


@dataclass(frozen=True)
class MessageReceived:
    """An application object arrived, authenticated and in order; `size` is its encoded bytes."""

    value: Value
    size: int = field(default=0, compare=False)


@dataclass(frozen=True)
class HeartbeatReceived:
    """The peer showed it is alive."""


@dataclass(frozen=True)
class PeerClosed:
    """The peer closed the channel on purpose (`reason` is empty for a normal goodbye)."""

    reason: str


@dataclass(frozen=True)
class ChannelFailed:
    """The channel is dead; `error` says which side failed and why. Always the last event."""

    error: ChannelError


Event = HandshakeComplete | MessageReceived | HeartbeatReceived | PeerClosed | ChannelFailed


def normalize_password(password: str | None) -> bytes | None:
    """The password bytes that get hashed (NFC, UTF-8), or None when there is no password."""
    if not password:
        return None
    return unicodedata.normalize("NFC", password).encode("utf-8")


def mix(transcript: bytes, payload: bytes) -> bytes:
    """Next transcript hash: SHA-256(previous || u32 length || payload)."""
    return hashlib.sha256(transcript + LENGTH_PREFIX.pack(len(payload)) + payload).digest()


def hkdf_pair(ikm: bytes, salt: bytes, info: bytes) -> tuple[bytes, bytes]:
    """Two 32-byte keys (initiator-to-responder, responder-to-initiator) from HKDF-SHA256."""
    okm = HKDF(algorithm=hashes.SHA256(), length=64, salt=salt, info=info).derive(ikm)
    return okm[:32], okm[32:]


def nonce(counter: int) -> bytes:
    """The 12-byte ChaCha20-Poly1305 nonce for a frame counter: 4 zero bytes, u64 big-endian."""
    return struct.pack(">4xQ", counter)


class _Sealer:
    """One direction of sealed frames: a key and a counter that never repeats."""

    def __init__(self, key: bytes) -> None:
        self._aead = ChaCha20Poly1305(key)
        self.counter = 0

    def seal(self, plaintext: bytes, limits: Limits) -> bytes:
        """A whole frame (length prefix and sealed body) for the next counter value."""
        if self.counter >= (1 << 64) - 1:
            raise ChannelError("local", "frame counter exhausted")
        length = len(plaintext) + 16
        if length > limits.max_frame_bytes:
            raise ChannelError(
                "local", f"sealed frame of {length} bytes (limit {limits.max_frame_bytes})"
            )
        header = LENGTH_PREFIX.pack(length)
        body = self._aead.encrypt(nonce(self.counter), plaintext, header)
        self.counter += 1
        return header + body

    def open(self, body: bytes) -> bytes:
        """The plaintext of the next expected frame; ChannelError if it does not authenticate."""
        header = LENGTH_PREFIX.pack(len(body))
        try:
            plaintext = self._aead.decrypt(nonce(self.counter), body, header)
        except InvalidTag:
            raise ChannelError(
                "remote",
                f"frame {self.counter} does not authenticate (tampered, replayed, reordered or forged)",
            ) from None
        self.counter += 1
        return plaintext


class SecureChannel:
    """One end of an authenticated, encrypted channel; feed it received bytes, send what it queues."""

    def __init__(
        self,
        role: Role,
        identity: Identity,
        *,
        password: str | None = None,
        accept_peer: Callable[[bytes], bool] | None = None,
        expected_peer_key: bytes | None = None,
        limits: Limits = DEFAULT_LIMITS,
        ephemeral_key: X25519PrivateKey | None = None,
        pake_scalar: int = 0,
    ) -> None:
        """`accept_peer(key)` decides which identity keys may connect (default: any);
        `expected_peer_key` is the only key the peer may have (a WRONG_HOST failure otherwise).
        `pake_scalar` fixes CPace's secret scalar for known-answer tests (0: random)."""
        self.role = role
        self._identity = identity
        self._password = normalize_password(password)
        self._accept_peer = accept_peer
        self._expected_peer_key = expected_peer_key
        self._pake_scalar = pake_scalar
        self._pake: CPaceParty | None = None
        self._limits = limits
        self._ephemeral = ephemeral_key or X25519PrivateKey.generate()
        self._reader = FrameReader(HANDSHAKE_LIMITS)
        self._outgoing = bytearray()
        self._state = State.HANDSHAKING
        self._transcript = TRANSCRIPT_START
        self._dh_secret = b""
        self._session_key = b""
        """CPace's intermediate session key (empty without a password)."""
        self._sender: _Sealer | None = None
        self._receiver: _Sealer | None = None
        self.peer_key: bytes | None = None
        """The peer's identity key, known once its hello arrived (proven only when established)."""
        self.transcript_hash: bytes | None = None
        """The hash of the whole handshake, set when established: both sides hold the same value."""
        self.error: ChannelError | None = None
        if role is Role.INITIATOR:
            self._start_pake(self._ephemeral_public())
            self._send_hello()

    # ---------------------------------------------------------------- public API

    @property
    def state(self) -> State:
        """Handshaking, established, closed or failed."""
        return self._state

    def data_to_send(self) -> bytes:
        """Bytes queued for the peer (and forget them): write them to the socket in this order."""
        data = bytes(self._outgoing)
        self._outgoing.clear()
        return data

    def receive_data(self, data: bytes) -> list[Event]:
        """Process bytes from the peer; a ChannelFailed or PeerClosed event, if any, comes last."""
        if self._state in (State.CLOSED, State.FAILED):
            return []
        events: list[Event] = []
        self._reader.push(data)
        try:
            while self._state in (State.HANDSHAKING, State.ESTABLISHED):
                body = self._reader.next_body()
                if body is None:
                    break
                self._receive_body(body, events)
        except FrameError as error:
            events.append(self._fail(ChannelError("remote", f"bad frame: {error.reason}")))
        except ChannelError as error:
            events.append(self._fail(error))
        return events

    def connection_lost(self) -> list[Event]:
        """The stream ended; a ChannelFailed event unless the channel was already closed or failed."""
        if self._state in (State.CLOSED, State.FAILED):
            return []
        if self._reader.pending_bytes:
            reason = f"connection ended inside a frame ({self._reader.pending_bytes} bytes pending)"
        elif self._state is State.HANDSHAKING:
            reason = "connection ended during the handshake"
        else:
            reason = "connection ended without a close frame"
        return [self._fail(ChannelError("remote", reason), notify=False)]

    def fail(self, error: ChannelError) -> list[Event]:
        """Give the channel up for a reason found outside it (a time-out); the peer is told if at fault."""
        if self._state in (State.CLOSED, State.FAILED):
            return []
        return [self._fail(error)]

    def send(self, value: object) -> None:
        """Queue one application object, sealed; ChannelError (local) if not established or invalid."""
        self._require_established()
        try:
            payload = pack(value, self._limits)
        except FrameError as error:
            raise ChannelError("local", f"cannot send: {error.reason}") from None
        self._seal(Kind.DATA, payload)

    def send_heartbeat(self) -> None:
        """Queue a heartbeat frame (an empty sealed frame that only says 'alive')."""
        self._require_established()
        self._seal(Kind.HEARTBEAT, b"")

    def close(self, reason: str = "") -> None:
        """Tell the peer goodbye (with an optional reason) and stop; later data is ignored."""
        self._notify_peer(reason, error=False, failure=Failure.OTHER)
        if self._state in (State.HANDSHAKING, State.ESTABLISHED):
            self._state = State.CLOSED

    # ---------------------------------------------------------------- internals

    def _require_established(self) -> None:
        if self._state is not State.ESTABLISHED:
            raise ChannelError("local", f"channel is {self._state.value}, not established")

    def _notify_peer(self, reason: str, *, error: bool, failure: Failure) -> None:
        """Queue a close frame (sealed once keys exist, else a plain error message)."""
        if self._state not in (State.HANDSHAKING, State.ESTABLISHED):
            return
        text = reason[:MAX_REASON_CHARS]
        if self._sender is not None:
            notice = {"reason": text, "error": error, "code": failure.value}
            self._seal(Kind.CLOSE, pack(notice))
        else:
            notice = {"type": "error", "reason": text or "closed", "code": failure.value}
            self._outgoing += encode_frame(notice)

    def _fail(self, error: ChannelError, *, notify: bool = True) -> ChannelFailed:
        """Enter the failed state; if the peer is at fault, queue a notice saying why."""
        if notify and error.side == "remote":
            with contextlib.suppress(ChannelError):
                self._notify_peer(error.reason, error=True, failure=error.failure)
        self._state = State.FAILED
        self.error = error
        return ChannelFailed(error)

    def _seal(self, kind: Kind, body: bytes) -> None:
        assert self._sender is not None
        self._outgoing += self._sender.seal(bytes([kind]) + body, self._limits)

    def _receive_body(self, body: bytes, events: list[Event]) -> None:
        """Dispatch one frame body according to the state."""
        if self._state is State.ESTABLISHED:
            self._receive_sealed(body, events)
            return
        if self._receiver is None:
            self._receive_hello(body)
        else:
            self._receive_auth(body, events)

    def _receive_sealed(self, body: bytes, events: list[Event]) -> None:
        assert self._receiver is not None
        plaintext = self._receiver.open(body)
        if not plaintext:
            raise ChannelError("remote", "sealed frame with no kind byte")
        kind, payload = plaintext[0], plaintext[1:]
        if kind == Kind.DATA:
            events.append(MessageReceived(unpack(payload, self._limits), len(payload)))
        elif kind == Kind.HEARTBEAT:
            if payload:
                raise ChannelError("remote", "heartbeat frame with a body")
            events.append(HeartbeatReceived())
        elif kind == Kind.CLOSE:
            reason, error, failure = _close_notice(payload)
            if error:
                raise ChannelError("local", f"peer reports: {reason}", failure)
            self._state = State.CLOSED
            events.append(PeerClosed(reason))
        else:
            raise ChannelError("remote", f"sealed frame of unknown kind {kind}")

    def _ephemeral_public(self) -> bytes:
        return self._ephemeral.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    def _start_pake(self, session_id: bytes) -> None:
        """This side's CPace share for the table password (none without a password)."""
        if self._password is None:
            return
        try:
            self._pake = CPaceParty(
                self.role is Role.INITIATOR,
                self._password,
                PAKE_CHANNEL_ID,
                session_id,
                self._identity.public_key,
                scalar=self._pake_scalar,
            )
        except OSError as error:
            raise ChannelError(
                "local", f"table passwords need libsodium (libsodium23): {error}"
            ) from None

    def _hello(self) -> dict[str, object]:
        return {
            "type": "hello",
            "protocol": PROTOCOL_NAME,
            "version": HANDSHAKE_VERSION,
            "role": self.role.value,
            "identity": self._identity.public_key,
            "ephemeral": self._ephemeral_public(),
            "password": self._password is not None,
            "pake": self._pake.share if self._pake is not None else None,
        }

    def _send_hello(self) -> None:
        payload = pack(self._hello())
        self._transcript = mix(self._transcript, payload)
        self._outgoing += LENGTH_PREFIX.pack(len(payload)) + payload

    def _receive_hello(self, body: bytes) -> None:
        """Check the peer's hello, answer it (responder), and derive the handshake keys."""
        message = unpack(body, HANDSHAKE_LIMITS)
        if not isinstance(message, dict):
            raise ChannelError("remote", "handshake message is not a map")
        if message.get("type") == "error":
            reason, failure = _error_notice(message)
            raise ChannelError("local", f"peer reports: {reason}", failure)
        _check_fields(message, HELLO_FIELDS, "hello")
        if message["protocol"] != PROTOCOL_NAME:
            raise ChannelError("remote", f"unknown protocol {message['protocol']!r}")
        if message["version"] not in SUPPORTED_VERSIONS:
            raise ChannelError(
                "remote",
                f"unsupported version {message['version']} (this side speaks "
                f"{sorted(SUPPORTED_VERSIONS)}): a different version of the game",
                Failure.VERSION,
            )
        if message["role"] != self.role.other.value:
            raise ChannelError(
                "remote",
                f"hello claims role {message['role']!r}, expected {self.role.other.value!r}",
            )
        peer_key = message["identity"]
        try:
            check_public_key(peer_key)
        except IdentityError as error:
            raise ChannelError("remote", f"bad identity key: {error}") from None
        if hmac.compare_digest(peer_key, self._identity.public_key):
            raise ChannelError("remote", "peer uses this side's own identity key")
        self.peer_key = peer_key
        expected = self._expected_peer_key
        if expected is not None and not hmac.compare_digest(peer_key, expected):
            raise ChannelError(
                "remote",
                f"wrong host: this is {fingerprint(peer_key)}, not the table of "
                f"{fingerprint(expected)} that was asked for",
                Failure.WRONG_HOST,
            )
        if self._accept_peer is not None and not self._accept_peer(peer_key):
            raise ChannelError(
                "remote",
                f"identity key {fingerprint(peer_key)} is not accepted here",
                Failure.NOT_ACCEPTED,
            )
        if message["password"] and self._password is None:
            raise ChannelError(
                "remote",
                "peer uses a table password, this side has none",
                Failure.PASSWORD_MISMATCH,
            )
        if not message["password"] and self._password is not None:
            raise ChannelError("remote", "peer gave no table password", Failure.PASSWORD_MISMATCH)
        if (message["pake"] is None) != (self._password is None):
            raise ChannelError("remote", "password share and password flag disagree")
        try:
            peer_ephemeral = X25519PublicKey.from_public_bytes(message["ephemeral"])
            self._dh_secret = self._ephemeral.exchange(peer_ephemeral)
        except ValueError as error:
            raise ChannelError("remote", f"bad ephemeral key: {error}") from None
        self._transcript = mix(self._transcript, body)
        if self.role is Role.RESPONDER:
            self._start_pake(message["ephemeral"])
        if self._pake is not None:
            try:
                self._session_key = self._pake.finish(message["pake"], peer_key)
            except CPaceError as error:
                raise ChannelError("remote", f"bad password share: {error}") from None
        if self.role is Role.RESPONDER:
            self._send_hello()
        i2r, r2i = hkdf_pair(self._dh_secret, self._transcript, HANDSHAKE_KEYS_INFO)
        mine, theirs = (i2r, r2i) if self.role is Role.INITIATOR else (r2i, i2r)
        self._sender, self._receiver = _Sealer(mine), _Sealer(theirs)
        if self.role is Role.INITIATOR:
            self._send_auth()

    def _send_auth(self) -> None:
        role = self.role.value
        proof = None
        if self._pake is not None:
            proof = hmac.digest(
                self._session_key, PASSWORD_LABEL[role] + self._transcript, "sha256"
            )
        plaintext = bytes([Kind.AUTH]) + pack(
            {
                "signature": self._identity.sign(AUTH_LABEL[role] + self._transcript),
                "password_proof": proof,
            }
        )
        assert self._sender is not None
        self._outgoing += self._sender.seal(plaintext, self._limits)
        self._transcript = mix(self._transcript, plaintext)

    def _receive_auth(self, body: bytes, events: list[Event]) -> None:
        """Check the peer's signature and password proof; answer (responder) and switch keys."""
        assert self._receiver is not None and self.peer_key is not None
        try:
            plaintext = self._receiver.open(body)
        except ChannelError:
            _raise_if_plain_error(body)
            raise
        if plaintext[:1] == bytes([Kind.CLOSE]):
            reason, _, failure = _close_notice(plaintext[1:])
            raise ChannelError("local", f"peer reports: {reason}", failure)
        if plaintext[:1] != bytes([Kind.AUTH]):
            raise ChannelError("remote", "expected an auth frame")
        before = self._transcript
        self._transcript = mix(before, plaintext)
        if self.role is Role.INITIATOR:
            # The responder switched to traffic keys after sending its auth: any notice must too.
            self._switch_to_traffic_keys()
        message = unpack(plaintext[1:], HANDSHAKE_LIMITS)
        if not isinstance(message, dict):
            raise ChannelError("remote", "auth message is not a map")
        _check_fields(message, AUTH_FIELDS, "auth")
        peer_role = self.role.other.value
        try:
            verify_signature(self.peer_key, message["signature"], AUTH_LABEL[peer_role] + before)
        except SignatureError:
            raise ChannelError("remote", "identity signature does not verify") from None
        proof = message["password_proof"]
        if self._password is None:
            if proof is not None:
                raise ChannelError("remote", "password proof sent to a table without password")
        else:
            expected = hmac.digest(self._session_key, PASSWORD_LABEL[peer_role] + before, "sha256")
            if proof is None or not hmac.compare_digest(proof, expected):
                raise ChannelError(
                    "remote",
                    "wrong password: the table password does not match",
                    Failure.WRONG_PASSWORD,
                )
        if self.role is Role.RESPONDER:
            self._send_auth()
            self._switch_to_traffic_keys()
        self._dh_secret = b""
        self._session_key = b""
        self._pake = None
        self._state = State.ESTABLISHED
        self._reader.limits = self._limits
        self.transcript_hash = self._transcript
        events.append(HandshakeComplete(self.peer_key, self._transcript))

    def _switch_to_traffic_keys(self) -> None:
        """Derive the traffic keys from the final transcript; counters start again at zero."""
        ikm = self._dh_secret + self._session_key
        i2r, r2i = hkdf_pair(ikm, self._transcript, TRAFFIC_KEYS_INFO)
        mine, theirs = (i2r, r2i) if self.role is Role.INITIATOR else (r2i, i2r)
        self._sender, self._receiver = _Sealer(mine), _Sealer(theirs)


def _raise_if_plain_error(body: bytes) -> None:
    """A peer that failed before it had keys sends a plain error message: report it as such."""
    try:
        message = unpack(body, HANDSHAKE_LIMITS)
    except FrameError:
        return
    if isinstance(message, dict) and message.get("type") == "error":
        reason, failure = _error_notice(message)
        raise ChannelError("local", f"peer reports: {reason}", failure)


HELLO_FIELDS: dict[str, tuple[type, ...]] = {
    "type": (str,),
    "protocol": (str,),
    "version": (int,),
    "role": (str,),
    "identity": (bytes,),
    "ephemeral": (bytes,),
    "password": (bool,),
    "pake": (bytes, type(None)),
}
AUTH_FIELDS: dict[str, tuple[type, ...]] = {
    "signature": (bytes,),
    "password_proof": (bytes, type(None)),
}


def _check_fields(
    message: dict[str, Value], fields: dict[str, tuple[type, ...]], name: str
) -> None:
    """ChannelError (remote) unless the map has exactly these keys with values of these types."""
    if set(message) != set(fields):
        raise ChannelError(
            "remote", f"{name} has fields {sorted(message)}, expected {sorted(fields)}"
        )
    for key, types in fields.items():
        value = message[key]
        if type(value) not in types:
            raise ChannelError("remote", f"{name} field {key!r} has type {type(value).__name__}")
    if name == "hello" and message["type"] != "hello":
        raise ChannelError("remote", f"expected a hello, got {message['type']!r}")


def _close_notice(payload: bytes) -> tuple[str, bool, Failure]:
    """The reason text, error flag and failure of a close frame body."""
    message = unpack(payload, HANDSHAKE_LIMITS)
    if (
        not isinstance(message, dict)
        or set(message) != {"reason", "error", "code"}
        or type(message["reason"]) is not str
        or type(message["error"]) is not bool
        or type(message["code"]) is not str
    ):
        raise ChannelError("remote", "malformed close frame")
    return message["reason"], message["error"], Failure.parse(message["code"])


def _error_notice(message: dict[str, Value]) -> tuple[str, Failure]:
    """The reason text and failure of a plain error message."""
    if (
        set(message) != {"type", "reason", "code"}
        or type(message["reason"]) is not str
        or type(message["code"]) is not str
    ):
        raise ChannelError("remote", "malformed error message")
    reason, failure = message["reason"] or "no reason given", Failure.parse(message["code"])
    if failure is Failure.OTHER and VERSION_2_REFUSAL.match(reason):
        failure = Failure.VERSION
    return reason, failure


__all__ = [
    "HANDSHAKE_VERSION",
    "PROTOCOL_VERSION",
    "ChannelError",
    "ChannelFailed",
    "Event",
    "Failure",
    "HandshakeComplete",
    "HeartbeatReceived",
    "MessageReceived",
    "PeerClosed",
    "Role",
    "SecureChannel",
    "State",
    "normalize_password",
]
