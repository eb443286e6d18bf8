"""`durak` starts into the lobby (name kept) and reports its start-up time on request."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path


def test_start_to_lobby_reports_time(tmp_path: Path) -> None:
    config = tmp_path / "durak-lan"
    config.mkdir()
    (config / "Durak.conf").write_text("[player]\nname=Anna\n", encoding="utf-8")
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-m", "durak_qt", "--quit-after", "0", "--startup-time", "--no-lan"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert re.fullmatch(r"startup \d+\.\d{3} s", out.stdout.strip()), out.stdout
