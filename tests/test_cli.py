"""The `durak` command: version and a window that opens."""

from __future__ import annotations

import os
import subprocess
import sys

from durak_qt import __version__
from durak_qt.main_window import MainWindow
from engine.accelerate_guard import engine_description


def test_version_flag_prints_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "durak_qt", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.splitlines()[0] == f"durak {__version__}"  # then engine and protocol
    assert __version__.count(".") == 2


def test_durak_opens_a_window_and_quits() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    out = subprocess.run(
        [sys.executable, "-m", "durak_qt", "--quit-after", "0.5"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert f"durak {__version__}; {engine_description()}; protocol version" in out.stderr


def test_main_window_shows(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.isVisible()
    assert window.windowTitle() == "Durak"
