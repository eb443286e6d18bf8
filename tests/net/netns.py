"""Detect a private network namespace, so socket and mDNS tests never touch a real network."""

from __future__ import annotations

import fcntl
import os
import random
import socket
import struct
import subprocess
import sys

import pytest

_SIOCGIFFLAGS = 0x8913
_IFF_UP = 0x1


def _interface_is_up(probe: socket.socket, name: str) -> bool:
    """Whether the kernel reports the interface as administratively up."""
    request = struct.pack("16sH", name.encode()[:15], 0) + bytes(22)
    reply = fcntl.ioctl(probe.fileno(), _SIOCGIFFLAGS, request)
    (flags,) = struct.unpack_from("H", reply, 16)
    return bool(flags & _IFF_UP)


def private_namespace_problem() -> str | None:
    """None inside a namespace where `lo` is the only interface up, else why this is not one."""
    try:
        names = [name for _, name in socket.if_nameindex()]
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            up = [name for name in names if _interface_is_up(probe, name)]
    except OSError as error:
        return f"cannot list network interfaces: {error}"
    if up != ["lo"]:
        return (
            f"interfaces up: {up or 'none'}; socket and mDNS tests run only in a private network "
            "namespace with just `lo` up (use ./scripts/test, or "
            "unshare --net sh -c 'ip link set lo up; .venv/bin/pytest tests/net')"
        )
    return None


def rerun_in_private_namespace() -> int | None:
    """For a bench script: None when this process already runs in a private namespace; else run
    the same command again inside one (`unshare --net`, `lo` up) and return its exit code (2
    when even that one is not private)."""
    problem = private_namespace_problem()
    if problem is None:
        return None
    if os.environ.get("DURAK_BENCH_IN_NETNS"):
        print(f"not in a private network namespace: {problem}", file=sys.stderr)
        return 2
    flag = [] if os.getuid() == 0 else ["--map-root-user"]
    inner = 'ip link set lo up && exec "$0" "$@"'
    command = ["unshare", "--net", *flag, "sh", "-c", inner, sys.executable, *sys.argv]
    return subprocess.call(command, env=dict(os.environ, DURAK_BENCH_IN_NETNS="1"))


PORTS_PER_WORKER = 1500
"""Each pytest-xdist worker picks listening ports in its own slice of 20000..32767, below the
kernel's ephemeral range (32768 up), so that no other worker's test and no outgoing connection's
source port can take a port between its choice and the peer process binding it."""


def free_port() -> int:
    """A TCP port nobody listens on now, for a peer process to listen on (`--port`): from this
    worker's own slice (PORTS_PER_WORKER), never an ephemeral one."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = 20000 + (int(worker) if worker.isdigit() else 0) % 8 * PORTS_PER_WORKER
    for _ in range(200):
        port = random.randrange(first, first + PORTS_PER_WORKER)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
        return port
    raise OSError(f"no free port in {first}..{first + PORTS_PER_WORKER - 1}")


_PROBLEM = private_namespace_problem()

requires_private_netns = pytest.mark.skipif(_PROBLEM is not None, reason=_PROBLEM or "")
"""Mark for tests that open sockets or zeroconf: they skip outside a private namespace."""
