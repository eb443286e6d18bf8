"""The listener's caps: strangers (idle floods, garbage) cost bounded resources and never keep a
player out; queues are bounded in bytes in both directions. Real sockets on loopback, inside a
private network namespace (127.0.0.0/8 gives strangers their own source addresses)."""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

import pytest

from net.handshake import ChannelFailed, HandshakeComplete, Role, SecureChannel
from net.identity import Identity
from net.transport import (
    Connection,
    ConnectionClosedError,
    Listener,
    StrangerLog,
    TransportSettings,
    connect,
    listen,
)
from tests.net.netns import requires_private_netns

HOST = Identity.from_seed(bytes(32))
PLAYER = Identity.from_seed(bytes([1]) * 32)
OTHER = Identity.from_seed(bytes([2]) * 32)
TIGHT = TransportSettings(
    heartbeat_interval=1.0,
    idle_timeout=5.0,
    handshake_timeout=5.0,
    max_handshakes=8,
    max_handshakes_per_address=4,
    max_connections=32,
    max_connections_per_address=16,
)

pytestmark = [requires_private_netns, pytest.mark.timeout(60)]


async def echo_listener(settings: TransportSettings = TIGHT) -> tuple[Listener, list[Connection]]:
    """A listener on 127.0.0.1 that echoes every message; also returns its live connections."""
    accepted: list[Connection] = []

    async def handler(connection: Connection) -> None:
        accepted.append(connection)
        async for value in connection:
            connection.send({"echo": value})

    listener = await listen(HOST, handler, host="127.0.0.1", settings=settings)
    return listener, accepted


async def raw_connection(
    port: int, source: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A plain TCP connection to the listener from the loopback address `source`."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def hand_shake(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, identity: Identity
) -> SecureChannel:
    """Run the initiator's handshake by hand over an open stream; the established channel."""
    channel = SecureChannel(Role.INITIATOR, identity)
    while True:
        writer.write(channel.data_to_send())
        data = await asyncio.wait_for(reader.read(65536), 10)
        assert data, "the listener closed the connection during the handshake"
        for event in channel.receive_data(data):
            assert not isinstance(event, ChannelFailed), event
            if isinstance(event, HandshakeComplete):
                writer.write(channel.data_to_send())
                return channel


async def is_closed_by_listener(reader: asyncio.StreamReader, wait: float = 0.5) -> bool:
    """Whether the listener has closed this idle connection (end of stream or reset)."""
    try:
        data = await asyncio.wait_for(reader.read(65536), wait)
    except TimeoutError:
        return False
    except ConnectionError:
        return True
    return not data or b"error" in data


async def test_an_idle_flood_from_one_address_keeps_nobody_else_out(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="net.transport")
    listener, _ = await echo_listener()
    async with listener:
        flood = [await raw_connection(listener.port, "127.0.0.2") for _ in range(300)]
        await asyncio.sleep(0.2)
        assert listener.handshaking <= TIGHT.max_handshakes_per_address
        started = asyncio.get_running_loop().time()
        player = await connect("127.0.0.1", listener.port, PLAYER, settings=TIGHT)
        assert asyncio.get_running_loop().time() - started < 2.0
        player.send("hello")
        assert await asyncio.wait_for(player.receive(), 5) == {"echo": "hello"}
        closed = [await is_closed_by_listener(reader, 0.05) for reader, _ in flood]
        assert sum(closed) >= 300 - TIGHT.max_handshakes_per_address
        assert listener.evicted >= 300 - TIGHT.max_handshakes_per_address
        await player.close()
        for _, writer in flood:
            writer.close()
    lines = [r for r in caplog.records if "unidentified" in r.getMessage()]
    assert len(lines) <= 10, [r.getMessage() for r in lines]


async def test_strangers_on_many_addresses_never_evict_a_known_address() -> None:
    listener, _ = await echo_listener()
    async with listener:
        first = await connect("127.0.0.1", listener.port, PLAYER, settings=TIGHT)
        # The player opens a second connection and is slow to speak; strangers arrive meanwhile.
        reader, writer = await raw_connection(listener.port, "127.0.0.1")
        strangers = [await raw_connection(listener.port, f"127.0.0.{n}") for n in range(10, 60)]
        await asyncio.sleep(0.2)
        assert listener.handshaking <= TIGHT.max_handshakes
        channel = await hand_shake(reader, writer, OTHER)
        assert channel.peer_key == HOST.public_key
        first.send("still here")
        assert await asyncio.wait_for(first.receive(), 5) == {"echo": "still here"}
        await first.close()
        writer.close()
        for _, stranger in strangers:
            stranger.close()


async def test_a_gigabyte_of_garbage_costs_the_listener_nothing_lasting(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="net.transport")
    listener, _ = await echo_listener()
    async with listener:
        player = await connect("127.0.0.1", listener.port, PLAYER, settings=TIGHT)
        junk = os.urandom(1 << 20)
        sent = 0
        connections = 0
        while sent < 64 << 20:  # 64 MiB here; the LAN test sends a gigabyte
            _, writer = await raw_connection(listener.port, "127.0.0.2")
            connections += 1
            try:
                for _ in range(8):
                    writer.write(junk)
                    await writer.drain()
                    sent += len(junk)
            except ConnectionError:
                pass
            writer.close()
        player.send("after the noise")
        assert await asyncio.wait_for(player.receive(), 5) == {"echo": "after the noise"}
        assert listener.handshaking <= TIGHT.max_handshakes_per_address
        await player.close()
    lines = [r.getMessage() for r in caplog.records if "unidentified" in r.getMessage()]
    assert len(lines) <= 10, lines
    assert listener.strangers.total >= 1


async def test_messages_the_application_does_not_take_are_bounded_in_bytes() -> None:
    settings = TransportSettings(max_queued_bytes=2 << 20)
    accepted: list[Connection] = []
    go = asyncio.Event()
    received: list[int] = []

    async def slow_handler(connection: Connection) -> None:
        accepted.append(connection)
        await go.wait()
        async for value in connection:
            received.append(value[0])

    async with await listen(HOST, slow_handler, host="127.0.0.1", settings=settings) as listener:
        client = await connect("127.0.0.1", listener.port, PLAYER, settings=settings)
        chunk = bytes(512 << 10)
        for n in range(40):  # 20 MiB, far more than the server queues: the rest waits in TCP
            client.send([n, chunk])
        await asyncio.sleep(1.0)
        (server_side,) = accepted
        assert server_side.queued_bytes <= settings.max_queued_bytes + (1 << 20)
        go.set()
        for _ in range(100):
            if len(received) == 40:
                break
            await asyncio.sleep(0.1)
        assert received == list(range(40))
        await client.close()


async def test_a_peer_that_does_not_read_is_dropped_when_its_backlog_is_full() -> None:
    settings = TransportSettings(max_unsent_bytes=4 << 20)
    outcome: list[str] = []

    async def flooding_handler(connection: Connection) -> None:
        chunk = bytes(512 << 10)
        try:
            for _ in range(2000):
                connection.send(chunk)
                await asyncio.sleep(0)
        except ConnectionClosedError:
            outcome.append(connection.close_reason or "")

    async with await listen(HOST, flooding_handler, host="127.0.0.1", settings=settings) as server:
        reader, writer = await raw_connection(server.port, "127.0.0.1")
        await hand_shake(reader, writer, PLAYER)
        # Now this side reads nothing at all.
        for _ in range(100):
            if outcome:
                break
            await asyncio.sleep(0.1)
        assert outcome and "does not read" in outcome[0], outcome
        writer.close()


async def test_a_full_listener_refuses_newcomers_and_keeps_its_players() -> None:
    settings = TransportSettings(max_connections=3, max_handshakes=2)
    listener, _ = await echo_listener(settings)
    async with listener:
        players = [
            await connect("127.0.0.1", listener.port, Identity.generate(), settings=settings)
            for _ in range(3)
        ]
        reader, writer = await raw_connection(listener.port, "127.0.0.2")
        assert await is_closed_by_listener(reader, 2.0)
        assert listener.refused >= 1
        for n, player in enumerate(players):
            player.send(n)
            assert await asyncio.wait_for(player.receive(), 5) == {"echo": n}
            await player.close()
        writer.close()


async def test_stranger_log_logs_a_few_lines_then_one_summary(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="net.transport")
    log = StrangerLog(window=0.2, burst=3)
    for n in range(1000):
        log.report(f"10.0.0.{n % 250}: bad frame")
    await asyncio.sleep(0.3)
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 4, messages
    assert "dropped 997 more" in messages[-1]
    assert log.total == 1000
    log.close()


async def test_one_identity_keeps_at_most_a_few_connections() -> None:
    settings = TransportSettings(max_connections_per_key=2)
    listener, _ = await echo_listener(settings)
    async with listener:
        clients = [
            await connect("127.0.0.1", listener.port, PLAYER, settings=settings) for _ in range(4)
        ]
        await asyncio.sleep(0.3)
        assert len(listener.connections) == 2
        assert [client.closed for client in clients] == [True, True, False, False]
        assert "replaced by a newer connection" in (clients[0].close_reason or "")
        clients[3].send("newest")
        assert await asyncio.wait_for(clients[3].receive(), 5) == {"echo": "newest"}
        for client in clients[2:]:
            await client.close()


async def test_closing_while_strangers_connect_logs_no_error() -> None:
    """A listener closed while connections arrive stops quietly: no connection accepted into a
    cancelled wait ("Exception in callback ... InvalidStateError", Python 3.11's
    `loop.sock_accept`), which a host's error output showed at shutdown under load."""
    loop = asyncio.get_running_loop()
    errors: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    try:
        for _ in range(30):
            listener, _ = await echo_listener()
            knocking = asyncio.Event()

            async def knock(port: int, stop: asyncio.Event) -> None:
                while not stop.is_set():
                    try:
                        _, writer = await asyncio.open_connection("127.0.0.1", port)
                        writer.close()
                    except OSError:
                        await asyncio.sleep(0)

            knockers = [loop.create_task(knock(listener.port, knocking)) for _ in range(8)]
            await asyncio.sleep(0.02)
            await listener.close()
            knocking.set()
            await asyncio.gather(*knockers, return_exceptions=True)
    finally:
        loop.set_exception_handler(None)
    assert [context.get("message") for context in errors] == []


async def test_strangers_evicted_in_their_setup_log_no_error() -> None:
    """A flood of handshakes from one address evicts connections whose transport is still being
    set up: their sockets close after their task, so the loop is never left watching a closed
    descriptor ("Exception in callback _SelectorTransport._add_reader ... Bad file descriptor",
    seen in a host's error output while 2,000 idle connections came)."""
    loop = asyncio.get_running_loop()
    errors: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    listener, _ = await echo_listener()
    writers: list[asyncio.StreamWriter] = []
    try:
        for _ in range(10):
            opened = await asyncio.gather(
                *(asyncio.open_connection("127.0.0.1", listener.port) for _ in range(100)),
                return_exceptions=True,
            )
            writers += [pair[1] for pair in opened if not isinstance(pair, BaseException)]
            await asyncio.sleep(0.05)
        assert listener.evicted > 500
    finally:
        for writer in writers:
            writer.close()
        await listener.close()
        loop.set_exception_handler(None)
    assert [context.get("message") for context in errors] == []
