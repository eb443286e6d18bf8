"""The replay viewer: a finished game's table as it was, move by move, with its log beside it.

It draws with the live table's own views (the table widget its registry entry's pages make,
`durak_qt.games.pages.GamePages.table`), given observations without legal actions, so nothing on
the table can be played.
Back and forward (arrow keys and buttons), Home and End, a slider, the start of each bout
(Page Up / Page Down and buttons), play and pause (Space) at three speeds; a switch between every
hand face up and the table as one seat saw it. The verification is said above the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from durak_qt.games.pages import game_pages
from durak_qt.history.frames import (
    EVERY_HAND,
    ReplaySource,
    bout_starts,
    move_words,
    position_count,
    seat_view,
    shown_observation,
    signed_move_words,
)
from durak_qt.palette import themed

VERIFIED = "Verified: every signature, every shuffle proof and every move checked"
"""net.history.verify.VERIFIED: the verdict on a file that holds up in every check."""

PLAY_SPEEDS = {"slow": 1600, "normal": 800, "fast": 300}
"""Milliseconds between two moves while the replay plays."""

VIEWER_STYLE = """
ReplayViewer { background: $side_back; }
QLabel { color: $page_text; font-size: 14px; }
QLabel#title { color: $accent; font-size: 17px; font-weight: bold; }
QLabel#verified { color: $verified_text; font-size: 14px; font-weight: bold; }
QLabel#partial { color: $page_text; font-size: 14px; font-weight: bold; }
QLabel#failed { color: $cheated_text; font-size: 14px; font-weight: bold; }
QLabel#unaudited { color: $hint_text; font-size: 13px; }
QListWidget { background: $side_list_back; color: $dialog_text; border: none; font-size: 13px;
              selection-background-color: $selection; }
QPushButton { color: $button_text; background: $side_button; border-radius: 6px;
              padding: 5px 10px; font-size: 14px; }
QPushButton:disabled { color: $dialog_button_text_disabled; }
QComboBox { color: $button_text; background: $header_back; border-radius: 6px;
            padding: 4px 8px; font-size: 13px; }
QComboBox QAbstractItemView { color: $button_text; background: $header_back;
                              selection-background-color: $selection; }
"""


@dataclass(frozen=True)
class ReplayInfo:
    """What the viewer says about a game besides its moves."""

    variant: str
    names: Sequence[str]
    verified: bool  # every check passed (a game without a full audit: what could be checked)
    verification: str  # "Verified: ..." or exactly what failed
    complete: bool = True  # the audit opened every hand
    why: str = ""  # why it did not (abandoned, a cheat named, a player left)
    own_seat: int = 0  # the seat at the bottom of the table


class ReplayViewer(QWidget):
    """Shows one replay; emits `back_requested` when the player leaves it."""

    back_requested = Signal()
    position_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        themed(self, VIEWER_STYLE)
        self.replay: ReplaySource | None = None
        self.info: ReplayInfo | None = None
        self.table: Any = None
        self.position = 0
        self.view = EVERY_HAND
        self.starts: list[int] = [0]
        self.display = ("suit", "back-blue", 1.0, 120)  # sort order, back, card scale, anim ms
        self.play_timer = QTimer(self)
        self.play_timer.timeout.connect(self._play_tick)
        self.speed = "normal"

        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 6)
        outer.setSpacing(6)
        top = QHBoxLayout()
        self.back_button = QPushButton(self)
        self.back_button.clicked.connect(self._back)
        self.title = QLabel(self)
        self.title.setObjectName("title")
        top.addWidget(self.back_button)
        top.addWidget(self.title, 1)
        outer.addLayout(top)
        self.verification = QLabel(self)
        self.verification.setWordWrap(True)
        self.verification.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        outer.addWidget(self.verification)
        self.unaudited = QLabel(self)
        self.unaudited.setObjectName("unaudited")
        self.unaudited.setWordWrap(True)
        self.unaudited.hide()
        outer.addWidget(self.unaudited)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.table_holder = QWidget(self.splitter)
        self.table_layout = QVBoxLayout(self.table_holder)
        self.table_layout.setContentsMargins(0, 0, 0, 0)
        self.no_table = QLabel(self.table_holder)  # a replay without a table: only its moves
        self.no_table.setObjectName("unaudited")
        self.no_table.setWordWrap(True)
        self.no_table.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_table.hide()
        self.table_layout.addWidget(self.no_table)
        self.playable = True
        side = QWidget(self.splitter)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(6, 0, 0, 0)
        self.view_caption = QLabel(side)
        self.view_combo = QComboBox(side)
        self.view_combo.currentIndexChanged.connect(self._view_chosen)
        self.view_caption.setBuddy(self.view_combo)
        self.log = QListWidget(side)
        self.log.setWordWrap(True)
        self.log.currentRowChanged.connect(self._log_row_chosen)
        side_layout.addWidget(self.view_caption)
        side_layout.addWidget(self.view_combo)
        side_layout.addWidget(self.log, 1)
        self.splitter.addWidget(self.table_holder)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([1000, 300])
        outer.addWidget(self.splitter, 1)

        controls = QHBoxLayout()
        self.first_button = QPushButton("|◀", self)
        self.bout_back_button = QPushButton("◀◀", self)
        self.step_back_button = QPushButton("◀", self)
        self.play_button = QPushButton(self)
        self.step_button = QPushButton("▶", self)
        self.bout_button = QPushButton("▶▶", self)
        self.last_button = QPushButton("▶|", self)
        self.first_button.clicked.connect(lambda: self.go_to(0))
        self.bout_back_button.clicked.connect(self.previous_bout)
        self.step_back_button.clicked.connect(lambda: self.step(-1))
        self.play_button.clicked.connect(self.toggle_play)
        self.step_button.clicked.connect(lambda: self.step(1))
        self.bout_button.clicked.connect(self.next_bout)
        self.last_button.clicked.connect(lambda: self.go_to(self.last_position()))
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setMinimum(0)
        self.slider.valueChanged.connect(self.go_to)
        self.position_label = QLabel(self)
        self.speed_combo = QComboBox(self)
        self.speed_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.speed_combo.currentIndexChanged.connect(self._speed_chosen)
        for button in (
            self.first_button,
            self.bout_back_button,
            self.step_back_button,
            self.play_button,
            self.step_button,
            self.bout_button,
            self.last_button,
        ):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            controls.addWidget(button)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.position_label)
        controls.addWidget(self.speed_combo)
        outer.addLayout(controls)
        for widget in (self.log, self.slider, self.view_combo, self.speed_combo):
            widget.installEventFilter(self)
        self.retranslate()

    # ----- loading ------------------------------------------------------------------------

    def apply_settings(
        self, sort_order: str, card_back: str, card_scale: float, animation_ms: int
    ) -> None:
        """The table's display preferences (those of the live table)."""
        self.display = (sort_order, card_back, card_scale, min(animation_ms, 200))
        self._apply_display()

    def _apply_display(self) -> None:
        if self.table is None:
            return
        if self.info is not None:
            game_pages(self.info.variant).show_display(self.table, *self.display)

    def show_refusal(self, words: str) -> None:
        """A file that cannot be shown: say exactly why, and show no table."""
        self.stop()
        self.replay, self.info = None, None
        self._drop_table()
        self.title.setText(self.tr("Game file"))
        self.verification.setObjectName("failed")
        self.verification.setText(self.tr("Not verified: %1").replace("%1", words))
        self._restyle_label(self.verification)
        self.unaudited.hide()
        self.no_table.hide()
        self.log.clear()
        self.view_combo.clear()
        self._enable_controls(False)

    def load(self, replay: ReplaySource, info: ReplayInfo) -> None:
        """Show this replay from the deal, every hand face up; the verification above it."""
        self.stop()
        self.replay, self.info = replay, info
        self.starts = bout_starts(replay.steps)
        self._drop_table()
        self.playable = bool(getattr(replay, "playable", True))
        if self.playable:
            self.table = self._make_table(info.variant)
            self.table.scene.set_read_only(True)  # nobody at this table is "you"
            self.table_layout.addWidget(self.table)
            self.table.view.installEventFilter(self)
            self._apply_display()
            self.table.set_players(list(info.names))
        self.no_table.setVisible(not self.playable)
        looks = "verified" if info.complete else "partial"
        self.verification.setObjectName(looks if info.verified else "failed")
        self.verification.setText(self.verification_words(info.verification))
        self._restyle_label(self.verification)
        self.view = EVERY_HAND
        self.position = -1
        self.slider.blockSignals(True)
        self.slider.setMaximum(self.last_position())
        self.slider.blockSignals(False)
        self._enable_controls(True)
        self.view_combo.setEnabled(self.playable)
        self.retranslate()
        self.go_to(0)

    def verification_words(self, words: str) -> str:
        """net's verdict on the file, in the language of the moment where it has fixed words
        (net.history.verify.VERIFIED); other verdicts name files and seats, and stay as said."""
        if words == VERIFIED:
            return self.tr("Verified: every signature, every shuffle proof and every move checked")
        return words

    def focus_table(self) -> None:
        """Give the keys to the table (the log when there is none): arrows step at once."""
        target = self.table.view if self.table is not None else self.log
        target.setFocus()

    def _make_table(self, variant: str) -> Any:
        """The live table's widget for this game: the one its registry entry's pages make."""
        return game_pages(variant).table(variant, self.table_holder)

    def _drop_table(self) -> None:
        if self.table is not None:
            self.table.hide()
            self.table.setParent(None)
            self.table.deleteLater()
            self.table = None

    def _restyle_label(self, label: QLabel) -> None:
        label.style().unpolish(label)
        label.style().polish(label)

    def _enable_controls(self, on: bool) -> None:
        for widget in (
            self.first_button,
            self.bout_back_button,
            self.step_back_button,
            self.play_button,
            self.step_button,
            self.bout_button,
            self.last_button,
            self.slider,
            self.speed_combo,
            self.view_combo,
        ):
            widget.setEnabled(on)

    # ----- moving -------------------------------------------------------------------------

    def last_position(self) -> int:
        """The position after the last move (0 without a replay)."""
        return position_count(self.replay) - 1 if self.replay is not None else 0

    def go_to(self, position: int) -> None:
        """Show the table at `position` (0: the deal; k: after the k-th move); a replay without
        a table only moves the log's highlight."""
        if self.replay is None or self.info is None:
            return
        position = max(0, min(position, self.last_position()))
        if position == self.position:
            return
        self.position = position
        if self.table is not None:
            game = self.replay.state(position)
            self.table.set_observation(shown_observation(game, self.info.own_seat, self.view))
        for widget, value in ((self.slider, position), (self.log, position)):
            widget.blockSignals(True)
            if widget is self.slider:
                self.slider.setValue(value)
            else:
                self.log.setCurrentRow(value)
            widget.blockSignals(False)
        item = self.log.item(position)
        if item is not None:
            self.log.scrollToItem(item)
        self._update_position_label()
        self.position_changed.emit(position)

    def step(self, delta: int) -> None:
        """Go `delta` moves forward (negative: back)."""
        self.go_to(self.position + delta)

    def next_bout(self) -> None:
        """Go to the start of the next bout (the last position after the last bout)."""
        later = [start for start in self.starts if start > self.position]
        self.go_to(later[0] if later else self.last_position())

    def previous_bout(self) -> None:
        """Go to the start of this bout, or of the one before when already at a start."""
        earlier = [start for start in self.starts if start < self.position]
        self.go_to(earlier[-1] if earlier else 0)

    def set_view(self, view: int) -> None:
        """EVERY_HAND, or the seat whose view of the table is shown."""
        index = self.view_combo.findData(view)
        if index >= 0:
            self.view_combo.setCurrentIndex(index)

    # ----- playing ------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Whether the replay moves on by itself."""
        return self.play_timer.isActive()

    def toggle_play(self) -> None:
        """Play from here (from the deal when at the end), or pause."""
        if self.playing:
            self.stop()
            return
        if self.replay is None:
            return
        if self.position >= self.last_position():
            self.go_to(0)
        self.play_timer.start(PLAY_SPEEDS[self.speed])
        self._update_play_button()

    def stop(self) -> None:
        """Pause."""
        self.play_timer.stop()
        self._update_play_button()

    def set_speed(self, speed: str) -> None:
        """ "slow", "normal" or "fast"."""
        index = self.speed_combo.findData(speed)
        if index >= 0:
            self.speed_combo.setCurrentIndex(index)

    def _play_tick(self) -> None:
        self.step(1)
        if self.position >= self.last_position():
            self.stop()

    def _speed_chosen(self, index: int) -> None:
        speed = self.speed_combo.itemData(index)
        if speed in PLAY_SPEEDS:
            self.speed = speed
            if self.playing:
                self.play_timer.setInterval(PLAY_SPEEDS[speed])

    def _update_play_button(self) -> None:
        self.play_button.setText(self.tr("Pause") if self.playing else self.tr("Play"))
        self.play_button.setToolTip(self.tr("Play or pause (Space)"))

    # ----- the side: view switch and log --------------------------------------------------

    def _view_chosen(self, index: int) -> None:
        view = self.view_combo.itemData(index)
        if not isinstance(view, int) or view == self.view:
            return
        self.view = view
        if self.replay is not None and self.table is not None and self.info is not None:
            game = self.replay.state(self.position)
            self.table.set_observation(shown_observation(game, self.info.own_seat, view))

    def _log_row_chosen(self, row: int) -> None:
        if row >= 0:
            self.go_to(row)

    def _fill_views(self) -> None:
        self.view_combo.blockSignals(True)
        self.view_combo.clear()
        complete = self.info is None or self.info.complete
        every = self.tr("Every hand face up") if complete else self.tr("Every card opened")
        self.view_combo.addItem(every, EVERY_HAND)
        names = self.info.names if self.info is not None else ()
        for seat, name in enumerate(names):
            self.view_combo.addItem(self.tr("As %1 saw it").replace("%1", name), seat)
        self.view_combo.setCurrentIndex(max(0, self.view_combo.findData(self.view)))
        self.view_combo.blockSignals(False)

    def _fill_log(self) -> None:
        """One line for the deal and one for each move, in the language of the moment."""
        self.log.blockSignals(True)
        self.log.clear()
        self.log.addItem(self.tr("The deal"))
        if self.replay is not None and self.info is not None:
            names = list(self.info.names)

            def name_of(seat: int) -> str:
                if 0 <= seat < len(names):
                    return names[seat]
                return self.tr("Seat %1").replace("%1", str(seat + 1))

            for number, step in enumerate(self.replay.steps, start=1):
                words: list[str] = []
                if self.playable:
                    game = self.replay.state(number)
                    words = move_words(
                        self.info.variant, game.last_events(), name_of, seat_view(game, 0)
                    )
                text = "; ".join(words) if words else signed_move_words(step.words, name_of)
                self.log.addItem(f"{number}. {text}")
        if 0 <= self.position < self.log.count():
            self.log.setCurrentRow(self.position)
        self.log.blockSignals(False)

    def _update_position_label(self) -> None:
        self.position_label.setText(
            self.tr("Move %1 of %2")
            .replace("%1", str(max(self.position, 0)))
            .replace("%2", str(self.last_position()))
        )

    # ----- keys ---------------------------------------------------------------------------

    def handle_key(self, key: int) -> bool:
        """The viewer's keys: arrows step, Home/End, Page Up/Down jump bouts, Space plays."""
        actions = {
            Qt.Key.Key_Left: lambda: self.step(-1),
            Qt.Key.Key_Right: lambda: self.step(1),
            Qt.Key.Key_Home: lambda: self.go_to(0),
            Qt.Key.Key_End: lambda: self.go_to(self.last_position()),
            Qt.Key.Key_PageUp: self.previous_bout,
            Qt.Key.Key_PageDown: self.next_bout,
            Qt.Key.Key_Space: self.toggle_play,
            Qt.Key.Key_Escape: self._back,
        }
        action = next((act for k, act in actions.items() if k.value == key), None)
        if action is None or (self.replay is None and key != Qt.Key.Key_Escape.value):
            return False
        action()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The table, the log, the slider and the switches pass the viewer's keys to it (a
        switch keeps Space, Home and End for itself)."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = int(event.key())
            own = (Qt.Key.Key_Space.value, Qt.Key.Key_Home.value, Qt.Key.Key_End.value)
            if not (isinstance(watched, QComboBox) and key in own) and self.handle_key(key):
                return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(int(event.key())):
            super().keyPressEvent(event)

    def _back(self) -> None:
        self.stop()
        self.back_requested.emit()

    # ----- language -----------------------------------------------------------------------

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.back_button.setText(self.tr("◀ History"))
        self.back_button.setToolTip(self.tr("Back to the list of games (Esc)"))
        info = self.info
        if info is not None:
            from durak_qt.variants import variant_title

            self.verification.setText(self.verification_words(info.verification))
            self.title.setText(
                self.tr("%1: %2")
                .replace("%1", variant_title(info.variant))
                .replace("%2", ", ".join(info.names))
            )
            self.unaudited.setVisible(not info.complete)
            note = self.tr("Not every hand was opened at the end: %1.")
            self.unaudited.setText(note.replace("%1", info.why or self.tr("no audit")))
        self.no_table.setText(
            self.tr(
                "The cards of this game were not all opened, so its table cannot be shown: "
                "only its signed moves, in the log."
            )
        )
        self.view_caption.setText(self.tr("Show"))
        self.first_button.setToolTip(self.tr("The deal (Home)"))
        self.bout_back_button.setToolTip(self.tr("Start of this bout (Page Up)"))
        self.step_back_button.setToolTip(self.tr("One move back (←)"))
        self.step_button.setToolTip(self.tr("One move forward (→)"))
        self.bout_button.setToolTip(self.tr("Start of the next bout (Page Down)"))
        self.last_button.setToolTip(self.tr("The end (End)"))
        self.slider.setToolTip(self.tr("Every move of the game"))
        self.speed_combo.blockSignals(True)
        self.speed_combo.clear()
        for speed, label in (
            ("slow", self.tr("Slow")),
            ("normal", self.tr("Normal")),
            ("fast", self.tr("Fast")),
        ):
            self.speed_combo.addItem(label, speed)
        self.speed_combo.setCurrentIndex(self.speed_combo.findData(self.speed))
        self.speed_combo.blockSignals(False)
        self.speed_combo.setToolTip(self.tr("Play speed"))
        self._update_play_button()
        self._fill_views()
        self._fill_log()
        self._update_position_label()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
