"""Screenshots of czech fool at a LAN table for the docs: you host a table of four with three
bot peers on loopback, and the family-3 LAN page is taken mid-game at 1366x768 and 1920x1080,
in English and Russian (lan-czech-table-{W}x{H}-{language}.png).

Runs only inside a private network namespace. They go to the scratch folder of
tests/qt/test_screenshots.py; to re-take the ones in docs/screenshots/ run
`DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest tests/qt/test_lan_czech_screenshots.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from durak_qt.dialogs.options import TableOptions
from durak_qt.games.family3.lan_game import Family3LanGame, Family3LanPage
from durak_qt.main_window import MainWindow
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms
from tests.qt.test_family3_lan_loopback import needs_czech_table, player_settings
from tests.qt.test_screenshots import SHOTS, SIZES, shoot_everywhere

MOVES_BEFORE_SHOT = 3
"""Your moves before the picture: the pile, the hands and the log have something to show."""


ATTEMPTS = 3
"""Tables to open at most: a fresh deal can end before your third move (a bot goes out)."""


def play_to_the_shot(qtbot: Any, tmp_path: Path, attempt: int) -> MainWindow | None:
    """Host a czech table with three bots and play your first moves; the window while the game
    is still on and your move is open, or None (closed) if the deal ended before that."""
    folder = tmp_path / str(attempt)
    folder.mkdir()
    window = MainWindow(player_settings(folder, "Anna"), bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    try:
        window.host_lan_table(TableOptions("Kitchen", "czech", 4, 3, ""))
        game, page = window.game, window.stack.currentWidget()
        assert isinstance(game, Family3LanGame) and isinstance(page, Family3LanPage)
        qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(30_000))
        for _ in range(MOVES_BEFORE_SHOT):
            qtbot.waitUntil(
                lambda: game.is_over() or bool(game.observation().legal),
                timeout=deadline_ms(60_000),
            )
            if game.is_over():
                break
            before = game.observation()
            plays = [action for action in before.legal if getattr(action, "kind", "") == "play"]
            assert game.submit((plays or list(before.legal))[0])
            qtbot.waitUntil(
                lambda b=before: game.is_over() or game.observation() is not b,
                timeout=deadline_ms(30_000),
            )
        if not game.is_over():
            qtbot.waitUntil(
                lambda: game.is_over() or bool(game.observation().legal),
                timeout=deadline_ms(60_000),
            )
        if not game.is_over():
            return window
    except BaseException:
        window.close()
        raise
    window.close()
    return None


@requires_private_netns
@needs_czech_table
def test_lan_czech_screenshots(qtbot: Any, tmp_path: Path) -> None:
    window = None
    for attempt in range(ATTEMPTS):
        window = play_to_the_shot(qtbot, tmp_path, attempt)
        if window is not None:
            break
    assert window is not None, f"every one of {ATTEMPTS} deals ended before your third move"
    try:
        shoot_everywhere(qtbot, window, "lan-czech-table")
        for width, height in SIZES:
            for language in ("en", "ru"):
                assert (SHOTS / f"lan-czech-table-{width}x{height}-{language}.png").is_file()
    finally:
        window.close()
