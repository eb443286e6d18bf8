"""Letter shortcuts on any keyboard layout: a key pressed on a Russian (ЙЦУКЕН) or any other
non-Latin layout is read as the Latin letter on the same physical key, so "T" takes whether the
key types T, Е or τ.

The Russian layout is known letter by letter; for other layouts the key's place comes from
the platform's own code for it (X11 keycode, Windows virtual key, macOS virtual key).
`LatinKeys` is an event filter for the table view: it re-sends such a key press as the Latin
key and swallows the original. Keys that type no letter pass untouched.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent

RUSSIAN_LAYOUT = dict(zip("ЙЦУКЕНГШЩЗФЫВАПРОЛДЯЧСМИТЬ", "QWERTYUIOPASDFGHJKLZXCVBNM", strict=True))
"""The Cyrillic letter on each Latin letter's key of the standard Russian layout."""

LATIN_KEY_OF: dict[int, Qt.Key] = {
    ord(cyrillic): Qt.Key(ord(latin)) for cyrillic, latin in RUSSIAN_LAYOUT.items()
}
"""Qt key code of a Cyrillic letter (its upper-case code point) -> the Latin letter's key."""


LETTERS = "QWERTYUIOPASDFGHJKLZXCVBNM"
X11_KEYCODES = dict(zip([*range(24, 34), *range(38, 47), *range(52, 59)], LETTERS, strict=True))
"""X11 / Wayland (evdev + 8) keycode of each letter key of a PC keyboard."""
MAC_VIRTUAL_KEYS = dict(
    zip(
        [
            12,
            13,
            14,
            15,
            17,
            16,
            32,
            34,
            31,
            35,
            0,
            1,
            2,
            3,
            5,
            4,
            38,
            40,
            37,
            6,
            7,
            8,
            9,
            11,
            45,
            46,
        ],
        LETTERS,
        strict=True,
    )
)
"""macOS virtual key code (kVK_ANSI_*) of each letter key."""


def latin_key(key: int) -> int:
    """The Latin letter key on the same physical key as `key` on a Russian layout (`key`
    itself when none)."""
    mapped = LATIN_KEY_OF.get(key)
    return int(mapped) if mapped is not None else key


def _types_a_foreign_letter(key: int) -> bool:
    return key > 0x7F and key < 0x110000 and chr(key).isalpha()


def latin_key_of(event: QKeyEvent, platform: str = "") -> int:
    """The Latin letter key of the physical key pressed (the event's own key when it types no
    foreign letter). `platform` is the Qt platform name ("xcb", "wayland", "windows",
    "cocoa"); the running one when empty."""
    key = event.key()
    mapped = latin_key(key)
    if mapped != key or not _types_a_foreign_letter(key):
        return mapped
    platform = platform or QGuiApplication.platformName()
    letter: str | None = None
    if platform in ("xcb", "wayland"):
        letter = X11_KEYCODES.get(event.nativeScanCode())
    elif platform == "windows":
        virtual = event.nativeVirtualKey()
        letter = chr(virtual) if 0x41 <= virtual <= 0x5A else None
    elif platform == "cocoa":
        letter = MAC_VIRTUAL_KEYS.get(event.nativeVirtualKey())
    return ord(letter) if letter else key


class LatinKeys(QObject):
    """Event filter: a letter key typed on a Russian layout reaches the watched widget as the
    Latin letter of that key (with the same modifiers)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            return False
        assert isinstance(event, QKeyEvent)
        key = event.key()
        mapped = latin_key_of(event)
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
