"""Czech fool in the client: whole games against bots by mouse and by keys, the suit chooser,
no card shown that the observation hides, the log in words, the game-over points."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from durak_qt.games.czech.view import VIEW, deck_point, pile_point
from durak_qt.games.family3.window import Family3Page
from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.table.family3_table import Family3Table, new_table
from durak_qt.table.items import LabelItem, TrumpBadge
from durak_qt.table.scene import TableScene
from engine.cards import Card
from engine.czech.actions import DRAW, ORDER, PASS, PLAY, CzechAction
from engine.czech.game import CzechGame
from engine.czech.rules import get_czech_rules
from tests.qt.driver import answer_leave_box, deadline_ms

MOVE_LIMIT = 600
"""Your moves in one game at most (a czech game of three takes well under 100 of yours)."""


def start(
    qtbot: Any, settings: Settings, variant: str = "czech", players: int = 3, seed: int = 11
) -> Any:
    """A window playing `variant` against bots (no bot delay) dealt by `seed`, its family-3
    page."""
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.game_seed = seed
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.play_against_bots(variant, players)
    page = window.findChild(Family3Page)
    assert page is not None and window.stack.currentWidget() is page
    return page


def wait_for_me(qtbot: Any, page: Any) -> bool:
    """Wait until you have a move (False) or the game-over panel shows (True)."""
    game, scene = page.game, page.table.scene
    qtbot.waitUntil(
        lambda: (
            page.over.isVisible()
            or (
                scene.observation is not None
                and not scene.observation.over
                and bool(scene.observation.legal)
                and not game.bots_busy()
            )
        ),
        timeout=deadline_ms(10_000),
    )
    return page.over.isVisible()


def click_at(qtbot: Any, table: Family3Table, point: QPointF) -> None:
    """Click the table view at a scene point."""
    qtbot.mouseClick(
        table.view.viewport(), Qt.MouseButton.LeftButton, pos=table.view.mapFromScene(point)
    )


def click_action(qtbot: Any, table: Family3Table, action: CzechAction, rng: random.Random) -> None:
    """Make a legal action with the mouse, as a player would (a draw: the deck or the button)."""
    scene = table.scene
    assert scene.view is VIEW
    if action.kind == PLAY:
        item = next(i for i in scene.hand_items() if i.card == action.card)
        assert item.playable
        click_at(qtbot, table, item.click_point())
    elif action.kind == DRAW:
        deck = [item for key, item in scene.cards.items() if key[0] == "deck" and item.playable]
        if deck and rng.random() < 0.5:
            click_at(qtbot, table, deck[0].sceneBoundingRect().center())
        else:
            qtbot.mouseClick(table.buttons[DRAW], Qt.MouseButton.LeftButton)
    elif action.kind == ORDER:
        assert action.suit is not None
        choice = scene.choice_items[action.suit]
        assert choice.isVisible() and choice.enabled
        click_at(qtbot, table, choice.scenePos())
    else:
        qtbot.mouseClick(table.buttons[PASS], Qt.MouseButton.LeftButton)


def hidden_faces_stay_hidden(scene: TableScene) -> None:
    """Every face drawn is one the observation shows: your hand or the pile's top; the other
    seats' cards and the deck are backs."""
    obs = scene.observation
    shown = {item.card for item in scene.cards.values() if item.card is not None}
    allowed = set(obs.hand) | ({obs.top} if obs.top is not None else set())
    assert shown <= allowed, shown - allowed
    for seat in range(obs.players):
        if seat == obs.seat:
            continue
        backs = [
            item
            for key, item in scene.cards.items()
            if key[0] == "back" and key[1] == seat and item.image == scene.card_back
        ]
        assert len(backs) == min(obs.hand_sizes[seat], 12)
    assert all(item.image == scene.card_back for item in scene.back_items())


def test_a_whole_game_by_mouse_ends_on_the_points(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings)
    table, game = page.table, page.game
    sounds: list[str] = []
    page.window_.sounds.play = sounds.append
    rng = random.Random(5)
    kinds_made: set[str] = set()
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        scene = table.scene
        hidden_faces_stay_hidden(scene)
        legal = scene.observation.legal
        plays = [a for a in legal if a.kind == PLAY]
        action = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
        assert table.visible_buttons() == {a.kind for a in legal} & {DRAW, PASS}
        before = game.moves
        with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)) as chosen:
            click_action(qtbot, table, action, rng)
        assert chosen.args == [action]
        assert game.moves > before
        kinds_made.add(action.kind)
    else:
        pytest.fail("the game did not end")
    assert {PLAY, DRAW, ORDER} <= kinds_made  # the deck, the buttons, the suit chooser
    assert {"play", "turn"} <= set(sounds)
    over = game.game
    assert over.over
    rows = page.over.rows()
    assert [name for name, _, _ in rows] == game.names
    assert [int(points) for _, points, _ in rows] == list(over.points)
    assert [int(total) for _, _, total in rows] == list(game.match.points) == list(over.points)
    winner = over.winner
    assert page.over.title.text() == ("You win!" if winner == 0 else f"{game.names[winner]} wins")
    assert any("wins the game" in line for line in page.side.log_lines())
    qtbot.mouseClick(page.over.next_button, Qt.MouseButton.LeftButton)  # the next game
    assert not page.over.isVisible() and game.game_no == 2
    assert game.match.leaders[-1] == winner  # the winner leads the next game
    assert table.scene.match_points == tuple(over.points)


def test_keyboard_alone_plays_a_game_on_a_russian_layout(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "czech-1", 2)
    table, game = page.table, page.game
    view = table.view
    view.setFocus()
    # Every other move on a Russian layout: the letters on the same physical keys.
    russian = {"D": "В", "P": "З", "C": "С", "H": "Р", "S": "Ы"}
    for move in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        scene = table.scene
        legal = scene.observation.legal
        before = game.moves
        kinds = {a.kind for a in legal}
        letter_layout = russian if move % 2 else {k: k for k in russian}
        if ORDER in kinds:
            suit = next(a.suit for a in legal if a.kind == ORDER)
            qtbot.keyClick(view, Qt.Key(ord(letter_layout[suit])))
        elif PLAY in kinds:
            playable = scene.playable_cards()
            for _ in range(len(scene.hand_order) + 1):
                qtbot.keyClick(view, Qt.Key.Key_Right)
                focus = scene.hand_order[scene.focus_index]
                if scene.observation.hand[focus] in playable:
                    break
            qtbot.keyClick(view, Qt.Key.Key_Return)
        elif DRAW in kinds:
            qtbot.keyClick(view, Qt.Key(ord(letter_layout["D"])))
        else:
            qtbot.keyClick(view, Qt.Key(ord(letter_layout["P"])))
        assert game.moves > before, (move, legal)
    else:
        pytest.fail("the game did not end")
    assert page.over.isVisible()


def ordering_table(qtbot: Any, variant: str, hands: Any, play: str, discard: str) -> Any:
    """A table showing seat 0 right after it placed `play` (an ordering card)."""
    rules = get_czech_rules(variant)
    game = CzechGame.from_layout(
        rules,
        [[Card.parse(c) for c in hand] for hand in hands],
        stock=[Card.parse(c) for c in ("6C", "7C", "8C")],
        discard=[Card.parse(discard)],
    )
    game.apply(CzechAction(0, PLAY, Card.parse(play)))
    table = new_table_for_test(qtbot)
    table.set_players(["Anna", "Boris"])
    table.set_observation(game.observation(0))
    return table, game


def new_table_for_test(qtbot: Any) -> Family3Table:
    from durak_qt.games.czech.view import CLIENT

    table = new_table(CLIENT)
    qtbot.addWidget(table)
    table.resize(1100, 700)
    table.show()
    qtbot.waitExposed(table)
    return table


def test_the_suit_chooser_orders_by_click_and_by_key(qtbot: Any) -> None:
    table, game = ordering_table(qtbot, "czech", [["QH", "7S", "9D"], ["8S", "10S"]], "QH", "8H")
    scene = table.scene
    assert scene.view is VIEW
    assert {suit for suit, choice in scene.choice_items.items() if choice.isVisible()} == set(
        "CDHS"
    )
    assert "Order a suit" in scene.banner.text
    assert table.visible_buttons() == set()
    with qtbot.waitSignal(table.action_chosen) as chosen:
        click_at(qtbot, table, scene.choice_items["S"].scenePos())
    assert chosen.args == [CzechAction(0, ORDER, suit="S")]
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.keyClick(table.view, Qt.Key.Key_D)  # while ordering, D names diamonds
    assert chosen.args == [CzechAction(0, ORDER, suit="D")]
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.keyClick(table.view, Qt.Key.Key_Right)
        qtbot.keyClick(table.view, Qt.Key.Key_Return)
    assert chosen.args[0].kind == ORDER and chosen.args[0].suit == "D"  # from clubs, one right
    game.apply(CzechAction(0, ORDER, suit="S"))
    table.set_observation(game.observation(1))  # Boris's view: spades ordered
    ordered = scene.badge_items["ordered"]
    assert isinstance(ordered, TrumpBadge)
    assert ordered.isVisible() and ordered.symbol == "♠"
    line = scene.badge_items["ordered line"]
    assert isinstance(line, LabelItem) and "spades" in line.text
    assert not any(choice.isVisible() for choice in scene.choice_items.values())


def test_a_suit_the_rules_forbid_is_offered_dimmed(qtbot: Any) -> None:
    # English fool: after the ace and a card of its suit, the order may not name the ace's suit.
    rules = get_czech_rules("czech-4")
    game = CzechGame.from_layout(
        rules,
        [[Card.parse(c) for c in ("AH", "9H", "7S")], [Card.parse(c) for c in ("8S", "10S")]],
        stock=[Card.parse(c) for c in ("6C", "7C", "8C")],
        discard=[Card.parse("8H")],
    )
    game.apply(CzechAction(0, PLAY, Card.parse("AH")))
    game.apply(CzechAction(0, PLAY, Card.parse("9H")))
    table = new_table_for_test(qtbot)
    table.set_observation(game.observation(0))
    scene = table.scene
    assert scene.view is VIEW
    assert not scene.choice_items["H"].enabled and scene.choice_items["S"].enabled
    with qtbot.assertNotEmitted(table.action_chosen):
        click_at(qtbot, table, scene.choice_items["H"].scenePos())
        qtbot.keyClick(table.view, Qt.Key.Key_H)
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.keyClick(table.view, Qt.Key.Key_4)  # the fourth suit: spades
    assert chosen.args == [CzechAction(0, ORDER, suit="S")]


def test_the_log_tells_draws_orders_and_skips_in_words(qtbot: Any, settings: Settings) -> None:
    from durak_qt.games.czech.words import describe_czech_events
    from engine.actions import Event
    from engine.czech import game as czech

    names = ["Anna", "Boris", "Vera"].__getitem__
    lines = describe_czech_events(
        [
            Event(czech.PLAYED, 0, (Card.parse("6H"),)),
            Event(czech.DREW, 1, number=2),
            Event(czech.PENALTY, 1, number=2),
            Event(czech.SKIPPED, 1),
        ],
        names,
    )
    assert lines == ["Anna plays 6♥", "Boris must draw 2 cards", "Boris misses a turn"]
    assert describe_czech_events([Event(czech.ORDERED, 1, number=2)], names) == [
        "Boris ordered ♥ hearts"
    ]
    assert describe_czech_events([Event(czech.DREW, 0, number=1)], names) == ["Anna drew 1 card"]
    assert install_language("ru")
    assert describe_czech_events([Event(czech.DREW, 2, number=5)], names) == ["Vera берёт 5 карт"]
    assert describe_czech_events([Event(czech.ORDERED, 1, number=2)], names) == [
        "Boris заказывает ♥ червы"
    ]


def test_a_run_of_draws_is_one_line_and_the_log_follows_the_language(
    qtbot: Any, settings: Settings
) -> None:
    page = start(qtbot, settings, "czech", 2, seed=2)  # a deal where you draw twice running
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        legal = page.table.scene.observation.legal
        draws = [a for a in legal if a.kind == DRAW]
        page.game.submit(draws[0] if draws else legal[0])  # draw whenever allowed
        lines = page.side.log_lines()
        assert not any(
            a.startswith("Anna drew") and b.startswith("Anna drew")
            for a, b in itertools.pairwise(lines)
        )
    assert any(line.startswith("Anna drew") and "cards" in line for line in page.side.log_lines())
    english = page.side.log_lines()
    install_language("ru")
    QApplication.processEvents()
    russian = page.side.log_lines()
    assert len(russian) == len(english) and russian != english
    assert any("берёт" in line for line in russian)


def test_an_illegal_action_changes_nothing_and_says_why(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "czech", 2)
    wait_for_me(qtbot, page)
    game = page.game
    before = game.game.state_hash()
    assert not game.submit(CzechAction(1, DRAW))  # not your seat
    assert not game.submit(CzechAction(0, ORDER, suit="S"))  # nothing to order
    assert game.game.state_hash() == before
    assert page.side.log_lines()[-1].startswith("⚠ That move is not allowed now")


def test_leaving_or_closing_a_running_game_asks_first(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "czech", 3)
    wait_for_me(qtbot, page)
    window = page.window_
    seen: list[str] = []
    answer_leave_box("Stay and play", seen)
    qtbot.mouseClick(page.side.leave_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is page  # stayed
    assert seen == ["The game against the bots ends here, unfinished; the match ends with it."]
    window.ask_before_closing = True
    answer_leave_box("Stay and play")
    assert not window.close()  # closing the window asks the same question
    answer_leave_box("Leave")
    qtbot.mouseClick(page.side.leave_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.lobby and window.game is None
    qtbot.waitUntil(lambda: window.findChild(Family3Page) is None, timeout=deadline_ms(3000))
    window.ask_before_closing = False


@pytest.mark.parametrize("variant", [f"czech-{n}" for n in range(1, 10)])
def test_every_option_plays_to_its_points_against_bots(
    qtbot: Any, settings: Settings, variant: str
) -> None:
    page = start(qtbot, settings, variant, 3)
    table, game = page.table, page.game
    scene = table.scene
    assert scene.view is VIEW
    rng = random.Random(variant)
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        hidden_faces_stay_hidden(scene)
        legal = scene.observation.legal
        orders = [a for a in legal if a.kind == ORDER]
        plays = [a for a in legal if a.kind == PLAY]
        if orders:  # every suit the rules offer is lit, the others dimmed
            lit = {suit for suit, choice in scene.choice_items.items() if choice.enabled}
            assert lit == {a.suit for a in orders}
        action = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
        with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)):
            if action.kind == PLAY:
                assert action.card is not None
                scene._card_clicked(next(i for i in scene.hand_items() if i.card == action.card))
            elif action.kind == ORDER:
                scene.choice_items[str(action.suit)].clicked.emit(action.suit)
            else:
                scene.choose_kind(action.kind)
    else:
        pytest.fail("the game did not end")
    assert [int(points) for _, points, _ in page.over.rows()] == list(game.game.points)


def test_a_drawn_card_glides_from_the_deck_and_a_played_one_to_the_pile(qtbot: Any) -> None:
    rules = get_czech_rules("czech")
    game = CzechGame.from_layout(
        rules,
        [[Card.parse(c) for c in ("9S", "7D")], [Card.parse(c) for c in ("8S", "10S")]],
        stock=[Card.parse(c) for c in ("6C", "KC", "8C")],
        discard=[Card.parse("8H")],
    )
    table = new_table_for_test(qtbot)
    scene = table.scene
    assert scene.view is VIEW
    table.apply_settings("suit", "back-blue", 1.0, animation_ms=150)
    table.set_observation(game.observation(0))
    assert not scene.animations_running()  # the first position is drawn at once
    game.apply(CzechAction(0, DRAW))  # 6♣ does not fit 8♥
    table.set_observation(game.observation(0))
    drawn = next(item for item in scene.hand_items() if item.card == Card.parse("6C"))
    assert scene.animations_running()
    assert (drawn.pos() - deck_point(scene.frame())).manhattanLength() < 2
    qtbot.waitUntil(lambda: not scene.animations_running(), timeout=deadline_ms(3000))
    assert drawn.pos() == drawn.home
    game.apply(CzechAction(0, DRAW))  # K♣: still nothing fits
    game.apply(CzechAction(0, DRAW))  # 8♣ fits the 8♥
    table.set_observation(game.observation(0))
    qtbot.waitUntil(lambda: not scene.animations_running(), timeout=deadline_ms(3000))
    eight = next(item for item in scene.hand_items() if item.card == Card.parse("8C"))
    in_hand = eight.pos()
    game.apply(CzechAction(0, PLAY, Card.parse("8C")))
    table.set_observation(game.observation(0))
    assert scene.cards[("face", "8C")] is eight and eight.hand_index is None
    assert (eight.pos() - in_hand).manhattanLength() < 2  # it leaves from your hand
    qtbot.waitUntil(lambda: not scene.animations_running(), timeout=deadline_ms(3000))
    assert (eight.pos() - pile_point(scene.frame())).manhattanLength() < 2


def test_six_players_with_large_cards_fit_a_1366x768_laptop(qtbot: Any, settings: Settings) -> None:
    settings.card_size = "large"
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.game_seed = 5
    window.resize(1366, 728)  # a 1366x768 screen less its taskbar
    window.show()
    qtbot.waitExposed(window)
    window.play_against_bots("czech", 6)
    page = window.findChild(Family3Page)
    assert page is not None
    table = page.table
    scene = table.scene
    assert scene.view is VIEW
    chooser_seen = False
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        bounds = scene.sceneRect()
        hand = [item.mapRectToScene(item.card_rect()) for item in scene.hand_items()]
        for item in scene.cards.values():
            assert bounds.contains(item.mapRectToScene(item.card_rect())), item.card
        for plate in scene.seats.values():
            assert bounds.contains(plate.drawn_rect())
        banner = scene.banner.sceneBoundingRect()
        assert bounds.contains(banner)
        assert all(banner.bottom() <= card.top() + 1 for card in hand)
        box = table.view.mapToScene(table._box.geometry()).boundingRect()
        assert not any(box.intersects(card) for card in hand)
        shown = [c.sceneBoundingRect() for c in scene.choice_items.values() if c.isVisible()]
        for choice in shown:
            chooser_seen = True
            assert not choice.intersects(banner)
            assert not any(choice.intersects(card) for card in hand)
            for name in ("deck", "pile"):
                label = scene.badge_items.get(name)
                if label is not None and label.isVisible():
                    assert not choice.intersects(label.sceneBoundingRect())
        legal = scene.observation.legal
        plays = [scene.intent_of(i) for i in scene.hand_items() if i.playable]
        scene.choose(plays[0] if plays else legal[0])
    assert chooser_seen
