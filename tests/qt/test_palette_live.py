"""Themes and the four-colour deck: stored like every setting, chosen in the settings dialog, and
applied live: the table, its cards and the lobby draw in the new look at once."""

from __future__ import annotations

from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QPointF
from PySide6.QtGui import QColor, QImage

from durak_qt import palette
from durak_qt.dialogs.options import SettingsDialog
from durak_qt.main_window import MainWindow
from durak_qt.settings import THEMES, Settings
from durak_qt.table.card_art import CardArt
from durak_qt.table.items import refine_now
from durak_qt.table.view import TableWidget
from engine.cards import Card
from tests.qt.fakes import observation


@pytest.fixture
def table(qtbot: Any) -> TableWidget:
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.set_players(["Anna", "West", "North", "East"])
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_observation(observation())
    return widget


def rgb(colour: QColor) -> tuple[int, int, int]:
    """A colour's red, green and blue."""
    return colour.red(), colour.green(), colour.blue()


def grab(table: TableWidget) -> QImage:
    """The table as the idle GUI shows it."""
    QCoreApplication.processEvents()
    refine_now()
    return table.view.viewport().grab().toImage()


def felt(image: QImage) -> QColor:
    """The felt in the table's top-left corner (no seat, card or label lies there)."""
    return image.pixelColor(6, 6)


def suit_mark(table: TableWidget, image: QImage, text: str) -> QColor:
    """The darkest pixel of the small suit under the rank in a hand card's top-left corner."""
    item = next(i for i in table.scene.hand_items() if i.card == Card.parse(text))
    rect = item.card_rect()
    centre = QPointF(rect.left() + rect.width() * 0.112, rect.top() + rect.height() * 0.214)
    point = table.view.mapFromScene(item.mapToScene(centre))
    around = [
        image.pixelColor(point.x() + dx, point.y() + dy)
        for dx in range(-2, 3)
        for dy in range(-2, 3)
    ]
    return min(around, key=lambda c: c.red() + c.green() + c.blue())


def test_each_theme_has_a_palette_and_green_is_the_default(settings: Settings) -> None:
    assert settings.theme == "green" and not settings.four_colour
    assert [palette.palette_for(theme).name for theme in THEMES] == list(THEMES)
    assert palette.palette_for("no-such-theme") == palette.GREEN
    assert palette.current() == palette.GREEN


def test_theme_and_deck_are_stored_and_checked(settings: Settings) -> None:
    settings.theme = "dark"
    settings.four_colour = True
    assert (settings.theme, settings.four_colour) == ("dark", True)
    with pytest.raises(ValueError):
        settings.theme = "purple"
    store = settings._store
    assert Settings(store).theme == "dark" and Settings(store).four_colour


def test_settings_dialog_chooses_theme_and_deck(qtbot: Any, settings: Settings) -> None:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.theme_combo.count() == len(THEMES) >= 3
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("contrast"))
    dialog.four_colour_check.setChecked(True)
    assert dialog.save()
    assert (settings.theme, settings.four_colour) == ("contrast", True)


def test_theme_switch_redraws_the_felt_live(table: TableWidget) -> None:
    green = felt(grab(table))
    assert green.green() > green.red() + 20  # the green felt
    assert palette.use("dark")
    dark = felt(grab(table))
    assert abs(dark.green() - dark.red()) < 16 and abs(dark.blue() - dark.red()) < 16  # grey
    assert palette.use("contrast")
    contrast = felt(grab(table))
    assert sum(rgb(contrast)) < sum(rgb(dark))  # darker than the dark one
    assert sum(rgb(contrast)) < sum(rgb(green))
    assert palette.use("green")
    assert felt(grab(table)) == green
    assert not palette.use("green")  # nothing changed: nothing redrawn


def test_four_colour_deck_recolours_the_cards_in_hand_live(table: TableWidget) -> None:
    image = grab(table)
    diamond, club = suit_mark(table, image, "7D"), suit_mark(table, image, "9C")
    assert diamond.red() > 150 and diamond.blue() < 100  # red diamonds
    assert max(rgb(club)) < 60  # black clubs
    palette.use("green", four_colour=True)
    image = grab(table)
    diamond, club = suit_mark(table, image, "7D"), suit_mark(table, image, "9C")
    assert diamond.blue() > 150 and diamond.red() < 80  # blue diamonds
    assert club.green() > 90 and club.red() < 60 and club.blue() < 100  # green clubs
    heart = suit_mark(table, image, "JH")
    assert heart.red() > 150 and heart.blue() < 100  # hearts stay red
    spade = suit_mark(table, image, "6S")
    assert max(rgb(spade)) < 60  # spades stay black
    palette.use("dark", four_colour=True)  # the deck combines with any theme
    diamond = suit_mark(table, grab(table), "7D")
    assert diamond.blue() > 150 and diamond.red() < 80


def test_a_table_opened_after_a_switch_draws_in_the_new_look(qtbot: Any) -> None:
    """The pictures drawn for a table closed before the switch are not shown again."""
    first = TableWidget()
    first.resize(1280, 800)
    first.show()
    first.set_observation(observation())
    grab(first)
    shiboken6.delete(first)  # gone with its scene, its pictures kept
    palette.use("contrast", four_colour=True)
    second = TableWidget()
    qtbot.addWidget(second)
    second.resize(1280, 800)
    second.show()
    qtbot.waitExposed(second)
    second.set_observation(observation())
    image = grab(second)
    diamond = suit_mark(second, image, "7D")
    assert diamond.blue() > 150 and diamond.red() < 80
    plate = second.scene.seats[1]
    centre = second.view.mapFromScene(plate.mapToScene(plate.plate_rect().center()))
    inside = image.pixelColor(centre.x(), centre.y() + 2)
    assert max(rgb(inside)) < 40  # the high-contrast plate: black, not green


def test_four_colour_faces_are_recoloured_svg_and_the_green_ones_untouched() -> None:
    art = CardArt()
    plain = art.pixmap("AD", 100).toImage()
    centre = plain.pixelColor(50, 70)
    assert centre.red() > 150 and centre.blue() < 100
    palette.use("green", four_colour=True)
    blue = art.pixmap("AD", 100).toImage().pixelColor(50, 70)
    assert blue.blue() > 150 and blue.red() < 80
    palette.use("green")
    assert art.pixmap("AD", 100).toImage() == plain  # the shipped file, as it always was


def test_settings_apply_the_look_to_the_lobby_live(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    before = window.lobby.grab().toImage().pixelColor(4, 4)
    settings.theme = "dark"
    window.apply_settings()
    assert palette.current().name == "dark"
    after = window.lobby.grab().toImage().pixelColor(4, 4)
    assert before.green() > before.red() + 20
    assert abs(after.green() - after.red()) < 16 and after != before
