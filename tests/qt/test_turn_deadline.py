"""At a LAN table without a move timer the table waits the resume window for your move, then
ends the game unfinished: the last 30 s show a warning in the status line, gone once you move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from durak_qt.games.durak.game_over import AuditVerdict, GameOverPanel, ScoreLine
from durak_qt.games.family3.game_over import Family3OverPanel
from durak_qt.games.family3.lan_game import _end_words
from durak_qt.i18n import install_language
from durak_qt.lobby.lan_game import LanGame
from durak_qt.table.verdict import describe_verdict
from engine.actions import Action
from net.peer import PeerSettings
from net.table.core import GameOver, StateChanged
from tests.qt.fakes import observation


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def lan_game(tmp_path: Path, move_timer: int = 0) -> tuple[LanGame, Clock, list[str]]:
    """A LAN game (no peer started) whose turn deadline runs on a hand clock; the lines of its
    status and countdown banner."""
    settings = PeerSettings("Anna", tmp_path, join_table="Kitchen", move_timer=move_timer)
    game = LanGame(settings)
    clock = Clock()
    game.turn_deadline.clock = clock
    game.dealing = False
    lines: list[str] = []
    game.status_changed.connect(lines.append)
    game.countdown_changed.connect(lines.append)
    return game, clock, lines


def test_the_warning_shows_only_in_the_last_30_s_of_your_turn_and_goes_when_you_move(
    qapp: Any, tmp_path: Path
) -> None:
    game, clock, lines = lan_game(tmp_path)
    game._receive([StateChanged(observation())])  # your turn (seat 0 defends)
    assert game.turn_deadline.words == ""
    clock.now += 89.0  # 31 s left
    game.turn_deadline.update()
    assert game.turn_deadline.words == ""
    assert not any("Play within" in line for line in lines)
    clock.now += 2.0  # 29 s left
    game.turn_deadline.update()
    assert lines[-1] == "Play within 29 s, or you lose this game by forfeit."
    clock.now += 4.5
    game.turn_deadline.update()
    assert lines[-1] == "Play within 25 s, or you lose this game by forfeit."
    assert game.submit(Action.parse("0 take"))
    assert lines[-1] == "" and game.turn_deadline.words == ""
    clock.now += 1.0
    game.turn_deadline.update()
    assert game.turn_deadline.words == ""  # the move is on its way: no warning
    game._receive([StateChanged(observation(to_act=(3,), legal=()))])  # not your turn any more
    assert game.turn_deadline.remaining() is None and game.turn_deadline.words == ""


def test_no_warning_at_a_table_with_a_move_timer(qapp: Any, tmp_path: Path) -> None:
    game, clock, lines = lan_game(tmp_path, move_timer=30)
    game._receive([StateChanged(observation())])
    clock.now += 110.0
    game.turn_deadline.update()
    assert game.turn_deadline.remaining() is None
    assert not any("Play within" in line for line in lines)


def test_a_new_decision_starts_the_count_again_and_the_same_one_keeps_it(
    qapp: Any, tmp_path: Path
) -> None:
    game, clock, lines = lan_game(tmp_path)
    game._receive([StateChanged(observation())])
    clock.now += 95.0
    game._receive([StateChanged(observation())])  # shown again (a card opened): same decision
    assert lines[-1] == "Play within 25 s, or you lose this game by forfeit."
    fewer = observation().legal[-2:]
    game._receive([StateChanged(observation(legal=fewer))])  # a new round waits for you
    assert game.turn_deadline.words == "" and lines[-1] == ""
    assert game.turn_deadline.remaining() == 120.0


def test_a_refused_move_brings_the_warning_back_with_the_same_count(
    qapp: Any, tmp_path: Path
) -> None:
    game, clock, lines = lan_game(tmp_path)
    game._receive([StateChanged(observation())])
    clock.now += 100.0
    game.turn_deadline.update()
    assert game.submit(Action.parse("0 take"))
    assert lines[-1] == ""
    game._refuse("the turn passed")
    assert lines[-1] == "Play within 20 s, or you lose this game by forfeit."


def test_a_seat_that_never_moved_is_named_in_the_end_words(qapp: Any) -> None:
    names = ["Anna", "Boris", "Vera"]
    over = GameOver(
        {"over": False},
        None,
        "ab" * 32,
        "abandoned",
        evidence="the vote of seat(s) 1 in round 12 never came",
        stalled=(1,),
        waited=120.0,
    )
    verdict = describe_verdict(over, names, 12)
    assert not verdict.verified
    assert verdict.text == (
        "Boris did not move for 2 minutes; the game ended unfinished and nobody loses."
    )
    short = describe_verdict(
        GameOver({}, None, "", "abandoned", stalled=(0, 2), waited=45.0), names, 1
    )
    assert short.text.startswith("Anna, Vera did not move for 45 seconds;")
    other = describe_verdict(
        GameOver({}, None, "", "abandoned", evidence="seats silent: [1]"), names, 1
    )
    assert other.text == "The game was abandoned: seats silent: [1]"


def transfer_table_at_your_move(qtbot: Any, settings: Any) -> tuple[Any, Any, Any]:
    """(window, page, game): a seeded 3-player transfer game against bots in a 1366x768 window, at your
    first move."""
    from durak_qt.main_window import MainWindow
    from tests.qt.driver import my_move_or_game_over

    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 2026
    window.play_against_bots("transfer", 3)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    assert not my_move_or_game_over(qtbot, page, game, 10_000)
    return window, page, game


def test_the_warning_over_the_table_in_english_and_russian(qtbot: Any, settings: Any) -> None:
    """The warning as the table's status banner shows it (a LAN table has the same banner),
    at 1366x768 in English and Russian, saved for a look (turn-deadline-*.png)."""
    from PySide6.QtCore import QCoreApplication

    from durak_qt.i18n import install_language
    from durak_qt.table.items import refine_now
    from durak_qt.table.turn_deadline import deadline_words
    from tests.qt.test_screenshots import save

    window, page, game = transfer_table_at_your_move(qtbot, settings)
    for language, words in (
        ("en", "Play within 25 s, or you lose this game by forfeit."),
        ("ru", "Сделайте ход за 25 с, иначе вам засчитают поражение."),
    ):
        install_language(language)
        for _ in range(4):
            QCoreApplication.processEvents()
        game.countdown_changed.emit(deadline_words(25))
        QCoreApplication.processEvents()
        refine_now()
        assert page.busy.text() == words
        assert page.busy.bar.isHidden()  # a countdown, not a loading indicator
        assert page.table.scene.play_area.hint_covered  # no half line of hint under it
        save(window, f"turn-deadline-1366x768-{language}.png")
    game.status_changed.emit("The peers check the proofs…")  # progress goes first, busy
    assert page.busy.text() == "The peers check the proofs…" and not page.busy.bar.isHidden()
    game.status_changed.emit("")  # the countdown again, still running
    assert page.busy.text() == words and page.busy.bar.isHidden()
    game.countdown_changed.emit("")
    assert page.busy.text() == ""
    assert not page.table.scene.play_area.hint_covered


def test_your_own_seat_that_never_moved_is_you_in_the_end_words(qapp: Any) -> None:
    """The stalled player's own end screen says "you", in English and in Russian; with others
    stalled too, or for another reader, the names stand as before."""
    names = ["Anna", "Boris", "Vera"]
    mine = GameOver({}, None, "", "abandoned", stalled=(1,), waited=120.0)
    assert describe_verdict(mine, names, 12, me=1).text == (
        "You did not move for 2 minutes; the game ended unfinished and nobody loses."
    )
    assert describe_verdict(mine, names, 12, me=0).text.startswith("Boris did not move for 2")
    both = GameOver({}, None, "", "abandoned", stalled=(0, 1), waited=45.0)
    assert describe_verdict(both, names, 3, me=1).text.startswith("Anna, Boris did not move")
    summary = {"reason": "abandoned", "stalled": [2], "evidence": "never came"}
    assert _end_words(summary, names, 45.0, 2) == (
        "You did not move for 45 seconds; the game ended unfinished and nobody loses."
    )
    assert _end_words(summary, names, 45.0, 0).startswith("Vera did not move for 45 seconds")
    assert install_language("ru")
    assert describe_verdict(mine, names, 12, me=1).text == (
        "Вы не ходили 2 минуты; игра закончилась недоигранной, и никто не проигрывает."
    )
    assert _end_words(summary, names, 60.0, 2).startswith("Вы не ходили 1 минуту;")


def test_an_unfinished_game_is_no_draw_on_the_end_panel(qapp: Any) -> None:
    """A game that ended before its end (nobody moved, a cheat) says so, not "A draw!"."""
    panel = GameOverPanel()
    lines = [ScoreLine("Anna", 0, 0), ScoreLine("Boris", 0, 0)]
    verdict = describe_verdict(
        GameOver({"over": False}, None, "", "abandoned", stalled=(1,), waited=120.0),
        ["Anna", "Boris"],
        4,
        me=1,
    )
    panel.show_result(None, False, lines, verdict, unfinished=True)
    assert panel.title.text() == "The game did not finish"
    assert panel.subtitle.text() == "Nobody loses it; the audit below says why."
    assert panel.verdict.text().startswith("You did not move for 2 minutes")  # no cheat's ✖
    assert panel.verdict.objectName() == "unfinished"
    over = GameOver({}, None, "", "cheat", cheater=1, evidence="a card twice")
    cheat = describe_verdict(over, ["A", "B"], 4)
    panel.show_result(None, False, lines, cheat, unfinished=True)
    assert panel.verdict.text().startswith("✖ B cheated") and panel.verdict.objectName() == (
        "cheated"
    )
    panel.show_result(None, False, lines, AuditVerdict(True, "ok"))
    assert panel.title.text() == "A draw!"
    assert install_language("ru")
    panel.show_result(None, False, lines, verdict, unfinished=True)
    assert panel.title.text() == "Игра не закончена"


def test_the_table_controller_says_when_the_game_ended_unfinished(
    qapp: Any, tmp_path: Path
) -> None:
    game, _clock, _lines = lan_game(tmp_path)
    game._receive([StateChanged(observation())])
    assert not game.unfinished()  # (still running)
    game._receive([GameOver({"over": False}, None, "", "abandoned", stalled=(0,), waited=120.0)])
    assert game.unfinished() and game.fool() is None
    assert game.verdict().text.startswith("You did not move for 2 minutes")
    done, _clock, _lines = lan_game(tmp_path / "done")
    done._receive([GameOver({"over": True, "fool": 1}, None, "", "finished")])
    assert not done.unfinished() and done.fool() == 1


def test_nobody_is_to_move_in_the_position_an_unfinished_game_left(
    qapp: Any, tmp_path: Path
) -> None:
    game, _clock, _lines = lan_game(tmp_path)
    shown: list[Any] = []
    game.observation_changed.connect(shown.append)
    game._receive([StateChanged(observation())])
    assert shown[-1].legal and 0 in shown[-1].to_act
    game._receive([GameOver({"over": False}, None, "", "abandoned", stalled=(0,), waited=120.0)])
    assert shown[-1].legal == () and shown[-1].to_act == ()
    assert game.observation() is shown[-1]


def test_behind_an_unfinished_games_panel_no_move_is_offered(qtbot: Any, settings: Any) -> None:
    """The status line, the seat plate and the buttons behind the end panel of a game that
    stopped in the middle: nobody's move, no Take; screenshots in English and Russian."""
    from PySide6.QtCore import QCoreApplication

    from durak_qt.table.items import refine_now
    from tests.qt.test_screenshots import save

    window, page, game = transfer_table_at_your_move(qtbot, settings)
    assert page.table.scene.legal() and page.table.scene.status_text()[1]  # your move
    stalled = GameOver({"over": False}, None, "", "abandoned", stalled=(0,), waited=120.0)
    game._receive([stalled])
    qtbot.waitUntil(page.game_over.isVisible)
    scene = page.table.scene
    assert scene.status_text() == ("The game did not finish", False)
    assert page.table.visible_buttons() == set() and scene.legal() == ()
    assert not any(seat.to_move for seat in scene.seats.values())
    assert page.game_over.verdict.objectName() == "unfinished"
    for language in ("en", "ru"):
        install_language(language)
        for _ in range(4):
            QCoreApplication.processEvents()
        refine_now()
        save(window, f"unfinished-behind-1366x768-{language}.png")
    assert scene.status_text() == ("Игра не закончена", False)


def test_an_unfinished_family3_game_is_no_result_on_its_end_panel(qapp: Any) -> None:
    panel = Family3OverPanel()
    panel.show_result([], None, False, False, [], 1, (), unfinished=True)
    assert panel.title.text() == "The game did not finish"
    assert panel.subtitle.text() == "Nobody loses it; the game log says why."
    panel.show_result([], None, False, False, [], 1)
    assert panel.title.text() == "Nobody went out"
    assert install_language("ru")
    panel.show_result([], None, False, False, [], 1, (), unfinished=True)
    assert panel.title.text() == "Игра не закончена"


def test_the_countdown_runs_from_when_your_turn_arrived_not_from_when_it_was_shown(
    qapp: Any, tmp_path: Path
) -> None:
    """Bot moves ahead of your turn are shown at a readable pace; the table's wait for you runs
    from when the position came, so the warning counts from then too."""
    game, clock, lines = lan_game(tmp_path)
    game.bot_delay_ms = 700
    game._receive(
        [
            StateChanged(observation(to_act=(3,), legal=())),  # a bot's move: paced
            StateChanged(observation(to_act=(3,), legal=())),
            StateChanged(observation()),  # your turn, arrived with them
        ]
    )
    assert game.turn_deadline.remaining() is None  # (still showing the bots' moves)
    clock.now += 1.4  # the pace shows the two bot moves
    game._drain()
    game._drain()
    remaining = game.turn_deadline.remaining()
    assert remaining is not None and abs(remaining - (120.0 - 1.4)) < 1e-9
    clock.now += 90.0 - 1.4 + 1.0  # 29 s left by the table's clock
    game.turn_deadline.update()
    assert lines[-1] == "Play within 29 s, or you lose this game by forfeit."
