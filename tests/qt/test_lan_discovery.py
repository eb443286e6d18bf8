"""The lobby fills live from mDNS: a table appears, changes and vanishes (private netns only)."""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.async_thread import AsyncioThread
from durak_qt.lobby import discovery as lan_discovery
from durak_qt.lobby.discovery import listing_for
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from net.discovery import TableAnnouncement, TablePublisher, make_zeroconf
from net.identity import Identity
from tests.net.netns import requires_private_netns
from tests.qt.driver import deadline_ms


def announcement(seats_taken: int = 1) -> TableAnnouncement:
    return TableAnnouncement.create(
        name="Kitchen",
        variant="transfer",
        seats_taken=seats_taken,
        seats_total=4,
        host_key=Identity.from_seed(b"k" * 32).public_key,
        host_name="Boris",
        password=True,
        port=40123,
        addresses=["127.0.0.1"],
    )


def test_listing_mirrors_the_announcement() -> None:
    table = announcement()
    listing = listing_for(table)
    assert listing.key == table.service_name and listing.name == "Kitchen"
    assert (listing.seats_taken, listing.seats_total, listing.password) == (1, 4, True)
    assert listing.host_fingerprint == table.host_fingerprint


@requires_private_netns
def test_lobby_shows_tables_appearing_changing_and_vanishing(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lan_discovery, "PROBE_EVERY_S", 600.0)  # nobody listens at its port
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.start_lan_discovery("127.0.0.1")
    model = window.lobby.model
    host = AsyncioThread("test-publisher")
    host.start_loop()

    async def open_mdns() -> Any:
        return make_zeroconf("127.0.0.1")  # AsyncZeroconf binds to the loop it is made on

    zeroconf = host.submit(open_mdns()).result(timeout=10)
    publisher = TablePublisher(zeroconf, announcement())
    try:
        host.submit(publisher.register()).result(timeout=10)
        qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=deadline_ms(15_000))
        assert model.listing(0).name == "Kitchen" and model.listing(0).seats_taken == 1
        assert window.lobby.stack.currentWidget() is window.lobby.table_view
        host.submit(publisher.update(seats_taken=3)).result(timeout=10)
        qtbot.waitUntil(lambda: model.listing(0).seats_taken == 3, timeout=deadline_ms(15_000))
        host.submit(publisher.unregister()).result(timeout=10)
        qtbot.waitUntil(lambda: model.rowCount() == 0, timeout=deadline_ms(15_000))
        assert window.lobby.stack.currentWidget() is window.lobby.empty_label
    finally:
        host.submit(zeroconf.async_close()).result(timeout=10)
        host.stop()
        window.stop_lan_discovery()


@requires_private_netns
def test_a_table_whose_host_stopped_leaves_the_lobby_at_once(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mDNS keeps a crashed host's announcement for minutes; its closed port drops it."""
    import asyncio

    monkeypatch.setattr(lan_discovery, "PROBE_EVERY_S", 1.0)
    host = AsyncioThread("test-host")
    host.start_loop()

    async def listen() -> Any:
        return await asyncio.start_server(lambda _r, w: w.close(), "127.0.0.1", 0)

    server = host.submit(listen()).result(timeout=10)
    port = server.sockets[0].getsockname()[1]

    async def open_mdns() -> Any:
        return make_zeroconf("127.0.0.1")

    zeroconf = host.submit(open_mdns()).result(timeout=10)
    table = TableAnnouncement.create(
        name="Garage",
        variant="throw-in",
        seats_taken=1,
        seats_total=3,
        host_key=Identity.from_seed(b"g" * 32).public_key,
        host_name="Gleb",
        password=False,
        port=port,
        addresses=["127.0.0.1"],
    )
    window = MainWindow(settings)
    qtbot.addWidget(window)
    try:
        host.submit(TablePublisher(zeroconf, table).register()).result(timeout=10)
        window.start_lan_discovery("127.0.0.1")
        model = window.lobby.model
        qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=deadline_ms(15_000))
        qtbot.wait(2_500)  # probed while the host listens: the table stays
        assert model.rowCount() == 1

        async def crash() -> None:  # the host's client dies: no mDNS goodbye
            server.close()
            await server.wait_closed()

        host.submit(crash()).result(timeout=10)
        qtbot.waitUntil(lambda: model.rowCount() == 0, timeout=deadline_ms(6_000))
    finally:
        window.stop_lan_discovery()
        host.submit(zeroconf.async_close()).result(timeout=10)
        host.stop()
