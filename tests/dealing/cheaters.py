"""Cheating cores for the tests: each breaks one rule and signs its messages like an honest seat."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Collection, Sequence
from typing import Any

from net.crypto.proofs import prove_dleq
from net.dealing.driver import Tamper
from net.dealing.messages import Message, key_pad, signed, xor32
from net.dealing.pass1_proof import prove_pass1
from net.dealing.peer import DealingPeer, Output


class SubstitutingShuffler(DealingPeer):
    """Pass 1: puts a card that is not in the deck (or a second copy of a card) into the deck."""

    duplicate = False

    def _shuffle(self) -> Message:
        me = self.seat
        inputs = self.pass1[me - 1] if me > 0 else self.context.card_points()
        key = self.secrets.shuffle_key
        outputs = [self.group.mult(key, inputs[i]) for i in self.secrets.permutation]
        if self.duplicate:
            outputs[1] = outputs[0]
        else:
            outputs[0] = self.group.mult(key, self.group.hash_to_point(b"a fifth ace"))
        proof = prove_pass1(  # the context's proof kind, over the tampered deck
            self.context, key, inputs, outputs, self.secrets.permutation, [self._sid, me, "pass-1"]
        )
        previous = self._message_of(me - 1, 2) if me > 0 else None
        answers = [] if previous is None else [_ref(previous)]
        message = self._emit(
            {
                "type": "shuffle",
                "answers": answers,
                "deck": b"".join(outputs),
                "proof": proof,
                "proof_kind": self.context.proof,
            }
        )
        self.pass1[me] = outputs
        return message


class RekeyingCheater(DealingPeer):
    """Pass 2: copies the content of position `source` into position `target` (or uses a wrong key)."""

    source = 0
    target = 1
    wrong_key = False

    def _rekey(self) -> Message:
        message = super()._rekey()
        me, last = self.seat, self.context.players - 1
        inputs = self.pass1[last] if me == 0 else self.pass2[me - 1]
        order = self.group.order
        unshuffle = pow(self.secrets.shuffle_key, -1, order)
        outputs = list(self.pass2[me])
        if self.wrong_key:
            outputs[self.target] = self.group.mult(12345 * unshuffle % order, inputs[self.target])
        else:
            factor = self.secrets.card_keys[self.target] * unshuffle % order
            outputs[self.target] = self.group.mult(factor, inputs[self.source])
        body = {k: v for k, v in message.items() if k != "sig"}
        body["deck"] = b"".join(outputs)
        forged = signed(self.group, self.secrets.signing_key, body)
        self._log[(me, message["seq"])] = forged
        self.pass2[me] = outputs
        if me == last:
            self.deck = outputs
        return forged


class WrongKeyDealer(DealingPeer):
    """Private deal: sends a wrong key for the positions listed in `bad_positions`."""

    bad_positions: frozenset[int] = frozenset({0})

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        honest = self.secrets
        keys = list(honest.card_keys)
        for position in self.bad_positions:
            keys[position] = 1 + secrets.randbelow(self.group.order - 1)
        self.secrets = dataclasses.replace(honest, card_keys=tuple(keys))
        try:
            return super().open_many(openings)
        finally:
            self.secrets = honest


class ShuffleEquivocator(DealingPeer):
    """Signs two valid pass-1 messages (two different permutations); the table shows one to a victim."""

    alternative: Message | None = None

    def _shuffle(self) -> Message:
        message = super()._shuffle()
        outputs = list(reversed(self.pass1[self.seat]))
        inputs = self.pass1[self.seat - 1] if self.seat > 0 else self.context.card_points()
        proof = prove_pass1(  # a valid proof of the other order, in the context's proof kind
            self.context,
            self.secrets.shuffle_key,
            inputs,
            outputs,
            list(reversed(self.secrets.permutation)),
            [self._sid, self.seat, "pass-1"],
        )
        body = {k: v for k, v in message.items() if k != "sig"}
        body["deck"] = b"".join(outputs)
        body["proof"] = proof
        self.alternative = signed(self.group, self.secrets.signing_key, body)
        return message


class KeysEquivocator(DealingPeer):
    """Sends a victim a keys message that also leaks its key for a position the message does not
    open to the victim (`leak`, the first such; same number): well formed, a second version."""

    alternative: Message | None = None
    victim = 2
    leak = 5

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        out = super().open_many(openings)
        message = next(m for m in out if isinstance(m, dict) and m["type"] == "keys")
        opened = {p for p, receivers in message["openings"] if self.victim in receivers}
        self.leak = next(p for p in range(self.context.size) if p not in opened)
        key = self.secrets.card_keys[self.leak].to_bytes(32, "little")
        pad = key_pad(self._sid, self._shared_with(self.victim), self.leak, self.seat, self.victim)
        body: dict[str, Any] = {k: v for k, v in message.items() if k != "sig"}
        body["openings"] = [*message["openings"], [self.leak, [self.victim]]]
        body["ciphers"] = [*message["ciphers"], xor32(key, pad)]
        self.alternative = signed(self.group, self.secrets.signing_key, body)
        return out


class HelloEquivocator(DealingPeer):
    """Signs two hellos with different nonces (same signing key)."""

    alternative: Message | None = None

    def start(self) -> list[Output]:
        out = super().start()
        hello = out[0]
        assert isinstance(hello, dict)
        body = {k: v for k, v in hello.items() if k != "sig"}
        body["nonce"] = bytes(32)
        self.alternative = signed(self.group, self.secrets.signing_key, body)
        return out


class CredulousColluder(DealingPeer):
    """Accepts keys from seat `friend` without checking them and never opens anything."""

    friend = 1

    def _on_keys(self, message: Message) -> bool:
        if message["sender"] == self.friend:
            return True
        return super()._on_keys(message)

    def _try_open(self, position: int) -> None:
        return None


class LyingRevealer(DealingPeer):
    """Reveals a seed that is not the one its keys came from."""

    def _emit(self, body: dict[str, Any]) -> Message:
        if body["type"] == "audit-reveal":
            body = dict(body, seed=bytes(32))
        return super()._emit(body)


def _ref(message: Message) -> dict[str, Any]:
    from net.dealing.messages import reference

    return reference(message)


def swap_for(victim: int, cheater: DealingPeer, kind: str) -> Tamper:
    """A tamper function that shows the cheater's alternative message of `kind` to the victim."""

    def tamper(sender: int, receiver: int, message: Message) -> Message | None:
        alternative = getattr(cheater, "alternative", None)
        if (
            sender == cheater.seat
            and receiver == victim
            and message["type"] == kind
            and alternative
        ):
            return alternative
        return message

    return tamper


class InvalidPointShuffler(DealingPeer):
    """Pass 1: signs a deck holding a byte string that is not a group element."""

    def _shuffle(self) -> Message:
        message = super()._shuffle()
        body = {k: v for k, v in message.items() if k != "sig"}
        body["deck"] = bytes(32) + message["deck"][32:]
        return signed(self.group, self.secrets.signing_key, body)


class RekeyEquivocator(DealingPeer):
    """Signs two pass-2 messages (same deck, fresh proofs); the table shows one to a victim."""

    alternative: Message | None = None

    def _rekey(self) -> Message:
        message = super()._rekey()
        me, last = self.seat, self.context.players - 1
        inputs = self.pass1[last] if me == 0 else self.pass2[me - 1]
        unshuffle = pow(self.secrets.shuffle_key, -1, self.group.order)
        proofs = [
            prove_dleq(
                self.group,
                self.secrets.card_keys[p] * unshuffle % self.group.order,
                point,
                self.shuffle_keys[me],
                [self._sid, me, "pass-2", p],
            )
            for p, point in enumerate(inputs)
        ]
        body = {k: v for k, v in message.items() if k != "sig"}
        body["proofs"] = b"".join(proofs)
        # Proofs are deterministic: make the second version differ in a field nobody checks
        # (a hello's key beside the reference, which only a hello's reference uses).
        body["answers"] = [dict(body["answers"][0], key=bytes(32))]
        self.alternative = signed(self.group, self.secrets.signing_key, body)
        return message
