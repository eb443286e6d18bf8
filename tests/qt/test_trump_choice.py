"""The dealer's trump choice in the client (issue 10, point 12): a dialog with a button per suit
and a countdown, in English and Russian; the LAN controller opens it when the table asks and
writes in the log which suit the dealer named, and whether it was chosen for him."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from durak_qt.dialogs.trump_choice import TrumpChoiceDialog
from durak_qt.i18n import install_language
from durak_qt.lobby.lan_game import LanGame
from durak_qt.log_notice import LogNotice
from net.peer import PeerSettings
from net.table.events import TrumpChoiceDue, TrumpNamed


def test_a_click_names_that_suit_once_and_closes_the_dialog(qtbot: Any) -> None:
    dialog = TrumpChoiceDialog(15)
    qtbot.addWidget(dialog)
    dialog.show()
    chosen: list[str] = []
    dialog.chosen.connect(chosen.append)
    assert "15 seconds left" in dialog.countdown.text()
    qtbot.mouseClick(dialog.buttons["H"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.buttons["S"], Qt.MouseButton.LeftButton)  # too late: answered
    dialog.choose("X")
    assert chosen == ["H"]
    assert not dialog.isVisible() and not dialog.timer.isActive()


def test_when_the_time_runs_out_nothing_is_named_and_the_dialog_says_so(qtbot: Any) -> None:
    dialog = TrumpChoiceDialog(2)
    qtbot.addWidget(dialog)
    dialog.show()
    chosen: list[str] = []
    dialog.chosen.connect(chosen.append)
    dialog.close()  # closing it does not answer: the countdown goes on
    with qtbot.waitSignal(dialog.timed_out, timeout=5000):
        pass
    assert chosen == [] and dialog.answered and not dialog.isVisible()


def test_the_dialog_speaks_russian(qtbot: Any) -> None:
    install_language("ru")
    dialog = TrumpChoiceDialog(5)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Назовите козырную масть"
    assert dialog.buttons["D"].text() == "♦ Бубны"
    assert "5 секунд" in dialog.countdown.text()


def test_the_lan_controller_asks_the_dealer_and_logs_the_named_suit(
    qtbot: Any, tmp_path: Path
) -> None:
    game = LanGame(PeerSettings(name="Anna", data_dir=tmp_path, join_table="Den"))
    game.game_no, game.human_seat, game.names = 0, 2, ["Boris", "Vera", "Anna"]
    sent: list[tuple[int, str]] = []
    game._send_trump = lambda game_no, suit: sent.append((game_no, suit))  # type: ignore[method-assign]
    notices: list[LogNotice] = []
    game.error.connect(notices.append)
    game._items(0, [TrumpChoiceDue(12.0)])
    dialog = game.trump_dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.isVisible() and "11 seconds left" in dialog.countdown.text()
    qtbot.mouseClick(dialog.buttons["C"], Qt.MouseButton.LeftButton)
    assert sent == [(0, "C")]
    game._items(0, [TrumpNamed(2, "C", False)])
    game._items(0, [TrumpNamed(0, "H", True)])  # (what another seat's log says)
    names = game.names
    lines = [n.render(lambda seat: names[seat]) for n in notices]
    assert lines == [
        "Anna deals and named the trump suit: ♣.",
        "Boris did not name the trump suit in time: ♥ was chosen for the dealer.",
    ]
    install_language("ru")  # the lines are written again in the language of the moment
    assert [n.render(lambda seat: names[seat]) for n in notices] == [
        "Anna сдаёт; названа козырная масть: ♣.",
        "Boris: козырная масть не названа вовремя, за сдающего выбрана ♥.",
    ]


def test_a_dealer_whose_time_ran_out_is_told_and_the_dialog_closes(
    qtbot: Any, tmp_path: Path
) -> None:
    game = LanGame(PeerSettings(name="Anna", data_dir=tmp_path, join_table="Den"))
    game.game_no, game.human_seat, game.names = 0, 1, ["Boris", "Anna"]
    notices: list[LogNotice] = []
    game.error.connect(notices.append)
    game._items(0, [TrumpChoiceDue(20.0)])
    dialog = game.trump_dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    game._items(0, [TrumpNamed(1, "D", True)])  # the table chose for you at its deadline
    assert not dialog.isVisible() and dialog.answered
    assert str(notices[-1]).endswith("♦ was chosen for the dealer.")
