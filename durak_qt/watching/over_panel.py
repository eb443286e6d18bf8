"""The spectator's game-over panel: the result, the log hash, and no offer to play."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from durak_qt.games.durak.game_over import OverPanel
from net.watch_events import GameEnded

FINISHED = "finished"
"""`GameEnded.reason` of a game played to its end (`net.table.events.GameOver.reason`)."""


class WatchOverPanel(OverPanel):
    """Shown over the watched table when a game ends: who lost, in the table's words; its
    buttons go back to the lobby or keep watching (the next game hides it by itself)."""

    keep_watching = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = QLabel(self.panel)
        self.words.setWordWrap(True)
        self.words.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.log_hash = QLabel(self.panel)
        self.log_hash.setObjectName("hash")
        self.log_hash.setWordWrap(True)
        self.log_hash.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.layout_.addWidget(self.words)
        self.layout_.addWidget(self.log_hash)
        self.keep_button = QPushButton(self.panel)
        self.keep_button.clicked.connect(self.keep_watching)
        self.add_buttons(self.keep_button)
        self.ended: GameEnded | None = None
        self.players: tuple[str, ...] = ()
        self.match_over = False
        self.retranslate()

    def show_result(self, ended: GameEnded, players: Sequence[str]) -> None:
        """Show how the game ended (`players`: the names by seat)."""
        self.ended, self.players = ended, tuple(players)
        self.retranslate()
        self.reveal()

    def set_match_over(self, over: bool) -> None:
        """The match is over: no next game to keep watching for."""
        self.match_over = over
        self.keep_button.setVisible(not over)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        ended = self.ended
        fool = ended.fool if ended is not None else None
        if ended is not None and fool is not None and 0 <= fool < len(self.players):
            self.title.setText(self.tr("%1 is the fool").replace("%1", self.players[fool]))
        elif ended is not None and ended.reason != FINISHED:
            self.title.setText(self.tr("The game did not finish"))
        else:
            self.title.setText(self.tr("The game is over"))
        if self.match_over:
            self.subtitle.setText(self.tr("The match is over. Thanks for watching!"))
        else:
            self.subtitle.setText(self.tr("You are watching: the next game follows here."))
        named = ended is not None and fool is not None and 0 <= fool < len(self.players)
        self.words.setText(ended.words if ended is not None and not named else "")
        self.words.setVisible(bool(self.words.text()))  # (the table's words: why, if no fool)
        self.log_hash.setText(
            self.tr("Log hash: %1").replace("%1", ended.log_hash)
            if ended is not None and ended.log_hash
            else ""
        )
        self.lobby_button.setText(self.tr("Back to the lobby"))
        self.keep_button.setText(self.tr("Keep watching"))
