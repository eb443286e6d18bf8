"""The waits that end a LAN table (durak_qt.lobby.table_deadline), the same for the Durak and
the family-3 LAN games: a join the host never answers closes the table as "vanished", a next
game that never starts as "host_gone", each with words naming the table and the seconds, once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from durak_qt.games.family3.lan_game import Family3LanGame
from durak_qt.lobby.lan_game import LanGame
from net.peer import PeerSettings


def make_game(kind: str, tmp_path: Path) -> Any:
    settings = PeerSettings("Anna", tmp_path, host_table="Kitchen", seats=3)
    if kind == "durak":
        return LanGame(settings)
    return Family3LanGame(settings, "czech")


@pytest.mark.parametrize("kind", ["durak", "family3"])
@pytest.mark.parametrize(
    ("wait", "words"),
    [("vanished", "could not be reached within 2 s"), ("host_gone", "no new game within 3 s")],
)
def test_a_wait_past_its_deadline_closes_the_table_once_in_words(
    qtbot: Any, tmp_path: Path, kind: str, wait: str, words: str
) -> None:
    game = make_game(kind, tmp_path)
    game.join_deadline_s, game.next_game_deadline_s = 2.0, 3.0
    closed: list[tuple[str, str]] = []
    game.table_closed.connect(lambda k, w: closed.append((k, w)))
    game._start_deadline(wait, 0.01)
    qtbot.waitUntil(lambda: bool(closed), timeout=2000)
    assert closed[0][0] == wait
    assert "Kitchen" in closed[0][1] and words in closed[0][1]
    game._close("host_gone", "again")
    game._deadline_passed()
    assert len(closed) == 1
    assert not game._deadline.isActive()


def test_a_stopped_wait_closes_nothing(qtbot: Any, tmp_path: Path) -> None:
    game = make_game("family3", tmp_path)
    closed: list[str] = []
    game.table_closed.connect(lambda k, w: closed.append(k))
    game._start_deadline("vanished", 0.05)
    game.stop()
    qtbot.wait(150)
    assert closed == []
