"""A player whose client dies mid-game: the others see who, and a countdown to net's deadline;
when the resume window ends the table ends, and the game-over panel says who left and who is
the fool by forfeit.

Runs only inside a private network namespace (sockets and mDNS stay on `lo`).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from durak_qt.dialogs.options import TableOptions
from durak_qt.lobby.lan_game import LanGame
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms
from tests.qt.test_lan_game import open_window, play_moves, player_settings

RESUME_WINDOW_S = 8.0
"""A short resume window for the host, so the test waits seconds, not two minutes."""


@requires_private_netns
def test_a_departed_player_is_counted_down_and_named_at_the_end(qtbot: Any, tmp_path: Path) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    make_settings = host._peer_settings
    host._peer_settings = lambda **choices: make_settings(  # type: ignore[method-assign]
        resume_window=RESUME_WINDOW_S, **choices
    )
    try:
        host.host_lan_table(TableOptions("Porch", "simple", 2, 0, ""))
        guest.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
        guest.join_lan_table(guest.lobby.model.listing(0))
        for window in (host, guest):
            qtbot.waitUntil(
                lambda w=window: w.game.observation() is not None, timeout=deadline_ms(30_000)
            )
        assert play_moves(qtbot, (host, guest), random.Random(3), 2) == 2
        assert isinstance(guest.game, LanGame) and isinstance(host.game, LanGame)
        boris = guest.game.human_seat
        guest.game._thread.stop()  # Boris's client dies: no goodbye, no forfeit
        guest.close()

        scene = host.game_page.table.scene
        qtbot.waitUntil(lambda: boris in scene.absence_badges, timeout=deadline_ms(20_000))
        absence = scene.absences[boris]
        assert absence.deadline - absence.since == RESUME_WINDOW_S  # net's resume window
        assert absence.since <= time.time() < absence.deadline
        badge = scene.absence_badges[boris]
        assert badge.name == "Boris" and badge.countdown.endswith("to come back")
        log = host.game_page.side.log_lines()
        assert any("Boris is not answering. The table waits until" in line for line in log)

        panel = host.game_page.game_over
        qtbot.waitUntil(panel.isVisible, timeout=deadline_ms(30_000))
        assert panel.title.text() == "Boris is the fool"
        assert panel.subtitle.text() == "Boris left the table and is the fool by forfeit."
        assert "The players who stayed signed this end: Anna." in panel.verdict.text()
    finally:
        for window in (host, guest):
            window.close()
