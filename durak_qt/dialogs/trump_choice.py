"""The dealer's choice of the trump suit at a LAN table (`dealer_names_trump`, the whole deck
dealt): a small dialog with one button per suit and a countdown.

B: "If the cards are dealt completely (when six players play), either the last card in the deck
or the suit highlighted by the dealer is considered a trump card". The dialog emits `chosen` with
the suit the player clicked; when the time runs out it closes and emits `timed_out` instead: the
table then names a suit for the player and tells everyone (`net.table.trump_choice`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from engine.cards import SUITS
from net.table.events import TrumpChoiceDue, TrumpNamed

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


class TrumpChoiceDialog(QDialog):
    """Name the trump suit within `seconds` (whole seconds shown, counting down)."""

    chosen = Signal(str)
    """The suit the player named (C, D, H or S)."""
    timed_out = Signal()
    """The time ran out with no suit named."""

    def __init__(self, seconds: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trumpChoice")
        self.setWindowTitle(self.tr("Name the trump suit"))
        self.left = max(1, int(seconds))
        self.answered = False
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "You deal, and the whole deck is dealt: name the trump suit before the cards "
                "are dealt."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QHBoxLayout()
        names = {
            "C": self.tr("Clubs"),
            "D": self.tr("Diamonds"),
            "H": self.tr("Hearts"),
            "S": self.tr("Spades"),
        }
        self.buttons: dict[str, QPushButton] = {}
        for suit in SUITS:
            button = QPushButton(f"{SUIT_SYMBOLS[suit]} {names[suit]}")
            button.setObjectName(f"trump-{suit}")
            button.clicked.connect(lambda _checked=False, s=suit: self.choose(s))
            row.addWidget(button)
            self.buttons[suit] = button
        layout.addLayout(row)
        self.countdown = QLabel()
        layout.addWidget(self.countdown)
        self._show_left()
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def choose(self, suit: str) -> None:
        """Name `suit` (once; a suit that is none of C, D, H, S is ignored)."""
        if self.answered or suit not in SUITS:
            return
        self.answered = True
        self.timer.stop()
        self.chosen.emit(suit)
        self.accept()

    def _tick(self) -> None:
        self.left -= 1
        if self.left > 0:
            self._show_left()
            return
        if not self.answered:
            self.answered = True
            self.timer.stop()
            self.timed_out.emit()
            self.reject()

    def _show_left(self) -> None:
        self.countdown.setText(
            self.tr("%n second(s) left; then a suit is chosen for you.", "", self.left)
        )

    def reject(self) -> None:
        """Closing the dialog leaves the choice to the deadline (the countdown goes on)."""
        if self.answered:
            super().reject()
        else:
            self.hide()  # a suit is still chosen for the player when the time runs out


def take_trump_items(
    items: Sequence[Any], ask: Callable[[float], None], named: Callable[[TrumpNamed], None]
) -> list[Any]:
    """Hand a table's trump-choice items to `ask` (seconds left) and `named`; the other items."""
    rest = []
    for item in items:
        if isinstance(item, TrumpChoiceDue):
            ask(item.seconds)
        elif isinstance(item, TrumpNamed):
            named(item)
        else:
            rest.append(item)
    return rest
