"""Dialogs: creating a table, and the settings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from durak_qt.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    CARD_SIZES,
    GAMES_KEPT_RANGE,
    LANGUAGES,
    MOVE_TIMERS,
    SORT_ORDERS,
    THEMES,
    Settings,
)
from durak_qt.theme import style_dialog
from durak_qt.variants import available_variants, variant_description, variant_title
from engine.games import kind_for
from net.lobby import MAX_WATCHERS
from net.watch_events import DEFAULT_SPECTATOR_CAP

BOT_LEVELS = (
    ("easy", QT_TRANSLATE_NOOP("BotLevels", "Easy")),
    ("heuristic", QT_TRANSLATE_NOOP("BotLevels", "Normal")),
    ("search", QT_TRANSLATE_NOOP("BotLevels", "Hard (thinks ahead)")),
)
"""The bot levels a table may fill seats with: (engine bot name, label), easiest first."""


def bot_levels() -> list[tuple[str, str]]:
    """The levels whose bot the engine offers in this build: (bot name, label in words)."""
    from engine.bots import BOTS

    return [
        (name, QCoreApplication.translate("BotLevels", str(label)))
        for name, label in BOT_LEVELS
        if name in BOTS
    ]


@dataclass(frozen=True)
class TableOptions:
    """What the player chose for a new table."""

    name: str
    variant: str
    seats: int
    bots: int
    password: str
    rules: tuple[tuple[str, Any], ...] = ()  # rule options over the variant's preset
    move_timer: int = 0
    """Seconds every player at this table has per move (0: no timer)."""
    bot: str = "heuristic"
    """The engine bot (level) that fills the bot seats."""
    spectators: int = DEFAULT_SPECTATOR_CAP
    """How many people may watch the table at once (0: nobody)."""
    spectator_chat: bool = True
    """Whether spectators' chat lines reach the table."""

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise ValueError("a table has 2 to 6 seats")
        if not 0 <= self.bots < self.seats:
            raise ValueError("bots fill at most all the seats but yours")
        if str(self.move_timer) not in MOVE_TIMERS:
            raise ValueError(f"the move timer is one of {', '.join(MOVE_TIMERS)} seconds")
        if not 0 <= self.spectators <= MAX_WATCHERS:
            raise ValueError(f"a table lets 0 to {MAX_WATCHERS} spectators watch")


def timer_labels() -> dict[str, str]:
    """The move timer's choices in words."""
    return {
        "0": QCoreApplication.translate("Dialogs", "No move timer"),
        "15": QCoreApplication.translate("Dialogs", "15 seconds a move"),
        "30": QCoreApplication.translate("Dialogs", "30 seconds a move"),
        "60": QCoreApplication.translate("Dialogs", "60 seconds a move"),
    }


def table_problem(variant_id: str) -> str:
    """Why a variant cannot be dealt at a table yet ("" when it can)."""
    from engine.rules import get_rules
    from net.table.core import table_support

    try:
        return table_support(get_rules(variant_id)) or ""
    except Exception as error:  # a variant the engine cannot build is no table game either
        return str(error)


class CreateTableDialog(QDialog):
    """Create a table: variant (with a one-line description and its rules), seats, bots and
    their level, the move timer and a password."""

    def __init__(self, player_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style_dialog(self)
        self.setWindowTitle(self.tr("Create a table"))
        self.setMinimumWidth(560)
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
        self.rules_button = QPushButton(self.tr("Rules…"), self)
        self.rules_button.setToolTip(self.tr("How this game is played (F1)"))
        self.rules_button.clicked.connect(self.show_rules)
        game_row = QHBoxLayout()
        game_row.addWidget(self.variant_combo, 1)
        game_row.addWidget(self.rules_button)
        form.addRow(self.tr("Game"), game_row)
        self.description = QLabel(self)
        self.description.setObjectName("hint")
        self.description.setWordWrap(True)
        form.addRow("", self.description)
        self.seats_spin = QSpinBox(self)
        self.seats_spin.setRange(2, 6)
        self.seats_spin.setValue(4)
        form.addRow(self.tr("Seats"), self.seats_spin)
        self.bots_spin = QSpinBox(self)
        self.bots_spin.setRange(0, 5)
        form.addRow(self.tr("Bots to fill seats"), self.bots_spin)
        self.level_combo = QComboBox(self)
        for bot, label in bot_levels():
            self.level_combo.addItem(label, bot)
        self.level_combo.setCurrentIndex(max(self.level_combo.findData("heuristic"), 0))
        form.addRow(self.tr("Bot level"), self.level_combo)
        self.timer_combo = QComboBox(self)
        for key, label in timer_labels().items():
            self.timer_combo.addItem(label, key)
        self.timer_combo.setToolTip(
            self.tr(
                "Everyone at this table gets this long per move; then they take, or pass (Bito)"
            )
        )
        form.addRow(self.tr("Move timer"), self.timer_combo)
        self.password_check = QCheckBox(self.tr("Ask for a password"), self)
        self.password_edit = QLineEdit(self)
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setEnabled(False)
        self.password_check.toggled.connect(self.password_edit.setEnabled)
        form.addRow(self.password_check, self.password_edit)
        self.spectators_spin = QSpinBox(self)
        self.spectators_spin.setRange(0, MAX_WATCHERS)
        self.spectators_spin.setValue(DEFAULT_SPECTATOR_CAP)
        self.spectators_spin.setSpecialValueText(self.tr("Nobody"))
        self.spectators_spin.setToolTip(
            self.tr("How many people may watch at once; they never see a hidden card")
        )
        self.spectator_chat_check = QCheckBox(self.tr("They may chat"), self)
        self.spectator_chat_check.setChecked(True)
        self.spectators_spin.valueChanged.connect(
            lambda cap: self.spectator_chat_check.setEnabled(cap > 0)
        )
        watch_row = QHBoxLayout()
        watch_row.addWidget(self.spectators_spin)
        watch_row.addWidget(self.spectator_chat_check)
        watch_row.addStretch(1)
        form.addRow(self.tr("Spectators"), watch_row)
        self.deck_combo = QComboBox(self)
        for size in (36, 24, 32, 52):
            self.deck_combo.addItem(self.tr("%n cards", "", size), size)
        form.addRow(self.tr("Deck"), self.deck_combo)
        self.order_combo = QComboBox(self)
        self.order_combo.addItem(self.tr("The attacker first, then clockwise (Bito)"), "strict")
        self.order_combo.addItem(self.tr("Anyone, any time"), "free")
        order_help = (
            self.tr(
                "The lead attacker throws in first; his “Bito” hands the right to the next "
                "attacker clockwise; the bout ends when every attacker has said “Bito” in a row"
            ),
            self.tr("Anyone but the defender throws in at any time"),
        )
        for index, text in enumerate(order_help):
            self.order_combo.setItemData(index, text, Qt.ItemDataRole.ToolTipRole)
        self.order_combo.currentIndexChanged.connect(
            lambda index: self.order_combo.setToolTip(order_help[max(index, 0)])
        )
        self.order_combo.setToolTip(order_help[0])
        form.addRow(self.tr("Throwing in"), self.order_combo)
        self.five_check = QCheckBox(self.tr("At most 5 cards in the first bout"), self)
        form.addRow("", self.five_check)
        self.pairs_check = QCheckBox(self.tr("Six players in three pairs"), self)
        self.pairs_check.setToolTip(
            self.tr(
                "Team play: with six seats, three teams of two partners sitting opposite each "
                "other instead of two teams of three; with four seats it is always two pairs"
            )
        )
        form.addRow("", self.pairs_check)
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
        from durak_qt.games.family3.create_options import offer_family3

        offer_family3(self)  # family-3 games, played against bots until a table deals them

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
        editable = self._editable()
        self.pairs_check.setVisible("pairs" in editable)  # team games only
        for name, widget in self._option_widgets().items():
            widget.setEnabled(name in editable)
        self._seats_changed()
        self.order_combo.setCurrentIndex(
            max(self.order_combo.findData(self._preset_throw_order()), 0)
        )

    def _option_widgets(self) -> dict[str, QWidget]:
        """The widget of each rule option the dialog can offer (pairs: shown in team play)."""
        return {
            "deck": self.deck_combo,
            "throw_order": self.order_combo,
            "first_bout_cap": self.five_check,
        }

    def _rules(self) -> Any:
        """The chosen preset's rules, as its game kind has them."""
        variant = str(self.variant_combo.currentData())
        return kind_for(variant).get_rules(variant)

    def _editable(self) -> Sequence[str]:
        """The rule options the chosen game lets a player change (`GameKind.rule_options`)."""
        variant = str(self.variant_combo.currentData())
        return kind_for(variant).rule_options(self._rules())

    def _preset_throw_order(self) -> str:
        """The throwing order the chosen game's rules have when nobody changes it."""
        if "throw_order" not in self._editable():
            return "strict"  # a game that throws nothing in: the option is off (family3_dialog)
        return str(self._rules().throw_order)

    def _seats_changed(self) -> None:
        self.bots_spin.setMaximum(self.seats_spin.value() - 1)
        self.pairs_check.setEnabled(self.seats_spin.value() == 6)  # pairs of four: always

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
            move_timer=int(str(self.timer_combo.currentData())),
            bot=str(self.level_combo.currentData() or "heuristic"),
            spectators=self.spectators_spin.value(),
            spectator_chat=self.spectator_chat_check.isChecked(),
        )

    def show_rules(self) -> None:
        """Open the rules of the game chosen."""
        from durak_qt.dialogs.rules_help import RulesDialog

        RulesDialog(str(self.variant_combo.currentData()), self).exec()

    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_F1:
            self.show_rules()
            return
        super().keyPressEvent(event)

    def _pairs_chosen(self) -> bool:
        """Three pairs asked for, where the game offers them (team play), at six seats."""
        return (
            "pairs" in self._editable()
            and self.seats_spin.value() == 6
            and self.pairs_check.isChecked()
        )

    def rule_options(self) -> tuple[tuple[str, Any], ...]:
        """The rule options chosen, as engine option names and values (defaults left out)."""
        chosen: dict[str, Any] = {}
        editable = self._editable()
        if "deck" in editable and self.deck_combo.currentData() != 36:
            chosen["deck"] = int(self.deck_combo.currentData())
        if (
            "throw_order" in editable
            and self.order_combo.currentData() != self._preset_throw_order()
        ):
            chosen["throw_order"] = str(self.order_combo.currentData())
        if "first_bout_cap" in editable and self.five_check.isChecked():
            chosen["first_bout_cap"] = 5
        if self._pairs_chosen():
            chosen["pairs"] = True
        return tuple(sorted(chosen.items()))


class SettingsDialog(QDialog):
    """Name, language, card size, animation speed, sounds, hand sorting, card back, the table's
    look (theme, four-colour deck) and the network; saved on OK. (The move timer is a table's
    setting, chosen when it is created.)"""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style_dialog(self)
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
        self.sound_check = QCheckBox(self.tr("Sounds (deal, play, take, your turn)"), self)
        self.sound_check.setChecked(settings.sound)
        form.addRow(self.tr("Sound"), self.sound_check)
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
        self.theme_combo = self._combo(
            {
                "green": self.tr("Green felt"),
                "dark": self.tr("Dark"),
                "contrast": self.tr("High contrast"),
            },
            THEMES,
            settings.theme,
        )
        form.addRow(self.tr("Table look"), self.theme_combo)
        self.four_colour_check = QCheckBox(
            self.tr("Four-colour deck (diamonds blue, clubs green)"), self
        )
        self.four_colour_check.setChecked(settings.four_colour)
        form.addRow(self.tr("Suits"), self.four_colour_check)
        self.interface_edit = QLineEdit(
            "" if settings.interface == "all" else settings.interface, self
        )
        self.interface_edit.setPlaceholderText(self.tr("Every network of this computer"))
        self.interface_edit.setToolTip(
            self.tr(
                "Where to look for tables and listen for players: leave it empty for every "
                "network of this computer, or name one network interface or address (for example "
                "eth0 or 192.168.1.20). Used from the next table on."
            )
        )
        form.addRow(self.tr("Network"), self.interface_edit)
        self.interface_problem = QLabel(self)
        self.interface_problem.setObjectName("problem")
        self.interface_problem.setWordWrap(True)
        self.interface_problem.hide()
        form.addRow("", self.interface_problem)
        self.games_kept_spin = QSpinBox(self)
        self.games_kept_spin.setRange(*GAMES_KEPT_RANGE)
        self.games_kept_spin.setSingleStep(100)
        self.games_kept_spin.setGroupSeparatorShown(True)
        self.games_kept_spin.setValue(settings.games_kept)
        self.games_kept_spin.setToolTip(
            self.tr("The history keeps this many finished games; the oldest go first.")
        )
        form.addRow(self.tr("Games kept"), self.games_kept_spin)
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
        self.settings.sound = self.sound_check.isChecked()
        self.settings.sort_order = str(self.sort_combo.currentData())
        self.settings.card_back = str(self.back_combo.currentData())
        self.settings.theme = str(self.theme_combo.currentData())
        self.settings.four_colour = self.four_colour_check.isChecked()
        self.settings.games_kept = self.games_kept_spin.value()
        return ok

    def save_and_close(self) -> None:
        """OK: save and close (stays open while the network setting is wrong)."""
        if self.save():
            self.accept()


class JoinAddressDialog(QDialog):
    """Join a table by its host's address or a pasted invitation (when the lobby cannot see
    it: routers that drop mDNS); OK only while the text reads as one, with why when not."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style_dialog(self)
        self.setWindowTitle(self.tr("Join by address"))
        self.setMinimumWidth(520)
        form = QFormLayout()
        self.address_edit = QLineEdit(self)
        self.address_edit.setPlaceholderText(self.tr("192.168.1.20:45123 or durak://…"))
        form.addRow(self.tr("Address or invitation"), self.address_edit)
        self.hint = QLabel(
            self.tr(
                "Ask the host for the invitation their client shows in the game log when the "
                "table opens (it is copied to their clipboard), or for the address and port."
            ),
            self,
        )
        self.hint.setObjectName("hint")
        self.hint.setWordWrap(True)
        form.addRow("", self.hint)
        self.password_edit = QLineEdit(self)
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setPlaceholderText(self.tr("Only if the table has one"))
        form.addRow(self.tr("Password"), self.password_edit)
        self.problem = QLabel(self)
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        form.addRow("", self.problem)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Join"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.address_edit.textChanged.connect(self._check)
        self._check()

    def _check(self) -> None:
        from durak_qt.lobby.join_address import JoinTextError, read_join_text

        text = self.address_edit.text()
        try:
            read_join_text(text)
            problem = ""
        except JoinTextError as error:
            problem = str(error) if text.strip() else ""
            ok = False
        else:
            ok = True
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def invitation(self) -> Any:
        """Where the address or invitation typed says to join (durak_qt.lobby.join_address.JoinTarget)."""
        from durak_qt.lobby.join_address import read_join_text

        return read_join_text(self.address_edit.text())

    def password(self) -> str | None:
        """The password typed, None when left empty."""
        return self.password_edit.text() or None
