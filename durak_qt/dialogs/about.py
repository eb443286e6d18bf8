"""The About box: the game's version, the engine that runs, the protocol version, and the licence
of the game and of every library it runs on (read from the installed packages' metadata)."""

from __future__ import annotations

import html
import re
import tomllib
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, metadata, requires
from pathlib import Path

from PySide6.QtCore import QEvent, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from durak_qt.theme import style_dialog
from engine import accelerate_guard
from net.version import DISTRIBUTION, package_version, protocol_version

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_CLASSIFIER = "License :: OSI Approved :: "


@dataclass(frozen=True)
class Library:
    """A library the game runs on: its name, installed version ("" if none) and licence."""

    name: str
    version: str
    licence: str


def runtime_requirements() -> list[str]:
    """The distribution names of the game's runtime dependencies (no extras), as declared: from
    the installed metadata, or from pyproject.toml for a source tree that was not installed."""
    try:
        declared = requires(DISTRIBUTION) or []
    except PackageNotFoundError:
        project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
        declared = list(project["dependencies"])
    names = []
    for requirement in declared:
        found = _NAME.match(requirement)
        if found and "extra ==" not in requirement:
            names.append(found.group())
    return names


def licence_of(distribution: str) -> str:
    """The licence an installed distribution declares: its License-Expression, else a one-line
    License field, else its OSI classifiers; "" when not installed or not declared."""
    try:
        fields = metadata(distribution)
    except PackageNotFoundError:
        return ""
    expression = " ".join(str(v) for v in fields.get_all("License-Expression") or []).strip()
    if expression:
        return expression
    text = "\n".join(str(v) for v in fields.get_all("License") or []).strip()
    if text and "\n" not in text and len(text) <= 80:
        return text
    classifiers = [str(v) for v in fields.get_all("Classifier") or []]
    named = [c.removeprefix(_CLASSIFIER) for c in classifiers if c.startswith(_CLASSIFIER)]
    return " / ".join(named)


def game_licence() -> str:
    """The game's own licence, from its metadata or, not installed, from pyproject.toml."""
    declared = licence_of(DISTRIBUTION)
    if declared:
        return declared
    return str(tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["license"])


def libraries() -> list[Library]:
    """Every runtime dependency with its installed version and licence."""
    found = []
    for name in runtime_requirements():
        try:
            installed = str(metadata(name)["Version"])
        except PackageNotFoundError:
            installed = ""
        found.append(Library(name, installed, licence_of(name)))
    return found


class AboutDialog(QDialog):
    """Version, engine, protocol version and licences, in the current language."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("about")
        style_dialog(self)
        layout = QVBoxLayout(self)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.text.setMinimumWidth(560)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.setWindowTitle(self.tr("About Durak on the LAN"))
        self.text.setText(self.page())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def engine_text(self) -> str:
        """accelerate_guard.engine_description() in the current language (the reason a build is
        unused stays as the guard wrote it)."""
        if accelerate_guard.MODE == "compiled":
            return self.tr("compiled engine")
        pure = self.tr("pure Python engine: slower, see README")
        if accelerate_guard.REASON == "not built":
            return pure
        return (
            self.tr("%1 (the compiled engine is not used: %2)")
            .replace("%1", pure)
            .replace("%2", accelerate_guard.REASON)
        )

    def page(self) -> str:
        """The box's text (rich text)."""
        unknown = self.tr("see the package")
        rows = "".join(
            "<tr>"
            + "".join(
                f"<td>{html.escape(cell)}</td>"
                for cell in (lib.name, lib.version or "-", lib.licence or unknown)
            )
            + "</tr>"
            for lib in libraries()
        )
        heads = (self.tr("Library"), self.tr("Version"), self.tr("Licence"))
        paragraphs = [
            self.tr("Version: %1").replace("%1", package_version()),
            self.engine_text()[:1].upper() + self.engine_text()[1:],
            self.tr("Protocol version: %1").replace("%1", str(protocol_version())),
        ]
        licences = [
            self.tr("Durak on the LAN is free software under the %1 licence.").replace(
                "%1", game_licence()
            ),
            self.tr(
                "It runs on these libraries, each under its own licence (Qt %1 comes with "
                "PySide6, under the same licence):"
            ).replace("%1", qVersion()),
        ]
        title, licences_title = self.tr("Durak on the LAN"), self.tr("Licences")
        return (
            f"<h2>{html.escape(title)}</h2>"
            + "".join(f"<p>{html.escape(text)}</p>" for text in paragraphs)
            + f"<h3>{html.escape(licences_title)}</h3>"
            + "".join(f"<p>{html.escape(text)}</p>" for text in licences)
            + "<table cellspacing='0' cellpadding='4'><tr>"
            + "".join(f"<th align='left'>{html.escape(head)}</th>" for head in heads)
            + "</tr>"
            + rows
            + "</table>"
        )
