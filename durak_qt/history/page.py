"""The History page: every finished game kept here, newest first, and the replay viewer.

The list (date, game, players, result, "verified" mark) comes from the store's index
(`net.history.store.HistoryStore.entries`), searchable by player and game; a damaged file is a
row that says so and why. Beside it, the player's own record per opponent and per game. A game
opens in the viewer (`durak_qt.history.viewer`) after its file is verified; *Open game file…*
opens any file, *Export…* copies the chosen game's file where the player says.
"""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from durak_qt import palette
from durak_qt.history.opening import own_key_hex
from durak_qt.history.viewer import ReplayViewer
from durak_qt.palette import themed
from durak_qt.settings import Settings

PAGE_STYLE = """
HistoryPage { background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 $page_top, stop:1 $page_bottom); }
QLabel { color: $page_text; font-size: 14px; }
QLabel#title { font-size: 26px; font-weight: bold; color: $accent; }
QLabel#caption { font-size: 15px; font-weight: bold; color: $greeting_text; }
QLabel#problem { font-size: 14px; color: $lobby_problem; }
QLineEdit { background: $field_back; color: $field_text; border: 2px solid $button_rim;
            border-radius: 8px; padding: 6px 10px; font-size: 14px; }
QTableWidget { background: $list_back; color: $list_text; border-radius: 8px; font-size: 14px;
               alternate-background-color: $list_alternate; border: 1px solid $list_rim;
               selection-background-color: $selection; }
QHeaderView::section { background: $header_back; color: $accent; border: none;
                       padding: 5px 8px; font-weight: bold; }
QPushButton { color: $button_text; font-weight: bold; border-radius: 8px; padding: 8px 16px;
              border: 2px solid $button_rim; background: $dialog_button_back; font-size: 14px; }
QPushButton:hover { border-color: $accent; }
QPushButton:disabled { color: $dialog_button_text_disabled; border-color: $button_rim_disabled; }
"""

FILE_FILTER = "*.durak"
"""The game files' name pattern in the file choosers (any file may still be opened)."""


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def entry_when(entry: Any) -> str:
    """The entry's date and time in the local time zone, "2026-12-07 10:15"."""
    created = entry.created
    if isinstance(created, str):
        try:
            created = datetime.fromisoformat(created)
        except ValueError:
            return created
    if isinstance(created, datetime):
        return created.astimezone().strftime("%Y-%m-%d %H:%M")
    return _text(created)


def entry_names(entry: Any) -> list[str]:
    """The names of the entry's players, in seat order."""
    return [name for name, _key, _bot in entry.players]


class HistoryPage(QWidget):
    """The list of kept games with the player's records, and the viewer; emits
    `back_requested` when the player goes back to the lobby."""

    back_requested = Signal()

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        themed(self, PAGE_STYLE)
        self.settings = settings
        self.entries: list[Any] = []
        self.records: Any = None
        self.pages = QStackedWidget(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.pages)

        self.list_page = QWidget(self.pages)
        layout = QVBoxLayout(self.list_page)
        layout.setContentsMargins(28, 20, 28, 20)
        layout.setSpacing(12)
        top = QHBoxLayout()
        self.back_button = QPushButton(self.list_page)
        self.back_button.clicked.connect(self.back_requested)
        self.title = QLabel(self.list_page)
        self.title.setObjectName("title")
        self.search = QLineEdit(self.list_page)
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._apply_search)
        self.open_button = QPushButton(self.list_page)
        self.open_button.clicked.connect(self.choose_file)
        top.addWidget(self.back_button)
        top.addSpacing(12)
        top.addWidget(self.title)
        top.addSpacing(18)
        top.addWidget(self.search, 1)
        top.addWidget(self.open_button)
        layout.addLayout(top)
        self.problem = QLabel(self.list_page)
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        layout.addWidget(self.problem)

        splitter = QSplitter(Qt.Orientation.Horizontal, self.list_page)
        games = QWidget(splitter)
        games_layout = QVBoxLayout(games)
        games_layout.setContentsMargins(0, 0, 0, 0)
        self.games_caption = QLabel(games)
        self.games_caption.setObjectName("caption")
        self.table = self._new_table(games, 5, stretched=3)
        self.table.doubleClicked.connect(lambda _index: self.replay_selected())
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.empty = QLabel(games)
        self.empty.setWordWrap(True)
        self.empty.hide()
        games_layout.addWidget(self.games_caption)
        games_layout.addWidget(self.table, 1)
        games_layout.addWidget(self.empty)
        buttons = QHBoxLayout()
        self.replay_button = QPushButton(games)
        self.replay_button.clicked.connect(self.replay_selected)
        self.export_button = QPushButton(games)
        self.export_button.clicked.connect(self.export_selected)
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.replay_button)
        games_layout.addLayout(buttons)

        side = QWidget(splitter)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(10, 0, 0, 0)
        self.opponents_caption = QLabel(side)
        self.opponents_caption.setObjectName("caption")
        self.opponents = self._new_table(side, 5, stretched=0)
        self.kinds_caption = QLabel(side)
        self.kinds_caption.setObjectName("caption")
        self.kinds = self._new_table(side, 5, stretched=0)
        side_layout.addWidget(self.opponents_caption)
        side_layout.addWidget(self.opponents, 1)
        side_layout.addWidget(self.kinds_caption)
        side_layout.addWidget(self.kinds, 1)
        splitter.addWidget(games)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([800, 460])
        layout.addWidget(splitter, 1)

        palette.notifier().changed.connect(self._restyled)
        self.viewer = ReplayViewer(self.pages)
        self.viewer.back_requested.connect(self.show_list)
        self.pages.addWidget(self.list_page)
        self.pages.addWidget(self.viewer)
        self.retranslate()

    def _new_table(self, parent: QWidget, columns: int, stretched: int) -> QTableWidget:
        """A read-only table of rows; column `stretched` takes the width the others leave."""
        table = QTableWidget(0, columns, parent)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        table.setShowGrid(False)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(stretched, QHeaderView.ResizeMode.Stretch)
        return table

    # ----- the list -----------------------------------------------------------------------

    def store(self) -> Any:
        """The history kept under the data directory."""
        from net.history.store import HistoryStore

        return HistoryStore(self.settings.data_dir, self.settings.games_kept)

    def refresh(self) -> None:
        """Prune to the Settings limit, then read the index again: newest first, and the
        player's records."""
        from net.history.store import records_of

        store = self.store()
        try:
            store.prune(self.settings.games_kept)
            self.entries = store.entries()  # newest first
            self.records = records_of(self.entries, own_key_hex(self.settings.data_dir))
            self.problem.hide()
        except OSError as error:
            self.entries, self.records = [], None
            self.problem.setText(
                self.tr("The history cannot be read: %1").replace("%1", str(error))
            )
            self.problem.show()
        self._fill_games()
        self._fill_records()
        self.show_list()

    def _reload_entries(self) -> None:
        """Read the index again (after a check marked a game), keeping the selection."""
        self.entries = self.store().entries()
        self._fill_games()

    def show_list(self) -> None:
        """Show the list of games (leaving the viewer)."""
        self.viewer.stop()
        self.pages.setCurrentWidget(self.list_page)

    def _fill_games(self) -> None:
        from durak_qt.variants import variant_title

        chosen = self.selected_entry()
        chosen_path = None if chosen is None else chosen.path
        table = self.table
        table.setRowCount(0)
        problem_ink = QColor(palette.current().lobby_problem)
        for entry in self.entries:
            row = table.rowCount()
            table.insertRow(row)
            damaged = _text(getattr(entry, "damaged", ""))
            if damaged:
                game = self.tr("Damaged file")
                result = damaged
                mark = ""
            else:
                game = variant_title(entry.variant)
                result = self.result_text(entry)
                mark = {True: "✔", False: "✘", None: "–"}[entry.verified]
            cells = (entry_when(entry), game, ", ".join(entry_names(entry)), result, mark)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, row)
                if damaged:
                    item.setForeground(problem_ink)
                    item.setToolTip(self.tr("This file cannot be read: %1").replace("%1", damaged))
                elif column == 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    item.setToolTip(self.verified_tip(entry.verified))
                table.setItem(row, column, item)
        self.empty.setVisible(not self.entries)
        rows = [row for row, e in enumerate(self.entries) if e.path == chosen_path]
        if rows:  # the same game stays chosen (a language switch fills the list again)
            table.selectRow(rows[0])
        self._apply_search(self.search.text())
        self._update_buttons()

    def result_text(self, entry: Any) -> str:
        """How the game ended, in the language of the moment where the client knows the words
        (a finished game, an abandoned one); net's own words otherwise."""
        names = entry_names(entry)
        if entry.ended == "finished":
            if entry.fool is None:
                return self.tr("Draw")
            if 0 <= entry.fool < len(names):
                return self.tr("%1 is the fool").replace("%1", names[entry.fool])
        if entry.ended == "abandoned":
            return self.tr("Abandoned")
        return _text(entry.result)

    def verified_tip(self, verified: bool | None) -> str:
        """What the "verified" mark says."""
        if verified is None:
            return self.tr("Not checked yet: it is checked when you open it")
        if verified:
            return self.tr("Checked: every signature and proof, and the moves as far as opened")
        return self.tr("The check failed: open it to see what")

    def _restyled(self) -> None:
        """The theme changed: damaged rows take the new problem colour."""
        if self.entries:
            self._fill_games()

    def _apply_search(self, text: str) -> None:
        """Show only the games whose players or game name hold every word typed."""
        words = text.casefold().split()
        for row in range(self.table.rowCount()):
            cells = [self.table.item(row, column) for column in (1, 2)]
            haystack = " ".join(cell.text() for cell in cells if cell is not None).casefold()
            entry = self.entries[row]
            haystack += " " + _text(getattr(entry, "variant", "")).casefold()
            self.table.setRowHidden(row, not all(word in haystack for word in words))
        self._update_buttons()

    def visible_rows(self) -> list[int]:
        """The rows the search leaves shown, top to bottom."""
        return [row for row in range(self.table.rowCount()) if not self.table.isRowHidden(row)]

    def selected_entry(self) -> Any | None:
        """The entry of the selected row (None: none, or one the search hides)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.table.isRowHidden(rows[0].row()):
            return None
        return self.entries[rows[0].row()]

    def _update_buttons(self) -> None:
        entry = self.selected_entry()
        usable = entry is not None and not _text(getattr(entry, "damaged", ""))
        self.replay_button.setEnabled(usable)
        self.export_button.setEnabled(entry is not None)

    def _fill_records(self) -> None:
        """The player's record per opponent (shown by their latest name) and per game."""
        from durak_qt.variants import variant_title

        records = self.records
        self.opponents.setRowCount(0)
        self.kinds.setRowCount(0)
        if records is None:
            return
        opponents = sorted(
            records.opponents.items(),
            key=lambda item: (-item[1].played, records.names.get(item[0], "")),
        )
        shown = [records.names.get(key, "") for key, _ in opponents]
        for key, record in opponents:
            name = records.names.get(key, "")
            if records.bots.get(key):
                name = self.tr("%1 (bot)").replace("%1", name)
            elif shown.count(name) > 1:  # two people of one name: their keys tell them apart
                name = f"{name} ({key[:8]})"
            self._add_record_row(self.opponents, name, record)
        games = sorted(records.games.items(), key=lambda item: -item[1].played)
        for variant, record in games:
            self._add_record_row(self.kinds, variant_title(variant), record)

    def _add_record_row(self, table: QTableWidget, label: str, record: Any) -> None:
        row = table.rowCount()
        table.insertRow(row)
        values = (label, record.played, record.won, record.fool, record.draws)
        for column, value in enumerate(values):
            item = QTableWidgetItem(str(value))
            if column:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            table.setItem(row, column, item)

    # ----- opening and exporting ----------------------------------------------------------

    def replay_selected(self) -> None:
        """Open the selected game in the viewer."""
        entry = self.selected_entry()
        if entry is not None and not _text(getattr(entry, "damaged", "")):
            self.open_file(Path(entry.path))

    def open_file(self, path: Path) -> None:
        """Verify the game file at `path` and show it (or exactly why it is refused)."""
        from durak_qt.history.opening import open_game_file

        opened = open_game_file(path, own_key_hex(self.settings.data_dir))
        store = self.store()
        if Path(path).parent == store.folder:
            store.mark_verified(Path(path), opened.replay is not None)
            self._reload_entries()
        s = self.settings
        self.viewer.apply_settings(s.sort_order, s.card_back, s.card_scale, s.animation_ms)
        if opened.replay is None or opened.info is None:
            self.viewer.show_refusal(opened.refusal)
        else:
            self.viewer.load(opened.replay, opened.info)
        self.pages.setCurrentWidget(self.viewer)
        self.viewer.focus_table()

    def choose_file(self) -> None:
        """Ask for a game file anywhere and open it."""
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open game file"),
            str(Path.home()),
            self.tr("Game files (%1);;All files (*)").replace("%1", FILE_FILTER),
        )
        if name:
            self.open_file(Path(name))

    def export_selected(self) -> None:
        """Copy the selected game's file where the player chooses."""
        entry = self.selected_entry()
        if entry is None:
            return
        source = Path(entry.path)
        name, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export game file"),
            str(Path.home() / source.name),
            self.tr("Game files (%1);;All files (*)").replace("%1", FILE_FILTER),
        )
        if name:
            self.export_to(source, Path(name))

    def export_to(self, source: Path, target: Path) -> None:
        """Copy a game file; a failure is said above the list."""
        try:
            shutil.copyfile(source, target)
            self.problem.hide()
        except OSError as error:
            self.problem.setText(
                self.tr("The game file cannot be exported: %1").replace("%1", str(error))
            )
            self.problem.show()

    # ----- language -----------------------------------------------------------------------

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.back_button.setText(self.tr("◀ Lobby"))
        self.title.setText(self.tr("History"))
        self.search.setPlaceholderText(self.tr("Search by player or game"))
        self.open_button.setText(self.tr("Open game file…"))
        self.open_button.setToolTip(self.tr("Check and replay a game file from any computer"))
        self.games_caption.setText(self.tr("Finished games, newest first"))
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Date"),
                self.tr("Game"),
                self.tr("Players"),
                self.tr("Result"),
                self.tr("Verified"),
            ]
        )
        self.empty.setText(
            self.tr("No finished games yet: every game you finish here is kept in this list.")
        )
        self.replay_button.setText(self.tr("Replay"))
        self.export_button.setText(self.tr("Export…"))
        self.opponents_caption.setText(self.tr("Your record against each opponent"))
        self.kinds_caption.setText(self.tr("Your record in each game"))
        counts = [self.tr("Played"), self.tr("Won"), self.tr("Fool"), self.tr("Draws")]
        self.opponents.setHorizontalHeaderLabels([self.tr("Opponent"), *counts])
        self.kinds.setHorizontalHeaderLabels([self.tr("Game"), *counts])
        if self.entries:
            self._fill_games()
            self._fill_records()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
