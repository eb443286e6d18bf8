"""Finding a table and showing one: mDNS look-ups by name or host identity, the first contact
with a host given by address (which tells its identity), and the host's announcement kept up to
date with its lobby. Every look-up has a deadline and ends in a `JoinError` that says why.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from net.discovery import (
    DiscoveryError,
    TableAnnouncement,
    TableBrowser,
    TablePublisher,
    advertised_addresses,
    make_zeroconf,
)
from net.handshake import PROTOCOL_VERSION, ChannelError, Failure
from net.identity import Identity
from net.lobby import LobbyState, parse_host_port
from net.mesh import DIAL_BACKOFF
from net.peer_events import JoinError
from net.transport import Connection, connect

logger = logging.getLogger("net.peer")


NAME_SETTLE = 1.5
"""Seconds a join by name keeps listening after the first table of that name appears, so that a
second table of the same name is seen before one is picked."""
PROBE_TIMEOUT = 2.0
"""Seconds a table's announced address has to accept a TCP connection to count as answering."""


async def find_host(interface: str, host_key: bytes, timeout: float) -> TableAnnouncement | None:
    """The table announced over mDNS by the host with this identity key (the latest, when a
    restarted host was announced twice), or None after `timeout`."""
    zeroconf = make_zeroconf(interface)
    browser = TableBrowser(zeroconf)
    try:
        await browser.start()
        return await browser.wait_for_host(host_key, timeout)
    except TimeoutError:
        return None
    finally:
        await _close_browser(browser, zeroconf)


async def find_named_table(
    interface: str, name: str, timeout: float, settle: float = NAME_SETTLE
) -> TableAnnouncement:
    """The one table announced over mDNS with this name. After the first appears, listens
    `settle` seconds more; when several hosts announce the name, keeps those whose address
    answers: exactly one is picked, more end in JoinError "ambiguous" (the player picks one by
    its host key), none in "vanished" (so does a table withdrawn meanwhile); nothing announced
    within `timeout` is "not-found", only tables of another protocol version "version"."""
    zeroconf = make_zeroconf(interface)
    browser = TableBrowser(zeroconf)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        await browser.start()
        try:
            async with asyncio.timeout_at(deadline):
                while not browser.tables_named(name):
                    await browser.next_event()
        except TimeoutError:
            raise JoinError("not-found", name, f"looked for {timeout:g} s") from None
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout_at(min(deadline, loop.time() + settle)):
                while True:
                    await browser.next_event()
        candidates = _latest_per_host(browser.tables_named(name))
    finally:
        await _close_browser(browser, zeroconf)
    if not candidates:
        raise JoinError("vanished", name, "its announcement was withdrawn")
    others = [t for t in candidates if t.protocol_version != PROTOCOL_VERSION]
    if len(others) == len(candidates):
        raise JoinError("version", name, version_detail(others[0]))
    candidates = [t for t in candidates if t not in others]
    if len(candidates) == 1:
        return candidates[0]
    answering = [t for t, ok in zip(candidates, await _probe_all(candidates), strict=True) if ok]
    if len(answering) == 1:
        return answering[0]
    if not answering:
        raise JoinError("vanished", name, "the tables announced with that name do not answer")
    hosts = ", ".join(f"{t.host_name} ({t.host_fingerprint})" for t in answering)
    raise JoinError("ambiguous", name, f"hosted by {hosts}")


def version_detail(table: TableAnnouncement) -> str:
    """What a table of another protocol version runs, against this game's version."""
    return f"it speaks protocol version {table.protocol_version}, this game {PROTOCOL_VERSION}"


def _latest_per_host(tables: list[TableAnnouncement]) -> list[TableAnnouncement]:
    """One announcement per host key: the latest resolved (a restarted host may show twice)."""
    latest: dict[bytes, TableAnnouncement] = {}
    for table in tables:
        latest[table.host_key] = table
    return list(latest.values())


async def _probe_all(tables: list[TableAnnouncement]) -> list[bool]:
    """For each table, whether one of its announced addresses accepts a TCP connection."""
    return list(await asyncio.gather(*(_answers(table) for table in tables)))


async def _answers(table: TableAnnouncement) -> bool:
    """Whether one of the table's addresses accepts a TCP connection, all of them tried within
    PROBE_TIMEOUT in all (not each: eight silent addresses would take 16 s)."""
    try:
        async with asyncio.timeout(PROBE_TIMEOUT):
            for address in table.addresses[:8]:
                try:
                    _, writer = await asyncio.open_connection(address, table.port)
                except OSError:
                    continue
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()
                return True
    except TimeoutError:
        pass
    return False


async def _close_browser(browser: TableBrowser, zeroconf: Any) -> None:
    await browser.close()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(zeroconf.async_close(), 3.0)


def refusal(error: Exception, table: str) -> JoinError | None:
    """The JoinError a failed connection to a host means, when it is a refusal (a wrong or
    missing password, a key the host does not let in: a full table, or another host answering
    in the table's place, another version of the game); None otherwise. Decided by the
    handshake's typed failure."""
    if not isinstance(error, ChannelError):
        return None
    kind = {
        Failure.WRONG_PASSWORD: "wrong-password",
        Failure.PASSWORD_MISMATCH: "wrong-password",
        Failure.NOT_ACCEPTED: "full",
        Failure.WRONG_HOST: "wrong-host",
        Failure.VERSION: "version",
    }.get(error.failure)
    return None if kind is None else JoinError(kind, table, error.reason)


async def first_contact(
    text: str,
    identity: Identity,
    password: str | None,
    timeout: float,
    expected_key: bytes | None = None,
) -> Connection:
    """A connection to the host listening at HOST:PORT `text`: the host with `expected_key`
    (another answering fails with JoinError "wrong-host"), or with None whoever answers (the
    connection tells its key); JoinError when refused or nothing answered within `timeout`."""
    host, port = parse_host_port(text)
    last: Exception | None = None
    try:
        async with asyncio.timeout(timeout):  # bounds every try and pause, not just the pauses
            while True:
                try:
                    return await connect(
                        host, port, identity, password=password, expected_peer_key=expected_key
                    )
                except (OSError, ChannelError, TimeoutError) as error:
                    refused = refusal(error, text)
                    if refused is not None:
                        raise refused from None
                    last = error
                    logger.info("no table at %s yet: %s", text, error)
                    await asyncio.sleep(DIAL_BACKOFF[1])
    except TimeoutError:
        detail = f"nothing answered for {timeout:g} s" + (f": {last}" if last else "")
        raise JoinError("not-found", text, detail) from None


class Announcer:
    """The host's mDNS announcement of its table, following the lobby's seats and variant."""

    def __init__(self, interface: str) -> None:
        self.interface = interface
        self.zeroconf: Any = None
        self.publisher: TablePublisher | None = None
        self.announced: tuple[int, int, str, bool, int] | None = None
        self.latest: LobbyState | None = None
        """The newest lobby state `follow` was given (one that came while `publish` was still
        registering is announced as soon as the registration is done)."""

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
            running=state.playing,
            watchers=len(state.watchers),
        )
        self.publisher = TablePublisher(self.zeroconf, announcement)
        await self.publisher.register()
        self.announced = _announced(state)
        logger.info("announced table %r as %s", name, announcement.service_name)
        if self.latest is not None:
            await self.follow(self.latest)

    async def follow(self, state: LobbyState) -> None:
        """Update the announcement when the seats taken, the variant, whether a game runs or the
        watchers changed (kept for later while `publish` still registers the table)."""
        self.latest = state
        if self.publisher is None or self.announced is None:
            return
        now = _announced(state)
        if now == self.announced:
            return
        self.announced = now
        try:
            await self.publisher.update(
                seats_taken=state.seats_taken,
                seats_total=state.seats,
                variant=state.variant,
                running=state.playing,
                watchers=len(state.watchers),
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


def _announced(state: LobbyState) -> tuple[int, int, str, bool, int]:
    """What the announcement says of a lobby state (seats, variant, running, watchers)."""
    return (state.seats_taken, state.seats, state.variant, state.playing, len(state.watchers))
