"""The lobby fed live from the LAN: `net.discovery.TableBrowser` on an asyncio thread."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from durak_qt.async_thread import AsyncioThread
from durak_qt.lobby.lobby import LobbyModel, TableListing
from net.discovery import (
    SERVICE_TYPE,
    InterfaceSetting,
    TableAnnouncement,
    TableAppeared,
    TableBrowser,
    TableUpdated,
    TableVanished,
    make_zeroconf,
)

logger = logging.getLogger("durak_qt.lobby.discovery")

QUIET_AFTER_S = 8.0
"""Seconds of browsing after which a network where nothing answered mDNS is called quiet."""
EVERY_SERVICE = "_services._dns-sd._udp.local."
PROBE_EVERY_S = 10.0
"""How often each listed table's port is checked: mDNS keeps a crashed host's table for
minutes; a port nobody listens on any more (the host's client is gone) drops it at once."""
PROBE_TIMEOUT_S = 3.0
MISSED_PROBES = 2
"""Checks in a row that get no answer at all (the computer is gone) before the table goes."""


async def table_answers(addresses: tuple[str, ...], port: int, timeout: float) -> bool | None:
    """True when something accepts a connection at the table's port, False when every address
    refuses it (nobody listens: the host's client has stopped), None when none answered."""
    refused = 0
    for address in addresses:
        try:
            _reader, writer = await asyncio.wait_for(
                asyncio.open_connection(address, port), timeout
            )
        except ConnectionRefusedError:
            refused += 1
            continue
        except (OSError, TimeoutError):
            continue
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
        return True
    return False if addresses and refused == len(addresses) else None


"""The mDNS meta-query every device with a service answers (printers, phones, other games)."""


def listing_for(table: TableAnnouncement) -> TableListing:
    """The lobby's row for an announced table (keyed by its mDNS service name)."""
    return TableListing(
        key=table.service_name,
        name=table.name,
        variant=table.variant,
        seats_taken=table.seats_taken,
        seats_total=table.seats_total,
        host_name=table.host_name,
        host_fingerprint=table.host_fingerprint,
        password=table.password,
        host_key=table.host_key,
        protocol_version=table.protocol_version,
        running=table.running,
        watchers=table.watchers,
    )


class LanBrowser(QObject):
    """Browses `_durak._tcp` off the GUI thread and keeps a `LobbyModel` in step with it.

    `tables` holds the full announcements (addresses, port, host key) by listing key.
    """

    table_seen = Signal(object)
    table_gone = Signal(str)
    failed = Signal(str)
    unfinished_found = Signal(object)
    """list[durak_qt.lobby.lan_game.UnfinishedTable]: games of ours to resume (journals in data_dir)."""
    other_service_heard = Signal(str)
    discovery_state = Signal(str)
    """"working": a table or another device answered mDNS here, so discovery works; "quiet":
    nothing answered within QUIET_AFTER_S, so this network may block it."""

    def __init__(
        self,
        model: LobbyModel,
        interfaces: InterfaceSetting = "all",
        parent: QObject | None = None,
        data_dir: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.interfaces = interfaces
        self.data_dir = data_dir
        self.tables: dict[str, TableAnnouncement] = {}
        self._thread = AsyncioThread("lan-discovery", self)
        self._task: Any = None
        self.table_seen.connect(self._seen)
        self.table_gone.connect(self._gone)
        self.other_service_heard.connect(self._heard)
        self.state = "looking"
        self.quiet_after_s = QUIET_AFTER_S
        self._quiet = QTimer(self)
        self._quiet.setSingleShot(True)
        self._quiet.timeout.connect(self._no_answer)
        self.probe_every_s = PROBE_EVERY_S
        self._targets: dict[str, tuple[tuple[str, ...], int]] = {}
        self._targets_lock = threading.Lock()  # written on the GUI thread, read by the prober

    def start(self) -> None:
        """Begin browsing (returns at once)."""
        if self._task is None:
            self._thread.start_loop()
            self._task = self._thread.submit(self._browse())
            self._quiet.start(round(self.quiet_after_s * 1000))

    def stop(self) -> None:
        """Stop browsing and close mDNS (waits a moment for the goodbye)."""
        self._quiet.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(Exception):
                self._task.result(timeout=3)
            self._task = None
        self._thread.stop()

    @property
    def running(self) -> bool:
        """Browsing now."""
        return self._task is not None and not self._task.done()

    async def _browse(self) -> None:
        if self.data_dir is not None:  # reading journals takes a moment: not on the GUI thread
            from durak_qt.lobby.lan_game import unfinished_tables

            self.unfinished_found.emit(unfinished_tables(self.data_dir))
        try:
            zeroconf = make_zeroconf(self.interfaces)
        except Exception as error:  # bad interface setting, no permission, ...
            self.failed.emit(str(error))
            return
        browser = TableBrowser(zeroconf)
        others: Any = None
        prober: asyncio.Task[None] | None = None
        try:
            await browser.start()
            others = self._listen_for_other_services(zeroconf)
            prober = asyncio.get_running_loop().create_task(self._probe_tables())
            async for event in browser:
                if isinstance(event, TableAppeared | TableUpdated):
                    self.table_seen.emit(event.table)
                elif isinstance(event, TableVanished):
                    self.table_gone.emit(event.table.service_name)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            logger.exception("LAN discovery stopped")
            self.failed.emit(str(error))
        finally:
            if prober is not None:
                prober.cancel()
            if others is not None:
                with contextlib.suppress(Exception):
                    await others.async_cancel()
            with contextlib.suppress(Exception):
                await browser.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(zeroconf.async_close(), 3.0)

    async def _probe_tables(self) -> None:
        """Drop listed tables whose host no longer listens (see PROBE_EVERY_S)."""
        missed: dict[str, int] = {}
        while True:
            await asyncio.sleep(self.probe_every_s)
            with self._targets_lock:
                targets = dict(self._targets)
            for key, (addresses, port) in targets.items():
                answer = await table_answers(addresses[:4], port, PROBE_TIMEOUT_S)
                missed[key] = 0 if answer else missed.get(key, 0) + 1
                if answer is False or missed[key] >= MISSED_PROBES:
                    logger.info("table %s no longer answers at port %d: dropped", key, port)
                    missed.pop(key, None)
                    with self._targets_lock:
                        self._targets.pop(key, None)
                    self.table_gone.emit(key)

    def _listen_for_other_services(self, zeroconf: Any) -> Any:
        """Note any device answering mDNS here (evidence that discovery is not blocked)."""
        from zeroconf.asyncio import AsyncServiceBrowser

        def changed(**change: Any) -> None:
            name = str(change.get("name", ""))
            if name and name != SERVICE_TYPE:
                self.other_service_heard.emit(name)

        return AsyncServiceBrowser(zeroconf.zeroconf, EVERY_SERVICE, handlers=[changed])

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.discovery_state.emit(state)

    def _heard(self, _name: str) -> None:
        self._quiet.stop()
        self._set_state("working")

    def _no_answer(self) -> None:
        if self.state == "looking" and not self.tables:
            self._set_state("quiet")

    def _seen(self, table: TableAnnouncement) -> None:
        try:
            listing = listing_for(table)
        except ValueError as error:  # the lobby shows at most 12 seats, like discovery allows
            logger.warning("not listing %s: %s", table.service_name, error)
            return
        self.tables[listing.key] = table
        with self._targets_lock:
            self._targets[listing.key] = (tuple(table.addresses), table.port)
        self.model.add_or_update(listing)
        self._quiet.stop()
        self._set_state("working")

    def _gone(self, key: str) -> None:
        self.tables.pop(key, None)
        with self._targets_lock:
            self._targets.pop(key, None)
        self.model.remove(key)
