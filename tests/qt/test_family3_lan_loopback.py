"""A czech table on loopback from the client: you host it with two bot peers run here, play
your seat on the family-3 page until the game's end, and see the points the peers agreed on.

Runs only inside a private network namespace (sockets and mDNS stay on `lo`), and only once the
table deals czech fool.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from durak_qt.dialogs.options import TableOptions
from durak_qt.games.family3.lan_game import Family3LanGame, Family3LanPage
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.lobby import table_problem
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms

_UNDEALT = table_problem("czech", {}, 3)
needs_czech_table = pytest.mark.skipif(
    _UNDEALT is not None, reason=f"the LAN table does not deal czech fool yet: {_UNDEALT}"
)


def player_settings(tmp_path: Path, name: str) -> Settings:
    prefs = Settings(QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat))
    prefs.name = name
    prefs.animation_speed = "off"
    prefs.data_dir = tmp_path / name
    prefs.interface = "127.0.0.1"
    return prefs


@requires_private_netns
@needs_czech_table
def test_a_czech_table_with_two_bot_peers_is_played_on_the_family3_page(
    qtbot: Any, tmp_path: Path
) -> None:
    window = MainWindow(player_settings(tmp_path, "Anna"), bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    window.show()
    try:
        window.host_lan_table(TableOptions("Den", "czech-3", 3, 2, ""))
        game, page = window.game, window.stack.currentWidget()
        assert isinstance(game, Family3LanGame) and isinstance(page, Family3LanPage)
        qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(30_000))
        assert sorted(game.names) == ["Anna", "Bot 1", "Bot 2"]
        assert game.bot_hosts() == {s: "this computer" for s in range(3) if s != game.human_seat}
        assert game.leader() is not None
        rng, moves = random.Random(3), 0
        for _ in range(600):
            qtbot.waitUntil(
                lambda: game.is_over() or bool(game.observation().legal),
                timeout=deadline_ms(60_000),
            )
            if game.is_over():
                break
            before = game.observation()
            assert game.submit(rng.choice(before.legal))
            moves += 1
            qtbot.waitUntil(  # the table applied it: your view moved on
                lambda b=before: game.is_over() or game.observation() is not b,
                timeout=deadline_ms(30_000),
            )
        assert game.is_over() and moves > 0
        points = [line.game for line in game.game_points()]
        summary = game._summary  # what the peer wrote in its result file
        assert summary is not None and summary["clean"] is True
        assert points == summary["points"] and game.match_points() == points
        assert not page.over.isHidden()
        lines = [page.side.log.item(i).text() for i in range(page.side.log.count())]
        assert any("Bot 1" in line for line in lines) and any("Anna" in line for line in lines)
    finally:
        window.close()
    qtbot.waitUntil(lambda: not game.running, timeout=deadline_ms(15_000))
