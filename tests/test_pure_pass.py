"""scripts/test's second pass runs the engine's own tests on the pure engine, all of them: only
bot search runs (marked `compiled_pass_only`) are left out of it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pure_pass_command() -> str:
    """The pytest line of scripts/test that runs with DURAK_PURE_ENGINE=1."""
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    (line,) = [line for line in script.splitlines() if "DURAK_PURE_ENGINE=1 " in line]
    return line


def test_the_pure_pass_leaves_out_the_soak_and_compiled_pass_only_tests() -> None:
    command = pure_pass_command()
    assert '-m "not soak and not compiled_pass_only"' in command
    assert command.split("||")[0].split(">")[0].rstrip().endswith("tests/engine tests/bots")


def test_no_test_of_the_engine_itself_is_left_out_of_the_pure_pass() -> None:
    """The golden, digest, rules and scenario tests under tests/engine prove the pure engine
    gives what the compiled one gives: none of them may skip the pure pass."""
    marked = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "tests" / "engine").rglob("*.py"))
        if re.search(r"mark\.compiled_pass_only", path.read_text(encoding="utf-8"))
    ]
    assert marked == []


WALL_CLOCK = re.compile(
    r"requires_private_netns|qtbot|asyncio|socket|perf_counter|time\.monotonic|time\.time\("
)
"""What a test that waits on other processes, the network, Qt or the wall clock uses."""


def computing_folders() -> list[str]:
    """The folders scripts/test runs in its lower-priority lane (its `computing` variable)."""
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    (line,) = [line for line in script.splitlines() if line.startswith("computing=")]
    return line.partition("=")[2].strip('"').split()


def test_the_lower_priority_lane_runs_only_tests_that_wait_on_no_clock() -> None:
    """That lane gets the CPU the main one leaves idle, so its tests may be held up for seconds:
    none of them may start peers or sockets, drive Qt or time itself on the wall clock."""
    folders = computing_folders()
    assert folders and all((ROOT / folder).is_dir() for folder in folders)
    waiting = [
        f"{path.relative_to(ROOT).as_posix()}: {found.group()}"
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (found := WALL_CLOCK.search(path.read_text(encoding="utf-8")))
    ]
    assert waiting == []
