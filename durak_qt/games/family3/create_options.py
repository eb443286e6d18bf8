"""Family-3 games in the create-table dialog: offered with their names and one-line
descriptions; played here against bots until a LAN table can deal them.

`offer_family3(dialog)` adds every family-3 preset the client can show to a
`durak_qt.dialogs.options.CreateTableDialog`. For whichever game is chosen, Durak's included, the
game's kind decides (no family test): the rule options it offers (`GameKind.rule_options`; deck,
throwing in, the first bout's limit), the move timer (`GameKind.move_timer`), the seat counts its
rules accept, and when `net.table` does not deal the game yet
(`durak_qt.games.family3.client.lan_table_problem`) every other seat is a bot and there is no
password, so the dialog opens a game on this computer; the description says why.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt

from durak_qt.games.family3.client import (
    family3_variants,
    game_kind,
    lan_table_problem,
    seat_counts,
)
from durak_qt.variants import variant_description, variant_title

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Family3", ...)` calls)."""


def offer_family3(dialog: Any) -> None:
    """Add the family-3 presets to the dialog's game list and keep its options fitting."""
    combo = dialog.variant_combo
    for variant, low, high, engine_text in family3_variants():
        combo.addItem(variant_title(variant), variant)
        index = combo.count() - 1
        combo.setItemData(
            index, variant_description(variant, engine_text), Qt.ItemDataRole.ToolTipRole
        )
        dialog._limits[variant] = (low, high)

    def fit() -> None:
        fit_options(dialog)

    combo.currentIndexChanged.connect(fit)
    dialog.seats_spin.valueChanged.connect(fit)
    fit()


def fit_options(dialog: Any) -> None:
    """Switch the options to what the chosen game allows (see the module's docstring): its
    kind's rule options (`GameKind.rule_options`), its move timer (`GameKind.move_timer`), its
    seat counts and whether a LAN table deals it."""
    variant = str(dialog.variant_combo.currentData())
    kind = game_kind(variant)
    editable = kind.rule_options(kind.get_rules(variant))
    for option, widget in dialog._option_widgets().items():
        widget.setEnabled(option in editable)
    if "deck" not in editable:
        dialog.deck_combo.setCurrentIndex(max(dialog.deck_combo.findData(36), 0))
    if "first_bout_cap" not in editable:
        dialog.five_check.setChecked(False)
    dialog.timer_combo.setEnabled(kind.move_timer)
    if not kind.move_timer:
        dialog.timer_combo.setCurrentIndex(max(dialog.timer_combo.findData("0"), 0))
    _skip_refused_seats(dialog, variant)
    seats = dialog.seats_spin.value()
    problem = lan_table_problem(variant, seats)
    dialog.bots_spin.setMinimum(seats - 1 if problem else 0)
    dialog.password_check.setEnabled(not problem)
    if problem:
        dialog.bots_spin.setValue(seats - 1)
        dialog.password_check.setChecked(False)
        line = variant_description(variant)
        note = translate("Family3", "Played on this computer against bots: %1.").replace(
            "%1", problem
        )
        dialog.description.setText(f"{line}\n{note}" if line else note)


def _skip_refused_seats(dialog: Any, variant: str) -> None:
    """A seat count inside the game's range that its rules refuse (road fool deals the whole
    deck: 36 cards do not share among 5) is stepped over in the direction the player went."""
    spin = dialog.seats_spin
    seats, last = spin.value(), getattr(dialog, "_family3_seats", spin.value())
    allowed = seat_counts(variant)
    if allowed and seats not in allowed:
        going_up = seats > last
        ahead = [n for n in allowed if (n > seats if going_up else n < seats)]
        if ahead:
            seats = min(ahead) if going_up else max(ahead)
        else:
            seats = min(allowed, key=lambda n: abs(n - seats))
        dialog._family3_seats = seats
        spin.setValue(seats)  # fits the options again
        return
    dialog._family3_seats = seats
