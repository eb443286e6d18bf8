"""bench/bots.py: a run's report says which engine played and from which commit."""

from __future__ import annotations

import subprocess

import pytest

from engine import accelerate_guard
from tests.bench_scripts import BENCH, load_bench


def test_the_report_names_the_engine_the_guard_chose(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = load_bench("bots")
    monkeypatch.setattr(accelerate_guard, "MODE", "compiled")
    assert bots.engine_mode() == "compiled"
    monkeypatch.setattr(accelerate_guard, "MODE", "pure")
    monkeypatch.setattr(accelerate_guard, "REASON", "DURAK_PURE_ENGINE=1")
    assert bots.engine_mode() == "pure (DURAK_PURE_ENGINE=1)"


def test_the_report_names_the_commit_it_ran_from() -> None:
    bots = load_bench("bots")
    head = subprocess.run(
        ["git", "-C", str(BENCH), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert bots.source_commit().split("+")[0] == head
