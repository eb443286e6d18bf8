"""Text sizes and spacing of the table come from the palette's roles, not numbers in the scenes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import durak_qt
from durak_qt import palette

CLIENT = Path(durak_qt.__file__).resolve().parent
SCALED_SIZE = re.compile(r"max\(\d+, round\(\d+(\.\d+)? \* [\w.]*unit\)\)")
"""A text size written as a number: `max(11, round(14 * unit))`."""
BADGE_RADIUS = re.compile(r"\b\d+ \* [\w.]*unit \+ \d+\b")
"""A badge radius written as numbers: `26 * unit + 4`."""


def scene_modules() -> list[Path]:
    """The modules that draw the table: the shared table package and every game's view."""
    return sorted([*(CLIENT / "table").glob("*.py"), *(CLIENT / "games").rglob("view.py")])


def test_the_table_code_names_its_text_sizes_by_role() -> None:
    found = [
        f"{path.relative_to(CLIENT)}:{number}: {line.strip()}"
        for path in scene_modules()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if SCALED_SIZE.search(line) or BADGE_RADIUS.search(line)
    ]
    assert found == []


def test_the_scan_finds_a_size_written_as_numbers() -> None:
    assert SCALED_SIZE.search("text_size = max(11, round(14 * unit))")
    assert SCALED_SIZE.search("pixels = max(12, round(15 * self.scene.geometry.unit))")
    assert BADGE_RADIUS.search("radius = 26 * unit + 4")
    assert not SCALED_SIZE.search('text_size = palette.text_pixels("label", unit)')


@pytest.mark.parametrize("role", sorted(palette.TEXT_SIZES))
def test_a_text_role_grows_with_the_table_and_keeps_its_least_size(role: str) -> None:
    size, least = palette.TEXT_SIZES[role]
    assert palette.text_pixels(role, 1.0) == size
    assert palette.text_pixels(role, 0.45) == max(least, round(size * 0.45))
    assert palette.text_pixels(role, 0.1) == least
    assert palette.text_pixels(role, 1.5) > size


def test_a_spacing_role_scales_with_the_table() -> None:
    assert palette.spacing("plate_left", 2.0) == 2 * palette.SPACING["plate_left"]
    assert palette.suit_badge_radius(1.0) == 30.0
