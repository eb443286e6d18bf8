"""The family-3 table's common part draws any game's observation with the common fields and
turns clicks, keys and buttons into its legal actions: what a new game's view builds on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from PySide6.QtCore import Qt

from durak_qt.games.family3.client import ButtonSpec
from durak_qt.table.card_art import shared_card_art
from durak_qt.table.family3_table import Family3Table
from durak_qt.table.game_view import PLAIN_VIEW
from durak_qt.table.scene import TableScene
from engine.cards import Card


class Move(NamedTuple):
    """An action of a made-up game: play a card, or "knock"."""

    seat: int
    kind: str
    card: Card | None = None


@dataclass(frozen=True)
class Seen:
    """The fields every family-3 observation has, and nothing of czech fool's."""

    seat: int = 0
    players: int = 3
    hand: tuple[Card, ...] = ()
    hands: tuple[tuple[Card | None, ...], ...] = ()
    hand_sizes: tuple[int, ...] = ()
    to_act: tuple[int, ...] = (0,)
    over: bool = False
    legal: tuple[Move, ...] = field(default_factory=tuple)


HAND = tuple(Card.parse(text) for text in ("7H", "QS", "10D", "AC"))


def table_for(qtbot: Any, seen: Seen) -> Family3Table:
    scene = TableScene(shared_card_art(), view=PLAIN_VIEW)
    table = Family3Table(scene, (ButtonSpec("knock", "Knock (K)", "Knock", int(Qt.Key.Key_K)),))
    scene.setParent(table)
    qtbot.addWidget(table)
    table.resize(1000, 640)
    table.show()
    qtbot.waitExposed(table)
    table.set_players(["Anna", "Boris", "Vera"], {1: "here", 2: "here"})
    table.set_observation(seen)
    return table


def position(legal: tuple[Move, ...]) -> Seen:
    others = ((None,) * 5, (Card.parse("9C"), None))  # Vera's 9♣ is known to seat 0
    return Seen(
        hand=HAND,
        hands=(HAND, *others),
        hand_sizes=(4, 5, 2),
        legal=legal,
    )


def test_any_observation_is_drawn_with_backs_for_what_it_hides(qtbot: Any) -> None:
    seen = position((Move(0, "play", HAND[0]), Move(0, "play", HAND[2]), Move(0, "knock")))
    table = table_for(qtbot, seen)
    scene = table.scene
    assert sorted(c.text for c in (i.card for i in scene.hand_items()) if c) == sorted(
        c.text for c in HAND
    )
    assert {i.card for i in scene.hand_items() if i.playable} == {HAND[0], HAND[2]}
    faces = {item.card for item in scene.cards.values() if item.card is not None}
    assert faces == set(HAND) | {Card.parse("9C")}
    assert len(scene.back_items()) == 5 + 1
    assert table.visible_buttons() == {"knock"}
    assert scene.seats[0].to_move and not scene.seats[1].to_move
    assert "Your move" in scene.banner.text


def test_clicks_keys_and_buttons_choose_legal_actions_only(qtbot: Any) -> None:
    legal = (Move(0, "play", HAND[0]), Move(0, "play", HAND[2]), Move(0, "knock"))
    table = table_for(qtbot, position(legal))
    scene, view = table.scene, table.view
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    by_card = {item.card: item for item in scene.hand_items()}
    for card in (HAND[1], HAND[2]):  # the queen is not playable: nothing happens
        point = view.mapFromScene(by_card[card].click_point())
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert chosen == [legal[1]]
    qtbot.mouseClick(table.buttons["knock"], Qt.MouseButton.LeftButton)
    qtbot.keyClick(view, Qt.Key.Key_K)
    assert chosen[1:] == [legal[2], legal[2]]
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the first playable card in display order
    assert scene.focus_index is not None
    focused = scene.hand_order[scene.focus_index]
    assert HAND[focused] in {HAND[0], HAND[2]}
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert chosen[-1] == Move(0, "play", HAND[focused])


def test_nothing_is_chosen_while_the_others_move(qtbot: Any) -> None:
    table = table_for(
        qtbot,
        Seen(hand=HAND, hands=(HAND, (None,) * 3, (None,) * 2), hand_sizes=(4, 3, 2), to_act=(1,)),
    )
    scene = table.scene
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    qtbot.keyClick(table.view, Qt.Key.Key_K)
    qtbot.keyClick(table.view, Qt.Key.Key_Return)
    scene.choose(Move(0, "knock"))
    assert chosen == [] and table.visible_buttons() == set()
    assert scene.banner.text == "Waiting for Boris"
    assert not any(item.playable for item in scene.hand_items())


def test_a_dragged_hand_card_plays_when_lifted_onto_the_table_and_else_goes_back(
    qtbot: Any,
) -> None:
    """A drag ends in `CardItem.dropped`: lifted up onto the table it is a click on the card;
    dropped beside the hand (or unplayable) the card returns to its place, not where it fell."""
    from PySide6.QtCore import QPointF

    legal = (Move(0, "play", HAND[0]), Move(0, "play", HAND[2]))
    table = table_for(qtbot, position(legal))
    scene = table.scene
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    by_card = {item.card: item for item in scene.hand_items()}

    def drag(card: Card, dx: float, dy: float) -> Any:
        item = by_card[card]
        home = QPointF(item.home)
        point = home + QPointF(dx, dy)
        item.setPos(point)  # where the mouse left it
        item.dropped.emit(item, point)
        return item, home

    item, home = drag(HAND[2], 40, 10)  # sideways, beside the hand
    assert chosen == [] and item.pos() == home
    item, home = drag(HAND[1], 0, -300)  # the queen is not playable: back to the hand
    assert chosen == [] and item.pos() == home
    item, home = drag(HAND[2], 0, -300)  # up onto the table
    assert chosen == [legal[1]]
