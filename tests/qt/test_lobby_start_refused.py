"""A member's client refuses the host's start of a match's next game before any page changes:
the GUI hears `failed` (the HostFault) and never `game_started` for a refused start."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from durak_qt.lobby.lan_game import GuiPeer, PeerSignals
from net.identity import Identity
from net.lobby import GameStart, SeatAddress
from net.peer import PeerSettings
from net.peer_events import HostFault
from net.table.config import SeatInfo, TableConfig, start_signed_bytes

HOST, ME, THIRD = (
    Identity.from_seed(hashlib.sha256(b"start-refused-%d" % n).digest()) for n in range(3)
)
SEATS = tuple(
    SeatInfo(name, who.public_key) for name, who in (("Boris", HOST), ("Anna", ME), ("Vera", THIRD))
)
ADDRESSES = tuple(SeatAddress(("127.0.0.1",), 40000 + n) for n in range(3))


def member(tmp_path: Path) -> tuple[GuiPeer, list[Any], list[Any]]:
    """Anna's client at Boris's table, its game 0 finished implying game 1 as `implied`."""
    settings = PeerSettings(
        "Anna", tmp_path, join_table="Friday", host_key=HOST.public_key, games=3
    )
    signals = PeerSignals()
    started: list[Any] = []
    failed: list[Any] = []
    signals.game_started.connect(lambda config, resumed: started.append((config, resumed)))
    signals.failed.connect(failed.append)
    peer = GuiPeer(settings, ME, signals)
    peer.host_key = HOST.public_key
    peer.implied = TableConfig("t-1", 1, "throw-in", (), SEATS, first=1, dealer=2)
    return peer, started, failed


def signed(config: TableConfig) -> GameStart:
    """The host's start of `config`, signed by the host."""
    return GameStart(config, ADDRESSES, HOST.sign(start_signed_bytes(config)))


def test_a_refused_start_fails_without_announcing_a_new_game(qapp: Any, tmp_path: Path) -> None:
    peer, started, failed = member(tmp_path)
    assert peer.implied is not None
    departing = replace(peer.implied, first=0)  # Boris leads instead of Anna
    peer._start_game(signed(departing))
    assert started == []  # no new game page, not even for a moment
    assert len(failed) == 1 and isinstance(failed[0], HostFault)
    assert failed[0].differences == ["Boris leads instead of Anna leads"]
    assert 1 not in peer.games and peer.finished.is_set()


def test_an_unsigned_start_is_refused_before_the_page_changes(qapp: Any, tmp_path: Path) -> None:
    peer, started, failed = member(tmp_path)
    assert peer.implied is not None
    peer._start_game(GameStart(peer.implied, ADDRESSES, None))
    assert started == []
    assert isinstance(failed[0], HostFault)
    assert failed[0].differences == ["its start is not signed"]


def test_an_accepted_start_announces_the_game_once_checked(qapp: Any, tmp_path: Path) -> None:
    peer, started, failed = member(tmp_path)
    assert peer.implied is not None
    assert peer._refuse_host_start(signed(peer.implied)) is False
    assert started == [(peer.implied, False)] and failed == []
    assert peer.checked_starts == [1]
