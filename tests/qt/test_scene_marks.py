"""The one scene styles each card once per layout: a game's marks (picked, target, the keys'
card in the middle) are read while the card is styled, never by a second pass that draws every
card again; a label measures its text once, not on every question about its size."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from durak_qt.games.family3.client import clients
from durak_qt.table import items
from durak_qt.table.family3_table import new_table
from durak_qt.table.items import CardItem, LabelItem
from engine.games import kind_of


def positions(client: Any, players: int, count: int) -> list[Any]:
    """The first positions of a seeded random game of this kind, as seat 0 sees them."""
    rules = kind_of(client.kind).get_rules(client.kind)
    rng = random.Random(3)
    game = client.make_match(rules, players).new_game(random.Random(1003))
    seen = []
    while not game.over and len(seen) < count:
        seen.append(game.observation(0))
        game.apply(rng.choice(list(game.legal_actions(sorted(game.to_act)[0]))))
    return seen


@pytest.mark.parametrize("kind", [client.kind for client in clients()])
def test_every_card_is_styled_and_drawn_once_per_layout(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    client = next(c for c in clients() if c.kind == kind)
    table = new_table(client)
    qtbot.addWidget(table)
    table.resize(1106, 768)
    table.set_players(["Anna", "Boris", "Vera"])
    table.scene.keyboard_used = True  # the keys' marks are drawn too
    refreshed: Counter[int] = Counter()
    original = CardItem.refresh

    def counting(item: CardItem, smooth: bool = False) -> None:
        refreshed[id(item)] += 1
        original(item, smooth)

    turned: list[float] = []
    original_turn = CardItem.setRotation

    def turning(item: CardItem, angle: float) -> None:
        turned.append(angle)
        original_turn(item, angle)

    monkeypatch.setattr(CardItem, "refresh", counting)
    monkeypatch.setattr(CardItem, "setRotation", turning)
    for observation in positions(client, 3, 12):
        table.set_observation(observation)
        refreshed.clear()
        turned.clear()
        table.scene.relayout()  # nothing changed: each card is looked at once, none turned
        assert refreshed, kind
        assert max(refreshed.values()) == 1, kind
        assert not turned, kind  # Qt re-indexes a turned item even at the same angle


def test_a_label_measures_its_text_once(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    label = LabelItem()
    label.set_text("Deck: 24 cards", 14)
    first = label.boundingRect()
    assert first.width() > 14 and first.height() > 14
    measured: list[object] = []
    real = items.QFontMetricsF

    def counting(*args: Any) -> Any:
        measured.append(args)
        return real(*args)

    monkeypatch.setattr(items, "QFontMetricsF", counting)
    for _ in range(5):
        assert label.boundingRect() == first
    assert not measured
    label.set_text("Deck: 23 cards", 14)
    assert measured and label.boundingRect().width() >= first.width() - 1


def test_a_long_hint_keeps_inside_the_play_areas_corners(qtbot: Any) -> None:
    """The hint under the bout (Russian at 1920x1080 ran over the dashed outline)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFontMetricsF

    from durak_qt.table.items import PLAY_AREA_CORNER, PlayAreaItem

    area = PlayAreaItem()
    hint = "Нажмите сюда, чтобы сыграть 10♦"
    area.set_area(QRectF(0, 0, 500, 450), True, hint)
    room = 500 - 2 * PLAY_AREA_CORNER
    assert QFontMetricsF(area.hint_font()).horizontalAdvance(hint) <= room
    area.set_area(QRectF(0, 0, 500, 450), True, "Click")  # a short hint keeps its size
    assert area.hint_font().pixelSize() == round(450 * 0.06)
