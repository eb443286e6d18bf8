"""Whole games of the variants the table deals with several deals or public ranks, by clicks.

crazy (reshuffles), poker (exchanges), invisible (the trump card dealt face down), albanian
(ranks public) and reverse (your own cards blind), each against bots that are full peers of the
table protocol, through the client's local game; the audit must be clean at game over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.cards import Card
from engine.observation import Observation
from tests.qt.driver import click_move, my_move_or_game_over
from tests.qt.test_family2_games import choose

REDEAL_STATUS = "Shuffling the talon again… every peer checks every proof"


@dataclass
class Record:
    """What a player saw during one whole game."""

    window: MainWindow
    statuses: list[str] = field(default_factory=list)
    redeal_shown: list[Observation] = field(default_factory=list)
    played: list[Any] = field(default_factory=list)
    seen: list[Observation] = field(default_factory=list)
    badges: set[str] = field(default_factory=set)

    def log(self) -> list[str]:
        page = self.window.game_page
        assert page is not None
        return page.side.log_lines()


def play_whole_game(
    qtbot: Any, settings: Settings, variant: str, players: int, seed: int
) -> Record:
    """Play the player's seat by clicks from the deal to game over; return what was seen."""
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = seed
    record = Record(window)
    window.play_against_bots(variant, players)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    table = page.table
    game.status_changed.connect(record.statuses.append)

    def shown(observation: Observation) -> None:
        record.seen.append(observation)
        if game.redealing:
            record.redeal_shown.append(observation)
        record.badges.update(item.badge for item in table.scene.cards.values() if item.badge)

    game.observation_changed.connect(shown)
    rng = random.Random(seed)
    for _ in range(300):
        if my_move_or_game_over(qtbot, page, game, 30_000):
            break
        action = choose(tuple(table.scene.observation.legal), rng)
        click_move(qtbot, table, game, action, 30_000)
        record.played.append(action)
    assert page.game_over.isVisible()
    assert game.moves >= 40, game.moves
    assert page.game_over.verdict.text().startswith("✔ Verified by every peer"), (
        page.game_over.verdict.text()
    )
    assert not game.redealing and page.busy.text() == ""
    return record


def reshuffles(record: Record) -> int:
    """How many hidden sub-decks the player's peer dealt for reshuffles in this game."""
    return len(record.window.game._table.core.reshuffle_deals)  # type: ignore[union-attr]


def test_crazy_reshuffles_show_the_busy_banner_and_one_log_line_each(
    qtbot: Any, settings: Settings
) -> None:
    """The banner while the talon is re-dealt; the line once, after "Bito"."""
    record = play_whole_game(qtbot, settings, "crazy", 2, 2)
    count = reshuffles(record)
    log = record.log()
    lines = [i for i, line in enumerate(log) if line.startswith("The cards go back into the talon")]
    assert count >= 2 and len(lines) == count
    assert all(log[i - 1] == "Bito" for i in lines)  # told after the discard that caused it
    assert record.statuses.count(REDEAL_STATUS) == count
    assert record.redeal_shown and all(not obs.legal for obs in record.redeal_shown)


def test_poker_exchanges_by_clicks_are_logged_once_before_the_shuffle(
    qtbot: Any, settings: Settings
) -> None:
    record = play_whole_game(qtbot, settings, "poker", 2, 3)
    exchanges = sum(1 for action in record.played if action.kind == "exchange")
    log = record.log()
    said = [i for i, line in enumerate(log) if "exchanges 2 cards with the talon" in line]
    shuffled = [i for i, line in enumerate(log) if line.startswith("The cards go back")]
    assert exchanges >= 1 and reshuffles(record) >= exchanges
    assert len(said) == len(shuffled) == reshuffles(record)
    assert all(log[s + 1] == log[t] for s, t in zip(said, shuffled, strict=True))
    assert REDEAL_STATUS in record.statuses


def test_invisible_shows_the_trump_suit_until_the_card_is_turned_up(
    qtbot: Any, settings: Settings
) -> None:
    record = play_whole_game(qtbot, settings, "invisible", 3, 1)
    first = record.seen[0]
    assert first.trump_card is None and first.trump_suit is not None
    assert sum(1 for line in record.log() if "The trump card is turned face up" in line) == 1


def test_albanian_ranks_on_the_backs_in_a_whole_game(qtbot: Any, settings: Settings) -> None:
    record = play_whole_game(qtbot, settings, "albanian", 3, 1)
    assert record.badges & {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}


def test_reverse_blind_plays_in_a_whole_game(qtbot: Any, settings: Settings) -> None:
    record = play_whole_game(qtbot, settings, "reverse", 2, 1)
    blind = [action for action in record.played if action.slots]
    assert len(blind) >= 5 and {action.kind for action in blind} >= {"attack", "beat"}


@pytest.mark.parametrize("variant", ["crazy", "poker"])
def test_no_move_is_offered_while_the_talon_is_re_dealt(variant: str, qtbot: Any) -> None:
    """The controller hides the legal moves of the paused position, and frees them on resume."""
    from durak_qt.table.controller import TableController
    from engine.actions import Action
    from engine.game import Game
    from engine.rules import get_rules
    from net.table.core import MoveApplied, StateChanged

    game = Game.new(get_rules(variant), 2, random.Random(4))
    rng = random.Random(4)
    while not any(event.kind == "reshuffle" for event in game.last_events()):
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        exchanges = [a for a in legal if a.kind == "exchange"]
        game.apply(exchanges[0] if exchanges else rng.choice(legal))
    seat = game.to_act[0]
    paused = game.observation(seat)
    assert paused.legal
    controller = TableController(["A", "B"], seat, 0, None)
    statuses: list[str] = []
    logged: list[Any] = []
    controller.status_changed.connect(statuses.append)
    controller.events_happened.connect(logged.extend)
    controller._reset("")
    controller._receive([MoveApplied(len(game.log) - 1, game.log[-1], "h"), StateChanged(paused)])
    assert controller.redealing and statuses[-1] == REDEAL_STATUS
    shown = controller.observation()
    assert shown is not None and shown.legal == ()
    assert not controller.submit(paused.legal[0])
    controller._receive([StateChanged(paused)])  # resumed: the same move, the talon locked
    assert not controller.redealing and statuses[-1] == ""
    assert controller.observation() == paused
    assert [event.kind for event in logged].count("reshuffle") == 1
    assert isinstance(paused.legal[0], Action)


def test_the_trump_line_waits_for_the_card_to_reach_this_seat(qtbot: Any) -> None:
    """Invisible: the line names the trump card once its face arrives (a later StateChanged)."""
    import dataclasses

    from durak_qt.games.durak.game_log import describe_event
    from durak_qt.table.controller import TableController
    from engine.game import Game
    from engine.rules import get_rules
    from net.table.core import MoveApplied, StateChanged

    game = Game.new(get_rules("invisible"), 2, random.Random(5))
    rng = random.Random(5)
    while not any(event.kind == "trump_opened" for event in game.last_events()):
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    opened = game.observation(0)
    if opened.talon_count == 0:  # drawn at once: the line cannot wait for the talon
        opened = dataclasses.replace(opened, talon_count=1)
    keys_on_the_way = dataclasses.replace(opened, trump_card=None)
    controller = TableController(["A", "B"], 0, 0, None)
    logged: list[Any] = []
    controller.events_happened.connect(logged.append)
    controller._reset("")
    move = MoveApplied(len(game.log) - 1, game.log[-1], "h")
    controller._receive([move, StateChanged(keys_on_the_way)])
    assert "trump_opened" not in [event.kind for event in logged[-1]]
    controller._receive([StateChanged(dataclasses.replace(opened, trump_card=Card.parse("7H")))])
    assert [event.kind for event in logged[-1]] == ["trump_opened"]
    line = describe_event(logged[-1][0], str, controller.observation())
    assert line == "The trump card is turned face up: 7♥"
    drawn = dataclasses.replace(opened, talon_count=0, trump_card=None)  # the trump was drawn
    controller._reset("")
    controller._receive([move, StateChanged(drawn)])
    assert "trump_opened" in [event.kind for event in logged[-1]]  # nothing to wait for
