"""The side panel's text grows with the window: readable on a full-HD screen, compact on a laptop."""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.side_panel import SidePanel, text_px_for_height


@pytest.mark.parametrize(
    ("height", "px"), [(600, 13), (768, 13), (900, 14), (1080, 16), (1440, 17)]
)
def test_text_size_follows_the_height(height: int, px: int) -> None:
    assert text_px_for_height(height) == px


def test_panel_text_and_width_at_laptop_and_full_hd(qtbot: Any) -> None:
    panel = SidePanel()
    qtbot.addWidget(panel)
    panel.show()
    seen = {}
    for height in (768, 1080, 700):
        panel.resize(260, height)
        qtbot.waitUntil(lambda h=height: panel.height() == h, timeout=5000)
        seen[height] = (panel.text_px, panel.minimumWidth(), panel.styleSheet())
    assert seen[768][:2] == (13, 260)
    assert seen[1080][:2] == (16, 320) and "font-size: 16px" in seen[1080][2]
    assert seen[700][:2] == (13, 260)  # and back when the window shrinks
