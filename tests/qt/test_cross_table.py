"""Cross fool in the client: whole games against bots by mouse and by keys (building from the
deck, then the chains), the piles' top cards shown, the log in words, the game-over points."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.games.cross.view import VIEW
from durak_qt.games.cross.words import describe_cross_events
from durak_qt.games.family3.client import family3_title
from durak_qt.i18n import install_language
from durak_qt.settings import Settings
from durak_qt.table.scene import TableScene
from engine.actions import Event
from engine.cards import Card
from engine.cross import game as cross
from engine.cross.actions import BEAT, DRAW, LEAD, TAKE, CrossAction
from tests.qt.driver import deadline_ms
from tests.qt.test_czech_table import click_at, start, wait_for_me

MOVE_LIMIT = 600
"""Your moves in one game at most (building draws and the chains)."""


def piles_are_drawn_as_they_lie(scene: TableScene) -> None:
    """While building, your pile lies bottom first and every pile's top card is shown and
    marked; in play every face shown is one the observation shows."""
    obs = scene.observation
    shown = {item.card for item in scene.cards.values() if item.card is not None}
    known = {card for hand in obs.hands for card in hand if card is not None}
    assert shown <= known | set(obs.hand) | set(obs.line) | set(obs.table)
    if obs.phase != cross.BUILD_PHASE:
        return
    assert [item.card for item in scene.hand_items()] == list(obs.hand)
    for pile in [*obs.hands, obs.line]:
        if pile:
            assert scene.cards[("face", pile[-1].text)].target


def click_action(qtbot: Any, table: Any, action: CrossAction) -> None:
    """Make a legal action with the mouse: the deck, a hand card or the Take button."""
    scene = table.scene
    if action.kind == DRAW:
        deck = [item for key, item in scene.cards.items() if key[0] == "deck" and item.playable]
        click_at(qtbot, table, deck[0].sceneBoundingRect().center())
    elif action.kind in (LEAD, BEAT):
        item = next(i for i in scene.hand_items() if i.card == action.card)
        assert item.playable
        click_at(qtbot, table, item.click_point())
    else:
        qtbot.mouseClick(table.buttons[TAKE], Qt.MouseButton.LeftButton)


def test_a_whole_game_by_mouse_ends_on_the_points(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "cross", 3)
    table, game = page.table, page.game
    scene = table.scene
    assert scene.view is VIEW
    rng = random.Random(2)
    kinds_made: set[str] = set()
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        piles_are_drawn_as_they_lie(scene)
        legal = scene.observation.legal
        action = rng.choice(legal)
        assert table.visible_buttons() == {a.kind for a in legal} & {DRAW, TAKE}
        with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)) as chosen:
            click_action(qtbot, table, action)
        assert chosen.args == [action]
        kinds_made.add(action.kind)
    else:
        pytest.fail("the game did not end")
    assert DRAW in kinds_made and kinds_made & {LEAD, BEAT}
    over = game.game
    assert over.over and page.over.isVisible()
    assert [int(points) for _, points, _ in page.over.rows()] == list(over.points)


def test_keyboard_alone_plays_a_game(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "cross", 2)
    table, game = page.table, page.game
    view = table.view
    view.setFocus()
    for move in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        scene = table.scene
        legal = scene.observation.legal
        kinds = {a.kind for a in legal}
        before = game.moves
        if DRAW in kinds:
            qtbot.keyClick(view, Qt.Key.Key_D)
        elif kinds & {LEAD, BEAT}:
            playable = scene.playable_cards()
            for _ in range(len(scene.hand_order) + 1):
                qtbot.keyClick(view, Qt.Key.Key_Right)
                if scene.observation.hand[scene.hand_order[scene.focus_index]] in playable:
                    break
            qtbot.keyClick(view, Qt.Key.Key_Return)
        else:
            qtbot.keyClick(view, Qt.Key.Key_T)
        assert game.moves > before, (move, legal)
    else:
        pytest.fail("the game did not end")
    assert page.over.isVisible()


def test_the_log_tells_building_and_chains_in_words(qtbot: Any, settings: Settings) -> None:
    names = ["Anna", "Boris", "Vera"].__getitem__
    card = Card.parse
    events = [
        Event(cross.OPENED, 0, (card("9H"),)),
        Event(cross.OPENED, cross.LINE, (card("7C"),)),
        Event(cross.DREW, 1, (card("8S"),)),
        Event(cross.GIVEN, 1, (card("8S"),), other=cross.LINE),
        Event(cross.GIVEN, 1, (card("10D"),), other=0),
        Event(cross.KEPT, 1, (card("6D"),)),
        Event(cross.TOOK_LINE, 2, number=3),
        Event(cross.PLAY_STARTED, 2),
        Event(cross.BEATEN, 0, (card("7S"), card("JS"))),
        Event(cross.TOOK, 1, (card("7S"),)),
        Event(cross.WASTED, 0, number=4),
    ]
    assert describe_cross_events(events, names) == [
        "Anna is dealt 9♥ face up",
        "7♣ is laid on the line (the stake)",
        "Boris turns up 8♠",
        "Boris lays 8♠ on the line",
        "Boris lays 10♦ on Anna's pile",
        "Boris keeps 6♦; the turn passes",
        "Vera drew the last card and takes the line: 3 cards",
        "The play begins: Vera holds the lowest diamond and leads",
        "Anna closes 7♠ with J♠",
        "Boris takes the bottom card 7♠",
        "The chain of 4 cards goes to waste",
    ]
    assert install_language("ru")
    assert family3_title("cross") == "Крестовый дурак"
    assert describe_cross_events([Event(cross.WASTED, 0, number=5)], names) == [
        "Цепочка из 5 карт уходит в отбой"
    ]
