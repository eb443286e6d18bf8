"""No colour is written outside durak_qt/palette.py: an AST scan of every client module finds
QColor built from numbers, names or "#" strings, Qt.GlobalColor, colour words in strings (style
sheets), and numbers passed to a colour or brush API."""

from __future__ import annotations

import ast
import re
import time
from pathlib import Path

import durak_qt

CLIENT = Path(durak_qt.__file__).resolve().parent
PALETTE = CLIENT / "palette.py"

COLOUR_TYPES = {"QColor", "QBrush", "QPen", "QRgba64", "qRgb", "qRgba", "QColorConstants"}
"""Calls that make a colour (a pen or brush made from numbers or a name is one too)."""
COLOUR_METHODS = {
    "setColorAt",
    "setRgb",
    "setRgba",
    "setRgbF",
    "setHsv",
    "setHsl",
    "setNamedColor",
    "fromRgb",
    "fromRgbF",
    "fromHsv",
    "fromHsl",
    "fromString",
    "setAlpha",
    "setAlphaF",
    "setRed",
    "setGreen",
    "setBlue",
    "lighter",
    "darker",
    "fill",
    "setBrush",
    "setPen",
    "setColor",
    "setBackground",
    "setForeground",
    "setBackgroundBrush",
    "setForegroundBrush",
}
"""Methods whose arguments are (or make) a colour."""
COLOUR_WORDS = (
    "white|black|red|green|blue|yellow|gray|grey|cyan|magenta|orange|purple|brown|pink|gold"
    "|silver|navy|maroon|olive|teal|lime|aqua|fuchsia|transparent|darkgreen|darkred|darkblue"
    "|lightgray|lightgrey|darkgray|darkgrey"
)
STYLE_COLOUR = re.compile(
    r"rgba?\s*\(|hsla?\s*\(|#[0-9a-fA-F]{3,8}\b"
    rf"|(?:color|background|border|border-[\w-]+|selection-[\w-]+)\s*:[^;{{}}]*\b(?:{COLOUR_WORDS})\b"
    rf"|stop:\s*[\d.]+\s+(?:{COLOUR_WORDS})\b",
    re.IGNORECASE,
)
"""A colour written in a string: rgb()/hsl() text, a "#" colour, or a named colour after a
style property."""
NAMED_COLOUR = re.compile(rf"^\s*(?:{COLOUR_WORDS}|#[0-9a-fA-F]{{3,8}})\s*$", re.IGNORECASE)


SUSPECT = re.compile(
    "|".join(
        (
            r"\b(?:" + "|".join(sorted(COLOUR_TYPES | COLOUR_METHODS)) + r")\b",
            r"GlobalColor",
            rf"\bQt\.(?:{COLOUR_WORDS})\b",
            STYLE_COLOUR.pattern,
        )
    ),
    re.IGNORECASE,
)
"""Text a module must hold to write a colour at all: the modules without it are not parsed."""


def _is_literal(node: ast.AST) -> bool:
    """A number or a string written in the code (also negated, or in a tuple of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float | str):
        return not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp):
        return _is_literal(node.operand)
    if isinstance(node, ast.Tuple):
        return any(_is_literal(element) for element in node.elts)
    return False


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def colour_literals(source: str, filename: str = "<source>") -> list[str]:
    """Where `source` writes a colour itself: "line: what", in order."""
    found: list[str] = []
    if not SUSPECT.search(source):
        return found
    for node in ast.walk(ast.parse(source, filename)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute) and node.attr == "GlobalColor":
            found.append(f"{line}: Qt.GlobalColor")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "Qt" and NAMED_COLOUR.match(node.attr):
                found.append(f"{line}: Qt.{node.attr}")
        elif isinstance(node, ast.Call):
            name = _called_name(node)
            args = [*node.args, *(keyword.value for keyword in node.keywords)]
            coloured = args[:1] if name in ("QPen", "QBrush") else args  # then width, style
            if name in COLOUR_TYPES and any(_is_literal(arg) for arg in coloured):
                found.append(f"{line}: {name}(...) from numbers or a name")
            elif name in COLOUR_METHODS and name not in ("setPen", "setBrush", "fill"):
                if any(_is_literal(arg) for arg in args[1 if name == "setColorAt" else 0 :]):
                    found.append(f"{line}: {name}(...) with numbers or a name")
            elif name in ("setPen", "setBrush", "fill", "setColor") and any(
                isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and NAMED_COLOUR.match(arg.value)
                for arg in args
            ):
                found.append(f"{line}: {name}(...) with a colour name")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and STYLE_COLOUR.search(node.value)
        ):
            found.append(f"{line}: a colour in a string {node.value.strip()[:40]!r}")
    return found


def test_no_colour_outside_the_palette() -> None:
    started = time.process_time()
    offenders = {
        str(path.relative_to(CLIENT)): hits
        for path in sorted(CLIENT.rglob("*.py"))
        if path != PALETTE
        and (hits := colour_literals(path.read_text(encoding="utf-8"), str(path)))
    }
    assert offenders == {}
    assert time.process_time() - started < 1.0  # cheap: CPU seconds, whatever the load


def test_the_scan_finds_each_kind_of_colour() -> None:
    """Each way of writing a colour is caught; colours taken from the palette are not."""
    caught = [
        "QColor(255, 214, 64)",
        "QColor('white')",
        'QColor("#1f5a36")',
        "QColor(0, 0, 0, 0)",
        "pixmap.fill(Qt.GlobalColor.transparent)",
        "painter.setPen(Qt.white)",
        "QBrush(Qt.GlobalColor.red)",
        "QPen(QColor(1, 2, 3))",
        "gradient.setColorAt(0.5, QColor(1, 2, 3))",
        "gradient.setColorAt(0.5, 'red')",
        "colour.setAlpha(60)",
        "QColor.fromRgb(1, 2, 3)",
        "painter.setBrush('black')",
        "w.setStyleSheet('QLabel { color: rgb(255, 214, 64); }')",
        "w.setStyleSheet('QLabel { color: white; }')",
        "STYLE = 'background: qlineargradient(stop:0 #1f5a36, stop:1 #0f2e1c)'",
        "STYLE = 'QPushButton { background: transparent; }'",
        "colour = 'rgba(0, 0, 0, 110)'",
    ]
    for source in caught:
        assert colour_literals(source), source
    allowed = [
        "painter.setPen(colours.accent)",
        "painter.setBrush(palette.current().card_face)",
        "pixmap.fill(CLEAR)",
        "QPen(colours.focus_ring, 2, Qt.PenStyle.DashLine)",
        "gradient.setColorAt(0.7, colours.felt_middle)",
        "themed(w, 'QLabel { color: $accent; font-size: 15px; }')",
        "text = 'red joker'",
        "label = 'Black'",
        "SUIT_ORDER = ('S', 'C', 'D', 'H')  # alternate colours",
    ]
    for source in allowed:
        assert colour_literals(source) == [], source
