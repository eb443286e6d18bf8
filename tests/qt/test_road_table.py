"""Road fool in the client: whole games against bots by mouse and by keys, no card shown that
the observation hides, the log in words, the game-over points."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.games.family3.client import family3_description, family3_title
from durak_qt.games.road.view import VIEW
from durak_qt.games.road.words import describe_road_events
from durak_qt.i18n import install_language
from durak_qt.settings import Settings
from durak_qt.table.scene import TableScene
from engine.actions import Event
from engine.cards import Card
from engine.road import game as road
from engine.road.actions import BEAT, CLEAR, LEAD, TAKE, RoadAction
from tests.qt.driver import deadline_ms
from tests.qt.test_czech_table import click_at, start, wait_for_me

MOVE_LIMIT = 400
"""Your moves in one game at most (a road game of three takes well under 100 of yours)."""


def faces_shown_are_seen(scene: TableScene) -> None:
    """Every face drawn is one the observation shows: your hand, the pile, the faces the
    observation gives of other hands (the dealer's trump card); the rest are backs."""
    obs = scene.observation
    shown = {item.card for item in scene.cards.values() if item.card is not None}
    known = {card for hand in obs.hands for card in hand if card is not None}
    assert shown <= set(obs.hand) | set(obs.pile) | known, shown
    backs = [k for k in scene.cards if k[0] == "back"]
    assert len(backs) == sum(
        min(obs.hand_sizes[s], 12) - sum(c is not None for c in obs.hands[s][:12])
        for s in range(obs.players)
        if s != obs.seat
    )


def click_action(qtbot: Any, table: Any, action: RoadAction) -> None:
    """Make a legal action with the mouse: a hand card, or the Take / Clear button."""
    scene = table.scene
    if action.kind in (LEAD, BEAT):
        item = next(i for i in scene.hand_items() if i.card == action.card)
        assert item.playable
        click_at(qtbot, table, item.click_point())
    else:
        qtbot.mouseClick(table.buttons[action.kind], Qt.MouseButton.LeftButton)


def test_a_whole_game_by_mouse_ends_on_the_points(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "road", 3)
    table, game = page.table, page.game
    scene = table.scene
    assert scene.view is VIEW
    rng = random.Random(3)
    kinds_made: set[str] = set()
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        faces_shown_are_seen(scene)
        obs = scene.observation
        assert scene.badge_items["trump"].isVisible()
        legal = obs.legal
        plays = [a for a in legal if a.kind in (LEAD, BEAT)]
        action = rng.choice(plays) if plays and rng.random() < 0.75 else rng.choice(legal)
        assert table.visible_buttons() == {a.kind for a in legal} & {TAKE, CLEAR}
        with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)) as chosen:
            click_action(qtbot, table, action)
        assert chosen.args == [action]
        kinds_made.add(action.kind)
    else:
        pytest.fail("the game did not end")
    assert {LEAD, BEAT, TAKE} <= kinds_made
    over = game.game
    assert over.over and page.over.isVisible()
    assert [int(points) for _, points, _ in page.over.rows()] == list(over.points)
    assert [int(total) for _, _, total in page.over.rows()] == list(game.match.points)
    assert page.over.rule.text().startswith("A point for the fool of each game")
    if over.fool is not None:
        assert "the fool" in page.side.log_lines()[-1]


def test_keyboard_alone_plays_a_game(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "road", 2)
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
        if kinds & {LEAD, BEAT} and (move % 5 or not kinds & {TAKE, CLEAR}):
            playable = scene.playable_cards()
            for _ in range(len(scene.hand_order) + 1):
                qtbot.keyClick(view, Qt.Key.Key_Right)
                if scene.observation.hand[scene.hand_order[scene.focus_index]] in playable:
                    break
            qtbot.keyClick(view, Qt.Key.Key_Return)
        elif TAKE in kinds:
            qtbot.keyClick(view, Qt.Key.Key_T)
        else:
            qtbot.keyClick(view, Qt.Key.Key_C)
        assert game.moves > before, (move, legal)
    else:
        pytest.fail("the game did not end")
    assert page.over.isVisible()


def test_the_log_tells_the_bout_in_words(qtbot: Any, settings: Settings) -> None:
    names = ["Anna", "Boris", "Vera"].__getitem__
    events = [
        Event(road.LED, 0, (Card.parse("7H"),)),
        Event(road.BEATEN, 1, (Card.parse("9H"),)),
        Event(road.TOOK, 2, number=3),
        Event(road.CLEARED, 0, number=1),
        Event(road.OUT, 1),
        Event(road.GAME_OVER, 2),
        Event(road.OPENED, -1, (Card.parse("7H"),), number=7),
    ]
    assert describe_road_events(events, names) == [
        "Anna leads 7♥",
        "Boris beats with 9♥",
        "Vera takes 3 cards",
        "Anna agrees: the pile of 1 card leaves the game",
        "Boris has no cards left",
        "Vera is left holding cards: the fool",
    ]
    assert family3_title("road") == "Road fool"
    assert install_language("ru")
    assert family3_title("road") == "Дорожный дурак"
    assert "колод" in str(family3_description("road"))
    assert describe_road_events([Event(road.TOOK, 2, number=5)], names) == ["Vera берёт 5 карт"]


def test_the_dialog_steps_over_a_table_size_road_cannot_deal(qtbot: Any) -> None:
    from durak_qt.dialogs.options import CreateTableDialog

    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    dialog.variant_combo.setCurrentIndex(dialog.variant_combo.findData("road"))
    spin = dialog.seats_spin
    spin.setValue(4)
    spin.stepUp()  # 36 cards do not share among 5: on to 6
    assert spin.value() == 6
    spin.stepDown()  # and back down to 4
    assert spin.value() == 4
    assert dialog.options().seats == 4
