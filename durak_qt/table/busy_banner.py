"""A banner over the table while the peers work (a line of text and a busy bar) or while a
countdown runs (its line alone, no busy bar); never modal."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtWidgets import QFrame, QLabel, QProgressBar, QVBoxLayout, QWidget

from durak_qt.palette import themed

BANNER_STYLE = """
QFrame#banner { background: $busy_back; border: 2px solid $accent;
                border-radius: 12px; }
QLabel { color: $page_text; font-size: 15px; font-weight: bold; }
QProgressBar { border: 1px solid $busy_bar_rim; border-radius: 4px; max-height: 8px;
               background: $busy_bar_back; }
QProgressBar::chunk { background: $accent; }
"""


class BusyBanner(QFrame):
    """Shows `show_status(text)` (with a busy bar) or `show_countdown(text)` (without one) over
    its parent; progress goes before a countdown, and with both empty the banner hides.

    `place(banner)` gives the banner's rectangle in its parent (the text wraps to its width);
    without it the banner sits near the top, as wide as its text.
    """

    def __init__(
        self,
        parent: QWidget,
        place: Callable[[QWidget], QRect] | None = None,
        covering: Callable[[bool], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.place = place
        self.covering = covering
        """Told True when the banner shows, False when it hides (what lies under it steps back)."""
        self.setObjectName("banner")
        themed(self, BANNER_STYLE)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 10, 18, 12)
        self.label = QLabel(self)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(place is not None)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)  # busy: no end known
        self.bar.setTextVisible(False)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        parent.installEventFilter(self)
        self._status = ""
        self._countdown = ""
        self.hide()

    def show_status(self, text: str) -> None:
        """Show this line of progress with the busy bar ("": no progress to show)."""
        self._status = text
        self._refresh()

    def show_countdown(self, text: str) -> None:
        """Show this countdown line, without a busy bar ("": no countdown runs)."""
        self._countdown = text
        self._refresh()

    def _refresh(self) -> None:
        text = self._status or self._countdown
        if not text:
            self.hide()
            if self.covering is not None:
                self.covering(False)
            return
        self.bar.setVisible(bool(self._status))
        self.label.setText(text)
        self._place()
        self.show()
        self.raise_()
        if self.covering is not None:
            self.covering(True)

    def text(self) -> str:
        """The line shown ("" when hidden)."""
        return self.label.text() if self.isVisible() else ""

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        if self.place is not None:
            self.setGeometry(self.place(self))
            return
        self.adjustSize()
        width = max(self.sizeHint().width(), 360)
        self.setGeometry((parent.width() - width) // 2, 18, width, self.sizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Stay in place when the table is resized (once its children have their new size)."""
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self._place)
        return False
