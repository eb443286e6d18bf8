"""Road fool in words: the preset's name and one-line description, the events as sentences."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from durak_qt.card_text import card_label
from engine.road import game as road

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("RoadLog", ...)` calls)."""


class RoadCounts(QObject):
    """Texts with a number in them, in the forms the language has for it (lupdate reads
    plural forms only from `tr`; never subclassed, so the context stays "RoadCounts")."""

    def pile(self, count: int) -> str:
        """ "Pile: 3 cards"."""
        return self.tr("Pile: %n card(s)", "", count)

    def gone(self, count: int) -> str:
        """ "Out of the game: 12 cards"."""
        return self.tr("Out of the game: %n card(s)", "", count)

    def took(self, count: int) -> str:
        """ "%1 takes 3 cards"."""
        return self.tr("%1 takes %n card(s)", "", count)

    def cleared(self, count: int) -> str:
        """ "%1 agrees: the pile of 4 cards leaves the game"."""
        return self.tr("%1 agrees: the pile of %n card(s) leaves the game", "", count)


COUNTS = RoadCounts()

TITLES: dict[str, object] = {
    "road": QT_TRANSLATE_NOOP("Variants", "Road fool"),
}

DESCRIPTIONS: dict[str, object] = {
    "road": QT_TRANSLATE_NOOP(
        "Variants",
        "The whole deck is dealt; one-card attacks; beat the top card of the pile or take it all.",
    ),
}


def _line(event: Any, name_of: Callable[[int], str]) -> str | None:
    """One event as a sentence (None for an event the log does not tell)."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    card = card_label(event.cards[0]) if event.cards else ""
    if kind == road.LED:
        return translate("RoadLog", "%1 leads %2").replace("%2", card).replace("%1", who)
    if kind == road.BEATEN:
        return translate("RoadLog", "%1 beats with %2").replace("%2", card).replace("%1", who)
    if kind == road.TOOK:
        return COUNTS.took(event.number).replace("%1", who)
    if kind == road.CLEARED:
        return COUNTS.cleared(event.number).replace("%1", who)
    if kind == road.PASSED:
        return translate("RoadLog", "%1 does not hold the lowest trump").replace("%1", who)
    if kind == road.SHOWN:
        text = translate("RoadLog", "%1 shows %2, the lowest trump, and leads")
        return text.replace("%2", card).replace("%1", who)
    if kind == road.FORFEITED:
        return translate("RoadLog", "%1 left the table: the fool").replace("%1", who)
    if kind == road.OUT:
        return translate("RoadLog", "%1 has no cards left").replace("%1", who)
    if kind == road.GAME_OVER:
        if event.seat < 0:
            return translate("RoadLog", "The last cards went out together: nobody is the fool")
        return translate("RoadLog", "%1 is left holding cards: the fool").replace("%1", who)
    return None


def describe_road_events(
    events: Sequence[Any], name_of: Callable[[int], str], observation: Any = None
) -> list[str]:
    """The events of one road action as sentences ("Anna leads 7♥", "Boris takes 3 cards")."""
    return [line for event in events if (line := _line(event, name_of))]
