"""Cut-and-choose proof that a deck was re-keyed with the key behind A and permuted within segments.

Statement: outputs equal a * inputs as multisets inside every segment, where A = a*G.
Each round r the prover commits to B_r = beta_r*G and the sorted set beta_r * inputs; a
Fiat-Shamir challenge bit asks for beta_r (linking the inputs) or a/beta_r (linking the
outputs and A). A false statement survives one round with probability 1/2 at most.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

from net.crypto.group import Group, InvalidPoint
from net.crypto.hashing import Part, transcript_hash
from net.crypto.proofs import ProofError

MIN_ROUNDS = 1
MAX_ROUNDS = 512
SECURE_ROUNDS = 64


def _round_digest(public_beta: bytes, segments: Sequence[list[bytes]]) -> bytes:
    """Hash one round's commitment: B_r and the sorted points of every segment."""
    digest = hashlib.sha512(public_beta)
    for segment in segments:
        digest.update(len(segment).to_bytes(4, "big"))
        for point in sorted(segment):
            digest.update(point)
    return digest.digest()


def _split(points: Sequence[bytes], sizes: Sequence[int]) -> list[list[bytes]]:
    """Cut a list of points into consecutive segments of the given sizes."""
    out: list[list[bytes]] = []
    start = 0
    for size in sizes:
        out.append(list(points[start : start + size]))
        start += size
    return out


def _bits(challenge: bytes, rounds: int) -> list[int]:
    """The first `rounds` bits of a challenge digest."""
    return [(challenge[i // 8] >> (i % 8)) & 1 for i in range(rounds)]


def _challenge(
    group: Group,
    context: Part,
    public_key: bytes,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
    commitments: Sequence[tuple[bytes, bytes]],
) -> bytes:
    """The Fiat-Shamir challenge binding the context, the statement and every round commitment."""
    return transcript_hash(
        "shuffle-proof",
        group.name,
        context,
        public_key,
        list(inputs),
        list(outputs),
        list(sizes),
        [[beta, digest] for beta, digest in commitments],
    )


def _check_shapes(
    group: Group,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
    rounds: int,
) -> None:
    """Reject malformed statements before any arithmetic."""
    if not MIN_ROUNDS <= rounds <= MAX_ROUNDS:
        raise ProofError(f"rounds must be in {MIN_ROUNDS}..{MAX_ROUNDS}")
    if len(inputs) != len(outputs) or sum(sizes) != len(inputs) or any(s <= 0 for s in sizes):
        raise ProofError("segment sizes do not match the deck")


def _round_secret(group: Group, secret: int, statement: bytes, index: int) -> int:
    """The non-zero secret scalar of one round, derived from the prover's secret and statement."""
    value = transcript_hash("shuffle-beta", secret, statement, index)
    return int.from_bytes(value, "little") % group.order or 1


def prove_shuffle(
    group: Group,
    secret: int,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
    rounds: int,
    context: Part,
) -> bytes:
    """Prove outputs = secret*inputs within each segment (as multisets); bound to context."""
    _check_shapes(group, inputs, outputs, sizes, rounds)
    public_key = group.mult_base(secret)
    input_segments = _split(inputs, sizes)
    betas: list[int] = []
    commitments: list[tuple[bytes, bytes]] = []
    # Round secrets derive from the secret and the statement (deterministic, like EdDSA nonces),
    # so the same call always gives the same proof: a restarted peer replays to the same bytes.
    statement = transcript_hash("shuffle-statement", group.name, context, inputs, outputs, sizes)
    for index in range(rounds):
        beta = _round_secret(group, secret, statement, index)
        public_beta = group.mult_base(beta)
        masked = [[group.mult(beta, point) for point in segment] for segment in input_segments]
        betas.append(beta)
        commitments.append((public_beta, _round_digest(public_beta, masked)))
    challenge = _challenge(group, context, public_key, inputs, outputs, sizes, commitments)
    parts = [challenge]
    for bit, beta, (public_beta, _) in zip(
        _bits(challenge, rounds), betas, commitments, strict=True
    ):
        answer = beta if bit == 0 else secret * pow(beta, -1, group.order) % group.order
        parts.append(public_beta + answer.to_bytes(32, "little"))
    return b"".join(parts)


def verify_shuffle(
    group: Group,
    public_key: bytes,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
    rounds: int,
    proof: object,
    context: Part,
) -> None:
    """Check a shuffle proof; raise ProofError naming the first failing check."""
    _check_shapes(group, inputs, outputs, sizes, rounds)
    if not isinstance(proof, bytes) or len(proof) != 64 + 64 * rounds:
        raise ProofError("shuffle proof has the wrong length")
    challenge = proof[:64]
    input_segments = _split(inputs, sizes)
    output_segments = _split(outputs, sizes)
    commitments: list[tuple[bytes, bytes]] = []
    try:
        for index, bit in enumerate(_bits(challenge, rounds)):
            chunk = proof[64 + 64 * index : 128 + 64 * index]
            public_beta, answer = chunk[:32], int.from_bytes(chunk[32:], "little")
            if not 0 < answer < group.order:
                raise ProofError(f"round {index}: answer out of range")
            if bit == 0:
                if not hmac.compare_digest(group.mult_base(answer), public_beta):
                    raise ProofError(f"round {index}: B does not match the revealed mask")
                segments = [[group.mult(answer, p) for p in seg] for seg in input_segments]
            else:
                if not hmac.compare_digest(group.mult(answer, public_beta), public_key):
                    raise ProofError(f"round {index}: mask does not link to the public key")
                unmask = pow(answer, -1, group.order)
                segments = [[group.mult(unmask, p) for p in seg] for seg in output_segments]
            commitments.append((public_beta, _round_digest(public_beta, segments)))
    except InvalidPoint as error:
        raise ProofError(f"shuffle proof has an invalid point: {error}") from error
    expected = _challenge(group, context, public_key, inputs, outputs, sizes, commitments)
    if not hmac.compare_digest(expected, challenge):
        raise ProofError("shuffle proof does not verify: outputs are not a re-keyed permutation")
