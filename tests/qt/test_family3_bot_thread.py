"""A family-3 game on this computer: its bots think on a worker thread, so the GUI thread runs on
while the hard level searches, and an answer for a game that was stopped meanwhile is dropped."""

from __future__ import annotations

import itertools
import time
from typing import Any

from PySide6.QtCore import QTimer

from durak_qt.games.family3.local_game import Family3LocalGame
from engine.bots.base import Bot
from engine.bots.kind_search import KindSearchBot
from engine.games import GameKind, kinds
from tests.qt.driver import deadline_ms, time_factor

VARIANT = "road"


def road_kind() -> GameKind:
    """The game kind of VARIANT."""
    return next(kind for kind in kinds() if VARIANT in kind.ids())


class TimedSearch(Bot):
    """The kind's search bot thinking `seconds` of wall time a move, noting when it searched."""

    def __init__(self, seconds: float) -> None:
        super().__init__(1)
        heuristic = road_kind().make_bot("heuristic", 1).__class__
        self.inner = KindSearchBot(
            1,
            playouts=10**9,
            seconds=seconds,
            clock=time.monotonic,
            rollout=heuristic,
            guided=1.0,
            fallback=heuristic,
        )
        self.spans: list[tuple[float, float]] = []
        self.started: float | None = None

    def choose(self, game: Any, seat: int) -> Any:
        """The search's move; the span is noted when it searched (more than one option)."""
        self.started = time.monotonic()
        action = self.inner.choose(game, seat)
        if self.inner.last_playouts:
            self.spans.append((self.started, time.monotonic()))
        self.started = None
        return action


def human_turn_or_over(qtbot: Any, game: Family3LocalGame) -> bool:
    """Wait until the game is over (True) or the player may move with the bots at rest."""
    qtbot.waitUntil(
        lambda: (
            game.is_over()
            or (
                game.observation() is not None
                and bool(game.observation().legal)
                and not game.bots_busy()
            )
        ),
        timeout=deadline_ms(30_000),
    )
    return game.is_over()


def test_the_gui_thread_runs_on_while_a_hard_bot_thinks(qtbot: Any) -> None:
    game = Family3LocalGame(VARIANT, 2, bot="search", seed=3, bot_delay_ms=0)
    (seat,) = game.bots
    slow = game.bots[seat] = TimedSearch(0.4)
    ticks: list[float] = []
    clock = QTimer()
    clock.setInterval(10)
    clock.timeout.connect(lambda: ticks.append(time.monotonic()))
    clock.start()
    game.start()
    for _ in range(60):  # the player may lead first: play on until the bot has thought a while
        if human_turn_or_over(qtbot, game) or sum(b - a for a, b in slow.spans) > 1.0:
            break
        assert game.submit(game.observation().legal[0])
    clock.stop()
    thought = sum(end - start for start, end in slow.spans)
    assert thought > 1.0, "the bot never searched long enough to tell"
    during = [t for t in ticks if any(start < t < end for start, end in slow.spans)]
    assert len(during) >= 20 / time_factor()  # the timer fired while the bot searched
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    assert max(gaps) < 0.3 * time_factor()  # the GUI thread never waited for a whole search
    game.dispose()


def test_an_answer_for_a_stopped_game_is_dropped_and_dispose_waits_for_it(qtbot: Any) -> None:
    game = Family3LocalGame(VARIANT, 2, bot="search", seed=5, bot_delay_ms=0)
    (seat,) = game.bots
    slow = game.bots[seat] = TimedSearch(0.5)
    game.start()
    for _ in range(60):  # until the bot is thinking about a move with a choice
        qtbot.waitUntil(
            lambda: slow.started is not None or not game.bots_busy(), timeout=deadline_ms(30_000)
        )
        if slow.started is not None:
            break
        assert not human_turn_or_over(qtbot, game)
        assert game.submit(game.observation().legal[0])
    assert game.bots_busy()
    moves, log = game.moves, len(game.game.log)
    game.stop()
    assert not game.bots_busy()
    assert game.wait_for_bots(deadline_ms(10_000))
    qtbot.wait(50)  # the answer's queued signal is delivered, and dropped
    assert (game.moves, len(game.game.log)) == (moves, log)
    assert not game.bots_busy()

    game.start()  # the next game: its bot thinks again, and the game is left meanwhile
    qtbot.waitUntil(
        lambda: (  # (the next game is dealt first: no observation until then)
            slow.started is not None
            or (game.observation() is not None and bool(game.observation().legal))
        ),
        timeout=deadline_ms(30_000),
    )
    with qtbot.waitSignal(game.destroyed, timeout=deadline_ms(10_000)):
        game.dispose()
