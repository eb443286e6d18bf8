"""Letter shortcuts on any keyboard layout: a key pressed on a Russian (ЙЦУКЕН) layout is read
as the Latin letter on the same physical key, so "T" takes whether the key types T or Е.

`LatinKeys` is an event filter for the table view: it re-sends such a key press as the Latin
key and swallows the original. Keys with no Latin letter printed on them pass untouched.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent

RUSSIAN_LAYOUT = dict(zip("ЙЦУКЕНГШЩЗФЫВАПРОЛДЯЧСМИТЬ", "QWERTYUIOPASDFGHJKLZXCVBNM", strict=True))
"""The Cyrillic letter on each Latin letter's key of the standard Russian layout."""

LATIN_KEY_OF: dict[int, Qt.Key] = {
    ord(cyrillic): Qt.Key(ord(latin)) for cyrillic, latin in RUSSIAN_LAYOUT.items()
}
"""Qt key code of a Cyrillic letter (its upper-case code point) -> the Latin letter's key."""


def latin_key(key: int) -> int:
    """The Latin letter key on the same physical key as `key` (`key` itself when none)."""
    mapped = LATIN_KEY_OF.get(key)
    return int(mapped) if mapped is not None else key


class LatinKeys(QObject):
    """Event filter: a letter key typed on a Russian layout reaches the watched widget as the
    Latin letter of that key (with the same modifiers)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            return False
        assert isinstance(event, QKeyEvent)
        key = event.key()
        mapped = latin_key(key)
        if mapped == key:
            return False
        latin = QKeyEvent(
            event.type(),
            mapped,
            event.modifiers(),
            chr(mapped).lower(),
            event.isAutoRepeat(),
            event.count(),
        )
        QCoreApplication.sendEvent(watched, latin)
        return True
