"""Secure connections over TCP: a sans-I/O core that adds the clock, and a thin asyncio layer.

`ConnectionCore` wraps a `SecureChannel` with heartbeats and time-outs, taking `now` as an
argument. `connect()` and `listen()` run it on asyncio streams; a `Connection` sends objects
with `send(obj)` and yields received objects with `async for`. A connection whose peer breaks
any rule (bad frame, forged or replayed frame, unknown key, silence) is dropped and the reason
logged on the `net.transport` logger; nothing is raised into other connections or the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import resource
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from net.codec import DEFAULT_LIMITS, Limits, Value
from net.handshake import (
    ChannelError,
    ChannelFailed,
    Event,
    Failure,
    HandshakeComplete,
    HeartbeatReceived,
    MessageReceived,
    PeerClosed,
    Role,
    SecureChannel,
    State,
)
from net.identity import Identity, fingerprint

logger = logging.getLogger("net.transport")

READ_CHUNK_BYTES = 65536
"""Most bytes read from the socket at once once the channel is established."""
HANDSHAKE_READ_CHUNK_BYTES = 4096
"""Most bytes read at once during the handshake (its frames are at most 1 KiB)."""
_OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
ACCEPTS_PER_WAKEUP = 32
"""Connections the listener accepts in a row before it lets other tasks run."""


def default_max_connections() -> int:
    """Connections a listener keeps open at most: half the open-file limit, 32 to 512."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 512
    return max(32, min(512, soft // 2))


@dataclass(frozen=True)
class TransportSettings:
    """Timing of heartbeats and time-outs, in seconds."""

    heartbeat_interval: float = 5.0
    """Send a heartbeat when nothing was sent for this long."""
    idle_timeout: float = 20.0
    """Give the connection up when nothing was received for this long."""
    handshake_timeout: float = 10.0
    """Give the connection up when the handshake has not finished after this long."""
    max_handshakes: int = 64
    """A listener's connections still in their handshake, at most (the oldest makes room)."""
    max_handshakes_per_address: int = 16
    """A listener's connections in handshake from one remote address, at most."""
    max_connections: int = field(default_factory=default_max_connections)
    """A listener's open connections in all, at most (below the open-file limit)."""
    max_connections_per_address: int = 64
    """A listener's open connections from one remote address, at most."""
    max_connections_per_key: int = 4
    """A listener's authenticated connections of one identity key: a newer one closes the oldest."""
    max_queued_bytes: int = 8 << 20
    """Received messages not yet taken by the application, in bytes: reading pauses above."""
    max_unsent_bytes: int = 32 << 20
    """Bytes waiting to be written to a peer that does not read: the connection fails above."""

    def __post_init__(self) -> None:
        if not 0 < self.heartbeat_interval < self.idle_timeout:
            raise ValueError("need 0 < heartbeat_interval < idle_timeout")
        if self.handshake_timeout <= 0:
            raise ValueError("handshake_timeout must be positive")
        counts = (
            self.max_handshakes,
            self.max_handshakes_per_address,
            self.max_connections,
            self.max_connections_per_address,
            self.max_connections_per_key,
            self.max_queued_bytes,
            self.max_unsent_bytes,
        )
        if min(counts) < 1:
            raise ValueError("connection and byte limits must be positive")


DEFAULT_SETTINGS = TransportSettings()


class ConnectionClosedError(Exception):
    """The connection is closed; `error` is the failure that closed it, if any."""

    def __init__(self, message: str, error: ChannelError | None = None) -> None:
        super().__init__(message)
        self.error = error


class ConnectionCore:
    """A secure channel plus heartbeats and time-outs; sans-I/O, every call takes `now`."""

    def __init__(
        self, channel: SecureChannel, now: float, settings: TransportSettings = DEFAULT_SETTINGS
    ):
        self.channel = channel
        self.settings = settings
        self._started = now
        self._last_sent = now
        self._last_received = now

    def receive_data(self, data: bytes, now: float) -> list[Event]:
        """Bytes from the socket; the channel's events (authenticated frames reset the idle clock)."""
        events = self.channel.receive_data(data)
        if events:
            self._last_received = now
        return events

    def keep_alive(self, now: float) -> None:
        """Count the peer as heard from now (while this side pauses reading, not the peer's fault)."""
        self._last_received = now

    def connection_lost(self) -> list[Event]:
        """The socket reached end of stream."""
        return self.channel.connection_lost()

    def send(self, value: object, now: float) -> None:
        """Queue an application object; ChannelError (local) if not established or not encodable."""
        self.channel.send(value)
        self._last_sent = now

    def close(self, reason: str = "") -> None:
        """Queue a goodbye to the peer."""
        self.channel.close(reason)

    def data_to_send(self) -> bytes:
        """Bytes to write to the socket now."""
        return self.channel.data_to_send()

    def tick(self, now: float) -> list[Event]:
        """Let time pass: queue a heartbeat if due; a ChannelFailed event if the peer went silent."""
        state = self.channel.state
        if state is State.HANDSHAKING and now - self._started >= self.settings.handshake_timeout:
            reason = f"handshake not finished after {self.settings.handshake_timeout:g} s"
            return self.channel.fail(ChannelError("remote", reason, Failure.TIMEOUT))
        if state is not State.ESTABLISHED:
            return []
        if now - self._last_received >= self.settings.idle_timeout:
            reason = f"nothing received for {self.settings.idle_timeout:g} s"
            return self.channel.fail(ChannelError("remote", reason, Failure.TIMEOUT))
        if now - self._last_sent >= self.settings.heartbeat_interval:
            self.channel.send_heartbeat()
            self._last_sent = now
        return []

    def next_deadline(self) -> float | None:
        """When `tick` should next be called, or None once the channel is closed or failed."""
        state = self.channel.state
        if state is State.HANDSHAKING:
            return self._started + self.settings.handshake_timeout
        if state is State.ESTABLISHED:
            return min(
                self._last_sent + self.settings.heartbeat_interval,
                self._last_received + self.settings.idle_timeout,
            )
        return None


_END = object()


class Connection:
    """One secure TCP connection: `send(obj)`, `async for obj in connection`, `await close()`."""

    def __init__(
        self,
        core: ConnectionCore,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        report_stranger: Callable[[str], None] | None = None,
    ) -> None:
        """`report_stranger(text)`, when given, logs failures before the handshake instead."""
        self._core = core
        self._reader = reader
        self._writer = writer
        self._report_stranger = report_stranger
        self._loop = asyncio.get_running_loop()
        self._established: asyncio.Future[None] = self._loop.create_future()
        self._received: asyncio.Queue[tuple[object, int]] = asyncio.Queue()
        self._queued_bytes = 0
        self._room = asyncio.Event()
        self._closed = asyncio.Event()
        self.peer_address: tuple[object, ...] = tuple(writer.get_extra_info("peername") or ())
        self.peer_key: bytes = b""
        """The peer's proven identity key (set once the handshake is done)."""
        self.transcript_hash: bytes = b""
        """The handshake transcript hash, the same on both ends."""
        self.error: ChannelError | None = None
        """Why the connection failed, if it did."""
        self.close_reason: str | None = None
        """Why the connection ended (set once it has)."""
        self.opened_at = self._loop.time()
        """When the connection was opened (event-loop clock)."""
        self._task = self._loop.create_task(self._run(), name=f"net.transport {self.peer_address}")

    # ------------------------------------------------------------------ public API

    @property
    def peer_fingerprint(self) -> str:
        """Short fingerprint of the peer's key ('' before the handshake)."""
        return fingerprint(self.peer_key) if self.peer_key else ""

    @property
    def peer_host(self) -> str:
        """The peer's IP address as text ('' if unknown)."""
        return str(self.peer_address[0]) if self.peer_address else ""

    @property
    def established(self) -> bool:
        """Whether the handshake has finished (and the connection has not failed before it)."""
        return bool(self.peer_key)

    @property
    def closed(self) -> bool:
        """Whether the connection has ended."""
        return self._closed.is_set()

    @property
    def queued_bytes(self) -> int:
        """Bytes of received messages waiting for `receive` (at most about `max_queued_bytes`)."""
        return self._queued_bytes

    def send(self, value: object) -> None:
        """Seal and write one object; ConnectionClosedError if closed, ChannelError if not encodable."""
        if self.closed or self._core.channel.state is not State.ESTABLISHED:
            raise ConnectionClosedError(f"connection is closed: {self.close_reason}", self.error)
        self._core.send(value, self._loop.time())
        self._flush()
        if self.closed:
            raise ConnectionClosedError(f"connection is closed: {self.close_reason}", self.error)

    async def drain(self) -> None:
        """Wait until the socket's write buffer is low (flow control for large bursts)."""
        with contextlib.suppress(ConnectionError):
            await self._writer.drain()

    async def receive(self) -> Value:
        """The next object from the peer; ConnectionClosedError once the connection has ended."""
        item, size = await self._received.get()
        if item is _END:
            self._received.put_nowait((_END, 0))  # later calls end too
            raise ConnectionClosedError(f"connection is closed: {self.close_reason}", self.error)
        self._queued_bytes -= size
        if self._queued_bytes <= self._core.settings.max_queued_bytes:
            self._room.set()
        return item

    def __aiter__(self) -> AsyncIterator[Value]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Value]:
        while True:
            try:
                yield await self.receive()
            except ConnectionClosedError:
                return

    async def close(self, reason: str = "") -> None:
        """Say goodbye to the peer and close the socket; waits until done."""
        if not self.closed:
            self._core.close(reason)
            self._flush()
            self._finish(f"closed by this side{': ' + reason if reason else ''}")
        await self.wait_closed()

    def abort(self, reason: str) -> None:
        """End the connection now without waiting (the peer is told why if it can be)."""
        if not self.closed:
            self._core.close(reason)
            self._flush()
            self._finish(f"closed by this side: {reason}")

    async def wait_closed(self) -> None:
        """Wait until the connection has ended and its socket is closed."""
        await self._closed.wait()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(self._task)

    def __repr__(self) -> str:
        who = self.peer_fingerprint or "?"
        return f"Connection({who} at {self.peer_address}, {self._core.channel.state.value})"

    # ------------------------------------------------------------------ internals

    async def _wait_established(self) -> None:
        await self._established

    def _flush(self) -> None:
        data = self._core.data_to_send()
        if not data or self._writer.is_closing():
            return
        self._writer.write(data)
        unsent = self._writer.transport.get_write_buffer_size()
        limit = self._core.settings.max_unsent_bytes
        if unsent > limit and not self.closed:
            reason = f"peer does not read: {unsent} bytes unsent (limit {limit})"
            self._handle(self._core.channel.fail(ChannelError("remote", reason)))

    def _finish(self, reason: str) -> None:
        """Record why the connection ended and wake everyone waiting on it."""
        if self._closed.is_set():
            return
        self.close_reason = reason
        self._closed.set()
        self._room.set()
        self._received.put_nowait((_END, 0))
        if not self._established.done():
            error = self.error or ChannelError("remote", reason)
            self._established.set_exception(error)
            self._established.exception()  # mark retrieved: the opener may have gone
        if self._task is not asyncio.current_task():
            self._task.cancel()

    def _log_failure(self, error: ChannelError) -> None:
        """A warning for a known peer; a stranger's failure goes to the listener's summary."""
        if not self.peer_key and self._report_stranger is not None:
            self._report_stranger(f"{self.peer_host}: {error}")
            return
        logger.warning(
            "dropping connection with %s at %s: %s",
            self.peer_fingerprint or "unidentified peer",
            self.peer_address,
            error,
        )

    def _handle(self, events: list[Event]) -> bool:
        """Act on channel events; True when the connection has ended."""
        for event in events:
            if isinstance(event, MessageReceived):
                self._queued_bytes += event.size
                self._received.put_nowait((event.value, event.size))
            elif isinstance(event, HandshakeComplete):
                self.peer_key = event.peer_key
                self.transcript_hash = event.transcript_hash
                if not self._established.done():
                    self._established.set_result(None)
                logger.info(
                    "connection with %s at %s established", self.peer_fingerprint, self.peer_address
                )
            elif isinstance(event, HeartbeatReceived):
                pass
            elif isinstance(event, PeerClosed):
                logger.info(
                    "peer %s closed the connection: %s",
                    self.peer_fingerprint,
                    event.reason or "goodbye",
                )
                self._finish(f"closed by the peer{': ' + event.reason if event.reason else ''}")
                return True
            elif isinstance(event, ChannelFailed):
                self.error = event.error
                self._log_failure(event.error)
                self._finish(str(event.error))
                return True
        return False

    async def _wait_for_room(self, timeout: float | None) -> list[Event]:
        """Pause reading while the application is behind; heartbeats still go out."""
        self._room.clear()
        try:
            await asyncio.wait_for(self._room.wait(), timeout)
        except TimeoutError:
            self._core.keep_alive(self._loop.time())
            return self._core.tick(self._loop.time())
        return []

    async def _read_some(self, timeout: float | None) -> list[Event]:
        """Read what the socket has (or tick on time-out) and feed it to the core."""
        established = self._core.channel.state is State.ESTABLISHED
        chunk = READ_CHUNK_BYTES if established else HANDSHAKE_READ_CHUNK_BYTES
        try:
            data = await asyncio.wait_for(self._reader.read(chunk), timeout)
        except TimeoutError:
            return self._core.tick(self._loop.time())
        except (ConnectionError, OSError) as error:
            events = self._core.connection_lost()
            if not events:
                self._finish(f"socket error: {error}")
            return events
        if not data:
            events = self._core.connection_lost()
            if not events:
                self._finish("connection ended")
            return events
        events = self._core.receive_data(data, self._loop.time())
        # Heartbeats fall due even while the peer keeps talking.
        return events + self._core.tick(self._loop.time())

    async def _run(self) -> None:
        """Read, tick and write until the connection ends; never lets an exception escape."""
        try:
            self._flush()
            while not self.closed:
                deadline = self._core.next_deadline()
                timeout = None if deadline is None else max(0.0, deadline - self._loop.time())
                if self._queued_bytes > self._core.settings.max_queued_bytes:
                    events = await self._wait_for_room(timeout)
                else:
                    events = await self._read_some(timeout)
                self._flush()
                if self._handle(events):
                    break
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a bug here must not take the process down
            logger.exception("connection with %s failed unexpectedly", self.peer_address)
            self.error = ChannelError("local", f"internal error: {error!r}")
            self._finish(str(self.error))
        finally:
            await self._close_socket()

    async def _close_socket(self) -> None:
        self._finish(self.close_reason or "closed")
        try:
            self._writer.close()
            await self._writer.wait_closed()
        except (ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            pass


async def connect(
    host: str | Sequence[str],
    port: int,
    identity: Identity,
    *,
    password: str | None = None,
    expected_peer_key: bytes | None = None,
    accept_peer: Callable[[bytes], bool] | None = None,
    settings: TransportSettings = DEFAULT_SETTINGS,
    limits: Limits = DEFAULT_LIMITS,
) -> Connection:
    """Open a secure connection, trying each address in turn; OSError or ChannelError on failure.

    With `expected_peer_key` (the host key from mDNS or an invitation) any other responder fails
    with `Failure.WRONG_HOST`; a wrong table password with `Failure.WRONG_PASSWORD`."""
    hosts = [host] if isinstance(host, str) else list(host)
    if not hosts:
        raise OSError("no address to connect to")
    last_error: Exception | None = None
    for address in hosts:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(address, port), settings.handshake_timeout
            )
        except (OSError, TimeoutError) as error:
            last_error = error
            logger.info("cannot connect to %s port %d: %s", address, port, error)
            continue
        channel = SecureChannel(
            Role.INITIATOR,
            identity,
            password=password,
            accept_peer=accept_peer,
            expected_peer_key=expected_peer_key,
            limits=limits,
        )
        connection = Connection(
            ConnectionCore(channel, asyncio.get_running_loop().time(), settings), reader, writer
        )
        try:
            await connection._wait_established()
        except BaseException:
            await connection.close()
            raise
        return connection
    assert last_error is not None
    raise last_error


KNOWN_HOSTS = 256
"""Remote addresses a listener remembers as having completed a handshake."""
STRANGER_LOG_WINDOW = 10.0
"""Seconds over which failures of unidentified peers are summed up in one log line."""
STRANGER_LOG_BURST = 5
"""Failures of unidentified peers logged one by one in each window; the rest are counted."""


class StrangerLog:
    """Logs failed handshakes without flooding: a few lines, then one summary per window."""

    def __init__(
        self, window: float = STRANGER_LOG_WINDOW, burst: int = STRANGER_LOG_BURST
    ) -> None:
        self.window = window
        self.burst = burst
        self.total = 0
        """Failures reported since the listener started."""
        self._window_start: float | None = None
        self._logged = 0
        self._suppressed = 0
        self._last = ""
        self._summary: asyncio.TimerHandle | None = None

    def report(self, text: str) -> None:
        """One connection from an unidentified peer failed (`text` says who and why)."""
        self.total += 1
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._window_start is None or now - self._window_start >= self.window:
            self._flush()
            self._window_start, self._logged = now, 0
        if self._logged < self.burst:
            self._logged += 1
            logger.warning("dropping connection with unidentified peer at %s", text)
            return
        self._suppressed += 1
        self._last = text
        if self._summary is None:
            self._summary = loop.call_at(self._window_start + self.window, self._flush)

    def _flush(self) -> None:
        if self._summary is not None:
            self._summary.cancel()
            self._summary = None
        if self._suppressed:
            logger.warning(
                "dropped %d more connections of unidentified peers in %g s (last: %s)",
                self._suppressed,
                self.window,
                self._last,
            )
            self._suppressed = 0

    def close(self) -> None:
        """Log what is still counted and stop the timer."""
        self._flush()


@dataclass(eq=False)
class _Admitted:
    """A socket the listener accepted and is still handshaking (or setting up)."""

    host: str
    sock: socket.socket
    task: asyncio.Task[None] | None = None
    connection: Connection | None = None

    def evict(self, reason: str) -> None:
        """Give this connection up to make room for a newer one. While its task sets up the
        socket's transport, the socket is closed once the task has ended (closing it under a
        transport that is being made would leave the loop a dead descriptor to watch)."""
        if self.connection is not None:
            self.connection.abort(reason)
        elif self.task is not None:
            self.task.cancel()
            self.task.add_done_callback(lambda _task: self._close_socket())
        else:
            self._close_socket()

    def _close_socket(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


class Listener:
    """A listening TCP server that hands each authenticated connection to a callback.

    Strangers cost bounded resources: connections in handshake are capped in all and per remote
    address (a new one evicts the oldest, taken from the address with the most), open connections
    are capped below the open-file limit, and each handshake has a deadline.
    """

    def __init__(self, settings: TransportSettings = DEFAULT_SETTINGS) -> None:
        self.settings = settings
        self._sockets: list[socket.socket] = []
        self._accepting: list[asyncio.Task[None]] = []
        self._pending: dict[_Admitted, None] = {}
        """Accepted sockets still in their handshake, oldest first."""
        self._connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._known_hosts: dict[str, None] = {}
        """Remote addresses that completed a handshake (the latest KNOWN_HOSTS): their new
        connections are evicted last."""
        self._closing = False
        self.strangers = StrangerLog()
        """Failures of unidentified peers (rate-limited log, `total` count)."""
        self.evicted = 0
        """Connections in handshake given up to make room for newer ones."""
        self.refused = 0
        """Connections closed at once because the listener was full."""

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """(address, port) of every listening socket."""
        names = [sock.getsockname() for sock in self._sockets]
        return [(str(name[0]), int(name[1])) for name in names]

    @property
    def port(self) -> int:
        """The TCP port (the same on every listening socket)."""
        return self.addresses[0][1]

    @property
    def connections(self) -> set[Connection]:
        """Connections authenticated and still open."""
        return {connection for connection in self._connections if not connection.closed}

    @property
    def handshaking(self) -> int:
        """Connections accepted whose handshake has not finished."""
        return len(self._pending)

    async def close(self) -> None:
        """Stop listening, close every accepted connection and wait for their handlers."""
        self._closing = True
        for task in self._accepting:
            task.cancel()
        await asyncio.gather(*self._accepting, return_exceptions=True)
        for sock in self._sockets:
            sock.close()
        pending = list(self._pending)
        for admitted in pending:
            admitted.evict("table closed")
        await asyncio.gather(
            *(item.task for item in pending if item.task is not None), return_exceptions=True
        )
        for connection in list(self._connections):
            await connection.close("table closed")
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self.strangers.close()

    async def __aenter__(self) -> Listener:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ admission

    def _start(
        self, sockets: list[socket.socket], serve: Callable[[_Admitted], Awaitable[None]]
    ) -> None:
        self._sockets = sockets
        loop = asyncio.get_running_loop()
        self._accepting = [
            loop.create_task(self._accept_loop(sock, serve), name="net.transport accept")
            for sock in sockets
        ]

    async def _accept_loop(
        self, sock: socket.socket, serve: Callable[[_Admitted], Awaitable[None]]
    ) -> None:
        """Accept forever; out of file descriptors, evict a stranger and pause briefly. Waits for
        the socket to be readable with a reader of its own, not `loop.sock_accept`: Python 3.11's
        accepts a connection into a future cancelled by `close` and logs InvalidStateError."""
        loop = asyncio.get_running_loop()
        readable = asyncio.Event()
        loop.add_reader(sock.fileno(), readable.set)
        try:
            while not self._closing:
                await readable.wait()
                readable.clear()
                for _ in range(ACCEPTS_PER_WAKEUP):
                    try:
                        client, address = sock.accept()
                    except (BlockingIOError, InterruptedError):
                        break
                    except OSError as error:
                        if self._closing:
                            return
                        if error.errno in _OUT_OF_RESOURCES:
                            self._evict_for_room(None, "out of file descriptors")
                        self.strangers.report(f"(accept): {error.strerror or error}")
                        await asyncio.sleep(0.05)
                        break
                    self._admit(client, str(address[0]), serve)
                else:
                    readable.set()  # more may wait: take them after the others had a turn
                    await asyncio.sleep(0)
        finally:
            loop.remove_reader(sock.fileno())

    def _admit(
        self,
        client: socket.socket,
        host: str,
        serve: Callable[[_Admitted], Awaitable[None]],
    ) -> None:
        """Make room for a new connection by the caps, or refuse it; then start its handshake."""
        limits = self.settings
        self._connections = {c for c in self._connections if not c.closed}
        same_address = [item for item in self._pending if item.host == host]
        if len(same_address) >= limits.max_handshakes_per_address:
            self._evict(same_address[0], "too many handshakes from one address")
        elif len(self._pending) >= limits.max_handshakes:
            self._evict_for_room(host, "too many handshakes")
        open_here = sum(1 for c in self._connections if c.peer_host == host) + len(
            [item for item in self._pending if item.host == host]
        )
        open_total = len(self._connections) + len(self._pending)
        if open_total >= limits.max_connections:
            self._evict_for_room(host, "too many connections")
            open_total = len(self._connections) + len(self._pending)
        if open_here >= limits.max_connections_per_address or open_total >= limits.max_connections:
            self.refused += 1
            self.strangers.report(f"{host}: refused, the listener is full")
            with contextlib.suppress(OSError):
                client.close()
            return
        client.setblocking(False)
        admitted = _Admitted(host, client)
        self._pending[admitted] = None
        admitted.task = asyncio.get_running_loop().create_task(self._serve(admitted, serve))

    async def _serve(
        self, admitted: _Admitted, serve: Callable[[_Admitted], Awaitable[None]]
    ) -> None:
        try:
            await serve(admitted)
        finally:
            self._pending.pop(admitted, None)

    def _remember_host(self, host: str) -> None:
        self._known_hosts.pop(host, None)
        self._known_hosts[host] = None
        while len(self._known_hosts) > KNOWN_HOSTS:
            del self._known_hosts[next(iter(self._known_hosts))]

    def _make_room_for_key(self, key: bytes) -> None:
        """Close the oldest connections of this key beyond `max_connections_per_key` - 1."""
        same_key = [c for c in self._connections if c.peer_key == key and not c.closed]
        same_key.sort(key=lambda c: c.opened_at)
        for old in same_key[: max(0, len(same_key) - self.settings.max_connections_per_key + 1)]:
            logger.info("closing an old connection of %s: a newer one arrived", fingerprint(key))
            old.abort("replaced by a newer connection")

    def _evict_for_room(self, newcomer: str | None, reason: str) -> None:
        """Evict the oldest handshake of the address with the most, known addresses last."""
        if not self._pending:
            return
        counts: dict[str, int] = {}
        for item in self._pending:
            counts[item.host] = counts.get(item.host, 0) + 1
        victim = min(
            self._pending,
            key=lambda item: (
                item.host in self._known_hosts,
                item.host == newcomer,
                -counts[item.host],
            ),
        )
        self._evict(victim, reason)

    def _evict(self, admitted: _Admitted, reason: str) -> None:
        self._pending.pop(admitted, None)
        self.evicted += 1
        self.strangers.report(f"{admitted.host}: evicted ({reason})")
        admitted.evict(reason)


async def listen(
    identity: Identity,
    on_connection: Callable[[Connection], Awaitable[None]],
    *,
    host: str | Sequence[str] | None = None,
    port: int = 0,
    password: str | None = None,
    accept_peer: Callable[[bytes], bool] | None = None,
    settings: TransportSettings = DEFAULT_SETTINGS,
    limits: Limits = DEFAULT_LIMITS,
) -> Listener:
    """Listen on `host` (None: every address, IPv4 and IPv6) and `port` (0: any free port).

    Each peer that completes the handshake is passed to `await on_connection(connection)`;
    failed handshakes are logged (rate-limited) and dropped. When the handler returns, the
    connection stays open until closed; an exception in the handler is logged and closes that
    connection only.
    """
    listener = Listener(settings)

    async def serve(admitted: _Admitted) -> None:
        try:
            reader, writer = await asyncio.open_connection(sock=admitted.sock)
        except OSError as error:
            listener.strangers.report(f"{admitted.host}: {error}")
            with contextlib.suppress(OSError):
                admitted.sock.close()
            return
        channel = SecureChannel(
            Role.RESPONDER, identity, password=password, accept_peer=accept_peer, limits=limits
        )
        connection = Connection(
            ConnectionCore(channel, asyncio.get_running_loop().time(), settings),
            reader,
            writer,
            report_stranger=listener.strangers.report,
        )
        admitted.connection = connection
        try:
            await connection._wait_established()
        except ChannelError:
            await connection.wait_closed()
            return
        except asyncio.CancelledError:
            connection.abort("table closed")
            raise
        listener._pending.pop(admitted, None)
        listener._remember_host(admitted.host)
        listener._make_room_for_key(connection.peer_key)
        listener._connections.add(connection)
        task = asyncio.get_running_loop().create_task(run_handler(connection))
        listener._tasks.add(task)
        task.add_done_callback(listener._tasks.discard)

    async def run_handler(connection: Connection) -> None:
        try:
            await on_connection(connection)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception(
                "connection handler for %s failed; closing it", connection.peer_fingerprint
            )
            await connection.close("internal error")
        finally:
            if connection.closed:
                listener._connections.discard(connection)

    listener._start(_bind_all(host, port), serve)
    return listener


LISTEN_BACKLOG = 128


def _listening_socket(address: str, port: int) -> socket.socket:
    """A non-blocking TCP socket listening on `address` and `port` (IPv6 sockets v6 only)."""
    family, kind, proto, _, where = socket.getaddrinfo(
        address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(where)
        sock.listen(LISTEN_BACKLOG)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


def _bind_all(
    host: str | Sequence[str] | None, port: int, attempts: int = 5
) -> list[socket.socket]:
    """One listening socket per address, all on the same port (a free one, chosen by the first,
    when 0)."""
    if host is None:
        hosts = ["0.0.0.0", "::"] if socket.has_ipv6 else ["0.0.0.0"]
    else:
        hosts = [host] if isinstance(host, str) else list(host)
    if not hosts:
        raise OSError("no address to listen on")
    requested = port
    for attempt in range(attempts):
        sockets: list[socket.socket] = []
        port = requested
        try:
            for address in hosts:
                sock = _listening_socket(address, port)
                sockets.append(sock)
                port = port or sock.getsockname()[1]
            return sockets
        except OSError:
            for sock in sockets:
                sock.close()
            if attempt == attempts - 1 or not sockets or requested:
                raise
            # the port chosen on one address was taken on another: pick again
    raise AssertionError("unreachable")
