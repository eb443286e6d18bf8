"""Round fool in words: the preset's name and one-line description, the events as sentences."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from durak_qt.card_text import card_label
from engine.round import game as round_game

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("RoundLog", ...)` calls)."""


class RoundCounts(QObject):
    """Texts with a number in them, in the forms the language has for it (lupdate reads
    plural forms only from `tr`; never subclassed, so the context stays "RoundCounts")."""

    def deck(self, count: int) -> str:
        """ "Deck: 12 cards"."""
        return self.tr("Deck: %n card(s)", "", count)

    def gone(self, count: int) -> str:
        """ "Beaten off: 12 cards"."""
        return self.tr("Beaten off: %n card(s)", "", count)

    def selected(self, count: int) -> str:
        """ "3 cards chosen"."""
        return self.tr("%n card(s) chosen", "", count)

    def took(self, count: int) -> str:
        """ "%1 takes 3 cards"."""
        return self.tr("%1 takes %n card(s)", "", count)

    def cleared(self, count: int) -> str:
        """ "4 beaten cards leave the game"."""
        return self.tr("%n beaten card(s) leave the game", "", count)

    def swept(self, count: int) -> str:
        """ "%1 draws the last card and takes the 5 cards left on the table"."""
        return self.tr(
            "%1 draws the last card and takes it with %n card(s) from the table", "", count
        )


COUNTS = RoundCounts()

TITLES: dict[str, object] = {
    "round": QT_TRANSLATE_NOOP("Variants", "Complete (round) fool"),
}

DESCRIPTIONS: dict[str, object] = {
    "round": QT_TRANSLATE_NOOP(
        "Variants",
        "Draw and beat the eight cards on the table to collect a hand; then lead 1, 3 or 5 cards.",
    ),
}


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(card_label(card) for card in cards)


def _line(event: Any, name_of: Callable[[int], str], observation: Any) -> str | None:
    """One event as a sentence (None for an event the log does not tell)."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    cards = tuple(event.cards)
    if kind == round_game.DREW:
        return translate("RoundLog", "%1 draws %2").replace("%2", _cards(cards)).replace("%1", who)
    if kind == round_game.HIT_CARD and len(cards) == 2:
        return (
            translate("RoundLog", "%1 beats %3 on the table with %2 and takes both")
            .replace("%2", card_label(cards[0]))
            .replace("%3", card_label(cards[1]))
            .replace("%1", who)
        )
    if kind == round_game.PLACED:
        return (
            translate("RoundLog", "%1 lays %2 on the table")
            .replace("%2", _cards(cards))
            .replace("%1", who)
        )
    if kind == round_game.SWEPT:
        return COUNTS.swept(max(len(cards) - 1, 0)).replace("%1", who)
    if kind == round_game.LED:
        return (
            translate("RoundLog", "%1 leads %2 to %3")
            .replace("%2", _cards(cards))
            .replace("%3", name_of(event.other))
            .replace("%1", who)
        )
    if kind == round_game.BEATEN and len(cards) == 2:
        return (
            translate("RoundLog", "%1 beats %2 with %3")
            .replace("%2", card_label(cards[0]))
            .replace("%3", card_label(cards[1]))
            .replace("%1", who)
        )
    if kind == round_game.TOOK:
        return COUNTS.took(event.number).replace("%1", who)
    if kind == round_game.CLEARED:
        return COUNTS.cleared(event.number)
    if kind == round_game.GAME_OVER:
        return _game_over_line(event, name_of, observation)
    return None


def _game_over_line(event: Any, name_of: Callable[[int], str], observation: Any) -> str:
    winners = tuple(getattr(observation, "winners", ()))
    parts: list[str] = []
    if winners:
        names = ", ".join(name_of(seat) for seat in winners)
        parts.append(translate("RoundLog", "No cards left: %1 wins").replace("%1", names))
    if event.seat >= 0:
        parts.append(
            translate("RoundLog", "%1 holds the most cards: the fool").replace(
                "%1", name_of(event.seat)
            )
        )
    else:
        parts.append(translate("RoundLog", "Nobody is the fool"))
    return "; ".join(parts)


def describe_round_events(
    events: Sequence[Any], name_of: Callable[[int], str], observation: Any = None
) -> list[str]:
    """The events of one round action as sentences ("Anna draws 9♥", "Boris leads 6♣ 6♠ 7♥
    to Anna")."""
    return [line for event in events if (line := _line(event, name_of, observation))]
