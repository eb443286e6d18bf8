"""Loading the interface language: our .qm from resources/i18n plus Qt's own for dialog buttons.

After changing strings in durak_qt: `.venv/bin/pyside6-lupdate $(find durak_qt -name "*.py") -ts
resources/i18n/durak_ru.ts`, translate the new entries, then `.venv/bin/pyside6-lrelease
resources/i18n/durak_ru.ts resources/i18n/durak_en.ts` (the English file holds plural forms only;
refresh it with `pyside6-lupdate -pluralonly`).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from resources import resource_path

_installed: list[QTranslator] = []
_current = ["en"]


def current_language() -> str:
    """The code of the language installed last ("en" before any)."""
    return _current[0]


def install_language(code: str) -> bool:
    """Switch the running application to a language ("en", "ru"); False if its file is missing."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("create the QApplication before choosing a language")
    for translator in _installed:
        QCoreApplication.removeTranslator(translator)
    _installed.clear()
    _current[0] = code
    ours = QTranslator(app)
    loaded = ours.load(str(resource_path("i18n", f"durak_{code}.qm")))
    if loaded:
        QCoreApplication.installTranslator(ours)
        _installed.append(ours)
    if code != "en":
        qt_own = QTranslator(app)
        if qt_own.load(
            QLocale(code),
            "qtbase",
            "_",
            QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
        ):
            QCoreApplication.installTranslator(qt_own)
            _installed.append(qt_own)
    return loaded or code == "en"
