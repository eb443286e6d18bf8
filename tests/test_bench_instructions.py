"""bench/instructions.py: says clearly when valgrind is missing; its game driver and parser work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from tests.bench_scripts import BENCH, load_bench

SCRIPT = BENCH / "instructions.py"


def load_script() -> ModuleType:
    """bench/instructions.py as a module."""
    return load_bench("instructions")


def test_without_valgrind_it_says_so_and_exits_2(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=str(tmp_path))  # an empty directory: no valgrind on PATH
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rows", "throw-in-2-free"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    report = json.loads(done.stdout)
    assert report["valgrind"] is None
    assert "valgrind" in report["error"]


def test_the_driver_plays_the_row_in_the_tree_it_is_given() -> None:
    script = load_script()
    tree = str(SCRIPT.parents[1])
    for _, variant, players, order in script.ROWS:
        row = [tree, variant, str(players), order, "1", "2", "7", "pure"]  # warm-up, games, seed
        done = subprocess.run(
            [sys.executable, "-c", script.DRIVER, *row],
            env=dict(os.environ, DURAK_PURE_ENGINE="1"),
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr


def test_the_driver_refuses_a_tree_whose_engine_runs_otherwise() -> None:
    """--compiled on a tree running pure (or the reverse) is an error, not a silent other run."""
    script = load_script()
    tree = str(SCRIPT.parents[1])
    row = [tree, "throw-in", "2", "strict", "0", "1", "7", "compiled"]
    done = subprocess.run(
        [sys.executable, "-c", script.DRIVER, *row],
        env=dict(os.environ, DURAK_PURE_ENGINE="1"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert "runs pure, not compiled" in done.stderr


def test_the_total_is_read_from_callgrind_output() -> None:
    script = load_script()
    text = "events: Ir\nfl=(1) x.c\nfn=(1) main\n3 5\nsummary: 123456\ntotals: 123456\n"
    match = script.SUMMARY.search(text)
    assert match is not None and int(match.group(1)) == 123456
