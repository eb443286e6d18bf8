"""The top-level window: first start (your name), the lobby, the game page and History."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPainter,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from durak_qt import palette
from durak_qt.controller import GameController
from durak_qt.i18n import install_language
from durak_qt.keys import LatinKeys
from durak_qt.palette import CLEAR, themed
from durak_qt.settings import Settings
from durak_qt.sounds import SoundBoard
from durak_qt.table.side_panel import breakable
from durak_qt.theme import style_dialog
from resources import resource_path

DEFAULT_SIZE = QSize(1280, 720)
"""The first-start window size on a large screen."""
MINIMUM_SIZE = QSize(960, 600)
"""The smallest window the lobby and the table are laid out for."""
FRAME_ALLOWANCE = QSize(16, 40)
"""Room left for the window frame and title bar, which the size excludes."""

PLAYED_KINDS = frozenset(
    ("attacked", "thrown", "beaten", "transferred", "trump_shown", "talon_led", "beaten_hidden")
)
"""Events that put a card on the table (the "play" sound)."""


def default_window_size(available: QRect) -> QSize:
    """The first-start window size: DEFAULT_SIZE, or less so that the whole window (frame
    included) fits the screen's free area, e.g. a 1366x768 laptop with its taskbar."""
    width = min(DEFAULT_SIZE.width(), available.width() - FRAME_ALLOWANCE.width())
    height = min(DEFAULT_SIZE.height(), available.height() - FRAME_ALLOWANCE.height())
    return QSize(max(width, 320), max(height, 240))


def pause_move_timer(timer: Any) -> Callable[[], None]:
    """Hold a running move-timer countdown where it is (MoveTimer.pause); returns what carries
    it on (MoveTimer.resume)."""
    timer.pause()
    resume: Callable[[], None] = timer.resume
    return resume


WELCOME_STYLE = """
WelcomePage { background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 $page_top, stop:1 $page_bottom); }
QLabel { color: $page_text; font-size: 16px; }
QLabel#title { font-size: 34px; font-weight: bold; color: $accent; }
QLineEdit { font-size: 18px; padding: 8px; border-radius: 8px; min-width: 280px; }
QPushButton { color: $button_text; font-weight: bold; border-radius: 8px; padding: 10px 24px;
              border: 2px solid $button_rim; background: $bots_button; font-size: 16px; }
QPushButton:disabled { background: $start_button_disabled; }
"""


def fanned_cards(names: tuple[str, ...], width: int) -> QPixmap:
    """A small fan of card faces, for decoration."""
    from durak_qt.table.card_art import card_height, shared_card_art

    art = shared_card_art()
    height = card_height(width)
    canvas = QPixmap(round(width * (1.2 + 0.55 * len(names))), round(height * 1.45))
    canvas.fill(CLEAR)
    painter = QPainter(canvas)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    pivot = QPointF(canvas.width() / 2, height * 1.35)
    middle = (len(names) - 1) / 2
    for index, name in enumerate(names):
        painter.save()
        painter.translate(pivot)
        painter.rotate((index - middle) * 12)
        painter.drawPixmap(QPointF(-width / 2, -height * 1.25), art.pixmap(name, width))
        painter.restore()
    painter.end()
    return canvas


class WelcomePage(QWidget):
    """First start: pick the name the others will see."""

    name_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        themed(self, WELCOME_STYLE)
        layout = QVBoxLayout(self)
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cards = QLabel(self)
        self.cards.setPixmap(fanned_cards(("AS", "KH", "QD", "JC", "RJ"), 110))
        layout.addWidget(self.cards, 0, Qt.AlignmentFlag.AlignCenter)
        self.title = QLabel(self)
        self.title.setObjectName("title")
        self.prompt = QLabel(self)
        self.name_edit = QLineEdit(self)
        self.name_edit.setMaxLength(24)
        self.continue_button = QPushButton(self)
        self.continue_button.setEnabled(False)
        self.name_edit.textChanged.connect(
            lambda text: self.continue_button.setEnabled(bool(text.strip()))
        )
        self.name_edit.returnPressed.connect(self._done)
        self.continue_button.clicked.connect(self._done)
        for widget in (self.title, self.prompt, self.name_edit, self.continue_button):
            layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignCenter)
        self.retranslate()

    def _done(self) -> None:
        name = " ".join(self.name_edit.text().split())
        if name:
            self.name_chosen.emit(name)

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.title.setText(self.tr("Durak on the LAN"))
        self.prompt.setText(self.tr("Pick the name the other players will see at the table:"))
        self.name_edit.setPlaceholderText(self.tr("Your name"))
        self.continue_button.setText(self.tr("Continue"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


LOCAL_JOURNAL = "local-game.jsonl"
"""The file in the data folder that keeps the game against bots for a resume."""


class GamePage(QWidget):
    """The table with the log and chat beside it, and the game-over panel over the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from durak_qt.games.durak.game_over import GameOverPanel
        from durak_qt.table.side_panel import SidePanel
        from durak_qt.table.view import TableWidget

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.table = TableWidget(parent=self.splitter)
        self.side = SidePanel(self.splitter)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([1000, 260])
        layout.addWidget(self.splitter)
        self.game_over = GameOverPanel(self.table)
        self.game_over.hide()
        from durak_qt.table.busy_banner import BusyBanner

        self.busy = BusyBanner(self.table, self.table.busy_banner_place, self.table.cover_hint)

    def show_game_over(self, *args: Any) -> None:
        """Show the game-over panel over the whole table."""
        self.game_over.show_result(*args)


class MainWindow(QMainWindow):
    """The application window; the first-start page, the lobby and the table are shown inside it.

    `start_lan_discovery()` fills `lobby.model` from mDNS; `table_requested(TableOptions)` and
    `join_requested(TableListing)` announce a LAN table being opened or joined, which
    `host_lan_table` / `join_lan_table` then do through `durak_qt.lobby.lan_game.LanGame`.
    """

    table_requested = Signal(object)
    join_requested = Signal(object)

    ask_before_closing = True
    """Closing the window during a game asks first (the Qt tests close windows unasked)."""

    def __init__(
        self,
        settings: Settings | None = None,
        parent: QWidget | None = None,
        bot_delay_ms: int | None = None,
        lan: bool = False,
    ) -> None:
        super().__init__(parent)
        from durak_qt.lobby.lobby import LobbyWidget

        self.lan = lan  # network play allowed (the `durak` command: unless --no-lan)

        self.settings = settings if settings is not None else Settings()
        install_language(self.settings.language)
        palette.use(self.settings.theme, self.settings.four_colour)
        self.bot_delay_ms = bot_delay_ms
        self.setWindowTitle(self.tr("Durak"))
        self.setWindowIcon(QIcon(str(resource_path("icons", "durak.svg"))))
        self._restore_geometry()
        self.sounds = SoundBoard(self.settings.sound, self)
        self.table_timer = 0  # the running table's seconds per move (0: none)
        self.game_variant = "throw-in"  # the variant of the table shown (for the rules help)
        self._log_entries: list[Callable[[], str | None]] = []  # re-rendered on a language switch
        self._my_turn = False
        self._dealt_sound = False
        self.leave_box: QMessageBox | None = None
        self._joining: Any = None  # the lobby listing or invitation being joined (for a retry)
        self.last_invitation = ""  # the invitation of the last table hosted here
        self._journal: Any = None  # durak_qt.lobby.client_journal.ClientJournal of a LAN table
        self._latin_keys = LatinKeys(self)
        self.stack = QStackedWidget(self)
        self.setCentralWidget(self.stack)
        self.welcome: WelcomePage | None = None  # built only on first start
        self.lobby = LobbyWidget(parent=self)
        self.lobby.play_bots_requested.connect(
            lambda: self.play_against_bots(bot=self.lobby.bot_level())
        )
        self.lobby.create_requested.connect(self.create_table)
        self.lobby.settings_requested.connect(self.open_settings)
        self.lobby.join_requested.connect(self.join_requested)
        self.lobby.join_requested.connect(self.join_lan_table)
        self.lobby.watch_requested.connect(self.watch_lan_table)
        self.lobby.resume_requested.connect(self.resume_lan_table)
        self.lobby.local_resume_requested.connect(self.resume_local_game)
        self.lobby.set_local_resumable(self._local_journal().read() is not None)
        self.lobby.rules_requested.connect(self.show_rules)
        self.lobby.about_requested.connect(self.show_about)
        self.lobby.address_join_requested.connect(self.join_by_address)
        self.lobby.history_requested.connect(self.show_history)
        self.history_page: Any = None  # durak_qt.history.page.HistoryPage, made when first shown
        self.rules_shortcut = QShortcut(QKeySequence(Qt.Key.Key_F1), self)
        self.rules_shortcut.setContext(Qt.ShortcutContext.ApplicationShortcut)
        self.rules_shortcut.activated.connect(self.show_rules)
        self.stack.addWidget(self.lobby)
        self.game_page: GamePage | None = None
        self.game: GameController | None = None
        self.game_seed: int | None = None  # fixed by tests and screenshots; None: a fresh shuffle
        self.lan_browser: Any = None  # durak_qt.lobby.discovery.LanBrowser once started
        self._leaving: list[Any] = []  # LAN games still saying goodbye
        self._unfinished: dict[str, Any] = {}  # table name -> lan_game.UnfinishedTable
        self.watch: Any = None  # durak_qt.watching.session.WatchSession of the table watched
        self.watch_page: Any = None  # durak_qt.watching.page.WatchingPage while watching
        self.make_watch: Any = None  # a WatchFactory (tests); None: net's watch on the LAN
        self._watches_ending: list[Any] = []  # watches left, finishing in the background
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)  # no thread may outlive the window
        if self.settings.name:
            self.lobby.set_player_name(self.settings.name)
            self.stack.setCurrentWidget(self.lobby)
        else:
            self.welcome = WelcomePage(self)
            self.welcome.name_chosen.connect(self._name_chosen)
            self.stack.addWidget(self.welcome)
            self.stack.setCurrentWidget(self.welcome)

    # ----- window size --------------------------------------------------------------------

    def _restore_geometry(self) -> None:
        """The size and place of the last session, else one that fits the screen."""
        screen = QGuiApplication.primaryScreen()
        available = screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 728)
        self.setMinimumSize(
            min(MINIMUM_SIZE.width(), available.width() - FRAME_ALLOWANCE.width()),
            min(MINIMUM_SIZE.height(), available.height() - FRAME_ALLOWANCE.height()),
        )
        saved = self.settings.window_geometry
        if saved is None or not self.restoreGeometry(saved):
            self.resize(default_window_size(available))

    def remember_geometry(self) -> None:
        """Store the window's size and position for the next start."""
        self.settings.window_geometry = self.saveGeometry()

    # ----- pages --------------------------------------------------------------------------

    def _name_chosen(self, name: str) -> None:
        self.settings.name = name
        self.lobby.set_player_name(self.settings.name)
        self.stack.setCurrentWidget(self.lobby)

    def _ensure_game_page(self) -> GamePage:
        if self.game_page is None:
            page = GamePage(self)
            page.table.action_chosen.connect(self._action_chosen)
            page.side.message_sent.connect(self._chat_sent)
            page.side.leave_requested.connect(self.leave_table)
            page.table.view.installEventFilter(self._latin_keys)
            page.side.settings_requested.connect(self.open_settings)
            page.game_over.play_again.connect(self._play_again)
            page.game_over.back_to_lobby.connect(self.back_to_lobby)
            self.stack.addWidget(page)
            self.game_page = page
        self._apply_table_settings()
        return self.game_page

    def _apply_table_settings(self) -> None:
        if self.game_page is None:
            return
        s = self.settings
        self.game_page.table.apply_settings(
            s.sort_order, s.card_back, s.card_scale, s.animation_ms, self.table_timer
        )

    def _ensure_history_page(self) -> Any:
        if self.history_page is None:
            from durak_qt.history.page import HistoryPage

            self.history_page = HistoryPage(self.settings, self)
            self.history_page.back_requested.connect(
                lambda: self.stack.setCurrentWidget(self.lobby)
            )
            self.stack.addWidget(self.history_page)
        return self.history_page

    def show_history(self) -> None:
        """Show the History page: the games kept here (pruned to the Settings limit)."""
        page = self._ensure_history_page()
        page.refresh()
        self.stack.setCurrentWidget(page)

    def open_game_file(self, path: Path) -> None:
        """Verify a game file and show it in the replay viewer (its Back goes to History)."""
        page = self._ensure_history_page()
        page.refresh()
        page.open_file(path)
        self.stack.setCurrentWidget(page)

    def back_to_lobby(self) -> None:
        """Leave the game and show the lobby."""
        self._retire_game()
        self.stack.setCurrentWidget(self.lobby)

    def leave_cost(self) -> str:
        """What leaving the game shown costs, in words ("" when nothing: no game runs)."""
        own = getattr(self.stack.currentWidget(), "leave_cost", None)
        if callable(own):  # a family-3 page (durak_qt.games.family3.window) says it itself
            return str(own())
        game = self.game
        if (
            game is None
            or self.game_page is None
            or self.stack.currentWidget() is not self.game_page
        ):
            return ""
        running = game.observation() is not None or bool(getattr(game, "dealing", False))
        if game.is_over() or not running:
            return ""
        if not hasattr(game, "hosting"):
            return self.tr(
                "The game against the bots ends here, unfinished: it counts as lost for you."
            )
        name = str(getattr(game, "table_name", ""))
        if game.hosting:
            text = self.tr(
                "You leave the table “%1”: you are the fool of this game by forfeit, and as its "
                "host you end the table: no further games are played there."
            )
        else:
            text = self.tr(
                "You leave the table “%1”: you are the fool of this game by forfeit; the others "
                "play on without you."
            )
        return text.replace("%1", name)

    def confirm_leave(self) -> bool:
        """Ask before leaving a running game, saying what it costs; True to leave."""
        cost = self.leave_cost()
        if not cost:
            return True
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        style_dialog(box)
        box.setWindowTitle(self.tr("Leave the game?"))
        box.setText(self.tr("Leave the game?"))
        box.setInformativeText(cost)
        leave = box.addButton(self.tr("Leave"), QMessageBox.ButtonRole.DestructiveRole)
        stay = box.addButton(self.tr("Stay and play"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        self.leave_box = box
        try:
            with self._move_timer_paused():
                box.exec()
        finally:
            self.leave_box = None
        return box.clickedButton() is leave

    def leave_table(self) -> None:
        """The Leave button: ask first when it costs the game, then go back to the lobby."""
        if self.confirm_leave():
            self.back_to_lobby()

    @contextlib.contextmanager
    def _move_timer_paused(self) -> Iterator[None]:
        """The move timer stands still while a modal dialog covers the table."""
        resume: Callable[[], None] = lambda: None  # noqa: E731
        if self.game_page is not None:
            resume = pause_move_timer(self.game_page.table.timer)
        try:
            yield
        finally:
            resume()

    def show_rules(self) -> None:
        """The rules help, opened at the game shown (F1, the lobby's and the dialog's button)."""
        from PySide6.QtWidgets import QApplication

        from durak_qt.dialogs.rules_help import RulesDialog

        modal = QApplication.activeModalWidget()
        if modal is not None:  # F1 over a dialog: its own rules (create table), else none
            own = getattr(modal, "show_rules", None)
            if callable(own):
                own()
            return
        dialog = RulesDialog(self.game_variant, self)
        with self._move_timer_paused():
            dialog.exec()

    def show_about(self) -> None:
        """The About box (the lobby's button): version, engine, protocol version, licences."""
        from durak_qt.dialogs.about import AboutDialog

        AboutDialog(self).exec()

    def _retire_game(self) -> None:
        """Stop the running game (or the watch); a LAN peer finishes leaving in the background."""
        self._end_watch()
        game, self.game = self.game, None
        if game is None:
            return
        dispose = getattr(game, "dispose", None)
        if dispose is not None:
            dispose()  # a local game: freed once its worker is idle
            return
        game.stop()
        self._leaving.append(game)  # a LAN peer finishes leaving in the background

    def start_lan_discovery(self, interfaces: str | None = None) -> None:
        """Fill the lobby live with the tables announced on the LAN (mDNS, off the GUI thread)."""
        from durak_qt.lobby.discovery import LanBrowser

        if self.lan_browser is not None:
            return
        chosen = interfaces if interfaces is not None else self.settings.interface
        data_dir = self.settings.data_dir if self.lan else None
        browser = LanBrowser(self.lobby.model, chosen, self, data_dir)
        browser.failed.connect(self.lobby.set_discovery_problem)
        browser.discovery_state.connect(self.lobby.set_discovery_state)
        browser.unfinished_found.connect(self.offer_resume)
        self.lan_browser = browser
        browser.start()

    def stop_lan_discovery(self) -> None:
        """Stop browsing the LAN."""
        if self.lan_browser is not None:
            self.lan_browser.stop()
            self.lan_browser = None

    # ----- games --------------------------------------------------------------------------

    def play_against_bots(
        self,
        variant: str = "throw-in",
        players: int = 3,
        options: dict[str, Any] | None = None,
        move_timer: int = 0,
        bot: str = "heuristic",
    ) -> None:
        """One click: a local game against bots, no network, through the real table protocol
        (`move_timer`: the table's seconds per move; `bot`: the engine bot filling the seats),
        on the page the preset's registry entry names (`durak_qt.games.pages`); ValueError for
        a preset no game the client shows has."""
        from durak_qt.games.pages import pages_of

        pages = pages_of(variant)
        if pages is None:
            raise ValueError(f"no game the client shows has the preset {variant!r}")
        pages.play_local(self, variant, players, options, move_timer, bot)

    def play_on_table_page(
        self,
        variant: str,
        players: int,
        options: dict[str, Any] | None,
        move_timer: int,
        bot: str,
    ) -> None:
        """A local game against bots on this window's table page (`GamePage`: Durak's pages,
        `TABLE_PAGES`), kept in its journal as it is played for a resume."""
        from durak_qt.games.durak.local_game import LocalGame

        self._retire_game()
        delay = self.bot_delay_ms if self.bot_delay_ms is not None else 650
        game = LocalGame(
            variant,
            players,
            self.settings.name or self.tr("You"),
            bot=bot,
            seed=self.game_seed,
            bot_delay_ms=delay,
            options=options,
            parent=self,
            journal=self._local_journal(),  # kept as it is played: a killed client resumes it
            move_timer=move_timer,
            history=self._history_store(),
        )
        self.table_timer, self.game_variant = move_timer, variant
        self._journal = None
        self.lobby.set_local_resumable(False)
        self._show_game(game)
        game.start()
        assert self.game_page is not None
        self.game_page.table.view.setFocus()

    def _history_store(self) -> Any:
        """Where finished games are kept (net.history.store), pruned to the Settings limit."""
        from net.history.store import HistoryStore

        return HistoryStore(self.settings.data_dir, self.settings.games_kept)

    def _local_journal(self) -> Any:
        """Where the game against bots is kept while it is played (durak_qt.games.durak.local_journal)."""
        from durak_qt.games.durak.local_journal import LocalJournal

        return LocalJournal(self.settings.data_dir / LOCAL_JOURNAL)

    def resume_local_game(self) -> None:
        """Carry on the game against bots a killed client left, from its journal."""
        from durak_qt.games.durak.local_game import LocalGame

        journal = self._local_journal()
        record = journal.read()
        self.lobby.set_local_resumable(False)
        if record is None:
            return
        setup = record.setup
        self._retire_game()
        delay = self.bot_delay_ms if self.bot_delay_ms is not None else 650
        game = LocalGame(
            setup.variant,
            setup.players,
            setup.player_name,
            bot=setup.bot,
            bot_delay_ms=delay,
            options=setup.options,
            parent=self,
            journal=journal,
            raw_seed=setup.seed,
            move_timer=setup.move_timer,
            history=self._history_store(),
        )
        self.table_timer, self.game_variant = setup.move_timer, setup.variant
        self._journal = None
        self._show_game(game)
        self._apply_table_settings()
        game.resume(record.inputs)
        assert self.game_page is not None
        self.game_page.table.view.setFocus()

    def _show_game(self, game: Any) -> None:
        """Make `game` the running game and show the table page wired to it."""
        self.game = game
        page = self._ensure_game_page()
        page.game_over.hide()
        page.side.set_invitation("")  # a table hosted here hands its own (`_show_invitation`)
        page.side.set_watchers(())  # a LAN table's host names them (`_show_watchers`)
        self._clear_log()
        page.table.set_players(game.names, game.bot_hosts())
        game.observation_changed.connect(page.table.set_observation)
        game.observation_changed.connect(self._observation_shown)
        game.events_happened.connect(self._log_events)
        game.game_finished.connect(self._game_finished)
        game.error.connect(self._log_notice)
        game.status_changed.connect(page.busy.show_status)
        game.countdown_changed.connect(page.busy.show_countdown)
        game.game_reset.connect(page.table.clear_game)
        game.game_reset.connect(page.side.clear_game)
        game.seat_silent.connect(page.table.show_seat_silent)
        game.seat_back.connect(page.table.show_seat_back)
        self.stack.setCurrentWidget(page)

    # ----- LAN tables ---------------------------------------------------------------------

    def _peer_settings(self, **choices: Any) -> Any:
        from net.peer import PeerSettings

        return PeerSettings(
            name=self.settings.name or self.tr("Player"),
            data_dir=self.settings.data_dir,
            interface=self.settings.interface,
            games_kept=self.settings.games_kept,
            **choices,
        )

    def host_lan_table(self, options: Any) -> None:
        """Open a table on the LAN (announced by mDNS); bots asked for join it as peers of their own."""
        from durak_qt.lobby.lan_game import MATCH_GAMES
        from net.watch_events import SpectatorPolicy

        settings = self._peer_settings(
            host_table=options.name,
            variant=options.variant,
            seats=options.seats,
            options=dict(options.rules),
            games=MATCH_GAMES,
            password=options.password or None,
            move_timer=options.move_timer,
            spectators=SpectatorPolicy.from_cap(options.spectators, options.spectator_chat),
        )
        self._open_lan_game(settings, options.bots, options.bot)
        self.table_timer, self.game_variant = options.move_timer, options.variant
        self._apply_table_settings()

    def join_lan_table(self, listing: Any, problem: str = "") -> None:
        """Sit at the table of this lobby row, demanding its host's key (another table with the
        same name is never joined); asks for its password when it has one (`problem` says why
        it asks again, e.g. the last password was wrong)."""
        password: str | None = None
        if listing.password and self.lan:
            answer = self.ask_password(listing.name, problem)
            if answer is None:
                return
            password = answer
        self.lobby.set_notice("")
        self._joining = listing
        self.game_variant = listing.variant
        settings = self._peer_settings(
            join_table=listing.name, host_key=listing.host_key, password=password
        )
        self._open_lan_game(settings, 0)

    def join_by_address(self) -> None:
        """Ask for a host's address or invitation and join there (no mDNS needed)."""
        from durak_qt.dialogs.options import JoinAddressDialog

        dialog = JoinAddressDialog(self)
        if dialog.exec():
            self.join_at(dialog.invitation(), dialog.password())

    def join_at(self, target: Any, password: str | None = None) -> None:
        """Join the table whose host listens where `target` (a durak_qt.lobby.join_address.JoinTarget)
        says, by net's join by address (no mDNS), demanding the invitation's host key if any."""
        self.lobby.set_notice("")
        self._joining = target
        settings = self._peer_settings(
            join_table=target.table_name,
            connect=target.address,
            host_key=target.host_key,
            password=password,
        )
        self._open_lan_game(settings, 0)

    def ask_password(self, table_name: str, problem: str = "") -> str | None:
        """The password a player types for a table; None when they cancel."""
        from PySide6.QtWidgets import QInputDialog

        dialog = QInputDialog(self)
        style_dialog(dialog)
        dialog.setWindowTitle(self.tr("Password"))
        prompt = self.tr("The table “%1” asks for a password:").replace("%1", table_name)
        dialog.setLabelText(f"{problem}\n\n{prompt}" if problem else prompt)
        dialog.setTextEchoMode(QLineEdit.EchoMode.Password)
        if not dialog.exec():
            return None
        return dialog.textValue()

    def offer_resume(self, tables: list[Any]) -> None:
        """Show "resume" in the lobby for LAN games of ours that never ended (a crash, a kill)."""
        self._unfinished = {table.name: table for table in tables}
        self.lobby.set_resumable(list(self._unfinished))

    def resume_lan_table(self, table_name: str) -> None:
        """Carry on the unfinished game at this table from its journal."""
        table = self._unfinished.get(table_name)
        if table is None:
            return
        timer = table.move_timer  # the table's, as its journal kept it
        if table.hosting:
            settings = self._peer_settings(
                host_table=table.name, games=table.games, resume=True, move_timer=timer
            )
        else:
            settings = self._peer_settings(
                join_table=table.name, host_key=table.host_key, resume=True, move_timer=timer
            )
        self.lobby.set_resumable([])
        self._open_lan_game(settings, 0)
        self._apply_table_settings()

    def _open_lan_game(self, settings: Any, bots: int, bot: str = "heuristic") -> None:
        """Host, join or resume a LAN table on the page its game's registry entry names; a
        table whose game is not known yet (joined by address) opens on the table page, which
        learns it from the host's lobby (`_variant_learned`)."""
        from durak_qt.games.pages import pages_of, resumed_variant

        if not self.lan:
            self.lobby.set_discovery_problem(
                self.tr("network play is switched off (the client was started with --no-lan).")
            )
            self.stack.setCurrentWidget(self.lobby)
            return
        joined = getattr(self._joining, "variant", None)  # a lobby row names its game
        variant = settings.variant if settings.host_table is not None else joined
        if settings.resume:  # resuming: the unfinished journal names the game
            variant = resumed_variant(settings)
        pages = pages_of(variant)
        if variant is None or pages is None:  # not known yet, or unknown here: the table
            self.open_on_table_page(settings, bots, bot)  # page says what it can
            return
        pages.open_lan(self, settings, variant, bots, bot)

    def open_on_table_page(self, settings: Any, bots: int, bot: str = "heuristic") -> None:
        """Host, join or resume a LAN table on this window's table page (`GamePage`, driven by
        `durak_qt.lobby.lan_game.LanGame`): Durak's pages, `TABLE_PAGES`."""
        from durak_qt.lobby.lan_game import LanGame

        self._retire_game()
        delay = self.bot_delay_ms if self.bot_delay_ms is not None else 350
        from durak_qt.lobby.client_journal import ClientJournal

        game = LanGame(settings, bots, bot_delay_ms=delay, parent=self, bot=bot)
        self.table_timer = settings.move_timer  # a joiner's: 0 until the host announces it
        game.move_timer_announced.connect(
            lambda seconds: self._table_timer_announced(game, seconds)
        )
        journal = ClientJournal(self.settings.data_dir / "client-logs", settings.table_name)
        if not settings.resume:
            journal.start_afresh()
        self._journal = journal
        self._show_game(game)
        assert self.game_page is not None
        page = self.game_page
        game.chat_received.connect(journal.chat)
        if settings.resume:  # what the window showed before the crash, in today's language
            restored = journal.restore()
            for name, text in restored.chat:
                page.side.add_chat_line(name, text)
            for event, shown in restored.events:
                self._add_log_entry(self._event_renderer(event, shown))
        self._show_watchers(game, page.side)
        game.players_changed.connect(lambda: page.table.set_players(game.names, game.bot_hosts()))
        game.players_changed.connect(self._rerender_log)  # the seats' names are known now
        game.chat_received.connect(page.side.add_chat_line)
        game.table_closed.connect(lambda kind, words: self._table_closed(game, kind, words))
        game.invitation_ready.connect(self._show_invitation)
        game.variant_learned.connect(lambda state: self._variant_learned(game, state))
        game.open()
        page.table.view.setFocus()

    def _show_watchers(self, game: Any, side: Any) -> None:
        """Name the table's spectators in the side panel as its host's lobby state says."""
        from durak_qt.watching.seen import watchers_of

        signals = getattr(game, "signals", None)
        if signals is not None:
            signals.lobby.connect(lambda state: side.set_watchers(watchers_of(state)))

    # ----- watching a table ---------------------------------------------------------------

    def watch_lan_table(self, listing: Any, problem: str = "") -> None:
        """Watch the game running at the table of this lobby row, as a spectator; asks for its
        password when it has one (`problem`: why it asks again)."""
        if not self.lan:
            self.lobby.set_discovery_problem(
                self.tr("network play is switched off (the client was started with --no-lan).")
            )
            return
        password = ""
        if listing.password:
            answer = self.ask_password(listing.name, problem)
            if answer is None:
                return
            password = answer
        from net.watch_events import WatchRequest

        self.lobby.set_notice("")
        request = WatchRequest(listing.name, self.settings.name or self.tr("Player"), password)
        self.start_watch(request, listing)

    def start_watch(self, request: Any, listing: Any = None) -> None:
        """Watch a table (`request`: a net.watch_events.WatchRequest) on the watching page;
        `listing` is the lobby row it came from (asked again for a wrong password)."""
        from durak_qt.watching.page import WatchingPage
        from durak_qt.watching.session import WatchSession, network_watch

        self._retire_game()
        self._drop_watch_page()
        factory = self.make_watch or network_watch(
            self.settings.data_dir, self.settings.interface, getattr(listing, "host_key", None)
        )
        session = WatchSession(request, factory, self)
        page = WatchingPage(self)
        page.leave_requested.connect(self.stop_watching)
        page.chat_typed.connect(session.chat)
        page.settings_requested.connect(self.open_settings)
        session.chat_refused.connect(page.chat_refused)
        session.event_received.connect(page.show_event)
        session.event_received.connect(lambda event: self._watch_event(session, listing, event))
        self.watch, self.watch_page = session, page
        self.game_variant = getattr(listing, "variant", self.game_variant)
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self._apply_watch_settings()
        session.start()
        page.setFocus()

    def stop_watching(self) -> None:
        """Leave the watched table at once (nothing asked: the table plays on) for the lobby."""
        self._end_watch()
        self._drop_watch_page()
        self.stack.setCurrentWidget(self.lobby)

    def _end_watch(self) -> None:
        """Stop the watch, if any; it finishes leaving in the background."""
        watch, self.watch = self.watch, None
        if watch is not None:
            watch.leave()
            self._watches_ending.append(watch)

    def _drop_watch_page(self) -> None:
        page, self.watch_page = self.watch_page, None
        if page is not None:
            self.stack.removeWidget(page)
            page.deleteLater()

    def _apply_watch_settings(self) -> None:
        if self.watch_page is not None:
            s = self.settings
            self.watch_page.apply_settings(s.sort_order, s.card_back, s.card_scale, s.animation_ms)

    def _watch_event(self, session: Any, listing: Any, event: Any) -> None:
        """A watch ended by itself: a refusal or a lost table goes back to the lobby in words
        (a wrong password is asked again); the end of the match stays on the page."""
        from durak_qt.watching.seen import refusal_words
        from net.watch_events import WatchEnded, WatchStarted

        if isinstance(event, WatchStarted) and session is self.watch:
            self.game_variant = event.variant
        if not isinstance(event, WatchEnded) or session is not self.watch:
            return
        if event.kind in ("left", "match-over"):
            return
        started = self.watch_page is not None and bool(self.watch_page.table_name)
        self.stop_watching()
        self.lobby.set_notice(refusal_words(session.request.table, event, started))
        if event.kind == "wrong-password" and listing is not None:
            QTimer.singleShot(
                0, lambda: self.watch_lan_table(listing, refusal_words(listing.name, event, False))
            )

    def _variant_learned(self, game: Any, state: Any) -> None:
        """Joined by address, the host's lobby names the table's game: the pages its registry
        entry names carry on the join (the table page's own keep it; a game unknown here stays
        on the table page, which says what it can)."""
        from durak_qt.games.pages import pages_of

        if game is not self.game:
            return
        pages = pages_of(state.variant)
        if pages is None:
            self.keep_table_page(game, state)
        else:
            pages.carry_on_join(self, game, state)

    def keep_table_page(self, game: Any, state: Any) -> None:
        """A join by address carries on here: the table page's game takes its seat."""
        self.game_variant = state.variant
        game.keep_page()

    def _table_timer_announced(self, game: Any, seconds: int) -> None:
        """The host's lobby announced the table's move timer: count down by it from now on."""
        if game is self.game:
            self.table_timer = seconds
            self._apply_table_settings()

    def _show_invitation(self, text: str) -> None:
        """A table hosted here: its invitation in the log and on the clipboard, for players
        whose lobby does not show it."""
        self.last_invitation = text
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(text)
        if self.game_page is not None:
            self.game_page.side.set_invitation(text)  # reachable after the log is cleared
        self._add_log_entry(
            lambda: self.tr(
                "Invitation for players whose lobby does not show this table (copied to the "
                "clipboard; they choose “Join by address…”): %1"
            ).replace("%1", breakable(text))
        )

    def _table_closed(self, game: Any, kind: str, words: str) -> None:
        """The LAN table ended for this player: back to the lobby with the reason in words; a
        wrong password is asked for again, a vanished table leaves the list."""
        if game is not self.game:
            return
        listing, self._joining = self._joining, None
        self._retire_game()
        self.stack.setCurrentWidget(self.lobby)
        self.lobby.set_notice(words)
        if listing is None:
            return
        from durak_qt.lobby.join_address import JoinTarget

        direct = isinstance(listing, JoinTarget)  # joined by address, not from a lobby row
        if kind == "vanished" and not direct:
            self.lobby.model.remove(listing.key)
        elif kind == "password" and direct:
            QTimer.singleShot(0, lambda: self._retry_address(listing, words))
        elif kind == "password":
            QTimer.singleShot(0, lambda: self.join_lan_table(listing, words))

    def _retry_address(self, invitation: Any, problem: str) -> None:
        """Ask again for the password of a table joined by address."""
        password = self.ask_password(invitation.table_name, problem)
        if password is not None:
            self.join_at(invitation, password)

    def create_table(self) -> None:
        """Ask for the table's options; with every other seat a bot it is played here at once."""
        from durak_qt.dialogs.options import CreateTableDialog

        dialog = CreateTableDialog(self.settings.name, self)
        if dialog.exec():
            options = dialog.options()
            if options.bots == options.seats - 1 and not options.password:
                self.play_against_bots(
                    options.variant,
                    options.seats,
                    dict(options.rules),
                    options.move_timer,
                    options.bot,
                )
            else:
                self.table_requested.emit(options)
                self.host_lan_table(options)

    def _action_chosen(self, action: Any) -> None:
        if self.game is not None:
            self.game.submit(action)

    def _chat_sent(self, text: str) -> None:
        say = getattr(self.game, "say", None)
        if say is not None:
            say(text)  # over the network: the host's lobby sends it back to everyone
            return
        if self.game_page is not None:
            self.game_page.side.add_chat_line(self.settings.name or self.tr("You"), text)

    # ----- the log and sounds ---------------------------------------------------------------

    def _seat_name(self, seat: int) -> str:
        names = self.game.names if self.game is not None else []
        return names[seat] if 0 <= seat < len(names) else "?"

    def _add_log_entry(self, render: Callable[[], str | None]) -> None:
        """Keep a log line as what renders it (so it re-renders in a new language) and show it."""
        self._log_entries.append(render)
        line = render()
        if line and self.game_page is not None:
            self.game_page.side.add_log_line(line)

    def _clear_log(self) -> None:
        self._log_entries.clear()
        self._my_turn, self._dealt_sound = False, False
        if self.game_page is not None:
            self.game_page.side.clear_log()

    def _rerender_log(self) -> None:
        """Write the whole log again in the current language."""
        if self.game_page is None:
            return
        side = self.game_page.side
        side.clear_log()
        for render in self._log_entries:
            line = render()
            if line:
                side.add_log_line(line)

    def _log_notice(self, notice: Any) -> None:
        """A controller's notice (durak_qt.log_notice.LogNotice, or plain text) as a ⚠ line that
        follows a language switch."""
        if isinstance(notice, str):
            self._add_log_entry(lambda: "⚠ " + notice)
        else:
            self._add_log_entry(lambda: "⚠ " + notice.render(self._seat_name))

    def _log_events(self, events: list[Any]) -> None:

        if self.game_page is None or self.game is None:
            return
        observation = self.game.observation()
        journal, game_no = self._journal, getattr(self.game, "game_no", 0)
        for event in events:
            self._add_log_entry(self._event_renderer(event, observation))
            if journal is not None:
                journal.event(game_no, event, observation)
        kinds = {event.kind for event in events}
        if "took" in kinds:
            self.sounds.play("take")
        elif kinds & PLAYED_KINDS:
            self.sounds.play("play")

    def _event_renderer(self, event: Any, observation: Any) -> Callable[[], str | None]:
        """What writes a log event in the language of the moment."""
        from durak_qt.games.durak.game_log import describe_event

        return lambda: describe_event(event, self._seat_name, observation)

    def _observation_shown(self, observation: Any) -> None:
        """Sounds for a new position: the deal, and your turn coming."""
        if observation is None:
            return
        if not self._dealt_sound:
            self._dealt_sound = True
            self.sounds.play("deal")
        mine = (
            not observation.over
            and observation.seat in observation.to_act
            and bool(observation.legal)
        )
        if mine and not self._my_turn:
            self.sounds.play("turn")
        self._my_turn = mine

    def _game_finished(self) -> None:
        if self.game_page is None or self.game is None:
            return
        game = self.game
        fool = game.fool()
        name = game.names[fool] if fool is not None else None
        winners = [game.names[seat] for seat in game.winners() if 0 <= seat < len(game.names)]
        left, team = game.departed()
        if game.unfinished():  # the status line behind the panel: no move is awaited
            self.game_page.table.scene.show_note(self.tr("The game did not finish"))
        self.game_page.show_game_over(
            name,
            fool == game.human_seat,
            game.scores(),
            game.verdict(),
            winners,
            [game.names[seat] for seat in left if 0 <= seat < len(game.names)],
            [game.names[seat] for seat in team if 0 <= seat < len(game.names)],
            game.unfinished(),
        )

    def _play_again(self) -> None:
        if self.game is None:
            self.play_against_bots(bot=self.lobby.bot_level())
            return
        assert self.game_page is not None
        self.game_page.game_over.hide()
        self._clear_log()
        self.game.start()

    # ----- settings and language ----------------------------------------------------------

    def open_settings(self) -> None:
        """Show the settings dialog and apply what changed."""
        from durak_qt.dialogs.options import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        with self._move_timer_paused():
            accepted = dialog.exec()
        if accepted:
            self.apply_settings()

    def apply_settings(self) -> None:
        """Apply the stored settings: language, name, table look (the theme and the deck
        redraw every table and panel at once, see palette.use)."""
        install_language(self.settings.language)
        palette.use(self.settings.theme, self.settings.four_colour)
        self.lobby.set_player_name(self.settings.name)
        self.sounds.enabled = self.settings.sound
        self._apply_table_settings()
        self._apply_watch_settings()
        browser = self.lan_browser
        if browser is not None and browser.interfaces != self.settings.interface:
            self.stop_lan_discovery()  # look for tables where the new setting says
            for listing in self.lobby.model.listings():
                self.lobby.model.remove(listing.key)
            self.start_lan_discovery()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(self.tr("Durak"))
            self._names_in_new_language()
            self._rerender_log()
            if self.game_page is not None and self.game_page.game_over.isVisible():
                self._game_finished()  # the verdict and the scores' names, in the new language
        super().changeEvent(event)

    def _names_in_new_language(self) -> None:
        """Bots are named in the viewer's language: name them again after a switch."""
        rename = getattr(self.game, "retranslate_names", None)
        if rename is None or self.game_page is None or self.game is None:
            return
        rename()
        self.game_page.table.set_players(self.game.names, self.game.bot_hosts())

    def shutdown(self) -> None:
        """Leave the game and stop every network thread (closing, or the application quits)."""
        local = self.game if hasattr(self.game, "dispose") else None
        self._retire_game()
        wait = getattr(local, "wait_for_worker", None)
        if wait is not None:
            with contextlib.suppress(RuntimeError):  # already deleted: its worker was idle
                wait(3000)  # a local game's worker stops at its next frame
        for game in self._leaving:
            game.wait_for_worker(3000)  # a LAN peer says goodbye and closes its sockets
        self._leaving.clear()
        for watch in self._watches_ending:
            watch.wait(3000)
        self._watches_ending.clear()
        self.stop_lan_discovery()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window asks first when it costs the game (see `ask_before_closing`)."""
        if self.ask_before_closing and not self.confirm_leave():
            event.ignore()
            return
        self.remember_geometry()
        self.shutdown()
        super().closeEvent(event)


class TablePages:
    """Durak's pages (`durak_qt.games.pages.GamePages`, its registry entry's `pages_path`): the
    window's own table page, `GamePage`."""

    def play_local(
        self,
        window: MainWindow,
        variant: str,
        players: int,
        options: dict[str, Any] | None,
        move_timer: int,
        bot: str,
    ) -> None:
        """A game against bots on the table page (`MainWindow.play_on_table_page`)."""
        window.play_on_table_page(variant, players, options, move_timer, bot)

    def open_lan(
        self, window: MainWindow, settings: Any, variant: str, bots: int, bot: str
    ) -> None:
        """A LAN table on the table page (`MainWindow.open_on_table_page`)."""
        window.open_on_table_page(settings, bots, bot)

    def carry_on_join(self, window: MainWindow, game: Any, state: Any) -> None:
        """The table page's join carries on where it is (`MainWindow.keep_table_page`)."""
        window.keep_table_page(game, state)

    def table(self, variant: str, parent: Any = None) -> Any:
        """Durak's table widget (`durak_qt.table.view.TableWidget`), whatever the preset."""
        from durak_qt.table.view import TableWidget

        return TableWidget(parent=parent)

    def show_display(
        self, table: Any, sort_order: str, card_back: str, card_scale: float, animation_ms: int
    ) -> None:
        """The preferences, with no move timer and no pass made for the player."""
        table.apply_settings(sort_order, card_back, card_scale, animation_ms, 0, auto_pass=False)

    def describe_events(
        self,
        variant: str,
        events: Sequence[Any],
        name_of: Callable[[int], str],
        observation: Any,
    ) -> list[str]:
        """The Durak log's sentences (`durak_qt.games.durak.game_log.describe_event`)."""
        from durak_qt.games.durak.game_log import describe_event

        found = (describe_event(event, name_of, observation) for event in events)
        return [text for text in found if text]


TABLE_PAGES = TablePages()
"""Durak's pages, named by its registry entry."""
