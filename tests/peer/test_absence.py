"""A seat that falls silent: shown to the others, and after the resume window the table ends with
a result signed by those who stayed (simulated time: the deterministic table simulator)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.absence import Absence, signed_bytes
from net.table.core import SILENT_AFTER, GameOver, PeerBack, PeerSilent, TableCore
from net.table.reliable import ProtocolViolation
from net.table.sim import SimulatedTable, make_table

WINDOW = 30.0


def windowed_table(players: int, seed: int, **kwargs: Any) -> SimulatedTable:
    """A simulated table whose cores use a WINDOW-second resume window."""
    table = make_table(players, seed=seed, bots="random", **kwargs)

    def make(seat: int) -> TableCore:
        return TableCore(
            table.config, seat, table.identities[seat], table.seeds[seat], table.now, WINDOW
        )

    table._make = make
    table.cores = [make(s) for s in range(players)]
    return table


def started(table: SimulatedTable, until: float = 0.5) -> SimulatedTable:
    table.start()
    table.step_until(until)
    assert all(c is not None and c.game is not None for c in table.cores)
    return table


@pytest.mark.parametrize(("players", "gone"), [(2, 1), (3, 2), (4, 0)])
def test_a_seat_gone_past_the_window_is_the_fool_by_forfeit_signed_by_the_rest(
    players: int, gone: int
) -> None:
    table = started(windowed_table(players, seed=11 + players))
    crashed_at = table.now
    table.crash(gone)
    table.step_until(crashed_at + 3 * WINDOW)
    stayers = [s for s in range(players) if s != gone]
    results = table.results()
    assert sorted(results) == stayers  # every honest peer ended
    hashes = {results[s].log_hash for s in stayers}
    assert len(hashes) == 1
    for seat in stayers:
        over = results[seat]
        assert over.reason == "absent"
        assert over.result["fool"] == gone and over.result["forfeits"] == [gone]
        assert over.result["signed_by"] == stayers
        silent = [e for e in table.events[seat] if isinstance(e, PeerSilent) and e.seat == gone]
        assert len(silent) == 1 and silent[0].since <= crashed_at + 0.1
    # ended within the window (plus the silence threshold and a tick) after the seat went quiet
    assert table.now <= crashed_at + SILENT_AFTER + WINDOW + 2.0


def test_in_a_team_game_the_team_of_the_seat_that_left_loses() -> None:
    table = started(windowed_table(4, seed=3, variant="throw-in", options={"teams": True}))
    table.crash(3)
    table.step_until(table.now + 3 * WINDOW)
    for seat in (0, 1, 2):
        result = table.results()[seat].result
        assert result["fool"] == 3 and result["losing_team"] == 1


def test_a_seat_back_within_the_window_plays_on_to_a_clean_end() -> None:
    table = started(windowed_table(3, seed=21))
    core = table.cores[1]
    table.crash(1)
    table.step_until(table.now + WINDOW / 2)
    table.cores[1] = core  # resumed: the same state its journal replays to
    table.crashed.discard(1)
    table.step_until(table.now + 600)
    results = table.results()
    assert sorted(results) == [0, 1, 2]
    assert {o.reason for o in results.values()} == {"finished"}
    assert len({o.log_hash for o in results.values()}) == 1
    for seat in (0, 2):
        assert any(isinstance(e, PeerBack) and e.seat == 1 for e in table.events[seat])


def test_a_seat_back_after_the_others_agreed_ends_with_their_result() -> None:
    table = started(windowed_table(3, seed=22))
    core = table.cores[2]
    table.crash(2)
    table.step_until(table.now + SILENT_AFTER + WINDOW + 3)
    assert {table.results()[s].reason for s in (0, 1)} == {"absent"}
    table.cores[2] = core
    table.crashed.discard(2)
    table.step_until(table.now + 10)
    results = table.results()
    assert sorted(results) == [0, 1, 2]
    assert len({o.log_hash for o in results.values()}) == 1
    assert {o.result["fool"] for o in results.values()} == {2}
    assert results[2].reason == "absent"


def test_two_seats_that_cannot_agree_end_alone_within_two_windows() -> None:
    """A seat that never hears one stayer's statement still ends: abandoned, nobody named."""
    table = started(windowed_table(3, seed=23))
    crashed_at = table.now
    table.crash(2)

    def drop_statements_to_1(sender: int, receiver: int, frame: dict[str, Any]) -> Any:
        payload = frame.get("p")
        if receiver == 1 and isinstance(payload, dict) and payload.get("k") == "gone":
            return None
        return frame

    table.tamper = drop_statements_to_1
    table.step_until(crashed_at + 4 * WINDOW)
    results = table.results()
    assert results[0].reason == "absent" and results[1].reason == "abandoned"
    assert results[1].cheater is None and table.now <= crashed_at + 2 * WINDOW + 2 * SILENT_AFTER


def absence_of(table: SimulatedTable, seat: int) -> Absence:
    core = table.cores[seat]
    assert core is not None
    return core.absence


def test_a_forged_or_malformed_statement_is_a_violation_by_its_sender() -> None:
    table = windowed_table(3, seed=5)
    absence = absence_of(table, 0)
    identity = table.identities[1]
    good = Absence(1, 3, absence.keys, absence.config_digest).state(identity, (2,), 0, "a" * 64)
    assert good is not None
    absence.receive(1, dict(good))
    forged = {**good, "i": 1}
    with pytest.raises(ProtocolViolation) as caught:
        absence.receive(1, forged)
    assert caught.value.seat == 1
    for bad in (
        {**good, "seats": []},
        {**good, "seats": [1]},
        {**good, "seats": "2"},
        {**good, "h": 5},
        {**good, "i": -1},
        {**good, "extra": 1},
    ):
        with pytest.raises(ProtocolViolation):
            absence.receive(1, bad)
    # signed by seat 1, sent by seat 2 as its own: a bad signature
    with pytest.raises(ProtocolViolation) as caught:
        absence.receive(2, {**good, "seats": [0]} | {"sig": good["sig"]})
    assert caught.value.seat == 2
    unsigned = {k: v for k, v in good.items() if k != "sig"}
    assert signed_bytes(absence.config_digest, good) == signed_bytes(
        absence.config_digest, unsigned
    )


def test_no_statement_from_the_seat_that_left_itself_counts() -> None:
    """Only the stayers' statements end the game, and a minority cannot name the majority."""
    table = windowed_table(3, seed=6)
    absence = absence_of(table, 0)
    core = table.cores[0]
    assert core is not None
    mine = absence.state(table.identities[0], (1, 2), 0, core.log_hash)
    assert mine is not None
    assert absence.agreed(core.hashes) is None  # a seat cut off from the two others names nobody
    other = Absence(1, 3, absence.keys, absence.config_digest)
    statement = other.state(table.identities[1], (2,), 0, core.log_hash)
    assert statement is not None
    absence.receive(1, statement)
    half = Absence(0, 3, absence.keys, absence.config_digest)
    half.receive(1, statement)
    assert half.agreed(core.hashes) is None  # seat 0 has not signed that seat 2 left


def test_game_over_events_are_typed() -> None:
    table = started(windowed_table(2, seed=9))
    table.crash(0)
    table.step_until(table.now + 3 * WINDOW)
    over = table.results()[1]
    assert isinstance(over, GameOver) and over.verdict is None


def step_until(table: SimulatedTable, condition: Any, limit: float = 400.0) -> None:
    """Run the table in small steps until `condition()` holds (fails past `limit` seconds)."""
    while not condition():
        assert table.now < limit, "the moment never came"
        table.step_until(table.now + 0.002, tick=0.002)  # an audit can end 15 ms after it starts


@pytest.mark.parametrize(
    "moment", ["dealing", "first moves", "mid game", "audit started", "audit revealed"]
)
def test_a_crash_at_any_moment_resumes_to_the_same_result_and_log(moment: str) -> None:
    table = windowed_table(3, seed=31)
    table.start()
    victim = 1
    core = table.cores[victim]
    assert core is not None
    conditions = {
        "dealing": lambda: table.now > 0.02,
        "first moves": lambda: len(core.entries) >= 2,
        "mid game": lambda: len(core.entries) >= 20,
        "audit started": lambda: core.game_finished,
        "audit revealed": lambda: core.game_finished and core.deals[0].audit_reveals,
    }
    step_until(table, conditions[moment])
    assert core.over is None
    table.crash(victim)
    table.step_until(table.now + 10)  # back within the window, the others still waiting
    table.cores[victim] = core
    table.crashed.discard(victim)
    table.step_until(table.now + 600)
    results = table.results()
    assert sorted(results) == [0, 1, 2]
    assert {o.reason for o in results.values()} == {"finished"}
    assert all(o.verdict is not None and o.verdict.ok for o in results.values())
    assert len({o.log_hash for o in results.values()}) == 1


def test_a_seat_cut_off_from_both_others_names_nobody() -> None:
    """A partition: the two seats together end the game naming the cut-off seat; the cut-off
    seat, alone, cannot name them and ends abandoned after two windows."""
    table = started(windowed_table(3, seed=24))
    cut_at = table.now

    def partition(sender: int, receiver: int, frame: dict[str, Any]) -> Any:
        return None if 2 in (sender, receiver) else frame

    table.tamper = partition
    table.step_until(cut_at + 4 * WINDOW)
    results = table.results()
    assert results[0].reason == results[1].reason == "absent"
    assert results[0].result["fool"] == results[1].result["fool"] == 2
    assert results[2].reason == "abandoned" and results[2].cheater is None


def test_a_seat_away_with_a_key_pending_past_the_old_60_s_comes_back_to_the_same_log() -> None:
    """The keys to open a card wait the whole resume window (120 s), not 60 s."""
    table = make_table(3, seed=32, bots="random")
    victim = table.cores[1]
    assert victim is not None
    crashed_at: list[float] = []

    def crash_on_a_pending_key(seat: int, core: TableCore, outputs: list[Any]) -> None:
        current = core.round
        if seat == 0 and not crashed_at and current is not None and current.waiting_for:
            crashed_at.append(table.now)
            table.crash(1)

    table.watch(crash_on_a_pending_key)
    table.start()
    table.step_until(60)
    assert crashed_at, "no key was ever pending"
    table.step_until(crashed_at[0] + 70)
    assert table.results() == {}  # nobody gave up on the pending key
    watcher = table.cores[0]
    assert watcher is not None and watcher.round is not None and watcher.round.waiting_for
    table.cores[1] = victim
    table.crashed.discard(1)
    table.step_until(table.now + 600)
    results = table.results()
    assert sorted(results) == [0, 1, 2]
    assert {o.reason for o in results.values()} == {"finished"}
    assert len({o.log_hash for o in results.values()}) == 1


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.text(max_size=70),
    st.binary(max_size=70),
    st.lists(st.integers(min_value=-3, max_value=5), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(["k", "seats", "i", "h", "sig", "extra"]), value=VALUES)
def test_any_mutated_statement_is_a_violation_or_kept_and_nothing_else(
    field: str, value: Any
) -> None:
    table = FUZZ_TABLE
    absence = absence_of(table, 0)
    signer = Absence(1, 3, absence.keys, absence.config_digest)
    good = signer.state(table.identities[1], (2,), 0, "a" * 64)
    assert good is not None
    mutated = {**good, field: value}
    fresh = Absence(0, 3, absence.keys, absence.config_digest)
    try:
        fresh.receive(1, mutated)
    except ProtocolViolation as violation:
        assert violation.seat == 1
        assert fresh.statements.get(1, {}) == {}  # nothing kept
        return
    assert mutated == good


FUZZ_TABLE = windowed_table(3, seed=41)
