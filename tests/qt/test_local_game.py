"""The local game controller: the real table protocol on a worker thread, refusals, the verdict."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QTimer

from durak_qt.games.durak.local_game import LocalGame
from durak_qt.table.verdict import describe_verdict
from engine.actions import Action
from net.dealing.events import Verdict
from net.table.core import GameOver
from tests.qt.driver import deadline_ms


def play_out(qtbot: Any, game: LocalGame) -> None:
    """Play the human seat with its first legal action until the game ends."""
    for _ in range(500):
        qtbot.waitUntil(lambda: game.is_over() or not game.bots_busy(), timeout=deadline_ms(20_000))
        if game.is_over():
            return
        shown = game.observation()
        assert shown is not None
        if shown.legal:
            assert None not in shown.hand  # drawn cards are shown once opened to you
            assert game.submit(shown.legal[0])
    raise AssertionError("the game did not end")


def test_bots_are_peers_the_audit_verifies_and_the_gui_never_waits(qtbot: Any) -> None:
    game = LocalGame("throw-in", 3, "Anna", seed=9, bot_delay_ms=0)
    seen: list[Any] = []
    statuses: list[str] = []
    game.observation_changed.connect(seen.append)
    game.status_changed.connect(statuses.append)
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(len(seen)))
    timer.start(5)
    with qtbot.waitSignal(game.game_finished, timeout=deadline_ms(60_000)):
        game.start()
        assert game.dealing and game.observation() is None  # start() hands the shuffle over
        play_out(qtbot, game)
    timer.stop()
    assert ticks and ticks[0] == 0  # the event loop ran while the peers were still dealing
    assert statuses[0].startswith("Shuffling") and statuses[-1] == ""
    assert seen and seen[-1].over
    assert all(obs.seat == 0 for obs in seen)  # only your own seat's view reaches the window
    verdict = game.verdict()
    assert verdict.verified, verdict.text
    assert f"all {game.moves} signed moves" in verdict.text
    assert len(verdict.log_hash) == 64 and verdict.log_hash == game.log_hash
    assert sum(line.times_fool for line in game.scores()) == (0 if game.fool() is None else 1)
    assert game.bot_hosts() == {1: "this computer", 2: "this computer"}


def test_play_again_deals_the_next_game_of_the_match(qtbot: Any) -> None:
    game = LocalGame("throw-in", 2, "Anna", seed=4, bot_delay_ms=0)
    with qtbot.waitSignal(game.game_finished, timeout=deadline_ms(60_000)):
        game.start()
        play_out(qtbot, game)
    first_hash, first_fool = game.log_hash, game.fool()
    game.start()
    assert not game.is_over() and game.observation() is None
    qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(20_000))
    assert game.log_hash != first_hash or game.moves == 0
    points = sum(line.points for line in game.scores())
    assert points > 0 and sum(line.times_fool for line in game.scores()) == int(
        first_fool is not None
    )
    game.stop()
    assert game.wait_for_worker()


def test_an_illegal_move_is_refused_and_changes_nothing(qtbot: Any) -> None:
    game = LocalGame("throw-in", 2, "Anna", seed=5, bot_delay_ms=0)
    errors: list[str] = []
    game.error.connect(errors.append)
    game.start()
    qtbot.waitUntil(
        lambda: game.observation() is not None and not game.bots_busy(), timeout=deadline_ms(20_000)
    )
    before, moves = game.observation(), game.moves
    assert not game.submit(Action.parse("1 take"))  # not your seat
    assert not game.submit(Action.parse("0 attack 2C"))  # not even in a 36-card deck
    assert len(errors) == 2 and game.observation() == before and game.moves == moves
    game.stop()
    assert game.wait_for_worker()


def over(**fields: Any) -> GameOver:
    base: dict[str, Any] = {"result": {"fool": 1}, "verdict": Verdict(), "log_hash": "ab" * 32}
    base.update(fields)
    return GameOver(**base)


def test_the_verdict_names_cheaters_forfeits_and_problems(qapp: Any) -> None:
    names = ["Anna", "Boris", "Vera"]
    clean = describe_verdict(over(), names, 31)
    assert clean.verified and "31 signed moves" in clean.text and clean.log_hash == "ab" * 32
    caught = describe_verdict(
        over(reason="cheat", cheater=2, evidence="claimed 7H from position 4"), names, 5
    )
    assert not caught.verified and "Vera cheated" in caught.text and "7H" in caught.text
    audited = describe_verdict(
        over(verdict=Verdict(cheaters={1: ["a bad shuffle proof"]}, forfeits=(2,))), names, 9
    )
    assert not audited.verified
    assert "Boris cheated: a bad shuffle proof" in audited.text and "Vera" in audited.text
    left = describe_verdict(over(), names, 3, left=[1])
    assert left.verified and left.text.endswith("Left the game (forfeit): Boris.")
    gone = describe_verdict(over(reason="left", verdict=None), names, 3)
    assert not gone.verified and gone.text.startswith("You left this game")
    problem = describe_verdict(over(verdict=Verdict(problems=("log differs",))), names, 9)
    assert not problem.verified and "log differs" in problem.text
    abandoned = describe_verdict(over(reason="abandoned", evidence="seats silent: [1]"), names, 2)
    assert not abandoned.verified and "abandoned" in abandoned.text


def test_a_game_left_during_the_shuffle_is_freed_once_its_worker_is_idle(qtbot: Any) -> None:
    game = LocalGame("throw-in", 3, "Anna", seed=6, bot_delay_ms=0)
    shown: list[Any] = []
    game.observation_changed.connect(shown.append)
    game.start()
    with qtbot.waitSignal(game.destroyed, timeout=deadline_ms(30_000)):
        game.dispose()  # returns at once: the deal goes on off the GUI thread, then it is freed
    assert shown == []  # the abandoned deal never reached the window


def test_a_left_game_stops_its_worker_at_the_next_frame(qtbot: Any) -> None:
    """Leaving (or closing the window) stops the peers' work: no thread outlives the game."""
    game = LocalGame("throw-in", 4, "Anna", seed=6, bot_delay_ms=0)
    table = game._table
    game.start()
    game.dispose()
    assert game.wait_for_worker(30_000)
    assert table.abandoned and table.core.game is None  # stopped mid-deal, never dealt


@pytest.mark.slow
def test_the_table_goes_on_while_the_search_bot_thinks_in_its_process() -> None:
    """A search seat is only asked when its turn comes: `run` returns at once (the heuristic
    seat and the player may act meanwhile), and its answer is played when it wakes the table."""
    import threading
    import time

    from durak_qt.games.durak.local_game import StreamingTable, seat_names, table_seed
    from net.bot_worker import WorkerBot

    woken = threading.Event()
    table = StreamingTable(
        seat_names("Anna", 3),
        0,
        ["search", "heuristic"],
        "throw-in",
        seed=table_seed(4),
        sink=lambda items: None,
    )
    table.wake = woken.set
    search = table.bots[2]
    assert isinstance(search, WorkerBot) and table.bots[1] is not None
    try:
        returned_while_thinking = 0
        table.new_game()
        for _ in range(400):
            if table.core.over is not None or (table.core.game and table.core.game.over):
                break
            if table.thinking():
                returned_while_thinking += 1
                assert woken.wait(60)
                woken.clear()
                table.run()
                continue
            shown = table.observation
            if shown is not None and shown.legal and table.core.intent is None:
                table.submit(shown.legal[0])
            else:
                started = time.monotonic()
                table.run()
                assert time.monotonic() - started < 30
        assert returned_while_thinking > 0  # run came back while the search was thinking
        assert search.fallbacks == 0
        assert table.core.game is not None and table.core.game.over
    finally:
        table.close_workers()
    assert search.process is None


def test_a_dealing_player_names_the_trump_suit_in_the_dialog(qtbot: Any) -> None:
    """`dealer_names_trump` on this computer: the player who deals (the last seat deals the
    first game) is asked, and the suit he clicks is the game's trump."""
    game = LocalGame(
        "piled", 3, "Anna", human_seat=2, seed=5, bot_delay_ms=0,
        options={"dealer_names_trump": True},
    )  # fmt: skip
    notes: list[Any] = []
    game.error.connect(notes.append)
    game.start()
    qtbot.waitUntil(lambda: game.trump_dialog is not None, timeout=deadline_ms(20_000))
    dialog = game.trump_dialog
    assert dialog is not None and game.observation() is None  # nothing dealt yet
    dialog.buttons["D"].click()
    qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(20_000))
    shown = game.observation()
    assert shown is not None and shown.trump_suit == "D"
    assert any("named the trump suit" in str(getattr(n, "text", n)) for n in notes)
