"""The game-over panel of a family-3 game: who went out, who has the most points, the points of
this game and of the match, next game or back to the lobby."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from durak_qt.games.durak.game_over import OverPanel, clear_grid
from durak_qt.games.family3.local_game import GamePoints


class Family3OverPanel(OverPanel):
    """Shown over the table when a game of the match ends; emits next_game or back_to_lobby."""

    next_game = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self.layout_
        self.caption = QLabel(self.panel)
        self.caption.setObjectName("header")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(24)
        self.rule = QLabel(self.panel)
        self.rule.setWordWrap(True)
        self.next_button = QPushButton(self.panel)
        self.next_button.clicked.connect(self.next_game)
        layout.addWidget(self.caption)
        layout.addLayout(self.grid)
        layout.addWidget(self.rule)
        self.add_buttons(self.next_button)
        self._winners: list[str] = []
        self._fool: str | None = None
        self._you_won = False
        self._you_fool = False
        self._points: list[GamePoints] = []
        self._game_no = 1
        self._unfinished = False
        self._most: list[str] = []
        self.rule_text: object = None  # what the points mean in this game (None: czech's line)
        self.retranslate()

    def show_result(
        self,
        winners: Sequence[str],
        fool: str | None,
        you_won: bool,
        you_fool: bool,
        points: Sequence[GamePoints],
        game_no: int,
        most: Sequence[str] = (),
        unfinished: bool = False,
    ) -> None:
        """Fill the panel: the winners but you (you_won: you are one; none: nobody went out),
        the fool (None: no single seat has the most points; `most` then names those who share
        them), each seat's points of this game and of the match; `unfinished`: the game ended
        before its end (abandoned, a cheat caught), so nobody won or lost it."""
        self._winners, self._fool = list(winners), fool
        self._you_won, self._you_fool = you_won, you_fool
        self._points, self._game_no = list(points), game_no
        self._most = list(most)
        self._unfinished = unfinished
        self.retranslate()
        self.reveal()
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
        if self._unfinished:
            self.title.setText(self.tr("The game did not finish"))
            self.subtitle.setText(self.tr("Nobody loses it; the game log says why."))
        elif self._you_fool:
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
        clear_grid(self.grid)
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
