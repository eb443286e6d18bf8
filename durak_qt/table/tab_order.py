"""Tab and Shift+Tab at a table: the keys' focus goes round your hand, the table's targets and
the buttons, in that fixed order.

The hand is one stop (←/→ then move along it, Enter plays); each card of the middle that takes
a click now (a `Pile.intents` card that is not in your hand: the deck to draw from, an attack
card to aim at...) is a stop, in the layout's order (Enter performs its intent); each button
shown is a stop, top to bottom (Space or Enter presses it). The focused card wears the dashed
focus ring, the focused button a dashed rim.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QPushButton, QWidget

from durak_qt.table.layout import CardKey
from durak_qt.table.pile_scene import PileScene

HAND = "hand"
"""The stop of your hand."""

BUTTON_FOCUS_STYLE = "QPushButton:focus { border: 2px dashed $focus_ring; }"
"""How a button shows it holds the keys' focus (added to its style template)."""

Stop = str | tuple[str, object]
"""A place the focus stops at: HAND, ("target", card key) or ("button", index)."""


def tab_stops(hand: bool, targets: Sequence[CardKey], buttons: int) -> list[Stop]:
    """The stops in their fixed order: the hand, the table's targets, the buttons."""
    stops: list[Stop] = [HAND] if hand else []
    stops += [("target", key) for key in targets]
    stops += [("button", index) for index in range(buttons)]
    return stops


class TabOrder(QObject):
    """Moves the keys' focus between the stops of one table on Tab and Shift+Tab."""

    def __init__(
        self, view: QWidget, scene: PileScene, buttons: Callable[[], list[QPushButton]]
    ) -> None:
        super().__init__(view)
        self.view = view
        self.scene = scene
        self.buttons = buttons  # the buttons shown now, top to bottom

    def stops(self) -> list[Stop]:
        """The stops there are now."""
        scene = self.scene
        return tab_stops(bool(scene.hand_order), scene.tab_targets(), len(self.buttons()))

    def current(self) -> Stop:
        """The stop that holds the focus now."""
        shown = self.buttons()
        for index, button in enumerate(shown):
            if button.hasFocus():
                return ("button", index)
        if self.scene.tab_target is not None:
            return ("target", self.scene.tab_target)
        return HAND

    def move(self, forward: bool) -> bool:
        """Go to the next stop (`forward`) or the one before; True when there was one."""
        stops = self.stops()
        if not stops or self.scene.observation is None:
            return False
        here = self.current()
        index = stops.index(here) if here in stops else -1
        if index < 0 and not forward:
            index = 0
        self.go(stops[(index + (1 if forward else -1)) % len(stops)])
        return True

    def go(self, stop: Stop) -> None:
        """Give the focus to a stop (and show it)."""
        scene = self.scene
        scene.keyboard_used = True
        if isinstance(stop, tuple) and stop[0] == "button":
            scene.keyboard_used = False  # no card wears the focus ring meanwhile
            scene.focus_table_target(None)
            self.buttons()[int(str(stop[1]))].setFocus(Qt.FocusReason.TabFocusReason)
            return
        self.view.setFocus(Qt.FocusReason.TabFocusReason)
        if isinstance(stop, tuple):
            key = stop[1]
            scene.focus_table_target(key if isinstance(key, tuple) else None)
            return
        scene.focus_table_target(None)
        if scene.focus_index is None and scene.hand_order:
            scene.focus_index = 0
        scene.relayout()

    def eventFilter(self, watched: QObject, event: Any) -> bool:
        """Tab and Shift+Tab on the view or a button move the focus round the stops."""
        if not isinstance(event, QKeyEvent) or event.type() != QKeyEvent.Type.KeyPress:
            return False
        if event.key() not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            return False
        back = event.key() == Qt.Key.Key_Backtab or bool(
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        return self.move(not back)

    def watch(self, widgets: Sequence[QWidget]) -> None:
        """Read Tab and Shift+Tab on these widgets (the view, each button)."""
        for widget in widgets:
            widget.installEventFilter(self)
