"""Joker rummy in words: the preset's name and one-line description, the events as sentences."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from durak_qt.card_text import card_label
from engine.rummy import game as rummy

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("RummyLog", ...)` calls)."""


class RummyCounts(QObject):
    """Texts with a number in them, in the forms the language has for it (lupdate reads
    plural forms only from `tr`; never subclassed, so the context stays "RummyCounts")."""

    def deck(self, count: int) -> str:
        """ "Deck: 40 cards"."""
        return self.tr("Deck: %n card(s)", "", count)

    def stock(self, count: int) -> str:
        """ "Discards: 7 cards"."""
        return self.tr("Discards: %n card(s)", "", count)

    def laid(self, count: int) -> str:
        """ "laid 34 points of 51" (the first laying so far; %1 is the points needed)."""
        return self.tr("laid %n point(s) of %1", "", count)

    def opening_short(self, count: int) -> str:
        """ "These cards bring your first laying to 24 points; it must reach 51 this turn"."""
        return self.tr(
            "These cards bring your first laying to %n point(s); it must reach %1 this turn",
            "",
            count,
        )

    def out_with_jokers(self, count: int) -> str:
        """ "%1 goes out discarding 2 jokers"."""
        return self.tr("%1 goes out discarding %n joker(s)", "", count)

    def most_points(self, count: int) -> str:
        """ "%1 has the most points: 87"."""
        return self.tr("%1 has the most points: %n", "", count)


COUNTS = RummyCounts()

TITLES: dict[str, object] = {
    "joker-rummy": QT_TRANSLATE_NOOP("Variants", "Joker (rummy with jokers)"),
}

DESCRIPTIONS: dict[str, object] = {
    "joker-rummy": QT_TRANSLATE_NOOP(
        "Variants",
        "Draw and discard; lay out runs and sets (51 points the first time), add to any "
        "combination, win jokers back; the fewest points win.",
    ),
}


def cards_text(cards: Sequence[Any]) -> str:
    """Cards as people write them, separated by spaces ("3♣ 4♣ red joker")."""
    return " ".join(card_label(card) for card in cards)


def _owner_of(observation: Any, index: int) -> int | None:
    melds = tuple(getattr(observation, "melds", ()))
    return melds[index].owner if 0 <= index < len(melds) else None


def _line(event: Any, name_of: Callable[[int], str], observation: Any) -> str | None:
    """One event as a sentence (None for an event the log does not tell)."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    cards = cards_text(event.cards)
    if kind == rummy.DREW:
        return translate("RummyLog", "%1 draws a card from the deck").replace("%1", who)
    if kind == rummy.TOOK:
        return (
            translate("RummyLog", "%1 takes %2 from the discards")
            .replace("%2", cards)
            .replace("%1", who)
        )
    if kind == rummy.LAID:
        return translate("RummyLog", "%1 lays out %2").replace("%2", cards).replace("%1", who)
    if kind == rummy.ADDED:
        owner = _owner_of(observation, event.number)
        if owner is None or owner == event.seat:
            text = translate("RummyLog", "%1 adds %2 to a combination of their own")
        else:
            text = translate("RummyLog", "%1 adds %2 to a combination of %3").replace(
                "%3", name_of(owner)
            )
        return text.replace("%2", cards).replace("%1", who)
    if kind == rummy.SWAPPED:
        given = card_label(event.cards[0]) if event.cards else ""
        return (
            translate("RummyLog", "%1 puts %2 in place of a joker and takes the joker")
            .replace("%2", given)
            .replace("%1", who)
        )
    if kind == rummy.DISCARDED:
        return translate("RummyLog", "%1 discards %2").replace("%2", cards).replace("%1", who)
    if kind == rummy.REFILLED:
        return translate(
            "RummyLog", "The deck is used up: the discards are turned over as a new deck"
        )
    if kind == rummy.WENT_OUT:
        if event.number:
            return COUNTS.out_with_jokers(event.number).replace("%1", who)
        return translate("RummyLog", "%1 has no cards left and goes out").replace("%1", who)
    if kind == rummy.STALLED:
        return translate(
            "RummyLog", "The deck ran out again with nothing laid: the hand ends with no winner"
        )
    if kind == rummy.GAME_OVER:
        points = tuple(getattr(observation, "points", ()))
        if event.seat >= 0 and event.seat < len(points):
            return COUNTS.most_points(points[event.seat]).replace("%1", name_of(event.seat))
        return translate("RummyLog", "The hand is over")
    return None


def describe_rummy_events(
    events: Sequence[Any], name_of: Callable[[int], str], observation: Any = None
) -> list[str]:
    """The events of one joker-rummy action as sentences ("Anna lays out 3♣ 4♣ 5♣",
    "Boris takes 9♦ from the discards")."""
    return [line for event in events if (line := _line(event, name_of, observation))]
