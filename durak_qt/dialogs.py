"""Dialogs: creating a table, and the settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from durak_qt.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    CARD_SIZES,
    LANGUAGES,
    MOVE_TIMERS,
    SORT_ORDERS,
    Settings,
)
from durak_qt.variants import available_variants, variant_description, variant_title


@dataclass(frozen=True)
class TableOptions:
    """What the player chose for a new table."""

    name: str
    variant: str
    seats: int
    bots: int
    password: str
    rules: tuple[tuple[str, Any], ...] = ()  # rule options over the variant's preset

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise ValueError("a table has 2 to 6 seats")
        if not 0 <= self.bots < self.seats:
            raise ValueError("bots fill at most all the seats but yours")


def table_problem(variant_id: str) -> str:
    """Why a variant cannot be dealt at a table yet ("" when it can)."""
    from engine.rules import get_rules
    from net.table.core import table_support

    try:
        return table_support(get_rules(variant_id)) or ""
    except Exception as error:  # a variant the engine cannot build is no table game either
        return str(error)


class CreateTableDialog(QDialog):
    """Create a table: variant (with a one-line description), seats, bots and a password."""

    def __init__(self, player_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Create a table"))
        self.setMinimumWidth(520)
        form = QFormLayout()
        self.name_edit = QLineEdit(self.tr("%1's table").replace("%1", player_name), self)
        self.name_edit.setMaxLength(40)
        form.addRow(self.tr("Table name"), self.name_edit)
        self.variant_combo = QComboBox(self)
        self._limits: dict[str, tuple[int, int]] = {}
        for variant_id, low, high, engine_text in available_variants():
            self.variant_combo.addItem(variant_title(variant_id), variant_id)
            index = self.variant_combo.count() - 1
            description = variant_description(variant_id, engine_text)
            unplayable = table_problem(variant_id)
            if unplayable:
                description = self.tr("Not playable at a table yet: %1").replace("%1", unplayable)
                item = self.variant_combo.model().item(index)  # type: ignore[attr-defined]
                item.setEnabled(False)
            self.variant_combo.setItemData(index, description, Qt.ItemDataRole.ToolTipRole)
            self._limits[variant_id] = (low, high)
        form.addRow(self.tr("Game"), self.variant_combo)
        self.description = QLabel(self)
        self.description.setWordWrap(True)
        self.description.setStyleSheet("color: palette(mid); font-style: italic;")
        form.addRow("", self.description)
        self.seats_spin = QSpinBox(self)
        self.seats_spin.setRange(2, 6)
        self.seats_spin.setValue(4)
        form.addRow(self.tr("Seats"), self.seats_spin)
        self.bots_spin = QSpinBox(self)
        self.bots_spin.setRange(0, 5)
        form.addRow(self.tr("Bots to fill seats"), self.bots_spin)
        self.password_check = QCheckBox(self.tr("Ask for a password"), self)
        self.password_edit = QLineEdit(self)
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setEnabled(False)
        self.password_check.toggled.connect(self.password_edit.setEnabled)
        form.addRow(self.password_check, self.password_edit)
        self.deck_combo = QComboBox(self)
        for size in (36, 24, 32, 52):
            self.deck_combo.addItem(self.tr("%n cards", "", size), size)
        form.addRow(self.tr("Deck"), self.deck_combo)
        self.order_combo = QComboBox(self)
        self.order_combo.addItem(self.tr("Anyone, any time"), "free")
        self.order_combo.addItem(self.tr("The attacker first, then clockwise (Bito)"), "strict")
        form.addRow(self.tr("Throwing in"), self.order_combo)
        self.five_check = QCheckBox(self.tr("At most 5 cards in the first bout"), self)
        form.addRow("", self.five_check)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Open the table"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.variant_combo.currentIndexChanged.connect(self._variant_changed)
        self.seats_spin.valueChanged.connect(self._seats_changed)
        throw_in = self.variant_combo.findData("throw-in")
        self.variant_combo.setCurrentIndex(max(throw_in, 0))
        self._variant_changed()

    def _variant_changed(self) -> None:
        variant_id = self.variant_combo.currentData()
        self.description.setText(
            str(
                self.variant_combo.itemData(
                    self.variant_combo.currentIndex(), Qt.ItemDataRole.ToolTipRole
                )
            )
        )
        low, high = self._limits.get(variant_id, (2, 6))
        self.seats_spin.setRange(max(2, low), min(6, high))
        self._seats_changed()

    def _seats_changed(self) -> None:
        self.bots_spin.setMaximum(self.seats_spin.value() - 1)

    def options(self) -> TableOptions:
        """The choices made in the dialog."""
        password = self.password_edit.text() if self.password_check.isChecked() else ""
        return TableOptions(
            name=self.name_edit.text().strip() or self.tr("Table"),
            variant=str(self.variant_combo.currentData()),
            seats=self.seats_spin.value(),
            bots=self.bots_spin.value(),
            password=password,
            rules=self.rule_options(),
        )

    def rule_options(self) -> tuple[tuple[str, Any], ...]:
        """The rule options chosen, as engine option names and values (defaults left out)."""
        chosen: dict[str, Any] = {}
        if self.deck_combo.currentData() != 36:
            chosen["deck"] = int(self.deck_combo.currentData())
        if self.order_combo.currentData() != "free":
            chosen["throw_order"] = str(self.order_combo.currentData())
        if self.five_check.isChecked():
            chosen["first_bout_cap"] = 5
        return tuple(sorted(chosen.items()))


class SettingsDialog(QDialog):
    """Name, language, card size, animation speed, hand sorting and card back; saved on OK."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(self.tr("Settings"))
        form = QFormLayout()
        self.name_edit = QLineEdit(settings.name, self)
        self.name_edit.setMaxLength(24)
        form.addRow(self.tr("Your name"), self.name_edit)
        self.language_combo = self._combo(
            {"en": "English", "ru": "Русский"}, LANGUAGES, settings.language
        )
        form.addRow(self.tr("Language"), self.language_combo)
        self.size_combo = self._combo(
            {"small": self.tr("Small"), "medium": self.tr("Medium"), "large": self.tr("Large")},
            tuple(CARD_SIZES),
            settings.card_size,
        )
        form.addRow(self.tr("Card size"), self.size_combo)
        self.speed_combo = self._combo(
            {
                "off": self.tr("Off"),
                "fast": self.tr("Fast"),
                "normal": self.tr("Normal"),
                "slow": self.tr("Slow"),
            },
            tuple(ANIMATION_SPEEDS),
            settings.animation_speed,
        )
        form.addRow(self.tr("Animations"), self.speed_combo)
        self.timer_combo = self._combo(
            {
                "0": self.tr("No move timer"),
                "15": self.tr("15 seconds a move"),
                "30": self.tr("30 seconds a move"),
                "60": self.tr("60 seconds a move"),
            },
            MOVE_TIMERS,
            str(settings.move_timer),
        )
        self.timer_combo.setToolTip(self.tr("When your time runs out you take, or pass (Bito)"))
        form.addRow(self.tr("Move timer"), self.timer_combo)
        self.sort_combo = self._combo(
            {"suit": self.tr("By suit, trumps last"), "rank": self.tr("By rank, trumps last")},
            SORT_ORDERS,
            settings.sort_order,
        )
        form.addRow(self.tr("Sort your hand"), self.sort_combo)
        self.back_combo = self._combo(
            {"back-blue": self.tr("Blue"), "back-red": self.tr("Red")},
            CARD_BACKS,
            settings.card_back,
        )
        form.addRow(self.tr("Card back"), self.back_combo)
        self.interface_edit = QLineEdit(settings.interface, self)
        self.interface_edit.setToolTip(
            self.tr(
                "Where to look for tables and listen for players: “all”, or a network interface "
                "name or address (for example eth0 or 192.168.1.20). Used from the next table on."
            )
        )
        form.addRow(self.tr("Network"), self.interface_edit)
        self.interface_problem = QLabel(self)
        self.interface_problem.setStyleSheet("color: rgb(200, 40, 30);")
        self.interface_problem.setWordWrap(True)
        self.interface_problem.hide()
        form.addRow("", self.interface_problem)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.save_and_close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _combo(self, labels: dict[str, str], keys: tuple[str, ...], current: str) -> QComboBox:
        combo = QComboBox(self)
        for key in keys:
            combo.addItem(labels[key], key)
        combo.setCurrentIndex(max(combo.findData(current), 0))
        return combo

    def save(self) -> bool:
        """Store every choice (a bad name is ignored and the old one kept); False, with the
        reason shown and the network setting unchanged, when the interface does not exist."""
        ok = True
        try:
            self.settings.interface = self.interface_edit.text()
            self.interface_problem.hide()
        except ValueError as error:
            self.interface_problem.setText(self.tr("Network: %1").replace("%1", str(error)))
            self.interface_problem.show()
            ok = False
        name = " ".join(self.name_edit.text().split())
        if name:
            self.settings.name = name
        self.settings.language = str(self.language_combo.currentData())
        self.settings.card_size = str(self.size_combo.currentData())
        self.settings.animation_speed = str(self.speed_combo.currentData())
        self.settings.move_timer = int(str(self.timer_combo.currentData()))
        self.settings.sort_order = str(self.sort_combo.currentData())
        self.settings.card_back = str(self.back_combo.currentData())
        return ok

    def save_and_close(self) -> None:
        """OK: save and close (stays open while the network setting is wrong)."""
        if self.save():
            self.accept()
