"""AsyncioThread: a thread whose stop times out is never destroyed while it runs."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject

from durak_qt import async_thread
from durak_qt.async_thread import AsyncioThread


def test_a_thread_still_running_after_stop_outlives_its_parent(qapp: Any) -> None:
    """Its loop blocked past the wait: it leaves its parent (whose deletion would destroy a
    running QThread, which aborts the process) and is kept until it ends."""
    parent = QObject()
    thread = AsyncioThread("blocked", parent)
    thread.start_loop()
    release = threading.Event()
    thread.call(release.wait, 10.0)
    thread.stop(wait_ms=50)
    assert thread.isRunning() and thread.parent() is None
    assert thread in async_thread._OUTLIVING
    parent.deleteLater()
    del parent
    release.set()
    assert thread.wait(5000)
    AsyncioThread("next", None).stop()  # a later stop forgets the threads that ended
    assert thread not in async_thread._OUTLIVING
