"""The side panel: the game log in words and the table chat."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

PANEL_STYLE = """
SidePanel { background: rgb(22, 34, 27); }
QLabel { color: rgb(255, 214, 64); font-weight: bold; font-size: %(caption)dpx; }
QListWidget { background: rgb(14, 24, 18); color: rgb(230, 240, 230); border: none;
              font-size: %(text)dpx; }
QLineEdit { background: rgb(240, 245, 240); border-radius: 6px; padding: 5px; font-size: %(text)dpx; }
QPushButton { color: white; background: rgb(40, 110, 214); border-radius: 6px; padding: 5px 10px;
              font-size: %(button)dpx; }
QPushButton#plain { background: rgb(60, 75, 66); }
"""

SMALLEST_TEXT_PX = 13
LARGEST_TEXT_PX = 17
HEIGHT_PER_TEXT_PX = 66
"""The panel's text grows with the window: 13 px up to 768 pixels high (a laptop), 16 px at
1080 (full HD), at most 17 px."""
WIDTH_PER_TEXT_PX = 20
"""The panel's narrowest width, in text pixels: 260 at 13 px, 320 at 16 px."""


def text_px_for_height(height: int) -> int:
    """The panel's text size in pixels for a panel `height` pixels high."""
    return max(SMALLEST_TEXT_PX, min(LARGEST_TEXT_PX, round(height / HEIGHT_PER_TEXT_PX)))


MAX_LINES = 400


class SidePanel(QWidget):
    """Shows the log of the game and the chat; emits `message_sent(text)` for a chat line typed."""

    message_sent = Signal(str)
    leave_requested = Signal()
    settings_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.text_px = 0
        self._scale_text(SMALLEST_TEXT_PX)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        top = QHBoxLayout()
        self.settings_button = QPushButton(self)
        self.settings_button.setObjectName("plain")
        self.settings_button.clicked.connect(self.settings_requested)
        self.leave_button = QPushButton(self)
        self.leave_button.setObjectName("plain")
        self.leave_button.clicked.connect(self.leave_requested)
        top.addWidget(self.settings_button)
        top.addStretch(1)
        top.addWidget(self.leave_button)
        layout.addLayout(top)
        self.log_caption = QLabel(self)
        self.log = QListWidget(self)
        self.log.setWordWrap(True)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._log_scroll = QTimer(self)
        self._log_scroll.setSingleShot(True)
        self._log_scroll.setInterval(0)
        self._log_scroll.timeout.connect(self.log.scrollToBottom)
        self.chat_caption = QLabel(self)
        self.chat = QListWidget(self)
        self.chat.setWordWrap(True)
        self.chat.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        entry = QHBoxLayout()
        self.chat_edit = QLineEdit(self)
        self.chat_edit.setMaxLength(300)
        self.chat_edit.returnPressed.connect(self._send)
        self.send_button = QPushButton(self)
        self.send_button.clicked.connect(self._send)
        entry.addWidget(self.chat_edit, 1)
        entry.addWidget(self.send_button)
        layout.addWidget(self.log_caption)
        layout.addWidget(self.log, 3)
        layout.addWidget(self.chat_caption)
        layout.addWidget(self.chat, 2)
        layout.addLayout(entry)
        self.retranslate()

    def add_log_line(self, text: str) -> None:
        """Append one line to the game log and keep it scrolled to the end."""
        self.log.addItem(text)
        while self.log.count() > MAX_LINES:
            self.log.takeItem(0)
        # Once per turn of the event loop, not per line: each scroll lays out every wrapped
        # line again (28 ms at 400 lines), and a bot's moves add several lines at once.
        self._log_scroll.start()

    def add_chat_line(self, name: str, text: str) -> None:
        """Show a chat message from a player."""
        self.chat.addItem(f"{name}: {text}")
        while self.chat.count() > MAX_LINES:
            self.chat.takeItem(0)
        self.chat.scrollToBottom()

    def clear_log(self) -> None:
        """Start the log of a new game."""
        self.log.clear()

    def clear_game(self) -> None:
        """A new game is being dealt: the log and the chat of the last one go."""
        self.log.clear()
        self.chat.clear()

    def log_lines(self) -> list[str]:
        """Every line of the log."""
        return [self.log.item(i).text() for i in range(self.log.count())]

    def _send(self) -> None:
        text = self.chat_edit.text().strip()
        if text:
            self.chat_edit.clear()
            self.message_sent.emit(text)

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.log_caption.setText(self.tr("Game log"))
        self.chat_caption.setText(self.tr("Chat"))
        self.chat_edit.setPlaceholderText(self.tr("Message the table…"))
        self.send_button.setText(self.tr("Send"))
        self.settings_button.setText(self.tr("Settings…"))
        self.leave_button.setText(self.tr("Leave table"))
        self.leave_button.setToolTip(self.tr("Leave this game and go back to the lobby"))

    def _scale_text(self, px: int) -> None:
        """Draw the panel's text `px` pixels high and keep the panel wide enough for it."""
        if px == self.text_px:
            return
        self.text_px = px
        self.setStyleSheet(PANEL_STYLE % {"text": px, "caption": px, "button": px - 1})
        self.setMinimumWidth(WIDTH_PER_TEXT_PX * px)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._scale_text(text_px_for_height(event.size().height()))
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
