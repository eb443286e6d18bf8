"""Fixtures for the client tests: settings in a temporary file, never the user's own; cheap proofs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from durak_qt import pyside_check
from durak_qt.i18n import install_language
from durak_qt.settings import Settings
from tests.cheap_proofs import deal_cheaply


@pytest.fixture(scope="session", autouse=True)
def sound_pyside(qapp: Any) -> Any:
    """Survive a PySide6 build that leaks references to None (see durak_qt.pyside_check)."""
    timer = pyside_check.guard(qapp, warn=False)
    yield
    if timer is not None:
        timer.stop()
        pyside_check.top_up()


@pytest.fixture
def settings(tmp_path: Path, qapp: Any) -> Settings:
    """Preferences in a temporary ini file, with a name and animations off."""
    store = QSettings(str(tmp_path / "durak.ini"), QSettings.Format.IniFormat)
    prefs = Settings(store)
    prefs.name = "Anna"
    prefs.animation_speed = "off"
    prefs.data_dir = tmp_path / "data"  # keys and journals (a game against bots too) stay here
    return prefs


@pytest.fixture(autouse=True)
def windows_close_unasked(monkeypatch: pytest.MonkeyPatch) -> None:
    """qtbot closes every window after a test: no "leave the game?" question may block it
    (tests of that question switch it back on for their window)."""
    from durak_qt.main_window import MainWindow

    monkeypatch.setattr(MainWindow, "ask_before_closing", False)


@pytest.fixture(autouse=True)
def english_afterwards(qapp: Any) -> Any:
    """Every test starts and ends in English, whatever it switched to."""
    install_language("en")
    yield
    install_language("en")


@pytest.fixture(autouse=True)
def green_afterwards(qapp: Any) -> Any:
    """Every test starts and ends with the green table and the two-colour deck."""
    from durak_qt import palette

    palette.use("green")
    yield
    palette.use("green")


@pytest.fixture(autouse=True)
def cheap_proofs(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables the client deals in this process use one-round proofs (the client is the
    subject here; tests/dealing and tests/table test the real proofs), unless the test is
    marked `real_proofs`."""
    if request.node.get_closest_marker("real_proofs") is None:
        deal_cheaply(monkeypatch)
