"""Each pytest-xdist worker runs in a network namespace of its own (tests/conftest.py)."""

from __future__ import annotations

import os
import socket

import pytest

from tests.net.netns import private_namespace_problem


@pytest.mark.skipif("PYTEST_XDIST_WORKER" not in os.environ, reason="runs only under pytest-xdist")
def test_a_worker_has_its_own_private_network_namespace() -> None:
    """The worker's namespace is not its controller's, and in it only `lo` is up."""
    ours = os.readlink("/proc/thread-self/ns/net")
    controllers = os.readlink(f"/proc/{os.getppid()}/ns/net")
    assert ours != controllers
    assert private_namespace_problem() is None
    assert [name for _, name in socket.if_nameindex()] == ["lo"]
