"""The lobby fed live from the LAN: `net.discovery.TableBrowser` on an asyncio thread."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from durak_qt.async_thread import AsyncioThread
from durak_qt.lobby import LobbyModel, TableListing
from net.discovery import (
    InterfaceSetting,
    TableAnnouncement,
    TableAppeared,
    TableBrowser,
    TableUpdated,
    TableVanished,
    make_zeroconf,
)

logger = logging.getLogger("durak_qt.lan_discovery")


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
    )


class LanBrowser(QObject):
    """Browses `_durak._tcp` off the GUI thread and keeps a `LobbyModel` in step with it.

    `tables` holds the full announcements (addresses, port, host key) by listing key.
    """

    table_seen = Signal(object)
    table_gone = Signal(str)
    failed = Signal(str)
    unfinished_found = Signal(object)
    """list[durak_qt.lan_game.UnfinishedTable]: games of ours to resume (journals in data_dir)."""

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

    def start(self) -> None:
        """Begin browsing (returns at once)."""
        if self._task is None:
            self._thread.start_loop()
            self._task = self._thread.submit(self._browse())

    def stop(self) -> None:
        """Stop browsing and close mDNS (waits a moment for the goodbye)."""
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
            from durak_qt.lan_game import unfinished_tables

            self.unfinished_found.emit(unfinished_tables(self.data_dir))
        try:
            zeroconf = make_zeroconf(self.interfaces)
        except Exception as error:  # bad interface setting, no permission, ...
            self.failed.emit(str(error))
            return
        browser = TableBrowser(zeroconf)
        try:
            await browser.start()
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
            with contextlib.suppress(Exception):
                await browser.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(zeroconf.async_close(), 3.0)

    def _seen(self, table: TableAnnouncement) -> None:
        try:
            listing = listing_for(table)
        except ValueError as error:  # the lobby shows at most 12 seats, like discovery allows
            logger.warning("not listing %s: %s", table.service_name, error)
            return
        self.tables[listing.key] = table
        self.model.add_or_update(listing)

    def _gone(self, key: str) -> None:
        self.tables.pop(key, None)
        self.model.remove(key)
