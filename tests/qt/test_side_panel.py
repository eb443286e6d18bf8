"""The side panel's text grows with the window: readable on a full-HD screen, compact on a laptop."""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.table.side_panel import SidePanel, text_px_for_height


@pytest.mark.parametrize(
    ("height", "px"), [(600, 13), (768, 13), (900, 15), (1080, 18), (1440, 22)]
)
def test_text_size_follows_the_height(height: int, px: int) -> None:
    assert text_px_for_height(height) == px


def test_panel_text_and_width_at_laptop_and_full_hd(qtbot: Any) -> None:
    panel = SidePanel()
    qtbot.addWidget(panel)
    panel.show()
    seen = {}
    for height in (768, 1080, 700):
        panel.resize(260, height)
        qtbot.waitUntil(lambda h=height: panel.height() == h, timeout=5000)
        seen[height] = (panel.text_px, panel.minimumWidth(), panel.styleSheet())
    assert seen[768][:2] == (13, 260)
    assert seen[1080][:2] == (18, 360) and "font-size: 18px" in seen[1080][2]
    assert seen[700][:2] == (13, 260)  # and back when the window shrinks


INVITATION = "durak://192.168.1.20:47213/Kitchen#" + "A" * 43
"""An invitation whose key has no "-" to break a line at."""


def test_an_invitation_wraps_in_the_log_with_no_sideways_scrolling(qtbot: Any) -> None:
    from durak_qt.table.side_panel import breakable

    panel = SidePanel()
    qtbot.addWidget(panel)
    panel.resize(260, 700)
    panel.show()
    qtbot.waitExposed(panel)
    panel.add_log_line("Invitation for players whose lobby does not show this table: " + breakable(
        INVITATION
    ))  # fmt: skip
    qtbot.waitUntil(lambda: panel.log.viewport().width() > 0)
    assert panel.log.horizontalScrollBar().maximum() == 0
    assert panel.log.visualItemRect(panel.log.item(0)).width() <= panel.log.viewport().width()
    assert breakable(INVITATION).replace("\u200b", "") == INVITATION


def test_the_copy_invitation_button_copies_it_and_shows_only_at_a_hosted_table(
    qtbot: Any,
) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    panel = SidePanel()
    qtbot.addWidget(panel)
    panel.show()
    assert panel.invitation_button.isHidden()
    panel.set_invitation(INVITATION)
    assert not panel.invitation_button.isHidden()
    assert panel.invitation_button.text() == "Copy invitation"
    QGuiApplication.clipboard().setText("")
    qtbot.mouseClick(panel.invitation_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == INVITATION
    assert panel.invitation_button.text() == "Copied ✓"
    panel.clear_game()  # the next game: the log goes, the invitation stays reachable
    assert not panel.invitation_button.isHidden()
    panel.set_invitation("")
    assert panel.invitation_button.isHidden()


def test_the_hosts_invitation_outlives_the_log_of_the_first_game(qtbot: Any, settings: Any) -> None:
    from durak_qt.main_window import MainWindow

    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.play_against_bots("transfer", 3)
    page = window.game_page
    assert page is not None and page.side.invitation_button.isHidden()
    window._show_invitation(INVITATION)
    assert any(INVITATION in line.replace("\u200b", "") for line in page.side.log_lines())
    window._clear_log()  # the first game starts
    assert not page.side.invitation_button.isHidden() and page.side.invitation == INVITATION
    window.play_against_bots("transfer", 3)  # another table, not hosted here
    assert page.side.invitation_button.isHidden()
