"""The queued signals a local game's worker thread hands its results to the GUI thread by."""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QObject, Signal


class WorkerRelay(QObject):
    """Carries the worker's results to the GUI thread (queued signals); `int` is the generation."""

    delivered = Signal(int, object)
    refused = Signal(int, str)
    failed = Signal(int, str)
    idle = Signal(int)

    generation = 0
    """The generation of the job the worker runs now (written and read by the worker only)."""

    def send(self, signal: str, *args: Any) -> None:
        """Emit from the worker; nothing happens once the game (and this relay) is gone."""
        with contextlib.suppress(RuntimeError):  # "Signal source has been deleted"
            getattr(self, signal).emit(*args)

    def deliver(self, items: list[Any]) -> None:
        """The table's sink: hand the player's items to the GUI thread."""
        self.send("delivered", self.generation, items)
