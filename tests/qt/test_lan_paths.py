"""LAN error paths end, in words, within their deadline: a wrong password (asked again), a table
that vanished, "play again" after the host left.

Runs only inside a private network namespace (sockets and mDNS stay on `lo`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from durak_qt.dialogs.options import TableOptions
from durak_qt.lobby import lan_game
from durak_qt.lobby.join_address import JoinTarget
from durak_qt.lobby.lan_game import JOIN_DEADLINE_S, NEXT_GAME_DEADLINE_S, explain_failure
from durak_qt.lobby.lobby import TableListing
from net.handshake import ChannelError, Failure
from net.identity import Identity
from net.peer_events import (
    HostEquivocated,
    HostFault,
    HostMalformed,
    HostStalled,
    JoinError,
    PeerError,
    SeatLeftMatch,
)
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms
from tests.qt.test_lan_game import open_window, play_moves, player_settings

TECHNICAL = ("side failed", "peer reports", "Error", "refused the password:", "PeerError")


def test_every_deadline_is_at_most_30_seconds() -> None:
    assert 0 < JOIN_DEADLINE_S <= 30 and 0 < NEXT_GAME_DEADLINE_S <= 30


@pytest.mark.parametrize(
    ("problem", "kind", "words"),
    [
        (JoinError("wrong-password", "Vault"), "password", "did not accept that password"),
        (JoinError("full", "Vault", "the table is full"), "refused", "it is full"),
        (JoinError("name-taken", "Vault", "the name 'Anna' is taken"), "refused", "your name"),
        (JoinError("refused", "Vault", "the name 'Anna' is taken"), "refused", "let you in."),
        (JoinError("refused", "Vault", "no"), "refused", "did not let you in."),
        (JoinError("kicked", "Vault"), "refused", "asked you to leave"),
        (JoinError("not-found", "Vault"), "vanished", "could not be found"),
        (JoinError("vanished", "Vault"), "vanished", "stopped answering"),
        (JoinError("wrong-host", "Vault"), "wrong_host", "Another computer"),
        (JoinError("ambiguous", "Vault"), "closed", "Two tables are called"),
        (ChannelError("local", "x", Failure.WRONG_PASSWORD), "password", "that password"),
        (ChannelError("local", "x", Failure.PASSWORD_MISMATCH), "password", "that password"),
        (ChannelError("local", "x", Failure.NOT_ACCEPTED), "refused", "it is full"),
        (ChannelError("local", "x", Failure.WRONG_HOST), "wrong_host", "Another computer"),
        (ChannelError("local", "x", Failure.TIMEOUT), "vanished", "stopped answering"),
        (ConnectionRefusedError(111, "refused"), "vanished", "could not be found"),
        (PeerError("cannot start: OSError(99)"), "closed", "connection to the table"),
        ("the table refused the password", "closed", "connection to the table"),  # text: no kind
        (HostFault("Anna", 1, ["another leader"], {}), "closed", "unlike the last game decides"),
        (HostMalformed("Anna", "start", "first seat -1", {}), "closed", "breaks the protocol"),
        (HostEquivocated("Anna", 1, "Boris", ["leader"], []), "closed", "two different starts"),
        (HostStalled("Anna", 1, 30.0), "closed", "every player was ready"),
        (HostStalled("Anna", 1, 90.0, running=True), "closed", "it never started here"),
        (
            SeatLeftMatch("Boris (abcd-efgh)", 0),
            "closed",
            "Boris (abcd-efgh) left the match after game 1",
        ),
        (
            SeatLeftMatch("Boris (abcd-efgh)", 1, vanished=True),
            "closed",
            "did not come back after game 2",
        ),
    ],
)
def test_net_failures_are_told_by_their_kind_in_words(
    qapp: Any, problem: object, kind: str, words: str
) -> None:
    told_kind, told = explain_failure(problem, "Vault")
    assert told_kind == kind and told_kind in lan_game.CLOSED_KINDS
    assert words in told and "“Vault”" in told
    assert not any(t in told for t in TECHNICAL)


@requires_private_netns
def test_a_wrong_password_says_so_and_asks_again(qtbot: Any, tmp_path: Path) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    asked: list[str] = []

    def ask_password(table_name: str, problem: str = "") -> str | None:
        asked.append(problem)
        return "wrong" if len(asked) == 1 else None  # the second time the player gives up

    guest.ask_password = ask_password  # type: ignore[method-assign]
    try:
        host.host_lan_table(TableOptions("Vault", "simple", 2, 0, "right"))
        guest.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
        guest.join_lan_table(guest.lobby.model.listing(0))
        qtbot.waitUntil(lambda: len(asked) == 2, timeout=JOIN_DEADLINE_S * 1000)
        assert asked[1] == "The table “Vault” did not accept that password. Try again."
        assert guest.game is None and guest.stack.currentWidget() is guest.lobby
        notice = guest.lobby.notice.text()
        assert notice == asked[1] and guest.lobby.notice.isVisible()
        assert not any(t in notice for t in TECHNICAL)
        assert guest.lobby.model.rowCount() == 1  # the table is still there to join
    finally:
        for window in (host, guest):
            window.close()


@requires_private_netns
def test_joining_a_table_that_vanished_ends_in_words(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lan_game, "JOIN_DEADLINE_S", 2.0)
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    ghost = TableListing("ghost", "Ghost", "throw-in", 1, 2, "Vera", "ab" * 32, False)
    guest.lobby.model.add_or_update(ghost)
    try:
        guest.join_lan_table(ghost)
        assert guest.game is not None
        qtbot.waitUntil(lambda: guest.game is None, timeout=deadline_ms(10_000))
        assert guest.stack.currentWidget() is guest.lobby
        assert guest.lobby.notice.text().startswith(
            "The table “Ghost” could not be reached within 2 s"
        )
        assert guest.lobby.model.rowCount() == 0  # no stale row left to click again
    finally:
        guest.close()


@requires_private_netns
def test_play_again_after_the_host_left_ends_in_words(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lan_game, "NEXT_GAME_DEADLINE_S", 3.0)
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    try:
        host.host_lan_table(TableOptions("Porch", "simple", 2, 0, ""))
        guest.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
        guest.join_lan_table(guest.lobby.model.listing(0))
        for window in (host, guest):
            qtbot.waitUntil(
                lambda w=window: w.game.observation() is not None, timeout=deadline_ms(30_000)
            )
        play_moves(qtbot, (host, guest), random.Random(4), 400)
        panel = guest.game_page.game_over
        qtbot.waitUntil(panel.isVisible, timeout=deadline_ms(30_000))
        host.close()  # the host goes home
        panel.again_button.click()
        qtbot.waitUntil(lambda: guest.game is None, timeout=deadline_ms(15_000))
        assert guest.stack.currentWidget() is guest.lobby
        notice = guest.lobby.notice.text()
        assert "Porch" in notice and ("no new game" in notice or "has closed" in notice)
    finally:
        for window in (host, guest):
            window.close()


@requires_private_netns
def test_a_taken_name_is_said_in_words(qtbot: Any, tmp_path: Path) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    twin = player_settings(tmp_path, "Anna2")
    twin.name = "Anna"  # a second Anna on another computer
    guest = open_window(qtbot, twin)
    try:
        host.host_lan_table(TableOptions("Den", "simple", 3, 0, ""))
        guest.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 1, timeout=deadline_ms(20_000))
        guest.join_lan_table(guest.lobby.model.listing(0))
        qtbot.waitUntil(lambda: guest.game is None, timeout=deadline_ms(20_000))
        assert guest.lobby.notice.text() == (
            "The table “Den” already has a player with your name: choose another one in "
            "Settings and join again."
        )
    finally:
        for window in (host, guest):
            window.close()


@requires_private_netns
def test_the_lobby_joins_the_table_of_the_row_chosen_when_two_share_a_name(
    qtbot: Any, tmp_path: Path
) -> None:
    anna = open_window(qtbot, player_settings(tmp_path, "Anna"))
    carl = open_window(qtbot, player_settings(tmp_path, "Carl"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    windows = (anna, carl, guest)
    try:
        anna.host_lan_table(TableOptions("Twins", "simple", 2, 0, ""))
        carl.host_lan_table(TableOptions("Twins", "simple", 2, 0, ""))
        guest.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: guest.lobby.model.rowCount() == 2, timeout=deadline_ms(20_000))
        rows = [guest.lobby.model.listing(i) for i in range(2)]
        row = next(r for r in rows if r.host_name == "Carl")
        guest.join_lan_table(row)
        qtbot.waitUntil(
            lambda: guest.game is not None and guest.game.observation() is not None,
            timeout=deadline_ms(30_000),
        )
        assert sorted(guest.game.names) == ["Boris", "Carl"]
        assert anna.game.observation() is None  # Anna's table still waits for a player
    finally:
        for window in windows:
            window.close()


def test_joining_a_lobby_row_or_an_invitation_demands_its_host_key(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window(qtbot, player_settings(tmp_path, "Boris"))
    opened: list[Any] = []
    monkeypatch.setattr(window, "_open_lan_game", lambda settings, bots: opened.append(settings))
    key = bytes(Identity.from_seed(b"h" * 32).public_key)
    try:
        row = TableListing("svc", "Twins", "simple", 1, 2, "Carl", "ab", False, host_key=key)
        window.join_lan_table(row)
        window.join_at(JoinTarget("10.0.0.5", 5000, key, "Twins"))
        window.join_at(JoinTarget("10.0.0.5", 5000))  # a typed address names no host
    finally:
        window.close()
    assert [s.host_key for s in opened] == [key, key, None]
    assert [s.join_table for s in opened] == ["Twins", "Twins", "10.0.0.5:5000"]
    assert opened[1].connect == "10.0.0.5:5000"


@requires_private_netns
def test_the_bots_of_two_tables_with_one_name_each_sit_at_their_own_hosts_table(
    qtbot: Any, tmp_path: Path
) -> None:
    anna = open_window(qtbot, player_settings(tmp_path, "Anna"))
    carl = open_window(qtbot, player_settings(tmp_path, "Carl"))
    try:
        for window in (anna, carl):
            window.host_lan_table(TableOptions("Twins", "simple", 2, 1, ""))
        for window in (anna, carl):
            qtbot.waitUntil(lambda w=window: w.game.config is not None, timeout=deadline_ms(30_000))
            config = window.game.config
            seats = [seat.key for seat in config.seats]
            assert window.game.bot_keys <= set(seats) and len(window.game.bot_keys) == 1
    finally:
        for window in (anna, carl):
            window.close()
