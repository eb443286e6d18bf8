"""The transport: the clock-driven core in memory, and real connections on loopback."""

from __future__ import annotations

import asyncio
import logging
import struct
from collections.abc import Callable

import pytest

from net.handshake import (
    ChannelError,
    ChannelFailed,
    Failure,
    HandshakeComplete,
    HeartbeatReceived,
    MessageReceived,
    Role,
    SecureChannel,
    State,
)
from net.identity import Identity
from net.transport import (
    Connection,
    ConnectionClosedError,
    ConnectionCore,
    Listener,
    TransportSettings,
    connect,
    listen,
)
from tests.net.netns import requires_private_netns

HOST = Identity.from_seed(bytes(32))
GUESTS = [Identity.from_seed(bytes([n]) * 32) for n in range(1, 4)]
SETTINGS = TransportSettings(heartbeat_interval=1.0, idle_timeout=3.0, handshake_timeout=2.0)


# ---------------------------------------------------------------------- the core, time passed in


def core_pair(now: float = 0.0) -> tuple[ConnectionCore, ConnectionCore]:
    """Two cores with their handshake done at time `now`."""
    initiator = ConnectionCore(SecureChannel(Role.INITIATOR, GUESTS[0]), now, SETTINGS)
    responder = ConnectionCore(SecureChannel(Role.RESPONDER, HOST), now, SETTINGS)
    for _ in range(4):
        responder.receive_data(initiator.data_to_send(), now)
        initiator.receive_data(responder.data_to_send(), now)
    assert initiator.channel.state is responder.channel.state is State.ESTABLISHED
    return initiator, responder


def test_heartbeat_is_sent_after_the_interval_and_keeps_the_peer_alive() -> None:
    initiator, responder = core_pair()
    assert initiator.tick(0.5) == [] and initiator.data_to_send() == b""
    assert initiator.next_deadline() == 1.0
    assert initiator.tick(1.0) == []
    heartbeat = initiator.data_to_send()
    assert heartbeat
    assert responder.receive_data(heartbeat, 2.9) == [HeartbeatReceived()]
    assert responder.tick(5.0) == []  # 2.1 s since the heartbeat: still alive
    assert responder.next_deadline() == pytest.approx(5.9)


def test_silent_peer_times_out_with_a_reason() -> None:
    _, responder = core_pair()
    responder.tick(1.0)
    responder.tick(2.0)
    events = responder.tick(3.0)
    assert len(events) == 1 and isinstance(events[0], ChannelFailed)
    assert events[0].error.side == "remote"
    assert "nothing received for 3 s" in events[0].error.reason
    assert responder.next_deadline() is None


def test_sending_data_postpones_the_heartbeat() -> None:
    initiator, responder = core_pair()
    initiator.send("move", 0.8)
    assert responder.receive_data(initiator.data_to_send(), 0.8) == [MessageReceived("move")]
    assert initiator.tick(1.0) == [] and initiator.data_to_send() == b""
    initiator.tick(1.8)
    assert responder.receive_data(initiator.data_to_send(), 1.8) == [HeartbeatReceived()]


def test_handshake_that_never_finishes_times_out() -> None:
    responder = ConnectionCore(SecureChannel(Role.RESPONDER, HOST), 10.0, SETTINGS)
    assert responder.next_deadline() == 12.0
    assert responder.tick(11.9) == []
    events = responder.tick(12.0)
    assert (
        isinstance(events[0], ChannelFailed) and "handshake not finished" in events[0].error.reason
    )


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError):
        TransportSettings(heartbeat_interval=5, idle_timeout=5)
    with pytest.raises(ValueError):
        TransportSettings(handshake_timeout=0)


def test_handshake_events_pass_through_the_core() -> None:
    initiator = ConnectionCore(SecureChannel(Role.INITIATOR, GUESTS[0]), 0.0, SETTINGS)
    responder = ConnectionCore(SecureChannel(Role.RESPONDER, HOST), 0.0, SETTINGS)
    responder.receive_data(initiator.data_to_send(), 0.1)
    initiator.receive_data(responder.data_to_send(), 0.2)
    events = responder.receive_data(initiator.data_to_send(), 0.3)
    assert events == [
        HandshakeComplete(GUESTS[0].public_key, responder.channel.transcript_hash or b"")
    ]


# ---------------------------------------------------------------------- real sockets on loopback


async def echo_server(
    received: dict[bytes, list[object]],
    password: str | None = None,
    accept_peer: Callable[[bytes], bool] | None = None,
) -> Listener:
    """A listener on 127.0.0.1 that records what each peer sends and echoes it back."""

    async def handler(connection: Connection) -> None:
        async for value in connection:
            received.setdefault(connection.peer_key, []).append(value)
            connection.send({"echo": value})

    return await listen(
        HOST,
        handler,
        host="127.0.0.1",
        settings=SETTINGS,
        password=password,
        accept_peer=accept_peer,
    )


@requires_private_netns
@pytest.mark.timeout(30)
async def test_three_connections_and_one_gets_garbage(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="net.transport")
    received: dict[bytes, list[object]] = {}
    listener = await echo_server(received)
    async with listener:
        port = listener.port
        clients = [
            await connect(
                "127.0.0.1", port, guest, expected_peer_key=HOST.public_key, settings=SETTINGS
            )
            for guest in GUESTS
        ]
        assert [client.peer_key for client in clients] == [HOST.public_key] * 3
        assert len({client.transcript_hash for client in clients}) == 3
        for n, client in enumerate(clients):
            client.send(["hello", n])
        assert [await client.receive() for client in clients] == [
            {"echo": ["hello", n]} for n in range(3)
        ]

        # The middle client's socket starts sending garbage after the handshake.
        victim = clients[1]
        victim._writer.write(struct.pack(">I", 40) + bytes(40))
        with pytest.raises(ConnectionClosedError):
            await asyncio.wait_for(victim.receive(), 10)
        assert victim.error is not None and victim.error.side == "local"
        assert "peer reports" in victim.error.reason

        for n in (0, 2):
            clients[n].send(["still here", n])
        assert await clients[0].receive() == {"echo": ["still here", 0]}
        assert await clients[2].receive() == {"echo": ["still here", 2]}
        assert received[GUESTS[0].public_key] == [["hello", 0], ["still here", 0]]
        assert received[GUESTS[1].public_key] == [["hello", 1]]
        for client in (clients[0], clients[2]):
            await client.close()
    dropped = [
        r for r in caplog.records if r.levelno == logging.WARNING and "dropping" in r.getMessage()
    ]
    assert any("does not authenticate" in r.getMessage() for r in dropped)


@requires_private_netns
@pytest.mark.timeout(30)
async def test_unknown_key_and_wrong_password_are_dropped_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="net.transport")
    allowed = {GUESTS[0].public_key, GUESTS[1].public_key}
    received: dict[bytes, list[object]] = {}
    listener = await echo_server(received, password="pw", accept_peer=allowed.__contains__)
    async with listener:
        port = listener.port
        good = await connect("127.0.0.1", port, GUESTS[0], password="pw", settings=SETTINGS)
        with pytest.raises(ChannelError) as stranger:
            await connect("127.0.0.1", port, GUESTS[2], password="pw", settings=SETTINGS)
        assert stranger.value.side == "local" and "not accepted" in stranger.value.reason
        with pytest.raises(ChannelError) as wrong:
            await connect("127.0.0.1", port, GUESTS[1], password="guess", settings=SETTINGS)
        assert "wrong password" in wrong.value.reason
        assert wrong.value.failure is Failure.WRONG_PASSWORD
        with pytest.raises(ChannelError) as impostor:
            await connect(
                "127.0.0.1", port, GUESTS[0], password="pw", expected_peer_key=GUESTS[2].public_key
            )
        assert impostor.value.side == "remote" and "wrong host" in impostor.value.reason
        assert impostor.value.failure is Failure.WRONG_HOST
        good.send("fine")
        assert await good.receive() == {"echo": "fine"}
        assert len(listener.connections) == 1
        await good.close()
    messages = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("not accepted here" in m for m in messages)
    assert any("table password does not match" in m for m in messages)


@requires_private_netns
@pytest.mark.timeout(30)
async def test_raw_garbage_and_truncation_never_disturb_the_server(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="net.transport")
    received: dict[bytes, list[object]] = {}
    listener = await echo_server(received)
    async with listener:
        port = listener.port
        good = await connect("127.0.0.1", port, GUESTS[0], settings=SETTINGS)
        for junk in (
            b"GET / HTTP/1.1\r\n\r\n",
            b"\xff\xff\xff\xff",
            b"\x00\x00\x00\x10abc",
            b"\x00\x00\x00\x00",
        ):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(junk)
            await writer.drain()
            writer.write_eof()
            assert await asyncio.wait_for(reader.read(), 10) is not None
            writer.close()
            await writer.wait_closed()
        # A client that connects and says nothing is dropped after the handshake time-out.
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.wait_for(reader.read(), 10)
        writer.close()
        good.send("after the noise")
        assert await good.receive() == {"echo": "after the noise"}
        await good.close()
    messages = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("announces" in m for m in messages)
    assert any("handshake not finished" in m for m in messages)
    assert any("inside a frame" in m for m in messages)


@requires_private_netns
@pytest.mark.timeout(30)
async def test_idle_connection_stays_up_on_heartbeats_and_close_is_clean() -> None:
    fast = TransportSettings(heartbeat_interval=0.05, idle_timeout=0.3, handshake_timeout=2.0)
    closed_by_peer = asyncio.Event()
    reasons: list[str | None] = []

    async def handler(connection: Connection) -> None:
        async for _ in connection:
            pass
        reasons.append(connection.close_reason)
        closed_by_peer.set()

    async with await listen(HOST, handler, host="127.0.0.1", settings=fast) as listener:
        client = await connect("127.0.0.1", listener.port, GUESTS[0], settings=fast)
        await asyncio.sleep(1.0)  # several idle time-outs long: only heartbeats flow
        assert not client.closed
        client.send("still there")
        await client.close("going home")
        await asyncio.wait_for(closed_by_peer.wait(), 10)
        assert reasons == ["closed by the peer: going home"]
        assert client.error is None
        with pytest.raises(ConnectionClosedError):
            client.send("too late")


@requires_private_netns
@pytest.mark.timeout(30)
async def test_handler_exception_closes_only_that_connection(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def handler(connection: Connection) -> None:
        value = await connection.receive()
        if value == "boom":
            raise RuntimeError("handler bug")
        connection.send("ok")
        await connection.wait_closed()

    async with await listen(HOST, handler, host="127.0.0.1", settings=SETTINGS) as listener:
        first = await connect("127.0.0.1", listener.port, GUESTS[0], settings=SETTINGS)
        second = await connect("127.0.0.1", listener.port, GUESTS[1], settings=SETTINGS)
        first.send("boom")
        with pytest.raises(ConnectionClosedError):
            await first.receive()
        second.send("hi")
        assert await second.receive() == "ok"
        await second.close()
    assert any("handler bug" in (r.exc_text or "") or r.exc_info for r in caplog.records)


@requires_private_netns
@pytest.mark.timeout(30)
async def test_connect_tries_each_address_and_works_over_ipv6() -> None:
    async def handler(connection: Connection) -> None:
        connection.send(connection.peer_address[0])
        await connection.wait_closed()

    async with await listen(
        HOST, handler, host=["127.0.0.1", "::1"], settings=SETTINGS
    ) as listener:
        port = listener.port
        assert {address for address, _ in listener.addresses} == {"127.0.0.1", "::1"}
        client = await connect(["127.0.0.3", "::1"], port, GUESTS[0], settings=SETTINGS)
        assert await client.receive() == "::1"
        await client.close()
    with pytest.raises(OSError):
        await connect("127.0.0.1", port, GUESTS[0], settings=SETTINGS)
