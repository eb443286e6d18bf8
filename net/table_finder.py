"""Finding a table and showing one: mDNS look-ups by name or host identity, the first contact
with a host given by address (which tells its identity), and the host's announcement kept up to
date with its lobby. Every look-up has a deadline and ends in a `JoinError` that says why.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from net.discovery import (
    DiscoveryError,
    TableAnnouncement,
    TableAppeared,
    TableBrowser,
    TablePublisher,
    TableUpdated,
    advertised_addresses,
    make_zeroconf,
)
from net.handshake import ChannelError, Failure
from net.identity import Identity
from net.lobby import LobbyState, parse_host_port
from net.mesh import DIAL_BACKOFF, monotonic
from net.peer_events import JoinError
from net.transport import Connection, connect

logger = logging.getLogger("net.peer")


async def find_table(
    interface: str, wanted: Callable[[TableAnnouncement], bool], timeout: float
) -> TableAnnouncement | None:
    """The first table announced over mDNS that `wanted` accepts, or None after `timeout`."""
    zeroconf = make_zeroconf(interface)
    browser = TableBrowser(zeroconf)
    try:
        await browser.start()
        async with asyncio.timeout(timeout):
            while True:
                event = await browser.next_event()
                if isinstance(event, TableAppeared | TableUpdated) and wanted(event.table):
                    return event.table
    except TimeoutError:
        return None
    finally:
        await browser.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(zeroconf.async_close(), 3.0)


def refusal(error: Exception, table: str) -> JoinError | None:
    """The JoinError a failed connection to a host means, when it is a refusal (a wrong or
    missing password, a key the host does not let in: a full table, or another host answering
    in the table's place); None otherwise. Decided by the handshake's typed failure."""
    if not isinstance(error, ChannelError):
        return None
    kind = {
        Failure.WRONG_PASSWORD: "wrong-password",
        Failure.PASSWORD_MISMATCH: "wrong-password",
        Failure.NOT_ACCEPTED: "full",
        Failure.WRONG_HOST: "wrong-host",
    }.get(error.failure)
    return None if kind is None else JoinError(kind, table, error.reason)


async def first_contact(
    text: str, identity: Identity, password: str | None, timeout: float
) -> Connection:
    """A connection to the host listening at HOST:PORT `text`, demanding no key (the connection
    tells it); JoinError when refused or nothing answered within `timeout` seconds."""
    host, port = parse_host_port(text)
    deadline = monotonic() + timeout
    while True:
        try:
            return await connect(host, port, identity, password=password)
        except (OSError, ChannelError, TimeoutError) as error:
            refused = refusal(error, text)
            if refused is not None:
                raise refused from None
            if monotonic() > deadline:
                raise JoinError("not-found", text, f"nothing answered: {error}") from None
            logger.info("no table at %s yet: %s", text, error)
            await asyncio.sleep(DIAL_BACKOFF[1])


class Announcer:
    """The host's mDNS announcement of its table, following the lobby's seats and variant."""

    def __init__(self, interface: str) -> None:
        self.interface = interface
        self.zeroconf: Any = None
        self.publisher: TablePublisher | None = None
        self.announced: tuple[int, int, str] | None = None

    async def publish(
        self,
        name: str,
        state: LobbyState,
        host_key: bytes,
        host_name: str,
        password: bool,
        port: int,
    ) -> None:
        """Announce the table."""
        self.zeroconf = make_zeroconf(self.interface)
        announcement = TableAnnouncement.create(
            name=name,
            variant=state.variant,
            seats_taken=state.seats_taken,
            seats_total=state.seats,
            host_key=host_key,
            host_name=host_name,
            password=password,
            port=port,
            addresses=advertised_addresses(self.interface),
        )
        self.publisher = TablePublisher(self.zeroconf, announcement)
        await self.publisher.register()
        self.announced = (state.seats_taken, state.seats, state.variant)
        logger.info("announced table %r as %s", name, announcement.service_name)

    async def follow(self, state: LobbyState) -> None:
        """Update the announcement when the seats taken or the variant changed."""
        if self.publisher is None or self.announced is None:
            return
        now = (state.seats_taken, state.seats, state.variant)
        if now == self.announced:
            return
        self.announced = now
        try:
            await self.publisher.update(
                seats_taken=state.seats_taken, seats_total=state.seats, variant=state.variant
            )
        except DiscoveryError as error:
            logger.warning("cannot update the announcement: %s", error)

    async def close(self) -> None:
        """Withdraw the announcement."""
        if self.publisher is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.publisher.unregister(), 3.0)
        if self.zeroconf is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.zeroconf.async_close(), 3.0)
