"""Guard against a PySide6 build that drops a reference to None on every void call.

PySide6/shiboken6 6.12.0 on Python 3.11 returns None (and, on some paths, True or False)
without taking a reference: harmless from Python 3.12 on, where these are immortal. Each such
call lowers the reference count by one, and after a few thousand calls Python aborts with
"deallocating None". Where that happens we say so once on stderr and, on a timer, raise the
counts of None, True and False far above zero again (CPython keeps `ob_refcnt` first in every
object), so the client keeps running until a fixed PySide6 is installed
(PySide6-Essentials 6.11.3 is known good).
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, QRectF, QTimer

PROBE_CALLS = 256
RESERVE_FLOOR = 4_000_000  # top up when an object has fewer references than this
RESERVE_CHUNK = 8_000_000
SHARED_OBJECTS = (None, True, False)


def void_calls_leak_none() -> bool:
    """True when calling a void Qt method lowers the reference count of None."""
    rect = QRectF()
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        rect.setWidth(1.0)
    return before - sys.getrefcount(None) >= PROBE_CALLS // 2


def top_up() -> int:
    """Raise the reference count of None, True and False where it runs low; return the total added.

    Only ever called where the leak was measured (Python 3.11 and older, CPython layout).
    """
    added = 0
    for shared in SHARED_OBJECTS:
        if sys.getrefcount(shared) < RESERVE_FLOOR:
            ctypes.c_ssize_t.from_address(id(shared)).value += RESERVE_CHUNK
            added += RESERVE_CHUNK
    return added


def guard(parent: QObject | None = None, warn: bool = True) -> QTimer | None:
    """Start the reserve (and warn) if this PySide6 leaks; None when the build is sound."""
    if not void_calls_leak_none():
        return None
    if warn:
        import PySide6

        print(
            f"warning: PySide6 {PySide6.__version__} on Python {sys.version.split()[0]} loses a "
            "reference to None on every void call; working around it. Install "
            "PySide6-Essentials 6.11.3 (or use Python 3.12+) to fix this.",
            file=sys.stderr,
        )
    top_up()
    timer = QTimer(parent)
    timer.setInterval(250)
    timer.timeout.connect(top_up)
    timer.start()
    return timer
