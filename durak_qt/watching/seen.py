"""What the watching page shows: the table from a seat's chair with no hand of its own, the
names watching a table, and why a watch ended, in the language of the moment."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from net.watch_events import WATCH_END_KINDS, WatchEnded

BOTTOM_SEAT = 0
"""The seat drawn at the bottom of a spectator's table (the host's: seat 0)."""


def spectator_view(public: Any, bottom: int = BOTTOM_SEAT) -> Any:
    """A game's public observation drawn as the table views draw a seat's: `bottom`'s chair at
    the bottom, its hand the public one (backs where nobody was shown a face), no legal action.
    Only faces the public observation holds are drawn: nothing is added."""
    players = int(public.players)
    seat = bottom if 0 <= bottom < players else BOTTOM_SEAT
    return dataclasses.replace(public, seat=seat, hand=tuple(public.hands[seat]), legal=())


def watchers_of(state: Any) -> tuple[str, ...]:
    """The names watching a table, from its host's lobby state (`net.lobby.LobbyState`: its
    `watcher_names`, else its `watchers` as names or as `{"name", "key"}` entries; none from a
    host that does not say)."""
    names = getattr(state, "watcher_names", None)
    if names is None:
        entries = getattr(state, "watchers", ()) or ()
        names = [
            entry.get("name", "") if isinstance(entry, Mapping) else entry for entry in entries
        ]
    return tuple(str(name) for name in names)


END_WORDS = {
    "left": QT_TRANSLATE_NOOP("Watching", "you stopped watching"),
    "match-over": QT_TRANSLATE_NOOP("Watching", "the match is over"),
    "not-found": QT_TRANSLATE_NOOP("Watching", "no table of that name answered on this network"),
    "ambiguous": QT_TRANSLATE_NOOP(
        "Watching", "two tables have that name; pick one in the lobby or paste its invitation"
    ),
    "vanished": QT_TRANSLATE_NOOP("Watching", "the table stopped answering"),
    "wrong-password": QT_TRANSLATE_NOOP("Watching", "the password is wrong"),
    "closed": QT_TRANSLATE_NOOP("Watching", "the table does not allow spectators"),
    "full": QT_TRANSLATE_NOOP(
        "Watching", "the table already has as many spectators as its host allows"
    ),
    "version": QT_TRANSLATE_NOOP("Watching", "this table runs a different version of the game"),
    "name-taken": QT_TRANSLATE_NOOP("Watching", "someone at that table already has your name"),
    "refused": QT_TRANSLATE_NOOP("Watching", "the host refused"),
    "dropped": QT_TRANSLATE_NOOP(
        "Watching", "the table stopped sending to this spectator (it broke the protocol)"
    ),
    "disagreement": QT_TRANSLATE_NOOP(
        "Watching", "the players sent this spectator different games; the watch cannot go on"
    ),
}
"""`net.watch_events.WATCH_END_KINDS` for translation (the same English words)."""


def end_words(ended: WatchEnded) -> str:
    """Why a watch ended, in the language of the moment, with net's detail (as net says it)."""
    english = WATCH_END_KINDS.get(ended.kind)
    words = END_WORDS.get(ended.kind)
    if english is None or words is None or not ended.words.startswith(english):
        return ended.words
    detail = ended.words[len(english) :]
    return QCoreApplication.translate("Watching", str(words)) + detail


def refusal_words(table: str, ended: WatchEnded, started: bool) -> str:
    """The lobby's sentence for a watch that ended by itself: the table and why (`started`:
    it had begun, else the table refused it)."""
    if started:
        sentence = QCoreApplication.translate("Watching", "Watching “%1” ended: %2")
    else:
        sentence = QCoreApplication.translate("Watching", "You cannot watch “%1”: %2")
    return sentence.replace("%1", table).replace("%2", end_words(ended))
