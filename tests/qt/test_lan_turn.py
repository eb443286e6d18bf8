"""A move that reaches the LAN peer after the turn passed is refused there, in words, unsent
(`GuiPeer.play` asks `TableCore.my_turn` first), on the Durak table and the family-3 page."""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from durak_qt.games.family3.lan_game import Family3LanGame
from durak_qt.lobby.lan_game import GuiPeer, LanGame, PeerSignals
from engine.actions import TAKE, Action
from net.identity import Identity
from net.peer import PeerSettings
from net.table.core import TableCore
from net.table.sim import make_table


def dealt_table() -> Any:
    """Two seats of throw-in on the simulated network, stepped until the cards are dealt."""
    table = make_table(2, "throw-in", seed=3)
    table.start()
    for _ in range(400):
        table.step_until(table.now + 0.25)
        if all(core is not None and core.game is not None for core in table.cores):
            return table
    raise AssertionError("the simulated table did not deal")


def waiting_core(table: Any) -> TableCore:
    """A dealt seat the game does not wait for."""
    for core in table.cores:
        if core is not None and core.game is not None and not core.my_turn:
            return core
    raise AssertionError("every seat is to act")


def peer_with(core: TableCore, signals: PeerSignals, tmp_path: Path) -> tuple[GuiPeer, list[Any]]:
    """A GuiPeer whose game 0 runs on `core`; the list collects what it hands the core."""
    identity = Identity.from_seed(hashlib.sha256(b"late-move").digest())
    peer = GuiPeer(PeerSettings("Anna", tmp_path, join_table="Kitchen"), identity, signals)
    sent: list[Any] = []

    def intend(action: Any) -> list[Any]:
        sent.append(action)
        return []

    core.intend = intend  # type: ignore[method-assign]
    peer.games[0] = SimpleNamespace(core=core, journal=None, game_no=0)  # type: ignore[assignment]
    return peer, sent


def test_a_durak_move_after_the_turn_passed_is_refused_unsent(qtbot: Any, tmp_path: Path) -> None:
    core = waiting_core(dealt_table())
    game = LanGame(PeerSettings("Anna", tmp_path, join_table="Kitchen"))
    peer, sent = peer_with(core, game.signals, tmp_path)
    with qtbot.waitSignal(game.error, timeout=1000) as said:
        peer.play(0, Action(core.seat, TAKE))
    assert sent == []
    assert str(said.args[0]) == "It is no longer your turn: your move was not sent to the table."


def test_a_family3_move_after_the_turn_passed_is_refused_unsent(qtbot: Any, tmp_path: Path) -> None:
    core = waiting_core(dealt_table())
    settings = PeerSettings("Anna", tmp_path, join_table="Kitchen", variant="czech")
    game = Family3LanGame(settings, "czech")
    peer, sent = peer_with(core, game.signals, tmp_path)
    with qtbot.waitSignal(game.error, timeout=1000) as said:
        peer.play(0, Action(core.seat, TAKE))
    assert sent == []
    assert str(said.args[0]) == "It is no longer your turn: your move was not sent to the table."
