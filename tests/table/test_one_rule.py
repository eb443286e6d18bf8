"""Issue 25's one malformed rule and one equivocation rule, on single payloads: a list that is a
set by meaning holding one key twice is malformed, at either layer; two different signed payloads
of one seat under one slot conflict, whatever their kind."""

from __future__ import annotations

from typing import Any

import pytest

from net.dealing.schema import check_message
from net.table.reliable import Delivered, Equivocation
from net.table.schema import check_payload, message_slot
from net.table.votes import SignedBook, conflicting

SIG = bytes(64)
HASH = "0" * 64
REF = {"sender": 0, "seq": 1, "digest": bytes(32), "sig": SIG}
KEYS = {"type": "keys", "session": bytes(32), "sender": 1, "seq": 5, "sig": SIG, "answers": [REF]}
VOTE_FRAME = {"f": 0, "s": 3, "p": {"k": "vote", "i": 0, "n": 0, "bid": True, "h": HASH}, "g": SIG}


def test_two_keys_entries_for_one_position_and_receiver_are_malformed() -> None:
    fine = KEYS | {"openings": [[4, [0]], [4, [2]]], "ciphers": [bytes(32), bytes(32)]}
    assert check_message(fine) is None  # one position to two receivers in two entries
    twice = KEYS | {"openings": [[4, [0, 2]], [4, [2]]], "ciphers": [bytes(64), bytes(32)]}
    assert "appears twice" in str(check_message(twice))
    inside = KEYS | {"openings": [[4, [2, 2]]], "ciphers": [bytes(64)]}
    assert "appears twice" in str(check_message(inside))
    assert "appears twice" in str(check_payload({"k": "deal", "d": 0, "m": twice}))


@pytest.mark.parametrize(
    "payload",
    [
        {"k": "abandon", "i": 0, "h": HASH, "reason": "x", "stalled": [1, 1]},
        {"k": "gone", "seats": [2, 2], "i": 0, "h": HASH, "sig": SIG},
        {"k": "act", "i": 0, "a": "x", "pos": [3, 3], "prev": HASH, "sig": SIG},
        {"k": "vote", "i": 1, "n": 1, "bid": True, "h": HASH, "prior": [VOTE_FRAME] * 2},
        {"k": "votes", "i": 0, "n": 0, "frames": [VOTE_FRAME, dict(VOTE_FRAME, g=b"\1" * 64)]},
        {"k": "show", "frames": [VOTE_FRAME, VOTE_FRAME]},
        {
            "k": "deal",
            "d": 0,
            "m": KEYS | {"answers": [REF, REF], "openings": [[1, [0]]], "ciphers": [bytes(32)]},
        },
    ],
)
def test_a_repeated_key_in_a_set_is_malformed(payload: dict[str, Any]) -> None:
    assert "appears twice" in str(check_payload(payload))


def delivered(seq: int, payload: dict[str, Any], sender: int = 1) -> Delivered:
    return Delivered(sender, seq, payload, SIG)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({"k": "trump", "suit": "H"}, {"k": "trump", "suit": "S"}),
        ({"k": "claim", "pos": 3}, {"k": "claim", "pos": None}),
        ({"k": "hello", "c": bytes(32)}, {"k": "hello", "c": b"\1" * 32}),
        ({"k": "final", "d": []}, {"k": "final", "d": [bytes(32)]}),
        (
            {"k": "abandon", "i": 3, "h": "0" * 64, "reason": "a"},
            {"k": "abandon", "i": 3, "h": "0" * 64, "reason": "b"},
        ),
        (
            {"k": "vote", "i": 2, "n": 0, "bid": True, "h": HASH},
            {"k": "vote", "i": 2, "n": 0, "bid": False, "h": HASH},
        ),
    ],
)
def test_two_different_messages_under_one_slot_conflict_whatever_the_kind(
    first: dict[str, Any], second: dict[str, Any]
) -> None:
    a, b = delivered(4, first), delivered(9, second)
    assert conflicting(a, b) and message_slot(first) == message_slot(second)
    assert not conflicting(a, delivered(9, second, sender=2))  # another seat's
    book = SignedBook()
    book.record(a)
    book.record(delivered(4, first))  # the same message again: nothing
    with pytest.raises(Equivocation) as caught:
        book.record(b)
    assert caught.value.seat == 1 and caught.value.frames == (a, b)


def test_kinds_sent_many_times_have_no_slot_and_different_slots_do_not_conflict() -> None:
    show = {"k": "show", "frames": [VOTE_FRAME]}
    assert message_slot(show) is None
    assert not conflicting(
        delivered(1, show), delivered(2, {"k": "show", "frames": [dict(VOTE_FRAME, s=4)]})
    )
    vote = {"k": "vote", "i": 2, "n": 0, "bid": True, "h": HASH}
    assert not conflicting(delivered(1, vote), delivered(2, dict(vote, n=1, bid=False)))
