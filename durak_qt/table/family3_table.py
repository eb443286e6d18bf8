"""The table widget of a family-3 game: the one table scene (`durak_qt.table.scene.TableScene`,
drawing the game's `durak_qt.table.game_view.GameView`) in its graphics view
(`durak_qt.table.view.TableView`), with the game's buttons
(`durak_qt.games.family3.client.ButtonSpec`) at the bottom right."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    Qt,
    Signal,
)
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from durak_qt import palette
from durak_qt.games.family3.client import ButtonSpec
from durak_qt.palette import themed
from durak_qt.table.card_art import shared_card_art
from durak_qt.table.piles import (
    card_of,
)
from durak_qt.table.scene import TableScene
from durak_qt.table.tab_order import BUTTON_FOCUS_STYLE, TabOrder
from durak_qt.table.view import TableView, button_style

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Family3", ...)` calls)."""


__all__ = ["Family3Table", "card_of", "new_table"]


class Family3Table(QWidget):
    """The table widget: the scene's view and the game's buttons; emits `action_chosen`."""

    action_chosen = Signal(object)

    def __init__(
        self,
        scene: TableScene,
        buttons: Sequence[ButtonSpec] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.scene = scene
        self.view = TableView(cast(Any, scene), self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.specs = {spec.kind: spec for spec in buttons}
        self.buttons: dict[str, QPushButton] = {}
        self._buttons_placed_for: tuple[object, ...] = ()  # what `_place_buttons` placed them for
        self._box = QWidget(self.view)
        self._box.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        box_layout = QVBoxLayout(self._box)
        box_layout.setContentsMargins(0, 0, 0, 0)
        box_layout.setSpacing(round(palette.spacing("button_gap")))
        for spec in buttons:
            button = QPushButton(self._box)
            themed(button, button_style(spec.colour) + BUTTON_FOCUS_STYLE)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Tab reaches it, a click does not
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _checked=False, k=spec.kind: self._clicked(k))
            button.hide()
            box_layout.addWidget(button)
            self.buttons[spec.kind] = button
        scene.action_chosen.connect(self.action_chosen)
        scene.changed_layout.connect(self._update_buttons)
        scene.button_keys = {spec.key: spec.kind for spec in buttons}
        self.tab_order = TabOrder(self.view, scene, self.shown_buttons)
        self.tab_order.watch([self.view, *self.buttons.values()])
        self.retranslate()

    def shown_buttons(self) -> list[QPushButton]:
        """The buttons shown now, top to bottom (where Tab stops after the table's cards)."""
        return [b for b in self.buttons.values() if not b.isHidden() and b.isEnabled()]

    def set_players(self, names: Sequence[str], bot_hosts: Mapping[int, str] | None = None) -> None:
        """Names of the seats and which are bots."""
        self.scene.set_players(names, bot_hosts)

    def set_observation(self, observation: Any) -> None:
        """Draw this observation."""
        self.scene.set_observation(observation)

    def clear_game(self) -> None:
        """A new game is being dealt: nothing of the last one stays."""
        self.scene.clear_game()
        self._update_buttons()

    def apply_settings(
        self, sort_order: str, card_back: str, card_scale: float, animation_ms: int = 0
    ) -> None:
        """Display preferences: hand sorting, card back, card size, card movement (ms)."""
        scene = self.scene
        scene.sort_order, scene.card_back, scene.card_scale = sort_order, card_back, card_scale
        scene.animation_ms = animation_ms
        scene.relayout()

    def visible_buttons(self) -> set[str]:
        """The kinds whose buttons are shown now."""
        return {kind for kind, button in self.buttons.items() if not button.isHidden()}

    def _clicked(self, kind: str) -> None:
        self.scene.choose_kind(kind)
        self.view.setFocus()

    def _update_buttons(self) -> None:
        """Show the buttons of the layout drawn now; placed again only when what they are
        placed for changed (`_buttons_key`): most layouts keep the same buttons."""
        kinds = self.scene.button_kinds()
        for kind, button in self.buttons.items():
            if button.isHidden() == (kind in kinds):
                button.setVisible(kind in kinds)
        if self._buttons_key() != self._buttons_placed_for:
            self._place_buttons()

    def _buttons_key(self) -> tuple[object, ...]:
        """What the buttons' place depends on besides their words and the window's size (a
        change of language or size places them at once): which are shown, the table's
        geometry (its text size) and the look."""
        shown = tuple(button.isHidden() for button in self.buttons.values())
        return (shown, self.scene.geometry, palette.current())

    def retranslate(self) -> None:
        """Every text again in the current language."""
        for kind, spec in self.specs.items():
            self.buttons[kind].setText(translate("Family3", str(spec.label)))
            self.buttons[kind].setToolTip(translate("Family3", str(spec.tip)))
        self.scene.relayout()
        self._place_buttons()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _place_buttons(self) -> None:
        pixels = palette.text_pixels("button", self.scene.geometry.unit)
        font = self._box.font()
        font.setPixelSize(pixels)
        for button in self.buttons.values():
            button.setFont(font)
        widest = max([b.sizeHint().width() for b in self.buttons.values()] or [0])
        self._box.adjustSize()
        height = self._box.sizeHint().height()
        viewport = self.view.viewport().size()
        margin = round(palette.spacing("button_margin"))
        self._box.setGeometry(
            viewport.width() - widest - margin, viewport.height() - height - margin, widest, height
        )
        self._buttons_placed_for = self._buttons_key()
        self.scene.set_reserved_right(widest + margin if self.buttons else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_buttons()


def new_table(client: Any, parent: QWidget | None = None) -> Family3Table:
    """The table of a family-3 game kind's view (`durak_qt.games.family3.client.Family3Client`)."""
    scene = client.make_scene(shared_card_art(), None)
    table = Family3Table(scene, client.buttons, parent)
    scene.setParent(table)
    return table
