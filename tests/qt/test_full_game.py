"""A whole game against a bot (a full peer of the table protocol), by real clicks, to game over."""

from __future__ import annotations

import random
from typing import Any

from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from tests.qt.driver import deadline_ms, my_move_or_game_over, pick_action, play_by_clicks


def test_two_player_game_against_a_bot_by_clicks(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 11
    window.play_against_bots("throw-in", 2)
    page = window.game_page
    assert page is not None and window.game is not None
    table, game = page.table, window.game
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    rng = random.Random(11)
    moves = 0
    while not page.game_over.isVisible():
        if my_move_or_game_over(qtbot, page, window.game, 10_000):
            break
        legal = table.scene.observation.legal
        action = pick_action(legal, rng)
        played_before = game.moves
        play_by_clicks(qtbot, table, action)
        assert chosen[-1] == action
        qtbot.waitUntil(
            lambda before=played_before: game.moves > before, timeout=deadline_ms(10_000)
        )
        moves += 1
        assert moves < 400
    assert game.is_over() and moves > 3
    assert page.game_over.title.text() in (
        "A draw!",
        "You are the fool!",
        f"{game.names[1]} is the fool",
    )
    assert page.game_over.verdict.text().startswith("✔ Verified by every peer")
    assert page.game_over.log_hash.text() == f"Log hash: {game.log_hash}"
    assert any("attacks with" in line for line in page.side.log_lines())
    assert page.side.log_lines()[-1].startswith("Game over")
    # Play again deals a new game of the same match.
    page.game_over.again_button.click()
    assert not page.game_over.isVisible()
    assert not window.game.is_over() and page.busy.text().startswith("Shuffling")
    qtbot.waitUntil(lambda: not page.busy.isVisible(), timeout=deadline_ms(20_000))
    assert sum(line.times_fool for line in window.game.scores()) <= 1
