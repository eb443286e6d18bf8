"""Pass 1 with the linear shuffle argument (the default) or cut-and-choose, as the seats agree."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from net.crypto.group import Group
from net.dealing import CheatDetected, DealContext, DealingPeer
from net.dealing.driver import InMemoryTable, initial_deal
from net.dealing.messages import Message, reference
from net.dealing.pass1_proof import prove_pass1

from .helpers import deck_of

Tamper = Callable[[Group, int, list[bytes], list[bytes], tuple[int, ...]], None]


def _replace(group: Group, key: int, inputs: list[bytes], out: list[bytes], perm: tuple) -> None:
    out[2] = group.mult(key, group.hash_to_point(b"a fifth ace"))


def _duplicate(group: Group, key: int, inputs: list[bytes], out: list[bytes], perm: tuple) -> None:
    out[2] = out[5]


def _rescale(group: Group, key: int, inputs: list[bytes], out: list[bytes], perm: tuple) -> None:
    out[2] = group.mult(key + 1, inputs[perm[2]])


def _two_keys(group: Group, key: int, inputs: list[bytes], out: list[bytes], perm: tuple) -> None:
    out[12:] = [group.mult(2 * key, inputs[i]) for i in perm[12:]]


def _across(group: Group, key: int, inputs: list[bytes], out: list[bytes], perm: tuple) -> None:
    out[0], out[23] = out[23], out[0]


class ArgumentCheater(DealingPeer):
    """Pass 1: tampers with its deck (or its proof) and proves with the argument all the same."""

    tamper: Tamper | None = None
    transcript_label = "pass-1"
    flip_challenge = False
    kind = "argument"

    def _shuffle(self) -> Message:
        known = self._pass1_input(self.seat)
        assert known is not None
        inputs, previous = known
        key, perm = self.secrets.shuffle_key, self.secrets.permutation
        outputs = [self.group.mult(key, inputs[i]) for i in perm]
        if self.tamper is not None:
            self.tamper(self.group, key, inputs, outputs, perm)
        proof = prove_pass1(
            self.context, key, inputs, outputs, perm, [self._sid, self.seat, self.transcript_label]
        )
        if self.flip_challenge:
            proof = bytes([proof[0] ^ 1]) + proof[1:]
        body = {
            "type": "shuffle",
            "answers": [reference(previous)] if previous else [],
            "deck": b"".join(outputs),
            "proof": proof,
            "proof_kind": self.kind,
        }
        message = self._emit(body)
        self.pass1[self.seat] = outputs
        return message


CHEATS: dict[str, dict[str, object]] = {
    "replaced": {"tamper": staticmethod(_replace)},
    "duplicated": {"tamper": staticmethod(_duplicate)},
    "rescaled": {"tamper": staticmethod(_rescale)},
    "two-keys": {"tamper": staticmethod(_two_keys)},
    "across-segments": {"tamper": staticmethod(_across)},
    "another-context": {"transcript_label": "pass-2"},
    "changed-challenge": {"flip_challenge": True},
    "named-another-kind": {"kind": "cut-and-choose"},
}


@pytest.mark.parametrize("cheat", sorted(CHEATS))
@pytest.mark.parametrize("cheater", [0, 2])
def test_a_tampered_argument_is_caught_and_its_seat_named(cheat: str, cheater: int) -> None:
    context = DealContext(table="t", hand=0, players=3, deck=deck_of(24), segments=(12, 12))
    cls = type("Cheat", (ArgumentCheater,), CHEATS[cheat])
    peers = [(cls if seat == cheater else DealingPeer)(context, seat) for seat in range(3)]
    table = InMemoryTable(peers)
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == cheater
    assert "pass-1 shuffle proof fails" in caught.value.reason
    assert not table.ready()


def test_an_honest_tampering_class_deals_cleanly() -> None:
    """The cheater class without a cheat is an honest seat (the tests above test the tampers)."""
    context = DealContext(table="t", hand=0, players=3, deck=deck_of(24), segments=(12, 12))
    peers = [ArgumentCheater(context, seat) for seat in range(3)]
    table = InMemoryTable(peers)
    table.deal()
    assert table.ready()


@pytest.mark.parametrize("proof", ["argument", "cut-and-choose"])
def test_both_proof_kinds_deal_to_a_clean_audit(proof: str) -> None:
    context = DealContext(table="t", hand=0, players=3, deck=deck_of(24), rounds=8, proof=proof)
    peers = [DealingPeer(context, seat) for seat in range(3)]
    table = InMemoryTable(peers)
    table.deal()
    shuffles = [m for (_, _), m in peers[0]._log.items() if m["type"] == "shuffle"]
    assert [m["proof_kind"] for m in shuffles] == [proof] * 3
    table.open_many(initial_deal(3, 24))
    verdicts = table.audit()
    assert len(verdicts) == 3 and all(v.ok for v in verdicts.values())


def test_the_proof_kind_is_agreed_and_the_argument_is_the_default() -> None:
    default = DealContext(table="t", hand=0, players=2, deck=deck_of(24))
    argument = DealContext(table="t", hand=0, players=2, deck=deck_of(24), proof="argument")
    cut = DealContext(table="t", hand=0, players=2, deck=deck_of(24), proof="cut-and-choose")
    assert default.proof == "argument" and default.context_id == argument.context_id
    assert cut.context_id != default.context_id
    assert cut.sub_deck([0, 1, 2], "talon").proof == "cut-and-choose"
    with pytest.raises(ValueError, match="proof must be one of"):
        DealContext(table="t", hand=0, players=2, deck=deck_of(24), proof="neff")


def test_seats_that_disagree_on_the_proof_refuse_to_deal_with_a_reason() -> None:
    argument = DealContext(table="t", hand=0, players=2, deck=deck_of(24))
    cut = DealContext(table="t", hand=0, players=2, deck=deck_of(24), proof="cut-and-choose")
    table = InMemoryTable([DealingPeer(argument, 0), DealingPeer(cut, 1)])
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert "proof kind" in caught.value.reason
    assert not table.ready()
