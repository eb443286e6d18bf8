"""Cross fool in words: the preset's name and one-line description, the events as sentences."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from durak_qt.card_text import card_label
from engine.cross import game as cross

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("CrossLog", ...)` calls)."""


class CrossCounts(QObject):
    """Texts with a number in them, in the forms the language has for it (lupdate reads
    plural forms only from `tr`; never subclassed, so the context stays "CrossCounts")."""

    def deck(self, count: int) -> str:
        """ "Deck: 12 cards"."""
        return self.tr("Deck: %n card(s)", "", count)

    def gone(self, count: int) -> str:
        """ "Gone to waste: 12 cards"."""
        return self.tr("Gone to waste: %n card(s)", "", count)

    def took_line(self, count: int) -> str:
        """ "%1 drew the last card and takes the line: 3 cards"."""
        return self.tr("%1 drew the last card and takes the line: %n card(s)", "", count)

    def wasted(self, count: int) -> str:
        """ "The chain of 4 cards goes to waste"."""
        return self.tr("The chain of %n card(s) goes to waste", "", count)


COUNTS = CrossCounts()

TITLES: dict[str, object] = {
    "cross": QT_TRANSLATE_NOOP("Variants", "Cross fool"),
}

DESCRIPTIONS: dict[str, object] = {
    "cross": QT_TRANSLATE_NOOP(
        "Variants",
        "Build open piles from the deck, then close a chain of cards; diamonds trump, "
        "clubs only by clubs.",
    ),
}


def _line(event: Any, name_of: Callable[[int], str]) -> str | None:
    """One event as a sentence (None for an event the log does not tell)."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    cards = tuple(event.cards)
    card = card_label(cards[0]) if cards else ""
    if kind == cross.OPENED:
        if event.seat == cross.LINE:
            return translate("CrossLog", "%1 is laid on the line (the stake)").replace("%1", card)
        return (
            translate("CrossLog", "%1 is dealt %2 face up").replace("%2", card).replace("%1", who)
        )
    if kind == cross.DREW:
        return translate("CrossLog", "%1 turns up %2").replace("%2", card).replace("%1", who)
    if kind == cross.GIVEN:
        if event.other == cross.LINE:
            return (
                translate("CrossLog", "%1 lays %2 on the line")
                .replace("%2", card)
                .replace("%1", who)
            )
        return (
            translate("CrossLog", "%1 lays %2 on %3's pile")
            .replace("%2", card)
            .replace("%3", name_of(event.other))
            .replace("%1", who)
        )
    if kind == cross.KEPT:
        return (
            translate("CrossLog", "%1 keeps %2; the turn passes")
            .replace("%2", card)
            .replace("%1", who)
        )
    if kind == cross.TOOK_LINE:
        return COUNTS.took_line(event.number).replace("%1", who)
    if kind == cross.PLAY_STARTED:
        return translate(
            "CrossLog", "The play begins: %1 holds the lowest diamond and leads"
        ).replace("%1", who)
    if kind == cross.LED:
        return translate("CrossLog", "%1 leads %2").replace("%2", card).replace("%1", who)
    if kind == cross.BEATEN and len(cards) == 2:
        return (
            translate("CrossLog", "%1 closes %2 with %3")
            .replace("%2", card_label(cards[0]))
            .replace("%3", card_label(cards[1]))
            .replace("%1", who)
        )
    if kind == cross.TOOK:
        return (
            translate("CrossLog", "%1 takes the bottom card %2")
            .replace("%2", card)
            .replace("%1", who)
        )
    if kind == cross.WASTED:
        return COUNTS.wasted(event.number)
    if kind == cross.OUT:
        return translate("CrossLog", "%1 has no cards left").replace("%1", who)
    if kind == cross.REPEATED:
        return translate(
            "CrossLog", "The same position came back three times: the game ends with no fool"
        )
    if kind == cross.GAME_OVER:
        if event.seat < 0:
            return translate("CrossLog", "Nobody is the fool")
        return translate("CrossLog", "%1 is left holding cards: the fool").replace("%1", who)
    return None


def describe_cross_events(
    events: Sequence[Any], name_of: Callable[[int], str], observation: Any = None
) -> list[str]:
    """The events of one cross action as sentences ("Anna turns up 9♥", "Anna lays 9♥ on
    Boris's pile", "Boris closes 7♠ with J♠")."""
    return [line for event in events if (line := _line(event, name_of))]
