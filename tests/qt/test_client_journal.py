"""The client's own journal of a LAN table's chat and log: written as shown, read back after a
crash in whatever language is chosen then."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from durak_qt.games.durak.game_log import describe_event
from durak_qt.i18n import install_language
from durak_qt.lobby.client_journal import ClientJournal
from engine.actions import Event
from engine.cards import Card


def test_chat_and_the_newest_games_log_come_back(tmp_path: Path, qapp: Any) -> None:
    journal = ClientJournal(tmp_path / "client-logs", "Attic")
    shown = SimpleNamespace(trump_card=Card.parse("7H"), trump_suit="H")
    journal.event(0, Event("attacked", 0, (Card.parse("6S"),)), shown)
    journal.chat("Anna", "hi")
    journal.event(1, Event("attacked", 1, (Card.parse("QD"),)), shown)
    journal.event(1, Event("trump_opened", -1), shown)
    with journal.path.open("a", encoding="utf-8") as out:
        out.write('{"t": "event", "game": 1, "kin')  # a line cut short by the crash
    restored = ClientJournal(tmp_path / "client-logs", "Attic").restore()
    assert restored.chat == [("Anna", "hi")]
    names = ["Anna", "Boris"].__getitem__
    lines = [describe_event(event, names, seen) for event, seen in restored.events]
    assert lines == ["Boris attacks with Q♦", "The trump card is turned face up: 7♥"]
    assert install_language("ru")
    event, seen = restored.events[0]
    assert describe_event(event, names, seen) == "Boris ходит: Q♦"
    ClientJournal(tmp_path / "client-logs", "Attic").start_afresh()
    assert ClientJournal(tmp_path / "client-logs", "Attic").restore().chat == []
