"""Two clients on loopback: two windows, each with its own peer, play a game by clicks and chat.

Runs only inside a private network namespace (sockets and mDNS stay on `lo`).
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt

from durak_qt.dialogs.options import TableOptions
from durak_qt.lobby.lan_game import LanGame
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from tests.net.netns import requires_private_netns
from tests.qt.driver import answer_leave_box, deadline_ms, pick_action, play_by_clicks


def player_settings(tmp_path: Path, name: str) -> Settings:
    prefs = Settings(QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat))
    prefs.name = name
    prefs.animation_speed = "off"
    prefs.data_dir = tmp_path / name
    prefs.interface = "127.0.0.1"
    return prefs


def open_window(qtbot: Any, prefs: Settings) -> MainWindow:
    window = MainWindow(prefs, bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    window.resize(1100, 700)
    window.show()
    return window


def my_move_ready(window: MainWindow) -> bool:
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    shown = page.table.scene.observation
    return shown is not None and bool(shown.legal) and not game.bots_busy()


@requires_private_netns
def test_two_clients_on_loopback_play_a_game_by_clicks(qtbot: Any, tmp_path: Path) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    try:
        play_two_games(qtbot, host, guest)
    finally:
        for window in (host, guest):
            window.close()  # leaves the table, stops the peer and discovery threads


def play_two_games(qtbot: Any, host: MainWindow, guest: MainWindow) -> None:
    host.host_lan_table(TableOptions("Kitchen", "throw-in", 2, 0, ""))
    assert isinstance(host.game, LanGame) and host.game_page is not None
    assert "Kitchen" in host.game_page.busy.text()

    guest.start_lan_discovery("127.0.0.1")
    qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
    assert guest.lobby.model.listing(0).name == "Kitchen"
    guest.lobby.table_view.selectRow(0)
    qtbot.mouseClick(guest.lobby.join_button, Qt.MouseButton.LeftButton)
    assert isinstance(guest.game, LanGame) and guest.game_page is not None
    windows = (host, guest)
    for window in windows:
        qtbot.waitUntil(lambda w=window: w.game.config is not None, timeout=deadline_ms(30_000))
    assert host.game.names == guest.game.names and sorted(host.game.names) == ["Anna", "Boris"]
    assert host.game.human_seat != guest.game.human_seat

    # Chat goes through the host's lobby to everyone.
    side = guest.game_page.side
    qtbot.keyClicks(side.chat_edit, "Good luck!")
    qtbot.mouseClick(side.send_button, Qt.MouseButton.LeftButton)
    for window in windows:
        chat = window.game_page.side.chat
        qtbot.waitUntil(lambda c=chat: c.count() == 1, timeout=deadline_ms(10_000))
        assert chat.item(0).text() == "Boris: Good luck!"

    rng = random.Random(7)
    moves = 0

    def both_over() -> bool:
        return all(w.game_page.game_over.isVisible() for w in windows)

    while not both_over():
        qtbot.waitUntil(
            lambda: both_over() or any(my_move_ready(w) for w in windows),
            timeout=deadline_ms(30_000),
        )
        for window in windows:
            if window.game_page.game_over.isVisible() or not my_move_ready(window):
                continue
            table = window.game_page.table
            play_by_clicks(qtbot, table, pick_action(table.scene.observation.legal, rng))
            # Sent: the position shows no choices until the table has voted the move in (both
            # players may have a move to make at once; neither waits for its own to apply).
            assert table.scene.observation.legal == ()
            moves += 1
        assert moves < 400
    assert moves > 3
    assert host.game.log_hash == guest.game.log_hash and len(host.game.log_hash) == 64
    for window in windows:
        panel = window.game_page.game_over
        assert panel.verdict.text().startswith("✔ Verified by every peer"), panel.verdict.text()
        assert panel.log_hash.text() == f"Log hash: {host.game.log_hash}"
    first_fool = host.game.fool()
    assert first_fool == guest.game.fool()

    # Play again on both: the next game of the match is dealt.
    for window in windows:
        qtbot.mouseClick(window.game_page.game_over.again_button, Qt.MouseButton.LeftButton)
    for window in windows:
        qtbot.waitUntil(lambda w=window: w.game.game_no == 1, timeout=deadline_ms(30_000))
        qtbot.waitUntil(
            lambda w=window: w.game.observation() is not None, timeout=deadline_ms(30_000)
        )
    assert sum(line.times_fool for line in host.game.scores()) == int(first_fool is not None)
    assert sum(line.points for line in guest.game.scores()) > 0

    # Boris leaves in the middle of game 2: asked first, he forfeits, and Anna's audit says so.
    seen: list[str] = []
    answer_leave_box("Leave", seen)
    qtbot.mouseClick(guest.game_page.side.leave_button, Qt.MouseButton.LeftButton)
    assert "fool of this game by forfeit" in seen[0]
    assert guest.stack.currentWidget() is guest.lobby and guest.game is None
    panel = host.game_page.game_over
    for _ in range(50):  # the forfeit is voted in like a move: Anna may have to move first
        qtbot.waitUntil(
            lambda: panel.isVisible() or my_move_ready(host), timeout=deadline_ms(30_000)
        )
        if panel.isVisible():
            break
        table = host.game_page.table
        play_by_clicks(qtbot, table, pick_action(table.scene.observation.legal, rng))
    assert panel.verdict.text().startswith("✔ Verified by every peer")
    assert panel.verdict.text().endswith("Left the game (forfeit): Boris.")
    assert host.game.fool() == host.game.names.index("Boris")  # who leaves loses
    assert "Boris leaves the game (forfeit)" in host.game_page.side.log_lines()


@requires_private_netns
def test_a_created_table_with_a_bot_seat_plays_against_a_bot_peer(
    qtbot: Any, tmp_path: Path
) -> None:
    window = open_window(qtbot, player_settings(tmp_path, "Anna"))
    try:
        window.host_lan_table(TableOptions("Den", "simple", 2, 1, ""))
        game, page = window.game, window.game_page
        assert isinstance(game, LanGame) and page is not None
        qtbot.waitUntil(lambda: game.config is not None, timeout=deadline_ms(30_000))
        bot_seat = 1 - game.human_seat
        assert game.names[bot_seat] == "Bot 1"
        assert game.bot_hosts() == {bot_seat: "this computer"}  # a peer of its own, run here
        rng = random.Random(3)
        for _ in range(300):
            qtbot.waitUntil(
                lambda: page.game_over.isVisible() or my_move_ready(window),
                timeout=deadline_ms(30_000),
            )
            if page.game_over.isVisible():
                break
            play_by_clicks(qtbot, page.table, pick_action(page.table.scene.observation.legal, rng))
        assert page.game_over.isVisible() and game.moves > 3
        assert page.game_over.verdict.text().startswith("✔ Verified by every peer")
    finally:
        window.close()
    qtbot.waitUntil(
        lambda: not game.running, timeout=deadline_ms(10_000)
    )  # the peer and its bot stopped


def play_moves(qtbot: Any, windows: tuple[MainWindow, ...], rng: random.Random, count: int) -> int:
    """Play up to `count` moves by clicks at whichever window may move; returns moves made."""
    made = 0
    while made < count:
        qtbot.waitUntil(
            lambda: (
                any(w.game_page.game_over.isVisible() for w in windows)
                or any(my_move_ready(w) for w in windows)
            ),
            timeout=deadline_ms(30_000),
        )
        if any(w.game_page.game_over.isVisible() for w in windows):
            break
        for window in windows:
            if my_move_ready(window):
                table = window.game_page.table
                play_by_clicks(qtbot, table, pick_action(table.scene.observation.legal, rng))
                made += 1
    return made


def game_lines(lines: list[str]) -> list[str]:
    """The log's lines without its notices (the ⚠ lines)."""
    return [line for line in lines if not line.startswith("⚠")]


@requires_private_netns
def test_a_client_stopped_mid_game_resumes_from_its_journal(qtbot: Any, tmp_path: Path) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    revived: MainWindow | None = None
    try:
        host.host_lan_table(TableOptions("Attic", "simple", 2, 0, ""))
        guest.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
        guest.join_lan_table(guest.lobby.model.listing(0))
        for window in (host, guest):
            qtbot.waitUntil(
                lambda w=window: w.game.observation() is not None, timeout=deadline_ms(30_000)
            )
        rng = random.Random(5)
        assert play_moves(qtbot, (host, guest), rng, 4) == 4
        guest.game.say("back in a minute")
        qtbot.waitUntil(lambda: guest.game_page.side.chat.count() == 1, timeout=deadline_ms(10_000))
        qtbot.waitUntil(lambda: not guest.game.bots_busy(), timeout=deadline_ms(10_000))
        # The game's lines; a notice ("⚠ Anna is not answering", when a loaded machine delays
        # her heartbeats) is of that moment and does not come back with the game.
        log_before = game_lines(guest.game_page.side.log_lines())
        assert len(log_before) >= 4
        # Boris's client dies: its peer stops with no goodbye and no forfeit.
        assert isinstance(guest.game, LanGame)
        guest.game._thread.stop()
        guest.close()

        revived = open_window(qtbot, player_settings(tmp_path, "Boris"))
        revived.start_lan_discovery("127.0.0.1")
        button = revived.lobby.resume_button
        qtbot.waitUntil(
            button.isVisible, timeout=deadline_ms(10_000)
        )  # journals are read off the GUI thread
        assert "Attic" in button.text()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert isinstance(revived.game, LanGame) and revived.game.resuming
        qtbot.waitUntil(lambda: revived.game.observation() is not None, timeout=deadline_ms(30_000))
        # The chat and the game log came back with the game (kept by the client as it played).
        assert revived.game_page.side.chat.item(0).text() == "Boris: back in a minute"
        assert game_lines(revived.game_page.side.log_lines())[: len(log_before)] == log_before
        windows = (host, revived)
        play_moves(qtbot, windows, rng, 400)
        for window in windows:
            panel = window.game_page.game_over
            qtbot.waitUntil(panel.isVisible, timeout=deadline_ms(30_000))
            assert panel.verdict.text().startswith("✔ Verified by every peer")
        assert host.game.log_hash == revived.game.log_hash
    finally:
        for window in (host, guest, revived):
            if window is not None:
                window.close()


@requires_private_netns
def test_a_host_stopped_mid_game_resumes_with_the_tables_move_timer(
    qtbot: Any, tmp_path: Path
) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    revived: MainWindow | None = None
    try:
        host.host_lan_table(TableOptions("Attic", "simple", 2, 0, "", move_timer=60))
        guest.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
        guest.join_lan_table(guest.lobby.model.listing(0))
        for window in (host, guest):
            qtbot.waitUntil(
                lambda w=window: w.game.observation() is not None, timeout=deadline_ms(30_000)
            )
        assert guest.table_timer == 60  # the host's lobby announced it
        assert play_moves(qtbot, (host, guest), random.Random(7), 2) == 2
        # Anna's client (the host) dies: no goodbye, no forfeit.
        assert isinstance(host.game, LanGame)
        host.game._thread.stop()
        host.close()

        revived = open_window(qtbot, player_settings(tmp_path, "Anna"))
        revived.start_lan_discovery("127.0.0.1")
        button = revived.lobby.resume_button
        qtbot.waitUntil(button.isVisible, timeout=deadline_ms(10_000))
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        game = revived.game
        assert isinstance(game, LanGame) and game.resuming and game.hosting
        assert revived.table_timer == 60 and game.move_timer == 60
        assert revived.game_page is not None and revived.game_page.table.timer.seconds == 60
        qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(30_000))
        peer = game._peer
        assert peer is not None and peer.lobby_host is not None
        assert peer.lobby_host.move_timer == 60  # what the resumed host announces to everyone
        assert guest.table_timer == 60
    finally:
        for window in (host, guest, revived):
            if window is not None:
                window.close()


def moves_told(window: MainWindow) -> list[str]:
    """The game log's lines of moves (no ⚠ notice: a slow machine adds "not answering")."""
    page = window.game_page
    assert page is not None
    return [line for line in page.side.log_lines() if not line.startswith("⚠")]


@requires_private_netns
def test_a_host_killed_mid_game_resumes_with_its_own_bots_and_each_move_logged_once(
    qtbot: Any, tmp_path: Path
) -> None:
    """The bots a client ran at its table come back with it, each from its own journal (the
    game would wait for them and end with a forfeit otherwise), and the restored log goes on
    with no move told twice."""
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    revived: MainWindow | None = None
    try:
        host.host_lan_table(TableOptions("Den", "simple", 3, 2, ""))
        game = host.game
        assert isinstance(game, LanGame)
        qtbot.waitUntil(lambda: game.observation() is not None, timeout=deadline_ms(60_000))
        rng = random.Random(11)
        assert play_moves(qtbot, (host,), rng, 3) == 3
        qtbot.waitUntil(lambda: not game.bots_busy(), timeout=deadline_ms(10_000))
        log_before = moves_told(host)
        bot_keys = set(game.bot_keys)
        # Anna's client dies, and the two bots it ran with it: no goodbye, no forfeit.
        game._thread.stop()
        host.close()

        revived = open_window(qtbot, player_settings(tmp_path, "Anna"))
        revived.start_lan_discovery("127.0.0.1")
        button = revived.lobby.resume_button
        qtbot.waitUntil(button.isVisible, timeout=deadline_ms(10_000))
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        resumed = revived.game
        assert isinstance(resumed, LanGame) and resumed.resuming and resumed.hosting
        qtbot.waitUntil(lambda: resumed.observation() is not None, timeout=deadline_ms(60_000))
        assert resumed.bot_keys == bot_keys  # the same bots, from their own journals
        page = revived.game_page
        assert page is not None
        assert moves_told(revived) == log_before  # restored, the last move told once
        play_moves(qtbot, (revived,), rng, 400)
        qtbot.waitUntil(page.game_over.isVisible, timeout=deadline_ms(60_000))
        # played to its end by all three, no forfeit: the bots came back
        assert page.game_over.verdict.text().startswith("✔ Verified by every peer")
        lines = moves_told(revived)
        assert lines[: len(log_before)] == log_before
        repeated = [a for a, b in itertools.pairwise(lines) if a == b]
        assert not repeated, repeated
    finally:
        for window in (host, revived):
            if window is not None:
                window.close()
