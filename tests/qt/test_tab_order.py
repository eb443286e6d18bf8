"""Tab and Shift+Tab at a table move the keys' focus round your hand, the table's cards that
take a click, and the buttons, in that fixed order, each shown while it holds the focus."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from durak_qt.games.czech.view import CLIENT as CZECH
from durak_qt.games.family3.client import game_kind
from durak_qt.table.tab_order import HAND, tab_stops
from durak_qt.table.view import TableWidget
from engine.czech.actions import DRAW
from engine.game import Game
from engine.rules import get_rules
from tests.qt.driver import shown_family3_table


def czech_table_to_draw(qtbot: Any) -> tuple[Any, Any]:
    """A czech table showing the seat to move a position where it may draw, and its game."""
    table = shown_family3_table(qtbot, CZECH, ["A", "B", "C"])
    rules = game_kind("czech").get_rules("czech")
    for seed in range(40):
        game = CZECH.make_match(rules, 3).new_game(random.Random(seed))
        seat = sorted(game.to_act)[0]
        obs = game.observation(seat)
        if any(a.kind == DRAW for a in obs.legal) and obs.stock_count:
            table.set_observation(obs)
            return table, obs
    raise AssertionError("no seed lets the first seat draw")


def focused_button(table: Any) -> str | None:
    """The kind of the button holding the focus, if one does."""
    focus = QApplication.focusWidget()
    return next((kind for kind, b in table.buttons.items() if b is focus), None)


def test_the_stops_come_hand_then_targets_then_buttons() -> None:
    assert tab_stops(True, [("deck", 2)], 2) == [
        HAND,
        ("target", ("deck", 2)),
        ("button", 0),
        ("button", 1),
    ]
    assert tab_stops(False, [], 1) == [("button", 0)]


def test_tab_goes_round_hand_deck_and_buttons_and_back(qtbot: Any) -> None:
    table, obs = czech_table_to_draw(qtbot)
    scene, view = table.scene, table.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    shown = [b for b in table.buttons.values() if not b.isHidden()]
    assert shown and scene.tab_targets() == [("deck", min(obs.stock_count, 3) - 1)]
    deck = scene.cards[scene.tab_targets()[0]]
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # the deck, ringed; no hand card is
    assert scene.tab_target == scene.tab_targets()[0] and deck.focused
    assert not any(item.focused for item in scene.hand_items())
    qtbot.keyClick(view, Qt.Key.Key_Tab)  # the first button
    assert QApplication.focusWidget() is shown[0] and not deck.focused
    for button in shown[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is button
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)  # round to the hand
    assert view.hasFocus() and scene.tab_target is None
    assert [item.focused for item in scene.hand_items()].count(True) == 1
    qtbot.keyClick(view, Qt.Key.Key_Backtab)  # back to the last button
    assert QApplication.focusWidget() is shown[-1]
    for _ in shown:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
    assert view.hasFocus() and scene.tab_target == scene.tab_targets()[0]


def test_enter_on_the_tabbed_deck_draws(qtbot: Any) -> None:
    table, obs = czech_table_to_draw(qtbot)
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    table.view.setFocus()
    qtbot.waitUntil(table.view.hasFocus)
    qtbot.keyClick(table.view, Qt.Key.Key_Tab)
    qtbot.keyClick(table.view, Qt.Key.Key_Return)
    assert chosen == [next(a for a in obs.legal if a.kind == DRAW)]


def test_space_presses_the_tabbed_button(qtbot: Any) -> None:
    table, obs = czech_table_to_draw(qtbot)
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    table.view.setFocus()
    qtbot.waitUntil(table.view.hasFocus)
    qtbot.keyClick(table.view, Qt.Key.Key_Tab)
    qtbot.keyClick(table.view, Qt.Key.Key_Tab)
    kind = focused_button(table)
    assert kind is not None
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    assert chosen == [next(a for a in obs.legal if a.kind == kind)]


def test_tab_at_the_durak_table_goes_from_the_hand_to_the_buttons(qtbot: Any) -> None:
    game = Game.new(get_rules("throw-in"), 2, random.Random(3))
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1366, 768)
    table.set_players(["A", "B"])
    table.show()
    qtbot.waitExposed(table)
    seat = game.to_act[0]
    game.apply(game.legal_actions(seat)[0])  # an attack: the defender may take
    table.set_observation(game.observation(game.to_act[0]))
    shown = table.shown_buttons()
    assert shown
    table.view.setFocus()
    qtbot.waitUntil(table.view.hasFocus)
    qtbot.keyClick(table.view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is shown[0]
    for _ in shown:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert table.view.hasFocus()
