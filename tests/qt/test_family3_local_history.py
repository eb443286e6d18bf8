"""A family-3 game against bots runs the real table protocol, so every finished game is kept in
the history as a game file that the verifier accepts (one seeded game of each of the six kinds)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from durak_qt.games.family3.local_game import Family3LocalGame
from durak_qt.games.family3.window import Family3Page
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.history.gamefile import read_game_file
from net.history.store import HistoryStore
from net.history.verify import VERIFIED, verify_game_file
from tests.qt.driver import deadline_ms

KINDS = [("czech", 2), ("road", 3), ("round", 4), ("cross", 2), ("pagons", 4), ("joker-rummy", 2)]
"""One preset of each family-3 game kind, with a number of seats it allows."""


def play_to_the_end(qtbot: Any, game: Family3LocalGame, seed: int, start: bool = True) -> None:
    """Start the game (unless started) and play your seat at random (seeded) until its end is
    shown."""
    rng = random.Random(seed)
    if start:
        game.start()
    for _ in range(2_000):
        qtbot.waitUntil(
            lambda: (
                game.is_over() or (bool(game.observation().legal) and not game.bots_busy())
                if game.observation() is not None
                else False
            ),
            timeout=deadline_ms(60_000),
        )
        if game.is_over():
            return
        assert game.submit(rng.choice(list(game.observation().legal)))
    pytest.fail("the game did not end")


@pytest.mark.parametrize(("variant", "players"), KINDS)
def test_a_finished_game_against_bots_is_kept_as_a_verified_game_file(
    qtbot: Any, tmp_path: Path, variant: str, players: int
) -> None:
    store = HistoryStore(tmp_path)
    game = Family3LocalGame(
        variant, players, "Anna", bot="random", seed=7, bot_delay_ms=0, history=store
    )
    play_to_the_end(qtbot, game, 7)
    assert game.wait_for_bots(deadline_ms(30_000))
    [entry] = store.entries()
    assert entry.variant == variant and entry.damaged is None
    assert [name for name, _, _ in entry.players] == game.names
    kept = read_game_file(entry.path)
    assert verify_game_file(kept).words == VERIFIED
    assert kept.result.fool == game.fool()
    assert game.verdict().verified
    game.dispose()


def test_a_game_stopped_midway_is_not_kept_and_the_next_one_is(qtbot: Any, tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    game = Family3LocalGame("road", 2, bot="random", seed=3, bot_delay_ms=0, history=store)
    game.start()
    qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(60_000))
    game.stop()
    assert game.wait_for_bots(deadline_ms(30_000))
    assert store.entries() == []
    play_to_the_end(qtbot, game, 3)
    assert game.game_no == 2 and game.games_played() == 1
    assert game.wait_for_bots(deadline_ms(30_000))
    assert len(store.entries()) == 1
    game.dispose()


def test_the_window_keeps_a_family3_game_in_the_players_history(
    qtbot: Any, settings: Settings
) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.game_seed = 4
    window.play_against_bots("cross", 2)
    page = window.findChild(Family3Page)
    assert page is not None
    play_to_the_end(qtbot, page.game, 4, start=False)
    assert page.game.wait_for_bots(deadline_ms(30_000))
    [entry] = HistoryStore(settings.data_dir).entries()
    assert entry.variant == "cross" and entry.players[0][0] == "Anna"
