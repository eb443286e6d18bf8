"""Screenshots of cross fool for the docs: the building phase (the line and the open piles)
and a chain in play, at 1366x768 and 1920x1080, in English and Russian.

They go to the scratch folder of tests/qt/test_screenshots.py; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest
tests/qt/test_cross_screenshots.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.games.cross.view import VIEW
from durak_qt.games.family3.window import Family3Page
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.cross.actions import BEAT, DRAW
from tests.qt.test_cross_table import MOVE_LIMIT
from tests.qt.test_czech_table import wait_for_me
from tests.qt.test_screenshots import SHOTS, SIZES, shoot_everywhere


@pytest.mark.real_proofs  # the seeded game it shoots is the one the real proofs deal
def test_cross_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 3
    window.play_against_bots("cross", 3)
    page = window.findChild(Family3Page)
    assert page is not None
    scene = page.table.scene
    assert scene.view is VIEW
    taken: set[str] = set()
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page) or len(taken) == 2:
            break
        obs = scene.observation
        kinds = {a.kind for a in obs.legal}
        if "cross-build" not in taken and DRAW in kinds and obs.deck_count < 20 and obs.line:
            shoot_everywhere(qtbot, window, "cross-build")
            taken.add("cross-build")
        if "cross-table" not in taken and BEAT in kinds and len(obs.table) >= 2:
            shoot_everywhere(qtbot, window, "cross-table")
            taken.add("cross-table")
        scene.choose(obs.legal[-1])
    assert taken == {"cross-build", "cross-table"}
    for moment in sorted(taken):
        for width, height in SIZES:
            for language in ("en", "ru"):
                assert (SHOTS / f"{moment}-{width}x{height}-{language}.png").is_file()
