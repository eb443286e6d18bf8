"""A linear-size shuffle argument: outputs = secret * inputs permuted, within every segment.

Statement: A = x*G and, for every segment, Q_k = x*P_pi(k) for a permutation pi of the segment.
The proof is Terelius and Wikstrom's permutation-commitment argument ("Proofs of restricted
shuffles", AFRICACRYPT 2010; laid out step by step in Haenni, Locher, Koenig and Dubuis,
"Pseudo-code algorithms for verifiable re-encryption mix-nets", FC 2017) with its re-encryption
relation replaced by a common exponent: per segment of n cards the prover commits to the
permutation matrix column by column (c_j = r_j*G + H_pi^-1(j)), receives challenges u_j, commits
to the permuted challenges in a chain (h_k = s_k*G + u_pi(k)*h_(k-1), h_0 = H_chain) and shows
in one sigma protocol that the columns sum to ones, that the chain ends at prod u_j, that the
chain and sum u_j*c_j open to the same u', and that sum u'_k*Q_k = x * sum u_j*P_j with A = x*G.
Fiat-Shamir: u and the final challenge hash the group, the context, A, every input and output,
the segment sizes and every commitment. Nonces derive from the secret and the statement.

Costs: the prover 7n + 3 multiplications per segment plus 2; the verifier 7n + 6 per segment
plus 2 (`count_prove_mults`, `count_verify_mults`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass

from net.crypto.group import Group, InvalidPoint, check_point
from net.crypto.hashing import Part, derive_scalar, transcript_hash
from net.crypto.proofs import ProofError

SCALAR_SIZE = 32
_GENERATORS: dict[tuple[str, int], tuple[tuple[bytes, ...], bytes, bytes]] = {}


def proof_size(sizes: Sequence[int], point_size: int = 32) -> int:
    """Bytes of an argument for these segment sizes: 64 + per segment 2n points, 2n + 3 scalars."""
    per_card = 2 * point_size + 2 * SCALAR_SIZE
    return 2 * SCALAR_SIZE + sum(per_card * n + 3 * SCALAR_SIZE for n in sizes)


def count_prove_mults(sizes: Sequence[int]) -> int:
    """Scalar multiplications `prove_argument` makes for these segment sizes."""
    return 2 + sum(7 * n + 3 for n in sizes)


def count_verify_mults(sizes: Sequence[int]) -> int:
    """Scalar multiplications `verify_argument` makes for these segment sizes (cached generators)."""
    return 2 + sum(7 * n + 6 for n in sizes)


def _generators(group: Group, count: int) -> tuple[tuple[bytes, ...], bytes, bytes]:
    """H_1..H_count, the chain base H_chain and -(H_1 + ... + H_count); nobody knows their logs."""
    key = (group.name, count)
    cached = _GENERATORS.get(key)
    if cached is None:
        prefix = b"durak-lan/shuffle-argument/" + group.name.encode() + b"/"
        points = tuple(
            group.hash_to_point(prefix + index.to_bytes(4, "big")) for index in range(count)
        )
        chain_base = group.hash_to_point(prefix + b"chain")
        total = points[0]
        for point in points[1:]:
            total = group.add(total, point)
        cached = (points, chain_base, group.mult(group.order - 1, total))
        _GENERATORS[key] = cached
    return cached


def _sum(group: Group, points: Sequence[bytes]) -> bytes:
    """The sum of one or more points."""
    total = points[0]
    for point in points[1:]:
        total = group.add(total, point)
    return total


def _weighted_sum(group: Group, scalars: Sequence[int], points: Sequence[bytes]) -> bytes:
    """sum scalars[i] * points[i] (one multiplication per term: libsodium has no multi-scalar)."""
    return _sum(group, [group.mult(s, p) for s, p in zip(scalars, points, strict=True)])


def _check_shapes(
    inputs: Sequence[bytes], outputs: Sequence[bytes], sizes: Sequence[int]
) -> list[int]:
    """The start of every segment; ProofError for malformed statements."""
    if len(inputs) != len(outputs) or sum(sizes) != len(inputs) or any(s <= 0 for s in sizes):
        raise ProofError("segment sizes do not match the deck")
    starts, start = [], 0
    for size in sizes:
        starts.append(start)
        start += size
    return starts


def _statement(
    group: Group,
    context: Part,
    public_key: bytes,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
) -> bytes:
    """The digest of everything the argument is about."""
    return transcript_hash(
        "shuffle-argument",
        group.name,
        context,
        public_key,
        list(inputs),
        list(outputs),
        list(sizes),
    )


def _permuted_challenges(
    group: Group, statement: bytes, commitments: Sequence[Sequence[bytes]]
) -> list[list[int]]:
    """The challenges u_j of every segment, drawn after the permutation commitments."""
    seed = transcript_hash("shuffle-argument-u", statement, [list(c) for c in commitments])
    return [
        [derive_scalar(group.order, "shuffle-argument-u", seed, s, j) for j in range(len(seg))]
        for s, seg in enumerate(commitments)
    ]


@dataclass(frozen=True)
class _SegmentTranscript:
    """What one segment contributes to the final challenge."""

    chain: list[bytes]
    sum_commit: bytes  # t1: the columns sum to ones
    chain_commit: bytes  # t2: the chain ends at prod u_j
    link_commit: bytes  # t3: the chain and sum u_j*c_j hold the same u'
    shuffle_commit: bytes  # t4: sum u'_k*Q_k = x * sum u_j*P_j
    step_commits: list[bytes]  # t^_k: every chain step


def _final_challenge(
    group: Group,
    statement: bytes,
    commitments: Sequence[Sequence[bytes]],
    segments: Sequence[_SegmentTranscript],
    key_commit: bytes,
) -> int:
    """The Fiat-Shamir challenge over the statement, every commitment and every sigma commitment."""
    parts: list[Part] = [
        [
            list(c),
            t.chain,
            t.sum_commit,
            t.chain_commit,
            t.link_commit,
            t.shuffle_commit,
            t.step_commits,
        ]
        for c, t in zip(commitments, segments, strict=True)
    ]
    digest = transcript_hash("shuffle-argument-c", statement, parts, key_commit)
    return int.from_bytes(digest, "little") % group.order


def _nonce(order: int, seed: bytes, label: str, segment: int, index: int) -> int:
    """A non-zero nonce: SHA-512 of the secret seed and a fixed-width name, reduced mod order."""
    name = label.encode().ljust(16, b"\0") + segment.to_bytes(4, "big") + index.to_bytes(4, "big")
    return int.from_bytes(hashlib.sha512(seed + name).digest(), "little") % order or 1


def _local_permutation(permutation: Sequence[int], start: int, size: int) -> list[int]:
    """The segment's permutation in local indices. Where it leaves the segment (a false
    statement) the missing indices stand in, so the prover still answers and the verifier refuses."""
    local = [permutation[start + k] - start for k in range(size)]
    inside = {j for j in local if 0 <= j < size}
    missing = iter(sorted(set(range(size)) - inside))
    seen: set[int] = set()
    for k, j in enumerate(local):
        if not 0 <= j < size or j in seen:
            local[k] = next(missing)
        seen.add(local[k])
    return local


def _inverse(permutation: Sequence[int]) -> list[int]:
    """The inverse permutation: inverse[permutation[k]] = k."""
    inverse = [0] * len(permutation)
    for k, j in enumerate(permutation):
        inverse[j] = k
    return inverse


def prove_argument(
    group: Group,
    secret: int,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
    permutation: Sequence[int],
    context: Part,
) -> bytes:
    """Prove outputs[k] = secret*inputs[permutation[k]] within each segment; bound to context."""
    starts = _check_shapes(inputs, outputs, sizes)
    if len(permutation) != len(inputs):
        raise ProofError("the permutation does not match the deck")
    order = group.order
    public_key = group.mult_base(secret)
    statement = _statement(group, context, public_key, inputs, outputs, sizes)
    # Nonces derive from the secret, the statement and the permutation (as in EdDSA): the same
    # call gives the same bytes (a replaying peer), and no two statements share a nonce.
    nonce_seed = transcript_hash("shuffle-argument-nonces", secret, statement, list(permutation))
    nonces: dict[tuple[str, int, int], int] = {}

    def nonce(label: str, segment: int, index: int = 0) -> int:
        key = (label, segment, index)
        if key not in nonces:
            nonces[key] = _nonce(order, nonce_seed, label, segment, index)
        return nonces[key]

    locals_ = [_local_permutation(permutation, st, n) for st, n in zip(starts, sizes, strict=True)]
    commitments: list[list[bytes]] = []
    for s, (n, local) in enumerate(zip(sizes, locals_, strict=True)):
        generators, inverse = _generators(group, n)[0], _inverse(local)
        commitments.append(
            [group.add(group.mult_base(nonce("r", s, j)), generators[inverse[j]]) for j in range(n)]
        )
    challenges = _permuted_challenges(group, statement, commitments)

    key_nonce = nonce("omega-x", 0)
    transcripts: list[_SegmentTranscript] = []
    witnesses: list[tuple[list[int], list[int]]] = []
    for s, (start, n, local, u) in enumerate(zip(starts, sizes, locals_, challenges, strict=True)):
        generators, chain_base, _ = _generators(group, n)
        permuted = [u[local[k]] for k in range(n)]
        chain_nonces = [nonce("r-hat", s, k) for k in range(n)]
        link_nonces = [nonce("omega-prime", s, k) for k in range(n)]
        chain, previous = [], chain_base
        steps = []
        for k in range(n):
            steps.append(
                group.add(
                    group.mult_base(nonce("omega-hat", s, k)),
                    group.mult(link_nonces[k], previous),
                )
            )
            previous = group.add(
                group.mult_base(chain_nonces[k]), group.mult(permuted[k], previous)
            )
            chain.append(previous)
        inverse = _inverse(local)
        weights = [(secret * link_nonces[inverse[j]] - key_nonce * u[j]) % order for j in range(n)]
        transcripts.append(
            _SegmentTranscript(
                chain=chain,
                sum_commit=group.mult_base(nonce("omega-1", s)),
                chain_commit=group.mult_base(nonce("omega-2", s)),
                link_commit=group.add(
                    group.mult_base(nonce("omega-3", s)),
                    _weighted_sum(group, link_nonces, generators),
                ),
                shuffle_commit=_weighted_sum(group, weights, inputs[start : start + n]),
                step_commits=steps,
            )
        )
        witnesses.append((permuted, chain_nonces))
    challenge = _final_challenge(
        group, statement, commitments, transcripts, group.mult_base(key_nonce)
    )

    parts = [_scalar(challenge), _scalar((key_nonce - challenge * secret) % order)]
    for s, (n, u, t, (permuted, chain_nonces)) in enumerate(
        zip(sizes, challenges, transcripts, witnesses, strict=True)
    ):
        column_sum = sum(nonce("r", s, j) for j in range(n))
        chain_key, tail = 0, 1
        for k in range(n - 1, -1, -1):  # r^ = sum r^_k * prod_{l>k} u'_l
            chain_key = (chain_key + chain_nonces[k] * tail) % order
            tail = tail * permuted[k] % order
        link_key = sum(nonce("r", s, j) * u[j] for j in range(n))
        parts += commitments[s] + t.chain
        parts += [
            _scalar((nonce("omega-1", s) - challenge * column_sum) % order),
            _scalar((nonce("omega-2", s) - challenge * chain_key) % order),
            _scalar((nonce("omega-3", s) - challenge * link_key) % order),
        ]
        parts += [
            _scalar((nonce("omega-hat", s, k) - challenge * chain_nonces[k]) % order)
            for k in range(n)
        ]
        parts += [
            _scalar((nonce("omega-prime", s, k) - challenge * permuted[k]) % order)
            for k in range(n)
        ]
    return b"".join(parts)


def _scalar(value: int) -> bytes:
    """32 little-endian bytes of a reduced scalar."""
    return value.to_bytes(SCALAR_SIZE, "little")


class _Reader:
    """Reads points and canonical scalars off the proof bytes in order."""

    def __init__(self, group: Group, data: bytes) -> None:
        self.group, self.data, self.offset = group, data, 0

    def take(self, size: int) -> bytes:
        chunk = self.data[self.offset : self.offset + size]
        self.offset += size
        return chunk

    def scalar(self) -> int:
        value = int.from_bytes(self.take(SCALAR_SIZE), "little")
        if value >= self.group.order:
            raise ProofError("shuffle argument has a scalar out of range")
        return value

    def points(self, count: int) -> list[bytes]:
        size = self.group.point_size
        return [check_point(self.group, self.take(size)) for _ in range(count)]


def verify_argument(
    group: Group,
    public_key: bytes,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
    proof: object,
    context: Part,
) -> None:
    """Check a shuffle argument; raise ProofError naming the failing check, never return False."""
    starts = _check_shapes(inputs, outputs, sizes)
    if not isinstance(proof, bytes) or len(proof) != proof_size(sizes, group.point_size):
        raise ProofError("shuffle argument has the wrong length")
    order = group.order
    try:
        for point in (public_key, *inputs, *outputs):
            check_point(group, point)
        reader = _Reader(group, proof)
        challenge, key_response = reader.scalar(), reader.scalar()
        negated = order - challenge
        statement = _statement(group, context, public_key, inputs, outputs, sizes)
        segments = []
        for n in sizes:
            commitments, chain = reader.points(n), reader.points(n)
            sums = [reader.scalar() for _ in range(3)]
            step_responses = [reader.scalar() for _ in range(n)]
            link_responses = [reader.scalar() for _ in range(n)]
            segments.append((commitments, chain, sums, step_responses, link_responses))
        all_commitments = [segment[0] for segment in segments]
        challenges = _permuted_challenges(group, statement, all_commitments)
        transcripts = []
        for start, n, u, (commitments, chain, sums, step_responses, link_responses) in zip(
            starts, sizes, challenges, segments, strict=True
        ):
            generators, chain_base, negated_total = _generators(group, n)
            column_sum = group.add(_sum(group, commitments), negated_total)
            product = 1
            for value in u:
                product = product * value % order
            previous = [chain_base, *chain[:-1]]
            transcripts.append(
                _SegmentTranscript(
                    chain=chain,
                    sum_commit=group.add(
                        group.mult(challenge, column_sum), group.mult_base(sums[0])
                    ),
                    chain_commit=_sum(
                        group,
                        [
                            group.mult(challenge, chain[-1]),
                            group.mult(negated * product % order, chain_base),
                            group.mult_base(sums[1]),
                        ],
                    ),
                    link_commit=_sum(
                        group,
                        [
                            _weighted_sum(group, [challenge * x % order for x in u], commitments),
                            group.mult_base(sums[2]),
                            _weighted_sum(group, link_responses, generators),
                        ],
                    ),
                    shuffle_commit=group.add(
                        _weighted_sum(group, link_responses, outputs[start : start + n]),
                        _weighted_sum(
                            group,
                            [(order - key_response) * x % order for x in u],
                            inputs[start : start + n],
                        ),
                    ),
                    step_commits=[
                        _sum(
                            group,
                            [
                                group.mult(challenge, chain[k]),
                                group.mult_base(step_responses[k]),
                                group.mult(link_responses[k], previous[k]),
                            ],
                        )
                        for k in range(n)
                    ],
                )
            )
        key_commit = group.add(group.mult_base(key_response), group.mult(challenge, public_key))
    except InvalidPoint as error:
        raise ProofError(f"shuffle argument has an invalid point: {error}") from error
    expected = _final_challenge(group, statement, all_commitments, transcripts, key_commit)
    if not hmac.compare_digest(_scalar(expected), _scalar(challenge)):
        raise ProofError("shuffle argument does not verify: outputs are not a re-keyed permutation")
