"""A player away from the table, as plain values and pure functions: why and until when, the
countdown's words, and where its badge goes beside the seat (every game's table)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPointF, QRectF

translate = QCoreApplication.translate
"""Texts in the current language, in the scene's context ("TableScene") as before."""


@dataclass(frozen=True)
class Absence:
    """A seat whose player left or went silent, and the resume window they have to come back."""

    since: float
    deadline: float
    left: bool


def clock_text(seconds: float) -> str:
    """Whole seconds left as m:ss, rounded up ("2:00", "0:07"); never negative."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def absence_reason(absence: Absence) -> str:
    """Why a seat is away, in words."""
    if absence.left:
        return translate("TableScene", "left the table")
    return translate("TableScene", "not responding")


def absence_tooltip() -> str:
    """What an absence badge's tooltip says."""
    return translate(
        "TableScene",
        "The game waits for this player until the countdown ends; "
        "then the table ends as the rules for a departed player say.",
    )


def absence_point(
    shape: QRectF, seat_area: QRectF, taken: Sequence[QRectF], table: QRectF, gap: float
) -> QPointF:
    """Where another seat's absence badge of this `shape` (about its centre) goes: beside the
    seat's fan and name plate (`seat_area`: right, left, below, above, `gap` apart), in the first
    place inside the table that meets nothing `taken`; below the seat when none is free."""
    half_w, half_h = shape.width() / 2, shape.height() / 2
    centre = seat_area.center()
    below = QPointF(centre.x(), seat_area.bottom() + gap + half_h)
    candidates = (
        QPointF(seat_area.right() + gap + half_w, centre.y()),
        QPointF(seat_area.left() - gap - half_w, centre.y()),
        below,
        QPointF(centre.x(), seat_area.top() - gap - half_h),
    )
    for point in candidates:
        rect = shape.translated(point)
        if table.contains(rect) and not any(rect.intersects(other) for other in taken):
            return point
    return below


def kept_inside(point: QPointF, shape: QRectF, width: float, margin: float = 4) -> QPointF:
    """A badge's centre moved, if need be, so that the badge keeps `margin` pixels from the
    table's left, right and top edges."""
    x = min(max(point.x(), shape.width() / 2 + margin), width - shape.width() / 2 - margin)
    return QPointF(x, max(point.y(), shape.height() / 2 + margin))
