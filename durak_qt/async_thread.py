"""An asyncio event loop on its own QThread, for the network work the GUI thread must never do."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QThread

T = TypeVar("T")

_OUTLIVING: set[AsyncioThread] = set()
"""Threads whose `stop` timed out (their loop blocked, e.g. in a slow fsync): kept here, with no
parent, until they end, because Qt aborts the process when a running QThread is destroyed."""


class AsyncioThread(QThread):
    """Runs one asyncio loop until `stop()`; coroutines go in with `submit` from any thread."""

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()

    def run(self) -> None:
        """The thread's body: create the loop, run it, then cancel what is left and close it."""
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self.loop = loop
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            leftover = asyncio.all_tasks(loop)
            for task in leftover:
                task.cancel()
            with contextlib.suppress(Exception):
                loop.run_until_complete(asyncio.gather(*leftover, return_exceptions=True))
            loop.close()

    def start_loop(self) -> None:
        """Start the thread and wait until its loop accepts work."""
        if self.loop is None:
            self.start()
            if not self._ready.wait(10):
                raise RuntimeError("the asyncio thread did not start")

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run a coroutine on the loop; the returned future is safe to poll from the GUI."""
        if self.loop is None:
            coroutine.close()
            raise RuntimeError("the asyncio thread is not running")
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def call(self, function: Callable[..., Any], *args: Any) -> None:
        """Call a plain function on the loop's thread, soon."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(function, *args)

    def stop(self, wait_ms: int = 5000) -> None:
        """Stop the loop (tasks left are cancelled) and wait for the thread to end."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(loop.stop)
        _OUTLIVING.difference_update([thread for thread in _OUTLIVING if thread.isFinished()])
        if not self.wait(wait_ms):
            self.setParent(None)  # a parent deleted now must not destroy the running thread
            _OUTLIVING.add(self)
