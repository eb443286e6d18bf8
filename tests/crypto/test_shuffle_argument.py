"""The linear shuffle argument: known answers, tampered decks and proofs, costs, random statements."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.crypto.cards import card_points
from net.crypto.group import Group, InvalidPoint, get_group
from net.crypto.proofs import ProofError
from net.crypto.shuffle_argument import (
    count_prove_mults,
    count_verify_mults,
    proof_size,
    prove_argument,
    verify_argument,
)

GROUPS = ["ristretto255", "ed25519"]
KEY = 0x1234_5678_9ABC_DEF0_1122_3344_5566_7788
CONTEXT = ["test-table", 0, "pass-1"]


@pytest.fixture(params=GROUPS)
def group(request: pytest.FixtureRequest) -> Group:
    return get_group(request.param)


def _permutation(sizes: Sequence[int], seed: int) -> list[int]:
    """A permutation that keeps every segment in place (output k takes input perm[k])."""
    rng, out, start = random.Random(seed), [], 0
    for size in sizes:
        block = list(range(start, start + size))
        rng.shuffle(block)
        out += block
        start += size
    return out


def _statement(
    group: Group, sizes: Sequence[int], seed: int = 1, key: int = KEY
) -> tuple[list[bytes], list[bytes], list[int]]:
    """Inputs (card points), honest outputs and the permutation behind them."""
    inputs = card_points(group, [f"card{i}" for i in range(sum(sizes))])
    permutation = _permutation(sizes, seed)
    return inputs, [group.mult(key, inputs[i]) for i in permutation], permutation


KNOWN_ANSWERS = {  # SHA-256 of the proof bytes
    "ristretto255": "74989529f6ed2a10f9f22b6dc30cf162678e2af645270a7267fd6fc7a99de25a",
    "ed25519": "b0cff7d4aea27e1a3cb9beabbbefcdab315b221cb37210905bede8948776cadd",
}


def test_known_answer(group: Group) -> None:
    """A fixed key, statement and context give fixed proof bytes (nonces derive, never drawn)."""
    sizes = [2, 4]
    inputs, outputs, permutation = _statement(group, sizes)
    proof = prove_argument(group, KEY, inputs, outputs, sizes, permutation, CONTEXT)
    assert len(proof) == proof_size(sizes) == 64 + 128 * 6 + 96 * 2
    assert hashlib.sha256(proof).hexdigest() == KNOWN_ANSWERS[group.name]
    verify_argument(group, group.mult_base(KEY), inputs, outputs, sizes, proof, CONTEXT)


def _refused(
    group: Group,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    sizes: Sequence[int],
    proof: object,
    context: object = CONTEXT,
    public: bytes | None = None,
) -> str:
    """Verify and expect a ProofError; return its message."""
    with pytest.raises(ProofError) as refused:
        verify_argument(
            group, public or group.mult_base(KEY), inputs, outputs, sizes, proof, context
        )  # type: ignore[arg-type]
    return str(refused.value)


def _proved_and_refused(
    group: Group, inputs: list[bytes], outputs: list[bytes], sizes: Sequence[int], perm: list[int]
) -> None:
    """The best a cheating prover can do (prove with its key and permutation) is refused."""
    proof = prove_argument(group, KEY, inputs, outputs, sizes, perm, CONTEXT)
    _refused(group, inputs, outputs, sizes, proof)


def test_a_replaced_card_is_refused(group: Group) -> None:
    sizes = [8]
    inputs, outputs, perm = _statement(group, sizes)
    outputs[3] = group.mult(KEY, group.hash_to_point(b"a fifth ace"))
    _proved_and_refused(group, inputs, outputs, sizes, perm)


def test_a_duplicated_card_is_refused(group: Group) -> None:
    sizes = [8]
    inputs, outputs, perm = _statement(group, sizes)
    outputs[3] = outputs[5]
    _proved_and_refused(group, inputs, outputs, sizes, perm)


def test_a_card_multiplied_by_another_scalar_is_refused(group: Group) -> None:
    sizes = [8]
    inputs, outputs, perm = _statement(group, sizes)
    outputs[2] = group.mult(KEY + 1, inputs[perm[2]])
    _proved_and_refused(group, inputs, outputs, sizes, perm)


def test_two_scalars_are_refused(group: Group) -> None:
    """Half the deck under one key, half under another: refused under either public key."""
    sizes = [8]
    inputs, outputs, perm = _statement(group, sizes)
    other = KEY * 3 % group.order
    outputs[4:] = [group.mult(other, inputs[i]) for i in perm[4:]]
    for key in (KEY, other):
        proof = prove_argument(group, key, inputs, outputs, sizes, perm, CONTEXT)
        _refused(group, inputs, outputs, sizes, proof, public=group.mult_base(key))


def test_a_card_moved_across_segments_is_refused(group: Group) -> None:
    """The same multiset of cards passes as one segment, never as two with a card swapped across."""
    sizes = [4, 4]
    inputs, outputs, perm = _statement(group, sizes)
    outputs[0], outputs[7] = outputs[7], outputs[0]
    moved = [perm[7], *perm[1:7], perm[0]]
    whole = prove_argument(group, KEY, inputs, outputs, [8], moved, CONTEXT)
    verify_argument(group, group.mult_base(KEY), inputs, outputs, [8], whole, CONTEXT)
    _proved_and_refused(group, inputs, outputs, sizes, perm)
    crossing = prove_argument(group, KEY, inputs, outputs, sizes, moved, CONTEXT)
    _refused(group, inputs, outputs, sizes, crossing)


def test_a_proof_for_another_statement_or_context_is_refused(group: Group) -> None:
    sizes = [3, 5]
    inputs, outputs, perm = _statement(group, sizes)
    proof = prove_argument(group, KEY, inputs, outputs, sizes, perm, CONTEXT)
    _refused(group, inputs, outputs, sizes, proof, context=["test-table", 0, "pass-2"])
    _refused(group, inputs, outputs, sizes, proof, public=group.mult_base(KEY + 1))
    _, others, _ = _statement(group, sizes, seed=2)
    assert others != outputs
    _refused(group, inputs, others, sizes, proof)
    _refused(group, inputs, outputs, [4, 4], proof)
    assert "length" in _refused(group, inputs, outputs, [8], proof)
    assert "length" in _refused(group, inputs, outputs, sizes, proof[:-1])
    assert "length" in _refused(group, inputs, outputs, sizes, bytearray(proof))


def test_a_changed_challenge_is_refused(group: Group) -> None:
    sizes = [6]
    inputs, outputs, perm = _statement(group, sizes)
    proof = prove_argument(group, KEY, inputs, outputs, sizes, perm, CONTEXT)
    challenge = (int.from_bytes(proof[:32], "little") + 1) % group.order
    _refused(group, inputs, outputs, sizes, challenge.to_bytes(32, "little") + proof[32:])
    out_of_range = group.order.to_bytes(32, "little") + proof[32:]
    assert "out of range" in _refused(group, inputs, outputs, sizes, out_of_range)


def test_invalid_points_in_the_proof_or_the_statement_are_refused(group: Group) -> None:
    sizes = [4]
    inputs, outputs, perm = _statement(group, sizes)
    proof = prove_argument(group, KEY, inputs, outputs, sizes, perm, CONTEXT)
    identity_commitment = proof[:64] + bytes(32) + proof[96:]
    assert "invalid point" in _refused(group, inputs, outputs, sizes, identity_commitment)
    bad_outputs = [*outputs[:-1], b"\xff" * 32]
    assert "invalid point" in _refused(group, inputs, bad_outputs, sizes, proof)


class _Counting:
    """A group that counts its scalar multiplications."""

    def __init__(self, inner: Group) -> None:
        self.inner, self.mults = inner, 0
        self.name, self.order = inner.name, inner.order
        self.point_size, self.generator = inner.point_size, inner.generator

    def mult(self, scalar: int, point: bytes) -> bytes:
        self.mults += 1
        return self.inner.mult(scalar, point)

    def mult_base(self, scalar: int) -> bytes:
        self.mults += 1
        return self.inner.mult_base(scalar)

    def add(self, left: bytes, right: bytes) -> bytes:
        return self.inner.add(left, right)

    def hash_to_point(self, data: bytes) -> bytes:
        return self.inner.hash_to_point(data)

    def is_valid(self, point: bytes) -> bool:
        return self.inner.is_valid(point)


@pytest.mark.parametrize("sizes", [[36], [9, 9, 9, 9], [1, 2, 3]])
def test_the_multiplication_counts_are_linear(sizes: list[int]) -> None:
    """The prover makes at most about 7N multiplications, the verifier about 7N (documented)."""
    group = get_group("ristretto255")
    inputs, outputs, perm = _statement(group, sizes)
    prove_argument(group, KEY, inputs, outputs, sizes, perm, CONTEXT)  # warms the generators
    counting = _Counting(group)
    proof = prove_argument(counting, KEY, inputs, outputs, sizes, perm, CONTEXT)
    assert counting.mults == count_prove_mults(sizes) <= 10 * sum(sizes) + 5 * len(sizes)
    counting.mults = 0
    verify_argument(counting, group.mult_base(KEY), inputs, outputs, sizes, proof, CONTEXT)
    assert counting.mults == count_verify_mults(sizes)
    assert count_prove_mults([108]) == 761 and count_verify_mults([108]) == 764


def test_ristretto_add_refuses_a_bad_operand_on_either_side() -> None:
    group = get_group("ristretto255")
    for bad in (bytes(32), b"\xff" * 32, b"\x01" * 31):
        with pytest.raises(InvalidPoint):
            group.add(bad, group.generator)
        with pytest.raises(InvalidPoint):
            group.add(group.generator, bad)
    with pytest.raises(InvalidPoint):
        group.add(group.generator, group.mult(group.order - 1, group.generator))


@st.composite
def _statements(draw: st.DrawFn) -> tuple[list[int], list[int], int, int]:
    sizes = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
    permutation, start = [], 0
    for size in sizes:
        permutation += [start + i for i in draw(st.permutations(range(size)))]
        start += size
    key = draw(st.integers(1, get_group("ristretto255").order - 1))
    flip = draw(st.integers(0, proof_size(sizes) * 8 - 1))
    return sizes, permutation, key, flip


@settings(max_examples=12, deadline=None)
@given(_statements())
def test_random_statements_prove_and_any_changed_bit_is_refused(
    drawn: tuple[list[int], list[int], int, int],
) -> None:
    sizes, permutation, key, flip = drawn
    group = get_group("ristretto255")
    inputs = card_points(group, [f"card{i}" for i in range(sum(sizes))])
    outputs = [group.mult(key, inputs[i]) for i in permutation]
    public = group.mult_base(key)
    proof = prove_argument(group, key, inputs, outputs, sizes, permutation, CONTEXT)
    verify_argument(group, public, inputs, outputs, sizes, proof, CONTEXT)
    changed = bytearray(proof)
    changed[flip // 8] ^= 1 << (flip % 8)
    with pytest.raises(ProofError):
        verify_argument(group, public, inputs, outputs, sizes, bytes(changed), CONTEXT)
