"""A malformed, out-of-place or forged frame is a protocol violation of its sender, never an
internal error at the receiver (issue 12, items 1 and 2)."""

from __future__ import annotations

from typing import Any

import pytest

from net.dealing.errors import CheatDetected
from net.dealing.messages import signed
from net.dealing.peer import Pass
from net.table.reliable import ProtocolViolation
from tests.hostile.helpers import (
    fresh_core,
    game_overs,
    signed_frame,
    state_of,
    table_in_play,
    verdicts_sent,
)


def _keys_citing(digest: Any) -> dict[str, Any]:
    """A keys message signed by seat 1's dealing key whose cited rekey digest is `digest`."""
    table = table_in_play()
    dealer = table.cores[1]
    assert dealer is not None
    deal = dealer.dealing
    final = deal._message_of(deal.context.players - 1, deal._seq_of[Pass.REKEY])
    assert final is not None
    ref = {"sender": final["sender"], "seq": final["seq"], "digest": digest, "sig": final["sig"]}
    body = {
        "type": "keys",
        "openings": [[0, [0]]],
        "ciphers": [bytes(32)],
        "answers": [ref],
        "session": deal.session,
        "sender": 1,
        "seq": deal._seq + 50,
    }
    return signed(deal.group, deal.secrets.signing_key, body)


def _named_by_core(payload: dict[str, Any], why: str) -> None:
    table = table_in_play()
    core = fresh_core(table)
    before = state_of(core)
    out = core.receive(1, signed_frame(table, 1, core.net.next_from[1], payload), table.now)
    over = game_overs(out)
    assert over and over[0].reason == "cheat" and over[0].cheater == 1, out
    assert state_of(core) == before
    sent = verdicts_sent(out)
    assert sent and sent[0]["seat"] == 1 and sent[0]["why"] == why


def test_a_deal_message_that_is_a_string_names_its_signer() -> None:
    _named_by_core({"k": "deal", "d": 0, "m": "not a message"}, "malformed")


@pytest.mark.parametrize("digest", ["a string", -1, 2**64 - 1, None, b"short"])
def test_a_keys_message_citing_a_badly_typed_digest_names_its_signer(digest: Any) -> None:
    _named_by_core({"k": "deal", "d": 0, "m": _keys_citing(digest)}, "malformed")


@pytest.mark.parametrize("digest", ["a string", -1])
def test_the_dealing_core_alone_names_the_signer_of_a_badly_typed_digest(digest: Any) -> None:
    table = table_in_play()
    core = fresh_core(table)
    with pytest.raises(CheatDetected) as caught:
        core.dealing.receive(_keys_citing(digest), origin=1)
    assert caught.value.seat == 1


@pytest.mark.parametrize("bad", [-1, 999, "0", 1.5, True, [1]])
def test_a_vote_or_claim_with_a_bad_field_names_its_signer(bad: Any) -> None:
    vote = {"k": "vote", "i": 2, "n": -5 if bad == 999 else bad, "bid": True, "h": "0" * 64}
    _named_by_core(vote, "malformed")
    _named_by_core({"k": "claim", "pos": bad}, "malformed")


@pytest.mark.parametrize(
    "frame",
    [None, "x", [], {"t": "m", "s": 1}, {"t": "m", "s": -1, "p": {}}, {"t": "hb", "have": "x"},
     {"t": "m", "s": 2, "p": {"k": "vote"}, "g": b"\x00" * 64}],
)  # fmt: skip
def test_an_unsigned_or_malformed_frame_is_a_violation_of_its_link(frame: Any) -> None:
    table = table_in_play()
    core = fresh_core(table)
    before = state_of(core)
    with pytest.raises(ProtocolViolation) as caught:
        core.receive(1, frame, table.now)
    assert caught.value.seat == 1
    assert state_of(core) == before and core.over is None


def test_a_verdict_on_forged_evidence_names_its_announcer() -> None:
    table = table_in_play()
    core = fresh_core(table)
    honest = table.cores[2]
    assert honest is not None
    shown = honest.net.delivered[0][0].as_wire()  # a real, well-formed message of seat 0
    verdict = {"k": "verdict", "seat": 0, "why": "malformed", "reason": "lies", "frames": [shown]}
    out = core.receive(1, signed_frame(table, 1, core.net.next_from[1], verdict), table.now)
    over = game_overs(out)
    assert over and over[0].cheater == 1
    forged = dict(shown, g=bytes(64))
    verdict["frames"] = [forged]
    core = fresh_core(table)
    out = core.receive(1, signed_frame(table, 1, core.net.next_from[1], verdict), table.now)
    assert game_overs(out)[0].cheater == 1


def test_a_malformed_message_without_a_valid_signature_takes_nothing_from_the_stream() -> None:
    table = table_in_play()
    core = fresh_core(table)
    seq = core.net.next_from[1]
    with pytest.raises(ProtocolViolation, match="carries no valid signature"):
        core.receive(1, {"t": "m", "s": seq, "p": {"k": "vote"}, "g": bytes(64)}, table.now)
    assert core.net.next_from[1] == seq and core.over is None
