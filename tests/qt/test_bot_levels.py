"""Bot levels when filling seats: the levels whose bot the engine offers, played off the GUI
thread."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from durak_qt.dialogs import CreateTableDialog, bot_levels
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine import bots as engine_bots
from engine.bots import HeuristicBot, RandomBot
from tests.qt.driver import my_move_or_game_over


def test_only_the_levels_the_engine_has_are_offered(qtbot: Any) -> None:
    present = [name for name, _ in bot_levels()]
    assert present == [name for name in ("easy", "heuristic", "search") if name in engine_bots.BOTS]
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    offered = [dialog.level_combo.itemData(i) for i in range(dialog.level_combo.count())]
    assert offered == present and dialog.level_combo.currentData() == "heuristic"


def test_easy_normal_and_hard_when_the_engine_has_them(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: set[str] = set()

    class SearchStandIn(HeuristicBot):
        """Registered as "search" the way the search bot will be; notes its thread."""

        def choose(self, game: Any, seat: int) -> Any:
            threads.add(threading.current_thread().name)
            return super().choose(game, seat)

    monkeypatch.setitem(engine_bots.BOTS, "easy", RandomBot)
    monkeypatch.setitem(engine_bots.BOTS, "search", SearchStandIn)
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    labels = [dialog.level_combo.itemText(i) for i in range(dialog.level_combo.count())]
    assert labels == ["Easy", "Normal", "Hard (thinks ahead)"]
    dialog.level_combo.setCurrentIndex(2)
    dialog.seats_spin.setValue(2)
    dialog.bots_spin.setValue(1)
    options = dialog.options()
    assert options.bot == "search"

    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.play_against_bots(options.variant, options.seats, bot=options.bot)
    page = window.game_page
    assert page is not None
    game = window.game
    assert game is not None
    for _ in range(20):  # the player may lead first: play until the bot has chosen
        if threads or my_move_or_game_over(qtbot, page, game, 20_000):
            break
        if not threads:
            game.submit(page.table.scene.observation.legal[0])
    assert threads
    assert threading.main_thread().name not in threads  # the hard bot thinks off the GUI thread
