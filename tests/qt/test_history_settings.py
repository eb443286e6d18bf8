"""The Settings field "Games kept": how many finished games the history keeps."""

from __future__ import annotations

from typing import Any

import pytest

from durak_qt.dialogs.options import SettingsDialog
from durak_qt.settings import GAMES_KEPT_DEFAULT, GAMES_KEPT_RANGE, Settings


def test_games_kept_defaults_to_a_thousand_and_refuses_nonsense(settings: Settings) -> None:
    assert settings.games_kept == GAMES_KEPT_DEFAULT == 1000
    settings.games_kept = 250
    assert settings.games_kept == 250
    for wrong in (0, GAMES_KEPT_RANGE[1] + 1):
        with pytest.raises(ValueError):
            settings.games_kept = wrong
    assert settings.games_kept == 250
    settings._store.setValue("history/games_kept", "many")  # a hand-edited file
    assert settings.games_kept == GAMES_KEPT_DEFAULT


def test_settings_dialog_saves_games_kept(qtbot: Any, settings: Settings) -> None:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.games_kept_spin.value() == 1000
    dialog.games_kept_spin.setValue(300)
    assert dialog.save()
    assert settings.games_kept == 300
    assert SettingsDialog(settings).games_kept_spin.value() == 300
