"""A line for the game log kept as its untranslated text and arguments, so that it is written
again in the language of the moment (a language switch re-renders the whole log)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

_PLACE = re.compile(r"%(\d)")


@dataclass(frozen=True)
class SeatArg:
    """An argument that is a seat: written as that seat's name when the line is rendered."""

    seat: int


@dataclass(frozen=True)
class LogNotice:
    """`text` (marked with QT_TRANSLATE_NOOP in `context`) with %1..%9 filled from `args`; an
    argument that is itself a LogNotice is rendered (translated) with the line, never before."""

    context: str
    text: object
    """The source text (QT_TRANSLATE_NOOP returns it typed as object)."""
    args: tuple[str | SeatArg | LogNotice, ...] = ()

    def render(self, seat_name: Callable[[int], str]) -> str:
        """The line in the current language; a SeatArg is written as `seat_name(seat)`."""
        words = QCoreApplication.translate(self.context, str(self.text))
        values = [
            seat_name(a.seat)
            if isinstance(a, SeatArg)
            else a.render(seat_name)
            if isinstance(a, LogNotice)
            else a
            for a in self.args
        ]

        def fill(match: re.Match[str]) -> str:
            index = int(match.group(1)) - 1
            return values[index] if 0 <= index < len(values) else match.group(0)

        return _PLACE.sub(fill, words)

    def __str__(self) -> str:
        return self.render(str)
