"""Road fool's actions with a canonical text form: "0 lead 7H", "1 beat 8H", "1 take", "0 clear";
at a LAN table also "2 show 6H", "1 pass" (who holds the lowest trump) and "0 forfeit"."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.errors import ParseError

LEAD = "lead"  # the attacker's one card
BEAT = "beat"  # cover the top card of the pile (defender, or attacker answering a beat)
TAKE = "take"  # the defender takes every card of the pile
CLEAR = "clear"  # the attacker agrees the bout is beaten off
SHOW = "show"  # a table's first game: the asked seat shows the lowest trump (it stays in hand)
PASS = "pass"  # a table's first game: the asked seat does not hold the lowest trump
FORFEIT = "forfeit"  # a table seat leaves: it is the fool (never listed as legal)
KINDS = (LEAD, BEAT, TAKE, CLEAR, SHOW, PASS, FORFEIT)


class RoadAction(NamedTuple):
    """One move of one seat: lead or beat with a card, take the pile, or clear it."""

    seat: int
    kind: str
    card: Card | None = None

    def __str__(self) -> str:
        if self.card is not None:
            return f"{self.seat} {self.kind} {self.card}"
        return f"{self.seat} {self.kind}"

    @classmethod
    def parse(cls, text: str) -> RoadAction:
        """Parse the canonical text form (ParseError when it is not one)."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2 or not parts[0].isdigit():
            raise ParseError(f"not a road action: {text!r}")
        seat, kind, rest = int(parts[0]), parts[1].lower(), parts[2:]
        if kind in (LEAD, BEAT, SHOW) and len(rest) == 1:
            return cls(seat, kind, Card.parse(rest[0]))
        if kind in (TAKE, CLEAR, PASS, FORFEIT) and not rest:
            return cls(seat, kind)
        raise ParseError(f"not a road action: {text!r}")
