"""Every variant has a name, a one-line description and a rules page, in English and Russian,
reachable from the lobby, the create-table dialog and the table (F1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QApplication

from durak_qt.dialogs.options import CreateTableDialog
from durak_qt.dialogs.rules_help import COMMON, RulesDialog, pages, pages_from_rules_doc, rules_page
from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.variants import available_variants, variant_description, variant_title
from engine.rules import PRESETS
from resources import resource_path
from tests.qt.driver import deadline_ms

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def russian(text: str) -> bool:
    """Mostly Cyrillic letters (a Russian sentence, not an English one)."""
    letters = [ch for ch in text.lower() if ch.isalpha()]
    return sum(ch in CYRILLIC for ch in letters) > 0.8 * len(letters)


def test_every_preset_has_a_name_and_a_line_in_english_and_russian(qapp: Any) -> None:
    ids = [variant for variant, *_ in available_variants()]
    assert len(ids) == len(PRESETS) == 33
    for variant in ids:
        assert variant_title(variant) != variant
        assert variant_description(variant)
    assert install_language("ru")
    for variant in ids:
        assert russian(variant_title(variant)), variant
        assert russian(variant_description(variant, PRESETS[variant].description)), variant


def test_the_create_table_dialog_shows_names_not_ids(qtbot: Any) -> None:
    assert install_language("ru")
    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    combo = dialog.variant_combo
    for index in range(combo.count()):
        assert combo.itemText(index) != combo.itemData(index)
        assert russian(combo.itemText(index)), combo.itemText(index)
    combo.setCurrentIndex(combo.findData("japanese"))
    assert dialog.description.text() == "Бубны всегда козырь; пики бьются только старшими пиками."


def test_english_pages_are_made_from_docs_rules_md() -> None:
    made = pages_from_rules_doc((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    shipped = resource_path("rules", "en.md").read_text(encoding="utf-8")
    assert made == shipped, (
        "run `python -m durak_qt.dialogs.rules_help` after changing docs/rules.md"
    )


def test_every_variant_has_a_page_in_both_languages(qapp: Any) -> None:
    for language in ("en", "ru"):
        found = pages(language)
        assert set(PRESETS) | {COMMON} <= set(found), language
        for variant in PRESETS:
            body = found[variant]
            assert len(body) > 40 and "`" not in body, (language, variant)
            assert "Game.new" not in body and "scenario" not in body
            if language == "ru":
                assert russian(body.replace("min(3", "")), variant
    page = rules_page("japanese", "en")
    assert page.startswith("# Japanese fool")
    assert "Diamonds are always trump" in page and "lowest trump leads" in page


def test_the_rules_dialog_follows_the_language(qtbot: Any) -> None:
    dialog = RulesDialog("crazy")
    qtbot.addWidget(dialog)
    assert dialog.current_variant() == "crazy"
    assert "Crazy fool" in dialog.page.toPlainText()
    assert install_language("ru")
    QCoreApplication.processEvents()
    assert "Сумасшедший дурак" in dialog.page.toPlainText()
    assert "отбой" in dialog.page.toPlainText()
    dialog.variants.setCurrentRow(0)
    assert dialog.current_variant() == "simple"


def close_rules_when_shown(found: list[Any]) -> None:
    """Record the modal rules dialog once it is up, then close it."""

    def check() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, RulesDialog):
            found.append(modal.current_variant())
            modal.reject()
        else:
            QTimer.singleShot(20, check)

    QTimer.singleShot(0, check)


def test_rules_open_from_the_lobby_the_dialog_and_the_table(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    found: list[Any] = []
    close_rules_when_shown(found)
    qtbot.mouseClick(window.lobby.rules_button, Qt.MouseButton.LeftButton)
    assert found == ["throw-in"]

    dialog = CreateTableDialog("Anna", window)
    qtbot.addWidget(dialog)
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("poker"))
    close_rules_when_shown(found)
    qtbot.mouseClick(dialog.rules_button, Qt.MouseButton.LeftButton)
    assert found[-1] == "poker"

    def f1_inside_the_dialog() -> None:
        front = QApplication.activeModalWidget()
        if not isinstance(front, CreateTableDialog):
            QTimer.singleShot(20, f1_inside_the_dialog)
            return
        front.variant_combo.setCurrentIndex(front.variant_combo.findData("royal"))
        close_rules_when_shown(found)
        window.show_rules()  # what the F1 shortcut calls, with the dialog in front
        front.reject()

    QTimer.singleShot(0, f1_inside_the_dialog)
    CreateTableDialog("Anna", window).exec()
    assert found[-1] == "royal"

    window.play_against_bots("transfer", 2)
    page = window.game_page
    assert page is not None
    qtbot.waitUntil(lambda: page.table.scene.observation is not None, timeout=deadline_ms(20_000))
    window.activateWindow()  # shortcuts reach the active window only
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=deadline_ms(5_000))
    close_rules_when_shown(found)
    qtbot.keyClick(page.table.view, Qt.Key.Key_F1)
    assert found[-1] == "transfer"


def test_family3_pages_keep_every_quote_of_the_text_whole() -> None:
    from durak_qt.games.family3.rules import family3_sections

    sections = dict(family3_sections((ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))
    for variant, text in sections.items():
        for line in text.splitlines():
            assert line.count('*"') == line.count('"*'), (variant, line)
            assert "`" not in line and ";." not in line, (variant, line)
    assert 'The one with the highest card goes first."* Reading:' in sections["cross"]
    pagons = sections["pagons"]
    assert 'or you can play in pairs 2 by 2, or 3 by 3."* Four players play two teams' in pagons
    assert "teams=False" not in pagons and "(seats 0, 2, 4 against 1, 3, 5)." in pagons


def test_the_team_fool_line_is_true_for_every_seating(qapp: Any) -> None:
    rules = PRESETS["teams"]
    seatings = [(rules, 4), (rules, 6), (replace(rules, pairs=True), 6)]
    for seating, players in seatings:
        teams = seating.team_count(players)
        assert all(s % teams != (s + 1) % teams for s in range(players))  # the teams alternate
    three_by_three = seatings[1][0]
    assert three_by_three.team_count(6) == 2  # partners of 3x3 sit two seats apart, not opposite
    for language, opposite, pairs in (
        ("en", "opposite", "three pairs"),
        ("ru", "напротив", "три пары"),
    ):
        assert install_language(language)
        line = variant_description("teams", PRESETS["teams"].description)
        assert opposite not in line and pairs in line, (language, line)


def test_the_create_table_dialog_shows_every_choice_whole_in_both_languages(qtbot: Any) -> None:
    from PySide6.QtWidgets import QComboBox

    for language in ("en", "ru"):
        assert install_language(language)
        dialog = CreateTableDialog("Anna")
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        assert dialog.width() <= 1366 and dialog.height() <= 768, (language, dialog.size())
        combos = [dialog.order_combo, dialog.deck_combo, dialog.timer_combo, dialog.level_combo]
        for combo in combos:  # a combo's size hint fits its longest choice
            assert isinstance(combo, QComboBox)
            assert combo.width() >= combo.sizeHint().width(), (language, combo.itemText(0))
        order = dialog.order_combo
        for index in range(order.count()):
            order.setCurrentIndex(index)
            assert len(order.toolTip()) > len(order.currentText()), (language, index)
        dialog.close()
