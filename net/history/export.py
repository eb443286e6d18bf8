"""Exporting the history: every kept game file copied to a folder, to open on another computer."""

from __future__ import annotations

import shutil
from pathlib import Path

from net.history.store import HistoryStore


def export_history(store: HistoryStore, target: Path) -> list[Path]:
    """Copy every readable kept game file into `target` (made if missing); returns the copies.
    A damaged file is left behind."""
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    copies = []
    for entry in store.entries():
        if entry.damaged is None:
            copies.append(Path(shutil.copy2(entry.path, target / entry.path.name)))
    return copies


__all__ = ["export_history"]
