"""A new game starts on a clean table: nothing of the previous game stays drawn while it is dealt."""

from __future__ import annotations

import random
from typing import Any

from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.table.view import TableWidget
from tests.qt.driver import deadline_ms, my_move_or_game_over, pick_action, pick_card
from tests.qt.fakes import observation


def assert_nothing_of_a_game(table: TableWidget) -> None:
    """The table shows no card, seat, pile, label, button or countdown of any game."""
    scene = table.scene
    assert scene.observation is None
    assert scene.cards == {} and scene.seats == {} and scene.locked_labels == {}
    assert scene.hand_items() == [] and scene.selected == []
    assert scene.banner.text == "" and scene.talon_label.text == ""
    assert scene.discard_label.text == "" and scene.removed_label.text == ""
    assert not scene.trump_badge.isVisible()
    assert table.visible_buttons() == set()
    assert table.time_left.isHidden() and table.timer.remaining == -1
    assert not scene.play_area.active and scene.play_area.hint == ""


def test_clearing_a_mid_bout_table_leaves_no_item_and_stops_the_countdown(qtbot: Any) -> None:
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1280, 800)
    table.set_players(["Anna", "West", "North", "East"])
    table.apply_settings("suit", "back-blue", 1.0, 0, 30)
    table.show()
    qtbot.waitExposed(table)
    table.set_observation(observation())
    pick_card(table.scene, 1)
    assert table.visible_buttons() == {"take"} and table.time_left.isVisible()
    assert table.scene.cards and table.scene.selected
    table.clear_game()
    assert_nothing_of_a_game(table)
    with qtbot.assertNotEmitted(table.action_chosen, wait=50):
        table.scene.handle_key(0x54)  # T: nothing to take on an empty table
    table.set_observation(observation())  # the next game's first position draws normally
    assert len(table.scene.seats) == 4 and table.visible_buttons() == {"take"}


def test_a_second_game_after_a_first_leaves_no_item_of_the_first(
    qtbot: Any, settings: Settings
) -> None:
    settings.move_timer = 30
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 4
    window.play_against_bots("throw-in", 2)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    page.side.add_chat_line("Boris", "one more?")
    rng = random.Random(4)
    for _ in range(400):
        if my_move_or_game_over(qtbot, page, game, 30_000):
            break
        shown = page.table.scene.observation
        assert shown is not None and game.submit(pick_action(shown.legal, rng))
    assert page.game_over.isVisible()
    assert page.table.scene.cards and page.table.scene.seats and page.side.chat.count()

    page.game_over.play_again.emit()  # the next game is dealt off the GUI thread

    assert not page.game_over.isVisible() and getattr(game, "dealing", False)
    assert_nothing_of_a_game(page.table)
    assert page.side.chat.count() == 0 and page.side.log_lines() == []
    assert page.busy.text().startswith("Shuffling")  # the only banner while it is dealt
    qtbot.waitUntil(lambda: page.table.scene.observation is not None, timeout=deadline_ms(30_000))
    scene = page.table.scene
    assert scene.observation is not None and not scene.observation.over
    assert len(scene.seats) == 2 and len(scene.hand_items()) == len(scene.observation.hand)
    assert page.busy.text() == ""


def test_a_resumed_game_keeps_the_views_and_a_new_game_clears_them(qtbot: Any) -> None:
    from durak_qt.table.controller import TableController

    controller = TableController(["Anna", "West"], 0, 0, None)
    resets: list[bool] = []
    controller.game_reset.connect(lambda: resets.append(True))
    controller._reset("resuming", new_game=False)  # the restored chat and log stay
    assert resets == [] and controller.dealing
    controller._reset("shuffling")  # the next game of the match: the views forget the last
    assert resets == [True]


def test_a_resumed_game_logs_no_move_of_the_restored_log_again(qtbot: Any) -> None:
    """The first position a resumed game shows carries the last move's events, which the log
    restored from the client journal already tells; the next move is told as usual."""
    from durak_qt.table.controller import TableController
    from engine.actions import Action, Event
    from net.table.core import MoveApplied, StateChanged

    controller = TableController(["Anna", "West"], 0, 0, None)
    logged: list[Any] = []
    controller.events_happened.connect(lambda events: logged.extend(events))
    last_move = (Event("attack", 1, ()),)
    controller._reset("resuming", new_game=False)
    controller._receive([StateChanged(observation(last_events=last_move))])
    assert logged == []
    next_move = (Event("take", 0, ()),)
    move = MoveApplied(7, Action.parse("0 take"), "ab" * 32)
    controller._receive([move, StateChanged(observation(last_events=next_move))])
    assert logged == list(next_move)
