"""Everything of the table fits the view from a 1366x768 laptop up: cards, seats, buttons, timer."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from PySide6.QtCore import QRectF

from durak_qt.settings import CARD_SIZES
from durak_qt.table.view import TableWidget
from engine.actions import Action
from engine.cards import deck_spec
from engine.game import Game
from engine.observation import Observation
from engine.rules import get_rules

TABLE_SIZES = [(1106, 768), (1106, 690), (1366, 768), (1600, 1080)]
"""The table's own size: a 1366x768 window beside the 260-pixel side panel, the same window
less a title bar and a task bar, a window without the side panel, and a 1920x1080 one beside
its 320-pixel panel."""


def mid_bout(variant: str, players: int, seed: int = 5) -> Observation:
    """A position where the player to move defends against at least two attack cards."""
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), players, random.Random(seed))
    for _ in range(2000):
        assert not game.is_over, "no mid-bout position found"
        seat = game.to_act[0]
        obs = game.observation(seat)
        if len(obs.table) >= 2 and any(a.kind == "beat" for a in obs.legal):
            return obs
        legal = game.legal_actions(seat)
        plays = [a for a in legal if a.kind in ("attack", "throw")]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal))
    raise AssertionError("no mid-bout position found")


def inside(outer: QRectF, inner: QRectF) -> bool:
    """`inner` lies within `outer`, give or take a pixel of anti-aliasing."""
    return outer.adjusted(-1, -1, 1, 1).contains(inner)


def check_fits(table: TableWidget) -> None:
    """Every card, plate, label and button lies inside the view; the buttons and the status line
    cover no card of your hand, the buttons not your plate."""
    scene, view = table.scene, table.view
    screen = QRectF(view.viewport().rect())

    def on_view(rect: QRectF) -> QRectF:
        return QRectF(view.mapFromScene(rect).boundingRect())

    for key, item in scene.cards.items():
        card = item.mapRectToScene(item.card_rect())
        assert inside(screen, on_view(card)), (key, card, screen)
    for seat, plate in scene.seats.items():
        assert inside(screen, on_view(plate.drawn_rect())), seat
    for label in (scene.banner, scene.talon_label, scene.discard_label, scene.trump_badge):
        assert inside(screen, on_view(label.sceneBoundingRect())), label
    box = QRectF(table.button_box_rect())
    assert inside(screen, box), (box, screen)
    for button in table.buttons.values():
        if not button.isHidden():
            assert inside(box, QRectF(button.geometry().translated(box.topLeft().toPoint())))
    mine = [on_view(i.mapRectToScene(i.card_rect())) for i in scene.hand_items()]
    assert not any(box.intersects(card) for card in mine), box
    assert scene.observation is not None
    own_plate = on_view(scene.seats[scene.observation.seat].drawn_rect())
    assert not box.intersects(own_plate)
    assert not any(own_plate.intersects(card) for card in mine)
    status = on_view(scene.banner.sceneBoundingRect())
    assert not any(status.intersects(card) for card in mine), status  # it would take the clicks


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 8])
@pytest.mark.parametrize("size", TABLE_SIZES)
def test_a_mid_bout_table_fits_at_every_card_size(
    qtbot: Any, players: int, size: tuple[int, int]
) -> None:
    variant = "big" if players > 6 else "transfer"
    obs = mid_bout(variant, players)
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(*size)
    names = ["Anna", "Boris Petrovich", "Vera", "Gleb", "Darya", "Yevgeny", "Zhanna", "Ilya"]
    table.set_players(names[:players], {1: "this computer"})
    table.show()
    qtbot.waitExposed(table)
    for scale in CARD_SIZES.values():
        table.apply_settings("suit", "back-blue", scale, 0, 30)
        table.set_observation(obs)
        assert table.time_left.isVisible() and "take" in table.visible_buttons()
        check_fits(table)


@pytest.mark.parametrize("size", TABLE_SIZES[:2])
def test_a_long_hand_with_every_button_and_the_countdown_fits(
    qtbot: Any, size: tuple[int, int]
) -> None:
    obs = mid_bout("transfer", 3)
    shown = {c for pair in obs.table for c in pair if c is not None} | {obs.trump_card}
    hand = tuple(c for c in deck_spec(36) if c not in shown)[:12]
    seat = obs.seat
    legal = (
        *obs.legal,
        Action(seat, "transfer", (hand[0],)),
        Action(seat, "show_trump", (hand[0],)),
    )
    sizes = tuple(len(hand) if s == seat else n for s, n in enumerate(obs.hand_sizes))
    hands = tuple(hand if s == seat else h for s, h in enumerate(obs.hands))
    long_hand = dataclasses.replace(obs, hand=hand, hands=hands, hand_sizes=sizes, legal=legal)
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(*size)
    table.set_players(["Alexandra Konstantinovna", "Boris", "Vera"])
    table.show()
    qtbot.waitExposed(table)
    table.apply_settings("suit", "back-blue", CARD_SIZES["large"], 0, 60)
    table.set_observation(long_hand)
    assert {"take", "transfer", "show_trump"} <= table.visible_buttons()
    assert len(table.scene.hand_items()) == 12
    check_fits(table)
