"""The lobby's progress line names the dealing group when a seat lacks ristretto255 (the table
then deals in the Ed25519 subgroup) or when the seated players share none, in English and in
Russian; the usual group adds nothing (`durak_qt.lobby.lan_game.waiting_words`)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from durak_qt.i18n import install_language
from durak_qt.lobby.lan_game import waiting_words
from net.crypto.group import DEFAULT_GROUP, GROUP_PREFERENCE


def lobby(group: str) -> SimpleNamespace:
    """A lobby state with two of three seats taken, dealing in `group`."""
    return SimpleNamespace(playing=False, seats_taken=2, seats=3, group=group)


def test_the_progress_line_names_an_unusual_dealing_group(qapp: Any) -> None:
    other = next(name for name in GROUP_PREFERENCE if name != DEFAULT_GROUP)
    try:
        install_language("en")
        assert waiting_words(lobby(DEFAULT_GROUP)) == "Waiting for players: 2 of 3 seats taken."
        assert waiting_words(lobby(other)).endswith(
            "Cards will be dealt in the Ed25519 group: a seat's system lacks ristretto255."
        )
        assert waiting_words(lobby("")).endswith("share no dealing group: the game cannot start.")
        install_language("ru")
        assert "Ed25519" in waiting_words(lobby(other))
        assert "Карты будут розданы" in waiting_words(lobby(other))
        assert "нет общей группы" in waiting_words(lobby(""))
    finally:
        install_language("en")
