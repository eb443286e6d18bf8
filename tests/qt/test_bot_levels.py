"""Bot levels when filling seats: the levels whose bot the engine offers; the hard (search)
bot thinks in a worker process while the GUI runs on."""

from __future__ import annotations

import itertools
import os
import time
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from durak_qt.dialogs.options import CreateTableDialog, bot_levels
from durak_qt.games.durak.local_game import LocalGame
from durak_qt.games.family3.local_game import Family3LocalGame
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine import bots as engine_bots
from engine.bots.kind_search import KindSearchBot
from engine.games import DURAK, GameKind, kinds
from net.bot_worker import WorkerBot
from tests.qt.driver import deadline_ms, my_move_or_game_over, time_factor


def test_only_the_levels_the_engine_has_are_offered(qtbot: Any) -> None:
    present = [name for name, _ in bot_levels()]
    assert present == [name for name in ("easy", "heuristic", "search") if name in engine_bots.BOTS]
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    offered = [dialog.level_combo.itemData(i) for i in range(dialog.level_combo.count())]
    assert offered == present and dialog.level_combo.currentData() == "heuristic"


def test_easy_normal_and_hard_and_hard_thinks_in_a_worker_while_the_gui_runs(
    qtbot: Any, settings: Settings
) -> None:
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
    page, game = window.game_page, window.game
    assert isinstance(game, LocalGame) and page is not None
    (hard,) = [bot for bot in game._table.bots if bot is not None]
    assert isinstance(hard, WorkerBot)
    process = hard.process
    assert process is not None and process.is_alive() and process.pid != os.getpid()
    pid = process.pid
    assert pid is not None

    ticks: list[float] = []
    clock = QTimer()
    clock.setInterval(10)
    clock.timeout.connect(lambda: ticks.append(time.monotonic()))
    clock.start()
    waited = 0.0  # seconds the table waited for the hard bot while the GUI ticked
    for _ in range(40):  # the player may lead first: play until the bot has thought a while
        started = time.monotonic()
        game_over = my_move_or_game_over(qtbot, page, game, 60_000)
        if game.moves > 0:
            waited += time.monotonic() - started
        if waited > 0.5 or game_over:
            break
        shown = page.table.scene.observation
        assert shown is not None
        game.submit(shown.legal[0])
    clock.stop()
    assert waited > 0.5 and len(ticks) > 20
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    assert max(gaps) < 0.5 * time_factor()  # the GUI thread never waited for the search
    assert hard.fallbacks == 0  # the worker answered every move
    window.back_to_lobby()
    qtbot.waitUntil(lambda: hard.process is None, timeout=deadline_ms(5_000))
    with pytest.raises(ProcessLookupError):  # stopped and reaped: no zombie
        os.kill(pid, 0)


def test_the_lobby_offers_the_levels_for_the_one_click_game(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    combo = window.lobby.level_combo
    qtbot.waitUntil(lambda: combo.count() > 0)  # listed once the lobby shows
    assert [combo.itemData(i) for i in range(combo.count())] == [n for n, _ in bot_levels()]
    assert window.lobby.bot_level() == "heuristic"
    chosen: list[str] = []
    monkeypatch.setattr(window, "play_against_bots", lambda **kw: chosen.append(kw["bot"]))
    combo.setCurrentIndex(combo.findData("easy"))
    window.lobby.bots_button.click()
    assert chosen == ["easy"]


@pytest.mark.parametrize("name", [kind.name for kind in kinds() if kind.name != DURAK])
def test_hard_plays_every_game_kind_with_its_search_bot(qtbot: Any, name: str) -> None:
    """Every game offers the hard level: a family-3 table asked for "search" seats the kind's
    search bot (no stand-in heuristic), and "easy" still stands in as the random bot."""
    kind = next(k for k in kinds() if k.name == name)
    variant = kind.ids()[0]
    players = next(n for n in (2, 3, 4) if accepts(kind, variant, n))
    hard = Family3LocalGame(variant, players, bot="search", seed=1, bot_delay_ms=0)
    assert hard.bot_name == "search"
    assert hard.bots and all(isinstance(bot, KindSearchBot) for bot in hard.bots.values())
    easy = Family3LocalGame(variant, players, bot="easy", seed=1, bot_delay_ms=0)
    assert easy.bot_name == "random"


def accepts(kind: GameKind, variant: str, players: int) -> bool:
    """Whether the preset plays at `players` seats."""
    try:
        kind.get_rules(variant).check_players(players)
    except ValueError:
        return False
    return True
