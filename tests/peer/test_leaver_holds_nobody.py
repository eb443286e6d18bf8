"""A seat that forfeits and leaves holds no other seat's close: the seats that stay close their
finished game at its end, without waiting for the leaver to acknowledge what they sent after it
left (their audit reveals and finals), which it never will. The leaver stops as a peer does, once
the others have all it sent (`GameRoutes._maybe_end`); the stayers' ends go through the peer's own
`_game_over`. Simulated time: the deterministic table simulator, no sockets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from net.game_run import GameRun
from net.lobby import GameStart
from net.peer import Peer, PeerSettings
from net.table.sim import SimulatedTable, make_table

LEAVER = 1
STAYERS = (0, 2)
TICK = 0.1
"""Seconds of simulated time between two looks at the table (a peer's tick)."""
GAME_LIMIT = 60.0
"""Simulated seconds within which the stayers' game is over."""


def leave_after(moves: int, seed: int) -> SimulatedTable:
    """A 3-seat table where LEAVER forfeits once the log holds `moves` moves and stops (frames
    to it lost) at the first tick at which the others have all it sent; run until both stayers'
    game is over."""
    table = make_table(3, seed=seed, bots="random")
    table.start()
    left = False
    while not all(table.cores[s].over is not None for s in STAYERS):  # type: ignore[union-attr]
        assert table.now < GAME_LIMIT, "the stayers' game never ended"
        table.step_until(table.now + TICK, tick=TICK)
        leaver = table.cores[LEAVER]
        assert leaver is not None
        if not left and len(leaver.entries) >= moves:
            table.route(LEAVER, table._call(LEAVER, "leave"))
            left = True
        if left and leaver.net.all_acked(list(STAYERS)):
            table.retired.add(LEAVER)  # gone, as the peer is once its forfeit is acknowledged
    assert left and LEAVER in table.retired
    return table


def stayer_peer(table: SimulatedTable, seat: int, folder: Path) -> tuple[Peer, GameRun]:
    """A real `Peer` (never run: no sockets) holding the simulated seat's core as its game."""
    settings = PeerSettings(name=table.config.seats[seat].name, data_dir=folder / str(seat))
    peer = Peer(settings, table.identities[seat])
    sent: list[tuple[bytes, dict[str, Any]]] = []
    peer._send = lambda key, message: sent.append((key, message)) is None  # type: ignore[method-assign]
    core = table.cores[seat]
    assert core is not None
    keys = {info.key: index for index, info in enumerate(table.config.seats)}
    run = GameRun(GameStart(table.config, ()), core, None, 0.0, table.now, keys)
    peer.games[run.game_no] = run
    return peer, run


@pytest.mark.parametrize("moves", [1, 4, 8])
@pytest.mark.parametrize("seed", [0, 1])
def test_the_seats_that_stay_close_at_their_end_without_the_leavers_acknowledgements(
    tmp_path: Path, moves: int, seed: int
) -> None:
    table = leave_after(moves, seed)
    for seat in STAYERS:
        core = table.cores[seat]
        assert core is not None and core.over is not None
        assert core.over.reason == "finished" and LEAVER in core.left_seats
        # the race itself: this seat sent what the leaver, gone, never acknowledged
        assert core.net.acked[LEAVER] < len(core.net.sent), "the leaver saw everything"
        peer, run = stayer_peer(table, seat, tmp_path)
        peer._game_over(run, core.over)
        assert run.ended and run.game_no not in peer.games, (
            f"seat {seat} still waits for seat {LEAVER}'s acknowledgements, "
            f"acked {list(core.net.acked)} of {len(core.net.sent)}"
        )


def test_a_seat_that_left_is_not_awaited_but_a_seat_that_stayed_is(tmp_path: Path) -> None:
    """The close still waits for a seat that stayed: a stayer whose last messages the other
    stayer lacks does not close at its end (it does on the tick that shows them held)."""
    table = leave_after(4, seed=0)
    peer, run = stayer_peer(table, 0, tmp_path)
    core = run.core
    core.net.acked[2] = 0  # as if seat 2 had shown nothing of what seat 0 sent
    assert core.over is not None
    peer._game_over(run, core.over)
    assert not run.ended and run.game_no in peer.games
    core.net.acked[2] = len(core.net.sent)
    peer._maybe_end(run, table.now + TICK)
    assert run.ended and run.game_no not in peer.games
