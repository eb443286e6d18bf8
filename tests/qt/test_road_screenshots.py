"""Screenshots of road fool for the docs: a mid-game table with a pile to beat, at 1366x768
and 1920x1080, in English and Russian.

They go to the scratch folder of tests/qt/test_screenshots.py; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest
tests/qt/test_road_screenshots.py`.
"""

from __future__ import annotations

from typing import Any

from durak_qt.games.family3.window import Family3Page
from durak_qt.games.road.view import VIEW
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.road.actions import BEAT
from tests.qt.test_czech_table import wait_for_me
from tests.qt.test_road_table import MOVE_LIMIT
from tests.qt.test_screenshots import SHOTS, SIZES, shoot_everywhere


def test_road_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 4
    window.play_against_bots("road", 3)
    page = window.findChild(Family3Page)
    assert page is not None
    scene = page.table.scene
    assert scene.view is VIEW
    shot_taken = False
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page) or shot_taken:
            break
        obs = scene.observation
        beats = [a for a in obs.legal if a.kind == BEAT]
        if beats and len(obs.pile) >= 2 and obs.discard_count:
            shoot_everywhere(qtbot, window, "road-table")
            shot_taken = True
        scene.choose(beats[0] if beats else obs.legal[0])
    assert shot_taken
    for width, height in SIZES:
        for language in ("en", "ru"):
            assert (SHOTS / f"road-table-{width}x{height}-{language}.png").is_file()
