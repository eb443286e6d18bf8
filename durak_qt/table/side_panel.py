"""The side panel: the game log in words, the table chat and who watches the table."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from durak_qt.palette import themed

PANEL_STYLE = """
SidePanel { background: $side_back; }
QLabel { color: $accent; font-weight: bold; font-size: ${caption}px; }
QLabel#watchers { color: $dialog_text; font-weight: normal; }
QListWidget { background: $side_list_back; color: $dialog_text; border: none;
              font-size: ${text}px; }
QLineEdit { background: $chat_field_back; border-radius: 6px; padding: 5px; font-size: ${text}px; }
QPushButton { color: $button_text; background: $side_button; border-radius: 6px; padding: 5px 10px;
              font-size: ${button}px; }
QPushButton#plain { background: $side_button_plain; }
"""

SMALLEST_TEXT_PX = 13
LARGEST_TEXT_PX = 22
BASE_HEIGHT = 768
"""The panel's text grows with the window as the table's words do: 13 px up to 768 pixels
high (a laptop), 18 px at 1080 (full HD), at most 22 px."""
WIDTH_PER_TEXT_PX = 20
"""The panel's narrowest width, in text pixels: 260 at 13 px, 360 at 18 px."""


def text_px_for_height(height: int) -> int:
    """The panel's text size in pixels for a panel `height` pixels high."""
    scaled = round(SMALLEST_TEXT_PX * height / BASE_HEIGHT)
    return max(SMALLEST_TEXT_PX, min(LARGEST_TEXT_PX, scaled))


MAX_LINES = 400
COPIED_SHOWN_MS = 2000
"""How long the invitation button says it copied."""
BREAK = "\u200b"
"""A zero-width space: a place where a line may wrap, drawn as nothing."""


def breakable(text: str) -> str:
    """`text` (an address, a key) with a place to wrap after every character, so that a log
    line holding it wraps at the panel's edge instead of running past it."""
    return BREAK.join(text)


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
        self.invitation = ""
        self.invitation_button = QPushButton(self)
        self.invitation_button.setObjectName("plain")
        self.invitation_button.clicked.connect(self._copy_invitation)
        self.invitation_button.hide()
        self._copied = QTimer(self)
        self._copied.setSingleShot(True)
        self._copied.setInterval(COPIED_SHOWN_MS)
        self._copied.timeout.connect(self.retranslate)
        self.watchers: tuple[str, ...] = ()
        self.watchers_label = QLabel(self)
        self.watchers_label.setObjectName("watchers")
        self.watchers_label.setWordWrap(True)
        self.watchers_label.hide()
        self.spectator = False
        self.chat_closed = False
        self.log_caption = QLabel(self)
        self.log = QListWidget(self)
        self.log.setWordWrap(True)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        invitation = QHBoxLayout()  # a row of its own: the words are long in Russian
        invitation.addWidget(self.invitation_button)
        invitation.addStretch(1)
        layout.addLayout(invitation)
        layout.addWidget(self.watchers_label)
        layout.addWidget(self.log_caption)
        layout.addWidget(self.log, 3)
        layout.addWidget(self.chat_caption)
        layout.addWidget(self.chat, 2)
        layout.addLayout(entry)
        self.retranslate()

    def set_invitation(self, text: str) -> None:
        """The invitation to the table hosted here, behind a *Copy invitation* button for as
        long as the table lasts ("": no table hosted here, no button)."""
        self.invitation = text
        self.invitation_button.setVisible(bool(text))
        self._invitation_tip()

    def set_watchers(self, names: Sequence[str]) -> None:
        """The names of the spectators watching the table (none: the line hides)."""
        self.watchers = tuple(names)
        self.watchers_label.setVisible(bool(self.watchers))
        self.retranslate()

    def set_spectator(self, on: bool) -> None:
        """This panel is a spectator's: Leave stops watching (nothing is asked or lost)."""
        self.spectator = on
        self.retranslate()

    def set_chat_closed(self, closed: bool) -> None:
        """The table takes no chat from here (its host turned spectators' chat off): the chat
        box says so and sends nothing."""
        self.chat_closed = closed
        self.chat_edit.setEnabled(not closed)
        self.send_button.setEnabled(not closed)
        self.retranslate()

    def _copy_invitation(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is None or not self.invitation:
            return
        clipboard.setText(self.invitation)
        self.invitation_button.setText(self.tr("Copied ✓"))
        self._copied.start()

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
        if self.chat_closed:
            self.chat_edit.setPlaceholderText(self.tr("The host turned spectators' chat off"))
        else:
            self.chat_edit.setPlaceholderText(self.tr("Message the table…"))
        self.send_button.setText(self.tr("Send"))
        self.settings_button.setText(self.tr("Settings…"))
        if self.spectator:
            self.leave_button.setText(self.tr("Stop watching"))
            self.leave_button.setToolTip(self.tr("Back to the lobby; the table plays on (Esc)"))
        else:
            self.leave_button.setText(self.tr("Leave table"))
            self.leave_button.setToolTip(self.tr("Leave this game and go back to the lobby"))
        self.watchers_label.setText(self.tr("Watching: %1").replace("%1", ", ".join(self.watchers)))
        if not self._copied.isActive():
            self.invitation_button.setText(self.tr("Copy invitation"))
        self._invitation_tip()

    def _invitation_tip(self) -> None:
        tip = self.tr(
            "Copy the invitation to this table for players whose lobby does not show it "
            "(they choose “Join by address…”)"
        )
        self.invitation_button.setToolTip(f"{tip}\n{self.invitation}" if self.invitation else tip)

    def _scale_text(self, px: int) -> None:
        """Draw the panel's text `px` pixels high and keep the panel wide enough for it."""
        if px == self.text_px:
            return
        self.text_px = px
        themed(self, PANEL_STYLE, text=px, caption=px, button=px - 1)
        self.setMinimumWidth(WIDTH_PER_TEXT_PX * px)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._scale_text(text_px_for_height(event.size().height()))
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
