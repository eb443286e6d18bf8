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
import hmac
import logging
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass

from net.codec import DEFAULT_LIMITS, Limits, Value
from net.handshake import (
    ChannelError,
    ChannelFailed,
    Event,
    HandshakeComplete,
    HeartbeatReceived,
    MessageReceived,
    PeerClosed,
    Role,
    SecureChannel,
    State,
    normalize_password,
    password_key,
)
from net.identity import Identity, fingerprint

logger = logging.getLogger("net.transport")

READ_CHUNK_BYTES = 65536


@dataclass(frozen=True)
class TransportSettings:
    """Timing of heartbeats and time-outs, in seconds."""

    heartbeat_interval: float = 5.0
    """Send a heartbeat when nothing was sent for this long."""
    idle_timeout: float = 20.0
    """Give the connection up when nothing was received for this long."""
    handshake_timeout: float = 10.0
    """Give the connection up when the handshake has not finished after this long."""

    def __post_init__(self) -> None:
        if not 0 < self.heartbeat_interval < self.idle_timeout:
            raise ValueError("need 0 < heartbeat_interval < idle_timeout")
        if self.handshake_timeout <= 0:
            raise ValueError("handshake_timeout must be positive")


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
            return self.channel.fail(ChannelError("remote", reason))
        if state is not State.ESTABLISHED:
            return []
        if now - self._last_received >= self.settings.idle_timeout:
            reason = f"nothing received for {self.settings.idle_timeout:g} s"
            return self.channel.fail(ChannelError("remote", reason))
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
    ) -> None:
        self._core = core
        self._reader = reader
        self._writer = writer
        self._loop = asyncio.get_running_loop()
        self._established: asyncio.Future[None] = self._loop.create_future()
        self._received: asyncio.Queue[object] = asyncio.Queue()
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
        self._task = self._loop.create_task(self._run(), name=f"net.transport {self.peer_address}")

    # ------------------------------------------------------------------ public API

    @property
    def peer_fingerprint(self) -> str:
        """Short fingerprint of the peer's key ('' before the handshake)."""
        return fingerprint(self.peer_key) if self.peer_key else ""

    @property
    def closed(self) -> bool:
        """Whether the connection has ended."""
        return self._closed.is_set()

    def send(self, value: object) -> None:
        """Seal and write one object; ConnectionClosedError if closed, ChannelError if not encodable."""
        if self.closed or self._core.channel.state is not State.ESTABLISHED:
            raise ConnectionClosedError(f"connection is closed: {self.close_reason}", self.error)
        self._core.send(value, self._loop.time())
        self._flush()

    async def drain(self) -> None:
        """Wait until the socket's write buffer is low (flow control for large bursts)."""
        with contextlib.suppress(ConnectionError):
            await self._writer.drain()

    async def receive(self) -> Value:
        """The next object from the peer; ConnectionClosedError once the connection has ended."""
        item = await self._received.get()
        if item is _END:
            self._received.put_nowait(_END)  # later calls end too
            raise ConnectionClosedError(f"connection is closed: {self.close_reason}", self.error)
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
        if data and not self._writer.is_closing():
            self._writer.write(data)

    def _finish(self, reason: str) -> None:
        """Record why the connection ended and wake everyone waiting on it."""
        if self._closed.is_set():
            return
        self.close_reason = reason
        self._closed.set()
        self._received.put_nowait(_END)
        if not self._established.done():
            error = self.error or ChannelError("remote", reason)
            self._established.set_exception(error)
            self._established.exception()  # mark retrieved: the opener may have gone
        if self._task is not asyncio.current_task():
            self._task.cancel()

    def _handle(self, events: list[Event]) -> bool:
        """Act on channel events; True when the connection has ended."""
        for event in events:
            if isinstance(event, MessageReceived):
                self._received.put_nowait(event.value)
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
                logger.warning(
                    "dropping connection with %s at %s: %s",
                    self.peer_fingerprint or "unidentified peer",
                    self.peer_address,
                    event.error,
                )
                self._finish(str(event.error))
                return True
        return False

    async def _run(self) -> None:
        """Read, tick and write until the connection ends; never lets an exception escape."""
        try:
            self._flush()
            while not self.closed:
                deadline = self._core.next_deadline()
                timeout = None if deadline is None else max(0.0, deadline - self._loop.time())
                try:
                    data = await asyncio.wait_for(self._reader.read(READ_CHUNK_BYTES), timeout)
                except TimeoutError:
                    events = self._core.tick(self._loop.time())
                except (ConnectionError, OSError) as error:
                    events = self._core.connection_lost()
                    if not events:
                        self._finish(f"socket error: {error}")
                else:
                    if data:
                        events = self._core.receive_data(data, self._loop.time())
                        # Heartbeats fall due even while the peer keeps talking.
                        events += self._core.tick(self._loop.time())
                    else:
                        events = self._core.connection_lost()
                        if not events:
                            self._finish("connection ended")
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


def _policy(
    accept_peer: Callable[[bytes], bool] | None, expected_peer_key: bytes | None
) -> Callable[[bytes], bool] | None:
    """Combine a key policy with an exact expected key."""
    if expected_peer_key is None:
        return accept_peer
    expected = expected_peer_key

    def accept(key: bytes) -> bool:
        return hmac.compare_digest(key, expected) and (accept_peer is None or accept_peer(key))

    return accept


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
    """Open a secure connection, trying each address in turn; OSError or ChannelError on failure."""
    hosts = [host] if isinstance(host, str) else list(host)
    if not hosts:
        raise OSError("no address to connect to")
    if expected_peer_key is not None:
        await _warm_password_key(password, expected_peer_key)
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
            accept_peer=_policy(accept_peer, expected_peer_key),
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


class Listener:
    """A listening TCP server that hands each authenticated connection to a callback."""

    def __init__(self) -> None:
        self._servers: list[asyncio.Server] = []
        self._connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """(address, port) of every listening socket."""
        names = [sock.getsockname() for server in self._servers for sock in server.sockets]
        return [(str(name[0]), int(name[1])) for name in names]

    @property
    def port(self) -> int:
        """The TCP port (the same on every listening socket)."""
        return self.addresses[0][1]

    @property
    def connections(self) -> set[Connection]:
        """Connections accepted and still open."""
        return {connection for connection in self._connections if not connection.closed}

    async def close(self) -> None:
        """Stop listening, close every accepted connection and wait for their handlers."""
        for server in self._servers:
            server.close()
        for connection in list(self._connections):
            await connection.close("table closed")
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for server in self._servers:
            await server.wait_closed()

    async def __aenter__(self) -> Listener:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()


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
    failed handshakes are logged and dropped. When the handler returns, the connection stays
    open until closed; an exception in the handler is logged and closes that connection only.
    """
    listener: Listener

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        channel = SecureChannel(
            Role.RESPONDER, identity, password=password, accept_peer=accept_peer, limits=limits
        )
        connection = Connection(
            ConnectionCore(channel, asyncio.get_running_loop().time(), settings), reader, writer
        )
        listener._connections.add(connection)
        try:
            await connection._wait_established()
        except ChannelError:
            listener._connections.discard(connection)
            await connection.wait_closed()
            return
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

    await _warm_password_key(password, identity.public_key)
    listener = Listener()
    try:
        listener._servers = await _bind_all(handle, host, port)
    except BaseException:
        await listener.close()
        raise
    for server in listener._servers:
        await server.start_serving()
    return listener


async def _warm_password_key(password: str | None, responder_key: bytes) -> None:
    """Compute the slow scrypt password key in a thread ahead of time, so handshakes do not block
    the event loop (the handshake finds it in its cache)."""
    normalized = normalize_password(password)
    if normalized is not None:
        await asyncio.get_running_loop().run_in_executor(
            None, password_key, normalized, responder_key
        )


async def _bind_all(
    handle: Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]],
    host: str | Sequence[str] | None,
    port: int,
    attempts: int = 5,
) -> list[asyncio.Server]:
    """One server per address, all on the same port (a free one, chosen by the first, when 0)."""
    if host is None:
        hosts = ["0.0.0.0", "::"] if socket.has_ipv6 else ["0.0.0.0"]
    else:
        hosts = [host] if isinstance(host, str) else list(host)
    if not hosts:
        raise OSError("no address to listen on")
    for attempt in range(attempts):
        servers: list[asyncio.Server] = []
        try:
            for address in hosts:
                server = await asyncio.start_server(
                    handle, host=address, port=port, start_serving=False, reuse_address=True
                )
                servers.append(server)
                port = port or server.sockets[0].getsockname()[1]
            return servers
        except OSError:
            for server in servers:
                server.close()
            if attempt == attempts - 1 or not servers:
                raise
            port = 0  # the port chosen on one address was taken on another: pick again
    raise AssertionError("unreachable")
