"""The table's furniture stays clear of the seats at every table size the client can show."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import QRectF

from durak_qt.table.view import TableWidget
from engine.game import Game
from engine.rules import get_rules

TABLES = [("throw-in", n) for n in (2, 3, 4, 5, 6)] + [("big", 8), ("chukotka", 5)]


def shrunk(rect: QRectF) -> QRectF:
    """A rectangle less its anti-aliased rim (shadows may touch; shapes must not)."""
    return rect.adjusted(3, 3, -3, -3)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("size", [(1280, 800), (1000, 620)])
def test_trump_badge_plates_fans_and_talon_do_not_overlap(
    qtbot: Any, variant: str, players: int, size: tuple[int, int]
) -> None:
    game = Game.new(get_rules(variant), players, random.Random(3))
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(*size)
    table.set_players([f"Player number {s}" for s in range(players)], {1: "this computer"})
    table.show()
    qtbot.waitExposed(table)
    table.set_observation(game.observation(game.to_act[0]))
    scene = table.scene
    me = game.to_act[0]
    plates = {seat: shrunk(item.sceneBoundingRect()) for seat, item in scene.seats.items()}
    fans = {
        key: shrunk(item.sceneBoundingRect())
        for key, item in scene.cards.items()
        if key[0] == "back"
    }
    talon = [
        shrunk(item.sceneBoundingRect()) for key, item in scene.cards.items() if key[0] == "talon"
    ]
    badge = shrunk(scene.trump_badge.sceneBoundingRect())
    assert scene.trump_badge.isVisible()
    for seat, plate in plates.items():
        assert not badge.intersects(plate), (seat, badge, plate)
        assert not any(plate.intersects(card) for card in talon), seat
        for (_, owner, _), card in fans.items():
            assert owner == seat or not plate.intersects(card), (seat, owner)
        for other, rect in plates.items():
            assert other == seat or not plate.intersects(rect), (seat, other)
    assert not any(badge.intersects(card) for card in fans.values())
    assert not scene.trump_badge.sceneBoundingRect().intersects(scene.banner.sceneBoundingRect())
    above = scene.trump_badge.pos().y() < scene.talon_point().y()
    assert above == (players <= 4), "above the talon unless a seat sits there"
    assert me in plates


@pytest.mark.parametrize("players", [2, 6])
def test_the_progress_banner_lies_clear_of_seats_and_cards(qtbot: Any, players: int) -> None:
    from durak_qt.table.busy_banner import BusyBanner

    game = Game.new(get_rules("throw-in"), players, random.Random(1))
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1000, 800)
    table.set_players([f"Player number {s}" for s in range(players)])
    busy = BusyBanner(table, table.busy_banner_place)  # as the game page makes it
    table.show()
    qtbot.waitExposed(table)
    table.set_observation(game.observation(0))
    busy.show_status("Shuffling the talon again… every peer checks every proof")
    banner = busy.geometry()
    view = table.view

    def on_widget(rect: QRectF) -> Any:
        return view.mapFromScene(rect).boundingRect().translated(view.pos())

    scene = table.scene
    furniture = [scene.trump_badge, scene.talon_label, scene.discard_label]
    items = list(scene.seats.values()) + list(scene.cards.values()) + furniture
    for item in items:
        assert not banner.intersects(on_widget(shrunk(item.sceneBoundingRect()))), item
    assert not banner.intersects(on_widget(scene.bout_rect()))
    assert banner.width() >= 240 and busy.text()
    table.resize(900, 560)  # placed again once the table has its new size: the band is narrow
    qtbot.waitUntil(lambda: busy.geometry() != banner)
    status = on_widget(scene.banner.sceneBoundingRect())
    assert busy.geometry().bottom() < status.top()  # above the status line
    for item in list(scene.seats.values()) + list(scene.cards.values()) + furniture:
        assert not busy.geometry().intersects(on_widget(shrunk(item.sceneBoundingRect()))), item
