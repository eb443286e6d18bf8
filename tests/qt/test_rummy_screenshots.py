"""Screenshots of joker rummy for the docs: a mid-game table of four with combinations laid
out by several players, at 1366x768 and 1920x1080, in English and Russian.

They go to the scratch folder of tests/qt/test_screenshots.py; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest
tests/qt/test_rummy_screenshots.py`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from durak_qt.games.family3.window import Family3Page
from durak_qt.games.rummy.view import VIEW
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.rummy.actions import ADD, RUN, SET
from tests.qt.test_rummy_table import MOVE_LIMIT, choose_move, wait_for_me
from tests.qt.test_screenshots import SHOTS, SIZES, shoot_everywhere

SEED = 5
"""A deal of four where several players have laid combinations while you hold a hand."""


@pytest.mark.real_proofs  # the seeded game it shoots is the one the real proofs deal
def test_rummy_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = SEED
    window.play_against_bots("joker-rummy", 4)
    page = window.findChild(Family3Page)
    assert page is not None
    scene = page.table.scene
    assert scene.view is VIEW
    rng = random.Random(SEED)
    shot_taken = False
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        obs = scene.observation
        owners = {meld.owner for meld in obs.melds}
        if not shot_taken and len(obs.melds) >= 4 and len(owners) >= 3 and obs.phase == "play":
            adds = [a for a in obs.legal if a.kind == ADD and not a.cards[0].is_joker]
            if adds and not any(a.kind in (RUN, SET) for a in obs.legal):
                # a card picked: its places on the table are lit
                index = next(i for i, c in enumerate(obs.hand) if c == adds[0].cards[0])
                scene._card_clicked(next(i for i in scene.hand_items() if i.hand_index == index))
                shoot_everywhere(qtbot, window, "rummy-table")
                shot_taken = True
                scene.selected_hand = set()
        scene.choose(choose_move(obs.legal, rng))
    assert shot_taken
    assert page.over.isVisible()
    for width, height in SIZES:
        for language in ("en", "ru"):
            assert (SHOTS / f"rummy-table-{width}x{height}-{language}.png").is_file()
