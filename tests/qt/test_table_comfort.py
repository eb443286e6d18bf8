"""Play without misclicks: a Pass that is the only move is made for you (with a note), and your
hand holds still under the pointer after a card leaves it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF

from durak_qt.table.view import TableWidget
from engine.actions import Action
from engine.cards import Card
from engine.observation import Observation
from tests.qt.driver import click_card, click_scene, target_item
from tests.qt.fakes import observation

PASS = Action.parse("0 pass")


@pytest.fixture
def table(qtbot: Any) -> TableWidget:
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.set_players(["Anna", "West", "North", "East"])
    widget.show()
    qtbot.waitExposed(widget)
    widget.auto_pass.set_delay(40)
    return widget


def nothing_to_throw(**fields: Any) -> Observation:
    """Anna (seat 0) helps North attack West and has no card to throw in: Pass is all she has."""
    base: dict[str, Any] = {
        "attacker": 2,
        "defender": 1,
        "to_act": (0,),
        "legal": (PASS,),
    }
    base.update(fields)
    return observation(**base)


def test_a_pass_that_is_the_only_move_is_made_for_you_with_a_note(
    qtbot: Any, table: TableWidget
) -> None:
    position = nothing_to_throw()
    with qtbot.waitSignal(table.action_chosen, timeout=2000) as signal:
        table.set_observation(position)
        assert table.scene.banner.text == "Nothing to throw in: press Pass (Bito)"
    assert signal.args == [PASS]
    table.set_observation(dataclasses.replace(position, legal=(), to_act=(3,)))  # as sent
    assert table.scene.banner.text == "Nothing to throw in: passed for you · Waiting for East"
    table.set_observation(observation())  # your next move: the note has done its job
    assert "passed for you" not in table.scene.banner.text


def test_a_defender_with_nothing_to_do_is_passed_for_too(qtbot: Any, table: TableWidget) -> None:
    with qtbot.waitSignal(table.action_chosen, timeout=2000) as signal:
        table.set_observation(observation(legal=(PASS,)))
    assert signal.args == [PASS]
    assert table.scene.note.startswith("Passed for you")


def test_no_auto_pass_when_there_is_a_choice_or_it_is_off(qtbot: Any, table: TableWidget) -> None:
    throw_or_pass = (Action.parse("0 throw 9C"), PASS)
    with qtbot.assertNotEmitted(table.action_chosen, wait=300):
        table.set_observation(nothing_to_throw(legal=throw_or_pass))
    table.set_auto_pass(False)
    with qtbot.assertNotEmitted(table.action_chosen, wait=300):
        table.set_observation(nothing_to_throw())
    assert table.visible_buttons() == {"pass"}
    with qtbot.waitSignal(table.action_chosen, timeout=2000):
        table.set_auto_pass(True)  # turned on again: the position waiting is passed


def test_no_countdown_runs_for_a_pass_made_for_you(qtbot: Any, table: TableWidget) -> None:
    table.apply_settings("suit", "back-blue", 1.0, 0, 30)
    table.auto_pass.set_delay(40)
    table.set_observation(nothing_to_throw())
    assert table.auto_pass.pending() and table.time_left.isHidden()
    table.set_auto_pass(False)
    assert table.time_left.isVisible()  # the player passes by hand, on the clock


def test_a_pass_you_click_first_is_made_once(qtbot: Any, table: TableWidget) -> None:
    table.auto_pass.set_delay(200)
    chosen: list[Action] = []
    table.action_chosen.connect(chosen.append)
    table.set_observation(nothing_to_throw())
    assert table.scene.choose_kind("pass")
    qtbot.wait(400)
    assert chosen == [PASS] and not table.auto_pass.pending()


def test_a_new_game_drops_a_pass_waiting_to_be_made(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(nothing_to_throw())
    table.clear_game()
    with qtbot.assertNotEmitted(table.action_chosen, wait=200):
        pass
    assert table.scene.note == ""


def places(table: TableWidget) -> dict[Any, QPointF]:
    return {item.card: QPointF(item.home) for item in table.scene.hand_items()}


def move_pointer(qtbot: Any, table: TableWidget, point: QPointF) -> None:
    qtbot.mouseMove(table.view.viewport(), table.view.mapFromScene(point))


def after_beating(position: Observation, beat: str) -> Observation:
    """The position after seat 0 beat 7C with `beat`: the card left the hand, nothing to do."""
    card = Card.parse(beat)
    hand = tuple(c for c in position.hand if c != card)
    return dataclasses.replace(
        position,
        hand=hand,
        hands=(hand, *position.hands[1:]),
        hand_sizes=(len(hand), *position.hand_sizes[1:]),
        table=((Card.parse("7C"), card), position.table[1]),
        legal=(),
        to_act=(3,),
    )


def test_the_hand_holds_still_under_the_pointer_until_it_leaves(
    qtbot: Any, table: TableWidget
) -> None:
    position = observation()
    table.set_observation(position)
    nine = Card.parse("9C")
    click_card(qtbot, table, nine)  # the pointer now rests on the hand
    before = places(table)
    with qtbot.waitSignal(table.action_chosen, timeout=2000):
        click_scene(qtbot, table, target_item(table, Card.parse("7C")).click_point())
    hand_point = next(i for i in table.scene.hand_items() if i.card == Card.parse("10C"))
    move_pointer(qtbot, table, hand_point.click_point())  # back on the hand, at the next card
    table.set_observation(after_beating(position, "9C"))
    held = places(table)
    assert nine not in held and len(held) == 5
    assert all(held[card] == before[card] for card in held), "the hand slid under the pointer"
    assert table.scene.hand_held
    under = table.scene.itemAt(hand_point.click_point(), table.view.transform())
    assert getattr(under, "card", None) == Card.parse("10C")  # still the card that was there
    move_pointer(qtbot, table, QPointF(table.scene.width() / 2, 20))  # away from the hand
    assert not table.scene.hand_held
    closed = places(table)
    xs = sorted(p.x() for p in closed.values())
    assert abs((xs[0] + xs[-1]) / 2 - table.scene.width() / 2) < 1  # centred again
    assert closed != held


def test_the_hand_closes_up_at_once_when_the_pointer_is_elsewhere(
    qtbot: Any, table: TableWidget
) -> None:
    position = observation()
    table.set_observation(position)
    qtbot.mouseMove(table.view.viewport(), QPoint(640, 30))
    table.set_observation(after_beating(position, "9C"))
    assert not table.scene.hand_held
    xs = sorted(p.x() for p in places(table).values())
    assert abs((xs[0] + xs[-1]) / 2 - table.scene.width() / 2) < 1
