"""Cards and hands in words for people: "7♣", "10♥", "red joker", hand sorting for display."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_LETTERS = {11: "J", 12: "Q", 13: "K", 14: "A"}
SUIT_ORDER = ("S", "C", "D", "H")  # alternate colours in the hand


def card_label(card: Any) -> str:
    """A card as people write it: "7♣", "10♥", "A♠"; jokers by name (translated)."""
    if card is None:
        return QCoreApplication.translate("Cards", "a hidden card")
    if card.suit is None:
        if card.color == "red":
            return QCoreApplication.translate("Cards", "red joker")
        return QCoreApplication.translate("Cards", "black joker")
    return RANK_LETTERS.get(card.rank, str(card.rank)) + SUIT_SYMBOLS[card.suit]


def cards_label(cards: Sequence[Any]) -> str:
    """Several cards: "7♣ 7♦"."""
    return " ".join(card_label(card) for card in cards)


def suit_name(suit: str | None) -> str:
    """The name of a suit in the interface language, with its symbol."""
    names = {
        "C": QCoreApplication.translate("Cards", "clubs"),
        "D": QCoreApplication.translate("Cards", "diamonds"),
        "H": QCoreApplication.translate("Cards", "hearts"),
        "S": QCoreApplication.translate("Cards", "spades"),
    }
    if suit is None:
        return QCoreApplication.translate("Cards", "no trump")
    return f"{SUIT_SYMBOLS[suit]} {names[suit]}"


def display_order(hand: Sequence[Any], trump_suit: str | None, order: str) -> list[int]:
    """Indices of `hand` in display order: by suit or by rank, trumps then jokers last.

    Unknown faces (None) go first. `order` is "suit" or "rank".
    """
    if order not in ("suit", "rank"):
        raise ValueError(f"sort order must be 'suit' or 'rank', not {order!r}")

    def key(index: int) -> tuple[int, int, int, int]:
        card = hand[index]
        if card is None:
            return (0, 0, 0, index)
        if card.suit is None:
            return (3, card.rank, 0 if card.color == "black" else 1, index)
        group = 2 if card.suit == trump_suit else 1
        suit_rank = SUIT_ORDER.index(card.suit)
        if order == "suit":
            return (group, suit_rank, card.rank, index)
        return (group, card.rank, suit_rank, index)

    return sorted(range(len(hand)), key=key)
