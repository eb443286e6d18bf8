"""Joker rummy in the client: a whole hand against bots through the view's intents (picking
cards, Lay out, clicking combinations, the discards and the deck) to the game-over points, a
hand by keys alone, no hidden face shown, the log in words, duplicate cards of two decks."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from durak_qt.games.family3.window import Family3Page
from durak_qt.games.rummy.view import (
    LAY,
    PLACE,
    VIEW,
    focused_target,
    lay_action,
    picked_of,
    table_targets,
)
from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.table.family3_table import Family3Table, new_table
from durak_qt.table.scene import TableScene
from engine.cards import Card, parse_cards
from engine.rummy.actions import ADD, DISCARD, DRAW, RUN, SET, SWAP, TAKE, RummyAction
from engine.rummy.game import RummyGame
from engine.rummy.rules import get_rummy_rules
from tests.qt.driver import deadline_ms

MOVE_LIMIT = 1500
"""Your moves in one hand at most (a hand against the heuristic bot takes a few hundred)."""


def start(qtbot: Any, settings: Settings, players: int = 2, seed: int = 11) -> Any:
    """A window playing joker rummy against bots (no bot delay), its family-3 page."""
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.game_seed = seed
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.play_against_bots("joker-rummy", players)
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


def pick(qtbot: Any, table: Family3Table, cards: tuple[Card, ...]) -> None:
    """Click the hand cards of `cards` (one hand card per card, copies apart)."""
    scene = table.scene
    assert scene.view is VIEW
    wanted = Counter(cards)
    for item in scene.hand_items():
        if item.card is not None and wanted[item.card] > 0:
            wanted[item.card] -= 1
            click_at(qtbot, table, item.click_point())
    assert not +wanted, wanted
    assert Counter(picked_of(scene.observation, scene.selection())) == Counter(cards)


def meld_item(scene: TableScene, index: int, offset: int) -> Any:
    return scene.cards[("meld", index, offset)]


def click_action(qtbot: Any, table: Family3Table, action: RummyAction, rng: random.Random) -> None:
    """Make a legal action with the mouse, as a player would."""
    scene = table.scene
    assert scene.view is VIEW
    if action.kind in (DRAW, TAKE):
        key = "deck" if action.kind == DRAW else "stock"
        live = [i for k, i in scene.cards.items() if k[0] == key and i.playable]
        if live and rng.random() < 0.5:
            click_at(qtbot, table, live[0].sceneBoundingRect().center())
        else:
            qtbot.mouseClick(table.buttons[action.kind], Qt.MouseButton.LeftButton)
        return
    pick(qtbot, table, action.cards)
    if action.kind in (RUN, SET):
        assert LAY in table.visible_buttons()
        assert (
            lay_action(scene.observation, scene.frame(), scene.selection()) is not None
        )  # two jokers: the engine's first filling
        qtbot.mouseClick(table.buttons[LAY], Qt.MouseButton.LeftButton)
    elif action.kind == DISCARD:
        assert DISCARD in table.visible_buttons()
        stock = [i for k, i in scene.cards.items() if k[0] == "stock" and i.playable]
        if stock and rng.random() < 0.5:
            click_at(qtbot, table, stock[0].sceneBoundingRect().center())
        else:
            qtbot.mouseClick(table.buttons[DISCARD], Qt.MouseButton.LeftButton)
    else:
        cards = scene.observation.melds[action.meld].cards
        if action.kind == SWAP:
            offset = next(
                i for i, c in enumerate(cards)
                if c.is_joker and scene.intents.get(("meld", action.meld, i)) == action
            )  # fmt: skip
        else:
            offset = 0 if action.end == "low" else len(cards) - 1
        item = meld_item(scene, action.meld, offset)
        assert item.playable
        point = item.sceneBoundingRect().topLeft() + QPointF(item.visible_width / 2, 8)
        click_at(qtbot, table, point)


def hidden_faces_stay_hidden(scene: TableScene) -> None:
    """Every face drawn is one the observation shows: your hand, the combinations, the
    discards, or a card another seat took from the discards."""
    obs = scene.observation
    shown = Counter(item.card for item in scene.cards.values() if item.card is not None)
    allowed = Counter(obs.hand) + Counter(obs.stock[-3:])
    for meld in obs.melds:
        allowed += Counter(meld.cards)
    for seat, hand in enumerate(obs.hands):
        if seat != obs.seat:
            allowed += Counter(c for c in hand if c is not None)
    assert not shown - allowed, shown - allowed
    assert all(item.image == scene.card_back for item in scene.back_items())


def choose_move(legal: tuple[RummyAction, ...], rng: random.Random) -> RummyAction:
    """Lay out whenever possible (biggest first), add often, otherwise draw and discard."""
    lays = sorted((a for a in legal if a.kind in (RUN, SET)), key=lambda a: -len(a.cards))
    if lays:
        return lays[0]
    table = [a for a in legal if a.kind in (ADD, SWAP) and not a.cards[0].is_joker]
    if table and rng.random() < 0.8:
        return rng.choice(table)
    draws = [a for a in legal if a.kind in (DRAW, TAKE)]
    if draws:
        return rng.choice(draws)
    discards = [a for a in legal if a.kind == DISCARD]
    return rng.choice(discards or list(legal))


def test_a_whole_hand_by_mouse_ends_on_the_points(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, seed=1)  # a deal where you lay a run or a set
    table, game = page.table, page.game
    rng = random.Random(5)
    kinds_made: set[str] = set()
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        scene = table.scene
        assert scene.view is VIEW
        hidden_faces_stay_hidden(scene)
        legal = scene.observation.legal
        action = choose_move(legal, rng)
        before = game.moves
        with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)) as chosen:
            click_action(qtbot, table, action, rng)
        assert chosen.args[0].kind == action.kind and Counter(chosen.args[0].cards) == Counter(
            action.cards
        )
        assert game.moves > before
        kinds_made.add(action.kind)
    else:
        pytest.fail("the hand did not end")
    assert {DRAW, DISCARD} <= kinds_made and kinds_made & {RUN, SET}
    over = game.game
    assert over.over
    rows = page.over.rows()
    assert [name for name, _, _ in rows] == game.names
    assert [int(points) for _, points, _ in rows] == list(over.points)
    assert any("discards" in line for line in page.side.log_lines())


def test_keyboard_alone_plays_a_hand(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, seed=3)
    table, game = page.table, page.game
    view = table.view
    view.setFocus()
    rng = random.Random(8)
    for move in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        scene = table.scene
        assert scene.view is VIEW
        legal = scene.observation.legal
        action = choose_move(legal, rng)
        before = game.moves
        if action.kind in (DRAW, TAKE):
            qtbot.keyClick(view, Qt.Key.Key_D if action.kind == DRAW else Qt.Key.Key_T)
        else:
            wanted = Counter(action.cards)
            count = len(scene.hand_order)
            for _ in range(count):  # ←/→ to each card, Space to pick it
                qtbot.keyClick(view, Qt.Key.Key_Right)
                assert scene.focus_index is not None
                index = scene.hand_order[scene.focus_index]
                card = scene.observation.hand[index]
                if wanted[card] > 0 and index not in scene.selected_hand:
                    qtbot.keyClick(view, Qt.Key.Key_Space)
                    wanted[card] -= 1
                if not +wanted:
                    break
            assert Counter(picked_of(scene.observation, scene.selection())) == Counter(
                action.cards
            ), (move, action)
            if action.kind in (RUN, SET):
                qtbot.keyClick(view, Qt.Key.Key_L)
            elif action.kind == DISCARD:
                qtbot.keyClick(view, Qt.Key.Key_X)
            else:
                for _ in range(
                    len(table_targets(scene.observation, scene.frame(), scene.selection()))
                ):
                    if (
                        focused_target(scene.observation, scene.frame(), scene.selection())
                        == action
                    ):
                        break
                    qtbot.keyClick(view, Qt.Key.Key_Down)
                assert focused_target(scene.observation, scene.frame(), scene.selection()) == action
                qtbot.keyClick(view, Qt.Key.Key_A if move % 2 else Qt.Key.Key_Return)
        assert game.moves > before, (move, action)
    else:
        pytest.fail("the hand did not end")
    assert page.over.isVisible()


def layout_table(
    qtbot: Any,
    hands: list[str],
    melds: list[tuple[int, str, str]],
    opened: tuple[bool, bool] = (True, True),
    round_number: int | None = None,
) -> Any:
    rules = get_rummy_rules("joker-rummy")
    game = RummyGame.from_layout(
        rules,
        [parse_cards(h) for h in hands],
        deck=parse_cards("2C 3D 4H 5S 6C"),
        stock=parse_cards("9D KS"),
        melds=[(owner, kind, parse_cards(cards)) for owner, kind, cards in melds],
        opened=opened,
        phase="play",
        round_number=round_number,
    )
    from durak_qt.games.rummy.view import CLIENT

    table = new_table(CLIENT)
    qtbot.addWidget(table)
    table.resize(1100, 700)
    table.show()
    qtbot.waitExposed(table)
    table.set_players(["Anna", "Boris"])
    table.set_observation(game.observation(0))
    return table, game


def test_two_copies_of_a_card_are_two_cards_and_picked_apart(qtbot: Any) -> None:
    table, _game = layout_table(qtbot, ["7H 7H 8H 9H QS", "2D 3D 4D 5D"], [(1, "run", "4C 5C RJ")])
    scene = table.scene
    assert scene.view is VIEW
    sevens = [i for i in scene.hand_items() if i.card == Card.parse("7H")]
    assert len(sevens) == 2 and sevens[0] is not sevens[1]
    click_at(qtbot, table, sevens[0].click_point())
    assert picked_of(scene.observation, scene.selection()) == [Card.parse("7H")]
    assert DISCARD in table.visible_buttons() and LAY not in table.visible_buttons()
    for card in ("8H", "9H"):
        item = next(i for i in scene.hand_items() if i.card == Card.parse(card))
        click_at(qtbot, table, item.click_point())
    assert LAY in table.visible_buttons()
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.keyClick(table.view, Qt.Key.Key_L)
    assert chosen.args == [RummyAction(0, RUN, parse_cards("7H 8H 9H"))]


def test_a_joker_is_won_back_by_clicking_it_and_a_run_end_by_its_half(qtbot: Any) -> None:
    table, _game = layout_table(qtbot, ["6C 3C QS", "2D 3D 4D 5D"], [(1, "run", "4C 5C RJ")])
    scene = table.scene
    assert scene.view is VIEW
    six = next(i for i in scene.hand_items() if i.card == Card.parse("6C"))
    click_at(qtbot, table, six.click_point())
    assert PLACE in table.visible_buttons()
    joker = meld_item(scene, 0, 2)
    assert joker.playable
    with qtbot.waitSignal(table.action_chosen) as chosen:
        click_at(qtbot, table, joker.sceneBoundingRect().center())
    assert chosen.args == [RummyAction(0, SWAP, (Card.parse("6C"),), 0)]
    click_at(qtbot, table, six.click_point())  # put back
    three = next(i for i in scene.hand_items() if i.card == Card.parse("3C"))
    click_at(qtbot, table, three.click_point())
    assert picked_of(scene.observation, scene.selection()) == [Card.parse("3C")]
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.mouseClick(table.buttons[PLACE], Qt.MouseButton.LeftButton)
    assert chosen.args == [RummyAction(0, ADD, (Card.parse("3C"),), 0, "low")]


def pick_and_read(qtbot: Any, table: Family3Table, cards: str) -> str:
    """Pick `cards` of your hand and return the status line."""
    pick(qtbot, table, tuple(parse_cards(cards)))
    return table.scene.status_text(table.scene.observation)[0]


def test_a_real_set_refused_in_the_quiet_first_round_says_so(qtbot: Any) -> None:
    table, _game = layout_table(
        qtbot, ["7H 7S 7D QS 2C", "2D 3D 4D 5D"], [], opened=(False, False), round_number=0
    )
    assert LAY not in table.visible_buttons()
    text = pick_and_read(qtbot, table, "7H 7S 7D")
    assert "first round" in text and "no move" not in text
    assert LAY not in table.visible_buttons()


def test_a_set_under_the_opening_points_says_the_points(qtbot: Any) -> None:
    table, _game = layout_table(qtbot, ["2H 2S 2D QS 5C", "2D 3D 4D 5D"], [], opened=(False, True))
    text = pick_and_read(qtbot, table, "2H 2S 2D")
    assert "6 points" in text and "51" in text and "no move" not in text


def test_a_run_with_a_joker_for_a_held_card_names_the_card(qtbot: Any) -> None:
    table, _game = layout_table(qtbot, ["4C 6C RJ 5C QS", "2D 3D 4D 5D"], [(1, "run", "8H 9H TH")])
    text = pick_and_read(qtbot, table, "4C 6C RJ")
    assert "You hold 5♣" in text


def test_no_discard_is_offered_in_the_middle_of_a_first_laying(qtbot: Any) -> None:
    table, game = layout_table(
        qtbot, ["QH QS QD KH KS KD 9S 9H 9D 2C", "2D 3D 4D 5D"], [], opened=(False, True)
    )
    queens = [a for a in game.legal_actions(0) if a.kind == SET and a.cards[0].rank == 12]
    game.apply(queens[0])
    table.set_observation(game.observation(0))
    scene = table.scene
    assert not any(a.kind == DISCARD for a in scene.observation.legal)
    text = scene.status_text(scene.observation)[0]
    assert "30 points of 51" in text
    assert "discard" in text and "one card to discard" not in text
    text = pick_and_read(qtbot, table, "9S")
    assert "no move" not in text and "51" in text


def test_the_refusals_read_in_russian(qtbot: Any) -> None:
    install_language("ru")
    try:
        table, _game = layout_table(
            qtbot, ["2H 2S 2D QS 5C", "2D 3D 4D 5D"], [], opened=(False, True)
        )
        text = pick_and_read(qtbot, table, "2H 2S 2D")
        assert "6 очков" in text and "51" in text, text
    finally:
        install_language("en")


def test_the_log_tells_the_moves_in_words(qtbot: Any) -> None:
    from durak_qt.games.rummy.words import describe_rummy_events
    from engine.actions import Event
    from engine.rummy import game as rummy

    names = ["Anna", "Boris"].__getitem__
    lines = describe_rummy_events(
        [
            Event(rummy.TOOK, 0, parse_cards("9D")),
            Event(rummy.LAID, 0, parse_cards("3C 4C RJ"), number=0),
            Event(rummy.DISCARDED, 1, parse_cards("KS")),
            Event(rummy.WENT_OUT, 1, number=2),
        ],
        names,
    )
    assert lines == [
        "Anna takes 9♦ from the discards",
        "Anna lays out 3♣ 4♣ red joker",
        "Boris discards K♠",
        "Boris goes out discarding 2 jokers",
    ]
    assert install_language("ru")
    russian = describe_rummy_events([Event(rummy.WENT_OUT, 1, number=2)], names)
    assert russian != ["Boris goes out discarding 2 jokers"] and "Boris" in russian[0]
    install_language("en")


def test_the_name_description_and_rules_page_exist_in_both_languages(qapp: Any) -> None:
    from durak_qt.dialogs.rules_help import pages, rules_page
    from durak_qt.games.family3.client import family3_variants
    from durak_qt.variants import variant_description, variant_title

    limits = {variant: (low, high) for variant, low, high, _ in family3_variants()}
    assert limits["joker-rummy"] == (2, 6)
    assert variant_title("joker-rummy") == "Joker (rummy with jokers)"
    assert "51 points" in variant_description("joker-rummy")
    english = rules_page("joker-rummy")
    assert "Jokers." in english and "51" in english
    assert install_language("ru")
    assert variant_title("joker-rummy") == "Джокер (рамми с джокерами)"
    assert "51" in variant_description("joker-rummy")
    russian = rules_page("joker-rummy")
    assert "Джокеры." in russian and "джокер" in russian
    assert "joker-rummy" in pages("ru") and "joker-rummy" in pages("en")
    install_language("en")


def test_a_player_who_went_out_reads_his_negative_points(qapp: Any) -> None:
    """Qt fills %n only for a count of 0 or more: -50 must still read "-50 points"."""
    from durak_qt.table.game_view import COUNTS

    assert COUNTS.points(-50) == "-50 points"
    assert COUNTS.points(1) == "1 point"
    assert COUNTS.points(23) == "23 points"


def test_the_rummy_game_over_panel_states_rummys_own_rule(qapp: Any) -> None:
    """The rummy match moves the lead one seat clockwise; the panel must not say czech's rule."""
    from durak_qt.games.rummy.view import CLIENT

    assert CLIENT.points_rule is not None and "clockwise" in str(CLIENT.points_rule)
