"""The one-click game against bots survives a killed client: its journal (the table's seed and
the player's inputs) rebuilds the same game, bots and all, and the lobby offers to resume it."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from durak_qt.games.durak.local_journal import DEAL, MOVE, LocalJournal, LocalSetup
from durak_qt.main_window import LOCAL_JOURNAL, MainWindow
from durak_qt.settings import Settings
from tests.qt.driver import deadline_ms, my_move_or_game_over, pick_action, play_by_clicks


def test_the_journal_keeps_the_setup_and_the_inputs_and_survives_a_cut_line(
    tmp_path: Path,
) -> None:
    journal = LocalJournal(tmp_path / "local.jsonl")
    assert journal.read() is None
    setup = LocalSetup("transfer", 3, "Anna", "heuristic", bytes(range(32)), {"a": 1}, 30)
    journal.start(setup)
    assert journal.read() is None  # nothing dealt yet: nothing to resume
    journal.record(DEAL)
    journal.record(MOVE, "0 attack 6S")
    with journal.path.open("a", encoding="utf-8") as out:
        out.write('{"t": "move", "x": "0 ta')  # the kill cut the last line short
    record = journal.read()
    assert record is not None and record.setup == setup
    assert record.inputs == [(DEAL, ""), (MOVE, "0 attack 6S")]
    journal.start(LocalSetup("simple", 2, "Anna", "easy", bytes(32)))  # a new game: the old goes
    assert journal.path.read_text(encoding="utf-8").count("\n") == 1
    journal.discard()
    assert not journal.path.exists() and journal.read() is None


def open_window(qtbot: Any, settings: Settings) -> MainWindow:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def moves_told(window: MainWindow) -> list[str]:
    page = window.game_page
    assert page is not None
    return [line for line in page.side.log_lines() if not line.startswith("⚠")]


def play(qtbot: Any, window: MainWindow, rng: random.Random, moves: int) -> bool:
    """Play up to `moves` of your moves by clicks; True when the game ended."""
    page, game = window.game_page, window.game
    for _ in range(moves):
        if my_move_or_game_over(qtbot, page, game, 30_000):
            return True
        play_by_clicks(qtbot, page.table, pick_action(page.table.scene.observation.legal, rng))
    return my_move_or_game_over(qtbot, page, game, 30_000)


def test_a_game_against_bots_resumes_after_the_client_was_killed(
    qtbot: Any, settings: Settings
) -> None:
    """A first game played out, the second one stopped mid-way: the resumed window shows the
    second game with the same hand, log and scores, and it plays on to a verified end."""
    window = open_window(qtbot, settings)
    window.game_seed = 31
    window.play_against_bots("transfer", 3)
    rng = random.Random(2)
    assert play(qtbot, window, rng, 500)  # the first game, to its end
    page = window.game_page
    assert page is not None
    qtbot.waitUntil(page.game_over.isVisible, timeout=deadline_ms(30_000))
    qtbot.mouseClick(page.game_over.again_button, Qt.MouseButton.LeftButton)
    assert not play(qtbot, window, rng, 3)
    game = window.game
    shown = page.table.scene.observation
    before = (tuple(shown.hand), game.moves, game.log_hash, moves_told(window), game.scores())
    path = settings.data_dir / LOCAL_JOURNAL
    kept = path.with_suffix(".kept")
    shutil.copy(path, kept)  # as the kill leaves it (closing the window forgets the game)
    window.close()
    assert not path.exists()
    shutil.copy(kept, path)

    revived = open_window(qtbot, settings)
    button = revived.lobby.local_resume_button
    assert not button.isHidden()
    assert button.text() == "Resume your game against the bots"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    page, game = revived.game_page, revived.game
    assert page is not None and game is not None
    assert not my_move_or_game_over(qtbot, page, game, 60_000)
    shown = page.table.scene.observation
    after = (tuple(shown.hand), game.moves, game.log_hash, moves_told(revived), game.scores())
    assert after == before
    assert not page.game_over.isVisible()
    assert play(qtbot, revived, rng, 500)
    qtbot.waitUntil(page.game_over.isVisible, timeout=deadline_ms(30_000))
    assert page.game_over.verdict.text().startswith("✔ Verified by every peer")
    lines = moves_told(revived)
    assert lines[: len(before[3])] == before[3]
    record, old = LocalJournal(path).read(), LocalJournal(kept).read()
    assert record is not None and old is not None  # kept again: a second kill resumes too
    assert record.setup == old.setup and record.inputs[: len(old.inputs)] == old.inputs
    assert len(record.inputs) > len(old.inputs)
    revived.back_to_lobby()
    assert not path.exists() and revived.lobby.local_resume_button.isHidden()
