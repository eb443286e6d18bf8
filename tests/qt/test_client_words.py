"""What the client says and plays: the whole log follows a language switch, bots are named in
the viewer's language, no raw "all" or jargon in the main flow, dark dialogs, sounds asked for."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from durak_qt.dialogs.options import CreateTableDialog, SettingsDialog
from durak_qt.games.durak.game_over import AuditVerdict, GameOverPanel, ScoreLine
from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.sounds import SOUNDS, SoundBoard
from net.peer_events import SeatSilent
from net.table.core import PeerBack
from tests.qt.driver import deadline_ms, my_move_or_game_over

CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")


def play_some_moves(qtbot: Any, window: MainWindow, moves: int, take: bool = False) -> None:
    """Play `moves` of the player's moves (taking whenever `take` and it is allowed)."""
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    for _ in range(moves):
        if my_move_or_game_over(qtbot, page, game, 20_000):
            return
        legal = page.table.scene.observation.legal
        takes = [a for a in legal if a.kind == "take"]
        plays = [a for a in legal if a.kind in ("attack", "beat", "throw")]
        game.submit(takes[0] if take and takes else (plays or list(legal))[0])


def test_the_whole_log_and_the_bots_follow_a_language_switch(
    qtbot: Any, settings: Settings
) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.game_seed = 11
    window.play_against_bots("throw-in", 3)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    play_some_moves(qtbot, window, 4)
    assert not my_move_or_game_over(qtbot, page, game, 20_000)  # the log rests: my move
    english = page.side.log_lines()
    assert len(english) >= 4 and game.names == ["Anna", "West", "East"]
    assert install_language("ru")
    QCoreApplication.processEvents()
    russian = page.side.log_lines()
    assert len(russian) == len(english)
    assert all(set(line) & CYRILLIC for line in russian), russian
    assert game.names == ["Anna", "Запад", "Восток"]
    assert page.table.scene.seats[1].name == "Запад"
    install_language("en")
    QCoreApplication.processEvents()
    assert page.side.log_lines() == english


def test_the_network_setting_never_reads_all(qtbot: Any, settings: Settings) -> None:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert settings.interface == "all"
    assert dialog.interface_edit.text() == ""
    assert dialog.interface_edit.placeholderText() == "Every network of this computer"
    assert dialog.save() and settings.interface == "all"


def test_dialogs_are_dark_like_the_table(qtbot: Any, settings: Settings) -> None:
    for dialog in (SettingsDialog(settings), CreateTableDialog("Anna")):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        corner = dialog.grab().toImage().pixelColor(3, 3)
        assert corner.red() + corner.green() + corner.blue() < 150, corner.name()


def test_the_log_hash_is_a_detail_shown_on_request(qtbot: Any) -> None:
    panel = GameOverPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_result(None, False, [ScoreLine("Anna", 1, 0)], AuditVerdict(True, "ok", "ab" * 32))
    assert panel.details_button.isVisible() and not panel.log_hash.isVisible()
    panel.details_button.click()
    assert panel.log_hash.isVisible() and "abab" in panel.log_hash.text()


def test_sounds_are_asked_for_and_can_be_switched_off(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.game_seed = 5
    window.play_against_bots("throw-in", 2)
    play_some_moves(qtbot, window, 12, take=True)
    assert set(window.sounds.requested) == set(SOUNDS), window.sounds.requested
    assert window.sounds.requested[0] == "deal"
    quiet = SoundBoard(enabled=False)
    quiet.play("turn")
    assert quiet.requested == []
    settings.sound = False
    window.apply_settings()
    before = len(window.sounds.requested)
    play_some_moves(qtbot, window, 2)
    assert len(window.sounds.requested) == before


def test_the_game_over_panel_follows_a_language_switch(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.play_against_bots("simple", 2)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    while not my_move_or_game_over(qtbot, page, game, 20_000):
        legal = page.table.scene.observation.legal
        game.submit(next((a for a in legal if a.kind in ("take", "pass")), legal[0]))
    assert page.game_over.verdict.text().startswith("✔ Verified")
    assert install_language("ru")
    QCoreApplication.processEvents()
    assert set(page.game_over.verdict.text()) & CYRILLIC
    names = [line.name for line in game.scores()]
    assert names == ["Anna", "Север"]


def test_warning_lines_follow_a_language_switch(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.game_seed = 11
    window.play_against_bots("throw-in", 3)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(20_000))
    game._receive([SeatSilent(1, 0.0, "West", 1000.0, 1120.0), PeerBack(1)])
    qtbot.waitUntil(lambda: any("is back" in line for line in page.side.log_lines()))
    warnings = [line for line in page.side.log_lines() if line.startswith("⚠")]
    assert warnings[-2].startswith("⚠ West is not answering. The table waits until ")
    assert warnings[-1] == "⚠ West is back."
    assert install_language("ru")
    QCoreApplication.processEvents()
    russian = [line for line in page.side.log_lines() if line.startswith("⚠")]
    assert russian[-2].startswith("⚠ Запад не отвечает. Стол ждёт до ")  # the bot renamed too
    assert russian[-1] == "⚠ Запад снова на связи."
    install_language("en")
    QCoreApplication.processEvents()


def test_the_end_by_departure_is_said_in_russian(qtbot: Any) -> None:
    panel = GameOverPanel()
    qtbot.addWidget(panel)
    verdict = AuditVerdict(False, "", "")
    panel.show_result("Anna", False, [ScoreLine("Anna", 0, 1)], verdict, (), ["Anna"])
    assert panel.subtitle.text() == "Anna left the table and is the fool by forfeit."
    try:
        assert install_language("ru")
        QCoreApplication.processEvents()
        assert panel.subtitle.text() == "Игрок Anna покинул стол и остаётся в дураках по неявке."
        panel.show_result("Anna", False, [], verdict, (), ["Anna"], ["Anna", "Cole"])
        assert panel.subtitle.text() == (
            "Игрок Anna покинул стол; в дураках по неявке его команда: Anna, Cole."
        )
    finally:
        install_language("en")
