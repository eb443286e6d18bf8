"""Durak with pagons in the client: whole deals against bots by mouse and by keys (in teams of
two and alone), the teams and pagons on the plates, the match climbing a level after a hang,
the log in words."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.games.family3.client import family3_title
from durak_qt.games.pagons.view import VIEW, PagonsClientMatch
from durak_qt.games.pagons.words import describe_pagons_events
from durak_qt.i18n import install_language
from durak_qt.settings import Settings
from durak_qt.table.scene import TableScene
from engine.actions import Event
from engine.cards import Card
from engine.pagons import game as pagons
from engine.pagons.actions import ATTACK, BEAT, HANG, PASS, TAKE, THROW, TRANSFER, PagonsAction
from engine.pagons.bots import make_pagons_bot as make_bot
from engine.pagons.rules import get_pagons_rules
from tests.qt.driver import deadline_ms
from tests.qt.test_czech_table import click_at, start, wait_for_me
from tests.qt.test_screenshots import SHOTS

MOVE_LIMIT = 400
"""Your moves in one deal at most."""

BUTTON_KINDS = {TAKE, PASS, HANG, TRANSFER}


def marked(scene: TableScene) -> list[Card]:
    """The cards of your hand marked for a lead of several, in hand order."""
    hand = tuple(scene.observation.hand)
    return [hand[i] for i in sorted(scene.selected_hand)]


def faces_shown_are_yours_or_open(scene: TableScene) -> None:
    """Every face drawn is in your hand, on the table, the trump card, hung, or one the
    observation shows of another hand."""
    obs = scene.observation
    known = {card for hand in obs.hands for card in hand if card is not None}
    table = {card for pair in obs.table for card in pair[:2] if card is not None}
    seen = set(obs.hand) | table | known | set(obs.hung) | {obs.trump_card}
    shown = {item.card for item in scene.cards.values() if item.card is not None}
    assert shown <= seen, shown - seen


def click_card(
    qtbot: Any,
    table: Any,
    card: Card,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Click a lit card of your hand, with a modifier key held or none."""
    item = next(i for i in table.scene.hand_items() if i.card == card)
    assert item.playable
    point = table.view.mapFromScene(item.click_point())
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, modifier, point)


def click_action(qtbot: Any, table: Any, action: PagonsAction) -> None:
    """Make a legal action with the mouse: aim at the attack card, click the hand card (a lead
    of several: Ctrl+click all but the last, then click the last); or press the button."""
    scene = table.scene
    if action.kind in BUTTON_KINDS:
        qtbot.mouseClick(table.buttons[action.kind], Qt.MouseButton.LeftButton)
        return
    if len(action.cards) > 1:
        for card in action.cards[:-1]:
            click_card(qtbot, table, card, Qt.KeyboardModifier.ControlModifier)
        assert sorted(marked(scene)) == sorted(action.cards[:-1])
        click_card(qtbot, table, action.cards[-1])
        return
    if action.kind == BEAT and scene.aim != action.target:
        attack = scene.cards[("face", str(action.target))]
        assert attack.playable
        click_at(qtbot, table, attack.sceneBoundingRect().center())
        assert scene.aim == action.target
    item = next(i for i in scene.hand_items() if i.card == action.card)
    assert item.playable
    click_at(qtbot, table, item.click_point())


def test_a_team_deal_by_mouse_ends_on_the_points(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "pagons", 4)
    table, game = page.table, page.game
    scene = table.scene
    assert scene.view is VIEW
    rng = random.Random(4)
    kinds_made: set[str] = set()
    leads_of_several = 0
    for _ in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        faces_shown_are_yours_or_open(scene)
        obs = scene.observation
        pills = {seat: item.role for seat, item in scene.seats.items()}
        assert pills[0].startswith("team A") and pills[1].startswith("team B"), pills
        legal = obs.legal
        cards = [a for a in legal if a.kind not in BUTTON_KINDS]
        several = [a for a in cards if len(a.cards) > 1]
        if several and rng.random() < 0.5:  # a lead of several cards, when there is one
            cards = several
        action = rng.choice(cards) if cards and rng.random() < 0.8 else rng.choice(legal)
        assert table.visible_buttons() == {a.kind for a in legal} & BUTTON_KINDS
        with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)) as chosen:
            click_action(qtbot, table, action)
        assert chosen.args == [action]
        kinds_made.add(action.kind)
        leads_of_several += len(action.cards) > 1
    else:
        pytest.fail("the deal did not end")
    assert ATTACK in kinds_made and kinds_made & {BEAT, THROW, TAKE}
    assert leads_of_several, "no lead of several cards came up: pick another seed"
    over = game.game
    assert over.over and page.over.isVisible()
    assert [int(points) for _, points, _ in page.over.rows()] == list(over.result["points"])
    assert "hangs its pagons climbs a level" in page.over.rule.text()
    winners = over.winners()  # the winning team: two players
    assert len(winners) == 2 and over.team(winners[0]) == over.team(winners[1])
    title = page.over.title.text()
    for seat in winners:
        assert ("You" if seat == 0 else page.game.names[seat]) in title, (title, winners)
    qtbot.mouseClick(page.over.next_button, Qt.MouseButton.LeftButton)  # the next deal
    assert game.game_no == 2  # dealt by the table's peers: the new deal shows when it is done
    qtbot.waitUntil(lambda: not game.observation().over, timeout=deadline_ms(30_000))


def test_the_game_over_title_names_every_winner(qtbot: Any) -> None:
    from durak_qt.games.family3.game_over import Family3OverPanel

    panel = Family3OverPanel()
    qtbot.addWidget(panel)
    titles = {
        (("Boris", "Dina"), False): "Boris and Dina win",
        (("Boris", "Cole", "Eve"), False): "Boris, Cole and Eve win",
        (("Cole",), True): "You and Cole win!",
        (("Cole",), False): "Cole wins",
        ((), True): "You win!",
        ((), False): "Nobody went out",
    }
    for (winners, you_won), title in titles.items():
        panel.show_result(winners, None, you_won, False, [], 1)
        assert panel.title.text() == title
    assert install_language("ru")
    panel.show_result(["Boris", "Dina"], None, True, False, [], 1)
    assert panel.title.text() == "Вы победили! С вами: Boris и Dina"


def test_keyboard_alone_plays_a_deal(qtbot: Any, settings: Settings) -> None:
    page = start(qtbot, settings, "pagons", 2)
    table, game = page.table, page.game
    view = table.view
    view.setFocus()
    letters = {HANG: Qt.Key.Key_H, TRANSFER: Qt.Key.Key_R, TAKE: Qt.Key.Key_T, PASS: Qt.Key.Key_P}
    for move in range(MOVE_LIMIT):
        if wait_for_me(qtbot, page):
            break
        scene = table.scene
        assert scene.view is VIEW
        legal = scene.observation.legal
        kinds = {a.kind for a in legal}
        before = game.moves
        if HANG in kinds:
            qtbot.keyClick(view, Qt.Key.Key_H)
        elif kinds & {ATTACK, THROW, BEAT} and (move % 5 or not kinds & BUTTON_KINDS):
            if BEAT in kinds and move % 2:
                qtbot.keyClick(view, Qt.Key.Key_Down)  # aim at another attack card
            playable = scene.playable_cards()
            for _ in range(len(scene.hand_order) + 1):
                qtbot.keyClick(view, Qt.Key.Key_Right)
                assert scene.focus_index is not None
                if scene.observation.hand[scene.hand_order[scene.focus_index]] in playable:
                    break
            qtbot.keyClick(view, Qt.Key.Key_Return)
        else:
            qtbot.keyClick(view, letters[next(k for k in (TAKE, PASS, TRANSFER) if k in kinds)])
        assert game.moves > before, (move, legal)
    else:
        pytest.fail("the deal did not end")
    assert page.over.isVisible()


def test_the_match_climbs_a_level_when_pagons_are_hung() -> None:
    rules = get_pagons_rules("pagons")
    match = PagonsClientMatch(rules, 2)
    rng = random.Random(1)
    bots: list[Any] = [make_bot("heuristic", seed) for seed in (1, 2)]
    hung = 0
    for _ in range(12):
        game = match.new_game(rng)
        assert match.leaders[-1] == game.attacker
        levels_before = match.levels_match.levels()
        while not game.over:
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game, seat))
        assert match.record(game) == [int(s == game.fool) for s in range(2)]
        if game.hanger is not None:
            hung += 1
            team = game.team(game.hanger)
            assert (
                match.levels_match.levels()[team] > levels_before[team] or match.levels_match.over
            )
    assert hung and match.points == [sum(g.fool == s for g in match.games) for s in range(2)]


def test_the_log_tells_bouts_and_hangs_in_words(qtbot: Any, settings: Settings) -> None:
    names = ["Anna", "Boris", "Vera", "Gleb"].__getitem__
    card = Card.parse
    events = [
        Event(pagons.TRUMP_SHOWN, -1, (card("9S"),)),
        Event(pagons.PLAYED, 0, (card("7H"),), 1, number=1),
        Event(pagons.PLAYED, 2, (card("7S"),), 1),
        Event(pagons.BEATEN, 1, (card("7H"), card("9H"))),
        Event(pagons.TOOK, 1, number=3),
        Event(pagons.DISCARDED, 1, number=4),
        Event(pagons.DREW, 0, number=2),
        Event(pagons.HANDED, 2, (), 0, 2),
        Event(pagons.HUNG, 0, (card("6C"), card("6H")), 1),
        Event(pagons.GAME_OVER, 1),
    ]
    assert describe_pagons_events(events, names) == [
        "The trump card is 9♠",
        "Anna attacks Boris with 7♥",
        "Vera throws in 7♠",
        "Boris beats 7♥ with 9♥",
        "Boris takes 3 cards",
        "Boris beat off the bout: 4 cards leave the game",
        "Anna draws 2 cards",
        "Vera hands 2 pagons to Anna",
        "Anna hangs the pagons 6♣ 6♥ on Boris",
        "Boris is the fool",
    ]
    assert install_language("ru")
    assert family3_title("pagons") == "Дурак с погонами"
    assert describe_pagons_events([Event(pagons.TOOK, 1, number=5)], names) == [
        "Boris берёт 5 карт"
    ]


def test_hanging_pagons_by_key_shows_them_hung(qtbot: Any) -> None:
    from durak_qt.games.pagons.view import CLIENT
    from durak_qt.table.family3_table import new_table
    from engine.pagons.game import PagonsGame

    rules = get_pagons_rules("pagons")
    hands = [[Card.parse("6C"), Card.parse("6H")], [Card.parse(c) for c in ("9D", "KS", "10H")]]
    game = PagonsGame.from_layout(rules, hands, trump=Card.parse("7S"), attacker=0)
    table = new_table(CLIENT)
    qtbot.addWidget(table)
    table.resize(1100, 700)
    table.show()
    qtbot.waitExposed(table)
    table.set_players(["Anna", "Boris"])
    table.set_observation(game.observation(0))
    scene = table.scene
    assert scene.view is VIEW
    assert HANG in table.visible_buttons() and "hang them on Boris" in scene.banner.text
    stars = [b for name, b in scene.badge_items.items() if name.startswith("pagon ")]
    assert [star.text for star in stars if star.isVisible()] == ["★", "★"]
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.keyClick(table.view, Qt.Key.Key_H)
    assert chosen.args == [PagonsAction(0, HANG)]
    game.apply(chosen.args[0])
    table.set_observation(game.observation(1))  # Boris sees the straps hung on him
    hung = {item.card for key, item in scene.cards.items() if item.hand_index is None}
    assert {Card.parse("6C"), Card.parse("6H")} <= hung
    assert scene.banner.text == "Game over: Anna hung the pagons on Boris"
    assert scene.seats[1].role == "FOOL" and scene.seats[0].role == "HUNG THEM"
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert table.grab().save(str(SHOTS / "pagons-hung.png"))  # docs/screenshots: the straps


def lead_table(qtbot: Any) -> tuple[Any, TableScene, Any]:
    """A table where you (seat 0) lead with 7♣ 7♥ 7♠ in hand against a defender of five."""
    from durak_qt.games.pagons.view import CLIENT
    from durak_qt.table.family3_table import new_table
    from engine.pagons.game import PagonsGame

    rules = get_pagons_rules("pagons")
    hands = [
        [Card.parse(c) for c in ("7C", "7H", "7S", "9D", "KH")],
        [Card.parse(c) for c in ("8S", "KS", "10H", "JD", "AC")],
    ]
    talon = [Card.parse(c) for c in ("10C", "JC", "9S")]
    game = PagonsGame.from_layout(rules, hands, talon, attacker=0)
    table = new_table(CLIENT)
    qtbot.addWidget(table)
    table.resize(1366, 768)
    table.show()
    qtbot.waitExposed(table)
    table.set_players(["Anna", "Boris"])
    table.set_observation(game.observation(0))
    scene = table.scene
    assert scene.view is VIEW
    assert PagonsAction.lead(0, [Card.parse("7C"), Card.parse("7H")]) in game.observation(0).legal
    return table, scene, game


def test_a_lead_of_two_cards_by_mouse(qtbot: Any) -> None:
    """Ctrl+click marks a card (it stands out, the lead button shows), a click on another of its
    rank leads both; Shift+click marks too, and the lead button leads what is marked."""
    from durak_qt.games.pagons.view import LEAD_MARKED

    table, scene, game = lead_table(qtbot)
    leading = game.observation(0)
    seven_c, seven_h, seven_s, nine_d = (Card.parse(c) for c in ("7C", "7H", "7S", "9D"))
    assert "Ctrl+click or S marks cards of one rank" in scene.banner.text
    click_card(qtbot, table, seven_h, Qt.KeyboardModifier.ControlModifier)
    assert marked(scene) == [seven_h] and LEAD_MARKED in table.visible_buttons()
    lifted = [item for item in scene.hand_items() if item.selected]
    assert [item.card for item in lifted] == [seven_h]
    assert "7♥ marked" in scene.banner.text
    click_card(qtbot, table, nine_d, Qt.KeyboardModifier.ControlModifier)  # another rank
    assert marked(scene) == [nine_d]
    click_card(qtbot, table, nine_d, Qt.KeyboardModifier.ControlModifier)  # unmarked again
    assert marked(scene) == [] and LEAD_MARKED not in table.visible_buttons()
    click_card(qtbot, table, seven_h, Qt.KeyboardModifier.ControlModifier)
    with qtbot.waitSignal(table.action_chosen) as chosen:
        click_card(qtbot, table, seven_c)
    assert chosen.args == [PagonsAction.lead(0, [seven_c, seven_h])]
    assert str(chosen.args[0]) == "0 attack 7C 7H"
    scene.selected_hand = set()
    for card in (seven_s, seven_c):
        click_card(qtbot, table, card, Qt.KeyboardModifier.ShiftModifier)
    assert sorted(marked(scene)) == [seven_c, seven_s]
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.mouseClick(table.buttons[LEAD_MARKED], Qt.MouseButton.LeftButton)
    assert chosen.args == [PagonsAction.lead(0, [seven_c, seven_s])]
    game.apply(chosen.args[0])
    table.set_observation(game.observation(0))  # the lead is made: nothing stays marked
    assert marked(scene) == [] and LEAD_MARKED not in table.visible_buttons()
    assert install_language("ru")
    table.set_observation(leading)  # your lead again, in Russian
    qtbot.waitUntil(lambda: table.buttons[LEAD_MARKED].text() == "Пойти отмеченными (L)")
    assert "Ctrl+щелчок или S отмечает карты одного достоинства" in scene.banner.text


def test_a_lead_of_two_cards_by_keys(qtbot: Any) -> None:
    """←/→ choose a card, S marks it, Enter on one more of its rank leads both; L leads the
    marked cards; a marked card's S unmarks it."""
    table, scene, _game = lead_table(qtbot)
    view = table.view
    view.setFocus()
    hand = tuple(scene.observation.hand)

    def focus(card: Card) -> None:
        for _ in range(len(hand) + 1):
            qtbot.keyClick(view, Qt.Key.Key_Right)
            if hand[scene.hand_order[scene.focus_index]] == card:
                return
        pytest.fail(f"{card} cannot be chosen")

    seven_c, seven_h, seven_s = (Card.parse(c) for c in ("7C", "7H", "7S"))
    focus(seven_s)
    qtbot.keyClick(view, Qt.Key.Key_S)
    assert marked(scene) == [seven_s]
    qtbot.keyClick(view, Qt.Key.Key_S)
    assert marked(scene) == []
    qtbot.keyClick(view, Qt.Key.Key_S)
    focus(seven_h)
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert chosen.args == [PagonsAction.lead(0, [seven_h, seven_s])]
    focus(seven_c)  # 7♠ is still marked: Insert marks 7♣ too, L leads the two
    qtbot.keyClick(view, Qt.Key.Key_Insert)
    assert sorted(marked(scene)) == [seven_c, seven_s]
    with qtbot.waitSignal(table.action_chosen) as chosen:
        qtbot.keyClick(view, Qt.Key.Key_L)
    assert chosen.args == [PagonsAction.lead(0, [seven_c, seven_s])]
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert table.grab().save(str(SHOTS / "pagons-lead-marked.png"))
