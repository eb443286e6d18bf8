"""The side panel's log scrolls to its last line once per turn of the event loop, not per line."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QListWidget

from durak_qt.table.side_panel import SidePanel


def test_many_lines_at_once_scroll_the_log_once_to_the_end(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each scroll lays out every wrapped line again: lines added together scroll once."""
    scrolls: list[QListWidget] = []
    scroll = QListWidget.scrollToBottom

    def counted(view: QListWidget) -> None:
        scrolls.append(view)
        scroll(view)

    monkeypatch.setattr(QListWidget, "scrollToBottom", counted)
    panel = SidePanel()
    qtbot.addWidget(panel)
    panel.resize(260, 400)
    panel.show()
    for number in range(100):
        panel.add_log_line(f"Line {number} of a long game log that wraps in a narrow panel")
    bar = panel.log.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=5000)
    assert scrolls == [panel.log]
    assert panel.log_lines()[-1].startswith("Line 99 ")
