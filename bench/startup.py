"""Start-up time of the desktop client: from `durak` starting to the lobby shown.

Runs `python -m durak_qt --startup-time --quit-after 0 --no-lan` (offscreen, a name already
chosen, so the first page is the lobby) several times and prints JSON: the time the client
reports (inside the process, from `main()` to the first shown page) and the wall time of the
whole process (interpreter and imports included), median and worst, in seconds.

Usage: python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_S = 1.5
"""Issue 13: start to lobby within 1.5 s."""


def one_start(config_home: Path) -> tuple[float, float]:
    """(seconds the client reports to its lobby, wall seconds of the whole process)."""
    env = dict(os.environ, XDG_CONFIG_HOME=str(config_home), QT_QPA_PLATFORM="offscreen")
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "durak_qt", "--quit-after", "0", "--startup-time", "--no-lan"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    wall = time.perf_counter() - started
    found = re.search(r"startup (\d+\.\d+) s", out.stdout)
    if found is None:
        raise RuntimeError(f"the client reported no start-up time: {out.stdout!r}")
    return float(found.group(1)), wall


def main(argv: list[str] | None = None) -> int:
    """Measure and print the JSON report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        (home / "durak-lan").mkdir()
        (home / "durak-lan" / "Durak.conf").write_text("[player]\nname=Anna\n", encoding="utf-8")
        one_start(home)  # warm the file cache and the .pyc files
        runs = [one_start(home) for _ in range(args.runs)]
    reported = [r for r, _ in runs]
    wall = [w for _, w in runs]
    report = {
        "runs": args.runs,
        "to_lobby_s": {"median": round(statistics.median(reported), 3), "max": max(reported)},
        "process_wall_s": {"median": round(statistics.median(wall), 3), "max": round(max(wall), 3)},
        "target_s": TARGET_S,
        "within_target": statistics.median(wall) <= TARGET_S,
        "load_average": os.getloadavg()[0],
        "python": platform.python_version(),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
