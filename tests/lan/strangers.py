"""Hostile strangers for the LAN tests: run with `python -m tests.lan.strangers COMMAND ...`.

  flood ADDRESS PORT COUNT SECONDS     open COUNT idle TCP connections and hold them SECONDS
  garbage ADDRESS PORT MEGABYTES       send MEGABYTES of random bytes and fake frames, reconnecting
                                       whenever the host hangs up

Each prints one JSON line of counts on stdout when done and exits 0.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import socket
import struct
import sys
import time

import msgpack


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
    sent = connections = refused = 0
    while sent < target:
        sock = _connect(address, port)
        if sock is None:
            refused += 1
            time.sleep(0.01)
            continue
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


def main(argv: list[str]) -> int:
    """Dispatch on the command name."""
    command, *args = argv
    if command == "flood":
        return flood(args[0], int(args[1]), int(args[2]), float(args[3]))
    if command == "garbage":
        return garbage(args[0], int(args[1]), int(args[2]))
    print(f"unknown stranger {command!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
