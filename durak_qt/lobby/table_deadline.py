"""The waits that end a LAN table for you, shared by the Durak and the family-3 LAN games.

A join the host never answers ("vanished", after `join_deadline_s`) and a next game that never
starts ("host_gone", after `next_game_deadline_s`) close the table with words for the player;
`table_closed(kind, words)` is emitted once, however the table ends.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer


def deadline_words(kind: str, table_name: str, seconds: float) -> str:
    """The words for a wait that passed its deadline: a join ("vanished") or "play again"."""
    if kind == "vanished":
        text = QCoreApplication.translate(
            "LanGame",
            "The table “%1” could not be reached within %2 s: it has closed, or your network "
            "does not let this computer reach it.",
        )
    else:
        text = QCoreApplication.translate(
            "LanGame",
            "The table “%1” started no new game within %2 s: the host has probably left.",
        )
    return text.replace("%1", table_name).replace("%2", str(round(seconds)))


class TableDeadline:
    """The deadline and the closing of a LAN table (mixed into its QObject controller, which
    has `table_name`, `join_deadline_s`, `next_game_deadline_s`, `table_closed` and `stop`)."""

    table_name: str
    join_deadline_s: float
    next_game_deadline_s: float
    table_closed: Any  # Signal(str, str): (kind from lan_game.CLOSED_KINDS, words)
    _deadline: QTimer
    _deadline_kind: str
    _closed: bool

    def _init_deadline(self) -> None:
        """Make the deadline's timer (call once from the controller's __init__)."""
        assert isinstance(self, QObject), "a TableDeadline is mixed into a QObject"
        self._deadline = QTimer(self)
        self._deadline.setSingleShot(True)
        self._deadline.timeout.connect(self._deadline_passed)
        self._deadline_kind = ""
        self._closed = False

    def stop(self) -> None:
        """Stop the table's peer (the controller's own)."""
        raise NotImplementedError

    def _start_deadline(self, kind: str, seconds: float) -> None:
        """Close the table as `kind` ("vanished", "host_gone") unless the wait ends first."""
        self._deadline_kind = kind
        self._deadline.start(round(seconds * 1000))

    def _deadline_passed(self) -> None:
        """A join or "play again" waited too long: leave, and say so in words."""
        kind = self._deadline_kind
        seconds = self.join_deadline_s if kind == "vanished" else self.next_game_deadline_s
        self._close(kind, deadline_words(kind, self.table_name, seconds))

    def _close(self, kind: str, words: str) -> None:
        """Stop the peer and tell the window, once."""
        if self._closed:
            return
        self._closed = True
        self._deadline.stop()
        self.stop()
        self.table_closed.emit(kind, words)
