"""What a new position costs the one table scene: work a layout leaves undone until it is needed
(a card's tooltip until a hover asks, the buttons' places until what places them changes), a card
styled where it lies, and no card item kept for the cycle collector."""

from __future__ import annotations

import dataclasses
import gc
import random
import weakref
from typing import Any

from PySide6.QtCore import QEvent, QPointF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneHelpEvent

from durak_qt.games.family3.client import clients, game_kind
from durak_qt.table.family3_table import Family3Table
from durak_qt.table.items import CardItem, refine_now
from tests.qt.driver import shown_family3_table


def czech_table(qtbot: Any) -> tuple[Family3Table, Any]:
    """A 3-seat czech table shown at 1366x768, and a game of it just dealt."""
    client = next(c for c in clients() if c.kind == "czech")
    table = shown_family3_table(qtbot, client, ["Anna", "Boris", "Vera"])
    rules = game_kind(client.kind).get_rules(client.kind)
    return table, client.make_match(rules, 3).new_game(random.Random(2))


def play(game: Any, moves: int, rng: random.Random) -> None:
    """Random legal moves (fewer when the game ends)."""
    for _move in range(moves):
        if game.over:
            return
        seat = sorted(game.to_act)[0]
        game.apply(rng.choice(list(game.legal_actions(seat))))


def test_a_card_s_tooltip_is_worked_out_when_a_hover_asks_not_at_each_layout(
    qtbot: Any,
) -> None:
    table, game = czech_table(qtbot)
    scene = table.scene
    asked: list[object] = []
    real = scene.view.tooltip

    def counting(*args: Any) -> str:
        asked.append(args[-1])
        return str(real(*args))

    scene.view = dataclasses.replace(scene.view, tooltip=counting)
    table.set_observation(game.observation(0))
    play(game, 3, random.Random(1))
    table.set_observation(game.observation(0))
    assert asked == []
    item = scene.hand_items()[0]
    placed = next(p for pile in scene.piles for p in pile.cards if p.key == item.card_key)
    expected = scene.card_tip(placed, item)
    assert expected and item.toolTip() == expected
    other = scene.hand_items()[-1]
    help_event = QGraphicsSceneHelpEvent(QEvent.Type.GraphicsSceneHelp)
    help_event.setScenePos(other.sceneBoundingRect().center() + QPointF(1, 0))
    scene.helpEvent(help_event)
    assert QGraphicsItem.toolTip(other)  # what Qt shows, set before Qt reads it


def test_a_new_card_is_styled_where_it_lies(qtbot: Any, monkeypatch: Any) -> None:
    """A card's cursor is set once the card is in its place (Qt checks a new cursor against
    every item under the pointer when the card covers the pointer's place: a card not yet
    placed lies at the scene's corner)."""
    table, game = czech_table(qtbot)
    styled: list[tuple[QPointF, QPointF]] = []
    real = CardItem.setCursor

    def recording(item: CardItem, shape: Any) -> None:
        styled.append((item.pos(), item.home))
        real(item, shape)

    monkeypatch.setattr(CardItem, "setCursor", recording)
    table.set_observation(game.observation(0))
    assert styled and all(pos == home for pos, home in styled)


def test_a_card_removed_from_the_table_is_freed_at_once(qtbot: Any) -> None:
    """No card item lives on in a reference cycle (its tooltip's source holds the scene, not
    the item): without the cycle collector it goes as soon as the scene drops it."""
    table, game = czech_table(qtbot)
    scene = table.scene
    table.set_observation(game.observation(0))
    gone = {key: weakref.ref(item) for key, item in scene.cards.items()}
    gc.disable()
    try:
        rng = random.Random(5)
        while set(scene.cards) >= set(gone) and not game.over:
            play(game, 1, rng)
            table.set_observation(game.observation(0))
            refine_now()  # the idle step: rough pictures drawn smoothly, the queue emptied
        removed = [key for key in gone if key not in scene.cards]
        assert removed
        assert all(gone[key]() is None for key in removed)
    finally:
        gc.enable()


def test_the_buttons_are_placed_again_only_when_what_places_them_changed(
    qtbot: Any, monkeypatch: Any
) -> None:
    """Most positions keep the same buttons: no new place for them; after moves and a resize
    they lie where a table showing only the last position puts them."""
    table, game = czech_table(qtbot)
    table.set_observation(game.observation(0))
    placed: list[int] = []
    real = Family3Table._place_buttons

    def counting(self: Family3Table) -> None:
        placed.append(1)
        real(self)

    monkeypatch.setattr(Family3Table, "_place_buttons", counting)
    table.set_observation(game.observation(0))
    assert placed == []
    monkeypatch.setattr(Family3Table, "_place_buttons", real)
    play(game, 12, random.Random(3))
    table.set_observation(game.observation(0))
    table.resize(1200, 700)
    fresh, _game = czech_table(qtbot)
    fresh.resize(1200, 700)
    fresh.set_observation(game.observation(0))
    assert table.visible_buttons() == fresh.visible_buttons()
    assert table._box.geometry() == fresh._box.geometry()
