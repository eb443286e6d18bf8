"""The graphics items of the table: cards, seat plates, piles, the play area and the banner."""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Callable, Iterable

import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from durak_qt import palette
from durak_qt.palette import CLEAR
from durak_qt.table.card_art import CardArt, card_height
from durak_qt.table.layout import suit_badge_rect
from engine.cards import Card

SPRITE_PAD = 2
"""Device pixels of transparent margin around a sprite (its antialiased edge)."""
MAX_SPRITES = 400
"""Card sprites kept (about 60 KB each at the medium size): a 6-player table shows about 50."""

Sprite = tuple[QPixmap, int, int]
"""An item drawn as the screen shows it, and the device pixel of the item's origin in it."""


def screen_ratio() -> float:
    """Device pixels per logical pixel of the sharpest screen (pictures are drawn for it)."""
    app = QGuiApplication.instance()
    return app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0


class RoughPainter(QPainter):
    """A painter that ignores antialiasing and smooth pixmap transformation: Qt's raster engine
    shares smooth and antialiased fills with its helper threads and waits for them, which a
    loaded machine makes slow, while a rough fill runs on the calling thread alone."""

    SMOOTH = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform

    def setRenderHint(self, hint: QPainter.RenderHint, on: bool = True) -> None:
        if not hint & self.SMOOTH:
            super().setRenderHint(hint, on)

    def setRenderHints(self, hints: QPainter.RenderHint, on: bool = True) -> None:
        kept = QPainter.RenderHint(hints & ~self.SMOOTH)
        if kept:
            super().setRenderHints(kept, on)


def render_sprite(
    bounds: QRectF,
    angle: float,
    ratio: float,
    draw: Callable[[QPainter, float], None],
    smooth: bool = True,
) -> Sprite:
    """Draw an item (`draw(painter, ratio)` within `bounds`, in item coordinates) turned by
    `angle` degrees, at `ratio` device pixels per logical pixel, into a transparent pixmap;
    `smooth` False draws it roughly (no antialiasing or smoothing, see `RoughPainter`)."""
    box = QTransform().rotate(angle).mapRect(bounds)
    origin_x = math.ceil(-box.left() * ratio) + SPRITE_PAD
    origin_y = math.ceil(-box.top() * ratio) + SPRITE_PAD
    pixmap = QPixmap(
        max(1, origin_x + math.ceil(box.right() * ratio) + SPRITE_PAD),
        max(1, origin_y + math.ceil(box.bottom() * ratio) + SPRITE_PAD),
    )
    pixmap.fill(CLEAR)
    painter = QPainter(pixmap) if smooth else RoughPainter(pixmap)
    painter.setRenderHints(
        QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
    )
    painter.translate(origin_x, origin_y)
    painter.scale(ratio, ratio)
    painter.rotate(angle)
    draw(painter, ratio)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return pixmap, origin_x, origin_y


class Picture(QGraphicsPixmapItem):
    """What an item shows, as an upright pixmap child anchored at the item's origin.

    Qt's item caches keep an item's painting in item coordinates and draw it through the item's
    rotation (and a slight scale) at every repaint: a smooth transformed draw that Qt spreads
    over helper threads, which a loaded machine makes wait. A picture is the item already drawn
    at its angle, ignoring inherited transformations, so a repaint only copies its pixels, and
    no Python runs while the view paints. The item itself paints nothing (ItemHasNoContents)
    and keeps its shape, clicks and tooltips; the picture takes no mouse buttons.
    """

    def __init__(self, owner: QGraphicsItem) -> None:
        super().__init__(owner)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        owner.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.key: tuple[object, ...] | None = None
        self.rough = False
        """Drawn roughly during a layout; drawn smoothly when the GUI is idle (`refine_soon`)."""
        self.look: tuple[object, ...] | None = None
        """What the owner shows, when its sprite is shared (`cache_crisply`)."""

    def shape(self) -> QPainterPath:
        """None: points on the picture find its owner (clicks, tooltips, `itemAt`)."""
        return QPainterPath()

    def contains(self, point: object) -> bool:
        return False

    def show_sprite(
        self, key: tuple[object, ...], sprite: Sprite, ratio: float, rough: bool = False
    ) -> None:
        """Show this sprite (nothing changes when `key` is the one shown and no rougher)."""
        if key == self.key and (rough or not self.rough):
            return
        self.key, self.rough = key, rough
        pixmap, origin_x, origin_y = sprite
        smooth = Qt.TransformationMode.SmoothTransformation
        self.setTransformationMode(
            smooth if ratio != 1.0 else Qt.TransformationMode.FastTransformation
        )
        self.setPixmap(pixmap)
        self.setOffset(-origin_x / ratio, -origin_y / ratio)


_ROUGH: list[QGraphicsItem] = []
"""Items whose picture was drawn roughly, to draw smoothly when the GUI is idle."""
_REFINE = [False]  # a refinement is scheduled


def refine_soon(item: QGraphicsItem) -> None:
    """Draw this item's rough picture smoothly once the event loop is idle (after the frame
    that shows the new position: a layout draws every new picture roughly, see `RoughPainter`)."""
    _ROUGH.append(item)
    if not _REFINE[0] and QGuiApplication.instance() is not None:
        _REFINE[0] = True
        QTimer.singleShot(0, refine_now)


def refine_now() -> None:
    """Draw every rough picture smoothly now (the idle step; also before a screen grab)."""
    _REFINE[0] = False
    items = list(_ROUGH)
    _ROUGH.clear()
    for item in items:
        if not shiboken6.isValid(item):
            continue  # the item is gone
        picture = getattr(item, "picture", None)
        if not isinstance(picture, Picture) or not picture.rough:
            continue
        if isinstance(item, CardItem):
            item.refresh(smooth=True)
        else:
            cache_crisply(item, smooth=True, look=picture.look)


def cache_crisply(
    item: QGraphicsItem, smooth: bool = False, look: tuple[object, ...] | None = None
) -> None:
    """Draw the item's picture again (its look changed): `item.draw(painter, ratio)` at the
    item's rotation, into its `Picture` child (made on first use); roughly unless `smooth`,
    and then smoothly when the GUI is idle (`refine_soon`). With `look` (everything the item
    shows) the sprite is shared by every item of its kind that looks the same (ITEM_SPRITES)."""
    picture = getattr(item, "picture", None)
    if not isinstance(picture, Picture):
        picture = Picture(item)
        item.picture = picture  # type: ignore[attr-defined]
    ratio, angle = screen_ratio(), round(item.rotation(), 2) % 360.0
    if look is None:
        draw = item.draw  # type: ignore[attr-defined]
        sprite, rough = render_sprite(item.boundingRect(), angle, ratio, draw, smooth), not smooth
    else:
        key = (type(item).__name__, look, angle, ratio)
        sprite, rough = ITEM_SPRITES.get(key, item, angle, ratio, smooth)
    picture.key = None
    picture.show_sprite((angle, ratio), sprite, ratio, rough)
    picture.look = look
    if rough:
        refine_soon(item)


SHADOW_MARGIN = 2
"""Logical pixels of transparent margin round a shadowed card picture."""
_SHADOWED: OrderedDict[tuple[str, int, float], QPixmap] = OrderedDict()
MAX_SHADOWED = 120


def shadowed_card(art: CardArt, image: str, width: int, ratio: float) -> QPixmap:
    """The card picture `image` with its shadow, upright, `width` wide, with SHADOW_MARGIN round
    it: drawn once per look and size (the most recent MAX_SHADOWED kept), so a card drawn at a
    new angle is one turned copy, not a shadow and a picture."""
    key = (image, width, ratio)
    found = _SHADOWED.get(key)
    if found is not None:
        _SHADOWED.move_to_end(key)
        return found
    height = card_height(width)
    margin = SHADOW_MARGIN
    pixmap = QPixmap(
        math.ceil((width * 1.03 + 2 * margin) * ratio) + 1,
        math.ceil((height + width * 0.04 + 2 * margin) * ratio) + 1,
    )
    pixmap.fill(CLEAR)
    painter = QPainter(pixmap)
    painter.setRenderHints(
        QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
    )
    painter.scale(ratio, ratio)
    rect = QRectF(margin, margin, width, height)
    radius = width * 0.056
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(palette.current().card_shadow)
    painter.drawRoundedRect(rect.translated(width * 0.03, width * 0.04), radius, radius)
    painter.drawPixmap(rect.topLeft(), art.pixmap(image, width, ratio))
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    _SHADOWED[key] = pixmap
    if len(_SHADOWED) > MAX_SHADOWED:
        _SHADOWED.popitem(last=False)
    return pixmap


class CardSprites:
    """Sprites shared by every item that looks the same: keyed by everything it shows (a card:
    its image, size, marks and angle), the least recently used dropped beyond the limit."""

    def __init__(self, limit: int = MAX_SPRITES) -> None:
        self.limit = limit
        self._sprites: OrderedDict[tuple[object, ...], tuple[Sprite, bool]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._sprites)

    def get(
        self,
        key: tuple[object, ...],
        item: QGraphicsItem,
        angle: float,
        ratio: float,
        smooth: bool = False,
    ) -> tuple[Sprite, bool]:
        """(the sprite for `key`, whether it is rough): drawn from `item` turned by `angle` at
        `ratio` when missing, roughly unless `smooth` (a rough one is drawn again if asked
        `smooth`)."""
        found = self._sprites.get(key)
        if found is not None and (not smooth or not found[1]):
            self._sprites.move_to_end(key)
            return found
        draw = item.draw  # type: ignore[attr-defined]
        entry = render_sprite(item.boundingRect(), angle, ratio, draw, smooth), not smooth
        self._sprites[key] = entry
        self._sprites.move_to_end(key)
        if len(self._sprites) > self.limit:
            self._sprites.popitem(last=False)
        return entry

    def clear(self) -> None:
        """Forget every sprite."""
        self._sprites.clear()


CARD_SPRITES = CardSprites()
"""The sprites of every card item in this process."""
ITEM_SPRITES = CardSprites(200)
"""The shared sprites of seat plates, labels and badges (`cache_crisply` with a look)."""


def forget_pictures() -> None:
    """Drop every shared picture (cards, plates, labels, badges): the look changed."""
    CARD_SPRITES.clear()
    ITEM_SPRITES.clear()
    _PLATES.clear()
    _SHADOWED.clear()


palette.notifier().changed.connect(forget_pictures)  # no table open: the next one draws anew


def redraw_pictures(items: Iterable[QGraphicsItem]) -> None:
    """Draw the picture of each of these items again, smoothly, in the current look."""
    for item in items:
        picture = getattr(item, "picture", None)
        if not isinstance(picture, Picture):
            continue
        if isinstance(item, CardItem):
            picture.key = None
            item.refresh(smooth=True)
        else:
            cache_crisply(item, smooth=True, look=picture.look)


def redraw_scene(scene: QGraphicsScene, relayout: Callable[[], None]) -> None:
    """Draw a scene again in the current look (a theme or deck switch): forget the pictures,
    lay it out (`relayout`: colours chosen by role), draw every picture and each view's felt."""
    forget_pictures()
    relayout()
    redraw_pictures(scene.items())
    for view in scene.views():
        view.resetCachedContent()
    scene.update()


@functools.lru_cache(maxsize=32)
def _card_bounds(width: int) -> QRectF:
    """A card item's bounds at this width: the card and a margin for its shadow and rings
    (shared: Qt copies the rectangle it is given)."""
    w, h = width, card_height(width)
    margin = max(4.0, w * 0.08)
    return QRectF(-w / 2 - margin, -h / 2 - margin, w + 2 * margin, h + 2 * margin)


class CardItem(QGraphicsObject):
    """One card, face or back, centred on its position; hand and table cards take clicks."""

    clicked = Signal(object)
    context_clicked = Signal(object)  # right button: an alternative play (believe: face down)
    double_clicked = Signal(object)
    drag_started = Signal(object)
    dropped = Signal(object, QPointF)

    def __init__(self, art: CardArt, image: str, width: int) -> None:
        super().__init__()
        self._art = art
        self.image = image
        self.width = width
        self.playable = False
        self.selected = False
        self.focused = False
        self.target = False
        self.interactive = False
        self.talon = False  # the talon's top card, led with a click (armenian)
        self.badge = ""  # a mark painted on the card ("?", or a public rank on a back)
        self.visible_width = float(width)  # the strip of the card not covered by its neighbour
        self.card: Card | None = None  # the engine Card shown, when a face
        self.hand_index: int | None = None  # index in observation.hand, for hand cards
        self.card_key: tuple[object, ...] = ()  # its name in the layout (the scene sets it)
        self.home = QPointF()
        self._press: QPointF | None = None
        self._dragging = False
        self.cursor_shape: Qt.CursorShape | None = None  # the cursor set last (`point_at`)
        self.tip = ""  # the tooltip set last (`set_tip`)
        self.tip_source: Callable[[CardItem], str] | None = None  # the next tooltip, when asked
        # Shown by a picture at its angle on the screen (a shared sprite, CardSprites): moving
        # or repainting a card copies its pixels, never redraws or turns them.
        self.picture = Picture(self)
        self.refresh()

    def refresh(self, smooth: bool = False) -> None:
        """Show the card as it is now (image, size, marks, rings, focus, angle): its sprite
        is drawn once per look and shared by every card that looks the same; a new look is
        drawn roughly, then smoothly when the GUI is idle (`smooth`: at once)."""
        ratio, angle = screen_ratio(), round(self.rotation(), 2) % 360.0
        key = (
            self.image,
            self.width,
            self.badge,
            self.selected,
            self.target,
            self.playable,
            self.focused,
            angle,
            ratio,
        )
        picture = self.picture
        if key != picture.key or (smooth and picture.rough):
            sprite, rough = CARD_SPRITES.get(key, self, angle, ratio, smooth)
            picture.show_sprite(key, sprite, ratio, rough)
            if rough:
                refine_soon(self)

    def point_at(self, clickable: bool) -> None:
        """A pointing hand over a card a click plays, an arrow elsewhere (set on a change)."""
        shape = Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor
        if shape != self.cursor_shape:
            self.cursor_shape = shape
            self.setCursor(shape)

    def set_tip(self, tip: str) -> None:
        """Show this tooltip (set on a change)."""
        self.tip_source = None
        if tip != self.tip:
            self.tip = tip
            self.setToolTip(tip)

    def tip_when_asked(self, source: Callable[[CardItem], str]) -> None:
        """Show the tooltip `source(self)` returns, worked out only when it is asked for
        (`toolTip`: a hover over the card, `durak_qt.table.pile_scene.PileScene.helpEvent`),
        not now (`source` must not hold the item: a card removed is freed at once, no cycle)."""
        self.tip_source = source

    def toolTip(self) -> str:
        """The card's tooltip (worked out now if `tip_when_asked` gave a new one)."""
        source = self.tip_source
        if source is not None:
            self.set_tip(source(self))
        return super().toolTip()

    def set_look(self, image: str, width: int) -> None:
        """Change the image or the size."""
        if (image, width) != (self.image, self.width):
            self.prepareGeometryChange()
            self.image, self.width = image, width
            self.refresh()

    def set_badge(self, badge: str) -> None:
        """Paint this short mark on the card ("" for none)."""
        if badge != self.badge:
            self.badge = badge
            self.refresh()

    def boundingRect(self) -> QRectF:
        return _card_bounds(self.width)

    def card_rect(self) -> QRectF:
        """The card itself in item coordinates."""
        w, h = self.width, card_height(self.width)
        return QRectF(-w / 2, -h / 2, w, h)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.card_rect())
        return path

    def click_point(self) -> QPointF:
        """A scene point on the visible part of this card (for clicks in tests and tools)."""
        rect = self.card_rect()
        x = rect.left() + min(self.visible_width, rect.width()) / 2
        return self.mapToScene(QPointF(x, rect.top() + rect.height() * 0.3))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing: the card's picture shows it (see `refresh`)."""

    def draw(self, painter: QPainter, ratio: float) -> None:
        """Paint the card (shadow, picture, badge, rings) in item coordinates, its picture
        rendered for `ratio` device pixels per logical pixel."""
        rect = self.card_rect()
        radius = self.width * 0.056
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        picture = shadowed_card(self._art, self.image, self.width, ratio)
        painter.drawPixmap(rect.topLeft() - QPointF(SHADOW_MARGIN, SHADOW_MARGIN), picture)
        if self.badge:
            self._paint_badge(painter, rect)
        ring = None
        colours = palette.current()
        if self.selected:
            ring = colours.selected_ring
        elif self.target:
            ring = colours.target_ring
        elif self.playable:
            ring = colours.accent
        if ring is not None:
            pen = QPen(ring, max(2.5, self.width * 0.045))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), radius + 1, radius + 1)
        if self.focused:
            pen = QPen(colours.focus_ring, 2, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = max(3.0, self.width * 0.05)
            painter.drawRoundedRect(rect.adjusted(-inset, -inset, inset, inset), radius, radius)

    def _paint_badge(self, painter: QPainter, rect: QRectF) -> None:
        """A round white mark with dark text in the card's top-left corner."""
        radius = max(8.0, self.width * 0.17)
        centre = QPointF(rect.left() + radius * 1.15, rect.top() + radius * 1.15)
        colours = palette.current()
        painter.setPen(QPen(colours.accent, max(1.5, self.width * 0.025)))
        painter.setBrush(colours.card_face)
        painter.drawEllipse(centre, radius, radius)
        font = QFont()
        font.setPixelSize(max(9, round(radius * (1.2 if len(self.badge) < 2 else 0.95))))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(colours.badge_ink)
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.badge)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.interactive and event.button() == Qt.MouseButton.RightButton:
            event.accept()
            self.context_clicked.emit(self)
            return
        if not self.interactive or event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._press = event.scenePos()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or not self.playable:
            return
        if self.hand_index is None and not self.talon:  # only hand cards and the talon's top
            return
        if not self._dragging:
            moved = QLineF(self._press, event.scenePos()).length()
            if moved < QApplication.startDragDistance():
                return
            self._dragging = True
            self.setZValue(1000)
            self.drag_started.emit(self)
        self.setPos(self.home + (event.scenePos() - self._press))

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        self._press = None
        if self._dragging:
            self._dragging = False
            self.dropped.emit(self, event.scenePos())
        else:
            self.clicked.emit(self)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.interactive:
            self.double_clicked.emit(self)


_PLATES: OrderedDict[tuple[object, ...], tuple[QPixmap, int]] = OrderedDict()
MAX_PLATES = 64


def plate_picture(
    width: int, height: int, unit: float, to_move: bool, is_me: bool, ratio: float
) -> tuple[QPixmap, int]:
    """A seat plate's rounded box (its glow when to move, its rim and fill) of this size, drawn
    once and kept (the most recent MAX_PLATES): the box at (margin, margin) of the pixmap."""
    key = (width, height, unit, to_move, is_me, ratio)
    found = _PLATES.get(key)
    if found is not None:
        _PLATES.move_to_end(key)
        return found
    margin = math.ceil(6 * unit) + 2
    pixmap = QPixmap(
        math.ceil((width + 2 * margin) * ratio), math.ceil((height + 2 * margin) * ratio)
    )
    pixmap.fill(CLEAR)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(ratio, ratio)
    rect = QRectF(margin, margin, width, height)
    colours = palette.current()
    if to_move:
        halo = ((10 * unit, colours.accent_halo_outer), (6 * unit, colours.accent_halo_inner))
        for pen_width, glow in halo:
            painter.setPen(QPen(glow, pen_width))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, 10 * unit, 10 * unit)
    painter.setPen(QPen(colours.accent if to_move else colours.plate_rim, 2.5 * unit))
    painter.setBrush(colours.plate_fill if not is_me else colours.plate_fill_mine)
    painter.drawRoundedRect(rect, 9 * unit, 9 * unit)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    _PLATES[key] = (pixmap, margin)
    if len(_PLATES) > MAX_PLATES:
        _PLATES.popitem(last=False)
    return pixmap, margin


@functools.lru_cache(maxsize=16)
def _plate_fonts(unit: float) -> tuple[QFont, QFont, QFont]:
    """The name, detail and pill fonts of a seat plate at this scale (shared, never changed)."""
    name_font = QFont()
    name_font.setPixelSize(palette.text_pixels("plate_name", unit))
    name_font.setBold(True)
    small = QFont()
    small.setPixelSize(palette.text_pixels("plate_detail", unit))
    pill = QFont()
    pill.setPixelSize(palette.text_pixels("plate_pill", unit))
    pill.setBold(True)
    return name_font, small, pill


class SeatItem(QGraphicsObject):
    """A player's name plate: name, card count, role (attacks/defends/...) and a ring when to move."""

    def __init__(self) -> None:
        super().__init__()
        self.name = ""
        self.detail = ""
        self.role = ""
        self.role_colour = palette.current().role_none
        self.to_move = False
        self.to_move_text = ""
        self.is_me = False
        self.scale_unit = 1.0
        self._shown: tuple[object, ...] = ()
        self._plate: tuple[tuple[object, ...], QRectF] | None = None
        self.placed_for: tuple[object, ...] = ()  # what the plate was last placed for

    def set_state(
        self,
        name: str,
        detail: str,
        role: str,
        role_colour: QColor,
        to_move: bool,
        to_move_text: str,
        unit: float,
    ) -> None:
        """Replace everything shown on the plate (nothing is redrawn when nothing changed)."""
        state = (name, detail, role, role_colour.rgba(), to_move, to_move_text, unit, self.is_me)
        if state == self._shown:
            return
        self._shown = state
        self.prepareGeometryChange()
        self.name, self.detail, self.role = name, detail, role
        self.role_colour, self.to_move, self.to_move_text = role_colour, to_move, to_move_text
        self.scale_unit = unit
        cache_crisply(self, look=state)
        self.update()

    @property
    def shown(self) -> tuple[object, ...]:
        """Everything the plate shows (its words, colours, size, whose it is), as one value."""
        return self._shown

    def _fonts(self) -> tuple[QFont, QFont, QFont]:
        return _plate_fonts(self.scale_unit)

    def plate_rect(self) -> QRectF:
        """The plate in item coordinates, centred on the item's position."""
        key = (self.name, self.detail, self.role, self.to_move, self.to_move_text, self.scale_unit)
        if self._plate is None or self._plate[0] != key:
            self._plate = key, self._measure_plate()
        return QRectF(self._plate[1])

    def _measure_plate(self) -> QRectF:
        """The plate's rectangle for what it shows now, to whole pixels."""
        name_font, small, pill = self._fonts()
        width = max(
            QFontMetricsF(name_font).horizontalAdvance(self.name),
            QFontMetricsF(small).horizontalAdvance(self.detail),
            QFontMetricsF(pill).horizontalAdvance(self.role) + 16 * self.scale_unit,
            QFontMetricsF(pill).horizontalAdvance(self.to_move_text) if self.to_move else 0.0,
        )
        width += 24 * self.scale_unit
        unit = self.scale_unit
        height = 4 * unit + QFontMetricsF(name_font).height() + QFontMetricsF(small).height()
        if self.role:
            height += 2 * unit + QFontMetricsF(pill).height() + 2 * unit
        height += 5 * unit
        width, height = 2 * math.floor(width / 2), 2 * math.floor(height / 2)  # whole pixels
        return QRectF(-width / 2, -height / 2, width, height)

    def boundingRect(self) -> QRectF:
        extra = 10 * self.scale_unit
        rect = self.plate_rect().adjusted(-extra, -extra, extra, extra)
        if self.to_move:
            rect.setBottom(rect.bottom() + self.to_move_height())
        return rect

    def drawn_rect(self) -> QRectF:
        """What the plate paints, in scene coordinates: the plate, its ring, the "to move" line."""
        unit = self.scale_unit
        rect = self.plate_rect().adjusted(-5 * unit, -5 * unit, 5 * unit, 5 * unit)
        if self.to_move:
            rect.setBottom(self.plate_rect().bottom() + 3 * unit + self.to_move_height())
        return self.mapRectToScene(rect)

    def to_move_height(self) -> float:
        """Height of the "to move" line under the plate."""
        return 4 * self.scale_unit + QFontMetricsF(self._fonts()[2]).height()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing: the item's picture shows it (see `cache_crisply`)."""

    def draw(self, painter: QPainter, ratio: float) -> None:
        """Paint the item in item coordinates (into its sprite, or directly)."""
        unit = self.scale_unit
        name_font, small, pill = self._fonts()
        rect = self.plate_rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        plate, margin = plate_picture(
            int(rect.width()), int(rect.height()), unit, self.to_move, self.is_me, ratio
        )
        painter.drawPixmap(QPointF(rect.left() - margin, rect.top() - margin), plate)
        top = rect.top() + 4 * unit
        colours = palette.current()
        painter.setPen(colours.plate_name)
        painter.setFont(name_font)
        line = QFontMetricsF(name_font).height()
        painter.drawText(
            QRectF(rect.left(), top, rect.width(), line), Qt.AlignmentFlag.AlignCenter, self.name
        )
        top += line
        painter.setFont(small)
        painter.setPen(colours.plate_detail)
        small_line = QFontMetricsF(small).height()
        painter.drawText(
            QRectF(rect.left(), top, rect.width(), small_line),
            Qt.AlignmentFlag.AlignCenter,
            self.detail,
        )
        top += small_line + 2 * unit
        if self.role:
            metrics = QFontMetricsF(pill)
            pill_w = metrics.horizontalAdvance(self.role) + 14 * unit
            pill_rect = QRectF(-pill_w / 2, top, pill_w, metrics.height() + 2 * unit)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.role_colour)
            painter.drawRoundedRect(pill_rect, pill_rect.height() / 2, pill_rect.height() / 2)
            painter.setPen(colours.pill_text)
            painter.setFont(pill)
            painter.drawText(pill_rect, Qt.AlignmentFlag.AlignCenter, self.role)
        if self.to_move:
            arrow_top = rect.bottom() + 3 * unit
            painter.setFont(pill)
            painter.setPen(colours.accent)
            painter.drawText(
                QRectF(
                    rect.left() - 30 * unit,
                    arrow_top,
                    rect.width() + 60 * unit,
                    self.to_move_height(),
                ),
                Qt.AlignmentFlag.AlignCenter,
                self.to_move_text,
            )


class LabelItem(QGraphicsObject):
    """A short text on a dark rounded background (pile counts, the trump, the banner)."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.pixel_size = 13
        self.colour = palette.current().label_text
        self.background = palette.current().label_back
        self.bold = False
        self._bounds = QRectF()  # measured once per text (the scene asks for it often)

    def set_text(
        self,
        text: str,
        pixel_size: int,
        colour: QColor | None = None,
        background: QColor | None = None,
        bold: bool = False,
    ) -> None:
        """Show this text, centred on the item's position (redrawn only when it changed)."""
        colour = colour if colour is not None else palette.current().label_text
        background = background if background is not None else palette.current().label_back
        if (text, pixel_size, bold, colour, background) == (
            self.text,
            self.pixel_size,
            self.bold,
            self.colour,
            self.background,
        ):
            return
        self.prepareGeometryChange()
        self.text, self.pixel_size, self.bold = text, pixel_size, bold
        self.colour, self.background = colour, background
        self._bounds = self._measure()
        look = (text, pixel_size, bold, colour.rgba(), background.rgba())
        cache_crisply(self, look=look)
        self.update()

    def _font(self) -> QFont:
        font = QFont()
        font.setPixelSize(self.pixel_size)
        font.setBold(self.bold)
        return font

    def boundingRect(self) -> QRectF:
        return QRectF(self._bounds)

    def _measure(self) -> QRectF:
        """The rounded plate around the text, centred on the item's position."""
        if not self.text:
            return QRectF()
        metrics = QFontMetricsF(self._font())
        width = metrics.horizontalAdvance(self.text) + self.pixel_size * 1.4
        height = metrics.height() + self.pixel_size * 0.5
        return QRectF(-width / 2, -height / 2, width, height)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing: the item's picture shows it (see `cache_crisply`)."""

    def draw(self, painter: QPainter, ratio: float) -> None:
        """Paint the item in item coordinates (into its sprite, or directly)."""
        if not self.text:
            return
        rect = self.boundingRect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.background)
        painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        painter.setPen(self.colour)
        painter.setFont(self._font())
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)


class TrumpBadge(QGraphicsObject):
    """A round badge with the trump suit symbol, shown whether or not the talon is left."""

    def __init__(self) -> None:
        super().__init__()
        self.symbol = ""
        self.suit = ""
        self.radius = 20.0
        self.caption = ""

    def set_suit(self, symbol: str, suit: str, radius: float, caption: str) -> None:
        """Show this suit symbol (empty for no trump) in the ink of `suit` ("C", "D", "H",
        "S") with a caption under it."""
        if (symbol, suit, radius, caption) == (self.symbol, self.suit, self.radius, self.caption):
            return
        self.prepareGeometryChange()
        self.symbol, self.suit, self.radius, self.caption = symbol, suit, radius, caption
        cache_crisply(self, look=(symbol, suit, radius, caption))
        self.update()

    def boundingRect(self) -> QRectF:
        return suit_badge_rect(self.radius)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing: the item's picture shows it (see `cache_crisply`)."""

    def draw(self, painter: QPainter, ratio: float) -> None:
        """Paint the item in item coordinates (into its sprite, or directly)."""
        r = self.radius
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = palette.current()
        painter.setPen(QPen(colours.accent, max(2.0, r * 0.12)))
        painter.setBrush(colours.card_face)
        painter.drawEllipse(QPointF(0, 0), r, r)
        font = QFont()
        font.setPixelSize(round(r * 1.35))
        painter.setFont(font)
        painter.setPen(colours.suit_ink(self.suit))
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.symbol)
        caption = QFont()
        caption.setPixelSize(max(10, round(r * 0.55)))
        caption.setBold(True)
        painter.setFont(caption)
        painter.setPen(colours.label_text)
        painter.drawText(
            QRectF(-r * 2.2, r + 1, r * 4.4, r * 0.85), Qt.AlignmentFlag.AlignCenter, self.caption
        )


PLAY_AREA_CORNER = 18
"""The radius of the play area's rounded corners, in pixels (its hint keeps inside them)."""


class PlayAreaItem(QGraphicsObject):
    """The middle of the table where the bout is played; a click here plays onto the table."""

    clicked = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.active = False
        self.hint = ""
        self.hint_covered = False  # a banner over the table lies on the hint's line

    def cover_hint(self, covered: bool) -> None:
        """Leave the hint out while a banner covers its line (half a line peeking out says
        nothing); write it again when the banner is gone."""
        if covered == self.hint_covered:
            return
        self.hint_covered = covered
        cache_crisply(self)
        self.update()

    def set_area(self, rect: QRectF, active: bool, hint: str) -> None:
        """Place the area; `active` lights it up when the selected cards may be played here."""
        if (rect, active, hint) == (self.rect, self.active, self.hint):
            return
        self.prepareGeometryChange()
        self.rect, self.active, self.hint = rect, active, hint
        cache_crisply(self)  # a dashed outline is slow to draw: drawn again only on a change
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing: the item's picture shows it (see `cache_crisply`)."""

    def draw(self, painter: QPainter, ratio: float) -> None:
        """Paint the item in item coordinates (into its sprite, or directly)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = palette.current()
        colour = colours.target_ring if self.active else colours.play_area_rim
        pen = QPen(colour, 3 if self.active else 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        fill = colours.target_fill if self.active else colours.play_area_fill
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(self.rect, PLAY_AREA_CORNER, PLAY_AREA_CORNER)
        if self.hint and not self.hint_covered:
            painter.setFont(self.hint_font())
            painter.setPen(colours.hint_text_active if self.active else colours.hint_text)
            painter.drawText(
                self.rect.adjusted(0, 0, 0, -6),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                self.hint,
            )

    def hint_font(self) -> QFont:
        """The hint's font: a twentieth of the area's height, smaller when the hint would
        otherwise run over the rounded corners (a long hint in Russian)."""
        font = QFont()
        size = max(11, round(self.rect.height() * 0.06))
        room = self.rect.width() - 2 * PLAY_AREA_CORNER
        font.setPixelSize(size)
        width = QFontMetricsF(font).horizontalAdvance(self.hint)
        if width > room > 0:
            font.setPixelSize(max(8, math.floor(size * room / width)))
        return font

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.rect.contains(event.pos()):
            self.clicked.emit()


class AbsenceBadge(QGraphicsObject):
    """Over a missing player's seat: who is missing and why, and the time left to come back."""

    def __init__(self) -> None:
        super().__init__()
        self.name = ""
        self.reason = ""
        self.countdown = ""
        self.expired = False
        self.scale_unit = 1.0

    def set_text(self, name: str, reason: str, countdown: str, expired: bool, unit: float) -> None:
        """Show these three lines; an expired wait is drawn in red."""
        if (name, reason, countdown, expired, unit) == (
            self.name,
            self.reason,
            self.countdown,
            self.expired,
            self.scale_unit,
        ):
            return
        self.prepareGeometryChange()
        self.name, self.reason, self.countdown = name, reason, countdown
        self.expired, self.scale_unit = expired, unit
        cache_crisply(self)
        self.update()

    def _lines(self) -> list[tuple[str, QFont]]:
        """Each line with its font: the name, the reason, the countdown."""
        fonts = []
        for size, bold in ((14, True), (12, False), (16, True)):
            font = QFont()
            font.setPixelSize(max(10, round(size * self.scale_unit)))
            font.setBold(bold)
            fonts.append(font)
        return list(zip((self.name, self.reason, self.countdown), fonts, strict=True))

    def boundingRect(self) -> QRectF:
        unit = self.scale_unit
        lines = self._lines()
        width = max(QFontMetricsF(font).horizontalAdvance(text) for text, font in lines)
        width += 24 * unit
        height = sum(QFontMetricsF(font).height() for _, font in lines) + 12 * unit
        return QRectF(-width / 2, -height / 2, width, height)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing: the item's picture shows it (see `cache_crisply`)."""

    def draw(self, painter: QPainter, ratio: float) -> None:
        """Paint the item in item coordinates (into its sprite, or directly)."""
        unit = self.scale_unit
        rect = self.boundingRect().adjusted(1, 1, -1, -1)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = palette.current()
        expired = self.expired
        painter.setPen(QPen(colours.absent_rim_expired if expired else colours.accent, 2.5 * unit))
        painter.setBrush(colours.absent_fill_expired if expired else colours.absent_fill)
        painter.drawRoundedRect(rect, 9 * unit, 9 * unit)
        inks = (
            colours.absent_name,
            colours.absent_reason,
            colours.absent_countdown_expired if expired else colours.accent,
        )
        top = rect.top() + 5 * unit
        for (text, font), colour in zip(self._lines(), inks, strict=True):
            line = QFontMetricsF(font).height()
            painter.setFont(font)
            painter.setPen(colour)
            painter.drawText(
                QRectF(rect.left(), top, rect.width(), line), Qt.AlignmentFlag.AlignCenter, text
            )
            top += line
