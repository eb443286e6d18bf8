"""The look the dialogs share with the table (green-black panels, gold titles, light text in the
green theme), as a style template of palette roles that follows the chosen theme live."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from durak_qt.palette import themed

DIALOG_STYLE = """
QDialog, QMessageBox { background: $dialog_back; color: $dialog_text; }
QLabel { color: $dialog_text; }
QLabel#hint { color: $dialog_hint; font-style: italic; }
QLabel#problem { color: $problem_text; }
QCheckBox, QRadioButton { color: $dialog_text; }
QLineEdit, QSpinBox, QComboBox, QTextBrowser, QListWidget, QPlainTextEdit {
    background: $field_back; color: $field_text; border: 1px solid $field_rim;
    border-radius: 5px; padding: 4px; selection-background-color: $selection;
}
QLineEdit:disabled, QComboBox:disabled, QSpinBox:disabled { color: $field_text_disabled; }
QComboBox QAbstractItemView { background: $field_back; color: $field_text;
    selection-background-color: $selection; }
QListWidget::item:selected { background: $selection; color: $selected_text; }
QTextBrowser { font-size: 14px; }
QPushButton { color: $button_text; font-weight: bold; border-radius: 6px; padding: 6px 16px;
    border: 2px solid $dialog_button_rim; background: $dialog_button_back; }
QPushButton:hover { border-color: $accent; }
QPushButton:default { background: $selection; }
QPushButton:disabled { color: $dialog_button_text_disabled; border-color: $button_rim_disabled; }
QGroupBox { color: $accent; border: 1px solid $field_rim; border-radius: 6px;
    margin-top: 14px; padding-top: 6px; }
QGroupBox::title { subcontrol-origin: margin; left: 8px; }
"""
"""The dialogs' style template: palette roles as `$role` (see palette.style)."""


def style_dialog(widget: QWidget) -> None:
    """Give a dialog (or message box) the shared look, in the current theme and every next."""
    themed(widget, DIALOG_STYLE)
