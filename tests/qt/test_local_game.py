"""The local game controller: bots move off the GUI thread, bad moves are refused, the audit."""

from __future__ import annotations

from typing import Any

from durak_qt.local_game import LocalGame
from engine.actions import Action


def play_out(qtbot: Any, game: LocalGame) -> None:
    """Play the human seat with its first legal action until the game ends."""
    for _ in range(500):
        qtbot.waitUntil(lambda: game.game.is_over or not game.bots_busy(), timeout=10_000)
        if game.game.is_over:
            return
        legal = game.observation().legal
        if legal:
            assert game.submit(legal[0])
    raise AssertionError("the game did not end")


def test_bots_play_and_the_audit_verifies(qtbot: Any) -> None:
    game = LocalGame("throw-in", 3, "Anna", seed=9, bot_delay_ms=0)
    seen: list[Any] = []
    game.observation_changed.connect(seen.append)
    with qtbot.waitSignal(game.game_finished, timeout=20_000):
        game.start()
        play_out(qtbot, game)
    assert seen and seen[-1].over
    assert all(obs.seat == 0 for obs in seen)  # only your own seat's view reaches the window
    verdict = game.verdict()
    assert verdict.verified and str(len(game.game.log)) in verdict.text
    assert sum(line.times_fool for line in game.scores()) == (0 if game.fool() is None else 1)


def test_a_tampered_log_is_caught_by_the_audit(qtbot: Any) -> None:
    game = LocalGame("throw-in", 2, "Anna", seed=3, bot_delay_ms=0)
    with qtbot.waitSignal(game.game_finished, timeout=20_000):
        game.start()
        play_out(qtbot, game)
    first = game.game.log[0]
    game.game.log[0] = Action(first.seat, "take")  # nobody may take before an attack
    verdict = game.verdict()
    assert not verdict.verified
    assert f"seat {first.seat}" in verdict.text


def test_an_illegal_move_is_refused_and_changes_nothing(qtbot: Any) -> None:
    game = LocalGame("throw-in", 2, "Anna", seed=5, bot_delay_ms=10_000)
    game.start()
    errors: list[str] = []
    game.error.connect(errors.append)
    before = game.game.state_hash()
    assert not game.submit(Action.parse("1 take"))  # not your seat
    assert not game.submit(Action.parse("0 attack 2C"))  # not even in a 36-card deck
    assert len(errors) == 2 and game.game.state_hash() == before
    game.stop()
