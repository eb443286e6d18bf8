"""Issue 25, "Blame only what was seen": a seat that heartbeats on but never moves, and never
signs the voluntary `ready`, on the deterministic simulator (simulated time).

- It holds what it needs to move (its heartbeats show it holding the messages that open its
  cards, or the round's votes when it won the round): every honest seat's own clock sees it
  overdue, records it as stalled, and it forfeits as a leaver does, the fool at every honest
  seat (at 2 seats too), within the move's deadline and the time the others take to agree.
- Its heartbeats deny holding them: nothing shows it holds its cards (an honest seat whose
  messages never reach it looks the same), so it neither forfeits nor is recorded as stalled.
- A seat kept from its cards (a key withheld by another seat) is neither made to forfeit nor
  recorded as stalled.
"""

from __future__ import annotations

from typing import Any

import pytest

from net.absence import RESUME_WINDOW
from net.table.events import ACT_TIMEOUT
from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import (
    Frame,
    Hostile,
    end_times,
    honest_seats,
    kind_of,
    record_end_times,
    run_until_honest_end,
)
from tests.table.test_withheld_deadlines import VICTIM, WithholdsDrawKeysFromVictim

HOSTILE = 1
SEED = 31
AGREEMENT = 10.0
"""Simulated seconds the honest seats may take, once the deadline passed, to exchange their
statements of absence (a few heartbeats: their clocks judge the same wait a tick apart)."""
DEADLINES = {"act": ACT_TIMEOUT, "vote": RESUME_WINDOW}
"""The wait that ends for a seat withholding each kind: a won round's move, a round's vote."""


def never_moving(
    players: int, withheld: str, deny_holding: bool = False
) -> tuple[SimulatedTable, list[float]]:
    """A table whose hostile seat never sends its `withheld` kind (its moves, or its votes) nor
    a `ready`, heartbeating on (with `deny_holding`, its heartbeats say it holds nothing of the
    other seats'); the list gets the simulated time of its first withheld message."""
    table = make_table(players, seed=SEED, bots="random")
    record_end_times(table)
    hostile = Hostile(table, HOSTILE)
    first: list[float] = []

    def withholds(receiver: int, frame: Frame) -> bool:
        found = kind_of(frame)
        if found == withheld and not first:
            first.append(table.now)
        return found in (withheld, "ready")

    hostile.on(withholds, "drop")
    if deny_holding:

        def denies(receiver: int, frame: Frame) -> Frame:
            have = [n if author == HOSTILE else 0 for author, n in enumerate(frame["have"])]
            return {"t": "hb", "have": have}

        hostile.on(lambda receiver, frame: frame.get("t") == "hb", "replace", change=denies)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
    assert first, f"the hostile seat sent no {withheld}"
    return table, first


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("withheld", ["act", "vote"])
def test_a_seat_holding_what_it_needs_that_never_moves_forfeits_at_every_honest_seat(
    players: int, withheld: str
) -> None:
    table, first = never_moving(players, withheld)
    results: dict[int, Any] = table.results()
    for seat in honest_seats(table, HOSTILE):
        over = results.get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.cheater) == ("absent", None), (seat, over)
        assert over.result["fool"] == HOSTILE and over.result["forfeits"] == [HOSTILE], over
        assert "did not move" in over.evidence and over.stalled == (HOSTILE,), over
        took = end_times(table)[seat] - first[0]
        assert took <= DEADLINES[withheld] + AGREEMENT, (seat, took, over.evidence)


@pytest.mark.parametrize("players", [2, 3])
def test_a_seat_whose_heartbeats_deny_holding_its_cards_is_neither_made_to_forfeit_nor_stalled(
    players: int,
) -> None:
    table, first = never_moving(players, "vote", deny_holding=True)
    results: dict[int, Any] = table.results()
    for seat in honest_seats(table, HOSTILE):
        over = results.get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.stalled) == ("abandoned", ()), (seat, over)
        assert over.result.get("forfeits") is None, over
        took = end_times(table)[seat] - first[0]
        assert took <= RESUME_WINDOW + AGREEMENT, (seat, took, over.evidence)


def test_a_seat_kept_from_its_cards_is_neither_made_to_forfeit_nor_recorded_stalled() -> None:
    for seed in range(1, 8):
        table = make_table(
            3, seed=seed, bots="random", conducts={HOSTILE: WithholdsDrawKeysFromVictim()}
        )
        table.start()
        run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
        victim = table.cores[VICTIM]
        assert victim is not None and victim.game is not None
        if VICTIM not in victim.game.to_act or victim.my_turn:
            continue  # the game did not come to wait for the victim's hidden hand
        for seat in honest_seats(table, HOSTILE):
            over = table.results()[seat]
            assert over.reason == "abandoned" and over.result.get("forfeits") is None, over
            assert VICTIM not in over.stalled, (seat, over)
        return
    pytest.fail("no seed made the game wait for the victim kept from its draws")


@pytest.mark.parametrize("withheld", ["act", "vote"])
def test_a_forfeit_the_others_never_agree_on_records_the_wait_that_ran_out(withheld: str) -> None:
    """Seat 0 never gets seat 2's statement of the forfeit, so seat 0 ends the game abandoned
    with the never-moving seat recorded as stalled: its words ("did not move for ...") give the
    deadline that ran out (a won round's move: ACT_TIMEOUT, not the resume window)."""
    table = make_table(3, seed=SEED, bots="random")
    hostile = Hostile(table, HOSTILE)
    hostile.on(lambda receiver, frame: kind_of(frame) in (withheld, "ready"), "drop")

    def statement_to_seat_0(receiver: int, frame: Frame) -> bool:
        carried = frame.get("e", {}).get("p") if frame.get("t") == "fw" else frame.get("p")
        return receiver == 0 and isinstance(carried, dict) and carried.get("k") == "gone"

    for seat in (HOSTILE, 2):  # seat 2's statement, and its copy forwarded by the hostile seat
        Hostile(table, seat).on(statement_to_seat_0, "drop")
    table.start()
    run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
    over = table.results().get(0)
    assert over is not None and over.reason == "abandoned", over
    assert over.stalled == (HOSTILE,) and over.waited == DEADLINES[withheld], over
