"""Short sounds for the table (deal, play, take, your turn) through Qt Multimedia when it is
installed (the optional extra `sound`: PySide6-Addons); without it, or without an audio device,
nothing is heard and the game runs the same.

The sounds are generated tones (`python -m durak_qt.sounds` writes resources/sounds/*.wav).
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QUrl

from resources import resource_path

SOUNDS = ("deal", "play", "take", "turn")
"""Every sound the table asks for: cards dealt, a card played, cards taken, your turn."""

RATE = 22_050

_TONES: dict[str, Sequence[tuple[float, float]]] = {
    "deal": ((880.0, 0.04), (0.0, 0.02), (880.0, 0.04), (0.0, 0.02), (880.0, 0.04)),
    "play": ((660.0, 0.07),),
    "take": ((392.0, 0.09), (262.0, 0.14)),
    "turn": ((523.0, 0.09), (784.0, 0.16)),
}
"""(frequency in Hz or 0 for silence, seconds) per sound."""


def tone_samples(parts: Sequence[tuple[float, float]], volume: float = 0.35) -> bytes:
    """16-bit mono samples of a sequence of soft-edged sine tones."""
    frames = bytearray()
    for frequency, seconds in parts:
        count = int(RATE * seconds)
        for index in range(count):
            edge = min(1.0, index / (RATE * 0.005), (count - index) / (RATE * 0.01))
            value = math.sin(2 * math.pi * frequency * index / RATE) if frequency else 0.0
            frames += struct.pack("<h", int(32767 * volume * edge * value))
    return bytes(frames)


def write_sounds(folder: Path) -> list[Path]:
    """Write every sound as a WAV file into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, parts in _TONES.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(tone_samples(parts))
        written.append(path)
    return written


def _effect_class() -> Any:
    """QSoundEffect when Qt Multimedia is installed, else None."""
    try:
        from PySide6.QtMultimedia import QSoundEffect
    except ImportError:
        return None
    return QSoundEffect


class SoundBoard(QObject):
    """Plays the table's sounds when switched on; `requested` lists every sound asked for while
    on (whether or not this computer can make it heard)."""

    def __init__(self, enabled: bool = True, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.enabled = enabled
        self.requested: list[str] = []
        self._effects: dict[str, Any] = {}
        self._effect_class: Any = None
        self._loaded = False

    @property
    def audible(self) -> bool:
        """Qt Multimedia is installed, so sounds can be heard (given an audio device)."""
        self._load()
        return self._effect_class is not None

    def _load(self) -> None:
        if not self._loaded:
            self._loaded = True
            self._effect_class = _effect_class()

    def play(self, name: str) -> None:
        """Ask for a sound (one of SOUNDS); nothing happens when sounds are off."""
        if name not in SOUNDS:
            raise ValueError(f"no sound named {name!r}; choose from {', '.join(SOUNDS)}")
        if not self.enabled:
            return
        self.requested.append(name)
        self._load()
        if self._effect_class is None:
            return
        effect = self._effects.get(name)
        if effect is None:
            try:
                effect = self._effect_class(self)
                effect.setSource(QUrl.fromLocalFile(str(resource_path("sounds", f"{name}.wav"))))
                effect.setVolume(0.5)
            except Exception:  # no audio back end: stay silent
                self._effect_class = None
                return
            self._effects[name] = effect
        effect.play()


if __name__ == "__main__":
    for written in write_sounds(resource_path("sounds")):
        print(written, file=sys.stderr)
