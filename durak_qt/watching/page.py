"""The watching page: a running table as a spectator sees it, with a "Watching" banner above it,
the game log, the chat and who watches beside it. It draws `net.watch_events` events it is
given (`show_event`) and says what the spectator wants (leave, chat); it never moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from durak_qt.games.pages import game_pages, same_game
from durak_qt.history.frames import move_words, signed_move_words
from durak_qt.palette import themed
from durak_qt.table.side_panel import SidePanel
from durak_qt.variants import variant_title
from durak_qt.watching.over_panel import FINISHED, WatchOverPanel
from durak_qt.watching.seen import spectator_view
from net.watch_events import (
    GameEnded,
    GameStarted,
    MoveShown,
    TableShown,
    WatchChat,
    WatchEnded,
    WatchersChanged,
    WatchStarted,
)

PAGE_STYLE = """
WatchingPage { background: $side_back; }
QWidget#banner { background: $header_back; border-bottom: 2px solid $selection; }
QLabel#banner_title { color: $accent; font-size: 17px; font-weight: bold; }
QLabel#banner_text { color: $page_text; font-size: 13px; }
"""


class WatchingPage(QWidget):
    """A watched table: `show_event(event)` draws each watch event in order; emits
    `leave_requested` (Leave, Esc), `chat_typed(text)` and `settings_requested`."""

    leave_requested = Signal()
    chat_typed = Signal(str)
    settings_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        themed(self, PAGE_STYLE)
        self.table_name = ""
        self.host = ""
        self.variant = ""
        self.players: tuple[str, ...] = ()
        self.game_no = -1
        self.observation: Any = None  # the last public observation shown
        self.table: Any = None
        self.table_variant = ""
        self.display: tuple[str, str, float, int] = ("suit", "back-blue", 1.0, 120)
        self._log: list[Callable[[], str]] = []  # the lines of this game, re-rendered
        self.match_over = False
        self._redraw = QTimer(self)  # a burst of moves (catching up) is drawn once, at its end
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(0)
        self._redraw.timeout.connect(self._draw_now)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.banner = QWidget(self)
        self.banner.setObjectName("banner")
        self.banner.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        banner_row = QHBoxLayout(self.banner)
        banner_row.setContentsMargins(14, 6, 14, 6)
        self.banner_title = QLabel(self.banner)
        self.banner_title.setObjectName("banner_title")
        self.banner_text = QLabel(self.banner)
        self.banner_text.setObjectName("banner_text")
        self.banner_text.setWordWrap(True)
        banner_row.addWidget(self.banner_title)
        banner_row.addSpacing(12)
        banner_row.addWidget(self.banner_text, 1)
        outer.addWidget(self.banner)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.table_holder = QWidget(self.splitter)
        self.table_layout = QVBoxLayout(self.table_holder)
        self.table_layout.setContentsMargins(0, 0, 0, 0)
        self.waiting = QLabel(self.table_holder)
        self.waiting.setObjectName("banner_text")
        self.waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table_layout.addWidget(self.waiting)
        self.side = SidePanel(self.splitter)
        self.side.set_spectator(True)
        self.side.leave_requested.connect(self.leave_requested)
        self.side.message_sent.connect(self.chat_typed)
        self.side.settings_requested.connect(self.settings_requested)
        self.splitter.addWidget(self.table_holder)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([1000, 260])
        outer.addWidget(self.splitter, 1)
        self.game_over = WatchOverPanel(self.table_holder)
        self.game_over.hide()
        self.game_over.back_to_lobby.connect(self.leave_requested)
        self.game_over.keep_watching.connect(self.game_over.hide)
        self.escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.escape.activated.connect(self.leave_requested)
        self.retranslate()

    # ----- what the window asks -----------------------------------------------------------

    def leave_cost(self) -> str:
        """Leaving costs a spectator nothing: never asked (the window's `confirm_leave`)."""
        return ""

    def apply_settings(
        self, sort_order: str, card_back: str, card_scale: float, animation_ms: int
    ) -> None:
        """The table's display preferences (those of a seat's table)."""
        self.display = (sort_order, card_back, card_scale, animation_ms)
        self._apply_display()

    def chat_refused(self) -> None:
        """The table took no chat line from this spectator: its host turned their chat off."""
        self.side.set_chat_closed(True)

    # ----- events -------------------------------------------------------------------------

    def show_event(self, event: Any) -> None:
        """Draw one watch event (`net.watch_events`, in the order the watch delivers them)."""
        if isinstance(event, WatchStarted):
            self._started(event)
        elif isinstance(event, GameStarted):
            self._game_started(event)
        elif isinstance(event, MoveShown):
            self._move_shown(event)
        elif isinstance(event, TableShown):
            if event.game_no == self.game_no:
                self._draw(event.observation)
        elif isinstance(event, GameEnded):
            self._game_ended(event)
        elif isinstance(event, WatchChat):
            self._chat(event)
        elif isinstance(event, WatchersChanged):
            self.side.set_watchers(event.names)
        elif isinstance(event, WatchEnded):
            self._watch_ended(event)

    def _started(self, event: WatchStarted) -> None:
        self.table_name, self.host = event.table, event.host
        self.variant, self.players = event.variant, tuple(event.players)
        self.side.set_chat_closed(not event.chat)
        self.retranslate()

    def _game_started(self, event: GameStarted) -> None:
        self.game_no = event.game_no
        self.variant, self.players = event.variant, tuple(event.players)
        self.game_over.hide()
        self._ensure_table(event.variant)
        self.table.clear_game()
        self.table.set_players(list(self.players))
        self._log.clear()
        self.side.clear_log()
        number, caught_up = event.game_no + 1, event.caught_up
        self._add_log(lambda: self.tr("Game %1 of the match").replace("%1", str(number)))
        if caught_up:
            self._add_log(
                lambda: self.tr("You joined during the game: %n move(s) so far.", "", caught_up)
            )
        self._draw(event.observation)
        self.retranslate()

    def _move_shown(self, event: MoveShown) -> None:
        if event.game_no != self.game_no:
            return
        self._draw(event.observation)
        variant, seen, words = self.variant, self._seen(event.observation), event.words
        events = tuple(getattr(event.observation, "last_events", ()) or ())

        def render() -> str:
            said = move_words(variant, events, self._name_of, seen) if events else []
            return "; ".join(said) if said else signed_move_words(words, self._name_of)

        self._add_log(render)

    def _game_ended(self, event: GameEnded) -> None:
        if event.reason != FINISHED:  # the game's own log said how a played-out game ended
            self._add_log(lambda: self.tr("The game is over: %1").replace("%1", event.words))
        self.game_over.set_match_over(self.match_over)
        self.game_over.show_result(event, self.players)

    def _chat(self, event: WatchChat) -> None:
        name = event.name
        if event.spectator:
            name = self.tr("%1 (watching)").replace("%1", event.name)
        self.side.add_chat_line(name, event.text)

    def _watch_ended(self, event: WatchEnded) -> None:
        self.side.set_chat_closed(True)
        if event.kind == "match-over":
            self.match_over = True
            self.game_over.set_match_over(True)
        self.retranslate()

    # ----- drawing ------------------------------------------------------------------------

    def _seen(self, observation: Any) -> Any:
        return spectator_view(observation)

    def _draw(self, observation: Any) -> None:
        """Show a public observation on the table soon (the last of a burst only)."""
        if observation is None:
            return
        self.observation = observation
        self._redraw.start()

    def _draw_now(self) -> None:
        """Draw the last observation given on the table (made for its game if needed)."""
        observation = self.observation
        if observation is None:
            return
        self._ensure_table(str(getattr(observation, "variant", "") or self.variant))
        self.table.set_observation(self._seen(observation))

    def _ensure_table(self, variant: str) -> None:
        """The seat's table widget of this game (its registry entry's pages make it), kept while
        the games watched are presets of one game."""
        if self.table is not None and same_game(variant, self.table_variant):
            return
        if self.table is not None:
            self.table.hide()
            self.table.setParent(None)
            self.table.deleteLater()
        self.table = game_pages(variant).table(variant, self.table_holder)
        self.table_variant = variant
        self.table.scene.set_read_only(True)  # nobody at this table is "you"
        self.waiting.hide()
        self.table_layout.addWidget(self.table)
        self.table.set_players(list(self.players))
        self._apply_display()
        self.game_over.raise_()

    def _apply_display(self) -> None:
        if self.table is None:
            return
        game_pages(self.table_variant).show_display(self.table, *self.display)

    def _name_of(self, seat: int) -> str:
        if 0 <= seat < len(self.players):
            return self.players[seat]
        return self.tr("Seat %1").replace("%1", str(seat + 1))

    # ----- the log ------------------------------------------------------------------------

    def _add_log(self, render: Callable[[], str]) -> None:
        self._log.append(render)
        line = render()
        if line:
            self.side.add_log_line(line)

    def log_lines(self) -> list[str]:
        """Every line of this game's log, as shown."""
        return self.side.log_lines()

    # ----- language -----------------------------------------------------------------------

    def retranslate(self) -> None:
        """Set every text again in the current language (the log too)."""
        self.banner_title.setText(self.tr("Watching"))
        if self.match_over:
            state = self.tr("The match is over.")
        else:
            state = self.tr("You see what every player sees, never a hidden card.")
        game = variant_title(self.variant) if self.variant else ""
        self.banner_text.setText(
            self.tr("“%1”: %2 · %3")
            .replace("%1", self.table_name)
            .replace("%2", game)
            .replace("%3", state)
            if self.table_name
            else state
        )
        self.banner.setToolTip(
            self.tr("You are a spectator: you cannot move; leave at any time (Esc).")
        )
        self.waiting.setText(self.tr("Waiting for the table…"))
        self.side.clear_log()
        for render in self._log:
            line = render()
            if line:
                self.side.add_log_line(line)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
