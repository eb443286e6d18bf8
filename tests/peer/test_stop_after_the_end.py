"""A peer told to stop (SIGTERM, Ctrl-C) once its game is over here but before it is closed: it has
nothing to forfeit, so it tells the others at once all it holds (a heartbeat: they need not wait
for its next beat to close their game) and stops when its game closes as usual (the others have
all it sent), with the game's result; it used to stop at once as if no game had started
("left the table before a game started"), without a word to the others, who then waited for its
acknowledgements for the resume window. Simulated time: the deterministic table simulator and a
real `Peer` that is never run (no sockets)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from net.game_run import GameRun
from net.lobby import GameStart
from net.peer import Peer, PeerSettings
from net.table.sim import SimulatedTable, make_table

SEAT = 0
LATE = 2
"""The seat whose acknowledgement of SEAT's last messages has not come yet."""
GAME_LIMIT = 60.0


def finished_table() -> SimulatedTable:
    """A 3-seat table played to its end at every seat."""
    table = make_table(3, seed=3, bots="random")
    table.start()
    table.step_until(GAME_LIMIT)
    assert table.finished(), "the game never ended"
    return table


def test_a_peer_told_to_stop_before_its_finished_game_closes_says_so_and_closes_it(
    tmp_path: Path,
) -> None:
    table = finished_table()
    core = table.cores[SEAT]
    assert core is not None and core.over is not None and core.over.reason == "finished"
    peer = Peer(
        PeerSettings(name="North", data_dir=tmp_path, join_table="Sim"), table.identities[SEAT]
    )
    sent: list[tuple[bytes, dict[str, Any]]] = []
    peer._send = lambda key, message: sent.append((key, message)) is None  # type: ignore[method-assign]
    keys = {info.key: index for index, info in enumerate(table.config.seats)}
    run = GameRun(GameStart(table.config, ()), core, None, 0.0, table.now, keys)
    peer.games[run.game_no] = run
    core.net.acked[LATE] = 0  # LATE's heartbeat showing all SEAT sent has not come yet
    peer._game_over(run, core.over)
    assert run.summary is not None and not run.ended  # over here, not closed
    sent.clear()

    peer.request_leave()

    assert peer.failure is None, peer.failure
    others = {info.key for index, info in enumerate(table.config.seats) if index != SEAT}
    beats = {key for key, message in sent if message["f"]["t"] == "hb"}
    assert beats == others  # all it holds, told at once
    assert not peer._match_done()  # it stays until the others have all it sent ...
    core.net.acked[LATE] = len(core.net.sent)
    peer._maybe_end(run, table.now + 0.1)
    assert run.ended and peer._match_done()  # ... then stops, its game closed
    result = peer.result()
    assert result["ok"] and [g["reason"] for g in result["games"]] == ["finished"]
