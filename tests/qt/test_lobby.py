"""The lobby: the table list model, the empty message, the buttons, first start, settings."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.dialogs.options import CreateTableDialog, SettingsDialog, TableOptions
from durak_qt.lobby.lobby import LobbyModel, LobbyWidget, TableListing, short_fingerprint
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from tests.qt.driver import deadline_ms


def listing(
    key: str = "t1", taken: int = 1, total: int = 4, password: bool = False
) -> TableListing:
    return TableListing(
        key, "Friday", "throw-in", taken, total, "Boris", "9f3ac21b77d04e5a0011", password
    )


def test_model_adds_updates_and_removes_rows(qapp: Any) -> None:
    model = LobbyModel()
    inserted: list[int] = []
    model.rowsInserted.connect(lambda _parent, first, _last: inserted.append(first))
    model.add_or_update(listing("t1"))
    model.add_or_update(listing("t2", password=True))
    assert model.rowCount() == 2 and inserted == [0, 1]
    assert model.data(model.index(0, 2), Qt.ItemDataRole.DisplayRole) == "1/4"
    assert model.data(model.index(0, 1), Qt.ItemDataRole.DisplayRole) == "Throw-in fool (podkidnoy)"
    assert model.data(model.index(0, 3), Qt.ItemDataRole.DisplayRole) == "Boris"
    # The key's fingerprint is for checking, not for choosing a table: in the tooltip.
    assert "9f3a c21b 77d0 4e5a" in model.data(model.index(0, 3), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(1, 4), Qt.ItemDataRole.DecorationRole) is not None
    assert model.data(model.index(0, 4), Qt.ItemDataRole.DecorationRole) is None
    model.add_or_update(listing("t1", taken=3))  # same key: the row is updated, not added
    assert model.rowCount() == 2
    assert model.data(model.index(0, 2), Qt.ItemDataRole.DisplayRole) == "3/4"
    assert model.remove("t1") is True
    assert model.remove("t1") is False
    assert [row.key for row in model.listings()] == ["t2"]


def test_bad_listings_are_refused(qapp: Any) -> None:
    with pytest.raises(ValueError):
        listing(taken=5, total=4)
    with pytest.raises(ValueError):
        TableListing("", "x", "simple", 0, 2, "h", "f", False)
    with pytest.raises(TypeError):
        LobbyModel().add_or_update("table")  # type: ignore[arg-type]
    assert short_fingerprint("ab:cd:ef:01:23:45:67:89:aa") == "abcd ef01 2345 6789"


def test_lobby_shows_why_nothing_is_found_and_joins(qtbot: Any) -> None:
    lobby = LobbyWidget()
    qtbot.addWidget(lobby)
    lobby.show()
    assert lobby.stack.currentWidget() is lobby.empty_label
    assert "firewall" in lobby.empty_label.text() and "subnet" in lobby.empty_label.text()
    assert not lobby.join_button.isEnabled()
    lobby.model.add_or_update(listing("t1"))
    assert lobby.stack.currentWidget() is lobby.table_view
    lobby.table_view.selectRow(0)
    assert lobby.join_button.isEnabled()
    with qtbot.waitSignal(lobby.join_requested) as joined:
        qtbot.mouseClick(lobby.join_button, Qt.MouseButton.LeftButton)
    assert joined.args[0].key == "t1"
    lobby.model.add_or_update(listing("t1", taken=4, total=4))
    assert not lobby.join_button.isEnabled()  # a full table cannot be joined
    lobby.model.remove("t1")
    assert lobby.stack.currentWidget() is lobby.empty_label
    with qtbot.waitSignal(lobby.play_bots_requested):
        qtbot.mouseClick(lobby.bots_button, Qt.MouseButton.LeftButton)


def test_first_start_asks_for_a_name_then_shows_the_lobby(qtbot: Any, settings: Settings) -> None:
    settings._store.remove("player/name")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    welcome = window.welcome
    assert welcome is not None and window.stack.currentWidget() is welcome
    assert not welcome.continue_button.isEnabled()
    qtbot.keyClicks(welcome.name_edit, "  Ivan  ")
    qtbot.mouseClick(welcome.continue_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.lobby
    assert settings.name == "Ivan"
    assert "Ivan" in window.lobby.greeting.text()
    again = MainWindow(settings)  # the name is kept: straight into the lobby
    qtbot.addWidget(again)
    assert again.stack.currentWidget() is again.lobby and again.welcome is None


def test_one_click_plays_against_bots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    qtbot.mouseClick(window.lobby.bots_button, Qt.MouseButton.LeftButton)
    assert window.game_page is not None and window.stack.currentWidget() is window.game_page
    assert window.game is not None and window.game.players == 3
    page = window.game_page
    assert page.busy.text().startswith("Shuffling")  # the deal runs off the GUI thread
    qtbot.waitUntil(lambda: page.table.scene.observation is not None, timeout=deadline_ms(20_000))
    assert not page.busy.isVisible()
    window.back_to_lobby()
    assert window.stack.currentWidget() is window.lobby and window.game is None


def test_create_table_dialog_offers_variants_with_descriptions(qtbot: Any) -> None:
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    ids = [dialog.variant_combo.itemData(i) for i in range(dialog.variant_combo.count())]
    assert {"simple", "throw-in", "transfer"} <= set(ids)
    model = dialog.variant_combo.model()
    enabled = {ids[i] for i in range(len(ids)) if model.item(i).isEnabled()}  # type: ignore[attr-defined]
    assert {"simple", "throw-in", "transfer"} <= enabled
    for i in range(len(ids)):  # a variant the table cannot deal yet is offered greyed, with why
        if ids[i] not in enabled:
            tip = dialog.variant_combo.itemData(i, Qt.ItemDataRole.ToolTipRole)
            assert str(tip).startswith("Not playable at a table yet: ")
    assert dialog.variant_combo.currentData() == "throw-in"
    assert "throws in" in dialog.description.text()
    dialog.seats_spin.setValue(3)
    assert dialog.bots_spin.maximum() == 2
    dialog.bots_spin.setValue(2)
    dialog.password_check.setChecked(True)
    dialog.password_edit.setText("secret")
    options = dialog.options()
    assert options == TableOptions("Anna's table", "throw-in", 3, 2, "secret")
    dialog.variant_combo.setCurrentIndex(ids.index("teams"))
    assert dialog.seats_spin.minimum() == 4
    with pytest.raises(ValueError):
        TableOptions("x", "simple", 7, 0, "")


def test_settings_dialog_saves_every_choice(qtbot: Any, settings: Settings) -> None:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Vera")
    for combo, value in (
        (dialog.language_combo, "ru"),
        (dialog.size_combo, "large"),
        (dialog.speed_combo, "fast"),
        (dialog.sort_combo, "rank"),
        (dialog.back_combo, "back-red"),
    ):
        combo.setCurrentIndex(combo.findData(value))
    dialog.interface_edit.setText("nope0")
    assert not dialog.save()  # no such interface: said why, the network setting unchanged
    assert "nope0" in dialog.interface_problem.text() and settings.interface == "all"
    dialog.interface_edit.setText("127.0.0.1")
    assert dialog.save() and settings.interface == "127.0.0.1"
    assert (settings.name, settings.language, settings.card_size) == ("Vera", "ru", "large")
    assert (settings.animation_speed, settings.sort_order, settings.card_back) == (
        "fast",
        "rank",
        "back-red",
    )
    assert settings.animation_ms > 0 and settings.card_scale > 1
    with pytest.raises(ValueError):
        settings.language = "de"
    with pytest.raises(ValueError):
        settings.name = "   "
    assert settings.language == "ru"


def test_bots_are_named_by_where_they_sit(qapp: Any) -> None:
    from durak_qt.games.durak.local_game import seat_names

    assert seat_names("Anna", 2) == ["Anna", "North"]
    assert seat_names("Anna", 4) == ["Anna", "West", "North", "East"]
    assert seat_names("Anna", 4, human_seat=2) == ["North", "East", "Anna", "West"]
    assert len(set(seat_names("Anna", 6))) == 6
    with pytest.raises(ValueError):
        seat_names("Anna", 7)


def test_join_reaches_the_window(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    window.lobby.model.add_or_update(listing("t9"))
    window.lobby.table_view.selectRow(0)
    with qtbot.waitSignal(window.join_requested) as joined:
        qtbot.mouseClick(window.lobby.join_button, Qt.MouseButton.LeftButton)
    assert joined.args[0].key == "t9"
    # This window was made without network play: it says so and starts no peer.
    assert window.game is None and window.stack.currentWidget() is window.lobby
    assert "--no-lan" in window.lobby.discovery_problem.text()
