"""The game-over panel of a family-3 game: who went out, who has the most points, the points of
this game and of the match, next game or back to the lobby."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from durak_qt.family3_game import GamePoints
from durak_qt.game_over import PANEL_STYLE


class Family3OverPanel(QWidget):
    """Shown over the table when a game of the match ends; emits next_game or back_to_lobby."""

    next_game = Signal()
    back_to_lobby = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("Family3OverPanel { background: rgba(0, 0, 0, 110); }" + PANEL_STYLE)
        outer = QVBoxLayout(self)
        outer.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.panel = QFrame(self)
        self.panel.setObjectName("panel")
        self.panel.setMinimumWidth(460)
        outer.addWidget(self.panel, 0, Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self.panel)
        layout.setContentsMargins(28, 22, 28, 22)
        layout.setSpacing(12)
        self.title = QLabel(self.panel)
        self.title.setObjectName("title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle = QLabel(self.panel)
        self.subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle.setWordWrap(True)
        self.caption = QLabel(self.panel)
        self.caption.setObjectName("header")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(24)
        self.rule = QLabel(self.panel)
        self.rule.setWordWrap(True)
        buttons = QHBoxLayout()
        self.next_button = QPushButton(self.panel)
        self.next_button.clicked.connect(self.next_game)
        self.lobby_button = QPushButton(self.panel)
        self.lobby_button.setStyleSheet("background: rgb(70, 80, 75);")
        self.lobby_button.clicked.connect(self.back_to_lobby)
        buttons.addStretch(1)
        buttons.addWidget(self.lobby_button)
        buttons.addWidget(self.next_button)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.caption)
        layout.addLayout(self.grid)
        layout.addWidget(self.rule)
        layout.addLayout(buttons)
        self._winners: list[str] = []
        self._fool: str | None = None
        self._you_won = False
        self._you_fool = False
        self._points: list[GamePoints] = []
        self._game_no = 1
        self._most: list[str] = []
        self.rule_text: object = None  # what the points mean in this game (None: czech's line)
        if parent is not None:
            parent.installEventFilter(self)
        self.retranslate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Cover the whole parent (the table) whenever it changes size."""
        parent = self.parentWidget()
        if parent is not None and watched is parent and event.type() == QEvent.Type.Resize:
            self.setGeometry(parent.rect())
        return False

    def show_result(
        self,
        winners: Sequence[str],
        fool: str | None,
        you_won: bool,
        you_fool: bool,
        points: Sequence[GamePoints],
        game_no: int,
        most: Sequence[str] = (),
    ) -> None:
        """Fill the panel: the winners but you (you_won: you are one; none: nobody went out),
        the fool (None: no single seat has the most points; `most` then names those who share
        them), each seat's points of this game and of the match."""
        self._winners, self._fool = list(winners), fool
        self._you_won, self._you_fool = you_won, you_fool
        self._points, self._game_no = list(points), game_no
        self._most = list(most)
        self.retranslate()
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.next_button.setFocus()

    def winners_title(self) -> str:
        """The title naming every winner: you first, then the others."""
        others = self._names(self._winners)
        if self._you_won:
            if not others:
                return self.tr("You win!")
            return self.tr("You and %1 win!").replace("%1", others)
        if len(self._winners) > 1:
            return self.tr("%1 win").replace("%1", others)
        if others:
            return self.tr("%1 wins").replace("%1", others)
        return self.tr("Nobody went out")

    def _names(self, names: Sequence[str]) -> str:
        """Names in a row: "Anna", "Anna and Boris", "Anna, Boris and Cole"."""
        if len(names) < 2:
            return "".join(names)
        return self.tr("%1 and %2").replace("%1", ", ".join(names[:-1])).replace("%2", names[-1])

    def rows(self) -> list[tuple[str, str, str]]:
        """The table of points as shown: (player, this game, match)."""
        return [(line.name, str(line.game), str(line.match)) for line in self._points]

    def retranslate(self) -> None:
        """Every text again in the current language."""
        self.title.setText(self.winners_title())
        if self._you_fool:
            self.subtitle.setText(self.tr("You have the most points: the fool of this game."))
        elif self._fool is not None:
            self.subtitle.setText(
                self.tr("%1 has the most points: the fool of this game.").replace("%1", self._fool)
            )
        elif len(self._most) > 1:
            self.subtitle.setText(
                self.tr("%1 share the most points: no fool this game.").replace(
                    "%1", ", ".join(self._most)
                )
            )
        else:
            self.subtitle.setText(self.tr("Nobody has points: no fool this game."))
        self.caption.setText(self.tr("Points after game %1").replace("%1", str(self._game_no)))
        while self.grid.count():
            taken = self.grid.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        headers = (self.tr("Player"), self.tr("This game"), self.tr("Match"))
        for column, text in enumerate(headers):
            label = QLabel(text, self.panel)
            label.setObjectName("header")
            self.grid.addWidget(label, 0, column)
        for row, values in enumerate(self.rows(), start=1):
            for column, text in enumerate(values):
                label = QLabel(text, self.panel)
                if column:
                    label.setAlignment(Qt.AlignmentFlag.AlignRight)
                self.grid.addWidget(label, row, column)
        default = self.tr(
            "Points are the cards left in hand: fewer is better. The winner leads the next game."
        )
        rule = self.rule_text  # the game's own line (family3_client.Family3Client.points_rule)
        self.rule.setText(
            QCoreApplication.translate("Family3OverPanel", str(rule)) if rule else default
        )
        self.next_button.setText(self.tr("Next game"))
        self.lobby_button.setText(self.tr("Back to the lobby"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
