"""Cross fool and durak with pagons at a LAN table on loopback from the client: you host the
table with two bot peers run here, the family-3 page opens with the game's own scene (not the
Durak table), you play your seat to the game's end, and the peers' audit is clean.

Runs only inside a private network namespace (sockets and mDNS stay on `lo`). With
DURAK_LAN_SHOTS=<folder> it saves a 1366x768 picture of the table in play there
(`lan_<game>_en.png`; the ones in docs/screenshots/ were taken so and looked at).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from durak_qt.dialogs.options import TableOptions
from durak_qt.games.family3.lan_game import Family3LanGame, Family3LanPage
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.lobby import table_problem
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms
from tests.qt.test_family3_lan_loopback import player_settings

SHOTS = os.environ.get("DURAK_LAN_SHOTS")


def view_of(variant: str) -> object:
    """The table view the client draws `variant` with."""
    if variant == "cross":
        from durak_qt.games.cross.view import VIEW

        return VIEW
    from durak_qt.games.pagons.view import VIEW as PAGONS_VIEW

    return PAGONS_VIEW


def worth_a_picture(variant: str, shown: Any) -> bool:
    """A moment that shows the game's own layout: a chain of two or more cards in cross fool's
    play, or two cards on the table in pagons."""
    return shown.phase == "play" and len(shown.table) >= 2 if variant == "cross" else (
        len(shown.table) >= 2
    )  # fmt: skip


@pytest.mark.parametrize("variant", ["cross", "pagons"])
def test_hosting_a_table_of_the_game_opens_its_own_page(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """No network: the table's peer is not started, only the page the window opens is read."""
    monkeypatch.setattr(Family3LanGame, "open", lambda game: None)
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.lan = True
    window.host_lan_table(TableOptions("Den", variant, 3, 2, ""))
    game, page = window.game, window.stack.currentWidget()
    assert isinstance(game, Family3LanGame) and game.variant == variant
    assert isinstance(page, Family3LanPage) and page.table.scene.view is view_of(variant)
    assert game.hosting and game.table_name == "Den"


@requires_private_netns
@pytest.mark.parametrize("variant", ["cross", "pagons"])
def test_a_lan_table_of_the_game_opens_its_page_and_is_played_to_a_clean_audit(
    qtbot: Any, tmp_path: Path, variant: str
) -> None:
    assert table_problem(variant, {}, 3) is None, "the LAN table deals this game"
    window = MainWindow(player_settings(tmp_path, "Anna"), bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    try:
        window.host_lan_table(TableOptions("Den", variant, 3, 2, ""))
        game, page = window.game, window.stack.currentWidget()
        assert isinstance(game, Family3LanGame) and isinstance(page, Family3LanPage)
        assert page.table.scene.view is view_of(variant)  # the game's page, not Durak's
        qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(30_000))
        assert sorted(game.names) == ["Anna", "Bot 1", "Bot 2"]
        rng, moves, pictured = random.Random(3), 0, SHOTS is None
        for _ in range(1500):
            qtbot.waitUntil(
                lambda: game.is_over() or bool(game.observation().legal),
                timeout=deadline_ms(60_000),
            )
            if game.is_over():
                break
            before = game.observation()
            if not pictured and worth_a_picture(variant, before):
                qtbot.wait(300)  # the scene draws the last move
                window.grab().save(str(Path(str(SHOTS)) / f"lan_{variant}_en.png"))
                pictured = True
            assert game.submit(rng.choice(before.legal))
            moves += 1
            qtbot.waitUntil(  # the table applied it: your view moved on
                lambda b=before: game.is_over() or game.observation() is not b,
                timeout=deadline_ms(30_000),
            )
        assert game.is_over() and moves > 0
        summary = game._summary  # what the peer wrote in its result file
        assert summary is not None and summary["clean"] is True, summary
        assert summary["result"]["over"] is True
        assert not page.over.isHidden()
    finally:
        window.close()
    qtbot.waitUntil(lambda: not game.running, timeout=deadline_ms(15_000))
