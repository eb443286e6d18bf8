"""Actions and events: immutable values with a canonical text form that parses back."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.errors import ParseError

ATTACK = "attack"
THROW = "throw"
BEAT = "beat"
TRANSFER = "transfer"
SHOW_TRUMP = "show_trump"
TAKE = "take"
PASS = "pass"
FORFEIT = "forfeit"

CARD_KINDS = (ATTACK, THROW, TRANSFER, SHOW_TRUMP)
BARE_KINDS = (TAKE, PASS, FORFEIT)
KINDS = (*CARD_KINDS, BEAT, *BARE_KINDS)


class Action(NamedTuple):
    """One move by one seat: "0 attack 7C 7D", "1 beat 7C 8C", "1 take", "0 pass"."""

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

    @property
    def card(self) -> Card:
        """The single card of a beat, transfer or show_trump."""
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text form."""
        parts = text.split()
        if len(parts) < 2:
            raise ParseError(f"not an action: {text!r}")
        try:
            seat = int(parts[0])
        except ValueError:
            raise ParseError(f"an action starts with a seat number: {text!r}") from None
        if seat < 0:
            raise ParseError(f"negative seat in {text!r}")
        kind, rest = parts[1], parts[2:]
        if kind == BEAT:
            if len(rest) != 2:
                raise ParseError(f"beat needs a target and a card: {text!r}")
            return cls(seat, BEAT, (Card.parse(rest[1]),), Card.parse(rest[0]))
        if kind in CARD_KINDS:
            if not rest:
                raise ParseError(f"{kind} needs cards: {text!r}")
            if kind in (TRANSFER, SHOW_TRUMP) and len(rest) != 1:
                raise ParseError(f"{kind} takes one card: {text!r}")
            return cls(seat, kind, tuple(Card.parse(c) for c in rest))
        if kind in BARE_KINDS:
            if rest:
                raise ParseError(f"{kind} takes no cards: {text!r}")
            return cls(seat, kind)
        raise ParseError(f"unknown action {kind!r} in {text!r}")


def attack(seat: int, *cards: str | Card) -> Action:
    """Build an attack from card texts (a convenience for tests and tools)."""
    return Action(seat, ATTACK, tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards))


class Event(NamedTuple):
    """Something that happened, for logs and animations (kind, seat, cards, other seat)."""

    kind: str
    seat: int = -1
    cards: tuple[Card, ...] = ()
    other: int = -1
    number: int = 0

    def __str__(self) -> str:
        text = f"{self.kind} seat={self.seat}"
        if self.cards:
            text += " " + " ".join(c.text for c in self.cards)
        if self.other >= 0:
            text += f" other={self.other}"
        if self.number:
            text += f" number={self.number}"
        return text


# Event kinds.
FORFEITED = "forfeited"
ATTACKED = "attacked"
THROWN = "thrown"
BEATEN = "beaten"
TRANSFERRED = "transferred"
TRUMP_SHOWN = "trump_shown"
TAKING = "taking"
PASSED = "passed"
TOOK = "took"
DISCARDED = "discarded"
DREW = "drew"
OUT = "out"
GAME_OVER = "game_over"
BOUT_STARTED = "bout_started"
