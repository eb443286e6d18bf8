"""The secure channel: two cores paired in memory, honest and under attack."""

from __future__ import annotations

import hashlib
import hmac
import struct

import pytest
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from hypothesis import given
from hypothesis import strategies as st

from net.codec import FrameReader, encode_frame, pack, unpack
from net.crypto.cpace import calculate_generator, intermediate_session_key
from net.crypto.cpace import group as cpace_group
from net.handshake import (
    ChannelError,
    ChannelFailed,
    Event,
    Failure,
    HandshakeComplete,
    HeartbeatReceived,
    MessageReceived,
    PeerClosed,
    Role,
    SecureChannel,
    State,
    hkdf_pair,
    mix,
    nonce,
    normalize_password,
)
from net.identity import Identity, verify_signature

ALICE = Identity.from_seed(bytes(range(32)))
BOB = Identity.from_seed(bytes(range(1, 33)))
MALLORY = Identity.from_seed(bytes(range(2, 34)))


def pair(
    initiator_password: str | None = None,
    responder_password: str | None = None,
    initiator_identity: Identity = ALICE,
    responder_identity: Identity = BOB,
    **responder_options: object,
) -> tuple[SecureChannel, SecureChannel]:
    """An initiator and a responder, not yet connected."""
    initiator = SecureChannel(Role.INITIATOR, initiator_identity, password=initiator_password)
    responder = SecureChannel(
        Role.RESPONDER,
        responder_identity,
        password=responder_password,
        **responder_options,  # type: ignore[arg-type]
    )
    return initiator, responder


def pump(
    a: SecureChannel, b: SecureChannel, wire: list[bytes] | None = None
) -> tuple[list[Event], list[Event]]:
    """Carry bytes both ways until neither side has anything to send; the events each side saw."""
    events_a: list[Event] = []
    events_b: list[Event] = []
    while True:
        to_b, to_a = a.data_to_send(), b.data_to_send()
        if not to_b and not to_a:
            return events_a, events_b
        if wire is not None:
            wire += [to_b, to_a]
        if to_b:
            events_b += b.receive_data(to_b)
        if to_a:
            events_a += a.receive_data(to_a)


def established() -> tuple[SecureChannel, SecureChannel]:
    """A connected pair, handshake done."""
    initiator, responder = pair()
    pump(initiator, responder)
    assert initiator.state is responder.state is State.ESTABLISHED
    return initiator, responder


def failure(events: list[Event]) -> ChannelError:
    """The error of the final ChannelFailed event."""
    assert events, "expected a ChannelFailed event"
    last = events[-1]
    assert isinstance(last, ChannelFailed), events
    return last.error


def test_handshake_proves_both_identities_and_agrees_on_the_transcript() -> None:
    initiator, responder = pair()
    events_i, events_r = pump(initiator, responder)
    assert events_i == [HandshakeComplete(BOB.public_key, initiator.transcript_hash or b"")]
    assert events_r == [HandshakeComplete(ALICE.public_key, responder.transcript_hash or b"")]
    assert initiator.transcript_hash == responder.transcript_hash
    assert len(initiator.transcript_hash or b"") == 32
    assert initiator.peer_key == BOB.public_key and responder.peer_key == ALICE.public_key


def test_messages_flow_both_ways_in_order() -> None:
    initiator, responder = established()
    for n in range(3):
        initiator.send({"n": n, "blob": b"x" * n})
    responder.send(["hi", None, 1.5])
    events_i, events_r = pump(initiator, responder)
    assert events_r == [MessageReceived({"n": n, "blob": b"x" * n}) for n in range(3)]
    assert events_i == [MessageReceived(["hi", None, 1.5])]
    initiator.send_heartbeat()
    _, events_r = pump(initiator, responder)
    assert events_r == [HeartbeatReceived()]


def test_transcripts_differ_between_sessions() -> None:
    first, _ = established()
    second, _ = established()
    assert first.transcript_hash != second.transcript_hash


def test_responder_may_send_right_after_its_auth() -> None:
    """Data that follows the responder's auth in the same read is delivered to the initiator."""
    initiator, responder = pair()
    responder.receive_data(initiator.data_to_send())
    initiator.receive_data(responder.data_to_send())
    events_r = responder.receive_data(initiator.data_to_send())
    assert isinstance(events_r[0], HandshakeComplete)
    responder.send("early")
    events_i = initiator.receive_data(responder.data_to_send())
    assert [type(e) for e in events_i] == [HandshakeComplete, MessageReceived]


@given(
    st.lists(st.integers(1, 64), min_size=1, max_size=30),
    st.lists(st.text(max_size=30), max_size=5),
)
def test_any_chunking_of_a_conversation_gives_the_same_events(
    cuts: list[int], texts: list[str]
) -> None:
    initiator, responder = pair()
    hello = initiator.data_to_send()
    responder.receive_data(hello)
    initiator.receive_data(responder.data_to_send())
    stream = initiator.data_to_send()  # auth_I, then the messages once established
    events: list[Event] = []
    position = 0
    while position < len(stream):
        size = cuts[position % len(cuts)]
        events += responder.receive_data(stream[position : position + size])
        position += size
    initiator.receive_data(responder.data_to_send())
    for text in texts:
        initiator.send(text)
    stream = initiator.data_to_send()
    position = 0
    for size in cuts * (len(stream) // max(1, min(cuts)) + 1):
        if position >= len(stream):
            break
        events += responder.receive_data(stream[position : position + size])
        position += size
    assert events[0] == HandshakeComplete(ALICE.public_key, responder.transcript_hash or b"")
    assert events[1:] == [MessageReceived(text) for text in texts]


def test_byte_by_byte_delivery_works() -> None:
    initiator, responder = pair()
    events: list[Event] = []
    for _ in range(3):
        for byte in initiator.data_to_send():
            events += responder.receive_data(bytes([byte]))
        for byte in responder.data_to_send():
            events += initiator.receive_data(bytes([byte]))
    assert initiator.state is responder.state is State.ESTABLISHED


def test_same_password_connects_and_changes_the_keys() -> None:
    initiator, responder = pair("Kitchen-42", "Kitchen-42")
    pump(initiator, responder)
    assert initiator.state is responder.state is State.ESTABLISHED
    initiator.send("secret")
    _, events_r = pump(initiator, responder)
    assert events_r == [MessageReceived("secret")]


def test_password_is_unicode_normalized() -> None:
    composed, decomposed = "caf\u00e9", "cafe\u0301"
    assert normalize_password(composed) == normalize_password(decomposed)
    initiator, responder = pair(composed, decomposed)
    pump(initiator, responder)
    assert responder.state is State.ESTABLISHED


def test_wrong_password_fails_on_both_sides_with_reasons() -> None:
    initiator, responder = pair("right", "wrong")
    events_i, events_r = pump(initiator, responder)
    assert failure(events_r).side == "remote"
    assert failure(events_r).reason.startswith("wrong password")
    assert failure(events_r).failure is Failure.WRONG_PASSWORD
    assert failure(events_i).side == "local"
    assert "wrong password" in failure(events_i).reason
    assert failure(events_i).failure is Failure.WRONG_PASSWORD
    assert initiator.state is responder.state is State.FAILED


def test_the_responder_learns_of_a_wrong_password_before_it_proves_anything() -> None:
    """The joiner proves first: a wrong guess gets no password proof from the table back."""
    initiator, responder = pair("guess", "right")
    wire: list[bytes] = []
    pump(initiator, responder, wire)
    from_responder = [chunk for chunk in wire[1::2] if chunk]
    assert len(from_responder) == 2  # its hello, then a sealed close notice: no auth
    assert responder.state is State.FAILED


def test_password_never_appears_on_the_wire() -> None:
    initiator, responder = pair("hunter2-hunter2", "hunter2-hunter2")
    wire: list[bytes] = []
    pump(initiator, responder, wire)
    initiator.send("after")
    pump(initiator, responder, wire)
    assert responder.state is State.ESTABLISHED
    assert b"hunter2" not in b"".join(wire)
    assert len(wire) >= 4


@pytest.mark.parametrize(
    ("initiator_password", "responder_password", "reason"),
    [(None, "pw", "peer gave no table password"), ("pw", None, "this side has none")],
)
def test_password_on_one_side_only_is_refused_early(
    initiator_password: str | None, responder_password: str | None, reason: str
) -> None:
    initiator, responder = pair(initiator_password, responder_password)
    events_i, events_r = pump(initiator, responder)
    assert failure(events_r).side == "remote" and reason in failure(events_r).reason
    assert failure(events_i).side == "local" and reason in failure(events_i).reason
    assert failure(events_i).failure is Failure.PASSWORD_MISMATCH


def test_unknown_identity_key_is_refused() -> None:
    initiator, responder = pair(
        initiator_identity=MALLORY, accept_peer=lambda key: key == ALICE.public_key
    )
    events_i, events_r = pump(initiator, responder)
    error = failure(events_r)
    assert (
        error.side == "remote"
        and MALLORY.fingerprint in error.reason
        and "not accepted" in error.reason
    )
    assert failure(events_i).side == "local"


def test_a_joiner_that_expects_the_host_key_refuses_an_impostor() -> None:
    initiator = SecureChannel(Role.INITIATOR, ALICE, expected_peer_key=BOB.public_key)
    impostor = SecureChannel(Role.RESPONDER, MALLORY)
    events_i, events_r = pump(initiator, impostor)
    error = failure(events_i)
    assert error.failure is Failure.WRONG_HOST and error.reason.startswith("wrong host")
    assert MALLORY.fingerprint in error.reason and BOB.fingerprint in error.reason
    assert failure(events_r).failure is Failure.WRONG_HOST
    honest = SecureChannel(Role.INITIATOR, ALICE, expected_peer_key=BOB.public_key)
    host = SecureChannel(Role.RESPONDER, BOB)
    pump(honest, host)
    assert honest.state is host.state is State.ESTABLISHED


def test_initiator_checks_the_responder_key_too() -> None:
    initiator = SecureChannel(Role.INITIATOR, ALICE, accept_peer=lambda key: key == BOB.public_key)
    impostor = SecureChannel(Role.RESPONDER, MALLORY)
    events_i, events_r = pump(initiator, impostor)
    assert "not accepted" in failure(events_i).reason
    assert failure(events_r).side == "local"


def test_own_key_is_refused() -> None:
    initiator, responder = pair(initiator_identity=BOB)
    _, events_r = pump(initiator, responder)
    assert "own identity key" in failure(events_r).reason


def test_identity_claimed_without_the_private_key_is_caught() -> None:
    """Mallory announces Alice's public key but can only sign with her own key."""
    initiator, responder = pair(initiator_identity=MALLORY)
    hello = unpack(initiator.data_to_send()[4:])
    hello["identity"] = ALICE.public_key
    # Rebuild Mallory's state as if she had sent the forged hello: swap her transcript start.
    forged = encode_frame(hello)
    initiator._transcript = mix(hashlib.sha256(b"durak-lan handshake v2").digest(), forged[4:])
    responder.receive_data(forged)
    initiator.receive_data(responder.data_to_send())
    events_r = responder.receive_data(initiator.data_to_send())
    assert failure(events_r).reason == "identity signature does not verify"


def tamper(frame: bytes, index: int) -> bytes:
    """Flip one bit of a frame body."""
    body = bytearray(frame)
    body[4 + index % (len(frame) - 4)] ^= 0x01
    return bytes(body)


@given(st.integers(min_value=0, max_value=10_000), st.sampled_from([0, 1, 2, 3]))
def test_any_tampered_handshake_byte_breaks_the_handshake(index: int, flight: int) -> None:
    initiator, responder = pair()
    sides = [
        (initiator, responder),
        (responder, initiator),
        (initiator, responder),
        (responder, initiator),
    ]
    for number, (sender, receiver) in enumerate(sides):
        data = sender.data_to_send()
        if number == flight:
            data = tamper(data, index)
        receiver.receive_data(data)
        if receiver.state is State.FAILED:
            break
    pump(initiator, responder)
    assert State.ESTABLISHED not in (initiator.state, responder.state) or (
        initiator.transcript_hash != responder.transcript_hash
    )
    assert State.FAILED in (initiator.state, responder.state)


@given(st.integers(min_value=0, max_value=1000))
def test_tampered_frame_is_refused(index: int) -> None:
    initiator, responder = established()
    initiator.send({"card": "QS"})
    events = responder.receive_data(tamper(initiator.data_to_send(), index))
    error = failure(events)
    assert error.side == "remote" and "does not authenticate" in error.reason
    assert responder.state is State.FAILED


def test_replayed_frame_is_refused() -> None:
    initiator, responder = established()
    initiator.send("attack")
    frame = initiator.data_to_send()
    assert responder.receive_data(frame) == [MessageReceived("attack")]
    error = failure(responder.receive_data(frame))
    assert "frame 1 does not authenticate" in error.reason


def test_reordered_frames_are_refused() -> None:
    initiator, responder = established()
    initiator.send("first")
    first = initiator.data_to_send()
    initiator.send("second")
    second = initiator.data_to_send()
    error = failure(responder.receive_data(second + first))
    assert "frame 0 does not authenticate" in error.reason


def test_frame_replayed_into_another_session_is_refused() -> None:
    initiator, _ = established()
    _, other = established()
    initiator.send("hi")
    assert "does not authenticate" in failure(other.receive_data(initiator.data_to_send())).reason


def test_reflected_frame_is_refused() -> None:
    """A frame sent back to its author does not open: each direction has its own key."""
    initiator, _ = established()
    initiator.send("hi")
    assert (
        "does not authenticate" in failure(initiator.receive_data(initiator.data_to_send())).reason
    )


def test_truncated_frame_is_reported_when_the_stream_ends() -> None:
    initiator, responder = established()
    initiator.send("a longer message")
    frame = initiator.data_to_send()
    assert responder.receive_data(frame[:-3]) == []
    error = failure(responder.connection_lost())
    assert error.side == "remote" and "inside a frame" in error.reason


def test_frame_with_a_cut_length_does_not_authenticate() -> None:
    initiator, responder = established()
    initiator.send("a longer message")
    frame = initiator.data_to_send()
    body = frame[4:-3]
    shortened = struct.pack(">I", len(body)) + body
    assert "does not authenticate" in failure(responder.receive_data(shortened)).reason


@given(st.binary(min_size=1, max_size=200))
def test_garbage_after_the_handshake_is_refused(garbage: bytes) -> None:
    _, responder = established()
    events = responder.receive_data(garbage)
    if events:
        assert failure(events).side == "remote"
        assert responder.state is State.FAILED
    else:  # too short to hold a whole frame yet: the end of stream reveals it
        assert failure(responder.connection_lost()).side == "remote"


@given(st.binary(min_size=1, max_size=200))
def test_garbage_instead_of_a_hello_is_refused(garbage: bytes) -> None:
    responder = SecureChannel(Role.RESPONDER, BOB)
    events = responder.receive_data(garbage) or responder.connection_lost()
    assert failure(events).side == "remote"


def test_garbage_failure_tells_the_peer_why() -> None:
    initiator, responder = established()
    responder.receive_data(b"\x00\x00\x00\x20" + bytes(32))
    events_i = initiator.receive_data(responder.data_to_send())
    error = failure(events_i)
    assert (
        error.side == "local" and "peer reports" in error.reason and "authenticate" in error.reason
    )


def test_oversized_frame_is_refused_from_its_header() -> None:
    _, responder = established()
    error = failure(responder.receive_data(b"\x7f\xff\xff\xff"))
    assert "announces" in error.reason
    fresh = SecureChannel(Role.RESPONDER, BOB)
    assert "announces 2000 bytes" in failure(fresh.receive_data(struct.pack(">I", 2000))).reason


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"protocol": "other"}, "unknown protocol"),
        ({"version": 99}, "unsupported version 99"),
        ({"role": "responder"}, "claims role"),
        ({"identity": b"\x01" * 31}, "bad identity key"),
        ({"ephemeral": bytes(32)}, "bad ephemeral key"),
        ({"password": "yes"}, "field 'password' has type str"),
        ({"extra": 1}, "has fields"),
        ({"type": "auth"}, "expected a hello"),
    ],
)
def test_malformed_hello_is_refused_with_a_reason(change: dict[str, object], reason: str) -> None:
    initiator = SecureChannel(Role.INITIATOR, ALICE)
    hello = unpack(initiator.data_to_send()[4:])
    hello.update(change)
    responder = SecureChannel(Role.RESPONDER, BOB)
    error = failure(responder.receive_data(encode_frame(hello)))
    assert error.side == "remote" and reason in error.reason
    # the refusal travels back as a plain error message
    assert failure(initiator.receive_data(responder.data_to_send())).side == "local"


def test_wrongly_typed_application_frame_is_refused() -> None:
    initiator, responder = established()
    sender = initiator._sender
    assert sender is not None
    data_kind_with_ext = sender.seal(b"\x00\xd6\xff\x00\x00\x00\x00", initiator._limits)
    error = failure(responder.receive_data(data_kind_with_ext))
    assert "bad frame" in error.reason
    initiator2, responder2 = established()
    assert initiator2._sender is not None
    unknown_kind = initiator2._sender.seal(b"\x09", initiator2._limits)
    assert "unknown kind 9" in failure(responder2.receive_data(unknown_kind)).reason


def test_graceful_close_is_not_an_error() -> None:
    initiator, responder = established()
    initiator.send("bye soon")
    initiator.close("leaving the table")
    assert initiator.state is State.CLOSED
    events = responder.receive_data(initiator.data_to_send())
    assert events == [MessageReceived("bye soon"), PeerClosed("leaving the table")]
    assert responder.connection_lost() == []
    with pytest.raises(ChannelError, match="not established"):
        initiator.send("late")


def test_connection_lost_without_close_is_reported() -> None:
    _, responder = established()
    assert "without a close frame" in failure(responder.connection_lost()).reason
    fresh, _ = pair()
    assert "during the handshake" in failure(fresh.connection_lost()).reason


def test_sending_before_the_handshake_is_a_local_error() -> None:
    initiator, _ = pair()
    with pytest.raises(ChannelError) as caught:
        initiator.send("too early")
    assert caught.value.side == "local"


def test_unencodable_value_is_a_local_error_and_changes_nothing() -> None:
    initiator, responder = established()
    with pytest.raises(ChannelError, match="cannot send"):
        initiator.send({1: "int key"})
    initiator.send("fine")
    assert pump(initiator, responder)[1] == [MessageReceived("fine")]


PAKE_SCALAR_I = int.from_bytes(bytes([0x33]) * 32, "little")
PAKE_SCALAR_R = int.from_bytes(bytes([0x44]) * 32, "little")


@pytest.mark.parametrize("password", [None, "Kitchen-42"])
def test_key_schedule_matches_the_documented_recipe(password: str | None) -> None:
    """Rebuild the traffic key from the documented steps and open a frame with it."""
    eph_i, eph_r = X25519PrivateKey.generate(), X25519PrivateKey.generate()
    initiator = SecureChannel(
        Role.INITIATOR, ALICE, password=password, ephemeral_key=eph_i, pake_scalar=PAKE_SCALAR_I
    )
    responder = SecureChannel(
        Role.RESPONDER, BOB, password=password, ephemeral_key=eph_r, pake_scalar=PAKE_SCALAR_R
    )
    wire_i: list[bytes] = []
    wire_r: list[bytes] = []
    for _ in range(4):
        to_r, to_i = initiator.data_to_send(), responder.data_to_send()
        wire_i += FrameReader().feed(to_r)
        wire_r += FrameReader().feed(to_i)
        responder.receive_data(to_r)
        initiator.receive_data(to_i)
    hello_i, auth_i = wire_i
    hello_r, auth_r = wire_r
    dh = eph_i.exchange(eph_r.public_key())
    start = hashlib.sha256(b"durak-lan handshake v2").digest()
    h = mix(mix(start, hello_i), hello_r)
    h1 = hashlib.sha256(start + struct.pack(">I", len(hello_i)) + hello_i).digest()
    assert h == hashlib.sha256(h1 + struct.pack(">I", len(hello_r)) + hello_r).digest()
    h2 = h
    isk = b""
    if password is not None:
        ya, yb = unpack(hello_i)["pake"], unpack(hello_r)["pake"]
        sid = unpack(hello_i)["ephemeral"]
        g = calculate_generator(password.encode(), b"durak-lan v2 table password", sid)
        assert ya == cpace_group().mult(PAKE_SCALAR_I, g)
        k = cpace_group().mult(PAKE_SCALAR_I, yb)
        isk = intermediate_session_key(sid, k, ya, ALICE.public_key, yb, BOB.public_key)
    hs_i2r, hs_r2i = hkdf_pair(dh, h, b"durak-lan v2 handshake keys")
    auth_i_plain = ChaCha20Poly1305(hs_i2r).decrypt(
        nonce(0), auth_i, struct.pack(">I", len(auth_i))
    )
    assert auth_i_plain[0] == 3
    proof = unpack(auth_i_plain[1:])["password_proof"]
    if password is None:
        assert proof is None
    else:
        label = b"durak-lan v2 password initiator\x00"
        assert proof == hmac.digest(isk, label + h2, "sha256")
    h = mix(h, auth_i_plain)
    auth_r_plain = ChaCha20Poly1305(hs_r2i).decrypt(
        nonce(0), auth_r, struct.pack(">I", len(auth_r))
    )
    h = mix(h, auth_r_plain)
    assert h == initiator.transcript_hash
    i2r, _ = hkdf_pair(dh + isk, h, b"durak-lan v2 traffic keys")
    initiator.send({"hello": "world"})
    frame = initiator.data_to_send()
    plain = ChaCha20Poly1305(i2r).decrypt(nonce(0), frame[4:], frame[:4])
    assert plain == b"\x00" + pack({"hello": "world"})
    assert nonce(1) == bytes(4) + (1).to_bytes(8, "big")
    signature = unpack(auth_i_plain[1:])["signature"]
    verify_signature(ALICE.public_key, signature, b"durak-lan v2 auth initiator\x00" + h2)


def test_a_fake_table_that_records_a_join_cannot_test_guesses_offline() -> None:
    """A fake table (Mallory, announcing the real table's name) takes one join attempt with a
    password of its own choosing and keeps every byte and every secret of its side. For each
    candidate password it then rebuilds what the joiner's proof would be if that candidate were
    right: none matches, not even the right password, because the joiner's key depends on the
    joiner's secret CPace scalar. One live exchange tests one guess, the fake table's own."""
    password = "Kitchen-42"
    joiner = SecureChannel(Role.INITIATOR, ALICE, password=password)
    fake_scalar = 1234567
    fake = SecureChannel(Role.RESPONDER, MALLORY, password="letmein", pake_scalar=fake_scalar)
    wire: list[bytes] = []
    pump(joiner, fake, wire)
    assert fake.state is State.FAILED  # the joiner's proof did not match the fake's guess
    from_joiner = [chunk for chunk in wire[0::2] if chunk]
    from_fake = [chunk for chunk in wire[1::2] if chunk]
    hello_i = FrameReader().feed(from_joiner[0])[0]
    hello_r = FrameReader().feed(from_fake[0])[0]
    # The fake table knows its own handshake keys, so it can open the joiner's auth frame.
    ya = unpack(hello_i)["pake"]
    sid = unpack(hello_i)["ephemeral"]
    yb = unpack(hello_r)["pake"]
    h2 = mix(mix(hashlib.sha256(b"durak-lan handshake v2").digest(), hello_i), hello_r)
    dh = fake._ephemeral.exchange(X25519PublicKey.from_public_bytes(sid))
    hs_i2r, _ = hkdf_pair(dh, h2, b"durak-lan v2 handshake keys")
    auth_i = FrameReader().feed(from_joiner[1])[0]
    plain = ChaCha20Poly1305(hs_i2r).decrypt(nonce(0), auth_i, struct.pack(">I", len(auth_i)))
    recorded_proof = unpack(plain[1:])["password_proof"]
    label = b"durak-lan v2 password initiator\x00"
    tried = []
    for candidate in ["1234", "letmein", "kitchen", password, "Kitchen-43"]:
        # Offline, the fake replays its side as if it had answered with `candidate`: its share
        # for that candidate, its scalar against the joiner's share, the key and the proof.
        generator = calculate_generator(candidate.encode(), b"durak-lan v2 table password", sid)
        yb_candidate = cpace_group().mult(fake_scalar, generator)
        k = cpace_group().mult(fake_scalar, ya)
        isk = intermediate_session_key(
            sid, k, ya, ALICE.public_key, yb_candidate, MALLORY.public_key
        )
        tried.append(hmac.digest(isk, label + h2, "sha256") == recorded_proof)
    assert tried == [False] * 5  # the right password is not recognised either
    assert yb == cpace_group().mult(
        fake_scalar, calculate_generator(b"letmein", b"durak-lan v2 table password", sid)
    )


KNOWN_HELLO_I = bytes.fromhex(
    "88a474797065a568656c6c6fa870726f746f636f6ca9647572616b2d6c616ea776657273696f6e09a4726f6c65"
    "a9696e69746961746f72a86964656e74697479c42003a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f"
    "1ddc8664125531b8a9657068656d6572616cc4207b4e909bbe7ffe44c465a220037d608ee35897d31ef972f07f"
    "74892cb0f73f13a870617373776f7264c2a470616b65c0"
)


@pytest.mark.parametrize(
    ("password", "transcript", "first_frame"),
    [
        (
            None,
            "f56331cc5b793c9e0368f5ed07b96d139fc38c1c1c92dd965eea9d35acb2aeda",
            "0000001e1dd3a4a52c01b78618d78d33cd6cc316b9151ce5d6afaefc10d6dd19de6b",
        ),
        (
            "Kitchen-42",
            "66df72ab821f2af9cc487231d0f0e38b7b44891b93f27064df543218e9aa05d9",
            "0000001ef178f3fad06f7b81827a3d5e82a891a0c0cc6e7dfecf5766b0e316f2c60e",
        ),
    ],
)
def test_known_answer_vectors_in_the_docs(
    password: str | None, transcript: str, first_frame: str
) -> None:
    """The test vectors of docs/protocol.md: fixed seeds and ephemeral keys give fixed bytes."""
    initiator = SecureChannel(
        Role.INITIATOR,
        ALICE,
        password=password,
        ephemeral_key=X25519PrivateKey.from_private_bytes(bytes([0x11]) * 32),
        pake_scalar=PAKE_SCALAR_I,
    )
    responder = SecureChannel(
        Role.RESPONDER,
        BOB,
        password=password,
        ephemeral_key=X25519PrivateKey.from_private_bytes(bytes([0x22]) * 32),
        pake_scalar=PAKE_SCALAR_R,
    )
    hello = initiator.data_to_send()
    if password is None:
        assert hello[4:] == KNOWN_HELLO_I
    responder.receive_data(hello)
    pump(initiator, responder)
    assert (initiator.transcript_hash or b"").hex() == transcript
    initiator.send({"hello": "world"})
    assert initiator.data_to_send().hex() == first_frame


def test_an_impostor_gets_no_password_proof_from_a_joiner_that_knows_the_host() -> None:
    joiner = SecureChannel(
        Role.INITIATOR, ALICE, password="Kitchen-42", expected_peer_key=BOB.public_key
    )
    impostor = SecureChannel(Role.RESPONDER, MALLORY, password="Kitchen-42")
    wire: list[bytes] = []
    events_i, _ = pump(joiner, impostor, wire)
    assert failure(events_i).failure is Failure.WRONG_HOST
    from_joiner = [chunk for chunk in wire[0::2] if chunk]
    # Its hello, then a plain error notice: never a sealed auth frame with a password proof.
    assert len(from_joiner) == 2
    assert unpack(FrameReader().feed(from_joiner[1])[0])["code"] == "wrong-host"


hello_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**64 - 1),
    st.text(max_size=20),
    st.binary(max_size=40),
    st.binary(min_size=32, max_size=32),
)


@given(
    field=st.sampled_from(["identity", "ephemeral", "password", "pake", "version"]),
    value=hello_values,
)
def test_a_mutated_hello_to_a_password_table_only_ever_fails_the_channel(
    field: str, value: object
) -> None:
    joiner = SecureChannel(Role.INITIATOR, ALICE, password="Kitchen-42")
    hello = unpack(joiner.data_to_send()[4:])
    hello[field] = value
    host = SecureChannel(Role.RESPONDER, BOB, password="Kitchen-42")
    events = host.receive_data(encode_frame(hello))
    if host.state is State.FAILED:
        assert failure(events).side == "remote"
    else:  # the change was harmless (the same value, or another valid share or key)
        assert host.state is State.HANDSHAKING
