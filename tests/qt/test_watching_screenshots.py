"""Screenshots of watching at 1366x768 in English and Russian: the lobby with a running table
to watch, a Durak game watched from its middle (with chat and spectators), a czech game, and
the result between two games of a match.

They go to `SPECQT_SHOTS` (default: the scratch folder of tests/qt/test_screenshots.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.watch_events import WatchChat, WatchersChanged
from tests.qt.driver import deadline_ms
from tests.qt.test_screenshots import SHOTS
from tests.qt.test_watching import NAMES, running_table
from tests.qt.watch_sim import WatchRecorder, game_events, play, started

SIZE = (1366, 768)
FOLDER = Path(os.environ.get("SPECQT_SHOTS") or SHOTS)


def shoot(window: MainWindow, moment: str) -> list[Path]:
    """`moment` in English and in Russian: watching-{moment}-1366x768-{language}.png."""
    from durak_qt.table.items import refine_now

    saved = []
    for language in ("en", "ru"):
        install_language(language)
        for _ in range(4):  # the language change, then the layouts it asks for
            QCoreApplication.processEvents()
        refine_now()
        FOLDER.mkdir(parents=True, exist_ok=True)
        path = FOLDER / f"watching-{moment}-{SIZE[0]}x{SIZE[1]}-{language}.png"
        assert window.grab().save(str(path))
        assert path.stat().st_size > 10_000
        saved.append(path)
    install_language("en")
    QCoreApplication.processEvents()
    return saved


def watch(qtbot: Any, window: MainWindow, variant: str, script: list[Any]) -> Any:
    """Watch a table whose watch delivers `script`; the page once the last event is drawn."""
    window.make_watch = WatchRecorder(script)
    window.watch_lan_table(running_table())
    page = window.watch_page
    last = script[-1]
    qtbot.waitUntil(
        lambda: page.side.chat.count() >= 2 and page.observation is not None,
        timeout=deadline_ms(5000),
    )
    qtbot.wait(50)
    assert last is not None
    return page


def test_watching_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    window.resize(*SIZE)
    window.show()
    qtbot.waitExposed(window)
    lobby = window.lobby
    lobby.model.add_or_update(running_table("t1", watchers=2))
    idle = running_table("t2", running=False, watchers=0)
    lobby.model.add_or_update(
        type(idle)("t2", "Kitchen", "czech", 1, 4, "Dima", "77d04e5a9f3ac21b0011", True)
    )
    lobby.table_view.selectRow(0)
    shots = shoot(window, "lobby")

    durak = play("throw-in", 3, seed=5)
    chat = [
        WatchersChanged(("Olga", "Anna")),
        WatchChat("Vera", "good luck everyone", False),
        WatchChat("Olga", "what a defence!", True),
    ]
    events = list(game_events(durak, NAMES, joined_at=4))
    middle = [started("Friday", "throw-in", NAMES), *chat, *events[:9]]
    watch(qtbot, window, "throw-in", middle)
    shots += shoot(window, "durak")

    czech = play("czech", 3, seed=2, moves=12)
    script = [started("Tavern", "czech", NAMES), *chat, *game_events(czech, NAMES)]
    watch(qtbot, window, "czech", script)
    shots += shoot(window, "czech")

    over = [started("Friday", "throw-in", NAMES), *chat, *events]
    page = watch(qtbot, window, "throw-in", over)
    qtbot.waitUntil(page.game_over.isVisible, timeout=deadline_ms(5000))
    shots += shoot(window, "result")
    window.stop_watching()
    assert all(path.is_file() for path in shots) and len(shots) == 8
