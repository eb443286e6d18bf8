"""A hostile seat at a two-seat table sends, in place of its first vote, a signed `fault` verdict
naming the honest seat with the honest seat's own frame as "evidence" (soak seed 2527). The
honest seat names nobody for it, but its vote never comes under that number and no third seat can
pass it on. The vote it signed does come, shown in its move's certificate or its `votes`: two
signed messages under one number, so the honest seat names the hostile one, within seconds."""

from __future__ import annotations

from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import (
    Frame,
    Hostile,
    end_times,
    kind,
    record_end_times,
    run_until_honest_end,
)
from tests.hostile.soak import play

HOSTILE, HONEST = 1, 0
# The vote comes at once in a move's certificate, or 2 s later in the `votes` a seat shows while
# the round's winner is silent (SHOW_VOTES_AFTER); a few more for ticks and latency.
ENDS_WITHIN = 5.0


def forged_verdict_table(seed: int) -> SimulatedTable:
    """A two-seat table whose hostile seat's first vote is replaced by the forged verdict."""
    table = make_table(2, "simple", seed=seed, bots="random")
    record_end_times(table)

    def forged(receiver: int, frame: Frame) -> Frame:
        core = table.cores[HOSTILE]
        assert core is not None
        own = core.net.delivered[HONEST][0].as_wire()  # the receiver's own signed frame
        verdict = {"k": "verdict", "seat": HONEST, "why": "fault", "reason": "x", "frames": [own]}
        return dict(frame, p=verdict)

    Hostile(table, HOSTILE).on(kind("vote", times=1), "replace", change=forged)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=300.0)
    return table


def test_a_vote_replaced_by_a_forged_verdict_names_the_hostile_seat_at_a_two_seat_table() -> None:
    bids = set()
    for seed in range(8):
        table = forged_verdict_table(seed)
        hostile = table.cores[HOSTILE]
        assert hostile is not None
        bids.add(hostile.vote_frames[(0, 0, HOSTILE)].payload["bid"])
        over = table.results().get(HONEST)
        assert over is not None, f"seed {seed}: the honest seat still waits at {table.now:.0f} s"
        assert (over.reason, over.cheater) == ("cheat", HOSTILE), (seed, over)
        assert "two different messages numbered" in over.evidence, (seed, over.evidence)
        assert end_times(table)[HONEST] <= ENDS_WITHIN, (seed, end_times(table))
    assert bids == {True, False}  # both ways: the vote shown in a certificate and in `votes`


def test_soak_seed_2527_ends_with_the_hostile_seat_named() -> None:
    report = play(2527)
    assert report["attack"] == "forge-verdict" and report["hostile"] == HOSTILE
    assert report["problems"] == []
    assert report["results"][HONEST]["cheater"] == HOSTILE
    assert report["simulated_s"] <= ENDS_WITHIN
