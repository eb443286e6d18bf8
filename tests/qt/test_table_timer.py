"""The move timer is a table setting: the host's seconds per move reach every joiner's countdown,
which stands still behind a modal dialog."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog

from durak_qt.dialogs.options import TableOptions
from durak_qt.games.durak.move_timer import TIMER_CHOICES
from durak_qt.lobby.lan_game import LanGame
from durak_qt.main_window import MainWindow
from net.lobby import MOVE_TIMERS
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms, pick_action, play_by_clicks
from tests.qt.test_lan_game import my_move_ready, open_window, player_settings


def test_the_client_counts_down_what_the_lobby_may_announce() -> None:
    assert TIMER_CHOICES == MOVE_TIMERS


def join_from_the_lobby(qtbot: Any, guest: MainWindow) -> None:
    guest.start_lan_discovery("127.0.0.1")
    qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
    guest.join_lan_table(guest.lobby.model.listing(0))


@requires_private_netns
def test_a_joiner_counts_down_the_hosts_timer_and_it_waits_behind_settings(
    qtbot: Any, tmp_path: Path
) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    try:
        host.host_lan_table(TableOptions("Kitchen", "throw-in", 2, 0, "", move_timer=15))
        join_from_the_lobby(qtbot, guest)
        assert isinstance(guest.game, LanGame) and guest.game_page is not None
        qtbot.waitUntil(lambda: guest.table_timer == 15, timeout=deadline_ms(30_000))
        timer = guest.game_page.table.timer
        assert timer.seconds == 15

        rng = random.Random(5)
        for _ in range(40):  # the host moves (by clicks) until the guest has a move
            qtbot.waitUntil(
                lambda: my_move_ready(guest) or my_move_ready(host), timeout=deadline_ms(30_000)
            )
            if my_move_ready(guest):
                break
            assert host.game_page is not None
            table = host.game_page.table
            shown = table.scene.observation
            assert shown is not None
            play_by_clicks(qtbot, table, pick_action(shown.legal, rng))
        assert my_move_ready(guest)
        qtbot.waitUntil(lambda: timer.remaining > 0, timeout=deadline_ms(5_000))
        assert timer.remaining <= 15
        label = guest.game_page.table.time_left
        assert label.isVisible() and "s left to move" in label.text()

        seen: list[tuple[bool, int]] = []

        def look_then_close(closing: bool) -> None:
            dialog = QApplication.activeModalWidget()
            if not isinstance(dialog, QDialog):
                QTimer.singleShot(20, lambda: look_then_close(closing))
                return
            seen.append((timer.paused, timer.remaining))
            if closing:
                dialog.accept()  # OK: the settings are applied again, the count goes on
            else:
                QTimer.singleShot(2_200, lambda: look_then_close(True))

        QTimer.singleShot(0, lambda: look_then_close(False))
        guest.open_settings()
        (paused_at_open, left_at_open), (paused_at_close, left_at_close) = seen
        assert paused_at_open and paused_at_close
        assert left_at_close == left_at_open  # two seconds behind the dialog: not one counted
        assert not timer.paused and timer.remaining == left_at_open
    finally:
        for window in (host, guest):
            window.close()
