"""The top-level window: first start (your name), the lobby, and the game page."""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QCloseEvent, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from durak_qt.controller import GameController
from durak_qt.i18n import install_language
from durak_qt.settings import Settings
from resources import resource_path

WELCOME_STYLE = """
WelcomePage { background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #1f5a36, stop:1 #0f2e1c); }
QLabel { color: white; font-size: 16px; }
QLabel#title { font-size: 34px; font-weight: bold; color: rgb(255, 214, 64); }
QLineEdit { font-size: 18px; padding: 8px; border-radius: 8px; min-width: 280px; }
QPushButton { color: white; font-weight: bold; border-radius: 8px; padding: 10px 24px;
              border: 2px solid rgba(255,255,255,120); background: rgb(214, 120, 30); font-size: 16px; }
QPushButton:disabled { background: rgb(90, 90, 90); }
"""


def fanned_cards(names: tuple[str, ...], width: int) -> QPixmap:
    """A small fan of card faces, for decoration."""
    from durak_qt.card_art import card_height, shared_card_art

    art = shared_card_art()
    height = card_height(width)
    canvas = QPixmap(round(width * (1.2 + 0.55 * len(names))), round(height * 1.45))
    canvas.fill(Qt.GlobalColor.transparent)
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
        self.setStyleSheet(WELCOME_STYLE)
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


class GamePage(QWidget):
    """The table with the log and chat beside it, and the game-over panel over the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from durak_qt.game_over import GameOverPanel
        from durak_qt.side_panel import SidePanel
        from durak_qt.table_view import TableWidget

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
        from durak_qt.busy_banner import BusyBanner

        self.busy = BusyBanner(self.table, self.table.busy_banner_place)

    def show_game_over(self, *args: Any) -> None:
        """Show the game-over panel over the whole table."""
        self.game_over.show_result(*args)


class MainWindow(QMainWindow):
    """The application window; the first-start page, the lobby and the table are shown inside it.

    `start_lan_discovery()` fills `lobby.model` from mDNS; `table_requested(TableOptions)` and
    `join_requested(TableListing)` announce a LAN table being opened or joined, which
    `host_lan_table` / `join_lan_table` then do through `durak_qt.lan_game.LanGame`.
    """

    table_requested = Signal(object)
    join_requested = Signal(object)

    def __init__(
        self,
        settings: Settings | None = None,
        parent: QWidget | None = None,
        bot_delay_ms: int | None = None,
        lan: bool = False,
    ) -> None:
        super().__init__(parent)
        from durak_qt.lobby import LobbyWidget

        self.lan = lan  # network play allowed (the `durak` command: unless --no-lan)

        self.settings = settings if settings is not None else Settings()
        install_language(self.settings.language)
        self.bot_delay_ms = bot_delay_ms
        self.setWindowTitle(self.tr("Durak"))
        self.setWindowIcon(QIcon(str(resource_path("icons", "durak.svg"))))
        self.setMinimumSize(1024, 640)
        self.resize(1280, 800)
        self.stack = QStackedWidget(self)
        self.setCentralWidget(self.stack)
        self.welcome: WelcomePage | None = None  # built only on first start
        self.lobby = LobbyWidget(parent=self)
        self.lobby.play_bots_requested.connect(self.play_against_bots)
        self.lobby.create_requested.connect(self.create_table)
        self.lobby.settings_requested.connect(self.open_settings)
        self.lobby.join_requested.connect(self.join_requested)
        self.lobby.join_requested.connect(self.join_lan_table)
        self.lobby.resume_requested.connect(self.resume_lan_table)
        self.stack.addWidget(self.lobby)
        self.game_page: GamePage | None = None
        self.game: GameController | None = None
        self.game_seed: int | None = None  # fixed by tests and screenshots; None: a fresh shuffle
        self.lan_browser: Any = None  # durak_qt.lan_discovery.LanBrowser once started
        self._leaving: list[Any] = []  # LAN games still saying goodbye
        self._unfinished: dict[str, Any] = {}  # table name -> lan_game.UnfinishedTable
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
            page.side.leave_requested.connect(self.back_to_lobby)
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
            s.sort_order, s.card_back, s.card_scale, s.animation_ms, s.move_timer
        )

    def back_to_lobby(self) -> None:
        """Leave the game and show the lobby."""
        self._retire_game()
        self.stack.setCurrentWidget(self.lobby)

    def _retire_game(self) -> None:
        """Stop the running game; a LAN peer finishes leaving in the background."""
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
        from durak_qt.lan_discovery import LanBrowser

        if self.lan_browser is not None:
            return
        chosen = interfaces if interfaces is not None else self.settings.interface
        data_dir = self.settings.data_dir if self.lan else None
        browser = LanBrowser(self.lobby.model, chosen, self, data_dir)
        browser.failed.connect(self.lobby.set_discovery_problem)
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
        self, variant: str = "throw-in", players: int = 3, options: dict[str, Any] | None = None
    ) -> None:
        """One click: a local game against bots, no network, through the real table protocol."""
        from durak_qt.local_game import LocalGame

        self._retire_game()
        delay = self.bot_delay_ms if self.bot_delay_ms is not None else 650
        game = LocalGame(
            variant,
            players,
            self.settings.name or self.tr("You"),
            seed=self.game_seed,
            bot_delay_ms=delay,
            options=options,
            parent=self,
        )
        self._show_game(game)
        game.start()
        assert self.game_page is not None
        self.game_page.table.view.setFocus()

    def _show_game(self, game: Any) -> None:
        """Make `game` the running game and show the table page wired to it."""
        self.game = game
        page = self._ensure_game_page()
        page.game_over.hide()
        page.side.clear_log()
        page.table.set_players(game.names, game.bot_hosts())
        game.observation_changed.connect(page.table.set_observation)
        game.events_happened.connect(self._log_events)
        game.game_finished.connect(self._game_finished)
        game.error.connect(lambda text: page.side.add_log_line("⚠ " + text))
        game.status_changed.connect(page.busy.show_status)
        game.game_reset.connect(page.table.clear_game)
        game.game_reset.connect(page.side.clear_game)
        game.seat_silent.connect(page.table.show_seat_absent)
        game.seat_back.connect(page.table.show_seat_back)
        self.stack.setCurrentWidget(page)

    # ----- LAN tables ---------------------------------------------------------------------

    def _peer_settings(self, **choices: Any) -> Any:
        from net.peer import PeerSettings

        return PeerSettings(
            name=self.settings.name or self.tr("Player"),
            data_dir=self.settings.data_dir,
            interface=self.settings.interface,
            **choices,
        )

    def host_lan_table(self, options: Any) -> None:
        """Open a table on the LAN (announced by mDNS); bots asked for join it as peers of their own."""
        from durak_qt.lan_game import MATCH_GAMES

        settings = self._peer_settings(
            host_table=options.name,
            variant=options.variant,
            seats=options.seats,
            options=dict(options.rules),
            games=MATCH_GAMES,
            password=options.password or None,
        )
        self._open_lan_game(settings, options.bots)

    def join_lan_table(self, listing: Any) -> None:
        """Sit at a table found on the LAN (asks for its password when it has one)."""
        from PySide6.QtWidgets import QInputDialog

        password: str | None = None
        if listing.password and self.lan:
            text, accepted = QInputDialog.getText(
                self,
                self.tr("Password"),
                self.tr("The table “%1” asks for a password:").replace("%1", listing.name),
                QLineEdit.EchoMode.Password,
            )
            if not accepted:
                return
            password = text
        self._open_lan_game(self._peer_settings(join_table=listing.name, password=password), 0)

    def offer_resume(self, tables: list[Any]) -> None:
        """Show "resume" in the lobby for LAN games of ours that never ended (a crash, a kill)."""
        self._unfinished = {table.name: table for table in tables}
        self.lobby.set_resumable(list(self._unfinished))

    def resume_lan_table(self, table_name: str) -> None:
        """Carry on the unfinished game at this table from its journal."""
        table = self._unfinished.get(table_name)
        if table is None:
            return
        if table.hosting:
            settings = self._peer_settings(host_table=table.name, games=table.games, resume=True)
        else:
            settings = self._peer_settings(join_table=table.name, resume=True)
        self.lobby.set_resumable([])
        self._open_lan_game(settings, 0)

    def _open_lan_game(self, settings: Any, bots: int) -> None:
        from durak_qt.lan_game import LanGame

        if not self.lan:
            self.lobby.set_discovery_problem(
                self.tr("network play is switched off (the client was started with --no-lan).")
            )
            self.stack.setCurrentWidget(self.lobby)
            return
        self._retire_game()
        delay = self.bot_delay_ms if self.bot_delay_ms is not None else 350
        game = LanGame(settings, bots, bot_delay_ms=delay, parent=self)
        self._show_game(game)
        assert self.game_page is not None
        page = self.game_page
        game.players_changed.connect(lambda: page.table.set_players(game.names, game.bot_hosts()))
        game.chat_received.connect(page.side.add_chat_line)
        game.open()
        page.table.view.setFocus()

    def create_table(self) -> None:
        """Ask for the table's options; with every other seat a bot it is played here at once."""
        from durak_qt.dialogs import CreateTableDialog

        dialog = CreateTableDialog(self.settings.name, self)
        if dialog.exec():
            options = dialog.options()
            if options.bots == options.seats - 1 and not options.password:
                self.play_against_bots(options.variant, options.seats, dict(options.rules))
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

    def _log_events(self, events: list[Any]) -> None:
        from durak_qt.game_log import describe_event

        if self.game_page is None or self.game is None:
            return
        names = self.game.names
        shown = getattr(self.game, "observation", None)
        observation = shown() if callable(shown) else None
        for event in events:
            line = describe_event(
                event, lambda seat: names[seat] if 0 <= seat < len(names) else "?", observation
            )
            if line:
                self.game_page.side.add_log_line(line)

    def _game_finished(self) -> None:
        if self.game_page is None or self.game is None:
            return
        game = self.game
        fool = game.fool()
        name = game.names[fool] if fool is not None else None
        winners = [game.names[seat] for seat in game.winners() if 0 <= seat < len(game.names)]
        self.game_page.show_game_over(
            name, fool == game.human_seat, game.scores(), game.verdict(), winners
        )

    def _play_again(self) -> None:
        if self.game is None:
            self.play_against_bots()
            return
        assert self.game_page is not None
        self.game_page.game_over.hide()
        self.game_page.side.clear_log()
        self.game.start()

    # ----- settings and language ----------------------------------------------------------

    def open_settings(self) -> None:
        """Show the settings dialog and apply what changed."""
        from durak_qt.dialogs import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        if dialog.exec():
            self.apply_settings()

    def apply_settings(self) -> None:
        """Apply the stored settings: language, name, table look."""
        install_language(self.settings.language)
        self.lobby.set_player_name(self.settings.name)
        self._apply_table_settings()
        browser = self.lan_browser
        if browser is not None and browser.interfaces != self.settings.interface:
            self.stop_lan_discovery()  # look for tables where the new setting says
            for listing in self.lobby.model.listings():
                self.lobby.model.remove(listing.key)
            self.start_lan_discovery()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(self.tr("Durak"))
        super().changeEvent(event)

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
        self.stop_lan_discovery()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)
