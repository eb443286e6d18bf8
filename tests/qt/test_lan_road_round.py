"""Road and round fool at a LAN table from the client: you host a table with two bot peers run
here on loopback, the window opens the game's own family-3 page (not the Durak table), and you
play your seat by the page's legal moves until the peers agree on the end.

Runs only inside a private network namespace (sockets and mDNS stay on `lo`). A 1366x768
screenshot of the table in mid-game goes to the scratch folder of tests/qt/test_screenshots.py
as lan_<game>_en.png; `DURAK_SCREENSHOTS=docs/screenshots` re-takes the ones in the docs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from durak_qt.dialogs.options import TableOptions
from durak_qt.games.family3.lan_game import Family3LanGame, Family3LanPage
from durak_qt.games.road.view import VIEW as ROAD_VIEW
from durak_qt.games.round.view import VIEW as ROUND_VIEW
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms
from tests.qt.test_screenshots import SHOTS, install_language, save_image


def player_settings(tmp_path: Path, name: str) -> Settings:
    prefs = Settings(QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat))
    prefs.name = name
    prefs.animation_speed = "off"
    prefs.data_dir = tmp_path / name
    prefs.interface = "127.0.0.1"
    return prefs


def play_to_the_end(
    qtbot: Any, game: Family3LanGame, seed: int, before_move: Callable[[Any], None]
) -> list[str]:
    """Submit random legal moves for your seat until the table ends (`before_move` sees each
    observation you move in); the kinds you made."""
    rng, kinds = random.Random(seed), []
    for _ in range(600):
        qtbot.waitUntil(
            lambda: game.is_over() or bool(game.observation().legal), timeout=deadline_ms(60_000)
        )
        if game.is_over():
            break
        before = game.observation()
        before_move(before)
        action = rng.choice(before.legal)
        assert game.submit(action)
        kinds.append(action.kind)
        qtbot.waitUntil(  # the table applied it: your view moved on
            lambda b=before: game.is_over() or game.observation() is not b,
            timeout=deadline_ms(30_000),
        )
    assert game.is_over()
    return kinds


@requires_private_netns
@pytest.mark.parametrize(("variant", "view"), [("road", ROAD_VIEW), ("round", ROUND_VIEW)])
def test_a_lan_table_opens_the_games_own_page_and_is_played_to_a_clean_end(
    qtbot: Any, tmp_path: Path, variant: str, view: object
) -> None:
    window = MainWindow(player_settings(tmp_path, "Anna"), bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    install_language("en")
    shots: list[Path] = []
    asked: list[int] = []  # road's first game: the seats asked for the lowest trump, in turn
    leaders: list[int] = []  # the attacker of the first position shown in play (nobody asked)

    def shoot(observation: Any) -> None:
        """Once, when the table shows a bout of two cards or more in play (else at the end, see
        below): the page at 1366x768."""
        if observation is not None and getattr(observation, "asking", None) is not None:
            asked.append(observation.asking)
        bout = getattr(observation, "pile", None) or getattr(observation, "attack", None) or ()
        if observation is None or (not shots and len(bout) >= 2):
            shots.append(save_image(window.grab(), f"lan_{variant}_en.png"))

    try:
        window.host_lan_table(TableOptions("Den", variant, 3, 2, ""))
        game, page = window.game, window.stack.currentWidget()
        assert isinstance(game, Family3LanGame) and isinstance(page, Family3LanPage)
        # Every observation the table shows, not only those you move in: the bots may finish
        # the first bout before your first move.
        game.observation_changed.connect(
            lambda seen: (
                None
                if leaders or getattr(seen, "asking", None) is not None
                else leaders.append(seen.attacker)
            )
        )
        assert game.client.kind == variant
        assert page.table.scene.view is view
        qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(30_000))
        assert sorted(game.names) == ["Anna", "Bot 1", "Bot 2"]
        kinds = play_to_the_end(qtbot, game, 3, shoot)
        if not shots:  # no such bout came on your move: the game-over page instead
            shoot(None)
        assert kinds and shots == [SHOTS / f"lan_{variant}_en.png"]
        summary = game._summary  # what the peer wrote in its result file
        assert summary is not None and summary["clean"] is True
        assert [line.game for line in game.game_points()] == summary["points"]
        assert not page.over.isHidden()
        if leaders:  # the log's "Game 1 of the match: X leads." names the leader, not a seat asked
            assert game.leader() == leaders[0]
        assert variant == "road" or not asked
    finally:
        window.close()
    qtbot.waitUntil(lambda: not game.running, timeout=deadline_ms(15_000))


def test_the_road_page_asks_for_the_lowest_trump_by_mouse_and_by_keys(qtbot: Any) -> None:
    """At a table's first game the asked seat shows the lowest trump by clicking it, or says
    "not mine" with the button or N; the status line says which."""
    from PySide6.QtCore import Qt

    from durak_qt.games.road.view import CLIENT
    from durak_qt.table.family3_table import new_table
    from engine.cards import Card, deck_spec
    from engine.road.actions import PASS, SHOW, RoadAction
    from engine.road.game import RoadGame
    from engine.road.rules import get_road_rules

    deck = list(deck_spec(36))  # the last card, the trump card, is AS: the lowest trump is 6S
    game = RoadGame.from_table(get_road_rules("road"), 3, deck, dealer=2)
    holder = game.holder(deck.index(Card.parse("6S")))
    table = new_table(CLIENT)
    qtbot.addWidget(table)
    table.resize(1366, 700)
    table.show()
    chosen: list[Any] = []
    table.action_chosen.connect(chosen.append)
    scene = table.scene
    while game.asking != holder:  # the seats before the holder say "not mine"
        seat = game.asking
        assert seat is not None
        scene.set_observation(game.observation(seat))
        assert not table.buttons[PASS].isHidden()
        assert "Not you" in scene.status_text(scene.observation)[0]
        scene.handle_key(int(Qt.Key.Key_N))
        assert chosen[-1] == RoadAction(seat, PASS)
        game.apply(chosen[-1])
    scene.set_observation(game.observation(holder))
    assert table.buttons[PASS].isHidden()
    assert "click it to show it" in scene.status_text(scene.observation)[0]
    lowest = next(item for item in scene.hand_items() if item.card == Card.parse("6S"))
    scene._card_clicked(lowest)
    assert chosen[-1] == RoadAction(holder, SHOW, Card.parse("6S"))
