"""Every wait of the lobby ends on time, in words (issue 25): a joiner whose host vanished gives up
when its join timeout runs out, not at the next redial after it (real `durak-peer` processes on
loopback, inside a private network namespace)."""

from __future__ import annotations

import secrets
import time
from pathlib import Path

import pytest

from net.peer_cli import EXIT_ERROR
from tests.net.netns import requires_private_netns
from tests.peer.test_loopback import peer
from tests.peer.test_waits import result_of, wait_ended, wait_for_line

pytestmark = [requires_private_netns, pytest.mark.slow]

JOIN_TIMEOUT = 3.5
"""The joiner's `--join-timeout`: just past a redial, where the old check overshot most."""
LATE_BY_AT_MOST = 1.5
"""Seconds a joiner may end after its join timeout (the tick, closing, a loaded machine)."""


def test_the_joiner_of_a_vanished_host_ends_when_its_join_timeout_runs_out(
    tmp_path: Path,
) -> None:
    table = f"Gone {secrets.token_hex(3)}"
    host = peer(tmp_path, "North", "--host", table, "--seats", "3")
    joiner = peer(tmp_path, "East", "--join", table, "--join-timeout", str(JOIN_TIMEOUT))
    try:
        wait_for_line(tmp_path / "East.log", "link to", 20)
        time.sleep(0.3)
    finally:
        host.kill()
        host.wait(5)
    took = wait_ended(joiner, 30)
    assert joiner.returncode == EXIT_ERROR
    result = result_of(tmp_path, "East")
    assert result["join_failure"] == "vanished" and "stopped answering" in result["error"]
    assert took < JOIN_TIMEOUT + LATE_BY_AT_MOST, took
