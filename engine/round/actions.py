"""Round fool's actions with a canonical text form.

Collecting: "0 draw", "0 hit 7S" (the drawn card beats the table card 7S), "0 place" (lay it on
the table). Play: "0 lead 6C 6S 7H" (cards in canonical order), "1 beat 7H 9H" (7H with 9H),
"1 take". At a LAN table also "0 forfeit" (the seat leaves: it is the fool).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.errors import ParseError

DRAW = "draw"
HIT = "hit"
PLACE = "place"
LEAD = "lead"
BEAT = "beat"
TAKE = "take"
FORFEIT = "forfeit"  # a table seat leaves the game (never listed as legal)
KINDS = (DRAW, HIT, PLACE, LEAD, BEAT, TAKE, FORFEIT)


class RoundAction(NamedTuple):
    """One move of one seat; `cards` in canonical order, `target` the card a beat covers."""

    seat: int
    kind: str
    cards: tuple[Card, ...] = ()
    target: Card | None = None

    def __str__(self) -> str:
        if self.kind == BEAT:
            return f"{self.seat} beat {self.target} {self.cards[0]}"
        if self.cards:
            return f"{self.seat} {self.kind} " + " ".join(c.text for c in self.cards)
        return f"{self.seat} {self.kind}"

    @classmethod
    def parse(cls, text: str) -> RoundAction:
        """Parse the text form (ParseError when it is not one); lead cards in any order."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2 or not parts[0].isdigit():
            raise ParseError(f"not a round action: {text!r}")
        seat, kind, rest = int(parts[0]), parts[1].lower(), parts[2:]
        if kind in (DRAW, PLACE, TAKE, FORFEIT) and not rest:
            return cls(seat, kind)
        if kind == HIT and len(rest) == 1:
            return cls(seat, HIT, (Card.parse(rest[0]),))
        if kind == BEAT and len(rest) == 2:
            return cls(seat, BEAT, (Card.parse(rest[1]),), Card.parse(rest[0]))
        if kind == LEAD and rest:
            cards = sorted(Card.parse(t) for t in rest)
            if len(set(cards)) != len(cards):
                raise ParseError(f"a card named twice: {text!r}")
            return cls(seat, LEAD, tuple(cards))
        raise ParseError(f"not a round action: {text!r}")


def lead(seat: int, texts: str) -> RoundAction:
    """Build a lead from card texts ("6C 6S 7H")."""
    return RoundAction.parse(f"{seat} lead {texts}")
