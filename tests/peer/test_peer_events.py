"""The words a client shows for a silent seat, a failed join and a game's end."""

from __future__ import annotations

import time

import pytest

from net.handshake import ChannelError, Failure
from net.peer_events import JOIN_FAILURES, JoinError, PeerError, SeatBack, SeatSilent, end_words
from net.table.core import PeerBack, PeerSilent
from net.table_finder import refusal

SEATS = [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Boris"}, {"seat": 2, "name": "Vera"}]


def test_a_silent_seat_says_who_since_when_and_how_long_the_table_waits() -> None:
    now = time.time()
    silent = SeatSilent(1, 3.0, "Boris", now - 10, now + 110)
    assert isinstance(silent, PeerSilent)  # clients that know the core's events still see it
    words = silent.words()
    assert words.startswith("Boris is not answering (since ")
    assert "waits 110 s more" in words or "waits 109 s more" in words
    assert "Boris is the fool by forfeit" in words
    back = SeatBack(1, "Boris")
    assert isinstance(back, PeerBack) and back.words() == "Boris is back"


@pytest.mark.parametrize("kind", sorted(JOIN_FAILURES))
def test_every_join_failure_names_the_table_and_says_which(kind: str) -> None:
    error = JoinError(kind, "Kitchen", "detail here")
    assert isinstance(error, PeerError) and error.kind == kind
    assert str(error).startswith("cannot join 'Kitchen': " + JOIN_FAILURES[kind])
    assert str(error).endswith("(detail here)")


def test_an_unknown_join_failure_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        JoinError("bored", "Kitchen")


def test_the_end_of_a_game_in_words() -> None:
    absent = {"seats": SEATS, "reason": "absent", "fool": 1, "result": {"forfeits": [1]}}
    assert end_words(absent) == "Boris left the table; Boris is the fool by forfeit"
    two = {**absent, "result": {"forfeits": [1, 2]}}
    assert end_words(two) == "Boris and Vera have left the table; Boris is the fool by forfeit"
    assert end_words({"seats": SEATS, "reason": "left", "fool": 2}) == (
        "Vera left the table and is the fool by forfeit"
    )
    assert end_words({"seats": SEATS, "reason": "finished", "fool": 0}) == "Anna is the fool"
    assert end_words({"seats": SEATS, "reason": "finished", "fool": None, "draw": True}) == (
        "the game is a draw"
    )
    cheat = {"seats": SEATS, "reason": "cheat", "cheater": 2, "evidence": "two moves"}
    assert end_words(cheat) == "Vera was caught cheating: two moves"
    assert "abandoned" in end_words({"seats": SEATS, "reason": "abandoned", "fool": None})


@pytest.mark.parametrize(
    ("failure", "kind"),
    [
        (Failure.WRONG_PASSWORD, "wrong-password"),
        (Failure.PASSWORD_MISMATCH, "wrong-password"),
        (Failure.NOT_ACCEPTED, "full"),
        (Failure.WRONG_HOST, "wrong-host"),
        (Failure.TIMEOUT, None),
        (Failure.OTHER, None),
    ],
)
def test_a_refusal_is_read_from_the_handshake_failure_not_its_words(
    failure: Failure, kind: str | None
) -> None:
    error = ChannelError("local", "peer reports: some words in any language", failure)
    refused = refusal(error, "Kitchen")
    assert (refused.kind if refused is not None else None) == kind
    assert refusal(ValueError("password"), "Kitchen") is None
