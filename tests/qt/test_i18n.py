"""Translations: Russian switches visible strings live; the .ts covers every string of the client."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication

from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.table.view import TableWidget
from resources import resource_path
from tests.qt.fakes import observation

ROOT = Path(__file__).resolve().parents[2]


def test_switching_to_russian_changes_visible_strings(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    table = TableWidget()
    qtbot.addWidget(table)
    table.set_observation(observation())
    assert window.lobby.bots_button.text() == "Play against bots"
    assert table.scene.seats[1].detail == "5 cards"
    assert install_language("ru")
    QCoreApplication.processEvents()
    assert window.lobby.bots_button.text() == "Играть с ботами"
    assert window.windowTitle() == "Дурак"
    assert table.buttons["take"].text() == "Взять (T)"
    assert table.scene.seats[1].detail == "5 карт"
    assert table.scene.seats[3].role == "ХОДИТ"
    install_language("en")
    QCoreApplication.processEvents()
    assert window.lobby.bots_button.text() == "Play against bots"
    assert table.scene.seats[1].detail == "5 cards"


def test_settings_language_is_applied(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    settings.language = "ru"
    window.apply_settings()
    QCoreApplication.processEvents()
    assert window.lobby.create_button.text() == "Создать стол…"


def messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    found = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            found[(name, message.findtext("source", ""))] = message
    return found


def test_russian_file_is_complete_and_finished() -> None:
    for key, message in messages(resource_path("i18n", "durak_ru.ts")).items():
        translation = message.find("translation")
        assert translation is not None and translation.get("type") is None, key
        forms = [f.text for f in translation.iter("numerusform")]
        assert (translation.text or "").strip() or (forms and all(forms)), key
    assert resource_path("i18n", "durak_ru.qm").stat().st_size > 1000


@pytest.mark.skipif(
    not shutil.which("pyside6-lupdate", path=str(Path(sys.executable).parent)), reason="no lupdate"
)
def test_every_string_of_the_client_is_in_the_russian_file(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.ts"
    lupdate = Path(sys.executable).parent / "pyside6-lupdate"
    sources = sorted(str(p) for p in (ROOT / "durak_qt").rglob("*.py"))
    subprocess.run([str(lupdate), *sources, "-ts", str(fresh)], check=True, capture_output=True)
    wanted = set(messages(fresh))
    have = set(messages(resource_path("i18n", "durak_ru.ts")))
    assert wanted - have == set(), "run pyside6-lupdate and translate the new strings"
