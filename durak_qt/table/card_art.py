"""Card faces and backs: SVG files rendered through QSvgRenderer into pixmaps cached per size,
faces in the suit inks of the current palette (the four-colour deck recolours them)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, QSize
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from durak_qt import palette
from resources import resource_path

CARD_ASPECT = 1.4  # height / width of every card image
BACKS = ("back-blue", "back-red")
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
SUIT_NAMES = ("C", "D", "H", "S")


def all_face_names() -> tuple[str, ...]:
    """The names of the 54 face images: 52 cards 2..A in four suits and the two jokers."""
    ranks = [str(r) for r in range(2, 11)] + ["J", "Q", "K", "A"]
    return (*(f"{rank}{suit}" for suit in SUIT_NAMES for rank in ranks), "RJ", "BJ")


Inks = tuple[tuple[str, str], ...]
"""Colour replacements in an SVG text: (as the file writes it, as it is drawn), in order."""


_INKS: dict[str, object] = {"palette": None, "suits": {}}
"""The suit inks of the palette they were worked out for (worked out again when it changes)."""


def image_inks(name: str) -> Inks:
    """How the image `name` is recoloured in the current palette: a face's suit ink and court
    tint when they differ from the shipped files; nothing for backs and jokers."""
    suit = name[-1]
    if suit not in SUIT_NAMES or name.startswith("back"):
        return ()
    colours = palette.current()
    if _INKS["palette"] is not colours:
        _INKS["palette"] = colours
        _INKS["suits"] = {s: tuple(colours.art_inks(s).items()) for s in SUIT_NAMES}
    suits = _INKS["suits"]
    assert isinstance(suits, dict)
    inks: Inks = suits[suit]
    return inks


def recoloured(svg: str, inks: Inks) -> bytes:
    """The SVG text with each colour replaced (case-insensitively, as written in the file)."""
    for old, new in inks:
        svg = svg.replace(old, new).replace(old.upper(), new)
    return svg.encode("utf-8")


def card_height(width: int) -> int:
    """The height in pixels of a card drawn `width` pixels wide."""
    return round(width * CARD_ASPECT)


class CardArt:
    """Draws any card face (by the card's canonical text, e.g. "10H", "RJ") or back at any size."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder if folder is not None else resource_path("cards")
        self._renderers: dict[tuple[str, Inks], QSvgRenderer] = {}
        self._pixmaps: dict[tuple[str, int, float, Inks], QPixmap] = {}

    def renderer(self, name: str) -> QSvgRenderer:
        """The SVG renderer of one image in the current palette's inks; raises ValueError for
        a name with no valid image."""
        inks = image_inks(name)
        found = self._renderers.get((name, inks))
        if found is None:
            path = self._folder / f"{name}.svg"
            if not path.is_file():
                raise ValueError(f"no card image named {name!r} in {self._folder}")
            if inks:
                found = QSvgRenderer(QByteArray(recoloured(path.read_text("utf-8"), inks)))
            else:
                found = QSvgRenderer(str(path))
            if not found.isValid():
                raise ValueError(f"card image {path} is not a valid SVG")
            self._renderers[(name, inks)] = found
        return found

    def pixmap(self, name: str, width: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The image `name` drawn `width` logical pixels wide, rendered once per size and cached."""
        if width < 1:
            raise ValueError(f"card width must be positive, got {width}")
        key = (name, width, device_pixel_ratio, image_inks(name))
        cached = self._pixmaps.get(key)
        if cached is not None:
            return cached
        renderer = self.renderer(name)
        size = QSize(
            round(width * device_pixel_ratio), round(card_height(width) * device_pixel_ratio)
        )
        image = QPixmap(size)
        image.fill(palette.CLEAR)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, size.width(), size.height()))
        painter.end()
        image.setDevicePixelRatio(device_pixel_ratio)
        self._pixmaps[key] = image
        return image

    def clear_cache(self) -> None:
        """Forget every rendered pixmap (e.g. after the card size setting changed)."""
        self._pixmaps.clear()


@lru_cache(maxsize=1)
def shared_card_art() -> CardArt:
    """The process-wide card renderer over the shipped SVG files."""
    return CardArt()
