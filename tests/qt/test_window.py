"""The window as a player meets it: it fits a laptop and remembers its place, leaving asks
first, shortcuts work on a Russian layout, the move timer is the table's and waits behind the
settings dialog."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from durak_qt.dialogs.options import CreateTableDialog, SettingsDialog, TableOptions
from durak_qt.lobby.lan_game import unfinished_tables
from durak_qt.main_window import MainWindow, default_window_size
from durak_qt.settings import Settings
from engine.actions import Action
from net.identity import load_or_create_identity
from net.journal import Journal
from tests.qt.driver import answer_leave_box, deadline_ms, my_move_or_game_over
from tests.qt.fakes import observation

LAPTOP = QRect(0, 0, 1366, 728)  # 1366x768 less a 40-pixel taskbar


def inside(widget: QWidget, window: QWidget) -> bool:
    """The whole widget is shown within the window's area."""
    top_left = widget.mapTo(window, QPoint(0, 0))
    box = QRect(top_left, widget.size())
    return widget.isVisible() and window.rect().contains(box)


def test_the_default_window_fits_a_1366x768_laptop(qtbot: Any, settings: Settings) -> None:
    size = default_window_size(LAPTOP)
    assert size.width() + 16 <= 1366 and size.height() + 40 <= 728
    assert default_window_size(QRect(0, 0, 2560, 1400)).height() == 720
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(size)
    window.show()
    qtbot.waitExposed(window)
    assert window.minimumSize().height() <= size.height()
    lobby = window.lobby
    for button in (lobby.create_button, lobby.join_button, lobby.bots_button, lobby.rules_button):
        assert inside(button, window), button.text()


def test_the_window_remembers_its_size_and_place(qtbot: Any, tmp_path: Path, qapp: Any) -> None:
    def open_window() -> MainWindow:
        store = QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat)
        prefs = Settings(store)
        prefs.name = "Anna"
        window = MainWindow(prefs)
        qtbot.addWidget(window)
        return window

    first = open_window()
    first.show()
    screen = first.screen().availableGeometry()  # the test screen may be small (offscreen)
    wanted = (min(1010, screen.width() - 16), min(630, screen.height() - 40))
    first.resize(*wanted)
    first.move(12, 30)
    qtbot.waitExposed(first)
    first.close()
    where = first.pos()
    second = open_window()
    second.show()
    qtbot.waitExposed(second)
    assert (second.width(), second.height()) == wanted
    assert second.pos() == where


def test_leaving_a_running_game_asks_first_and_says_what_it_costs(
    qtbot: Any, settings: Settings
) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.play_against_bots("throw-in", 2)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    qtbot.waitUntil(lambda: page.table.scene.observation is not None, timeout=deadline_ms(20_000))
    seen: list[str] = []
    answer_leave_box("Stay and play", seen)
    page.side.leave_button.click()
    assert "lost" in seen[0]
    assert window.game is game and window.stack.currentWidget() is page
    window.ask_before_closing = True
    answer_leave_box("Stay and play", seen)
    window.close()  # the window's close button: asked too
    assert len(seen) == 2 and window.isVisible() and window.game is game
    window.ask_before_closing = False
    answer_leave_box("Leave", seen)
    page.side.leave_button.click()
    assert window.game is None and window.stack.currentWidget() is window.lobby


def test_leaving_after_the_game_is_over_asks_nothing(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.play_against_bots("simple", 2)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    while not my_move_or_game_over(qtbot, page, game, 20_000):
        shown = page.table.scene.observation
        assert shown is not None
        legal = shown.legal
        take = [a for a in legal if a.kind in ("take", "pass")]
        game.submit(take[0] if take else legal[0])
    assert window.leave_cost() == ""
    page.side.leave_button.click()  # no question: nothing is lost any more
    assert window.stack.currentWidget() is window.lobby


def test_a_game_the_player_left_is_not_offered_for_resuming(tmp_path: Path) -> None:
    key = load_or_create_identity(tmp_path / "identity.key").public_key
    header = {"table_name": "Attic", "key": key, "hosting": False, "games": None}
    Journal.create(tmp_path / "journals" / "left.journal", header).close()
    assert [t.name for t in unfinished_tables(tmp_path)] == ["Attic"]
    journal, _ = Journal.reopen(tmp_path / "journals" / "left.journal")
    journal.leave()
    journal.close()
    assert unfinished_tables(tmp_path) == []


def test_resuming_a_joined_table_demands_its_hosts_key(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    settings.data_dir = data_dir = tmp_path / "data"
    key = load_or_create_identity(data_dir / "identity.key").public_key
    host = load_or_create_identity(data_dir / "host.key").public_key
    header = {"table_name": "Attic", "key": key, "hosting": False, "games": 3, "host_key": host}
    Journal.create(data_dir / "journals" / "attic.journal", header).close()
    (table,) = unfinished_tables(data_dir)
    assert table.host_key == host and not table.hosting
    window = MainWindow(settings)
    qtbot.addWidget(window)
    opened: list[Any] = []
    monkeypatch.setattr(window, "_open_lan_game", lambda peer, bots: opened.append(peer))
    window.offer_resume([table])
    window.resume_lan_table("Attic")
    (peer,) = opened
    assert peer.resume and peer.join_table == "Attic" and peer.host_key == host


def test_shortcuts_work_on_a_russian_layout(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    page = window._ensure_game_page()
    page.table.set_players(["Anna", "West", "North", "East"])
    page.table.set_observation(observation())
    chosen: list[Any] = []
    page.table.action_chosen.connect(chosen.append)
    # "T" takes; on a Russian layout the same key types "Е" (Qt reports its upper-case letter).
    press = QKeyEvent(QEvent.Type.KeyPress, 0x0415, Qt.KeyboardModifier.NoModifier, "е")
    QApplication.sendEvent(page.table.view, press)
    assert chosen == [Action.parse("0 take")]


def test_the_move_timer_is_a_table_setting(qtbot: Any, settings: Settings) -> None:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert not hasattr(dialog, "timer_combo")  # no longer each player's own choice
    create = CreateTableDialog("Anna")
    qtbot.addWidget(create)
    create.timer_combo.setCurrentIndex(create.timer_combo.findData("30"))
    assert create.options().move_timer == 30
    assert TableOptions("t", "simple", 2, 1, "", move_timer=15).move_timer == 15


def test_the_move_timer_waits_behind_the_settings_dialog(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.game_seed = 3
    window.play_against_bots("throw-in", 2, move_timer=15)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    timer = page.table.timer
    assert timer.seconds == 15
    assert not my_move_or_game_over(qtbot, page, game, 20_000)
    qtbot.waitUntil(lambda: timer.remaining > 0, timeout=deadline_ms(5_000))
    left: list[int] = []

    def in_the_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(20, in_the_dialog)
            return
        left.append(timer.remaining)
        until = time.monotonic() + 2.5
        while time.monotonic() < until:  # 2.5 s with the dialog open
            QApplication.processEvents()
            time.sleep(0.02)
        left.append(timer.remaining)
        dialog.reject()

    QTimer.singleShot(0, in_the_dialog)
    page.side.settings_button.click()
    assert len(left) == 2 and left[0] == left[1] > 0
    qtbot.waitUntil(
        lambda: timer.remaining < left[1], timeout=deadline_ms(3_000)
    )  # it runs on afterwards


def test_shortcut_letters_are_read_by_the_keys_place_on_other_layouts(qapp: Any) -> None:
    from durak_qt.keys import latin_key_of

    def greek_tau(scan: int, virtual: int) -> QKeyEvent:
        """τ: the T key on a Greek layout (Qt reports the upper-case letter Τ)."""
        none = Qt.KeyboardModifier.NoModifier
        return QKeyEvent(QEvent.Type.KeyPress, 0x03A4, none, scan, virtual, 0, "τ")

    assert latin_key_of(greek_tau(28, 0x03C4), "xcb") == Qt.Key.Key_T  # X11 keycode of T
    assert latin_key_of(greek_tau(20, 0x54), "windows") == Qt.Key.Key_T  # VK_T
    assert latin_key_of(greek_tau(0, 0x11), "cocoa") == Qt.Key.Key_T  # kVK_ANSI_T
    plain = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier)
    assert latin_key_of(plain, "xcb") == Qt.Key.Key_Space
