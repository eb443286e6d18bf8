"""The links of one peer: it listens, keeps one connection per key open (dialling with backoff),
sends to the newest connection of a key and holds messages for a key with no link.

A connection is known by its authenticated key alone. `Mesh` knows nothing of lobbies or games:
its owner (the `net.peer.Peer`) says which keys may connect, handles each message, and decides
what an unreachable key means (`MeshOwner`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from net.discovery import advertised_addresses, resolve_interfaces
from net.handshake import ChannelError
from net.identity import Identity, fingerprint
from net.lobby import SeatAddress
from net.transport import Connection, ConnectionClosedError, Listener, connect, listen

logger = logging.getLogger("net.peer")

DIAL_BACKOFF = (0.2, 2.0)
MAX_OUTBOX = 8192
"""Messages kept for a key whose link is not up yet (sent when it comes up; beyond this the
reliable layer's resends on heartbeats catch up)."""
MATCH_ENDED = "match over"
"""The close reason of every link when a peer stops."""


class MeshOwner(Protocol):
    """What the mesh asks of the peer that owns it."""

    def on_message(self, connection: Connection, message: Any) -> None:
        """One message from an authenticated connection."""

    def on_link_down(self, key: bytes, connection: Connection) -> None:
        """The last connection of `key` closed."""

    def on_dialed(self, key: bytes) -> None:
        """A connection this peer dialled to `key` is up (and attached)."""

    async def on_unreachable(self, key: bytes, error: Exception, for_seconds: float) -> bool:
        """Dialling `key` failed (for `for_seconds` so far); True stops dialling it."""

    def keep_dialing(self) -> bool:
        """False once the peer needs no more links."""

    def fail(self, reason: str) -> None:
        """Stop the peer with this reason."""


def monotonic() -> float:
    """Seconds of a clock that never goes back."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def link_local(address: str) -> bool:
    """An IPv6 link-local address (or not an address at all): never advertised."""
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_link_local
    except ValueError:
        return True


class Mesh:
    """One peer's connections, by authenticated key."""

    def __init__(self, identity: Identity, password: str | None, owner: MeshOwner) -> None:
        self.identity = identity
        self.password = password
        self.owner = owner
        self.links: dict[bytes, Connection] = {}
        self.spare: dict[bytes, list[Connection]] = {}
        self.outbox: dict[bytes, list[dict[str, Any]]] = {}
        self.dial_targets: dict[bytes, SeatAddress] = {}
        self.dialers: dict[bytes, asyncio.Task[None]] = {}
        self.away_since: dict[bytes, float] = {}
        """Keys whose every connection dropped, and since when (monotonic seconds)."""
        self.listener: Listener | None = None
        self.address: SeatAddress | None = None
        self.stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()

    async def listen(self, interface: str, port: int, accept: Callable[[bytes], bool]) -> None:
        """Listen on `interface` ("all", an address or an interface name) at `port` (0: any)."""
        hosts: list[str] | None = None
        if interface != "all":
            chosen = resolve_interfaces(interface)
            assert isinstance(chosen, list)
            hosts = [a for a in chosen if not link_local(a)]
        self.listener = await listen(
            self.identity,
            self._on_connection,
            host=hosts,
            port=port,
            password=self.password,
            accept_peer=accept,
        )
        addresses = [a for a in advertised_addresses(interface) if not link_local(a)]
        self.address = SeatAddress(tuple(addresses[:8]), self.listener.port)

    async def _on_connection(self, connection: Connection) -> None:
        self.attach(connection)
        await self.read(connection)

    def attach(self, connection: Connection) -> None:
        """Use this connection for its key from now on (the newest connection of a key wins)."""
        key = connection.peer_key
        old = self.links.get(key)
        self.links[key] = connection
        self.away_since.pop(key, None)
        self.spare.setdefault(key, []).append(connection)
        if old is None or old.closed:
            logger.info("link to %s up", connection.peer_fingerprint)
        waiting = self.outbox.pop(key, [])
        for index, message in enumerate(waiting):
            if connection.closed:
                self.outbox[key] = waiting[index:]
                break
            self.send(key, message)

    async def read(self, connection: Connection) -> None:
        """Hand every message of a connection to the owner until it closes."""
        async for message in connection:
            try:
                self.owner.on_message(connection, message)
            except Exception:
                logger.exception("internal error handling a message from %s", connection)
                self.owner.fail("internal error; see the log")
        key = connection.peer_key
        others = [c for c in self.spare.get(key, []) if c is not connection and not c.closed]
        self.spare[key] = others
        if self.links.get(key) is connection:
            del self.links[key]
            logger.info("link to %s down: %s", fingerprint(key), connection.close_reason)
            if others:  # another connection with this key is still open: use it
                self.attach(others.pop())
                return
            self.away_since.setdefault(key, monotonic())
            if not self.stopping:
                self.owner.on_link_down(key, connection)

    def send(self, key: bytes, message: dict[str, Any]) -> bool:
        """Send now, or keep it for when the key's link is up; True when it went out."""
        link = self.links.get(key)
        if link is None or link.closed:
            waiting = self.outbox.setdefault(key, [])
            if len(waiting) < MAX_OUTBOX:
                waiting.append(message)
            return False
        try:
            link.send(message)
        except (ConnectionClosedError, ChannelError) as error:
            logger.debug("cannot send to %s: %s", fingerprint(key), error)
            return False
        return True

    def drop(self, connection: Connection, reason: str) -> None:
        """Close one connection, saying why."""
        logger.warning("dropping connection with %s: %s", connection.peer_fingerprint, reason)
        self.spawn(connection.close(reason[:150]))

    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        """Run a task the mesh cancels when it closes."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def want_link(self, key: bytes, address: SeatAddress) -> None:
        """Keep a connection to `key` open, dialling it (with backoff) whenever there is none."""
        self.dial_targets[key] = address
        if key not in self.dialers and not self.stopping:
            self.dialers[key] = asyncio.get_running_loop().create_task(self._dial_loop(key))

    async def _dial_loop(self, key: bytes) -> None:
        delay = DIAL_BACKOFF[0]
        unreachable_since: float | None = None
        while not self.stopping and self.owner.keep_dialing():
            link = self.links.get(key)
            if link is not None and not link.closed:
                await link.wait_closed()
                await asyncio.sleep(0.05)
                continue
            target = self.dial_targets[key]
            try:
                connection = await connect(
                    list(target.addresses),
                    target.port,
                    self.identity,
                    password=self.password,
                    expected_peer_key=key,
                )
            except (OSError, ChannelError, TimeoutError) as error:
                logger.info("cannot reach %s yet: %s", fingerprint(key), error)
                unreachable_since = unreachable_since or monotonic()
                if await self.owner.on_unreachable(key, error, monotonic() - unreachable_since):
                    return
                await asyncio.sleep(delay)
                delay = min(delay * 2, DIAL_BACKOFF[1])
                continue
            delay, unreachable_since = DIAL_BACKOFF[0], None
            self.attach(connection)
            self.owner.on_dialed(key)
            await self.read(connection)

    async def close(self) -> None:
        """Stop dialling and close every connection and the listener."""
        self.stopping = True
        for task in [*self.dialers.values(), *self._tasks]:
            task.cancel()
        await asyncio.gather(*self.dialers.values(), *self._tasks, return_exceptions=True)
        spares = [c for connections in self.spare.values() for c in connections]
        every = {id(c): c for c in [*self.links.values(), *spares]}
        for link in every.values():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(link.close(MATCH_ENDED), 2.0)
        if self.listener is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.listener.close(), 3.0)
