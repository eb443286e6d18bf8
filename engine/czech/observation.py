"""What one seat of czech fool may know: its own hand, the face-up top card, counts."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Event
from engine.cards import Card
from engine.czech.actions import CzechAction


@dataclass(frozen=True)
class CzechObservation:
    """One seat's view of a czech game; faces the seat may not know are None."""

    seat: int
    players: int
    variant: str
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    hand_sizes: tuple[int, ...]
    top: Card | None  # the face-up card on the discard pile
    ordered: str | None  # the suit a wild card ordered, until a card is played on it
    phase: str  # "play", "order" (name a suit) or "follow" (the same seat plays on)
    stock_count: int
    discard_count: int
    turn: int
    to_act: tuple[int, ...]
    over: bool
    winner: int | None
    fool: int | None
    points: tuple[int, ...]  # penalty points of this game (set when it is over)
    legal: tuple[CzechAction, ...]
    last_events: tuple[Event, ...] = ()
    hand_slots: tuple[int, ...] = ()  # deck positions of this seat's hand, in hand order

    def key(self) -> str:
        """Canonical text of the observation (part of an information-state key)."""
        hands = "|".join(",".join("?" if c is None else c.text for c in h) for h in self.hands)
        return (
            f"seat={self.seat};hands={hands};top={self.top};ordered={self.ordered};"
            f"phase={self.phase};stock={self.stock_count};discard={self.discard_count};"
            f"turn={self.turn};over={self.over}:{self.winner}:{self.fool}"
        )
