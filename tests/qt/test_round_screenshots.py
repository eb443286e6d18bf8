"""Screenshots of round fool for the docs: the collecting table (the face-up cards and a drawn
card to beat one with) and a lead being beaten, at 1366x768 and 1920x1080, in English and
Russian.

They go to the scratch folder of tests/qt/test_screenshots.py; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest
tests/qt/test_round_screenshots.py`.
"""

from __future__ import annotations

from typing import Any

from durak_qt.games.family3.window import Family3Page
from durak_qt.games.round.view import VIEW
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.round.actions import BEAT, HIT, LEAD
from tests.qt.test_czech_table import wait_for_me
from tests.qt.test_round_table import MOVE_LIMIT
from tests.qt.test_screenshots import SHOTS, SIZES, shoot_everywhere


def test_round_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 3  # (the table protocol's deal: a game with both moments for you)
    window.play_against_bots("round", 3)
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
        if "round-table" not in taken and HIT in kinds and len(obs.hand) >= 4:
            shoot_everywhere(qtbot, window, "round-table")
            taken.add("round-table")
        if "round-play" not in taken and BEAT in kinds and len(obs.attack) >= 3:
            shoot_everywhere(qtbot, window, "round-play")
            taken.add("round-play")
        leads = [a for a in obs.legal if a.kind == LEAD]
        beats = [a for a in obs.legal if a.kind == BEAT]
        if leads:  # the cheapest lead of one card, so the bots lead long ones at you
            scene.choose(leads[0])
        else:
            scene.choose(beats[0] if beats else obs.legal[0])
    assert taken == {"round-table", "round-play"}
    for moment in sorted(taken):
        for width, height in SIZES:
            for language in ("en", "ru"):
                assert (SHOTS / f"{moment}-{width}x{height}-{language}.png").is_file()
