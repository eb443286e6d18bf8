"""The lobby: tables found on the LAN (a Qt model), play against bots, create or join a table."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from durak_qt import palette
from durak_qt.palette import themed
from durak_qt.variants import variant_title
from net.handshake import PROTOCOL_VERSION
from resources import resource_path


@dataclass(frozen=True)
class TableListing:
    """One table announced on the LAN, as the lobby shows it."""

    key: str
    name: str
    variant: str
    seats_taken: int
    seats_total: int
    host_name: str
    host_fingerprint: str
    password: bool
    host_key: bytes | None = None
    """The host's identity key (from its announcement): joining demands exactly that host."""
    protocol_version: int = PROTOCOL_VERSION
    """The protocol the host speaks (mDNS `v`): another than ours cannot be joined."""
    running: bool = False
    """A game runs at the table now: it can be watched."""
    watchers: int = 0
    """How many spectators watch it now."""

    def __post_init__(self) -> None:
        if not self.key:
            raise ValueError("a table listing needs a key")
        if not 2 <= self.seats_total <= 12 or not 0 <= self.seats_taken <= self.seats_total:
            raise ValueError(
                f"seats {self.seats_taken}/{self.seats_total} are impossible for table {self.key!r}"
            )
        if self.protocol_version < 1:
            raise ValueError(f"protocol version {self.protocol_version} is not positive")
        if self.watchers < 0:
            raise ValueError(f"{self.watchers} spectators are impossible for table {self.key!r}")

    @property
    def full(self) -> bool:
        """No seat is free."""
        return self.seats_taken >= self.seats_total

    @property
    def same_version(self) -> bool:
        """The host runs this client's protocol version (else no join can succeed)."""
        return self.protocol_version == PROTOCOL_VERSION

    @property
    def joinable(self) -> bool:
        """Join is offered: the same version of the game and a free seat."""
        return self.same_version and not self.full

    @property
    def watchable(self) -> bool:
        """Watch is offered: the same version of the game, and a game running there."""
        return self.same_version and self.running


COLUMNS = ("name", "variant", "seats", "host", "lock", "watching")


@lru_cache(maxsize=1)
def lock_icon() -> QIcon:
    """The padlock shown for tables with a password."""
    return QIcon(str(resource_path("icons", "lock.svg")))


def _header(column: int) -> str:
    texts = (
        QCoreApplication.translate("Lobby", "Table"),
        QCoreApplication.translate("Lobby", "Game"),
        QCoreApplication.translate("Lobby", "Seats"),
        QCoreApplication.translate("Lobby", "Host"),
        QCoreApplication.translate("Lobby", "Password"),
        QCoreApplication.translate("Lobby", "Watching"),
    )
    return texts[column]


"""The text of a table that runs another version of the game: greyed, it cannot be joined."""


@lru_cache(maxsize=1)
def other_version_font() -> QFont:
    """Italics for a table of another version, seen even on the selected row."""
    font = QFont()
    font.setItalic(True)
    return font


def other_version_words(listing: TableListing) -> str:
    """Why a table of another protocol version cannot be joined, for its tooltip and Join's."""
    if listing.protocol_version < PROTOCOL_VERSION:
        words = QCoreApplication.translate(
            "Lobby",
            "This table runs an older version of the game. The host and you must run the same "
            "version to play together: the host needs to update.",
        )
    else:
        words = QCoreApplication.translate(
            "Lobby",
            "This table runs a newer version of the game. The host and you must run the same "
            "version to play together: update this game to join.",
        )
    return words


def watching_text(listing: TableListing) -> str:
    """The Watching column: "▶ 2" while a game runs there (2 watch it), "" between games."""
    return f"\u25b6 {listing.watchers}" if listing.running else ""


def watching_tip(listing: TableListing) -> str:
    """The Watching column's tooltip: whether a game runs there and how many watch it."""
    if not listing.running:
        return QCoreApplication.translate("Lobby", "No game is running at this table now")
    return QCoreApplication.translate(
        "Lobby", "A game is running here; spectators watching it: %1"
    ).replace("%1", str(listing.watchers))


def short_fingerprint(fingerprint: str) -> str:
    """The first 16 hex digits of a key fingerprint, grouped by four for reading aloud."""
    digits = "".join(ch for ch in fingerprint if ch.isalnum())[:16]
    return " ".join(digits[i : i + 4] for i in range(0, len(digits), 4))


class LobbyModel(QAbstractTableModel):
    """Tables found on the LAN; fed by `add_or_update(listing)` and `remove(key)`."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[TableListing] = []

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def listing(self, row: int) -> TableListing:
        """The table shown in a row."""
        return self._rows[row]

    def listings(self) -> list[TableListing]:
        """Every table, in display order."""
        return list(self._rows)

    def add_or_update(self, listing: TableListing) -> None:
        """Show a newly found table, or refresh the row of one already shown (same key)."""
        if not isinstance(listing, TableListing):
            raise TypeError(f"expected a TableListing, got {type(listing).__name__}")
        for row, existing in enumerate(self._rows):
            if existing.key == listing.key:
                self._rows[row] = listing
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
                return
        row = len(self._rows)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.append(listing)
        self.endInsertRows()

    def remove(self, key: str) -> bool:
        """Forget a table that is gone; False when no such table was shown."""
        for row, existing in enumerate(self._rows):
            if existing.key == key:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[row]
                self.endRemoveRows()
                return True
        return False

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        listing = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == "name":
                return listing.name
            if column == "variant":
                if not listing.same_version:
                    return QCoreApplication.translate(
                        "Lobby", "%1 · another version of the game"
                    ).replace("%1", variant_title(listing.variant))
                return variant_title(listing.variant)
            if column == "seats":
                return f"{listing.seats_taken}/{listing.seats_total}"
            if column == "watching":
                return watching_text(listing)
            if column == "host":
                return listing.host_name
            return None
        if role == Qt.ItemDataRole.DecorationRole and column == "lock" and listing.password:
            return lock_icon()
        if role == Qt.ItemDataRole.ForegroundRole and not listing.same_version:
            return palette.current().other_version
        if role == Qt.ItemDataRole.FontRole and not listing.same_version:
            return other_version_font()
        if role == Qt.ItemDataRole.ToolTipRole:
            if column in ("name", "variant", "seats") and not listing.same_version:
                return other_version_words(listing)
            if column == "host":
                return QCoreApplication.translate(
                    "Lobby", "Compare this fingerprint with the host's screen: %1"
                ).replace("%1", short_fingerprint(listing.host_fingerprint))
            if column == "lock":
                return (
                    QCoreApplication.translate("Lobby", "A password is needed to join")
                    if listing.password
                    else QCoreApplication.translate("Lobby", "Open table")
                )
            if column == "seats" and listing.full:
                return QCoreApplication.translate("Lobby", "This table is full")
            if column == "watching":
                return watching_tip(listing)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in ("seats", "watching", "lock"):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _header(section)
        return None

    def retranslate(self) -> None:
        """Tell the views that every text changed (the language was switched)."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1)
            )


LOBBY_STYLE = """
LobbyWidget { background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 $page_top, stop:1 $page_bottom); }
QLabel { color: $page_text; }
QLabel#title { font-size: 30px; font-weight: bold; color: $accent; }
QLabel#greeting { font-size: 15px; color: $greeting_text; }
QLabel#empty { font-size: 15px; color: $dialog_text; background: $empty_back;
               border-radius: 12px; padding: 24px; }
QLabel#problem { font-size: 14px; color: $lobby_problem; }
QLabel#notice { font-size: 15px; color: $page_text; background: $notice_back;
                border-radius: 8px; padding: 10px 14px; }
QTableView { background: $list_back; color: $list_text; border-radius: 8px;
             font-size: 14px; alternate-background-color: $list_alternate;
             border: 1px solid $list_rim; selection-background-color: $selection; }
QHeaderView::section { background: $header_back; color: $accent; border: none;
                       padding: 5px 8px; font-weight: bold; }
QPushButton { color: $button_text; font-weight: bold; border-radius: 8px; padding: 9px 18px;
              border: 2px solid $button_rim; background: $dialog_button_back; font-size: 14px; }
QPushButton:hover { border-color: $accent; }
QPushButton:disabled { color: $dialog_button_text_disabled; border-color: $button_rim_disabled; }
QPushButton#bots { background: $bots_button; font-size: 17px; padding: 14px 26px; }
QComboBox { color: $button_text; background: $header_back; border: 2px solid $button_rim;
            border-radius: 8px; padding: 8px 12px; font-size: 14px; }
QComboBox QAbstractItemView { color: $button_text; background: $header_back;
                              selection-background-color: $selection; }
"""


class LobbyWidget(QWidget):
    """The lobby page; emits what the player wants: bots, create, join (with the listing), settings."""

    play_bots_requested = Signal()
    create_requested = Signal()
    join_requested = Signal(object)
    watch_requested = Signal(object)
    """The player asks to watch the game running at a table (the listing)."""
    settings_requested = Signal()
    resume_requested = Signal(str)
    local_resume_requested = Signal()
    """The player asks to resume the game against bots a killed client left."""
    rules_requested = Signal()
    about_requested = Signal()
    address_join_requested = Signal()
    history_requested = Signal()
    """The player asks for the History page (finished games, replays, game files)."""

    def __init__(self, model: LobbyModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        themed(self, LOBBY_STYLE)
        self.model = model if model is not None else LobbyModel(self)
        self.player_name = ""
        self._discovery_problem = ""
        self._discovery_state = "looking"
        self._resumable: list[str] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(36, 28, 36, 28)
        layout.setSpacing(14)
        top = QHBoxLayout()
        self.title = QLabel(self)
        self.title.setObjectName("title")
        self.greeting = QLabel(self)
        self.greeting.setObjectName("greeting")
        self.settings_button = QPushButton(self)
        self.settings_button.clicked.connect(self.settings_requested)
        self.rules_button = QPushButton(self)
        self.rules_button.clicked.connect(self.rules_requested)
        self.about_button = QPushButton(self)
        self.about_button.clicked.connect(self.about_requested)
        self.history_button = QPushButton(self)
        self.history_button.clicked.connect(self.history_requested)
        top.addWidget(self.title)
        top.addSpacing(18)
        top.addWidget(self.greeting, 1)
        top.addWidget(self.history_button)
        top.addWidget(self.rules_button)
        top.addWidget(self.settings_button)
        top.addWidget(self.about_button)
        layout.addLayout(top)

        self.bots_button = QPushButton(self)
        self.bots_button.setObjectName("bots")
        self.bots_button.clicked.connect(self.play_bots_requested)
        bots_row = QHBoxLayout()
        bots_row.addWidget(self.bots_button)
        self.local_resume_button = QPushButton(self)
        self.local_resume_button.setObjectName("bots")
        self.local_resume_button.clicked.connect(self.local_resume_requested)
        self.local_resume_button.hide()
        bots_row.addWidget(self.local_resume_button)
        self.level_caption = QLabel(self)
        self.level_combo = QComboBox(self)  # the bots' level for the one-click game
        self.level_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.level_caption.setBuddy(self.level_combo)
        bots_row.addWidget(self.level_caption)
        bots_row.addWidget(self.level_combo)
        self.bots_hint = QLabel(self)
        self.bots_hint.setWordWrap(True)
        bots_row.addWidget(self.bots_hint, 1)
        layout.addLayout(bots_row)

        self.tables_caption = QLabel(self)
        self.tables_caption.setObjectName("greeting")
        layout.addWidget(self.tables_caption)
        self.resume_button = QPushButton(self)
        self.resume_button.setObjectName("bots")
        self.resume_button.clicked.connect(
            lambda: self.resume_requested.emit(self._resumable[0]) if self._resumable else None
        )
        self.resume_button.hide()
        layout.addWidget(self.resume_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.notice = QLabel(self)
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(True)
        self.notice.hide()
        layout.addWidget(self.notice)
        self.discovery_problem = QLabel(self)
        self.discovery_problem.setObjectName("problem")
        self.discovery_problem.setWordWrap(True)
        self.discovery_problem.hide()
        layout.addWidget(self.discovery_problem)
        self.stack = QStackedWidget(self)
        self.table_view = QTableView(self)
        self.table_view.setModel(self.model)
        self.table_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table_view.verticalHeader().hide()
        self.table_view.setShowGrid(False)
        self.table_view.setAlternatingRowColors(True)
        header = self.table_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table_view.doubleClicked.connect(self._row_activated)
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("empty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(self.table_view)
        layout.addWidget(self.stack, 1)

        buttons = QHBoxLayout()
        self.create_button = QPushButton(self)
        self.create_button.clicked.connect(self.create_requested)
        self.join_button = QPushButton(self)
        self.join_button.clicked.connect(self._join_clicked)
        self.watch_button = QPushButton(self)
        self.watch_button.clicked.connect(self._watch_clicked)
        self.address_button = QPushButton(self)
        self.address_button.clicked.connect(self.address_join_requested)
        buttons.addWidget(self.address_button)
        buttons.addStretch(1)
        buttons.addWidget(self.create_button)
        buttons.addWidget(self.watch_button)
        buttons.addWidget(self.join_button)
        layout.addLayout(buttons)

        for signal in (self.model.rowsInserted, self.model.rowsRemoved, self.model.modelReset):
            signal.connect(self._update_state)
        self.model.dataChanged.connect(self._update_state)
        selection = self.table_view.selectionModel()
        selection.selectionChanged.connect(self._update_state)
        self.retranslate()

    def set_player_name(self, name: str) -> None:
        """The name greeted at the top."""
        self.player_name = name
        self.retranslate()

    def set_local_resumable(self, resumable: bool) -> None:
        """Offer to resume the game against bots that the client left when it was killed."""
        self.local_resume_button.setVisible(resumable)

    def set_resumable(self, table_names: list[str]) -> None:
        """Offer to resume the game at the first of these tables (an empty list hides it)."""
        self._resumable = list(table_names)
        self.resume_button.setVisible(bool(self._resumable))
        self.retranslate()

    def set_notice(self, text: str) -> None:
        """Say what happened to the last table tried, in words ("" hides it)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def set_discovery_state(self, state: str) -> None:
        """What discovery found out about this network: "looking", "working" (something
        answered, so no tables means nobody opened one) or "quiet" (nothing answered)."""
        if state not in ("looking", "working", "quiet"):
            raise ValueError(f"unknown discovery state {state!r}")
        self._discovery_state = state
        self.retranslate()

    def set_discovery_problem(self, reason: str) -> None:
        """Say that looking for tables on the LAN failed, and why ("" hides the message)."""
        self._discovery_problem = reason
        self.discovery_problem.setVisible(bool(reason))
        self.retranslate()

    def selected_listing(self) -> TableListing | None:
        """The table chosen in the list, if any."""
        rows = self.table_view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.listing(rows[0].row())

    def _join_clicked(self) -> None:
        listing = self.selected_listing()
        if listing is not None and listing.joinable:
            self.join_requested.emit(listing)

    def _watch_clicked(self) -> None:
        listing = self.selected_listing()
        if listing is not None and listing.watchable:
            self.watch_requested.emit(listing)

    def _row_activated(self) -> None:
        """A double click joins a table with a free seat, else watches its running game."""
        listing = self.selected_listing()
        if listing is not None and listing.joinable:
            self.join_requested.emit(listing)
        elif listing is not None and listing.watchable:
            self.watch_requested.emit(listing)

    def _update_state(self) -> None:
        has_rows = self.model.rowCount() > 0
        self.stack.setCurrentWidget(self.table_view if has_rows else self.empty_label)
        listing = self.selected_listing()
        self.join_button.setEnabled(listing is not None and listing.joinable)
        if listing is not None and not listing.same_version:
            tip = other_version_words(listing)
        elif listing is not None and listing.full:
            tip = QCoreApplication.translate("Lobby", "This table is full")
        else:
            tip = self.tr("Join the selected table")
        self.join_button.setToolTip(tip)
        self.watch_button.setEnabled(listing is not None and listing.watchable)
        if listing is not None and not listing.same_version:
            watch_tip = other_version_words(listing)
        elif listing is not None and not listing.running:
            watch_tip = QCoreApplication.translate("Lobby", "No game is running at this table now")
        else:
            watch_tip = self.tr(
                "Watch the game at the selected table: you see what every player sees, and "
                "the players see that you watch"
            )
        self.watch_button.setToolTip(watch_tip)

    def _fill_levels(self) -> None:
        """List the bot levels in the current language, keeping the one chosen."""
        from durak_qt.dialogs.options import bot_levels

        chosen = self.bot_level()
        self.level_combo.clear()
        for bot, label in bot_levels():
            self.level_combo.addItem(label, bot)
        self.level_combo.setCurrentIndex(max(self.level_combo.findData(chosen), 0))

    def bot_level(self) -> str:
        """The level (engine bot name) chosen for the one-click game against bots."""
        chosen = self.level_combo.currentData()
        return str(chosen) if chosen else "heuristic"

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.title.setText(self.tr("Durak on the LAN"))
        if self.player_name:
            self.greeting.setText(self.tr("Hello, %1!").replace("%1", self.player_name))
        self.settings_button.setText(self.tr("Settings…"))
        self.rules_button.setText(self.tr("Rules (F1)"))
        self.rules_button.setToolTip(self.tr("How every game here is played"))
        self.about_button.setText(self.tr("About"))
        self.history_button.setText(self.tr("History"))
        self.history_button.setToolTip(
            self.tr("Your finished games: replay them, check them, open a game file")
        )
        self.about_button.setToolTip(self.tr("Version, engine and licences"))
        self.bots_button.setText(self.tr("Play against bots"))
        self.level_caption.setText(self.tr("Bots:"))
        QTimer.singleShot(0, self, self._fill_levels)  # the bots load once the lobby shows
        self.bots_hint.setText(
            self.tr("One click: a game on this computer against two bots, no network needed.")
        )
        self.tables_caption.setText(self.tr("Tables on your network"))
        if self._discovery_state == "quiet":
            empty = self.tr(
                "No tables found, and no device on this network answered the search at all: "
                "this network probably blocks discovery (mDNS, UDP port 5353), as guest Wi-Fi "
                "often does.\n\nAsk the host for the invitation their client shows when the "
                "table opens and choose “Join by address…”, or open a table yourself."
            )
        elif self._discovery_state == "working":
            empty = self.tr(
                "No tables open right now. Discovery works on this network (other devices "
                "answer), so nobody has opened a table you can see yet.\n\nOpen one yourself, "
                "or if a friend's table is missing, their firewall may block the game: ask them "
                "for the invitation and choose “Join by address…”."
            )
        else:
            empty = self.tr(
                "No tables found yet. Looking for games on your network…\n\n"
                "If a friend has opened a table and it does not show up here: a firewall may "
                "block mDNS (UDP port 5353) or the game's TCP port, or your computers may be on "
                "different subnets (for example, one on Wi-Fi guest access). You can also open a "
                "table yourself."
            )
        self.empty_label.setText(empty)
        self.discovery_problem.setText(
            self.tr("Cannot look for tables on the network: %1").replace(
                "%1", self._discovery_problem
            )
        )
        if self._resumable:
            self.resume_button.setText(
                self.tr("Resume your game at “%1”").replace("%1", self._resumable[0])
            )
            self.resume_button.setToolTip(
                self.tr("The client stopped during this game; its journal lets you carry on.")
            )
        self.local_resume_button.setText(self.tr("Resume your game against the bots"))
        self.local_resume_button.setToolTip(
            self.tr("The client stopped during this game; its journal lets you carry on.")
        )
        self.create_button.setText(self.tr("Create table…"))
        self.join_button.setText(self.tr("Join"))
        self.watch_button.setText(self.tr("Watch"))
        self.address_button.setText(self.tr("Join by address…"))
        self.address_button.setToolTip(
            self.tr("For a table the list does not show: type its address or paste an invitation")
        )
        self.model.retranslate()
        self._update_state()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
