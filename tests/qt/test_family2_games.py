"""Whole believe and poker games against a bot (a full peer of the table protocol), by clicks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from tests.qt.driver import click_move, my_move_or_game_over

FAMILY2_KINDS = ("beat_hidden", "accept", "check", "exchange", "attack_talon")


def choose(legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Prefer the variant's own moves, so every one of them is played by clicks at least once."""
    extras = [a for a in legal if a.kind in FAMILY2_KINDS]
    if extras and rng.random() < 0.7:
        return rng.choice(extras)
    playing = [a for a in legal if a.kind in ("beat", "attack", "throw")]
    if playing and rng.random() < 0.85:
        return rng.choice(playing)
    return rng.choice(list(legal))


@pytest.mark.parametrize(
    ("variant", "seed", "wanted"),
    [("believe", 5, {"beat_hidden"}), ("poker", 3, {"exchange"}), ("points", 2, set())],
)
def test_a_whole_family2_game_against_a_bot_by_clicks(
    qtbot: Any, settings: Settings, variant: str, seed: int, wanted: set[str]
) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = seed
    window.play_against_bots(variant, 2)
    page = window.game_page
    assert page is not None and window.game is not None
    table, game = page.table, window.game
    rng = random.Random(seed)
    played_kinds: set[str] = set()
    moves = 0
    while True:
        if my_move_or_game_over(qtbot, page, game, 20_000):
            break
        action = choose(tuple(table.scene.observation.legal), rng)
        click_move(qtbot, table, game, action, 20_000)
        played_kinds.add(action.kind)
        moves += 1
        assert moves < 300
    assert wanted <= played_kinds, played_kinds
    assert page.game_over.verdict.text().startswith("✔ Verified by every peer")
    log = page.side.log_lines()
    if variant == "believe":
        assert any("face down" in line for line in log)
    elif variant == "poker":
        assert any("exchanges 2 cards with the talon" in line for line in log)
    else:  # the score decides: the winners are named on the game-over panel
        winners = [game.names[seat] for seat in game.winners()]
        assert winners and page.game_over.subtitle.text().startswith(
            "Best score, the winner: " + ", ".join(winners)
        )
