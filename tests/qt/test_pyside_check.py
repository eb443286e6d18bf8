"""The None-reference guard: it detects the leak only where there is one, and refills."""

from __future__ import annotations

import sys
from typing import Any

from durak_qt import pyside_check


def test_probe_matches_a_direct_measurement(qapp: Any) -> None:
    from PySide6.QtCore import QRectF

    rect = QRectF()
    before = sys.getrefcount(None)
    for _ in range(1000):
        rect.setWidth(2.0)
    leaks = before - sys.getrefcount(None) >= 500
    assert pyside_check.void_calls_leak_none() == leaks


def test_top_up_adds_references_only_when_low(monkeypatch: Any) -> None:
    import pytest

    if sys.version_info >= (3, 12):
        pytest.skip("None, True and False are immortal from Python 3.12 on")
    monkeypatch.setattr(pyside_check, "RESERVE_CHUNK", 1000)
    monkeypatch.setattr(pyside_check, "RESERVE_FLOOR", 0)
    assert pyside_check.top_up() == 0
    floor = max(sys.getrefcount(x) for x in (None, True, False)) + 500
    monkeypatch.setattr(pyside_check, "RESERVE_FLOOR", floor)
    before = [sys.getrefcount(x) for x in (None, True, False)]
    assert pyside_check.top_up() == 3000
    after = [sys.getrefcount(x) for x in (None, True, False)]
    assert all(a - b >= 900 for a, b in zip(after, before, strict=True))
    # Give the references back: this test must not change the process it runs in.
    for shared in (None, True, False):
        import ctypes

        ctypes.c_ssize_t.from_address(id(shared)).value -= 1000
