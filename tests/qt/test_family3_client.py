"""Family-3 games in the client's lists: names and one-line descriptions in English and Russian,
the create-table dialog (against bots until a LAN table deals them), the rules pages."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.dialogs.options import CreateTableDialog
from durak_qt.dialogs.rules_help import RulesDialog, pages, rules_page
from durak_qt.games.family3 import client as family3_client
from durak_qt.games.family3.client import client_for, family3_variants, lan_table_problem
from durak_qt.games.family3.window import Family3Page
from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.variants import variant_description, variant_title
from engine.czech.rules import czech_ids
from engine.games import family3_ids
from tests.qt.test_rules_help import russian

CZECH = czech_ids()


def test_czech_and_its_options_have_names_and_lines_in_both_languages(qapp: Any) -> None:
    listed = [variant for variant, *_ in family3_variants()]  # the kinds with a view
    assert [variant for variant in listed if variant in CZECH] == CZECH
    assert set(CZECH) <= set(family3_ids())
    english = {variant: (variant_title(variant), variant_description(variant)) for variant in CZECH}
    assert len({title for title, _ in english.values()}) == 10
    assert all(title != variant and line for variant, (title, line) in english.items())
    assert english["czech"][0] == "Czech fool (Mau-Mau)"
    assert install_language("ru")
    for variant in CZECH:
        title, line = variant_title(variant), variant_description(variant)
        assert russian(title) and russian(line), (title, line)
    assert variant_title("czech-5") == "Фараон (чешский, вариант 5)"


def test_seat_limits_come_from_the_engine(qapp: Any) -> None:
    limits = {variant: (low, high) for variant, low, high, _ in family3_variants()}
    assert limits["czech"] == (2, 6)
    assert limits["czech-3"] == (2, 5)  # six cards each: six players would leave no deck


def test_only_games_with_a_view_are_offered(qapp: Any) -> None:
    assert client_for("czech-7") is not None and client_for("throw-in") is None
    assert client_for("no-such-game") is None


def test_a_game_no_lan_table_deals_yet_is_played_here_against_bots(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine import games

    monkeypatch.setattr(games, "ENTRIES", games.without_table("cross"))  # no adapter for cross
    assert lan_table_problem("cross")  # no game adapter for cross fool at a LAN table
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    combo = dialog.variant_combo
    combo.setCurrentIndex(combo.findData("cross"))
    dialog.seats_spin.setValue(3)
    assert dialog.bots_spin.value() == 2 and dialog.bots_spin.minimum() == 2
    assert not dialog.password_check.isEnabled()
    assert not dialog.deck_combo.isEnabled() and not dialog.order_combo.isEnabled()
    assert not dialog.timer_combo.isEnabled()
    assert "Played on this computer against bots" in dialog.description.text()
    options = dialog.options()
    assert options.variant == "cross" and options.bots == options.seats - 1
    assert options.rules == () and not options.password and options.move_timer == 0
    combo.setCurrentIndex(combo.findData("throw-in"))  # a Durak game: a LAN table again
    assert dialog.bots_spin.minimum() == 0 and dialog.password_check.isEnabled()
    assert dialog.deck_combo.isEnabled()


def test_the_dialog_offers_czech_at_a_lan_table(qtbot: Any) -> None:
    assert lan_table_problem("czech", 5) == ""  # net.table's CzechAdapter deals it
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    dialog.seats_spin.setValue(5)
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("czech-3"))
    assert dialog.seats_spin.maximum() == 5
    assert dialog.bots_spin.minimum() == 0 and dialog.password_check.isEnabled()
    assert "Played on this computer against bots" not in dialog.description.text()


def test_creating_a_czech_table_of_bots_starts_it_here(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()

    def choose() -> None:
        dialog = window.findChild(CreateTableDialog)
        assert dialog is not None
        dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("czech-2"))
        dialog.seats_spin.setValue(2)
        dialog.bots_spin.setValue(1)  # every other seat a bot: played here
        dialog.accept()

    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, choose)
    window.create_table()
    page = window.findChild(Family3Page)
    assert page is not None and window.stack.currentWidget() is page
    assert page.game.variant == "czech-2" and page.game.players == 2
    assert window.game_variant == "czech-2"


def test_rules_pages_in_both_languages(qtbot: Any) -> None:
    for language in ("en", "ru"):
        found = pages(language)
        for variant in CZECH:
            assert len(found[variant]) > 80, (language, variant)
            assert "`" not in found[variant] and "scenario" not in found[variant]
            if language == "ru":
                assert russian(found[variant].replace("Q", "")), variant
    page = rules_page("czech-3", "en")
    assert page.startswith("# Czech fool, option 3: the jack orders")
    assert "## The base game: Czech fool (Mau-Mau)" in page
    assert "The queen is the trump card" in page
    assert "Rules common to every variant" not in page  # Durak's rules are not czech's
    assert install_language("ru")
    page = rules_page("czech", "ru")
    assert page.startswith("# Чешский дурак (Мау-Мау)") and "Дама — козырная карта" in page


def test_the_rules_dialog_lists_czech_and_f1_at_the_table_opens_it(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = RulesDialog("czech-6")
    qtbot.addWidget(dialog)
    assert dialog.current_variant() == "czech-6"
    assert "Pentagon" in dialog.page.toPlainText()
    shown: list[str] = []
    monkeypatch.setattr(RulesDialog, "exec", lambda self: shown.append(self.current_variant()))
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.play_against_bots("czech-6", 2)
    page = window.findChild(Family3Page)
    assert page is not None
    window.activateWindow()  # F1 is the window's shortcut: it fires only in the active window
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(page.table.view, Qt.Key.Key_F1)
    assert shown == ["czech-6"]


def test_every_registered_view_names_every_preset_of_its_kind(qapp: Any) -> None:
    for client in family3_client.clients():
        kind = next(k for k in family3_client._kinds() if k.name == client.kind)
        assert set(client.titles) == set(kind.ids()) == set(client.descriptions)
