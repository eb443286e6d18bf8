"""A table announced with another protocol version: listed, marked in words, never joinable.

Its screenshots go where tests/qt/test_screenshots.py puts its own; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest
tests/qt/test_lobby_version.py`.
"""

from __future__ import annotations

import hashlib
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt

from durak_qt.i18n import install_language
from durak_qt.lobby.discovery import listing_for
from durak_qt.lobby.lobby import LobbyWidget, TableListing
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.discovery import TableAnnouncement, parse_announcement, txt_properties
from net.handshake import PROTOCOL_VERSION
from net.identity import Identity
from tests.qt.test_screenshots import shoot_everywhere


def heard(
    name: str, host: str, version: int, seats: tuple[int, int] = (1, 4), variant: str = "throw-in"
) -> TableListing:
    """The lobby's row for a table as discovery reads it off the network, announced as `version`."""
    key = Identity.from_seed(hashlib.sha256(name.encode()).digest()).public_key
    ours = TableAnnouncement.create(
        name=name,
        variant=variant,
        seats_taken=seats[0],
        seats_total=seats[1],
        host_key=key,
        host_name=host,
        password=False,
        port=4000,
        addresses=("192.168.1.20",),
    )
    properties = {k.encode(): v.encode() for k, v in txt_properties(ours).items()}
    properties[b"v"] = str(version).encode()
    table = parse_announcement(ours.service_name, properties, ours.addresses, ours.port)
    return listing_for(table)


OLD = PROTOCOL_VERSION - 1
"""A version before this one."""


def test_the_version_of_an_announcement_reaches_the_listing() -> None:
    current = PROTOCOL_VERSION
    old, new = heard("Old", "Boris", current - 1), heard("New", "Vera", current)
    assert (old.protocol_version, new.protocol_version) == (current - 1, current)
    assert not old.same_version and not old.joinable and not old.full
    assert new.same_version and new.joinable
    assert heard("Future", "Gleb", current + 1).joinable is False


def test_another_versions_table_is_marked_and_join_is_not_offered(qtbot: Any) -> None:
    lobby = LobbyWidget()
    qtbot.addWidget(lobby)
    lobby.show()
    model = lobby.model
    model.add_or_update(heard("Old", "Boris", OLD))
    model.add_or_update(heard("New", "Vera", PROTOCOL_VERSION))
    display, tip = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole
    assert model.data(model.index(0, 1), display) == (
        "Throw-in fool (podkidnoy) · another version of the game"
    )
    assert model.data(model.index(1, 1), display) == "Throw-in fool (podkidnoy)"
    assert "older version" in model.data(model.index(0, 0), tip)
    assert model.data(model.index(1, 0), tip) is None
    assert model.data(model.index(0, 0), Qt.ItemDataRole.ForegroundRole) is not None
    assert model.data(model.index(1, 0), Qt.ItemDataRole.ForegroundRole) is None
    assert model.data(model.index(0, 2), Qt.ItemDataRole.FontRole).italic()
    assert model.data(model.index(1, 2), Qt.ItemDataRole.FontRole) is None

    lobby.table_view.selectRow(0)
    assert not lobby.join_button.isEnabled()
    assert "must run the same version" in lobby.join_button.toolTip()
    joins: list[Any] = []
    lobby.join_requested.connect(joins.append)
    lobby._join_clicked()  # what a double click on the row does
    assert joins == []

    lobby.table_view.selectRow(1)
    assert lobby.join_button.isEnabled()
    assert lobby.join_button.toolTip() == "Join the selected table"
    with qtbot.waitSignal(lobby.join_requested) as joined:
        qtbot.mouseClick(lobby.join_button, Qt.MouseButton.LeftButton)
    assert joined.args[0].protocol_version == PROTOCOL_VERSION

    model.add_or_update(heard("New", "Vera", PROTOCOL_VERSION, seats=(4, 4)))
    assert lobby.join_button.toolTip() == "This table is full"
    model.add_or_update(heard("Future", "Gleb", PROTOCOL_VERSION + 1))
    lobby.table_view.selectRow(2)
    assert "newer version" in lobby.join_button.toolTip()


def test_another_version_is_said_in_russian(qtbot: Any) -> None:
    lobby = LobbyWidget()
    qtbot.addWidget(lobby)
    lobby.model.add_or_update(heard("Old", "Boris", OLD))
    lobby.table_view.selectRow(0)
    try:
        install_language("ru")
        QCoreApplication.processEvents()
        words = lobby.model.data(lobby.model.index(0, 1), Qt.ItemDataRole.DisplayRole)
        assert "другая версия игры" in words
        assert "одна и та же версия" in lobby.join_button.toolTip()
    finally:
        install_language("en")
        QCoreApplication.processEvents()


def test_screenshots_of_a_table_of_another_version(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    for listing in (
        heard("Friday podkidnoy", "Boris", PROTOCOL_VERSION, (2, 4)),
        heard("Kitchen table", "Vera", OLD, (1, 3), "transfer"),
        heard("Quick one", "Gleb", PROTOCOL_VERSION, (1, 2), "simple"),
        heard("Old friends", "Dasha", OLD, (2, 4), "simple"),
    ):
        window.lobby.model.add_or_update(listing)
    window.lobby.table_view.selectRow(1)
    assert not window.lobby.join_button.isEnabled()
    shoot_everywhere(qtbot, window, "lobby-other-version")
