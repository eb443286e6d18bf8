"""Screenshots of czech fool for the docs: a mid-game table with an ordered suit and the
game-over points, at 1366x768 and 1920x1080, in English and Russian.

They go to the scratch folder of tests/qt/test_screenshots.py; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest
tests/qt/test_czech_screenshots.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.games.czech.view import VIEW
from durak_qt.games.family3.window import Family3Page
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from tests.qt.test_czech_table import MOVE_LIMIT, wait_for_me
from tests.qt.test_screenshots import SHOTS, SIZES, shoot_everywhere

SEED = 5
"""A deal of four where an ordered suit soon lies on the pile while you hold a few cards."""


@pytest.mark.real_proofs  # the seeded game it shoots is the one the real proofs deal
def test_czech_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = SEED
    window.play_against_bots("czech", 4)
    page = window.findChild(Family3Page)
    assert page is not None
    scene = page.table.scene
    assert scene.view is VIEW
    shot_taken = False
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        obs = scene.observation
        if not shot_taken and obs.ordered is not None and len(obs.hand) > 3:
            assert scene.badge_items["ordered"].isVisible()
            shoot_everywhere(qtbot, window, "czech-table")
            shot_taken = True
        plays = [scene.intent_of(i) for i in scene.hand_items() if i.playable]
        scene.choose(plays[0] if plays else obs.legal[0])  # the leftmost card that fits
    assert shot_taken
    assert page.over.isVisible()
    shoot_everywhere(qtbot, window, "czech-game-over")
    for moment in ("czech-table", "czech-game-over"):
        for width, height in SIZES:
            for language in ("en", "ru"):
                assert (SHOTS / f"{moment}-{width}x{height}-{language}.png").is_file()
