"""The About box: version, the engine that runs, protocol version and licences, in both languages."""

from __future__ import annotations

from importlib.metadata import metadata
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication

from durak_qt.dialogs import about
from durak_qt.dialogs.about import AboutDialog, Library, game_licence, libraries, licence_of
from durak_qt.i18n import install_language
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from engine import accelerate_guard
from net.handshake import PROTOCOL_VERSION
from net.version import package_version


def test_every_runtime_dependency_is_listed_with_the_licence_its_package_declares() -> None:
    listed = {library.name: library for library in libraries()}
    assert set(listed) == {
        "PySide6-Essentials", "zeroconf", "ifaddr", "msgpack", "msgspec", "cryptography",
        "PyNaCl", "qasync",
    }  # fmt: skip
    for library in listed.values():
        assert library.version == metadata(library.name)["Version"]
        assert library.licence, library
    assert listed["PySide6-Essentials"].licence.startswith("LGPL-3.0")
    assert "LGPL" in listed["zeroconf"].licence
    assert listed["ifaddr"].licence == "MIT"
    assert game_licence() == "MIT"


def test_a_licence_is_read_from_the_expression_the_field_or_the_classifiers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Fields(dict[str, Any]):
        def get_all(self, name: str) -> list[str] | None:
            value = self.get(name)
            return None if value is None else [value] if isinstance(value, str) else list(value)

    cases = {
        "expr": Fields({"License-Expression": "BSD-2-Clause", "License": "ignored"}),
        "field": Fields({"License": "Apache-2.0"}),
        "text": Fields(
            {
                "License": "Copyright ...\nwhole text",
                "Classifier": ["License :: OSI Approved :: MIT License", "Topic :: Games"],
            }
        ),
        "none": Fields({}),
    }
    monkeypatch.setattr(about, "metadata", lambda name: cases[name])
    assert [licence_of(name) for name in cases] == ["BSD-2-Clause", "Apache-2.0", "MIT License", ""]


def test_the_box_says_version_engine_protocol_and_licences(qtbot: Any) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.text.text()
    assert f"Version: {package_version()}" in text
    assert dialog.engine_text() == accelerate_guard.engine_description()
    engine = accelerate_guard.engine_description()
    assert f"<p>{engine[0].upper()}{engine[1:]}</p>" in text
    assert f"Protocol version: {PROTOCOL_VERSION}" in text
    assert "under the MIT licence" in text
    for library in libraries():
        assert f"<td>{library.name}</td>" in text


@pytest.mark.parametrize(
    ("mode", "reason", "english"),
    [
        ("compiled", "the stamp matches the sources", "compiled engine"),
        ("pure", "not built", "pure Python engine: slower, see README"),
        (
            "pure",
            "DURAK_PURE_ENGINE=1",
            "pure Python engine: slower, see README "
            "(the compiled engine is not used: DURAK_PURE_ENGINE=1)",
        ),
    ],
)
def test_the_engine_is_named_as_the_command_line_names_it_and_in_russian(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, mode: str, reason: str, english: str
) -> None:
    monkeypatch.setattr(accelerate_guard, "MODE", mode)
    monkeypatch.setattr(accelerate_guard, "REASON", reason)
    assert accelerate_guard.engine_description() == english
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert dialog.engine_text() == english
    try:
        install_language("ru")
        QCoreApplication.processEvents()
        russian = dialog.engine_text()
        assert "движок" in russian and "engine" not in russian.replace(reason, "")
        assert f"Версия протокола: {PROTOCOL_VERSION}" in dialog.text.text()
        assert dialog.windowTitle() == "О программе «Дурак по сети»"
    finally:
        install_language("en")
        QCoreApplication.processEvents()


def test_the_lobby_opens_the_box(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[AboutDialog] = []
    monkeypatch.setattr(AboutDialog, "exec", lambda self: opened.append(self) or 0)
    window = MainWindow(settings, lan=False)
    qtbot.addWidget(window)
    window.lobby.about_button.click()
    assert len(opened) == 1 and opened[0].parent() is window
    assert window.lobby.about_button.text() == "About"


def test_a_library_missing_from_the_machine_is_listed_without_a_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(about, "runtime_requirements", lambda: ["not-a-package-at-all-xyz"])
    assert libraries() == [Library("not-a-package-at-all-xyz", "", "")]
