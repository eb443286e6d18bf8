"""Round fool in the client: whole games against bots by mouse and by keys (drawing, hitting a
table card, choosing a lead of several cards, aiming a beat), the log in words, the points."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.games.family3.client import family3_title
from durak_qt.games.round.view import VIEW
from durak_qt.games.round.words import describe_round_events
from durak_qt.i18n import install_language
from durak_qt.settings import Settings
from durak_qt.table.scene import TableScene
from engine.actions import Event
from engine.cards import Card
from engine.round import game as round_game
from engine.round.actions import BEAT, DRAW, HIT, LEAD, PLACE, TAKE, RoundAction
from tests.qt.driver import deadline_ms
from tests.qt.test_czech_table import click_at, start, wait_for_me

MOVE_LIMIT = 400
"""Your moves in one game at most (collecting 36 cards and playing them out)."""


def picked_cards(scene: TableScene) -> list[Card]:
    """The cards of your hand picked for your lead."""
    hand = tuple(scene.observation.hand)
    return [hand[i] for i in sorted(scene.selected_hand)]


def hidden_faces_stay_hidden(scene: TableScene) -> None:
    """Every face drawn is one the observation shows; the deck is backs."""
    obs = scene.observation
    known = {card for hand in obs.hands for card in hand if card is not None}
    seen = set(obs.hand) | set(obs.table) | set(obs.attack) | known
    seen |= {c for c in obs.covers if c is not None} | {obs.drawn, obs.trump_card}
    shown = {item.card for item in scene.cards.values() if item.card is not None}
    assert shown <= seen, shown - seen


def click_action(qtbot: Any, table: Any, action: RoundAction) -> None:
    """Make a legal action with the mouse as a player would."""
    scene = table.scene
    assert scene.view is VIEW
    if action.kind == DRAW:
        deck = [item for key, item in scene.cards.items() if key[0] == "deck" and item.playable]
        click_at(qtbot, table, deck[0].sceneBoundingRect().center())
    elif action.kind == HIT:
        item = scene.cards[("face", action.cards[0].text)]
        assert item.playable and item.hand_index is None
        click_at(qtbot, table, item.sceneBoundingRect().center())
    elif action.kind == LEAD:
        for card in action.cards:  # mark each card, then press Lead
            item = next(i for i in scene.hand_items() if i.card == card)
            click_at(qtbot, table, item.click_point())
            assert card in picked_cards(scene)
        qtbot.mouseClick(table.buttons[LEAD], Qt.MouseButton.LeftButton)
    elif action.kind == BEAT:
        if scene.aim != action.target:  # aim at the attack card first
            attack = scene.cards[("face", str(action.target))]
            assert attack.playable
            click_at(qtbot, table, attack.sceneBoundingRect().center())
            assert scene.aim == action.target
        item = next(i for i in scene.hand_items() if i.card == action.cards[0])
        assert item.playable
        click_at(qtbot, table, item.click_point())
    else:
        qtbot.mouseClick(table.buttons[action.kind], Qt.MouseButton.LeftButton)


def test_a_whole_game_by_mouse_ends_on_the_points(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "round", 2)
    table, game = page.table, page.game
    scene = table.scene
    assert scene.view is VIEW
    rng = random.Random(7)
    kinds_made: set[str] = set()
    long_leads = 0
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        hidden_faces_stay_hidden(scene)
        legal = scene.observation.legal
        leads = [a for a in legal if a.kind == LEAD and len(a.cards) > 1]
        beats = [a for a in legal if a.kind == BEAT]
        if leads and rng.random() < 0.7:
            action = rng.choice(leads)
            long_leads += 1
        elif beats and rng.random() < 0.85:
            action = rng.choice(beats)
        else:
            action = rng.choice(legal)
        assert table.visible_buttons() == {a.kind for a in legal} & {DRAW, PLACE, LEAD, TAKE}
        with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)) as chosen:
            click_action(qtbot, table, action)
        assert chosen.args == [action]
        kinds_made.add(action.kind)
    else:
        pytest.fail("the game did not end")
    assert {DRAW, HIT, LEAD, BEAT} <= kinds_made and long_leads
    over = game.game
    assert over.over and page.over.isVisible()
    assert [int(points) for _, points, _ in page.over.rows()] == list(over.points)


def test_keyboard_alone_plays_a_game(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "round", 3)
    table, game = page.table, page.game
    view = table.view
    view.setFocus()
    for move in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        scene = table.scene
        assert scene.view is VIEW
        legal = scene.observation.legal
        kinds = {a.kind for a in legal}
        before = game.moves
        if DRAW in kinds:
            qtbot.keyClick(view, Qt.Key.Key_D)
        elif HIT in kinds:
            for _ in range(move % 3):
                qtbot.keyClick(view, Qt.Key.Key_Right)
            qtbot.keyClick(view, Qt.Key.Key_Return)
        elif LEAD in kinds:
            qtbot.keyClick(view, Qt.Key.Key_Right)
            qtbot.keyClick(view, Qt.Key.Key_Space)  # mark the focused card
            assert len(picked_cards(scene)) == 1
            qtbot.keyClick(view, Qt.Key.Key_L)
        elif BEAT in kinds and move % 4:
            if move % 2:
                qtbot.keyClick(view, Qt.Key.Key_Down)  # aim at another attack card
            playable = scene.playable_cards()
            for _ in range(len(scene.hand_order) + 1):
                qtbot.keyClick(view, Qt.Key.Key_Right)
                assert scene.focus_index is not None
                if scene.observation.hand[scene.hand_order[scene.focus_index]] in playable:
                    break
            qtbot.keyClick(view, Qt.Key.Key_Return)
        else:
            qtbot.keyClick(view, Qt.Key.Key_T)
        assert game.moves > before, (move, legal)
    else:
        pytest.fail("the game did not end")
    assert page.over.isVisible()


def test_the_log_tells_collecting_and_leads_in_words(qtbot: Any, settings: Settings) -> None:
    names = ["Anna", "Boris", "Vera"].__getitem__
    card = Card.parse
    events = [
        Event(round_game.DREW, 0, (card("9H"),)),
        Event(round_game.HIT_CARD, 0, (card("9H"), card("7H"))),
        Event(round_game.PLACED, 1, (card("6C"),)),
        Event(round_game.SWEPT, 2, (card("6D"), card("8S"), card("JC"))),
        Event(round_game.LED, 0, (card("6C"), card("6S"), card("7H")), other=1),
        Event(round_game.BEATEN, 1, (card("7H"), card("9H"))),
        Event(round_game.TOOK, 1, number=2),
        Event(round_game.CLEARED, 0, number=2),
    ]
    assert describe_round_events(events, names) == [
        "Anna draws 9♥",
        "Anna beats 7♥ on the table with 9♥ and takes both",
        "Boris lays 6♣ on the table",
        "Vera draws the last card and takes it with 2 cards from the table",
        "Anna leads 6♣ 6♠ 7♥ to Boris",
        "Boris beats 7♥ with 9♥",
        "Boris takes 2 cards",
        "2 beaten cards leave the game",
    ]
    assert install_language("ru")
    assert family3_title("round") == "Круговой (полный) дурак"
    assert describe_round_events([Event(round_game.TOOK, 2, number=5)], names) == [
        "Vera берёт 5 карт"
    ]
