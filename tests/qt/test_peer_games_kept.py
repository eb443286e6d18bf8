"""The client hands the player's "Games kept" to the LAN peer it starts."""

from __future__ import annotations

from typing import Any

from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings


def test_the_lan_peer_settings_carry_games_kept(qtbot: Any, settings: Settings) -> None:
    settings.games_kept = 300
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    assert window._peer_settings(host_table="t").games_kept == 300
