"""Watching end to end on loopback: a window hosts a table (its player and a bot), another
window finds it in the lobby as running, presses Watch and follows the game with net's real
`Watcher`; the host's side panel names the spectator; both see the same log hash at the end.

Runs only inside a private network namespace (sockets and mDNS stay on `lo`).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from durak_qt.dialogs.options import TableOptions
from durak_qt.lobby.lan_game import LanGame
from durak_qt.main_window import MainWindow
from net.watch_events import MoveShown
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms
from tests.qt.test_lan_game import open_window, player_settings
from tests.qt.watch_sim import faces_in


@requires_private_netns
def test_a_spectator_watches_a_lan_game_from_the_lobby(qtbot: Any, tmp_path: Path) -> None:
    windows = [open_window(qtbot, player_settings(tmp_path, name)) for name in NAMES]
    try:
        watch_a_game(qtbot, *windows)
    finally:
        for window in windows:
            window.close()


LIVE_MOVES = 4
"""Moves the players make while the spectator watches."""
NAMES = ("Anna", "Boris", "Olga")
"""The host, the player who joins, the spectator."""


def find_table(qtbot: Any, window: MainWindow, running: bool) -> None:
    """Look for tables on loopback until the one table is listed (running or not) and chosen."""
    if window.lan_browser is None:
        window.start_lan_discovery("127.0.0.1")
    model = window.lobby.model

    def listed() -> bool:
        return model.rowCount() == 1 and model.listing(0).running == running

    qtbot.waitUntil(listed, timeout=deadline_ms(30_000))
    window.lobby.table_view.selectRow(0)


def watch_a_game(qtbot: Any, host: MainWindow, player: MainWindow, guest: MainWindow) -> None:
    host.host_lan_table(TableOptions("Kitchen", "throw-in", 2, 0, ""))
    find_table(qtbot, player, running=False)
    assert not player.lobby.watch_button.isEnabled()  # nothing runs there yet
    qtbot.mouseClick(player.lobby.join_button, Qt.MouseButton.LeftButton)
    games = [host.game, player.game]
    for game in games:
        assert isinstance(game, LanGame)
        qtbot.waitUntil(lambda g=game: g.observation() is not None, timeout=deadline_ms(30_000))

    find_table(qtbot, guest, running=True)
    lobby = guest.lobby
    assert lobby.watch_button.isEnabled()
    events: list[Any] = []
    qtbot.mouseClick(lobby.watch_button, Qt.MouseButton.LeftButton)
    page = guest.watch_page
    assert page is not None and guest.stack.currentWidget() is page
    guest.watch.event_received.connect(events.append)
    qtbot.waitUntil(lambda: page.observation is not None, timeout=deadline_ms(30_000))
    game = games[0]
    assert page.players == tuple(game.names) and page.table.scene.read_only
    assert host.game_page is not None
    side = host.game_page.side
    qtbot.waitUntil(lambda: side.watchers == ("Olga",), timeout=deadline_ms(15_000))
    assert side.watchers_label.text() == "Watching: Olga"
    qtbot.waitUntil(
        lambda: lobby.model.rowCount() == 1 and lobby.model.listing(0).watchers == 1,
        timeout=deadline_ms(30_000),
    )

    # The players move; the spectator follows each move live, as the seats see it.
    rng = random.Random(5)

    def shown_count() -> int:
        return sum(isinstance(event, MoveShown) for event in events)

    target = shown_count() + LIVE_MOVES
    give_up = time.monotonic() + deadline_ms(60_000) / 1000
    while shown_count() < target and time.monotonic() < give_up:
        qtbot.waitUntil(
            lambda: any(bool(g.observation().legal) for g in games), timeout=deadline_ms(30_000)
        )
        mover = rng.choice([g for g in games if g.observation().legal])
        before, count = mover.observation(), shown_count()
        if not mover.submit(rng.choice(before.legal)):  # one of its moves is still on its way
            qtbot.wait(50)
            continue

        def moved_on(m: LanGame = mover, b: object = before, n: int = count) -> bool:
            """The move reached the spectator, or the table went on, or waits for the other."""
            others = any(bool(g.observation().legal) for g in games if g is not m)
            return shown_count() > n or m.observation() is not b or others

        qtbot.waitUntil(moved_on, timeout=deadline_ms(30_000))
    try:
        qtbot.waitUntil(lambda: shown_count() >= target, timeout=deadline_ms(30_000))
    except Exception as error:  # say where the table and the spectator stood
        seats = [(g.is_over(), len(g.observation().legal), g.observation().to_act) for g in games]
        raise AssertionError(f"spectator saw {shown_count()} of {target}; seats {seats}") from error
    shown = [event for event in events if isinstance(event, MoveShown)]
    assert [event.index for event in shown] == list(range(len(shown)))  # every move, in order
    assert not page.game_over.isVisible() and page.observation is shown[-1].observation
    # Never a hidden card: every face the spectator's table draws is one both seats see now
    # (cards a seat picked up from the table stay public: only those show in a hand).
    drawn = {item.card for item in page.table.scene.cards.values() if item.card is not None}
    both = faces_in(games[0].observation()) & faces_in(games[1].observation())
    assert drawn <= faces_in(page.observation) and drawn <= both
    hand = [item for item in page.table.scene.cards.values() if item.hand_index is not None]
    assert hand and any(item.card is None for item in hand)
    qtbot.keyClick(page.table.view, Qt.Key.Key_Escape)  # leaves at once, asking nothing
    assert guest.stack.currentWidget() is guest.lobby and guest.watch is None
    qtbot.waitUntil(lambda: side.watchers == (), timeout=deadline_ms(15_000))
