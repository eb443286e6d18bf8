"""One table scene draws every game kind: Durak's table and the family-3 tables both draw the
piles of their pure layouts through `PileScene`, and either draws a read-only view (a replay,
a spectator) of the same observations."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from durak_qt.games.durak.piles import durak_piles
from durak_qt.games.family3.client import clients, game_kind
from durak_qt.table.family3_scene import Family3Scene, new_table
from durak_qt.table.pile_scene import PileScene
from durak_qt.table.scene import TableScene
from durak_qt.table.view import TableWidget
from engine.game import Game
from engine.rules import get_rules


def durak_table(qtbot: Any, players: int = 3) -> tuple[TableWidget, Game]:
    game = Game.new(get_rules("throw-in"), players, random.Random(5))
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1366, 768)
    table.set_players([f"Player {seat + 1}" for seat in range(players)])
    table.show()
    qtbot.waitExposed(table)
    return table, game


def test_both_families_draw_through_the_one_pile_scene() -> None:
    assert issubclass(TableScene, PileScene) and issubclass(Family3Scene, PileScene)
    for client in clients():
        assert issubclass(client.make_scene, Family3Scene), client.kind


def test_durak_cards_lie_where_its_pure_layout_puts_them(qtbot: Any) -> None:
    table, game = durak_table(qtbot, players=4)
    seat = game.to_act[0]
    game.apply(game.legal_actions(seat)[0])  # an attack: a card in the middle
    table.set_observation(game.observation(game.to_act[0]))
    scene = table.scene
    laid = {
        placed.key: placed
        for pile in durak_piles(scene.observation, scene.frame())
        for placed in pile.cards
    }
    assert set(scene.cards) == set(laid)
    for key, item in scene.cards.items():
        assert item.pos() == laid[key].pos, key
        assert item.rotation() == laid[key].rotation, key
    badges = {b.name: b for pile in scene.piles for b in pile.badges}
    assert scene.talon_label.text == badges["talon count"].text
    assert scene.trump_badge.pos() == badges["trump"].pos


def test_a_read_only_durak_table_lights_nothing_and_plays_nothing(qtbot: Any) -> None:
    table, game = durak_table(qtbot)
    chosen: list[Any] = []
    table.scene.action_chosen.connect(chosen.append)
    table.scene.set_read_only(True)
    seat = game.to_act[0]
    table.set_observation(game.observation(seat))
    assert game.observation(seat).legal  # the live table would have moves here
    assert not any(item.playable for item in table.scene.cards.values())
    first = table.scene.hand_items()[0]
    table.scene._card_clicked(first)
    table.scene._card_double_clicked(first)
    assert table.scene.handle_key(Qt.Key.Key_T) is False
    assert chosen == []
    table.scene.set_read_only(False)
    table.set_observation(game.observation(seat))
    assert any(item.playable for item in table.scene.cards.values())


def test_a_read_only_family3_table_lights_nothing_and_plays_nothing(qtbot: Any) -> None:
    client = next(c for c in clients() if c.kind == "czech")
    table = new_table(client)
    qtbot.addWidget(table)
    table.resize(1366, 768)
    table.show()
    qtbot.waitExposed(table)
    rules = game_kind(client.kind).get_rules(client.kind)
    game = client.make_match(rules, 3).new_game(random.Random(2))
    seat = sorted(game.to_act)[0]
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    table.scene.set_read_only(True)
    table.set_players(["A", "B", "C"])
    table.set_observation(game.observation(seat))
    assert not any(item.playable for item in table.scene.cards.values())
    assert table.visible_buttons() == set()
    table.scene.handle_key(Qt.Key.Key_Return)
    table.scene.handle_key(Qt.Key.Key_Return)
    for item in table.scene.hand_items():
        table.scene._card_clicked(item)
    assert chosen == []
