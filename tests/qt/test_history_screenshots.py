"""Screenshots of History at 1366x768 in English and Russian: the list with a damaged file and
the player's records, the viewer with every hand face up, and one seat's view.

They go to the scratch folder of tests/qt/test_screenshots.py (`DURAK_SCREENSHOTS` elsewhere).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.history.gamefile import write_game_file
from tests.qt.test_history_page import (  # noqa: F401
    finished_game,
    game_files,
    kept,
    one_round_proofs,
)
from tests.qt.test_screenshots import SHOTS, save_image

SIZE = (1366, 768)


def shoot(window: MainWindow, moment: str) -> None:
    """`moment` in English and in Russian: history-{moment}-1366x768-{language}.png."""
    from durak_qt.table.items import refine_now

    for language in ("en", "ru"):
        install_language(language)
        for _ in range(4):  # the language change, then the layouts it asks for
            QCoreApplication.processEvents()
        refine_now()
        save_image(window.grab(), f"history-{moment}-{SIZE[0]}x{SIZE[1]}-{language}.png")
    install_language("en")
    QCoreApplication.processEvents()


def test_history_screenshots(qtbot: Any, settings: Settings, game_files: dict[str, Path]) -> None:  # noqa: F811
    kept(settings, game_files)
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZE)
    window.show()
    qtbot.waitExposed(window)
    window.show_history()
    page = window.history_page
    page.table.selectRow(1)
    shoot(window, "list")
    page.replay_selected()
    viewer = page.viewer
    viewer.go_to(9)
    shoot(window, "replay")
    viewer.set_view(1)
    shoot(window, "seat")
    left = settings.data_dir / "left.durak"
    write_game_file(
        finished_game("throw-in", ["Anna", "Boris"], 5, "2026-12-04T18:00:00", leave_after=6), left
    )
    page.open_file(left)
    viewer.step(3)
    shoot(window, "unaudited")
    for moment in ("list", "replay", "seat", "unaudited"):
        for language in ("en", "ru"):
            assert (SHOTS / f"history-{moment}-1366x768-{language}.png").is_file()
