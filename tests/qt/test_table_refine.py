"""A new position is on the screen at once, drawn roughly, and smooth once the GUI is idle:
the layout draws new pictures without antialiasing (Qt's smooth fills wait for helper threads)
and the idle event loop draws them again smoothly (`durak_qt.table.items.refine_now`)."""

from __future__ import annotations

import random
from typing import Any

from durak_qt.games.durak.view import hint_covered
from durak_qt.table.items import Picture, RoughPainter, refine_now
from durak_qt.table.view import TableWidget
from engine.game import Game
from engine.rules import get_rules
from tests.qt.driver import deadline_ms


def pictures(table: TableWidget) -> list[Picture]:
    return [item for item in table.scene.items() if isinstance(item, Picture)]


def shown_table(qtbot: Any) -> TableWidget:
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1106, 768)
    table.set_players(["Anna", "Boris", "Vera", "Gleb", "Darya", "Yevgeny"], {})
    table.show()
    game = Game.new(get_rules("throw-in"), 6, random.Random(11))
    table.set_observation(game.observation(0))
    return table


def test_a_new_position_is_drawn_roughly_then_smoothly_when_idle(qtbot: Any) -> None:
    table = shown_table(qtbot)
    shown = pictures(table)
    assert any(picture.rough for picture in shown)  # the frame did not wait for smooth drawing
    rough = {id(picture): picture.pixmap().toImage() for picture in shown if picture.rough}
    qtbot.waitUntil(
        lambda: not any(picture.rough for picture in pictures(table)), timeout=deadline_ms(5000)
    )
    changed = [
        p for p in pictures(table) if id(p) in rough and p.pixmap().toImage() != rough[id(p)]
    ]
    assert changed  # the smooth pictures replaced the rough ones


def test_refine_now_leaves_no_rough_picture(qtbot: Any) -> None:
    table = shown_table(qtbot)
    refine_now()
    assert not any(picture.rough for picture in pictures(table))


def test_the_rough_painter_drops_only_smoothing(qtbot: Any) -> None:
    from PySide6.QtGui import QPainter, QPixmap

    pixmap = QPixmap(10, 10)
    painter = RoughPainter(pixmap)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    hints = painter.renderHints()
    painter.end()
    assert hints & QPainter.RenderHint.TextAntialiasing
    assert not hints & QPainter.RenderHint.Antialiasing


def covered(scene: Any) -> bool:
    """Whether the cards the scene lays out now reach its play area's hint line."""
    return hint_covered(scene.bout_rect(), scene.placed_cards(scene.piles))


def test_the_play_areas_hint_is_not_written_under_the_cards_of_the_bout(qtbot: Any) -> None:
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1106, 768)
    table.set_players(["Anna", "Boris", "Vera"], {})
    table.show()
    game = Game.new(get_rules("throw-in"), 3, random.Random(5))
    rng = random.Random(5)
    table.set_observation(game.observation(0))
    scene = table.scene
    assert not covered(scene)  # an empty bout covers nothing
    for _ in range(500):
        if len(game.observation(0).table) >= 5 or game.is_over:
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        moves = [a for a in legal if a.kind in ("attack", "throw", "beat")]
        game.apply(rng.choice(moves or legal))
    assert len(game.observation(0).table) >= 5
    table.set_observation(game.observation(0))  # two rows of pairs reach the bottom line
    assert covered(scene)
