"""Durak with pagons in words: the preset's name and one-line description, the events as
sentences, and the ranks of the pagons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from durak_qt.card_text import card_label
from engine.pagons import game as pagons

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("PagonsLog", ...)` calls)."""

RANK_SIGNS = {6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
"""The rank of a pagon as the cards print it."""


class PagonsCounts(QObject):
    """Texts with a number in them, in the forms the language has for it (lupdate reads
    plural forms only from `tr`; never subclassed, so the context stays "PagonsCounts")."""

    def talon(self, count: int) -> str:
        """ "Talon: 12 cards"."""
        return self.tr("Talon: %n card(s)", "", count)

    def gone(self, count: int) -> str:
        """ "Beaten off: 12 cards"."""
        return self.tr("Beaten off: %n card(s)", "", count)

    def took(self, count: int) -> str:
        """ "%1 takes 3 cards"."""
        return self.tr("%1 takes %n card(s)", "", count)

    def drew(self, count: int) -> str:
        """ "%1 draws 2 cards"."""
        return self.tr("%1 draws %n card(s)", "", count)

    def discarded(self, count: int) -> str:
        """ "%1 beat off the bout: 4 cards leave the game"."""
        return self.tr("%1 beat off the bout: %n card(s) leave the game", "", count)

    def handed(self, count: int) -> str:
        """ "%1 hands 2 pagons to %2"."""
        return self.tr("%1 hands %n pagon(s) to %2", "", count)


COUNTS = PagonsCounts()

TITLES: dict[str, object] = {
    "pagons": QT_TRANSLATE_NOOP("Variants", "Durak with pagons"),
}

DESCRIPTIONS: dict[str, object] = {
    "pagons": QT_TRANSLATE_NOOP(
        "Variants",
        "Throw-in fool, alone or in teams, that ends by hanging your pagons: sixes first, "
        "the queen last.",
    ),
}


def pagon_sign(level: int, queen_suit: str = "S") -> str:
    """The pagon of a level as printed: "8", "Q♠"."""
    from durak_qt.card_text import SUIT_SYMBOLS

    sign = RANK_SIGNS.get(level, str(level))
    return sign + SUIT_SYMBOLS[queen_suit] if level == 12 else sign


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(card_label(card) for card in cards)


def _line(event: Any, name_of: Callable[[int], str]) -> str | None:
    """One event as a sentence (None for an event the log does not tell)."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    cards = tuple(event.cards)
    card = card_label(cards[0]) if cards else ""
    if kind == pagons.TRUMP_SHOWN:
        return translate("PagonsLog", "The trump card is %1").replace("%1", card)
    if kind == pagons.PLAYED:
        if event.number == 1:
            return (
                translate("PagonsLog", "%1 attacks %3 with %2")
                .replace("%2", card)
                .replace("%3", name_of(event.other))
                .replace("%1", who)
            )
        return translate("PagonsLog", "%1 throws in %2").replace("%2", card).replace("%1", who)
    if kind == pagons.BEATEN and len(cards) == 2:
        return (
            translate("PagonsLog", "%1 beats %2 with %3")
            .replace("%2", card_label(cards[0]))
            .replace("%3", card_label(cards[1]))
            .replace("%1", who)
        )
    if kind == pagons.TOOK:
        return COUNTS.took(event.number).replace("%1", who)
    if kind == pagons.DISCARDED:
        return COUNTS.discarded(event.number).replace("%1", who)
    if kind == pagons.DREW:
        return COUNTS.drew(event.number).replace("%1", who) if event.number else None
    if kind == pagons.OUT:
        return translate("PagonsLog", "%1 has no cards left").replace("%1", who)
    if kind == pagons.HUNG:
        return (
            translate("PagonsLog", "%1 hangs the pagons %2 on %3")
            .replace("%2", _cards(cards))
            .replace("%3", name_of(event.other))
            .replace("%1", who)
        )
    if kind == pagons.HANDED:
        return COUNTS.handed(event.number).replace("%2", name_of(event.other)).replace("%1", who)
    if kind == pagons.REPEATED:
        return translate(
            "PagonsLog", "The same position came back three times: the deal ends with no fool"
        )
    if kind == pagons.GAME_OVER:
        if event.seat < 0:
            return translate("PagonsLog", "Nobody is the fool")
        return translate("PagonsLog", "%1 is the fool").replace("%1", who)
    return None


def describe_pagons_events(
    events: Sequence[Any], name_of: Callable[[int], str], observation: Any = None
) -> list[str]:
    """The events of one pagons action as sentences ("Anna attacks Boris with 7♥", "Vera
    hangs the pagons 8♣ 8♥ on Boris")."""
    return [line for event in events if (line := _line(event, name_of))]
