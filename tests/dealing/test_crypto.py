"""Group backends, card points, equal-log proofs, signatures and the shuffle proof."""

from __future__ import annotations

import random

import pytest

from net.crypto.cards import card_point, card_points, deck_id
from net.crypto.group import Group, InvalidPoint, get_group, random_scalar
from net.crypto.proofs import ProofError, prove_dleq, sign, verify_dleq, verify_signature
from net.crypto.shuffle import SECURE_ROUNDS, prove_shuffle, verify_shuffle

GROUPS = ["ristretto255", "ed25519"]


@pytest.fixture(params=GROUPS)
def group(request: pytest.FixtureRequest) -> Group:
    return get_group(request.param)


def test_ristretto_known_answer() -> None:
    """The ristretto255 generator encoding from RFC 9496."""
    expected = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"
    assert get_group("ristretto255").generator.hex() == expected


def test_ed25519_known_answer() -> None:
    """The Ed25519 base point encoding from RFC 8032."""
    expected = "5866666666666666666666666666666666666666666666666666666666666666"
    assert get_group("ed25519").generator.hex() == expected


def test_group_laws(group: Group) -> None:
    point = group.hash_to_point(b"some card")
    assert group.mult(3, group.mult(5, point)) == group.mult(15, point)
    assert group.add(group.mult_base(5), group.mult_base(7)) == group.mult_base(12)
    key = random_scalar(group)
    assert group.mult(pow(key, -1, group.order), group.mult(key, point)) == point


@pytest.mark.parametrize(
    "bad",
    [bytes(32), b"\xff" * 32, b"\x01" * 31, bytes.fromhex("ec" + "ff" * 30 + "7f")],
)
def test_invalid_points_are_rejected(group: Group, bad: bytes) -> None:
    assert not group.is_valid(bad)
    with pytest.raises(InvalidPoint):
        group.mult(5, bad)
    with pytest.raises(InvalidPoint):
        group.add(group.generator, bad)


def test_ed25519_rejects_small_order_point() -> None:
    """A point of order 8 (a valid curve point outside the prime-order subgroup) is refused."""
    group = get_group("ed25519")
    small_order = bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
    assert not group.is_valid(small_order)
    with pytest.raises(InvalidPoint):
        group.mult(3, small_order)


def test_card_points_distinct_for_copies_and_jokers(group: Group) -> None:
    deck = ["7C", "8C", "RJ", "BJ", "7C", "8C", "RJ", "BJ"]
    points = card_points(group, deck)
    assert len(set(points)) == len(deck)
    assert points[0] == card_point(group, deck_id(deck), 0, "7C")
    assert card_points(group, ["7C", "8C"])[0] != points[0]  # another deck spec, another point
    assert points[1] != group.mult(2, points[0])


def test_dleq_accepts_honest_and_rejects_tampering(group: Group) -> None:
    secret = random_scalar(group)
    base1, base2 = group.hash_to_point(b"1"), group.hash_to_point(b"2")
    public1, public2 = group.mult(secret, base1), group.mult(secret, base2)
    proof = prove_dleq(group, secret, base1, base2, b"context")
    verify_dleq(group, base1, public1, base2, public2, proof, b"context")
    with pytest.raises(ProofError):
        verify_dleq(group, base1, public1, base2, public2, proof, b"other context")
    with pytest.raises(ProofError):
        verify_dleq(group, base1, public1, base2, group.mult(secret + 1, base2), proof, b"context")
    flipped = bytes([proof[0] ^ 1]) + proof[1:]
    with pytest.raises(ProofError):
        verify_dleq(group, base1, public1, base2, public2, flipped, b"context")
    with pytest.raises(ProofError):
        verify_dleq(group, base1, public1, base2, public2, proof[:63], b"context")


def test_signature(group: Group) -> None:
    secret = random_scalar(group)
    public = group.mult_base(secret)
    signature = sign(group, secret, b"message")
    verify_signature(group, public, b"message", signature)
    with pytest.raises(ProofError):
        verify_signature(group, public, b"messagf", signature)
    with pytest.raises(ProofError):
        verify_signature(group, group.mult_base(secret + 1), b"message", signature)


def _shuffled(group: Group, key: int, points: list[bytes], seed: int) -> list[bytes]:
    out = [group.mult(key, p) for p in points]
    random.Random(seed).shuffle(out)
    return out


def test_shuffle_proof_honest_and_tampered(group: Group) -> None:
    points = card_points(group, [f"c{i}" for i in range(12)])
    key = random_scalar(group)
    public = group.mult_base(key)
    outputs = _shuffled(group, key, points, 1)
    proof = prove_shuffle(group, key, points, outputs, [12], SECURE_ROUNDS, b"ctx")
    verify_shuffle(group, public, points, outputs, [12], SECURE_ROUNDS, proof, b"ctx")
    duplicated = [*outputs[:-1], outputs[0]]
    substituted = [*outputs[:-1], group.mult(key, group.hash_to_point(b"forged"))]
    for bad in (duplicated, substituted):
        with pytest.raises(ProofError):
            verify_shuffle(group, public, points, bad, [12], SECURE_ROUNDS, proof, b"ctx")
    with pytest.raises(ProofError):
        verify_shuffle(group, public, points, outputs, [12], SECURE_ROUNDS, proof, b"ctx2")
    other_key = group.mult_base(key + 1)
    with pytest.raises(ProofError):
        verify_shuffle(group, other_key, points, outputs, [12], SECURE_ROUNDS, proof, b"ctx")


def test_cheating_prover_fails_a_fresh_proof(group: Group) -> None:
    """A prover that substitutes a card cannot make a proof for the false statement."""
    points = card_points(group, [f"c{i}" for i in range(6)])
    key = random_scalar(group)
    outputs = _shuffled(group, key, points, 2)
    outputs[0] = (
        group.mult(key, points[0]) if outputs[1] != group.mult(key, points[0]) else outputs[2]
    )
    proof = prove_shuffle(group, key, points, outputs, [6], SECURE_ROUNDS, b"c")
    with pytest.raises(ProofError):
        verify_shuffle(
            group, group.mult_base(key), points, outputs, [6], SECURE_ROUNDS, proof, b"c"
        )


def test_segmented_shuffle_must_stay_in_segments(group: Group) -> None:
    points = card_points(group, [f"c{i}" for i in range(8)])
    key = random_scalar(group)
    keyed = [group.mult(key, p) for p in points]
    inside = [keyed[1], keyed[0], keyed[3], keyed[2], *keyed[4:]]
    across = [keyed[4], *keyed[1:4], keyed[0], *keyed[5:]]
    public = group.mult_base(key)
    sizes = [4, 4]
    proof = prove_shuffle(group, key, points, inside, sizes, SECURE_ROUNDS, b"s")
    verify_shuffle(group, public, points, inside, sizes, SECURE_ROUNDS, proof, b"s")
    proof = prove_shuffle(group, key, points, across, sizes, SECURE_ROUNDS, b"s")
    with pytest.raises(ProofError):
        verify_shuffle(group, public, points, across, sizes, SECURE_ROUNDS, proof, b"s")
