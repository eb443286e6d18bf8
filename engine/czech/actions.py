"""Czech fool's actions with a canonical text form: "0 play 7H", "0 draw", "0 order S", "0 pass"."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import SUITS, Card
from engine.errors import ParseError

PLAY = "play"
DRAW = "draw"
ORDER = "order"
PASS = "pass"
FORFEIT = "forfeit"  # a LAN table seat leaves: never among the legal moves, always accepted
KINDS = (PLAY, DRAW, ORDER, PASS)


class CzechAction(NamedTuple):
    """One move of one seat: play a card, draw one card, order a suit, or pass the turn."""

    seat: int
    kind: str
    card: Card | None = None
    suit: str | None = None

    def __str__(self) -> str:
        if self.kind == PLAY:
            return f"{self.seat} play {self.card}"
        if self.kind == ORDER:
            return f"{self.seat} order {self.suit}"
        return f"{self.seat} {self.kind}"

    @classmethod
    def parse(cls, text: str) -> CzechAction:
        """Parse the canonical text form (ParseError when it is not one)."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2 or not parts[0].isdigit():
            raise ParseError(f"not a czech action: {text!r}")
        seat, kind, rest = int(parts[0]), parts[1].lower(), parts[2:]
        if kind == PLAY and len(rest) == 1:
            return cls(seat, PLAY, Card.parse(rest[0]))
        if kind == ORDER and len(rest) == 1 and rest[0].upper() in SUITS:
            return cls(seat, ORDER, suit=rest[0].upper())
        if kind in (DRAW, PASS, FORFEIT) and not rest:
            return cls(seat, kind)
        raise ParseError(f"not a czech action: {text!r}")


def play(seat: int, card: str) -> CzechAction:
    """Build a play action from a card text."""
    return CzechAction(seat, PLAY, Card.parse(card))
