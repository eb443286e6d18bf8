"""Fixtures for the LAN tests: labs of network namespaces, torn down after each test.

A failing test gets one report section per lab process (command, exit code, stdout, stderr)
and the bridge's packet counters.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.lan.netlab import NetLab, lab_problem, remove_stale_labs

REPO = Path(__file__).resolve().parents[2]

_PROBLEM = lab_problem()
_NFT_PROBLEM = _PROBLEM or lab_problem(need_nft=True)

needs_lab = pytest.mark.skipif(_PROBLEM is not None, reason=_PROBLEM or "")
"""Tests that build a lab: they need root and working `ip netns`."""

needs_lossy_lab = pytest.mark.skipif(_NFT_PROBLEM is not None, reason=_NFT_PROBLEM or "")
"""Tests that also drop packets on the bridge: they need `nft` as well."""

LabFactory = Callable[..., NetLab]


@pytest.fixture
def make_lab(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LabFactory]:
    """`make_lab(hosts, loss_percent=0, ipv4=True, ipv6=False)` builds a lab; every lab is torn
    down after the test."""
    if _PROBLEM is not None:
        pytest.skip(_PROBLEM)
    remove_stale_labs()
    labs: list[NetLab] = []

    def make(hosts: int, *, loss_percent: int = 0, ipv4: bool = True, ipv6: bool = False) -> NetLab:
        log_dir = tmp_path / f"lab{len(labs)}"
        lab = NetLab(hosts, log_dir, loss_percent=loss_percent, ipv4=ipv4, ipv6=ipv6)
        labs.append(lab)
        lab.__enter__()
        return lab

    request.node.stash[_LABS] = labs
    try:
        yield make
    finally:
        for lab in labs:
            lab.down()


_LABS = pytest.StashKey[list[NetLab]]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    """On a failed test, attach every lab's processes and counters to the report."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for lab in item.stash.get(_LABS, []):
        report.sections.append((f"lab {lab.name}", lab.report()))
