"""A verdict reached while an honest seat is down reaches it when it resumes (issue 12, Done when 3
and 6): the seats that ended keep answering as a peer does (up to the resume window, the soak's
`LINGER`), so the resumed seat gets the verdict, checks its evidence itself and names the hostile
seat too, whatever the length of its absence within the window. Before, the soak's seats stopped
5 s after their end: soak seed 2908's seat 2, down for 19 s, came back to nobody and ended
`abandoned` while seat 0 named the hostile seat."""

from __future__ import annotations

from typing import Any

import pytest

from net.absence import RESUME_WINDOW
from net.table.core import GameOver
from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import Frame, Hostile, end_times, kind, record_end_times
from tests.hostile.soak import LINGER, play

HOSTILE = 1
DOWN = 2  # the honest seat that crashes
WITHIN = 5.0  # Done when 3: a verdict reaches every honest seat within 5 s (simulated here)


def malformed(receiver: int, frame: Frame) -> Frame:
    """A deal message whose body is not a dealing message (signed again by the hostile seat)."""
    return dict(frame, p={"k": "deal", "d": 0, "m": "x"})


def run_until(table: SimulatedTable, moment: float) -> None:
    """Step the table to simulated time `moment`; once every live seat has ended, time passes."""
    while table.now < moment:
        if table.finished():
            table.now = moment
            return
        table.step_until(min(moment, table.now + 0.5))


def assert_hostile_named_alike(table: SimulatedTable) -> dict[int, GameOver]:
    """Every honest seat ended naming the hostile seat, with one log hash."""
    results = table.results()
    ends = {seat: results.get(seat) for seat in (0, DOWN)}
    for seat, over in ends.items():
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.cheater) == ("cheat", HOSTILE), (seat, over)
    assert len({over.log_hash for over in ends.values() if over is not None}) == 1, ends
    return {seat: over for seat, over in ends.items() if over is not None}


@pytest.mark.parametrize("down_for", [6.0, 20.0, 60.0, RESUME_WINDOW - 10.0])
def test_a_seat_down_when_the_hostile_seat_is_named_resumes_naming_it(down_for: float) -> None:
    """Seat 2 crashes at the start; the hostile seat then sends seat 0 a malformed deal message
    and seat 0 names it at once. Seat 2 resumes `down_for` seconds later (past the old 5 s
    linger, within the resume window) and ends the same way within 5 s of its return."""
    table = make_table(3, "simple", seed=41, bots="random", linger=LINGER)
    record_end_times(table)
    Hostile(table, HOSTILE).on(kind("deal:roster", (0,)), "replace", change=malformed)
    table.start()
    table.crash(DOWN)
    run_until(table, down_for)
    named = table.results().get(0)
    assert named is not None and named.cheater == HOSTILE, named  # reached while seat 2 was down
    assert end_times(table)[0] < 1.0
    table.resume(DOWN)
    back = table.now
    run_until(table, back + RESUME_WINDOW)
    ends = assert_hostile_named_alike(table)
    assert end_times(table)[DOWN] - back <= WITHIN
    assert "(shown by seat 0)" in ends[DOWN].evidence  # from seat 0's verdict, checked here


def test_a_verdict_lost_on_its_way_to_a_seat_that_then_crashes_reaches_it_on_resume() -> None:
    """Seat 0's verdict to seat 2 is lost and seat 2 crashes before any resend; it resumes 20 s
    later (the shape of soak seed 2908) and ends naming the hostile seat within 5 s."""
    table = make_table(3, "simple", seed=41, bots="random", linger=LINGER)
    record_end_times(table)
    Hostile(table, HOSTILE).on(kind("deal:roster", (0,)), "replace", change=malformed)
    hostile_tamper = table.tamper
    lost: list[float] = []

    def lose_verdict(sender: int, receiver: int, frame: Frame) -> Frame | None:
        payload: Any = frame.get("p")
        verdict = isinstance(payload, dict) and payload.get("k") == "verdict"
        if (sender, receiver) == (0, DOWN) and verdict and not lost:
            lost.append(table.now)
            table.crash(DOWN)  # down before the verdict's first resend
            return None
        assert hostile_tamper is not None
        return hostile_tamper(sender, receiver, frame)

    table.tamper = lose_verdict
    table.start()
    run_until(table, 20.0)
    assert lost and DOWN in table.crashed and table.results().get(0) is not None
    table.resume(DOWN)
    back = table.now
    run_until(table, back + RESUME_WINDOW)
    assert_hostile_named_alike(table)
    assert end_times(table)[DOWN] - back <= WITHIN


def test_soak_seed_2908_ends_alike_at_every_honest_seat() -> None:
    """3 seats, `simple`, hostile seat 1 malforms a message; seat 2 down from 0.37 s to 19.6 s."""
    report = play(2908)
    assert (report["hostile"], report["attack"], report["crash"][0]) == (1, "malform", DOWN)
    assert not report["problems"], report
    assert {r["reason"] for r in report["results"].values()} == {"cheat"}, report
