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


def test_a_family3_game_is_dealt_as_the_client_s_match_deals_its_first_one() -> None:
    """The positions of a family-3 kind are those of the first game of the client's match (the
    games the scripts before issue 31 played: two trees' own scripts show the same positions)."""
    import random

    from durak_qt.games.family3.client import client_for
    from engine.games import kind_for

    paint = load_script()
    client = client_for("czech")
    assert client is not None
    rules = kind_for("czech").get_rules("czech")
    dealt = client.make_match(rules, 3).new_game(random.Random(1000 + 2))
    first = next(iter(paint.positions("czech", 3, 2)))
    assert first == dealt.observation(paint.SEAT)
