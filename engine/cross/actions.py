"""Cross fool's actions with a canonical text form: "0 draw", "0 lead 7H", "1 beat 9H", "1 take"
(and "2 forfeit", a LAN table seat leaving)."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.errors import ParseError

DRAW = "draw"  # building: give away what fits, then take the deck's top card
LEAD = "lead"  # play: start a chain with one card
BEAT = "beat"  # play: cover the top card of the chain
TAKE = "take"  # play: take the chain's bottom card, pass the rest on
FORFEIT = "forfeit"  # a LAN table seat leaves: it is the fool (never listed as legal)
CARD_KINDS = (LEAD, BEAT)
BARE_KINDS = (DRAW, TAKE, FORFEIT)


class CrossAction(NamedTuple):
    """One move of one seat."""

    seat: int
    kind: str
    card: Card | None = None

    def __str__(self) -> str:
        if self.card is not None:
            return f"{self.seat} {self.kind} {self.card}"
        return f"{self.seat} {self.kind}"

    @classmethod
    def parse(cls, text: str) -> CrossAction:
        """Parse the canonical text form (ParseError when it is not one)."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2 or not parts[0].isdigit():
            raise ParseError(f"not a cross action: {text!r}")
        seat, kind, rest = int(parts[0]), parts[1].lower(), parts[2:]
        if kind in CARD_KINDS and len(rest) == 1:
            return cls(seat, kind, Card.parse(rest[0]))
        if kind in BARE_KINDS and not rest:
            return cls(seat, kind)
        raise ParseError(f"not a cross action: {text!r}")
