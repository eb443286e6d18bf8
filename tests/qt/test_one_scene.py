"""One table scene draws every game kind: Durak's table and the family-3 tables are the one
`TableScene` drawing the piles of their views' pure layouts, and either draws a read-only view
(a replay, a spectator) of the same observations."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt

from durak_qt.games.durak.piles import durak_piles
from durak_qt.games.durak.view import DURAK_VIEW
from durak_qt.games.family3.client import clients, game_kind
from durak_qt.table import family3_table
from durak_qt.table.card_art import shared_card_art
from durak_qt.table.family3_table import new_table
from durak_qt.table.game_view import GameView
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


def test_every_game_is_drawn_by_the_one_scene_class_from_its_view() -> None:
    """One scene class, subclassed by no game; Durak's view and each family-3 game's are
    values of the one `GameView` record."""
    assert PileScene.__subclasses__() == [TableScene]
    assert TableScene.__subclasses__() == [], "a game's table is a GameView, not a subclass"
    assert not hasattr(family3_table, "Family3Scene")
    assert isinstance(DURAK_VIEW, GameView) and TableScene(shared_card_art()).view is DURAK_VIEW
    for client in clients():
        assert isinstance(client.table_view, GameView), client.kind
        scene = client.make_scene(shared_card_art())
        assert type(scene) is TableScene and scene.view is client.table_view, client.kind


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


SHARED_MECHANICS = ("style_card", "handle_key", "_drag_started", "_card_dropped")
"""What the one scene does for every game: draw a card's marks, read the keys, drag a card."""


def test_no_game_scene_has_its_own_drawing_of_marks_keys_or_dragging() -> None:
    for scene in (TableScene,):
        for klass in scene.__mro__:
            if klass is PileScene:
                break
            for name in SHARED_MECHANICS:
                assert name not in vars(klass), f"{klass.__name__}.{name}"


ASKED_OF_THE_GAME = ("hand_card_clicked", "middle_card_clicked", "middle_is_live", "card_action")
"""How a family-3 scene asked the game what a click means before the piles carried intents."""


def test_a_family3_click_means_what_its_pile_says() -> None:
    for name in ASKED_OF_THE_GAME:
        assert not hasattr(TableScene, name), f"TableScene.{name}"
    for client in clients():
        view = client.table_view
        assert view.hand_intent is not None and view.button_intent is not None, client.kind


def dropped_in_first_zone(scene: PileScene) -> bool:
    """Drag your first lit hand card into the first place it may go and let it go there."""
    from PySide6.QtCore import QPointF

    item = next(item for item in scene.hand_items() if item.playable)
    scene._drag_started(item)
    zones = scene.drop_zones(item)
    assert zones, type(scene).__name__
    area = zones[0].area.intersected(scene.sceneRect())
    point = QPointF(area.center())
    item.setPos(point)
    item.dropped.emit(item, point)
    return True


def test_a_lit_card_dropped_where_the_scene_says_it_may_go_makes_a_move(qtbot: Any) -> None:
    """Durak: onto the middle (the attack); every family-3 kind: up onto the table."""
    table, game = durak_table(qtbot)
    seat = game.to_act[0]
    table.set_observation(game.observation(seat))
    chosen: list[Any] = []
    table.scene.action_chosen.connect(chosen.append)
    dropped_in_first_zone(table.scene)
    assert len(chosen) == 1 and chosen[0] in game.legal_actions(seat)
    for client in clients():
        rules_id = client.kind
        match = client.make_match(game_kind(rules_id).get_rules(rules_id), 3)
        f3_table = new_table(client)
        qtbot.addWidget(f3_table)
        f3_table.resize(1366, 768)
        f3_table.set_players(["Anna", "Boris", "Vera"])
        scene = f3_table.scene
        rng = random.Random(7)
        f3 = match.new_game(random.Random(7))
        while not f3.over:  # to the first position with a lit card in seat 0's hand
            f3_table.set_observation(f3.observation(0))
            if 0 in f3.to_act and any(item.playable for item in scene.hand_items()):
                break
            f3.apply(rng.choice(list(f3.legal_actions(sorted(f3.to_act)[0]))))
        assert not f3.over, rules_id
        picked: list[Any] = []
        f3_table.action_chosen.connect(picked.append)
        dropped_in_first_zone(scene)
        # a move, or (a game that builds a move of several cards) the card picked for it
        assert picked or scene.selected_hand or getattr(scene, "chosen", None), rules_id


def test_the_hand_is_spread_once_by_the_layout(qtbot: Any, monkeypatch: Any) -> None:
    """Durak's scene takes your hand's fan from its pure layout (the hand pile's `fan`), it
    does not spread the hand a second time."""
    from durak_qt.table.layout import TableGeometry

    table, game = durak_table(qtbot)
    spread: list[int] = []
    real = TableGeometry.hand_spread

    def counting(geo: TableGeometry, count: int, left: float, right: float) -> float:
        spread.append(count)
        return real(geo, count, left, right)

    table.set_observation(game.observation(0))  # the buttons appear: the hand makes room
    monkeypatch.setattr(TableGeometry, "hand_spread", counting)
    table.set_observation(game.observation(0))
    assert spread == [len(game.observation(0).hand)]
    hand = next(pile for pile in table.scene.piles if pile.name == "hand")
    assert [item.home.x() for item in table.scene.hand_items()] == [x for x, _y, _a in hand.fan]


def test_the_status_line_absences_and_tooltips_read_the_frame_of_the_layout_drawn(
    qtbot: Any, monkeypatch: Any
) -> None:
    """One `TableFrame` per layout: what is said after it (the status line, an absence badge's
    countdown, a card's tooltip) reads that frame, it builds no other."""
    table, game = durak_table(qtbot)
    scene = table.scene
    scene.clock = lambda: 1000.0
    table.set_observation(game.observation(game.to_act[0]))
    scene.show_seat_absent(1, 990.0, 1100.0)
    made: list[int] = []
    real = TableScene.frame

    def counting(self: TableScene) -> Any:
        made.append(1)
        return real(self)

    monkeypatch.setattr(TableScene, "frame", counting)
    scene.status_text()
    scene.absence_text(1)
    scene.update_absences()
    for item in scene.hand_items():
        scene.card_tip(
            next(p for pile in scene.piles for p in pile.cards if p.key == item.card_key), item
        )
    assert made == []
    assert scene.frame_now().names == tuple(f"Player {seat + 1}" for seat in range(3))


def test_a_layout_builds_one_frame_and_it_reads_the_plates_as_placed(
    qtbot: Any, monkeypatch: Any
) -> None:
    """A layout builds one `TableFrame` (no preliminary one to place the plates with): the
    frame it lays out with holds the plates where they lie and your hand clear of yours, as a
    frame built afresh after the layout does."""
    table, game = durak_table(qtbot, players=6)
    scene = table.scene
    table.set_observation(game.observation(game.to_act[0]))
    made: list[int] = []
    real = TableScene.frame

    def counting(self: TableScene, plates: bool = True) -> Any:
        made.append(plates)
        return real(self, plates)

    monkeypatch.setattr(TableScene, "frame", counting)
    table.set_observation(game.observation(game.to_act[0]))
    assert made == [False]  # the plates not read before they are placed
    monkeypatch.setattr(TableScene, "frame", real)
    drawn, fresh = scene.frame_now(), scene.frame()
    assert drawn == fresh
    assert set(drawn.plates) == set(range(6)) and drawn.left_clear > 0


def test_a_plate_is_placed_again_only_when_what_places_it_changed(
    qtbot: Any, monkeypatch: Any
) -> None:
    """Showing the same position again moves no name plate; after a game's moves and a resize
    every plate lies where a table showing only the last position puts it."""
    from durak_qt.table.items import SeatItem

    table, game = durak_table(qtbot, players=6)
    scene = table.scene
    table.set_observation(game.observation(0))
    moved: list[object] = []
    real = SeatItem.setPos

    def counting(item: SeatItem, *where: Any) -> None:
        moved.append(where)
        real(item, *where)

    monkeypatch.setattr(SeatItem, "setPos", counting)
    table.set_observation(game.observation(0))
    assert moved == []
    monkeypatch.setattr(SeatItem, "setPos", real)
    rng = random.Random(3)
    for _move in range(12):
        seat = game.to_act[0]
        game.apply(rng.choice(list(game.legal_actions(seat))))
        table.set_observation(game.observation(0))
    table.resize(1200, 700)
    table.set_observation(game.observation(0))
    fresh, _game = durak_table(qtbot, players=6)
    fresh.resize(1200, 700)
    fresh.set_observation(game.observation(0))
    assert {seat: item.pos() for seat, item in scene.seats.items()} == {
        seat: item.pos() for seat, item in fresh.scene.seats.items()
    }


def test_a_family3_hand_card_s_drag_up_zone_is_data_of_its_pile(qtbot: Any) -> None:
    """A family-3 hand card with an intent may be dragged up onto the table: its pile says so
    (`Pile.drops`, the same intent as a click), the scene decides nothing of its own."""
    from durak_qt.table.piles import piles_by_name

    for client in clients():
        table = new_table(client)
        qtbot.addWidget(table)
        table.resize(1366, 768)
        table.set_players(["Anna", "Boris", "Vera"])
        rules = game_kind(client.kind).get_rules(client.kind)
        game = client.make_match(rules, 3).new_game(random.Random(4))
        table.set_observation(game.observation(0))
        hand = piles_by_name(table.scene.piles)["hand"]
        assert set(hand.drops) == set(hand.intents), client.kind
        for key, (zone,) in hand.drops.items():
            placed = next(p for p in hand.cards if p.key == key)
            assert zone.intent == hand.intents[key]
            assert zone.area.bottom() < placed.pos.y() and zone.area.contains(placed.pos.x(), 0)
