"""Screenshots of durak with pagons for the docs: a bout of a team deal (the teams and their
pagons on the name plates, your pagons marked), at 1366x768 and 1920x1080, in English and
Russian.

They go to the scratch folder of tests/qt/test_screenshots.py; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest
tests/qt/test_pagons_screenshots.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.games.family3.window import Family3Page
from durak_qt.games.pagons.view import VIEW, is_pagon
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.pagons.actions import BEAT
from tests.qt.test_czech_table import wait_for_me
from tests.qt.test_pagons_table import MOVE_LIMIT
from tests.qt.test_screenshots import SHOTS, SIZES, shoot_everywhere


@pytest.mark.real_proofs  # the seeded game it shoots is the one the real proofs deal
def test_pagons_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 6
    window.play_against_bots("pagons", 4)
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
        pagons_held = any(is_pagon(obs, card) for card in obs.hand)
        if beats and len(obs.table) >= 2 and pagons_held and obs.talon_count:
            shoot_everywhere(qtbot, window, "pagons-table")
            shot_taken = True
        scene.choose(beats[0] if beats else obs.legal[0])
    assert shot_taken
    for width, height in SIZES:
        for language in ("en", "ru"):
            assert (SHOTS / f"pagons-table-{width}x{height}-{language}.png").is_file()
