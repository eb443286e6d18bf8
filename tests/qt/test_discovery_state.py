"""The lobby tells "no tables found" (discovery works: other devices answer) apart from
"discovery is blocked here" (nothing answered at all). Private netns only."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from zeroconf import ServiceInfo

from durak_qt.async_thread import AsyncioThread
from durak_qt.lobby import discovery as lan_discovery
from durak_qt.lobby.lobby import LobbyWidget
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.discovery import make_zeroconf
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms


def test_the_lobby_words_for_each_state(qtbot: Any) -> None:
    lobby = LobbyWidget()
    qtbot.addWidget(lobby)
    looking = lobby.empty_label.text()
    lobby.set_discovery_state("quiet")
    assert "blocks discovery" in lobby.empty_label.text()
    assert "Join by address" in lobby.empty_label.text()
    lobby.set_discovery_state("working")
    assert "Discovery works on this network" in lobby.empty_label.text()
    lobby.set_discovery_state("looking")
    assert lobby.empty_label.text() == looking
    with pytest.raises(ValueError):
        lobby.set_discovery_state("maybe")


@requires_private_netns
def test_a_silent_network_is_called_quiet(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lan_discovery, "QUIET_AFTER_S", 1.5)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.start_lan_discovery("127.0.0.1")
    try:
        qtbot.waitUntil(lambda: window.lan_browser.state == "quiet", timeout=deadline_ms(10_000))
        assert "blocks discovery" in window.lobby.empty_label.text()
    finally:
        window.stop_lan_discovery()


@requires_private_netns
def test_another_device_answering_means_discovery_works(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lan_discovery, "QUIET_AFTER_S", 30.0)
    device = AsyncioThread("test-printer")
    device.start_loop()

    async def open_mdns() -> Any:
        return make_zeroconf("127.0.0.1")

    zeroconf = device.submit(open_mdns()).result(timeout=10)
    printer = ServiceInfo(
        "_ipp._tcp.local.",
        "Office printer._ipp._tcp.local.",
        addresses=[socket.inet_aton("127.0.0.1")],
        port=631,
        server="printer.local.",
    )
    window = MainWindow(settings)
    qtbot.addWidget(window)
    try:
        device.submit(zeroconf.async_register_service(printer)).result(timeout=10)
        window.start_lan_discovery("127.0.0.1")
        qtbot.waitUntil(lambda: window.lan_browser.state == "working", timeout=deadline_ms(15_000))
        assert "Discovery works" in window.lobby.empty_label.text()
    finally:
        window.stop_lan_discovery()
        device.submit(zeroconf.async_close()).result(timeout=10)
        device.stop()
