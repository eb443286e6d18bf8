"""A seat is always shown its current view: a card opened after its move (a draw, invisible's
trump card, a card of another seat in reverse) brings a new observation.

The simulator lets a bot move as soon as it is shown a state, inside the same batch of outputs,
so a batch's older observation may be routed after a newer one; the test therefore asks that
the current view is among the last few shown, not that it is the very last."""

from __future__ import annotations

import dataclasses

import pytest

from net.table.core import StateChanged
from net.table.sim import make_table


@pytest.mark.parametrize(
    ("variant", "players"), [("throw-in", 3), ("invisible", 3), ("reverse", 2)]
)
def test_the_last_observation_shown_is_always_the_current_one(variant: str, players: int) -> None:
    table = make_table(players, variant=variant, seed=3, bots="heuristic,random")
    table.start()
    checked, now = 0, 0.0
    while len(table.results()) < players and now < 4000:
        now += 0.05
        table.step_until(now)
        for seat, core in enumerate(table.cores):
            shown = [e.observation for e in table.events[seat] if isinstance(e, StateChanged)]
            if core is None or core.game is None or core.game_finished or not shown:
                continue
            if core.round is not None and core.round.act is not None:
                continue  # a move's cards are still opening: it is shown once it applies
            if core.resume is not None:
                continue  # paused for a re-deal: the draws are shown once it is locked
            current = dataclasses.replace(core.game.observation(seat), last_events=())
            recent = [dataclasses.replace(o, last_events=()) for o in shown[-4:]]
            assert current in recent, f"seat {seat} was never shown its view at t={now:.2f}"
            checked += 1
    assert len(table.results()) == players
    assert checked > 20
