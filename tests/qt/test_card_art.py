"""Card art: every face and both backs render at several sizes, and look like cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from durak_qt.table.card_art import BACKS, CardArt, all_face_names, card_height

SIZES = (48, 96, 180)


def test_there_are_54_faces() -> None:
    faces = all_face_names()
    assert len(faces) == len(set(faces)) == 54
    assert {"2C", "10H", "AS", "QD", "RJ", "BJ"} <= set(faces)


@pytest.mark.parametrize("width", SIZES)
def test_every_face_and_back_renders(qapp, width: int) -> None:  # type: ignore[no-untyped-def]
    art = CardArt()
    for name in (*all_face_names(), *BACKS):
        image = art.pixmap(name, width).toImage()
        assert (image.width(), image.height()) == (width, card_height(width)), name
        # The corner is transparent (rounded), the middle of the left edge is the card body.
        assert image.pixelColor(0, 0).alpha() < 40, name
        assert image.pixelColor(width // 2, card_height(width) // 2).alpha() == 255, name


def test_red_and_black_suits_have_their_colours(qapp) -> None:  # type: ignore[no-untyped-def]
    art = CardArt()

    def redness(name: str) -> int:
        image = art.pixmap(name, 120).toImage()
        colour = QColor(image.pixelColor(60, 84))  # centre of an ace: the big suit symbol
        return colour.red() - colour.blue()

    assert redness("AH") > 100 and redness("AD") > 100
    assert abs(redness("AS")) < 40 and abs(redness("AC")) < 40


def test_pixmaps_are_cached_per_size(qapp) -> None:  # type: ignore[no-untyped-def]
    art = CardArt()
    first = art.pixmap("7C", 80)
    assert art.pixmap("7C", 80).cacheKey() == first.cacheKey()
    assert art.pixmap("7C", 81).cacheKey() != first.cacheKey()
    hi_dpi = art.pixmap("7C", 80, 2.0)
    assert hi_dpi.width() == 160 and hi_dpi.devicePixelRatio() == 2.0


def test_unknown_names_and_bad_sizes_are_refused(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    art = CardArt()
    with pytest.raises(ValueError, match="no card image"):
        art.pixmap("1Z", 80)
    with pytest.raises(ValueError, match="positive"):
        art.pixmap("7C", 0)
    (tmp_path / "bad.svg").write_text("not svg", encoding="utf-8")
    with pytest.raises(ValueError, match="not a valid SVG"):
        CardArt(tmp_path).pixmap("bad", 80)


def test_generated_files_match_the_script() -> None:
    from importlib.util import module_from_spec, spec_from_file_location

    from resources import resource_path

    spec = spec_from_file_location("make_cards", resource_path("cards", "make_cards.py"))
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    for stem, text in module.all_cards().items():
        assert resource_path("cards", f"{stem}.svg").read_text(encoding="utf-8") == text, stem
