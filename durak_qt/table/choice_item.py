"""Graphics items of the family-3 tables beyond the Durak table's cards and plates: a round
choice button (a suit to order, ...)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from durak_qt import palette


class ChoiceItem(QGraphicsObject):
    """A round button on the table (a suit to order, ...): a symbol, a ring when focused,
    dimmed when the rules do not offer it now; emits `clicked(key)`."""

    clicked = Signal(object)

    def __init__(self, key: object) -> None:
        super().__init__()
        self.key = key
        self.symbol = ""
        self.suit = ""
        self.radius = 24.0
        self.enabled = True
        self.focused = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)

    def set_look(self, symbol: str, suit: str, radius: float, enabled: bool, focused: bool) -> None:
        """What the button shows, the symbol in the ink of `suit` (redrawn when something
        changed)."""
        look = (symbol, suit, radius, enabled, focused)
        if look == (self.symbol, self.suit, self.radius, self.enabled, self.focused):
            return
        self.prepareGeometryChange()
        self.symbol, self.suit, self.radius, self.enabled, self.focused = look
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if enabled else Qt.CursorShape.ForbiddenCursor
        )
        self.update()

    def boundingRect(self) -> QRectF:
        r = self.radius * 1.25
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self.radius
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setOpacity(1.0 if self.enabled else 0.35)
        colours = palette.current()
        painter.setPen(QPen(colours.accent, max(2.0, r * 0.12)))
        painter.setBrush(colours.card_face)
        painter.drawEllipse(QPointF(0, 0), r, r)
        font = QFont()
        font.setPixelSize(round(r * 1.3))
        painter.setFont(font)
        painter.setPen(colours.suit_ink(self.suit))
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.symbol)
        if self.focused:
            painter.setOpacity(1.0)
            painter.setPen(QPen(colours.focus_ring, 2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 1.18, r * 1.18)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.enabled and self.contains(event.pos()):
            self.clicked.emit(self.key)
