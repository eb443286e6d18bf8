"""Screenshots of every look (each theme, and the four-colour deck on the green and the dark
table) for a person to judge: the lobby, the rules, the Durak table, its game over and a player
who stopped answering, the countdown of your move, joker rummy and road, at 1366x768 and
1920x1080 in English and Russian, each look in a folder of its own.

The screenshot tests of the docs take them (tests/qt/test_screenshots.py and the others), in the
look chosen in the settings. They take minutes, so they run only when asked:
`DURAK_THEME_SCREENSHOTS=/tmp/palette-shots .venv/bin/pytest tests/qt/test_theme_screenshots.py`.
`test_every_kind_in_every_theme` takes every game kind's table (Durak and each family-3 game)
in each of the three themes, also the usual green one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from durak_qt.settings import Settings
from tests.qt import (
    test_cross_screenshots,
    test_czech_screenshots,
    test_pagons_screenshots,
    test_road_screenshots,
    test_round_screenshots,
    test_rummy_screenshots,
    test_screenshots,
    test_turn_deadline,
)

FOLDER = os.environ.get("DURAK_THEME_SCREENSHOTS", "")
LOOKS = (("dark", False), ("contrast", False), ("green", True), ("dark", True))
"""The looks besides the usual one (the docs' screenshots show the green two-colour table)."""


@pytest.mark.real_proofs  # the seeded games it shoots are the ones the real proofs deal
@pytest.mark.skipif(not FOLDER, reason="screenshots for a look by eye: DURAK_THEME_SCREENSHOTS")
@pytest.mark.parametrize(("theme", "four_colour"), LOOKS)
def test_every_look(
    qtbot: Any,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    theme: str,
    four_colour: bool,
) -> None:
    folder = Path(FOLDER) / (theme + ("-four-colour" if four_colour else ""))
    for module in (test_screenshots, test_rummy_screenshots, test_road_screenshots):
        monkeypatch.setattr(module, "SHOTS", folder)
    settings.theme, settings.four_colour = theme, four_colour
    test_screenshots.test_screenshots(qtbot, settings)
    test_screenshots.test_departed_player_screenshots(qtbot, settings)
    test_turn_deadline.test_the_warning_over_the_table_in_english_and_russian(qtbot, settings)
    test_rummy_screenshots.test_rummy_screenshots(qtbot, settings)
    test_road_screenshots.test_road_screenshots(qtbot, settings)
    assert len(list(folder.glob("*.png"))) >= 30


KIND_SHOTS = (
    (test_screenshots, "test_screenshots"),
    (test_czech_screenshots, "test_czech_screenshots"),
    (test_road_screenshots, "test_road_screenshots"),
    (test_round_screenshots, "test_round_screenshots"),
    (test_cross_screenshots, "test_cross_screenshots"),
    (test_pagons_screenshots, "test_pagons_screenshots"),
    (test_rummy_screenshots, "test_rummy_screenshots"),
)
"""Every game kind's screenshot test, each taking its table at both sizes in both languages."""


@pytest.mark.real_proofs  # the seeded games it shoots are the ones the real proofs deal
@pytest.mark.skipif(not FOLDER, reason="screenshots for a look by eye: DURAK_THEME_SCREENSHOTS")
@pytest.mark.parametrize("theme", ["green", "dark", "contrast"])
def test_every_kind_in_every_theme(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch, theme: str
) -> None:
    folder = Path(FOLDER) / f"kinds-{theme}"
    for module, _name in KIND_SHOTS:
        monkeypatch.setattr(module, "SHOTS", folder)
    settings.theme, settings.four_colour = theme, False
    for module, name in KIND_SHOTS:
        getattr(module, name)(qtbot, settings)
    assert len(list(folder.glob("*.png"))) >= 4 * len(KIND_SHOTS)


def marked_real_proofs(test: Any) -> bool:
    """Whether a test function carries the `real_proofs` mark (its tables deal really)."""
    return any(mark.name == "real_proofs" for mark in getattr(test, "pytestmark", ()))


def test_the_looks_deal_as_the_tests_they_call() -> None:
    """A screenshot test run from here plays its seeded game only when this test deals the way
    it does: the tests/qt conftest deals cheaply unless the calling test is marked."""
    called = [getattr(module, name) for module, name in KIND_SHOTS]
    called += [test_screenshots.test_departed_player_screenshots]
    called += [test_turn_deadline.test_the_warning_over_the_table_in_english_and_russian]
    if any(marked_real_proofs(test) for test in called):
        assert marked_real_proofs(test_every_look)
        assert marked_real_proofs(test_every_kind_in_every_theme)
