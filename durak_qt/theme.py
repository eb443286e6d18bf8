"""The dark look the dialogs share with the table: green-black panels, gold titles, light text."""

from __future__ import annotations

DIALOG_STYLE = """
QDialog, QMessageBox { background: rgb(20, 34, 26); color: rgb(230, 240, 230); }
QLabel { color: rgb(230, 240, 230); }
QLabel#hint { color: rgb(170, 195, 175); font-style: italic; }
QLabel#problem { color: rgb(255, 160, 140); }
QCheckBox, QRadioButton { color: rgb(230, 240, 230); }
QLineEdit, QSpinBox, QComboBox, QTextBrowser, QListWidget, QPlainTextEdit {
    background: rgb(12, 22, 16); color: rgb(235, 245, 235); border: 1px solid rgb(70, 100, 80);
    border-radius: 5px; padding: 4px; selection-background-color: rgb(40, 110, 214);
}
QLineEdit:disabled, QComboBox:disabled, QSpinBox:disabled { color: rgb(120, 135, 125); }
QComboBox QAbstractItemView { background: rgb(12, 22, 16); color: rgb(235, 245, 235);
    selection-background-color: rgb(40, 110, 214); }
QListWidget::item:selected { background: rgb(40, 110, 214); color: white; }
QTextBrowser { font-size: 14px; }
QPushButton { color: white; font-weight: bold; border-radius: 6px; padding: 6px 16px;
    border: 2px solid rgba(255, 255, 255, 110); background: rgb(60, 90, 75); }
QPushButton:hover { border-color: rgb(255, 214, 64); }
QPushButton:default { background: rgb(40, 110, 214); }
QPushButton:disabled { color: rgba(255, 255, 255, 110); border-color: rgba(255, 255, 255, 50); }
QGroupBox { color: rgb(255, 214, 64); border: 1px solid rgb(70, 100, 80); border-radius: 6px;
    margin-top: 14px; padding-top: 6px; }
QGroupBox::title { subcontrol-origin: margin; left: 8px; }
"""
