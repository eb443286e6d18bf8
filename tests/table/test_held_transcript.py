"""What each seat holds (docs/protocol.md): every heartbeat carries, per author, the running hash of
the messages its sender holds; a seat holding another version of one is forwarded the author's
messages and names it; a game settles only once every seat heard from shows what we hold."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import net.table.deals
import net.table.game_adapter
from net.dealing.context import DealContext
from net.table.core import GameOver
from net.table.reliable import HELD_START, ProtocolViolation, ReliableBroadcast, chained
from net.table.schema import check_received
from net.table.sim import make_table
from tests.hostile.harness import honest_seats, record_end_times, run_until_honest_end

HOSTILE = 1


@dataclasses.dataclass(frozen=True)
class CheapContext(DealContext):
    """One cut-and-choose round: the same messages, far cheaper proofs."""

    rounds: int = 1


@pytest.fixture
def cheap_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables of a test deal with one-round proofs (tests only)."""
    monkeypatch.setattr(net.table.deals, "DealContext", CheapContext)
    monkeypatch.setattr(net.table.game_adapter, "DealContext", CheapContext)


def delivered_to(receiver: int, frames: list[dict[str, Any]]) -> ReliableBroadcast:
    """A 3-seat receiver that took these frames of seat 0, in order."""
    net = ReliableBroadcast(receiver, 3)
    for frame in frames:
        net.receive(0, frame, 0.0)
    return net


def test_seats_holding_the_same_messages_send_the_same_running_hashes() -> None:
    author = ReliableBroadcast(0, 3)
    frames = [author.broadcast({"k": "show", "n": n}).frame for n in range(3)]
    first, second = delivered_to(1, frames), delivered_to(2, frames)
    beat = first.heartbeat().frame
    assert beat["have"] == [3, 0, 0]
    assert (
        beat["hh"] == second.heartbeat().frame["hh"] == author.heads_held()[:1] + [HELD_START] * 2
    )
    expected = HELD_START
    for n in range(3):
        expected = chained(expected, {"k": "show", "n": n})
    assert beat["hh"][0] == expected
    assert check_received(beat) == (None, False)


def test_another_version_of_one_message_shows_in_the_running_hash() -> None:
    author = ReliableBroadcast(0, 3)
    frames = [author.broadcast({"k": "show", "n": n}).frame for n in range(3)]
    other = [*frames[:1], dict(frames[1], p={"k": "show", "n": 99}), frames[2]]
    first, second = delivered_to(1, frames), delivered_to(2, other)
    assert first.have() == second.have()
    assert first.head(0, 1) == second.head(0, 1)
    assert first.head(0, 2) != second.head(0, 2) and first.head(0, 3) != second.head(0, 3)


def test_a_heartbeat_with_hashes_for_another_number_of_seats_is_refused_at_its_link() -> None:
    net = ReliableBroadcast(0, 3)
    with pytest.raises(ProtocolViolation, match="malformed heartbeat"):
        net.receive(1, {"t": "hb", "have": [0, 0, 0], "hh": [HELD_START] * 2}, 0.0)
    problem, _ = check_received({"t": "hb", "have": [0, 0, 0], "hh": [b"short"] * 3})
    assert problem is not None


@pytest.mark.usefixtures("cheap_proofs")
def test_a_seat_whose_heartbeats_never_show_what_it_holds_is_recorded_unconfirmed() -> None:
    """The hostile seat plays honestly but its heartbeats lie about what it holds: the honest
    seats finish alike with the signed result after FINAL_CONFIRM_DEADLINE, it recorded as
    unconfirmed, nobody named (its lies prove nothing)."""
    table = make_table(3, variant="throw-in", seed=31, bots="random")

    def lie(sender: int, receiver: int, frame: dict[str, Any]) -> dict[str, Any]:
        if sender == HOSTILE and frame.get("t") == "hb":
            return dict(frame, hh=[bytes(32)] * 3)
        return frame

    table.tamper = lie
    record_end_times(table)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=400.0)
    results = table.results()
    ends = {(results[s].reason, results[s].cheater, results[s].log_hash) for s in (0, 2)}
    assert len(ends) == 1 and next(iter(ends))[:2] == ("finished", None), results
    for seat in honest_seats(table, HOSTILE):
        over = results[seat]
        assert isinstance(over, GameOver) and over.unconfirmed == (HOSTILE,), over
    assert not table.violations


@pytest.mark.usefixtures("cheap_proofs")
def test_an_honest_game_settles_within_a_heartbeat_of_its_audit() -> None:
    """Honest seats confirm what they hold at once (a heartbeat once settled): every seat ends
    finished, nobody unconfirmed, within a few seconds of each other."""
    table = make_table(3, variant="throw-in", seed=31, bots="random")
    record_end_times(table)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=400.0)
    table.step_until(table.now + 5.0)
    results = table.results()
    assert {(o.reason, o.cheater, o.unconfirmed) for o in results.values()} == {
        ("finished", None, ())
    }
    times = getattr(table, "_end_times", {})
    assert len(times) == 3 and max(times.values()) - min(times.values()) < 3.0, times
