"""Chaum-Pedersen equal-discrete-log proofs and Schnorr signatures (Fiat-Shamir, 64 bytes each)."""

from __future__ import annotations

import hmac

from net.crypto.group import Group, InvalidPoint
from net.crypto.hashing import Part, transcript_hash


class ProofError(ValueError):
    """A proof or signature does not verify."""


def _challenge(group: Group, label: str, *parts: Part) -> int:
    """A Fiat-Shamir challenge scalar."""
    return int.from_bytes(transcript_hash(label, group.name, *parts), "little") % group.order


def _nonce(group: Group, secret: int, context: Part) -> int:
    """A non-zero nonce derived from the secret and the statement (as in EdDSA / RFC 6979), so a
    peer that replays its journal after a crash signs and proves exactly the same bytes again."""
    value = int.from_bytes(transcript_hash("nonce", secret, context), "little") % group.order
    return value or 1


def encode_proof(challenge: int, response: int) -> bytes:
    """Serialise a (challenge, response) proof as 64 bytes."""
    return challenge.to_bytes(32, "little") + response.to_bytes(32, "little")


def decode_proof(group: Group, proof: object) -> tuple[int, int]:
    """Parse 64 proof bytes; raise ProofError if malformed or out of range."""
    if not isinstance(proof, bytes) or len(proof) != 64:
        raise ProofError("a proof is 64 bytes")
    challenge = int.from_bytes(proof[:32], "little")
    response = int.from_bytes(proof[32:], "little")
    if challenge >= group.order or response >= group.order:
        raise ProofError("proof scalars out of range")
    return challenge, response


def prove_dleq(
    group: Group,
    secret: int,
    base1: bytes,
    base2: bytes,
    context: Part,
    public1: bytes | None = None,
    public2: bytes | None = None,
) -> bytes:
    """Prove log_base1(secret*base1) == log_base2(secret*base2), bound to a context transcript.

    The caller may pass the two public points when it has already computed them.
    """
    public1 = public1 or group.mult(secret, base1)
    public2 = public2 or group.mult(secret, base2)
    nonce = _nonce(group, secret, [base1, base2, context])
    commit1 = group.mult(nonce, base1)
    commit2 = group.mult(nonce, base2)
    challenge = _challenge(group, "dleq", context, base1, public1, base2, public2, commit1, commit2)
    return encode_proof(challenge, (nonce + challenge * secret) % group.order)


def verify_dleq(
    group: Group,
    base1: bytes,
    public1: bytes,
    base2: bytes,
    public2: bytes,
    proof: object,
    context: Part,
) -> None:
    """Check a proof that log_base1(public1) == log_base2(public2); raise ProofError if not."""
    challenge, response = decode_proof(group, proof)
    negated = group.order - challenge
    try:
        commit1 = group.add(group.mult(response, base1), group.mult(negated, public1))
        commit2 = group.add(group.mult(response, base2), group.mult(negated, public2))
    except InvalidPoint as error:
        raise ProofError(f"equal-log proof does not verify: {error}") from error
    expected = _challenge(group, "dleq", context, base1, public1, base2, public2, commit1, commit2)
    if not hmac.compare_digest(expected.to_bytes(32, "little"), challenge.to_bytes(32, "little")):
        raise ProofError("equal-log proof does not verify")


def sign(group: Group, secret: int, message: bytes) -> bytes:
    """A Schnorr signature on message under public key secret*G."""
    public = group.mult_base(secret)
    nonce = _nonce(group, secret, message)
    commit = group.mult_base(nonce)
    challenge = _challenge(group, "schnorr", public, commit, message)
    return encode_proof(challenge, (nonce + challenge * secret) % group.order)


def verify_signature(group: Group, public: bytes, message: bytes, signature: object) -> None:
    """Check a Schnorr signature; raise ProofError if it does not verify."""
    challenge, response = decode_proof(group, signature)
    try:
        commit = group.add(group.mult_base(response), group.mult(group.order - challenge, public))
    except InvalidPoint as error:
        raise ProofError(f"bad signature: {error}") from error
    expected = _challenge(group, "schnorr", public, commit, message)
    if not hmac.compare_digest(expected.to_bytes(32, "little"), challenge.to_bytes(32, "little")):
        raise ProofError("bad signature")
