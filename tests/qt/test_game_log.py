"""The game log in words, from engine events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from durak_qt.games.durak.game_log import describe_event
from engine.actions import Event
from engine.cards import Card

NAMES = ["Anna", "West", "North", "East"]


def words(event: Event) -> str | None:
    return describe_event(event, NAMES.__getitem__)


def test_events_in_words(qapp: Any) -> None:
    c = Card.parse
    assert words(Event("attacked", 2, (c("7C"),), 3)) == "North attacks with 7♣"
    assert words(Event("beaten", 3, (c("9C"), c("7C")))) == "East beats 7♣ with 9♣"
    assert words(Event("thrown", 1, (c("7D"), c("7H")))) == "West throws in 7♦ 7♥"
    assert words(Event("taking", 1)) == "West takes"
    assert words(Event("discarded", 3, (c("7C"), c("9C")))) == "Bito"
    assert words(Event("transferred", 0, (c("7S"),), 0)) == "Anna transfers with 7♠"
    assert words(Event("transferred", 0, (c("7S"),), 1)) == "Anna transfers with 7♠ to West"
    assert words(Event("attacked", 0, (c("RJ"),), 1)) == "Anna attacks with red joker"
    assert words(Event("game_over", 2)) == "Game over: North is the fool"
    assert words(Event("game_over", -1)) == "Game over: a draw"
    assert words(Event("drew", 0, (), -1, 0)) is None
    assert words(Event("drew", 0, (), -1, 2)) == "Anna draws 2"


def test_a_refusal_of_a_closed_lan_table_follows_a_language_switch(
    qtbot: Any, tmp_path: Path
) -> None:
    """The reason inside "That move is not allowed now: %1" is kept untranslated and written in
    the language of the moment, like the line around it (it was frozen in the language of the
    refusal)."""
    from durak_qt.i18n import install_language
    from durak_qt.lobby.lan_game import LanGame
    from durak_qt.log_notice import LogNotice
    from net.peer import PeerSettings

    game = LanGame(PeerSettings(name="Anna", data_dir=tmp_path, join_table="Den"))
    notices: list[object] = []
    game.error.connect(notices.append)
    game._send_action(None)  # nothing runs: the table is closed
    (notice,) = notices
    assert isinstance(notice, LogNotice)
    assert str(notice) == "That move is not allowed now: The table is closed."
    install_language("ru")
    assert str(notice) == "Такой ход сейчас нельзя: Стол закрыт."
