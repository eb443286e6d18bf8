"""Frames of a game not started here yet, kept until it starts: bounded per sender in bytes and
in all by count (beyond, the sender's reliable layer resends them later)."""

from __future__ import annotations

from typing import Any

import msgpack

MAX_EARLY_FRAMES = 4096
"""Early frames kept in all."""
MAX_EARLY_BYTES_PER_PEER = 1 << 20
"""Bytes of early frames (of a game not started here yet) kept per sender."""


class EarlyFrames:
    """Frames of games not started here yet, by game number."""

    def __init__(self) -> None:
        """No frames kept."""
        self.frames: dict[int, list[tuple[bytes, Any, int]]] = {}
        """By game: (sender key, frame, its size in bytes)."""
        self.bytes_of: dict[bytes, int] = {}
        """Bytes kept per sender."""

    def keep(self, key: bytes, game_no: int, frame: Any) -> bool:
        """Keep a frame when its sender stays within MAX_EARLY_BYTES_PER_PEER and all frames
        within MAX_EARLY_FRAMES; False when it is not kept (also when it is not plain data)."""
        try:
            size = len(msgpack.packb(frame, use_bin_type=True))
        except (TypeError, ValueError, OverflowError):
            return False  # not plain data: the core would refuse it anyway
        held = self.bytes_of.get(key, 0)
        count = sum(len(frames) for frames in self.frames.values())
        if held + size > MAX_EARLY_BYTES_PER_PEER or count >= MAX_EARLY_FRAMES:
            return False
        self.bytes_of[key] = held + size
        self.frames.setdefault(game_no, []).append((key, frame, size))
        return True

    def take(self, game_no: int) -> list[tuple[bytes, Any]]:
        """The frames kept for a game that starts now, (sender key, frame) in arrival order; they
        no longer count against their senders."""
        taken = self.frames.pop(game_no, [])
        for key, _, size in taken:
            self.bytes_of[key] -= size
        return [(key, frame) for key, frame, _ in taken]
