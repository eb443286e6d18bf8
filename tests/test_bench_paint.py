"""bench/paint.py: one run compares this client with several other trees, each taking turns."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.bench_scripts import load_bench


def load_script() -> ModuleType:
    """bench/paint.py as a module."""
    return load_bench("paint")


def test_every_tree_takes_its_turn_and_each_goes_first_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paint = load_script()
    runs: list[str] = []

    class Done:
        stdout = json.dumps({name: [1.0] for name in paint.MEASURES})

    def fake_run(command: list[str], **_kwargs: Any) -> Done:
        runs.append(command[command.index("--root") + 1])
        return Done()

    monkeypatch.setattr(paint.subprocess, "run", fake_run)
    args = argparse.Namespace(games=3, size="1106x768", scale=1.0)
    trees = [Path("/a"), Path("/b")]
    result = paint.compare(args, trees, "throw-in")
    here = str(paint.HERE)
    assert runs == [here, "/a", "/b", "/a", "/b", here, "/b", here, "/a"]
    assert result["against 1_dir"] == "/a" and result["against 2_dir"] == "/b"
    for label in ("this", "against 1", "against 2"):
        assert result[label]["positions"] == 3
    assert list(paint.against_labels([Path("/a")])) == ["against"]
