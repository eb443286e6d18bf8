"""A LAN table of joker rummy opens the rummy page (not the Durak table, nor another game's):
the family-3 LAN controller over a simulated peer playing a joker-rummy match in memory."""

from __future__ import annotations

import random
from typing import Any

import pytest

from durak_qt.games.family3.lan_game import Family3LanGame, Family3LanPage, open_family3_lan
from durak_qt.games.rummy.view import VIEW
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine.rummy.match import RummyMatch
from engine.rummy.rules import get_rummy_rules
from tests.qt.driver import deadline_ms
from tests.qt.test_family3_lan import AtOnce, SimulatedPeer, lan_settings, play_out

VARIANT = "joker-rummy"


class RummyPeer(SimulatedPeer):
    """The simulated peer of `tests/qt/test_family3_lan.py`, dealing a joker-rummy match."""

    def __init__(self, game: Family3LanGame, variant: str, players: int = 3) -> None:
        super().__init__(game, "czech", players)
        self.variant = variant
        self.match = RummyMatch(get_rummy_rules(variant), players)  # type: ignore[assignment]
        self.rng = random.Random(7)
        from engine.games import kind_of

        kind = kind_of(variant)
        assert kind is not None
        self.bots = {seat: kind.make_bot("heuristic", seat) for seat in range(1, players)}


@pytest.fixture
def window(qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """A main window whose LAN rummy table gets a simulated peer when it opens."""

    def open_in_memory(game: Family3LanGame) -> None:
        game._opened = True
        peer = RummyPeer(game, game.variant)
        game._peer = peer  # type: ignore[assignment]
        game._thread = AtOnce()  # type: ignore[assignment]
        game.running = True
        peer.deal()

    monkeypatch.setattr(Family3LanGame, "open", open_in_memory)
    main = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(main)
    return main


def test_a_lan_rummy_table_opens_the_rummy_page_and_plays_a_hand(
    window: MainWindow, tmp_path: Any, qtbot: Any
) -> None:
    page = open_family3_lan(window, lan_settings(tmp_path, VARIANT), VARIANT, bots=2)
    assert isinstance(page, Family3LanPage) and window.stack.currentWidget() is page
    assert page.table.scene.view is VIEW
    game = page.lan_game
    peer: RummyPeer = game._peer  # type: ignore[assignment]
    assert game.names == ["Anna", "Bot 1", "Bot 2"] and game.human_seat == 0
    shown = game.observation()
    assert shown is not None and shown.variant == VARIANT and len(shown.hand) >= 14
    with qtbot.waitSignal(game.game_finished, timeout=deadline_ms(20_000)):
        play_out(game, peer)
    first = peer.played[0]
    assert game.winners() == first.winners() and game.fool() == first.fool
    assert [line.game for line in game.game_points()] == list(first.points)
    assert not page.over.isHidden()
