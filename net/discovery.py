"""Finding tables on the LAN with mDNS / DNS-SD: announce a table, browse the tables around.

The sans-I/O part turns a table into TXT properties and back (`txt_properties`,
`parse_announcement`) and turns resolved or removed services into appear / update / vanish
events (`TableTracker`). The asyncio part (`TablePublisher`, `TableBrowser`) runs it on
python-zeroconf's `AsyncZeroconf`; `make_zeroconf(interfaces)` picks where mDNS runs.

A table is known by its host's identity key, not its name: two tables may share a name, and a
host that restarts (on a new port) is found again by its key (`TableBrowser.table_of`,
`wait_for_host`). Records live `TABLE_TTL` seconds, so a host that dies without a goodbye
leaves the lobby within about that long.
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import logging
import re
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from engine.rules import MAX_SEATS
from net.handshake import PROTOCOL_VERSION
from net.identity import IdentityError, decode_public_key, encode_public_key, fingerprint
from net.invitation import Invitation

logger = logging.getLogger("net.discovery")

SERVICE_TYPE = "_durak._tcp.local."
# PROTOCOL_VERSION (net.handshake): the version spoken on the announced port (TXT key `v`).

TABLE_TTL = 8
"""Seconds the table's SRV, TXT and address records live (python-zeroconf's default is 2 and 75
minutes; it also keeps PTR records at least 1125 s whatever they say, so a browser checks
liveness itself, below)."""
LIVENESS_INTERVAL = 3.0
"""How often a browser checks that each visible table still answers (its cached records are
used while they live; once they expire, the host is asked again)."""
LIVENESS_TIMEOUT = 2.0
"""How long one liveness check waits for the host's answer."""
LIVENESS_MISSES = 2
"""Checks in a row without an answer after which a table has vanished."""
GHOST_SECONDS = 120.0
"""How long a browser keeps asking after a table that stopped answering or did not resolve in
time: if it answers (its host only missed the checks, or an answer was lost), it appears."""
MAX_TABLE_NAME_CHARS = 40
MAX_HOST_NAME_CHARS = 32
MAX_WATCHERS = 999
"""The most spectators a TXT record can say watch (a host caps them far lower)."""
MIN_SEATS = 2
"""The seats an announced table may have: the one range of engine.rules.MAX_SEATS."""
VARIANT_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

InterfaceSetting = str | Sequence[str]
"""`"all"`, or addresses and interface names (one string or several)."""


class DiscoveryError(ValueError):
    """A table description or an interface setting that cannot be used; the message says why."""


@dataclass(frozen=True)
class TableAnnouncement:
    """One open table as announced on the LAN."""

    service_name: str
    """The full mDNS instance name, e.g. `Kitchen (k3fq-q2xa)._durak._tcp.local.`: the table's key."""
    name: str
    variant: str
    seats_taken: int
    seats_total: int
    host_fingerprint: str
    host_name: str
    password: bool
    addresses: tuple[str, ...]
    """IPv4 then IPv6 addresses (link-local IPv6 with a `%scope`)."""
    port: int
    protocol_version: int
    host_key: bytes
    """The host's full Ed25519 public key: the table's identity; connect demanding this key."""
    running: bool = False
    """A game of the table is being played (spectators may watch it)."""
    watchers: int = 0
    """How many spectators watch the table now."""

    def invitation(self) -> Invitation:
        """A `durak://` invitation to this table at its first address."""
        if not self.addresses:
            raise DiscoveryError("the table announces no address")
        return Invitation(self.addresses[0], self.port, self.host_key, self.name)

    @classmethod
    def create(
        cls,
        *,
        name: str,
        variant: str,
        seats_taken: int,
        seats_total: int,
        host_key: bytes,
        host_name: str,
        password: bool,
        port: int,
        addresses: Sequence[str] = (),
        running: bool = False,
        watchers: int = 0,
    ) -> TableAnnouncement:
        """A checked announcement for a table this process hosts; DiscoveryError if invalid."""
        try:
            host_fingerprint = fingerprint(host_key)
        except IdentityError as error:
            raise DiscoveryError(f"host key: {error}") from None
        announcement = cls(
            service_name=service_name_for(name, host_fingerprint),
            name=name,
            variant=variant,
            seats_taken=seats_taken,
            seats_total=seats_total,
            host_fingerprint=host_fingerprint,
            host_name=host_name,
            password=password,
            addresses=tuple(sort_addresses(addresses)),
            port=port,
            protocol_version=PROTOCOL_VERSION,
            host_key=host_key,
            running=running,
            watchers=watchers,
        )
        check_announcement(announcement)
        return announcement


def service_name_for(table_name: str, host_fingerprint: str) -> str:
    """The instance name: the table name (dots and control characters blanked) and the fingerprint."""
    label = (
        _CONTROL.sub(" ", table_name).replace(".", " ").strip()[:MAX_TABLE_NAME_CHARS] or "table"
    )
    return f"{label} ({host_fingerprint}).{SERVICE_TYPE}"


def sort_addresses(addresses: Sequence[str]) -> list[str]:
    """Addresses without duplicates, IPv4 before IPv6, each group in the given order."""
    unique = list(dict.fromkeys(addresses))
    return [a for a in unique if ":" not in a] + [a for a in unique if ":" in a]


def check_announcement(announcement: TableAnnouncement) -> None:
    """Raise DiscoveryError unless every field is within the documented bounds."""
    a = announcement
    if not a.name.strip() or len(a.name) > MAX_TABLE_NAME_CHARS or _CONTROL.search(a.name):
        raise DiscoveryError(f"table name must be 1 to {MAX_TABLE_NAME_CHARS} printable characters")
    if (
        not a.host_name.strip()
        or len(a.host_name) > MAX_HOST_NAME_CHARS
        or _CONTROL.search(a.host_name)
    ):
        raise DiscoveryError(f"host name must be 1 to {MAX_HOST_NAME_CHARS} printable characters")
    if not VARIANT_PATTERN.fullmatch(a.variant):
        raise DiscoveryError(
            f"variant id {a.variant!r} is not lowercase letters, digits and dashes"
        )
    if not MIN_SEATS <= a.seats_total <= MAX_SEATS:
        raise DiscoveryError(f"seats total {a.seats_total} is not within {MIN_SEATS}..{MAX_SEATS}")
    if not 0 <= a.seats_taken <= a.seats_total:
        raise DiscoveryError(f"seats taken {a.seats_taken} is not within 0..{a.seats_total}")
    if not 1 <= a.port <= 65535:
        raise DiscoveryError(f"port {a.port} is not within 1..65535")
    if not 0 <= a.watchers <= MAX_WATCHERS:
        raise DiscoveryError(f"watchers {a.watchers} is not within 0..{MAX_WATCHERS}")
    if a.protocol_version < 1:
        raise DiscoveryError(f"protocol version {a.protocol_version} is not positive")
    try:
        if fingerprint(a.host_key) != a.host_fingerprint:
            raise DiscoveryError("host fingerprint does not match the host key")
    except IdentityError as error:
        raise DiscoveryError(f"host key: {error}") from None
    for address in a.addresses:
        try:
            ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            raise DiscoveryError(f"{address!r} is not an IP address") from None


def txt_properties(announcement: TableAnnouncement) -> dict[str, str]:
    """The TXT record of an announcement (see docs/protocol.md, "Discovery")."""
    a = announcement
    return {
        "v": str(a.protocol_version),
        "table": a.name,
        "variant": a.variant,
        "taken": str(a.seats_taken),
        "seats": str(a.seats_total),
        "fp": a.host_fingerprint,
        "key": encode_public_key(a.host_key),
        "host": a.host_name,
        "pw": "1" if a.password else "0",
        "run": "1" if a.running else "0",
        "watch": str(a.watchers),
    }


def _text(properties: Mapping[bytes, bytes | None], key: str) -> str:
    value = properties.get(key.encode("ascii"))
    if value is None:
        raise DiscoveryError(f"TXT key {key!r} is missing")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise DiscoveryError(f"TXT key {key!r} is not UTF-8") from None


def _number(properties: Mapping[bytes, bytes | None], key: str) -> int:
    text = _text(properties, key)
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise DiscoveryError(f"TXT key {key!r} is not a number: {text!r}")
    return int(text)


def parse_announcement(
    service_name: str, properties: Mapping[bytes, bytes | None], addresses: Sequence[str], port: int
) -> TableAnnouncement:
    """Read a resolved service back into an announcement; DiscoveryError naming the bad field."""
    pw = _text(properties, "pw")
    if pw not in ("0", "1"):
        raise DiscoveryError(f"TXT key 'pw' must be 0 or 1, not {pw!r}")
    run = _text(properties, "run") if b"run" in properties else "0"  # absent: not running
    if run not in ("0", "1"):
        raise DiscoveryError(f"TXT key 'run' must be 0 or 1, not {run!r}")
    watchers = _number(properties, "watch") if b"watch" in properties else 0
    try:
        host_key = decode_public_key(_text(properties, "key"))
    except IdentityError as error:
        raise DiscoveryError(f"TXT key 'key': {error}") from None
    announcement = TableAnnouncement(
        service_name=service_name,
        name=_text(properties, "table"),
        variant=_text(properties, "variant"),
        seats_taken=_number(properties, "taken"),
        seats_total=_number(properties, "seats"),
        host_fingerprint=_text(properties, "fp"),
        host_name=_text(properties, "host"),
        password=pw == "1",
        addresses=tuple(sort_addresses(addresses)),
        port=port,
        protocol_version=_number(properties, "v"),
        host_key=host_key,
        running=run == "1",
        watchers=watchers,
    )
    check_announcement(announcement)
    return announcement


# ------------------------------------------------------------------ events and the tracker core


@dataclass(frozen=True)
class TableAppeared:
    """A table was found."""

    table: TableAnnouncement


@dataclass(frozen=True)
class TableUpdated:
    """A known table changed (seats, addresses, ...)."""

    table: TableAnnouncement
    previous: TableAnnouncement


@dataclass(frozen=True)
class TableVanished:
    """A table is gone (closed, or its announcement expired or became invalid)."""

    table: TableAnnouncement


DiscoveryEvent = TableAppeared | TableUpdated | TableVanished


class TableTracker:
    """The tables currently visible; turns resolved and removed services into events. Sans-I/O."""

    def __init__(self) -> None:
        self.tables: dict[str, TableAnnouncement] = {}
        """By service name, in the order they were last resolved."""

    def tables_of(self, host_key: bytes) -> list[TableAnnouncement]:
        """Every announcement naming this host key, the latest resolved first: usually one, more
        after a restart or while an impostor copies the key (the handshake tells them apart)."""
        return [table for table in self.tables.values() if table.host_key == host_key][::-1]

    def table_of(self, host_key: bytes) -> TableAnnouncement | None:
        """The table of the host with this identity key (the latest resolved, if several)."""
        found = self.tables_of(host_key)
        return found[0] if found else None

    def tables_named(self, name: str) -> list[TableAnnouncement]:
        """Every visible table with this name: different hosts, told apart by `host_key`."""
        return [table for table in self.tables.values() if table.name == name]

    def resolved(self, announcement: TableAnnouncement) -> DiscoveryEvent | None:
        """A service resolved to this announcement: appeared, updated, or nothing new."""
        previous = self.tables.pop(announcement.service_name, None)
        self.tables[announcement.service_name] = announcement
        if previous is None:
            return TableAppeared(announcement)
        if previous != announcement:
            return TableUpdated(announcement, previous)
        return None

    def removed(self, service_name: str) -> DiscoveryEvent | None:
        """A service went away (or stopped making sense): vanished, if it was known."""
        previous = self.tables.pop(service_name, None)
        return TableVanished(previous) if previous is not None else None


# ------------------------------------------------------------------ interfaces


def interface_addresses(name: str) -> list[str]:
    """The IPv4 and IPv6 addresses of the network interface called `name`; DiscoveryError if none."""
    for adapter in ifaddr.get_adapters():
        if name in (adapter.name, adapter.nice_name):
            addresses = [ip.ip if isinstance(ip.ip, str) else ip.ip[0] for ip in adapter.ips]
            if not addresses:
                raise DiscoveryError(f"interface {name!r} has no address")
            return sort_addresses(addresses)
    raise DiscoveryError(f"no network interface named {name!r}")


def resolve_interfaces(setting: InterfaceSetting) -> InterfaceChoice | list[str]:
    """zeroconf's `interfaces=` for a setting: `"all"`, or addresses and interface names."""
    items = [setting] if isinstance(setting, str) else list(setting)
    if items == ["all"]:
        return InterfaceChoice.All
    if not items:
        raise DiscoveryError("no interface given")
    addresses: list[str] = []
    for item in items:
        try:
            addresses.append(str(ipaddress.ip_address(item)))
        except ValueError:
            addresses += interface_addresses(item)
    return sort_addresses(addresses)


def advertised_addresses(setting: InterfaceSetting) -> list[str]:
    """Addresses to put in an announcement: those of the setting; for "all", every non-loopback one
    (loopback only when there is nothing else)."""
    chosen = resolve_interfaces(setting)
    if isinstance(chosen, list):
        return chosen
    everything = sort_addresses(
        [
            ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            for adapter in ifaddr.get_adapters()
            for ip in adapter.ips
        ]
    )
    outside = [a for a in everything if not ipaddress.ip_address(a).is_loopback]
    return outside or everything


def make_zeroconf(interfaces: InterfaceSetting = "all") -> AsyncZeroconf:
    """An AsyncZeroconf on the chosen interfaces (IPv4 and IPv6 for "all")."""
    chosen = resolve_interfaces(interfaces)
    if isinstance(chosen, list):
        return AsyncZeroconf(interfaces=chosen)
    return AsyncZeroconf(interfaces=chosen, ip_version=IPVersion.All)


# ------------------------------------------------------------------ asyncio: publish and browse


class TablePublisher:
    """Announces one table; `update` re-announces its TXT record, `unregister` says goodbye."""

    def __init__(self, zeroconf: AsyncZeroconf, announcement: TableAnnouncement) -> None:
        check_announcement(announcement)
        if not announcement.addresses:
            raise DiscoveryError("an announcement needs at least one address")
        self._zeroconf = zeroconf
        self.announcement = announcement
        self._info: AsyncServiceInfo | None = None

    def _service_info(self) -> AsyncServiceInfo:
        a = self.announcement
        server = f"durak-{a.host_fingerprint.replace('-', '')}-{a.port}.local."
        return AsyncServiceInfo(
            SERVICE_TYPE,
            a.service_name,
            port=a.port,
            properties=txt_properties(a),
            server=server,
            parsed_addresses=list(a.addresses),
            host_ttl=TABLE_TTL,
            other_ttl=TABLE_TTL,
        )

    async def register(self) -> None:
        """Probe and announce (about 1.25 s); the instance name may get a suffix on a clash."""
        if self._info is not None:
            raise DiscoveryError("table is already registered")
        info = self._service_info()
        await (await self._zeroconf.async_register_service(info, allow_name_change=True))
        if info.name != self.announcement.service_name:
            self.announcement = dataclasses.replace(self.announcement, service_name=info.name)
        self._info = info

    async def update(self, **changes: object) -> TableAnnouncement:
        """Change fields (e.g. `seats_taken=3`) and re-announce; DiscoveryError if invalid."""
        if "service_name" in changes or "host_key" in changes or "host_fingerprint" in changes:
            raise DiscoveryError("the service name and host key of a table cannot change")
        updated = dataclasses.replace(self.announcement, **changes)  # type: ignore[arg-type]
        check_announcement(updated)
        self.announcement = updated
        if self._info is not None:
            self._info = self._service_info()
            await (await self._zeroconf.async_update_service(self._info))
        return updated

    async def unregister(self) -> None:
        """Withdraw the table (goodbye packets); no-op if not registered."""
        if self._info is None:
            return
        info, self._info = self._info, None
        await (await self._zeroconf.async_unregister_service(info))


class TableBrowser:
    """Watches `_durak._tcp` and yields TableAppeared / TableUpdated / TableVanished events."""

    def __init__(self, zeroconf: AsyncZeroconf, *, resolve_timeout: float = 3.0) -> None:
        self._zeroconf = zeroconf
        self._resolve_timeout_ms = int(resolve_timeout * 1000)
        self._tracker = TableTracker()
        self._changes: asyncio.Queue[tuple[ServiceStateChange, str]] = asyncio.Queue()
        self._events: asyncio.Queue[DiscoveryEvent] = asyncio.Queue()
        self._browser: AsyncServiceBrowser | None = None
        self._worker: asyncio.Task[None] | None = None
        self._liveness: asyncio.Task[None] | None = None
        self._misses: dict[str, int] = {}
        self._ghosts: dict[str, float] = {}
        """Tables that stopped answering or did not resolve in time (an answer lost on a busy
        host or network), with when: still asked after for GHOST_SECONDS."""
        self._listeners: list[Callable[[DiscoveryEvent], None]] = []
        self._host_waiters: dict[bytes, list[asyncio.Future[TableAnnouncement]]] = {}

    @property
    def tables(self) -> dict[str, TableAnnouncement]:
        """The tables visible now, by service name."""
        return dict(self._tracker.tables)

    def table_of(self, host_key: bytes) -> TableAnnouncement | None:
        """The table of the host with this identity key, if it is visible now."""
        return self._tracker.table_of(host_key)

    def tables_of(self, host_key: bytes) -> list[TableAnnouncement]:
        """Every visible announcement naming this host key, latest first (see TableTracker)."""
        return self._tracker.tables_of(host_key)

    def tables_named(self, name: str) -> list[TableAnnouncement]:
        """Every visible table with this name (tell them apart by `host_key`)."""
        return self._tracker.tables_named(name)

    async def wait_for_host(self, host_key: bytes, timeout: float) -> TableAnnouncement:
        """The table of this host, as soon as it is visible (again: a restarted host comes back
        with its key); TimeoutError after `timeout` seconds."""
        table = self.table_of(host_key)
        if table is not None:
            return table
        waiter = asyncio.get_running_loop().create_future()
        self._host_waiters.setdefault(host_key, []).append(waiter)
        try:
            return await asyncio.wait_for(waiter, timeout)
        finally:
            waiters = self._host_waiters.get(host_key, [])
            if waiter in waiters:
                waiters.remove(waiter)
            if not waiters:
                self._host_waiters.pop(host_key, None)

    def add_listener(self, listener: Callable[[DiscoveryEvent], None]) -> None:
        """Call `listener(event)` for every event from now on, besides queueing it."""
        self._listeners.append(listener)

    def _publish(self, event: DiscoveryEvent) -> None:
        """Queue an event, tell the listeners, wake whoever waits for that host."""
        self._events.put_nowait(event)
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:  # a listener's bug must not stop the browser
                logger.exception("discovery listener failed on %s", event)
        if isinstance(event, TableAppeared | TableUpdated):
            for waiter in self._host_waiters.pop(event.table.host_key, []):
                if not waiter.done():
                    waiter.set_result(event.table)

    async def start(self) -> None:
        """Begin browsing."""
        if self._browser is not None:
            return
        loop = asyncio.get_running_loop()
        self._worker = loop.create_task(self._resolve_changes())
        self._liveness = loop.create_task(self._check_liveness())
        self._browser = AsyncServiceBrowser(
            self._zeroconf.zeroconf, SERVICE_TYPE, handlers=[self._on_change]
        )

    async def close(self) -> None:
        """Stop browsing."""
        if self._browser is not None:
            await self._browser.async_cancel()
            self._browser = None
        for task in (self._worker, self._liveness):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        self._worker = self._liveness = None

    async def __aenter__(self) -> TableBrowser:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def next_event(self) -> DiscoveryEvent:
        """The next appear / update / vanish event."""
        return await self._events.get()

    def __aiter__(self) -> AsyncIterator[DiscoveryEvent]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[DiscoveryEvent]:
        while True:
            yield await self.next_event()

    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        """zeroconf's callback (in the event loop): queue the change, resolve it in order later."""
        self._changes.put_nowait((state_change, name))

    async def _check_liveness(self) -> None:
        """Every few seconds, ask each visible table's host to answer (from the cache while its
        records live); a table whose host misses `LIVENESS_MISSES` checks in a row vanishes."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(LIVENESS_INTERVAL)
            now = loop.time()
            for name, since in list(self._ghosts.items()):
                if now - since > GHOST_SECONDS or name in self._tracker.tables:
                    del self._ghosts[name]
            names = list(self._tracker.tables)
            ghosts = list(self._ghosts)
            answers = await asyncio.gather(*(self._answers(name) for name in names + ghosts))
            for name, alive in zip(names, answers[: len(names)], strict=True):
                if alive:
                    self._misses.pop(name, None)
                    continue
                self._misses[name] = self._misses.get(name, 0) + 1
                if self._misses[name] >= LIVENESS_MISSES:
                    logger.info("table %r no longer answers", name)
                    self._ghosts[name] = now
                    self._changes.put_nowait((ServiceStateChange.Removed, name))
            for name, alive in zip(ghosts, answers[len(names) :], strict=True):
                if alive:
                    logger.info("table %r answers again", name)
                    del self._ghosts[name]
                    self._changes.put_nowait((ServiceStateChange.Updated, name))

    async def _answers(self, name: str) -> bool:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        try:
            return bool(
                await info.async_request(self._zeroconf.zeroconf, int(LIVENESS_TIMEOUT * 1000))
            )
        except Exception:  # a failed query counts as a miss, never stops the browser
            logger.debug("liveness query for %r failed", name, exc_info=True)
            return False

    async def _resolve_changes(self) -> None:
        """Resolve changes one at a time, so events keep the order of the changes."""
        while True:
            state_change, name = await self._changes.get()
            try:
                event = await self._resolve(state_change, name)
            except Exception:  # a bad announcement must never stop the browser
                logger.exception("cannot handle mDNS change %s for %r", state_change, name)
                continue
            if event is not None:
                self._publish(event)

    async def _resolve(self, state_change: ServiceStateChange, name: str) -> DiscoveryEvent | None:
        if state_change is ServiceStateChange.Removed:
            self._misses.pop(name, None)
            return self._tracker.removed(name)
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(self._zeroconf.zeroconf, self._resolve_timeout_ms):
            logger.info("table %r did not resolve in time: asked again while it may answer", name)
            self._ghosts.setdefault(name, asyncio.get_running_loop().time())
            return None
        if info.port is None:
            return None
        try:
            announcement = parse_announcement(
                name, info.properties, info.parsed_scoped_addresses(), info.port
            )
        except DiscoveryError as error:
            logger.warning("ignoring malformed table announcement %r: %s", name, error)
            return self._tracker.removed(name)
        return self._tracker.resolved(announcement)
