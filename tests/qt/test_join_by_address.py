"""Joining by address or invitation, for networks whose router drops mDNS."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from durak_qt.dialogs.options import JoinAddressDialog, TableOptions
from durak_qt.lobby.join_address import JoinTarget, JoinTextError, read_join_text
from net.invitation import Invitation, parse_invitation
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms
from tests.qt.test_lan_game import open_window, player_settings

KEY = bytes(range(32))


def test_addresses_and_invitations_are_read(qapp: Any) -> None:
    assert read_join_text(" 192.168.1.20:45123 ") == JoinTarget("192.168.1.20", 45123)
    assert read_join_text("[::1]:7000") == JoinTarget("::1", 7000)
    assert read_join_text("[::1]:7000").address == "[::1]:7000"  # as net's --connect reads it
    assert read_join_text("gamebox.local:80").host == "gamebox.local"
    invitation = str(Invitation("10.0.0.5", 5000, KEY, "Friday table"))  # net's own format
    assert read_join_text(invitation) == JoinTarget("10.0.0.5", 5000, KEY, "Friday table")
    assert read_join_text("10.0.0.5:5000").table_name == "10.0.0.5:5000"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Type the host's address"),
        ("192.168.1.20", "with a colon"),
        ("192.168.1.20:99999", "1 to 65535"),
        ("bad_host!:5", "not a computer's address"),
        ("durak://10.0.0.5/x", "damaged"),
        ("durak://10.0.0.5:5000/x#abcd", "damaged"),
        ("durak://10.0.0.5:5000/x?key=" + KEY.hex(), "damaged"),  # the client's old format
    ],
)
def test_bad_text_is_refused_in_words(qapp: Any, text: str, words: str) -> None:
    with pytest.raises(JoinTextError, match=words):
        read_join_text(text)


def test_the_dialog_allows_joining_only_a_readable_address(qtbot: Any) -> None:
    dialog = JoinAddressDialog()
    qtbot.addWidget(dialog)
    ok = dialog.buttons.buttons()[0]
    assert not ok.isEnabled() and dialog.problem.isHidden()
    dialog.address_edit.setText("10.0.0.5")
    assert not ok.isEnabled() and "colon" in dialog.problem.text()
    dialog.address_edit.setText("10.0.0.5:5000")
    assert ok.isEnabled() and dialog.problem.isHidden()
    assert dialog.invitation() == JoinTarget("10.0.0.5", 5000)
    assert dialog.password() is None


@requires_private_netns
@pytest.mark.parametrize("with_key", [True, False])
def test_a_guest_joins_by_invitation_without_mdns(
    qtbot: Any, tmp_path: Path, with_key: bool
) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    try:
        host.host_lan_table(TableOptions("Attic", "simple", 2, 0, ""))
        qtbot.waitUntil(lambda: bool(host.last_invitation), timeout=deadline_ms(20_000))
        assert any("Join by address" in line for line in host.game_page.side.log_lines())
        invitation = parse_invitation(host.last_invitation)  # net reads the host's invitation
        assert invitation.table_name == "Attic"
        target = read_join_text(host.last_invitation)
        assert target.host_key == invitation.host_key
        if not with_key:  # the player typed only the address and port
            target = JoinTarget(invitation.host, invitation.port)
        assert guest.lan_browser is None  # the guest never looks on the network
        guest.join_at(target)
        for window in (host, guest):
            qtbot.waitUntil(
                lambda w=window: w.game.observation() is not None, timeout=deadline_ms(30_000)
            )
        assert sorted(guest.game.names) == ["Anna", "Boris"]
    finally:
        for window in (host, guest):
            window.close()


@requires_private_netns
def test_a_table_with_a_password_asks_for_it_when_joined_by_address(
    qtbot: Any, tmp_path: Path
) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    asked: list[str] = []

    def ask_password(table_name: str, problem: str = "") -> str | None:
        asked.append(problem)
        return "secret"

    guest.ask_password = ask_password  # type: ignore[method-assign]
    try:
        host.host_lan_table(TableOptions("Vault", "simple", 2, 0, "secret"))
        qtbot.waitUntil(lambda: bool(host.last_invitation), timeout=deadline_ms(20_000))
        guest.join_at(read_join_text(host.last_invitation))  # no password given
        qtbot.waitUntil(lambda: len(asked) == 1, timeout=deadline_ms(20_000))
        assert "did not accept that password" in asked[0]
        for window in (host, guest):
            qtbot.waitUntil(
                lambda w=window: w.game is not None and w.game.observation() is not None,
                timeout=deadline_ms(30_000),
            )
    finally:
        for window in (host, guest):
            window.close()


@requires_private_netns
def test_an_invitation_whose_host_key_does_not_answer_is_refused_in_words(
    qtbot: Any, tmp_path: Path
) -> None:
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    try:
        host.host_lan_table(TableOptions("Attic", "simple", 2, 0, ""))
        qtbot.waitUntil(lambda: bool(host.last_invitation), timeout=deadline_ms(20_000))
        real = read_join_text(host.last_invitation)
        guest.join_at(JoinTarget(real.host, real.port, KEY, "Attic"))  # another host's key
        qtbot.waitUntil(lambda: guest.game is None, timeout=deadline_ms(20_000))
        notice = guest.lobby.notice.text()
        assert "Another computer answered" in notice and "“Attic”" in notice
    finally:
        for window in (host, guest):
            window.close()


@requires_private_netns
@pytest.mark.parametrize("with_key", [True, False])
def test_a_czech_table_joined_by_address_opens_the_family3_page(
    qtbot: Any, tmp_path: Path, with_key: bool
) -> None:
    from durak_qt.games.family3.lan_game import Family3LanGame, Family3LanPage
    from net.lobby import table_problem

    if table_problem("czech", {}, 2) is not None:
        pytest.skip("the LAN table does not deal czech fool")
    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    try:
        host.host_lan_table(TableOptions("Cellar", "czech", 2, 0, ""))
        qtbot.waitUntil(lambda: bool(host.last_invitation), timeout=deadline_ms(20_000))
        target = read_join_text(host.last_invitation)
        if not with_key:  # only the address and port: the variant comes from the lobby alone
            target = JoinTarget(target.host, target.port)
        guest.join_at(target)
        qtbot.waitUntil(lambda: isinstance(guest.game, Family3LanGame), timeout=deadline_ms(20_000))
        assert isinstance(guest.stack.currentWidget(), Family3LanPage)
        assert guest.game_variant == "czech"
        for window in (host, guest):
            qtbot.waitUntil(
                lambda w=window: w.game.observation() is not None, timeout=deadline_ms(30_000)
            )
        joined = guest.game
        assert isinstance(joined, Family3LanGame) and sorted(joined.names) == ["Anna", "Boris"]
        assert joined.observation().hand  # the page draws the czech hand dealt to Boris
    finally:
        for window in (host, guest):
            window.close()


@requires_private_netns
def test_a_durak_table_joined_by_address_keeps_the_durak_page(qtbot: Any, tmp_path: Path) -> None:
    from durak_qt.lobby.lan_game import LanGame

    host = open_window(qtbot, player_settings(tmp_path, "Anna"))
    guest = open_window(qtbot, player_settings(tmp_path, "Boris"))
    try:
        host.host_lan_table(TableOptions("Attic", "simple", 2, 0, ""))
        qtbot.waitUntil(lambda: bool(host.last_invitation), timeout=deadline_ms(20_000))
        target = read_join_text(host.last_invitation)
        guest.join_at(JoinTarget(target.host, target.port))
        qtbot.waitUntil(
            lambda: guest.game is not None and guest.game.observation() is not None,
            timeout=deadline_ms(30_000),
        )
        assert isinstance(guest.game, LanGame) and guest.game_variant == "simple"
    finally:
        for window in (host, guest):
            window.close()
