"""Cards, suits and decks: small interned values with a canonical text form."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.errors import ParseError

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # (no mypy here, so no build either: the decorator would mean nothing)

    def mypyc_attr(*_attrs: Any, **_options: Any) -> Any:  # type: ignore[misc]
        """Stands in for mypy_extensions.mypyc_attr."""
        return lambda cls: cls


SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_COLORS: dict[str, str] = {"C": "black", "D": "red", "H": "red", "S": "black"}
RANK_TEXT: dict[int, str] = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A",
}  # fmt: skip
TEXT_RANK: dict[str, int] = {text: rank for rank, text in RANK_TEXT.items()} | {"T": 10}
JOKER_RANK = 15
LOWEST_RANK_OF_DECK: dict[int, int] = {20: 10, 24: 9, 32: 7, 36: 6, 52: 2}
"""Lowest rank of each deck size; 20 cards (ten to ace) is royal fool's only (`Rules`)."""


_BY_TEXT: dict[str, Card] = {}
"""The intern table: every face by its canonical text."""


@mypyc_attr(acyclic=True)
class Card:
    """One face of a playing card; there is exactly one object per face (compare with ==).

    Compiled with the engine's build (engine/accelerate_guard.py) it is a native class whose
    attributes compiled code reads directly, and which the garbage collector does not track
    (it refers to no container), so neither are the tuples of cards and the actions made of
    them once the collector has seen them. Made only here (`_make`), read-only afterwards."""

    __slots__ = ("code", "color", "is_joker", "rank", "suit", "text")

    code: int
    rank: int
    suit: str | None
    text: str
    is_joker: bool
    color: str

    def __init__(
        self,
        text: str = "",
        *,
        rank: int = -1,
        suit: str | None = None,
        color: str = "",
        code: int = 0,
    ) -> None:
        """Only `_make` makes cards (one object per face): `Card("7C")` raises TypeError saying
        to use Card.parse(text), in the pure and in the compiled engine alike."""
        if rank < 0:
            raise TypeError(f"use Card.parse({text!r}): there is one Card object per face")
        # (object.__setattr__ because ours refuses every change; mypyc sets the fields directly)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "is_joker", suit is None)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "code", code)

    @classmethod
    def _make(cls, rank: int, suit: str | None, text: str, color: str, code: int) -> Card:
        return cls(text, rank=rank, suit=suit, color=color, code=code)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Return the card named by text ("7C", "10H", "TH", "AS", "RJ", "BJ")."""
        try:
            return _BY_TEXT[text]
        except (KeyError, TypeError):
            pass
        if not isinstance(text, str):
            raise ParseError(f"a card must be text, not {type(text).__name__}")
        norm = text.strip().upper()
        if norm in _BY_TEXT:
            return _BY_TEXT[norm]
        if len(norm) >= 2 and norm[:-1] in TEXT_RANK and norm[-1] in SUITS:
            return _BY_TEXT[RANK_TEXT[TEXT_RANK[norm[:-1]]] + norm[-1]]
        raise ParseError(f"not a card: {text!r}")

    @property
    def symbol_text(self) -> str:
        """The card with a suit symbol, for people: "7♣", "10♥", "red joker"."""
        if self.suit is None:
            return "red joker" if self.color == "red" else "black joker"
        return RANK_TEXT[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.text,))

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code


# By identity, like ==: compiled, the comparison slots mypyc gives for __lt__ drop the hash.
Card.__hash__ = object.__hash__  # type: ignore[method-assign]


def _build_cards() -> None:
    for suit_index, suit in enumerate(SUITS):
        for rank, rank_text in RANK_TEXT.items():
            text = rank_text + suit
            _BY_TEXT[text] = Card._make(rank, suit, text, SUIT_COLORS[suit], rank * 4 + suit_index)
    _BY_TEXT["RJ"] = Card._make(JOKER_RANK, None, "RJ", "red", JOKER_RANK * 4 + 1)
    _BY_TEXT["BJ"] = Card._make(JOKER_RANK, None, "BJ", "black", JOKER_RANK * 4)


_build_cards()
RED_JOKER = Card.parse("RJ")
BLACK_JOKER = Card.parse("BJ")
ALL_FACES: tuple[Card, ...] = tuple(sorted(_BY_TEXT.values(), key=lambda c: c.code))


def parse_cards(texts: object) -> tuple[Card, ...]:
    """Parse a list of card texts (or one space-separated string)."""
    if isinstance(texts, str):
        texts = texts.split()
    if not isinstance(texts, list | tuple):
        raise ParseError(f"expected a list of cards, got {texts!r}")
    return tuple(Card.parse(t) for t in texts)


@lru_cache(maxsize=64)
def deck_spec(size: int = 36, jokers: int = 0, copies: int = 1) -> tuple[Card, ...]:
    """The physical cards of a deck in canonical order; index i is physical card i."""
    if size not in LOWEST_RANK_OF_DECK:
        raise ParseError(f"no {size}-card deck: choose 20, 24, 32, 36 or 52")
    if jokers not in (0, 2):
        raise ParseError("a deck has 0 or 2 jokers")
    if copies not in (1, 2):
        raise ParseError("play with one deck or two")
    low = LOWEST_RANK_OF_DECK[size]
    one = [Card.parse(RANK_TEXT[r] + s) for s in SUITS for r in range(low, 15)]
    if jokers:
        one += [RED_JOKER, BLACK_JOKER]
    return tuple(one * copies)


def cards_text(cards: object) -> str:
    """Space-separated canonical text of cards."""
    return " ".join(str(c) for c in cards)  # type: ignore[attr-defined]
