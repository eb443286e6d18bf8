"""A watch run off the GUI thread: `WatchSession` starts a `net.watch_events.WatchControl` on an
asyncio thread and hands every `WatchEvent` to the GUI thread, in order, as `event_received`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from durak_qt.async_thread import AsyncioThread
from net.watch_events import (
    WatchControl,
    WatchEnded,
    WatchEvent,
    WatchRequest,
    WatchSink,
    watch_end,
)

WatchFactory = Callable[[WatchRequest, WatchSink], WatchControl]
"""Makes the watch of a request, delivering to a sink (tests hand a simulated one)."""


def network_watch(
    data_dir: Path, interface: str = "all", host_key: bytes | None = None
) -> WatchFactory:
    """The real watch, `net.watcher.Watcher`: as the player's identity (kept in `data_dir`, the
    key its seat uses), looking for tables where the Settings say (`interface`), demanding the
    host key of the lobby row watched (`host_key`; None: a table found by name alone)."""

    def make(request: WatchRequest, sink: WatchSink) -> WatchControl:
        from net.identity import load_or_create_identity
        from net.watcher import Watcher

        identity = load_or_create_identity(data_dir / "identity.key")
        watcher: WatchControl = Watcher(
            request, identity, sink, interface=interface, host_key=host_key
        )
        return watcher

    return make


class WatchSession(QObject):
    """One watch: `start()` runs it; events arrive as `event_received` on the GUI thread, the
    `WatchEnded` last and once (`ended` is set then); `chat` and `leave` reach the watch on its
    own loop. Leaving returns at once: the table is not affected and nothing is awaited."""

    event_received = Signal(object)
    """A `WatchEvent`, emitted on the GUI thread (every slot, a lambda too, runs there)."""
    chat_refused = Signal(str)
    """A chat line the table would not take (spectators' chat off, or not in yet)."""
    _arrived = Signal(object)  # from the watch's loop, queued to the session's (GUI) thread
    _refused = Signal(str)

    def __init__(
        self, request: WatchRequest, make_watch: WatchFactory, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.request = request
        self._make_watch = make_watch
        self._thread = AsyncioThread("lan-watch", self)
        self._watch: WatchControl | None = None
        self._future: Any = None
        self.ended: WatchEnded | None = None
        self._left = False
        self._arrived.connect(self._relay, Qt.ConnectionType.QueuedConnection)
        self._refused.connect(self.chat_refused, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        """Begin watching (returns at once)."""
        if self._future is not None:
            return
        self._thread.start_loop()
        self._future = self._thread.submit(self._run())

    async def _run(self) -> None:
        try:
            watch = self._make_watch(self.request, self._deliver)
        except Exception as error:  # no identity, a bad setting: said as it is, not raised
            self._deliver(WatchEnded("refused", str(error)))
            return
        self._watch = watch
        if self._left:
            watch.leave()
        try:
            ended = await watch.run()
        except Exception as error:  # a broken watch still ends in words
            ended = watch_end("vanished", str(error))
        if self.ended is None:
            self._deliver(ended)

    def _deliver(self, event: WatchEvent) -> None:
        """The sink: called on the watch's loop; the GUI thread receives it (queued)."""
        if isinstance(event, WatchEnded):
            if self.ended is not None:
                return
            self.ended = event
        self._arrived.emit(event)

    def _relay(self, event: WatchEvent) -> None:
        self.event_received.emit(event)

    def chat(self, text: str) -> None:
        """Say a line at the table; `chat_refused` says when it was not sent."""
        if self._future is not None and not self._left:
            self._thread.call(self._chat, text)

    def _chat(self, text: str) -> None:
        watch = self._watch
        if watch is None or not watch.chat(text):
            self._refused.emit(text)

    def leave(self) -> None:
        """Stop watching now; the thread finishes in the background (`wait`)."""
        if self._left:
            return
        self._left = True
        if self._future is not None:
            self._thread.call(self._leave)

    def _leave(self) -> None:
        if self._watch is not None:
            self._watch.leave()

    def wait(self, msecs: int = 3000) -> None:
        """Block until the watch has ended and its thread stopped (closing down, tests)."""
        if self._future is not None:
            with contextlib.suppress(Exception):
                self._future.result(timeout=msecs / 1000)
        self._thread.stop(msecs)
