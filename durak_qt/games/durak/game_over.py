"""The game-over panel: who is the fool (or a draw), match scores, the audit verdict, play again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from durak_qt.palette import themed


@dataclass(frozen=True)
class AuditVerdict:
    """The result of checking a finished game: verified, or who cheated and how."""

    verified: bool
    text: str
    log_hash: str = ""
    """The hash of the agreed, signed log of moves ("" when there is none)."""
    unfinished: bool = False
    """Not verified, yet nobody cheated: the game ended before its end (nobody moved in time,
    players left); drawn plainly, not as a caught cheat."""


@dataclass(frozen=True)
class ScoreLine:
    """One seat's line in the match scores."""

    name: str
    points: int
    times_fool: int


PANEL_STYLE = """
QFrame#panel { background: $over_back; border: 2px solid $accent;
               border-radius: 16px; }
QLabel { color: $page_text; }
QLabel#title { font-size: 28px; font-weight: bold; color: $accent; }
QLabel#header { font-weight: bold; color: $over_header; }
QLabel#verified { color: $verified_text; font-weight: bold; }
QLabel#cheated { color: $cheated_text; font-weight: bold; }
QLabel#unfinished { font-weight: bold; }
QLabel#hash { color: $quiet_text; font-family: monospace; font-size: 11px; }
QPushButton { color: $button_text; font-weight: bold; border-radius: 8px; padding: 8px 18px;
              border: 2px solid $button_rim; background: $selection; }
QPushButton:hover { border-color: $accent; }
QPushButton#details { background: $clear_fill; border: none; color: $quiet_text;
                      font-weight: normal; padding: 2px 0; }
"""


class OverPanel(QWidget):
    """The frame of a game-over panel: it covers the whole table (its parent) while shown, and
    holds a panel with a title, a subtitle, what a subclass adds (`layout`) and a row of two
    buttons, back to the lobby and the main one (`add_buttons`)."""

    back_to_lobby = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        cover = f"{type(self).__name__} {{ background: $over_cover; }}"
        themed(self, cover + PANEL_STYLE)
        outer = QVBoxLayout(self)
        outer.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.panel = QFrame(self)
        self.panel.setObjectName("panel")
        self.panel.setMinimumWidth(460)
        outer.addWidget(self.panel, 0, Qt.AlignmentFlag.AlignCenter)
        self.layout_ = QVBoxLayout(self.panel)
        self.layout_.setContentsMargins(28, 22, 28, 22)
        self.layout_.setSpacing(12)
        self.title = QLabel(self.panel)
        self.title.setObjectName("title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle = QLabel(self.panel)
        self.subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle.setWordWrap(True)
        self.layout_.addWidget(self.title)
        self.layout_.addWidget(self.subtitle)
        if parent is not None:
            parent.installEventFilter(self)

    def add_buttons(self, main: QPushButton) -> None:
        """End the panel with its buttons: back to the lobby (`lobby_button`, made here, after
        the others in the tab order), then `main`, on the right."""
        self.lobby_button = QPushButton(self.panel)
        themed(self.lobby_button, "background: $over_lobby_button;")
        self.lobby_button.clicked.connect(self.back_to_lobby)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.lobby_button)
        buttons.addWidget(main)
        self.layout_.addLayout(buttons)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Cover the whole parent (the table) whenever it changes size."""
        parent = self.parentWidget()
        if parent is not None and watched is parent and event.type() == QEvent.Type.Resize:
            self.setGeometry(parent.rect())
        return False

    def reveal(self) -> None:
        """Show the panel over the whole table."""
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def clear_grid(grid: QGridLayout) -> None:
    """Take every label out of a grid; each is hidden at once (deleteLater waits for the
    event loop)."""
    while grid.count():
        taken = grid.takeAt(0)
        widget = taken.widget() if taken is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()


class GameOverPanel(OverPanel):
    """Shown over the table when a game ends; emits play_again or back_to_lobby."""

    play_again = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self.layout_
        self.scores_caption = QLabel(self.panel)
        self.scores_caption.setObjectName("header")
        self.scores = QGridLayout()
        self.scores.setHorizontalSpacing(24)
        self.audit_caption = QLabel(self.panel)
        self.audit_caption.setObjectName("header")
        self.verdict = QLabel(self.panel)
        self.verdict.setWordWrap(True)
        self.details_button = QPushButton(self.panel)
        self.details_button.setObjectName("details")
        self.details_button.setCheckable(True)
        self.details_button.toggled.connect(self._details_toggled)
        self.log_hash = QLabel(self.panel)
        self.log_hash.setObjectName("hash")
        self.log_hash.setWordWrap(True)
        self.log_hash.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.log_hash.hide()
        self.again_button = QPushButton(self.panel)
        self.again_button.clicked.connect(self.play_again)
        layout.addWidget(self.scores_caption)
        layout.addLayout(self.scores)
        layout.addWidget(self.audit_caption)
        layout.addWidget(self.verdict)
        layout.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.log_hash)
        self.add_buttons(self.again_button)
        self._fool: str | None = None
        self._winners: list[str] = []
        self._departed: list[str] = []
        self._team: list[str] = []
        self._unfinished = False
        self._you_are_fool = False
        self._lines: list[ScoreLine] = []
        self._verdict = AuditVerdict(True, "")
        self.retranslate()

    def show_result(
        self,
        fool: str | None,
        you_are_fool: bool,
        lines: Sequence[ScoreLine],
        verdict: AuditVerdict,
        winners: Sequence[str] = (),
        departed: Sequence[str] = (),
        team: Sequence[str] = (),
        unfinished: bool = False,
    ) -> None:
        """Fill the panel: the fool's name (None: a draw), the scores and the audit verdict.

        `unfinished`: the game ended before its end (a cheat, abandoned): nobody loses it.

        `winners` names the best scorers where the score decides the game (points, pogony);
        `departed` the players whose leaving ended it (fools by forfeit) and `team` their losing
        team in a team game.
        """
        self._winners = list(winners)
        self._departed, self._team = list(departed), list(team)
        self._unfinished = unfinished
        self._fool, self._you_are_fool = fool, you_are_fool
        self._lines, self._verdict = list(lines), verdict
        self.retranslate()
        self.reveal()

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        if self._fool is None and self._unfinished:
            self.title.setText(self.tr("The game did not finish"))
            self.subtitle.setText(self.tr("Nobody loses it; the audit below says why."))
        elif self._fool is None:
            self.title.setText(self.tr("A draw!"))
            self.subtitle.setText(self.tr("The last players emptied their hands together."))
        elif self._you_are_fool:
            self.title.setText(self.tr("You are the fool!"))
            self.subtitle.setText(self.tr("Better luck in the next game: you deal."))
        else:
            self.title.setText(self.tr("%1 is the fool").replace("%1", self._fool))
            self.subtitle.setText(self.tr("The fool deals the next game."))
        if self._departed:
            self.subtitle.setText(self._departure_words())
        if self._winners:
            self.subtitle.setText(
                self.tr("Best score, the winner: %1").replace("%1", ", ".join(self._winners))
                + "\n"
                + self.subtitle.text()
            )
        self.scores_caption.setText(self.tr("Match scores"))
        clear_grid(self.scores)
        headers = (self.tr("Player"), self.tr("Points"), self.tr("Times the fool"))
        for column, text in enumerate(headers):
            label = QLabel(text, self.panel)
            label.setObjectName("header")
            self.scores.addWidget(label, 0, column)
        for row, line in enumerate(self._lines, start=1):
            for column, text in enumerate((line.name, str(line.points), str(line.times_fool))):
                self.scores.addWidget(QLabel(text, self.panel), row, column)
        self.audit_caption.setText(self.tr("Audit"))
        if self._verdict.verified:
            mark, style = "✔ ", "verified"
        elif self._verdict.unfinished:
            mark, style = "", "unfinished"
        else:
            mark, style = "✖ ", "cheated"
        self.verdict.setObjectName(style)
        self.verdict.setText(mark + self._verdict.text)
        self.verdict.setStyleSheet("")  # re-apply the object-name rule
        digest = self._verdict.log_hash
        self.details_button.setVisible(bool(digest))
        self.log_hash.setVisible(bool(digest) and self.details_button.isChecked())
        self.details_button.setText(
            ("▾ " if self.details_button.isChecked() else "▸ ") + self.tr("Details for checking")
        )
        self.log_hash.setText(self.tr("Log hash: %1").replace("%1", digest))
        self.log_hash.setToolTip(
            self.tr("Every peer ends with this hash of the signed log; compare it with theirs.")
        )
        self.again_button.setText(self.tr("Play again"))
        self.lobby_button.setText(self.tr("Back to the lobby"))

    def _departure_words(self) -> str:
        """Why the game ended when players left: who, and who is the fool by forfeit."""
        who = ", ".join(self._departed)
        if self._team:
            return (
                self.tr("%1 left the table; their team is the fool by forfeit: %2.")
                .replace("%2", ", ".join(self._team))
                .replace("%1", who)
            )
        if len(self._departed) > 1:
            return (
                self.tr("%1 left the table; %2 is the fool by forfeit.")
                .replace("%2", self._fool or self._departed[0])
                .replace("%1", who)
            )
        return self.tr("%1 left the table and is the fool by forfeit.").replace("%1", who)

    def _details_toggled(self, shown: bool) -> None:
        """The log hash (to compare with the other players) shows only when asked for."""
        self.log_hash.setVisible(shown and bool(self._verdict.log_hash))
        self.retranslate()
