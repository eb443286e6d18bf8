"""Create table: rule options chosen in the dialog reach the table's rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from durak_qt.dialogs.options import CreateTableDialog
from durak_qt.games.durak.local_game import LocalGame


def test_the_dialog_turns_choices_into_engine_rule_options(qtbot: Any) -> None:
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    assert dialog.options().rules == ()  # the variant's own rules
    dialog.deck_combo.setCurrentIndex(dialog.deck_combo.findData(52))
    dialog.order_combo.setCurrentIndex(dialog.order_combo.findData("free"))
    dialog.five_check.setChecked(True)
    assert dict(dialog.options().rules) == {
        "deck": 52,
        "throw_order": "free",
        "first_bout_cap": 5,
    }


def test_the_dialog_shows_the_games_own_throwing_order(qtbot: Any) -> None:
    """The texts' strict order is every throw-in preset's default: the dialog shows it chosen,
    and leaving it chosen adds no option (the table plays what the dialog shows)."""
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    assert dialog.order_combo.currentData() == "strict"
    assert "throw_order" not in dict(dialog.options().rules)


def test_a_local_game_is_played_with_those_options(qtbot: Any) -> None:
    game = LocalGame("throw-in", 2, "Anna", seed=1, bot_delay_ms=0, options={"deck": 24})
    table = game._table
    assert table.options == {"deck": 24}


def test_team_play_offers_three_pairs_at_six_seats(qtbot: Any) -> None:
    from engine.rules import get_rules

    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.pairs_check.isVisible()  # throw-in: no teams, no pairs
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("teams"))
    assert dialog.pairs_check.isVisible()
    dialog.seats_spin.setValue(4)
    assert not dialog.pairs_check.isEnabled()  # four players always play in two pairs
    dialog.pairs_check.setChecked(True)
    assert "pairs" not in dict(dialog.options().rules)
    dialog.seats_spin.setValue(6)
    assert dialog.pairs_check.isEnabled()
    options = dialog.options()
    assert dict(options.rules) == {"pairs": True}
    rules = get_rules(options.variant, **dict(options.rules))
    rules.check_players(6)
    assert rules.team_count(6) == 3
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("throw-in"))
    assert "pairs" not in dict(dialog.options().rules)  # not offered, not sent


def test_a_game_offers_the_rule_options_its_kind_declares(qtbot: Any) -> None:
    """The dialog asks the chosen game's kind (`GameKind.rule_options`): pagons' team rules
    offer no pairs, and its deck, throwing order and first bout's limit are not offered."""
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("pagons"))
    assert dialog.variant_combo.currentData() == "pagons"
    assert not dialog.pairs_check.isVisible()
    assert not dialog.deck_combo.isEnabled() and not dialog.five_check.isEnabled()
    dialog.five_check.setChecked(True)  # (even if set, an option the kind does not offer)
    assert dialog.options().rules == ()
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("teams"))
    assert dialog.pairs_check.isVisible() and dialog.five_check.isEnabled()


def test_the_move_timer_and_the_seat_counts_are_the_chosen_game_s_kind_s(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No family test: the timer is offered where the kind runs one (`GameKind.move_timer`), and
    a seat count the rules refuse is stepped over for Durak's presets as for the others."""
    from engine import games

    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    combo = dialog.variant_combo
    combo.setCurrentIndex(combo.findData("czech-3"))
    assert not dialog.timer_combo.isEnabled()  # czech runs no move timer
    combo.setCurrentIndex(combo.findData("throw-in"))
    assert dialog.timer_combo.isEnabled()
    czech = games.kind_named("czech")
    monkeypatch.setitem(games._caches().kinds, "czech", replace(czech, move_timer=True))
    combo.setCurrentIndex(combo.findData("czech-3"))
    assert dialog.timer_combo.isEnabled()  # the kind says so, not its family
    combo.setCurrentIndex(combo.findData("teams"))  # four or six players, never five
    dialog.seats_spin.setValue(4)
    dialog.seats_spin.setValue(5)
    assert dialog.seats_spin.value() == 6
    dialog.seats_spin.setValue(5)
    assert dialog.seats_spin.value() == 4
