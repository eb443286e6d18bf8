"""Family-2 controls and displays, played by clicks and keys against the engine's own games."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.table.view import TableWidget
from engine.actions import Action
from engine.game import Game
from engine.rules import FAMILY2_OPTIONS, get_rules
from tests.qt.driver import click_card, click_scene, pick_card, play_by_clicks

NAMES = ["Anna", "Boris", "Vera"]


@pytest.fixture
def table(qtbot: Any) -> TableWidget:
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.set_players(NAMES)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def advance(game: Game, seed: int, wanted: Callable[[Game], bool], limit: int = 400) -> None:
    """Play seeded moves (rarely taking, never the family-2 extras) until `wanted(game)`."""
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(game):
            return
        assert not game.is_over, "the game ended before the wanted position"
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        plain = [a for a in legal if a.kind in ("attack", "throw", "beat", "pass")]
        game.apply(rng.choice(plain) if plain and rng.random() < 0.9 else rng.choice(legal))
    raise AssertionError("the wanted position did not come")


def game_where(variant: str, players: int, wanted: Callable[[Game], bool], **options: Any) -> Game:
    """A seeded engine game of `variant` played on until `wanted` holds (first seed that works)."""
    for seed in range(40):
        game = Game.new(get_rules(variant, **options), players, random.Random(seed))
        try:
            advance(game, seed, wanted)
        except AssertionError:
            continue
        return game
    raise AssertionError(f"no seed reaches the wanted {variant} position")


def has_kind(kind: str) -> Callable[[Game], bool]:
    def wanted(game: Game) -> bool:
        return any(a.kind == kind for seat in game.to_act for a in game.legal_actions(seat))

    return wanted


def actor_of(game: Game, kind: str) -> int:
    return next(s for s in game.to_act if any(a.kind == kind for a in game.legal_actions(s)))


def show(table: TableWidget, game: Game, seat: int) -> Any:
    observation = game.observation(seat)
    table.set_observation(observation)
    return observation


def played(qtbot: Any, table: TableWidget, act: Callable[[], None]) -> Action:
    with qtbot.waitSignal(table.action_chosen, timeout=2000) as signal:
        act()
    action: Action = signal.args[0]
    return action


# ----- believe -----------------------------------------------------------------------------


def test_believe_face_down_beat_accept_and_check(qtbot: Any, table: TableWidget) -> None:
    game = game_where("believe", 3, has_kind("beat_hidden"))
    defender = actor_of(game, "beat_hidden")
    obs = show(table, game, defender)
    assert "face_down" in table.visible_buttons()
    hidden = next(a for a in obs.legal if a.kind == "beat_hidden")
    # Toggle "Face down", choose the card, click the attack card: the engine's own action.
    qtbot.mouseClick(table.buttons["face_down"], Qt.MouseButton.LeftButton)
    assert table.scene.face_down and table.buttons["face_down"].isChecked()
    click_card(qtbot, table, hidden.cards[0])
    target = table.scene.item_for_card(hidden.target)
    assert target is not None and target.target
    action = played(
        qtbot, table, lambda: click_scene(qtbot, table, target.sceneBoundingRect().center())
    )
    assert action == hidden and action in obs.legal
    events = game.apply(action)
    assert [e.kind for e in events] == ["beaten_hidden"]
    # The lead attacker sees the cover as a card back and gets Accept / Check.
    lead = game.observation(defender).attacker
    assert lead is not None
    obs = show(table, game, lead)
    assert obs.waiting_check and obs.face_down
    covers = [k for k in table.scene.cards if k[0] == "cover"]
    assert covers and all(table.scene.cards[k].image == "back-blue" for k in covers)
    assert [table.scene.cards[k].badge for k in covers] == ["?"]  # the card to accept or check
    assert hidden.cards[0] not in {item.card for item in table.scene.cards.values()}
    assert table.visible_buttons() == {"accept", "check"}
    assert "accept" in table.scene.banner.text
    action = played(
        qtbot, table, lambda: qtbot.mouseClick(table.buttons["check"], Qt.MouseButton.LeftButton)
    )
    assert action == Action(lead, "check")
    kinds = [e.kind for e in game.apply(action)]
    assert kinds[0] == "checked" and "took" in kinds


def test_believe_accept_by_key_and_the_face_down_cover_for_its_owner(
    qtbot: Any, table: TableWidget
) -> None:
    game = game_where("believe", 2, has_kind("beat_hidden"))
    defender = actor_of(game, "beat_hidden")
    show(table, game, defender)
    hidden = next(a for a in game.legal_actions(defender) if a.kind == "beat_hidden")
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_F)
    assert table.scene.face_down
    game.apply(hidden)
    # The defender knows his covered card: still a back, its face in the tooltip.
    show(table, game, defender)
    cover = next(item for key, item in table.scene.cards.items() if key[0] == "cover")
    assert cover.image == "back-blue" and "only its owner" in cover.toolTip()
    assert not table.scene.face_down  # the mode ends with the face-down beat
    lead = next(iter(game.to_act))
    show(table, game, lead)
    table.view.setFocus()
    action = played(qtbot, table, lambda: qtbot.keyClick(table.view, Qt.Key.Key_A))
    assert action == Action(lead, "accept")
    assert game.apply(action)[0].kind == "accepted"


def test_believe_right_click_on_the_target_beats_face_down(qtbot: Any, table: TableWidget) -> None:
    game = game_where("believe", 2, has_kind("beat_hidden"))
    defender = actor_of(game, "beat_hidden")
    obs = show(table, game, defender)
    face_up = {a.cards[0] for a in obs.legal if a.kind == "beat"}
    hidden = [a for a in obs.legal if a.kind == "beat_hidden"]
    # A bluff when there is one: a card that could not beat face up.
    bluff = next((a for a in hidden if a.cards[0] not in face_up), hidden[0])
    click_card(qtbot, table, bluff.cards[0])
    assert table.scene.chosen_cards() == [bluff.cards[0]]
    target = table.scene.item_for_card(bluff.target)
    assert target is not None
    action = played(
        qtbot,
        table,
        lambda: qtbot.mouseClick(
            table.view.viewport(),
            Qt.MouseButton.RightButton,
            pos=table.view.mapFromScene(target.sceneBoundingRect().center()),
        ),
    )
    assert action == bluff
    assert game.apply(action)[0].kind == "beaten_hidden"


# ----- armenian ----------------------------------------------------------------------------


def test_armenian_click_the_talon_to_lead_its_top_card(qtbot: Any, table: TableWidget) -> None:
    game = game_where("armenian", 3, has_kind("attack_talon"))
    lead = actor_of(game, "attack_talon")
    show(table, game, lead)
    assert "attack_talon" in table.visible_buttons()
    top = [item for item in table.scene.cards.values() if item.talon]
    assert len(top) == 1 and top[0].playable and top[0].interactive
    action = played(qtbot, table, lambda: click_scene(qtbot, table, top[0].click_point()))
    assert action == Action(lead, "attack_talon")
    events = game.apply(action)
    assert events[0].kind == "talon_led" and len(game.observation(lead).table) == 1
    # Not the lead: the talon is just a pile.
    show(table, game, lead)
    assert not any(item.talon for item in table.scene.cards.values())


def test_armenian_lead_from_talon_by_key(qtbot: Any, table: TableWidget) -> None:
    game = game_where("armenian", 2, has_kind("attack_talon"))
    lead = actor_of(game, "attack_talon")
    show(table, game, lead)
    table.view.setFocus()
    action = played(qtbot, table, lambda: qtbot.keyClick(table.view, Qt.Key.Key_L))
    assert action == Action(lead, "attack_talon") and game.is_legal(action)


# ----- poker -------------------------------------------------------------------------------


def test_poker_exchange_two_chosen_cards(qtbot: Any, table: TableWidget) -> None:
    game = game_where("poker", 3, has_kind("exchange"))
    defender = actor_of(game, "exchange")
    obs = show(table, game, defender)
    assert "exchange" in table.visible_buttons()
    assert not table.buttons["exchange"].isEnabled()  # two cards first
    assert "exchange two cards" in table.scene.banner.text
    swap = next(a for a in obs.legal if a.kind == "exchange")
    for card in swap.cards:
        click_card(qtbot, table, card)
    assert sorted(c.text for c in table.scene.chosen_cards()) == sorted(c.text for c in swap.cards)
    assert table.buttons["exchange"].isEnabled()
    action = played(
        qtbot,
        table,
        lambda: qtbot.mouseClick(table.buttons["exchange"], Qt.MouseButton.LeftButton),
    )
    assert action == swap
    kinds = [e.kind for e in game.apply(action)]
    assert "exchanged" in kinds
    assert not any(a.kind == "exchange" for a in game.legal_actions(defender))


def test_poker_two_chosen_cards_still_beat_with_the_last(qtbot: Any, table: TableWidget) -> None:
    def beat_and_exchange(game: Game) -> bool:
        if not has_kind("exchange")(game):
            return False
        seat = actor_of(game, "exchange")
        beats = [a for a in game.legal_actions(seat) if a.kind == "beat"]
        hand = game.hand_cards(seat)
        return bool(beats) and any(c != beats[0].cards[0] for c in hand)

    game = game_where("poker", 2, beat_and_exchange)
    defender = actor_of(game, "exchange")
    obs = show(table, game, defender)
    beat = next(a for a in obs.legal if a.kind == "beat")
    other = next(c for c in obs.hand if c != beat.cards[0])
    click_card(qtbot, table, other)
    click_card(qtbot, table, beat.cards[0])
    assert len(table.scene.chosen_cards()) == 2
    target = table.scene.item_for_card(beat.target)
    assert target is not None
    action = played(
        qtbot, table, lambda: click_scene(qtbot, table, target.sceneBoundingRect().center())
    )
    assert action == beat and game.is_legal(action)


def test_poker_exchange_by_keys(qtbot: Any, table: TableWidget) -> None:
    game = game_where("poker", 2, has_kind("exchange"))
    defender = actor_of(game, "exchange")
    obs = show(table, game, defender)
    swap = next(a for a in obs.legal if a.kind == "exchange")
    for card in swap.cards:
        pick_card(table.scene, obs.hand.index(card))
    table.view.setFocus()
    action = played(qtbot, table, lambda: qtbot.keyClick(table.view, Qt.Key.Key_X))
    assert action == swap and game.is_legal(action)


# ----- displays ----------------------------------------------------------------------------


def test_magadan_locked_cards_are_face_down_piles(table: TableWidget) -> None:
    game = Game.new(get_rules("magadan"), 3, random.Random(3))
    obs = show(table, game, 0)
    assert obs.locked == (5, 5, 5)
    for seat in range(3):
        pile = [k for k in table.scene.cards if k[:2] == ("locked", seat)]
        assert len(pile) == 3  # a pile drawn with at most three backs
        assert "5 locked" in table.scene.seats[seat].detail
    item = table.scene.cards[("locked", 0, 0)]
    assert item.image == "back-blue" and "5 locked cards" in item.toolTip()
    assert not item.interactive
    assert len(table.scene.hand_items()) == 1  # the one card not locked


def test_two_trump_shows_every_seats_trump(table: TableWidget) -> None:
    game = Game.new(get_rules("two-trump"), 3, random.Random(1))
    obs = show(table, game, 2)
    assert obs.trumps == ("C", "D", "S")  # every seat's suit differs (issue 10, point 10)
    assert "trump ♣" in table.scene.seats[0].detail
    assert "trump ♠" in table.scene.seats[2].detail
    assert table.scene.trump_badge.symbol == "♠"
    assert table.scene.trump_badge.caption == "Your trump"
    assert "spades" in table.scene.trump_badge.toolTip()


@pytest.mark.parametrize(
    ("variant", "zero", "two"),
    [("points", "0 beaten", "2 beaten"), ("pogony", "0 straps", "2 straps")],
)
def test_scores_on_the_seat_plates(table: TableWidget, variant: str, zero: str, two: str) -> None:
    game = Game.new(get_rules(variant), 3, random.Random(1))
    obs = show(table, game, 0)
    assert zero in table.scene.seats[1].detail
    table.set_observation(dataclasses.replace(obs, scores=(2, 1, 0)))
    assert two in table.scene.seats[0].detail


@pytest.mark.parametrize(("variant", "removed"), [("chukotka", 18), ("secret", 1)])
def test_cards_out_of_play_are_counted(table: TableWidget, variant: str, removed: int) -> None:
    game = Game.new(get_rules(variant), 3, random.Random(1))
    obs = show(table, game, 0)
    assert obs.removed_count == removed
    assert table.scene.removed_label.text == f"Out of play: {removed}"
    game = Game.new(get_rules("throw-in"), 3, random.Random(1))
    show(table, game, 0)
    assert table.scene.removed_label.text == ""


def test_invisible_trump_suit_badge_and_the_card_once_opened(table: TableWidget) -> None:
    game = Game.new(get_rules("invisible"), 2, random.Random(5))
    obs = show(table, game, 0)
    assert obs.trump_card is None and obs.trump_suit is not None
    suit_symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[obs.trump_suit]
    assert table.scene.trump_badge.symbol == suit_symbol
    assert "face down" in table.scene.trump_badge.toolTip()
    hidden = table.scene.cards[("hidden_trump",)]
    assert hidden.image == "back-blue" and "face down" in hidden.toolTip()
    advance(game, 5, lambda g: g.observation(0).trump_card is not None)
    obs = show(table, game, 0)
    assert ("hidden_trump",) not in table.scene.cards
    trump = table.scene.item_for_card(obs.trump_card)
    assert trump is not None and trump.image == obs.trump_card.text


def test_big_two_decks_duplicates_are_drawn(table: TableWidget) -> None:
    game = Game.new(get_rules("big"), 4, random.Random(2))
    rng = random.Random(2)
    for _ in range(60):
        obs = game.observation(0)
        show(table, game, 0)
        shown = [item for item in table.scene.cards.values() if item.card is not None]
        faces = [c for c in obs.hand] + [c for pair in obs.table for c in pair if c is not None]
        assert len([i for i in shown if i.hand_index is not None]) == len(obs.hand)
        assert len(shown) >= len(faces)
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))


# ----- play by clicks through the driver --------------------------------------------------


@pytest.mark.parametrize("variant", ["believe", "poker", "armenian"])
def test_every_family2_move_by_the_driver(qtbot: Any, table: TableWidget, variant: str) -> None:
    kind = {"believe": "beat_hidden", "poker": "exchange", "armenian": "attack_talon"}[variant]
    game = game_where(variant, 2, has_kind(kind))
    seat = actor_of(game, kind)
    obs = show(table, game, seat)
    wanted = next(a for a in obs.legal if a.kind == kind)
    action = played(qtbot, table, lambda: play_by_clicks(qtbot, table, wanted))
    assert action == wanted
    game.apply(action)


# ----- the log and the move timer ----------------------------------------------------------


def test_family2_events_in_the_log_in_english_and_russian(qtbot: Any) -> None:
    from durak_qt.games.durak.game_log import describe_event
    from durak_qt.i18n import install_language
    from engine.actions import Event
    from engine.cards import Card

    names = ["Anna", "Boris"].__getitem__
    seven, nine = Card.parse("7C"), Card.parse("9C")
    events = {
        "talon_led": Event("talon_led", 0, (seven,), 1),
        "beaten_hidden": Event("beaten_hidden", 1, (seven,), 0),
        "accepted": Event("accepted", 0, (), 1),
        "checked": Event("checked", 0, (seven, nine), 0),
        "exchanged": Event("exchanged", 1, (), -1, 2),
        "reshuffle": Event("reshuffle", -1, (), -1, 14, tuple(range(14))),
        "trump_opened": Event("trump_opened", -1, (), -1, 0, (35,)),
        "trump_changed": Event("trump_changed", -1, (), -1, 0, (34,)),
        "unlocked": Event("unlocked", 1, (), -1, 1),
        "hands_passed": Event("hands_passed", -1),
        "wrong": Event("wrong", 1, (nine,)),
        "strap": Event("strap", 0, (seven, seven), 1, 7),
        "lost_at_once": Event("lost_at_once", 1, (), -1, 53),
        "repeated": Event("repeated", 0, (), -1, 3),
    }
    english = {kind: describe_event(event, names) for kind, event in events.items()}
    assert all(english.values()), english
    assert english["checked"] == "Anna checks: 9♣ on 7♣; Anna takes the cards"
    assert str(english["reshuffle"]).startswith("The cards go back into the talon")
    assert english["exchanged"] == "Boris exchanges 2 cards with the talon"
    game = Game.new(get_rules("invisible"), 2, random.Random(5))
    advance(game, 5, lambda g: g.observation(0).trump_card is not None)
    opened = describe_event(events["trump_opened"], names, game.observation(0))
    assert opened is not None and opened.startswith("The trump card is turned face up: ")
    assert install_language("ru")
    russian = {kind: describe_event(event, names) for kind, event in events.items()}
    assert russian["accepted"] == "Anna верит закрытой карте"
    assert all(russian[kind] != english[kind] for kind in events)


@pytest.mark.parametrize(
    ("legal", "expected"),
    [
        (("0 accept", "0 check"), "0 accept"),
        (("1 beat_hidden 7C 8D", "1 beat 7C 9C", "1 exchange 8D 9C", "1 take"), "1 take"),
        (("0 attack_talon", "0 attack 9C", "0 attack 7D"), "0 attack 7D"),
        (("0 check", "0 attack @5", "0 attack @7"), "0 attack @5"),
    ],
)
def test_the_move_timer_defaults_in_family2_positions(
    legal: tuple[str, ...], expected: str
) -> None:
    from durak_qt.games.durak.move_timer import timeout_action

    class View:
        pass

    view = View()
    view.legal = tuple(Action.parse(text) for text in legal)  # type: ignore[attr-defined]
    assert timeout_action(view) == Action.parse(expected)


def test_the_move_timer_accepts_a_waiting_check_from_the_engine(table: TableWidget) -> None:
    game = game_where("believe", 2, has_kind("beat_hidden"))
    defender = actor_of(game, "beat_hidden")
    game.apply(next(a for a in game.legal_actions(defender) if a.kind == "beat_hidden"))
    lead = game.to_act[0]
    from durak_qt.games.durak.move_timer import timeout_action

    action = timeout_action(game.observation(lead))
    assert action == Action(lead, "accept") and game.is_legal(action)


def test_two_trump_hand_sorted_with_your_own_trump_last(table: TableWidget) -> None:
    game = Game.new(get_rules("two-trump"), 3, random.Random(1))
    obs = show(table, game, 2)
    shown = [obs.hand[i] for i in table.scene.hand_order]
    mine = obs.trumps[2]
    suits = [card.suit for card in shown]
    assert mine == "S" and mine in suits and obs.trump_suit != mine
    first_trump = suits.index(mine)
    assert all(suit == mine for suit in suits[first_trump:])


# ----- reverse fool: your own cards are backs, played blind by position --------------------


def test_reverse_your_cards_are_backs_and_the_others_face_up(table: TableWidget) -> None:
    game = Game.new(get_rules("reverse"), 3, random.Random(1))
    obs = show(table, game, 1)
    assert all(card is None for card in obs.hand)
    items = table.scene.hand_items()
    assert len(items) == 6 and all(item.image == "back-blue" for item in items)
    assert all(item.playable for item in items)  # the lead may play any of them blind
    others = [item for key, item in table.scene.cards.items() if key[0] == "face"]
    assert {item.card for item in others} >= set(obs.hands[0]) | set(obs.hands[2])
    assert "only the others see it" in items[0].toolTip()


def test_reverse_blind_lead_beat_and_transfer_by_clicks(qtbot: Any, table: TableWidget) -> None:
    game = Game.new(get_rules("reverse", base="transfer"), 3, random.Random(1))
    lead = game.to_act[0]
    obs = show(table, game, lead)
    first = table.scene.hand_items()[0]
    assert first.hand_index is not None
    click_scene(qtbot, table, first.click_point())
    assert table.scene.chosen_slot() == table.scene.blind_map[first.hand_index]
    assert table.scene.play_area.active
    action = played(
        qtbot, table, lambda: click_scene(qtbot, table, table.scene.bout_rect().center())
    )
    assert action.kind == "attack" and action.slots == (table.scene.blind_map[first.hand_index],)
    assert action in obs.legal
    game.apply(action)
    defender = game.to_act[0]
    obs = show(table, game, defender)
    beat = next(a for a in obs.legal if a.kind == "beat" and a.slots)
    action = played(qtbot, table, lambda: play_by_clicks(qtbot, table, beat))
    assert action == beat
    transfer = [a for a in obs.legal if a.kind == "transfer" and a.slots]
    if transfer:  # the transfer button plays the chosen back
        show(table, game, defender)
        action = played(qtbot, table, lambda: play_by_clicks(qtbot, table, transfer[0]))
        assert action == transfer[0]
    kinds = [e.kind for e in game.apply(beat)]
    assert kinds[0] in ("beaten", "wrong")


def test_reverse_blind_play_by_keys(qtbot: Any, table: TableWidget) -> None:
    game = Game.new(get_rules("reverse"), 2, random.Random(4))
    lead = game.to_act[0]
    obs = show(table, game, lead)
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_Right)
    index = table.scene.hand_order[0]
    action = played(qtbot, table, lambda: qtbot.keyClick(table.view, Qt.Key.Key_Return))
    assert action == Action(lead, "attack", (), None, (table.scene.blind_map[index],))
    assert action in obs.legal and game.apply(action)


def test_reverse_a_whole_game_by_clicks(qtbot: Any, table: TableWidget) -> None:
    from tests.qt.driver import pick_action

    game = Game.new(get_rules("reverse", base="throw-in"), 2, random.Random(1))
    rng = random.Random(1)
    wrong = 0
    for _ in range(400):
        if game.is_over:
            break
        seat = game.to_act[0]
        obs = show(table, game, seat)
        wanted = pick_action(obs.legal, rng)
        action = played(qtbot, table, lambda w=wanted: play_by_clicks(qtbot, table, w))
        assert action == wanted
        wrong += sum(1 for e in game.apply(action) if e.kind == "wrong")
    assert game.is_over and wrong > 0


def test_blind_positions_come_from_hand_slots_when_the_engine_gives_them(
    table: TableWidget,
) -> None:
    from durak_qt.games.durak import intents

    legal = tuple(Action.parse(t) for t in ("0 attack @9", "0 attack @3", "0 attack 7C"))
    hand = (None, Action.parse("0 attack 7C").cards[0], None)
    assert intents.blind_slots(hand, legal, (3, 20, 9)) == {0: 3, 2: 9}
    assert intents.blind_slots(hand, legal) == {0: 9, 2: 3}  # engine order, without slots
    assert intents.blind_slots(hand[:1], legal) == {}  # counts disagree: no guessing
    game = Game.new(get_rules("reverse"), 3, random.Random(2))
    obs = show(table, game, game.to_act[0])
    assert obs.hand_slots and table.scene.blind_map == dict(enumerate(obs.hand_slots))


def test_albanian_public_ranks_printed_on_card_backs(table: TableWidget) -> None:
    game = Game.new(get_rules("albanian"), 3, random.Random(1))
    obs = show(table, game, 0)
    for seat in (1, 2):
        backs = [table.scene.cards[("back", seat, i)] for i in range(obs.hand_sizes[seat])]
        letters = {14: "A", 13: "K", 12: "Q", 11: "J"}
        assert [b.badge for b in backs] == [
            letters.get(r, str(r)) for r in obs.hand_ranks[seat] if r is not None
        ]
    talon = sorted(key for key in table.scene.cards if key[0] == "talon")
    top = table.scene.cards[talon[-1]]  # the back drawn on top of the talon pile
    assert top.badge == str(obs.talon_ranks[0])
    assert all(item.badge == "" for item in table.scene.hand_items())  # you see your faces
    game = Game.new(get_rules("throw-in"), 3, random.Random(1))
    show(table, game, 0)
    assert not any(item.badge for item in table.scene.cards.values())


def test_armenian_drag_the_talon_onto_the_table(qtbot: Any, table: TableWidget) -> None:
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    game = game_where("armenian", 2, has_kind("attack_talon"))
    lead = actor_of(game, "attack_talon")
    show(table, game, lead)
    top = next(item for item in table.scene.cards.values() if item.talon)
    view = table.view
    start = view.mapFromScene(top.click_point())
    end = view.mapFromScene(table.scene.bout_rect().center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 9):
        point = QPointF(start + (end - start) * step / 8)
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
    assert top.pos() != top.home and table.scene.play_area.active
    action = played(
        qtbot,
        table,
        lambda: qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end),
    )
    assert action == Action(lead, "attack_talon")
    assert game.apply(action)[0].kind == "talon_led"


def test_reverse_a_seen_card_replaces_a_chosen_back(table: TableWidget) -> None:
    game = Game.new(get_rules("reverse"), 3, random.Random(1))
    rng = random.Random(3)

    def holds_both(g: Game) -> bool:
        obs = g.observation(g.to_act[0])
        seen = {c for c in obs.hand if c is not None}
        return (
            bool(seen)
            and any(a.cards and a.cards[0] in seen for a in obs.legal)
            and any(a.slots for a in obs.legal)
        )

    for _ in range(200):
        if holds_both(game):
            break
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    seat = game.to_act[0]
    obs = show(table, game, seat)
    blind = next(iter(table.scene.blind_map))
    seen = next(
        i
        for i, c in enumerate(obs.hand)
        if c is not None and any(a.cards == (c,) for a in obs.legal)
    )
    pick_card(table.scene, blind)
    assert table.scene.chosen_slot() == table.scene.blind_map[blind]
    pick_card(table.scene, seen)
    assert table.scene.selected == [seen] and table.scene.chosen_slot() is None
    pick_card(table.scene, blind)
    assert table.scene.selected == [blind]


@pytest.mark.parametrize("variant", sorted(FAMILY2_OPTIONS))
def test_every_family2_variant_plays_by_clicks(
    qtbot: Any, table: TableWidget, variant: str
) -> None:
    """Every seat's move in turn, chosen among the engine's legal actions, made with the mouse."""
    from tests.qt.driver import pick_action

    game = Game.new(get_rules(variant, base="transfer"), 3, random.Random(11))
    rng = random.Random(11)
    kinds: set[str] = set()
    for _ in range(45):
        if game.is_over:
            break
        seat = game.to_act[0]
        obs = show(table, game, seat)
        wanted = pick_action(obs.legal, rng)
        action = played(qtbot, table, lambda w=wanted: play_by_clicks(qtbot, table, w))
        assert action == wanted
        game.apply(action)
        kinds.add(action.kind)
    assert kinds & {"attack", "attack_talon"} and kinds & {"beat", "beat_hidden", "take"}
