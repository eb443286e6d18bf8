"""Test-wide settings: headless Qt, hypothesis profiles, one network namespace per xdist worker."""

from __future__ import annotations

import ctypes
import os
import subprocess

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=50
)
settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=50,
    derandomize=True,
)
settings.load_profile("ci" if os.environ.get("CI") else "default")

_CLONE_NEWNET = 0x40000000


def enter_own_network_namespace() -> str | None:
    """Move this process into a fresh network namespace with only `lo` up; None on success,
    else why not (then it stays where it is)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(_CLONE_NEWNET) != 0:
        return f"unshare(CLONE_NEWNET): {os.strerror(ctypes.get_errno())}"
    done = subprocess.run(["ip", "link", "set", "lo", "up"], capture_output=True, text=True)
    if done.returncode != 0:
        return f"ip link set lo up: {done.stderr.strip()}"
    return None


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist each worker gets its own network namespace, so workers never see each
    other's mDNS tables or ports. The main process runs no test and keeps its namespace."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return
    problem = enter_own_network_namespace()
    if problem is not None:
        config.issue_config_time_warning(
            pytest.PytestWarning(f"xdist {worker} shares its network namespace: {problem}"),
            stacklevel=2,
        )
