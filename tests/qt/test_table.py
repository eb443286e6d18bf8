"""The table view: items drawn from an observation, clicks and keys become legal actions."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from durak_qt.card_text import display_order
from durak_qt.games.durak import intents
from durak_qt.table.items import Picture
from durak_qt.table.view import TableWidget
from engine.actions import Action
from engine.cards import Card
from tests.qt.driver import pick_card
from tests.qt.fakes import cards, observation


@pytest.fixture
def table(qtbot: Any) -> TableWidget:
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.set_players(["Anna", "West", "North", "East"])
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def click_scene_point(qtbot: Any, table: TableWidget, point: QPointF) -> None:
    qtbot.mouseClick(
        table.view.viewport(), Qt.MouseButton.LeftButton, pos=table.view.mapFromScene(point)
    )


def hand_item(table: TableWidget, text: str) -> Any:
    return next(i for i in table.scene.hand_items() if i.card == Card.parse(text))


def test_scene_shows_every_card_of_the_observation(table: TableWidget) -> None:
    obs = observation()
    table.set_observation(obs)
    keys = list(table.scene.cards)
    faces = [k for k in keys if k[0] == "face"]
    backs = [k for k in keys if k[0] == "back"]
    # 6 in hand + 3 on the table + the known KD in North's hand + the trump under the talon.
    assert len(faces) == 6 + 3 + 1 + 1
    # West 5 unknown, North 4 unknown (KD known), East 6 unknown.
    assert len(backs) == 5 + 4 + 6
    assert len([k for k in keys if k[0] == "talon"]) == 4
    assert len(table.scene.seats) == 4
    assert table.scene.seats[3].role == "ATTACKS" and table.scene.seats[0].role == "DEFENDS"
    assert table.scene.seats[0].to_move and not table.scene.seats[3].to_move
    assert "beat" in table.scene.banner.text
    assert "♥" in table.scene.trump_badge.symbol


def test_trump_badge_stays_when_the_talon_is_gone(table: TableWidget) -> None:
    table.set_observation(observation(trump_card=None, talon_count=0))
    assert table.scene.trump_badge.symbol == "♥"
    assert not [k for k in table.scene.cards if k[0] == "talon"]
    assert table.scene.talon_label.text == "Talon empty"


def test_only_legal_cards_light_up(table: TableWidget) -> None:
    table.set_observation(observation())
    lit = {str(item.card) for item in table.scene.hand_items() if item.playable}
    assert lit == {"9C", "10C", "JH"}


def test_click_card_then_target_emits_the_beat(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(observation())
    click_scene_point(qtbot, table, hand_item(table, "10C").click_point())
    assert table.scene.chosen_cards() == [Card.parse("10C")]
    target = table.scene.item_for_card(Card.parse("7C"))
    assert target is not None and target.target
    with qtbot.waitSignal(table.action_chosen) as signal:
        click_scene_point(qtbot, table, target.sceneBoundingRect().center())
    assert signal.args == [Action.parse("0 beat 7C 10C")]
    assert table.scene.selected == []


def test_clicking_an_unplayable_card_selects_nothing(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(observation())
    click_scene_point(qtbot, table, hand_item(table, "6S").click_point())
    assert table.scene.selected == []


def test_drag_and_drop_onto_the_target(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(observation())
    item = hand_item(table, "JH")
    view = table.view
    start = view.mapFromScene(item.click_point())
    seven = table.scene.item_for_card(Card.parse("7C"))
    assert seven is not None and not seven.target
    end = view.mapFromScene(seven.sceneBoundingRect().center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 11):
        point = start + (end - start) * step / 10
        move = QMouseEvent(
            QEvent.Type.MouseMove,
            QPointF(point),
            view.viewport().mapToGlobal(QPointF(point)),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(view.viewport(), move)
    # While dragging, the card is chosen and the card it may beat lights up.
    assert item.selected and seven.target
    assert item.pos() != item.home
    with qtbot.waitSignal(table.action_chosen) as signal:
        qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert signal.args == [Action.parse("0 beat 7C JH")]


def test_attack_onto_the_play_area_with_two_cards(qtbot: Any, table: TableWidget) -> None:
    hand = cards("7C 7D 9S")
    legal = (
        Action.parse("0 attack 7C"),
        Action.parse("0 attack 7D"),
        Action.parse("0 attack 9S"),
        Action.parse("0 attack 7C 7D"),
    )
    obs = observation(
        hand=hand,
        hands=(hand, (None,) * 6, (None,) * 6, (None,) * 6),
        hand_sizes=(3, 6, 6, 6),
        table=(),
        attacker=0,
        defender=1,
        legal=legal,
    )
    table.set_observation(obs)
    assert table.visible_buttons() == set()
    click_scene_point(qtbot, table, hand_item(table, "7C").click_point())
    click_scene_point(qtbot, table, hand_item(table, "7D").click_point())
    assert sorted(c.text for c in table.scene.chosen_cards()) == ["7C", "7D"]
    assert table.scene.play_area.active
    with qtbot.waitSignal(table.action_chosen) as signal:
        click_scene_point(qtbot, table, table.scene.bout_rect().center())
    assert signal.args == [Action.parse("0 attack 7C 7D")]


def test_buttons_appear_only_when_legal(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(observation())
    assert table.visible_buttons() == {"take"}
    transfer_legal = (Action.parse("0 transfer 7D"), Action.parse("0 take"))
    table.set_observation(observation(table=((Card.parse("7C"), None),), legal=transfer_legal))
    assert table.visible_buttons() == {"take", "transfer"}
    table.set_observation(observation(legal=(Action.parse("0 pass"),), to_act=(0,)))
    assert table.visible_buttons() == {"pass"}
    with qtbot.waitSignal(table.action_chosen) as signal:
        qtbot.mouseClick(table.buttons["pass"], Qt.MouseButton.LeftButton)
    assert signal.args == [Action.parse("0 pass")]
    table.set_observation(observation(legal=(), to_act=(3,)))
    assert table.visible_buttons() == set()
    assert "Waiting for East" in table.scene.banner.text
    # Your seat to act but no move shown (sent, or the peers still deal): never "waiting for you".
    table.set_observation(observation(legal=(), to_act=(0, 3)))
    assert table.scene.banner.text == "Waiting for East"
    table.set_observation(observation(legal=(), to_act=(0,)))
    assert table.scene.banner.text == "One moment: the peers check the cards"


def test_transfer_button_plays_the_chosen_card(qtbot: Any, table: TableWidget) -> None:
    transfer_legal = (
        Action.parse("0 transfer 7D"),
        Action.parse("0 beat 7C 9C"),
        Action.parse("0 take"),
    )
    table.set_observation(observation(table=((Card.parse("7C"), None),), legal=transfer_legal))
    with qtbot.waitSignal(table.action_chosen) as signal:
        qtbot.mouseClick(table.buttons["transfer"], Qt.MouseButton.LeftButton)
    assert signal.args == [Action.parse("0 transfer 7D")]


def test_keyboard_play(qtbot: Any, table: TableWidget) -> None:
    shown = observation()
    table.set_observation(shown)
    table.view.setFocus()
    order = [str(shown.hand[i]) for i in table.scene.hand_order]
    # Move to 9C with the arrows, then Enter beats the only attack card.
    assert not any(item.focused for item in table.scene.hand_items())
    for _ in range(order.index("9C") + 1):
        qtbot.keyClick(table.view, Qt.Key.Key_Right)
    focused = [str(item.card) for item in table.scene.hand_items() if item.focused]
    assert focused == ["9C"]
    with qtbot.waitSignal(table.action_chosen) as signal:
        qtbot.keyClick(table.view, Qt.Key.Key_Return)
    assert signal.args == [Action.parse("0 beat 7C 9C")]
    with qtbot.waitSignal(table.action_chosen) as signal:
        qtbot.keyClick(table.view, Qt.Key.Key_T)
    assert signal.args == [Action.parse("0 take")]


def test_hand_sorting_by_suit_and_by_rank_puts_trumps_last() -> None:
    hand = cards("AH 6S 9C 6D KD 7S RJ")
    by_suit = [hand[i].text for i in display_order(hand, "H", "suit")]
    assert by_suit == ["6S", "7S", "9C", "6D", "KD", "AH", "RJ"]
    by_rank = [hand[i].text for i in display_order(hand, "H", "rank")]
    assert by_rank == ["6S", "6D", "7S", "9C", "KD", "AH", "RJ"]
    with pytest.raises(ValueError):
        display_order(hand, "H", "colour")


def test_resolve_never_invents_an_action() -> None:
    legal = (Action.parse("1 beat 7C 9C"),)
    assert intents.resolve(legal, [Card.parse("9C")], Card.parse("7C")) == legal[0]
    assert intents.resolve(legal, [Card.parse("9C")], Card.parse("7D")) is None
    assert intents.resolve(legal, [Card.parse("9C")], intents.ONTO_TABLE) is None
    assert intents.resolve(legal, [], Card.parse("7C")) is None


def test_layout_fits_small_and_large_windows(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(observation())
    for width, height in ((1024, 640), (1920, 1080)):
        table.resize(width, height)
        qtbot.wait(1)
        area = table.view.sceneRect()
        for item in table.scene.items():
            if isinstance(item, Picture):  # its owner's drawing, with a transparent margin
                continue
            if item.isVisible() and not item.boundingRect().isEmpty():
                rect = item.sceneBoundingRect()
                assert area.adjusted(-8, -8, 8, 8).contains(rect), (width, height, rect)


def test_cards_move_with_animation_and_settle_home(qtbot: Any, table: TableWidget) -> None:
    table.apply_settings("suit", "back-red", 1.0, 120)
    first = observation()
    table.set_observation(first)  # the deal: cards fly in from the talon
    assert table.scene.animations_running()
    qtbot.waitUntil(lambda: not table.scene.animations_running(), timeout=3000)
    beaten = observation(
        hand=cards("6S 9C JH 7D QS"),
        hands=(cards("6S 9C JH 7D QS"), (None,) * 5, cards("KD") + (None,) * 4, (None,) * 6),
        hand_sizes=(5, 5, 5, 6),
        table=(
            (Card.parse("7C"), Card.parse("10C")),
            (Card.parse("7S"), Card.parse("KS")),
        ),
        legal=(),
        to_act=(3,),
    )
    ten = table.scene.item_for_card(Card.parse("10C"))
    assert ten is not None
    start = ten.pos()
    table.set_observation(beaten)
    assert table.scene.item_for_card(Card.parse("10C")) is ten  # the same card item travels
    assert table.scene.animations_running()
    qtbot.waitUntil(lambda: not table.scene.animations_running(), timeout=3000)
    assert ten.pos() == ten.home and ten.pos() != start
    assert ten.image == "10C"
    assert all(
        item.image == "back-red" for key, item in table.scene.cards.items() if key[0] == "back"
    )
    discarded = observation(
        hand=cards("6S 9C JH 7D QS"),
        hands=(cards("6S 9C JH 7D QS"), (None,) * 5, cards("KD") + (None,) * 4, (None,) * 6),
        hand_sizes=(5, 5, 5, 6),
        table=(),
        discard_count=10,
        legal=(),
        to_act=(3,),
    )
    table.set_observation(discarded)  # Bito: the four table cards fly to the discard pile
    assert len(table.scene._leaving) == 4
    qtbot.waitUntil(lambda: not table.scene.animations_running(), timeout=3000)
    qtbot.wait(10)
    assert table.scene._leaving == [] and ten.scene() is None


def test_unknown_faces_in_your_own_hand_are_drawn_as_backs(table: TableWidget) -> None:
    hand = (None, Card.parse("7C"), None)
    obs = observation(
        hand=hand,
        hands=(hand, (None,) * 5, (None,) * 5, (None,) * 6),
        hand_sizes=(3, 5, 5, 6),
        legal=(Action.parse("0 take"),),
    )
    table.set_observation(obs)
    items = table.scene.hand_items()
    assert len(items) == 3
    assert [item.image for item in items].count("back-blue") == 2
    assert not any(item.playable for item in items)


def test_a_card_dropped_nowhere_goes_back(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(observation())
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    item = hand_item(table, "JH")
    view = table.view
    start = view.mapFromScene(item.click_point())
    end = view.mapFromScene(QPointF(20, 20))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        point = QPointF(start + (end - start) * step / 5)
        QApplication.sendEvent(
            view.viewport(),
            QMouseEvent(
                QEvent.Type.MouseMove,
                point,
                view.viewport().mapToGlobal(point),
                Qt.MouseButton.NoButton,
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
            ),
        )
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert chosen == []
    back = hand_item(table, "JH")
    assert back.pos() == back.home


def test_a_crowded_bout_stays_on_the_table(qtbot: Any, table: TableWidget) -> None:
    attacks = cards("6C 6D 6H 7C 7H 7S 8C 8D 8H 8S KC KD")
    crowded = tuple((card, None) for card in attacks)
    table.resize(1024, 640)
    qtbot.wait(1)
    table.set_observation(observation(table=crowded, legal=(Action.parse("0 take"),)))
    area = table.view.sceneRect()
    for card in attacks:
        item = table.scene.item_for_card(card)
        assert item is not None and area.contains(item.sceneBoundingRect())


def test_a_choice_that_became_unplayable_is_dropped(table: TableWidget) -> None:
    shown = observation()
    table.set_observation(shown)
    pick_card(table.scene, shown.hand.index(Card.parse("9C")))
    assert table.scene.chosen_cards() == [Card.parse("9C")]
    table.set_observation(observation(legal=(Action.parse("0 beat 7C JH"), Action.parse("0 take"))))
    assert table.scene.chosen_cards() == []
    pick_card(table.scene, shown.hand.index(Card.parse("JH")))
    table.set_observation(observation(legal=(Action.parse("0 beat 7C JH"), Action.parse("0 take"))))
    assert table.scene.chosen_cards() == [Card.parse("JH")]


def test_a_double_click_plays_the_one_move_a_card_makes(qtbot: Any, table: TableWidget) -> None:
    table.set_observation(observation())
    point = table.view.mapFromScene(hand_item(table, "JH").click_point())
    with qtbot.waitSignal(table.action_chosen) as signal:
        qtbot.mouseDClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert signal.args == [Action.parse("0 beat 7C JH")]


def test_tab_stops_at_the_attack_card_the_chosen_card_beats_and_enter_beats_it(
    qtbot: Any, table: TableWidget
) -> None:
    table.set_observation(observation())
    assert table.scene.tab_targets() == []  # nothing chosen: no card of the table takes a click
    click_scene_point(qtbot, table, hand_item(table, "9C").click_point())
    seven = table.scene.item_for_card(Card.parse("7C"))
    assert seven is not None and table.scene.tab_targets() == [seven.card_key]
    table.view.setFocus()
    qtbot.waitUntil(table.view.hasFocus)
    qtbot.keyClick(table.view, Qt.Key.Key_Tab)
    assert table.scene.tab_target == seven.card_key and seven.focused
    with qtbot.waitSignal(table.action_chosen) as signal:
        qtbot.keyClick(table.view, Qt.Key.Key_Return)
    assert signal.args == [Action.parse("0 beat 7C 9C")]


def test_a_dragged_card_lands_on_an_attack_card_where_the_card_is_drawn(
    table: TableWidget,
) -> None:
    table.set_observation(observation())
    scene = table.scene
    zones = scene.drop_zones(hand_item(table, "JH"))
    seven = scene.item_for_card(Card.parse("7C"))
    assert seven is not None
    on_seven = [zone for zone in zones if zone.lit_key == seven.card_key]
    assert len(on_seven) == 1
    drawn, area = seven.sceneBoundingRect(), on_seven[0].area
    assert max(abs(a - b) for a, b in zip(drawn.getRect(), area.getRect(), strict=True)) < 0.01
    assert on_seven[0].intent == Action.parse("0 beat 7C JH")
