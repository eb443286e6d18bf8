"""Hostile strangers for the LAN tests: run with `python -m tests.lan.strangers COMMAND ...`.

  flood ADDRESS PORT COUNT SECONDS     open COUNT idle TCP connections and hold them SECONDS
  garbage ADDRESS PORT MEGABYTES       send MEGABYTES of random bytes and fake frames, reconnecting
                                       whenever the host hangs up (until it is gone)
  impostor ADDRESS TABLE SECONDS       announce a copy of TABLE (its host's key, its name) that
                                       points at a listener of its own, for SECONDS
  early ADDRESS PORT MEGABYTES         join with a fresh identity and send MEGABYTES of game frames
                                       for games that do not exist (yet)
  join-by-key ADDRESS TABLE            find TABLE, then try every announcement of its host's key,
                                       demanding that key in the handshake

Each prints one JSON line of counts on stdout when done and exits 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import resource
import socket
import struct
import sys
import time
from typing import TYPE_CHECKING

import msgpack

if TYPE_CHECKING:
    from net.discovery import TableAnnouncement


def _connect(address: str, port: int, timeout: float = 5.0) -> socket.socket | None:
    try:
        return socket.create_connection((address, port), timeout=timeout)
    except OSError:
        return None


def flood(address: str, port: int, count: int, seconds: float) -> int:
    """Open `count` connections that never say a word, hold them, count those the host closed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = count + 64
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, max(hard, want)))
    sockets: list[socket.socket] = []
    failed = 0
    for _ in range(count):
        sock = _connect(address, port, timeout=2.0)
        if sock is None:
            failed += 1
            continue
        sock.setblocking(False)
        sockets.append(sock)
    print(json.dumps({"opened": len(sockets), "failed": failed}), flush=True)
    time.sleep(seconds)
    closed = 0
    for sock in sockets:
        try:
            data = sock.recv(4096)
        except BlockingIOError:
            continue
        except OSError:
            closed += 1
            continue
        if not data or b"error" in data:
            closed += 1
    for sock in sockets:
        sock.close()
    print(json.dumps({"held": len(sockets), "closed_by_host": closed}), flush=True)
    return 0


def _fake_frames() -> bytes:
    """Frames that look right on the wire but are no handshake: game frames sent too early."""
    frames = bytearray()
    for number in range(64):
        body = msgpack.packb({"t": "g", "g": number, "f": {"t": "m", "s": 1, "p": {"x": 1}}})
        frames += struct.pack(">I", len(body)) + body
    frames += struct.pack(">I", 1000) + os.urandom(1000)
    return bytes(frames)


def garbage(address: str, port: int, megabytes: int) -> int:
    """Send random bytes and fake frames until `megabytes` MiB are written in all."""
    target = megabytes << 20
    junk = os.urandom(1 << 20)
    fake = _fake_frames()
    sent = connections = refused = refused_in_a_row = 0
    while sent < target and refused_in_a_row < 50:  # 50 refusals in a row: the host is gone
        sock = _connect(address, port)
        if sock is None:
            refused += 1
            refused_in_a_row += 1
            time.sleep(0.01)
            continue
        refused_in_a_row = 0
        connections += 1
        payload = fake if connections % 2 else junk
        with contextlib.closing(sock):
            sock.settimeout(2.0)
            view = memoryview(payload)
            offset = 0
            try:
                while sent < target:
                    written = sock.send(view[offset:])
                    sent += written
                    offset = (offset + written) % len(payload)
            except OSError:
                pass
    print(
        json.dumps({"sent_bytes": sent, "connections": connections, "refused": refused}),
        flush=True,
    )
    return 0


async def _find(address: str, table: str, count: int = 1) -> list[TableAnnouncement]:
    """Browse on `address` until `count` announcements of `table` share one host key."""
    from net.discovery import TableBrowser, make_zeroconf

    zeroconf = make_zeroconf(address)
    try:
        async with TableBrowser(zeroconf) as browser:
            async with asyncio.timeout(30):
                while True:
                    for found in browser.tables_named(table):
                        same = browser.tables_of(found.host_key)
                        if len(same) >= count:
                            return list(same)
                    await asyncio.sleep(0.2)
    finally:
        await zeroconf.async_close()


async def _impostor(address: str, table: str, seconds: float) -> None:
    from net.discovery import TablePublisher, make_zeroconf
    from net.identity import Identity
    from net.transport import Connection, listen

    (real,) = await _find(address, table)

    async def ignore(connection: Connection) -> None:
        await connection.wait_closed()

    listener = await listen(Identity.generate(), ignore, host=address)
    copy = dataclasses.replace(real, addresses=(address,), port=listener.port)
    zeroconf = make_zeroconf(address)
    publisher = TablePublisher(zeroconf, copy)
    await publisher.register()
    print(json.dumps({"announced": publisher.announcement.service_name}), flush=True)
    await asyncio.sleep(seconds)
    await publisher.unregister()
    await zeroconf.async_close()
    await listener.close()


async def _join_by_key(address: str, table: str) -> None:
    from net.handshake import ChannelError
    from net.identity import Identity
    from net.transport import connect

    me = Identity.generate()
    for ad in await _find(address, table, count=2):
        attempt: dict[str, object] = {"address": ad.addresses[0], "port": ad.port}
        try:
            connection = await connect(
                list(ad.addresses), ad.port, me, expected_peer_key=ad.host_key
            )
        except ChannelError as error:
            attempt.update(result=error.failure.value, reason=error.reason)
        else:
            attempt.update(result="ok", reason="")
            await connection.close("just looking")
        print(json.dumps(attempt), flush=True)


async def _early(address: str, port: int, megabytes: int) -> None:
    from net.identity import Identity
    from net.transport import ConnectionClosedError, connect

    connection = await connect(address, port, Identity.generate())
    filler = os.urandom(512 << 10)
    sent = frames = 0
    try:
        while sent < megabytes << 20:
            connection.send({"t": "g", "g": 1000 + frames, "f": {"t": "m", "s": 1, "p": filler}})
            await connection.drain()
            sent += len(filler)
            frames += 1
    except ConnectionClosedError:
        pass
    print(json.dumps({"sent_bytes": sent, "frames": frames, "closed": connection.closed}))
    await connection.close()


def main(argv: list[str]) -> int:
    """Dispatch on the command name."""
    command, *args = argv
    if command == "flood":
        return flood(args[0], int(args[1]), int(args[2]), float(args[3]))
    if command == "garbage":
        return garbage(args[0], int(args[1]), int(args[2]))
    if command == "impostor":
        asyncio.run(_impostor(args[0], args[1], float(args[2])))
        return 0
    if command == "early":
        asyncio.run(_early(args[0], int(args[1]), int(args[2])))
        return 0
    if command == "join-by-key":
        asyncio.run(_join_by_key(args[0], args[1]))
        return 0
    print(f"unknown stranger {command!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
