"""Pass 1's proof of one kind or the other: the linear argument or cut-and-choose, as agreed."""

from __future__ import annotations

from collections.abc import Sequence

from net.crypto.hashing import Part
from net.crypto.proofs import ProofError
from net.crypto.shuffle import prove_shuffle, verify_shuffle
from net.crypto.shuffle_argument import prove_argument, verify_argument
from net.dealing.context import ARGUMENT, CUT_AND_CHOOSE, DealContext


def prove_pass1(
    context: DealContext,
    secret: int,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    permutation: Sequence[int],
    transcript: Part,
) -> bytes:
    """Prove outputs[k] = secret*inputs[permutation[k]] per segment with the context's proof."""
    if context.proof == ARGUMENT:
        return prove_argument(
            context.group, secret, inputs, outputs, context.segments, permutation, transcript
        )
    return prove_shuffle(
        context.group, secret, inputs, outputs, context.segments, context.rounds, transcript
    )


def verify_pass1(
    context: DealContext,
    kind: object,
    public_key: bytes,
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    proof: object,
    transcript: Part,
) -> None:
    """Check a pass-1 proof of the kind a message names; ProofError if it is not the agreed kind
    or does not verify (a message without a kind names cut-and-choose, the older proof)."""
    named = CUT_AND_CHOOSE if kind is None else kind
    if named != context.proof:
        raise ProofError(f"it is a {named!s:.20} proof, the table agreed on {context.proof}")
    if context.proof == ARGUMENT:
        verify_argument(
            context.group, public_key, inputs, outputs, context.segments, proof, transcript
        )
    else:
        verify_shuffle(
            context.group,
            public_key,
            inputs,
            outputs,
            context.segments,
            context.rounds,
            proof,
            transcript,
        )
