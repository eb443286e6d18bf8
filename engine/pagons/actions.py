"""Pagons actions with a canonical text form: "0 attack 7H" (or "0 attack 7C 7H", several cards of
one rank, written in deck order), "1 beat 7H 9H", "2 throw 7S",
"1 take", "0 pass", "0 hang", "0 transfer" (and "2 forfeit", a LAN table seat leaving)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.cards import Card
from engine.errors import ParseError

ATTACK = "attack"  # lead a bout with one card, or several of one rank
THROW = "throw"  # add a card of a rank on the table
BEAT = "beat"  # cover `target` with `card`
TAKE = "take"
PASS = "pass"
HANG = "hang"  # hang the whole hand (pagons) on the defender: the game ends
TRANSFER = "transfer"  # team game: hand the pagons to the next player of the team
FORFEIT = "forfeit"  # a LAN table seat leaves: it is the fool (never listed as legal)
ONE_CARD = (ATTACK, THROW)
MAX_LEAD = 4  # the cards of one rank in a 36-card deck
BARE = (TAKE, PASS, HANG, TRANSFER, FORFEIT)


class PagonsAction(NamedTuple):
    """One move of one seat."""

    seat: int
    kind: str
    card: Card | None = None
    target: Card | None = None
    also: tuple[Card, ...] = ()  # an attack's further cards, after `card`, in deck order

    @classmethod
    def lead(cls, seat: int, cards: Sequence[Card]) -> PagonsAction:
        """An attack with `cards` (one, or several of one rank) in its canonical order."""
        ordered = sorted(cards)
        if not ordered:
            raise ParseError("an attack needs a card")
        return cls(seat, ATTACK, ordered[0], None, tuple(ordered[1:]))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move puts on the table (an attack's all, a beat's or throw's one)."""
        return () if self.card is None else (self.card, *self.also)

    def __str__(self) -> str:
        if self.kind == BEAT:
            return f"{self.seat} beat {self.target} {self.card}"
        if self.card is not None:
            return " ".join([str(self.seat), self.kind, *(c.text for c in self.cards)])
        return f"{self.seat} {self.kind}"

    @classmethod
    def parse(cls, text: str) -> PagonsAction:
        """Parse the canonical text form (ParseError when it is not one)."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2 or not parts[0].isdigit():
            raise ParseError(f"not a pagons action: {text!r}")
        seat, kind, rest = int(parts[0]), parts[1].lower(), parts[2:]
        if kind == BEAT and len(rest) == 2:
            return cls(seat, BEAT, Card.parse(rest[1]), Card.parse(rest[0]))
        if kind == ATTACK and 1 <= len(rest) <= MAX_LEAD:
            cards = [Card.parse(t) for t in rest]
            if len(set(cards)) != len(cards):
                raise ParseError(f"a card is named twice: {text!r}")
            return cls.lead(seat, cards)
        if kind in ONE_CARD and len(rest) == 1:
            return cls(seat, kind, Card.parse(rest[0]))
        if kind in BARE and not rest:
            return cls(seat, kind)
        raise ParseError(f"not a pagons action: {text!r}")
