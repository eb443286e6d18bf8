"""What one seat of cross fool may know: every card laid out open, the deck only as a count."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Event
from engine.cards import Card
from engine.cross.actions import CrossAction


@dataclass(frozen=True)
class CrossObservation:
    """One seat's view of a cross game; faces the seat may not know are None."""

    seat: int
    players: int
    variant: str
    phase: str  # "build" (piles laid out from the deck) or "play" (the chains of beats)
    hand: tuple[Card, ...]  # this seat's pile (building, bottom first) or hand (play)
    hands: tuple[tuple[Card | None, ...], ...]  # every seat's pile or hand as this seat sees it
    line: tuple[Card, ...]  # the stake, bottom first (building only)
    deck_count: int
    table: tuple[Card, ...]  # the chain, bottom first
    table_seats: tuple[int, ...]  # who played each card of the chain
    covers: int  # beats in this chain so far
    trick_size: int  # players in the chain when it was led: it ends after trick_size - 1 beats
    discard_count: int
    turn: int
    to_act: tuple[int, ...]
    out: tuple[int, ...]  # seats that left the game, in order
    over: bool
    fool: int | None
    legal: tuple[CrossAction, ...]
    last_events: tuple[Event, ...] = ()

    def key(self) -> str:
        """Canonical text of the observation (part of an information-state key)."""

        def cards(row: tuple[Card | None, ...]) -> str:
            return ",".join("?" if c is None else c.text for c in row)

        return (
            f"seat={self.seat};phase={self.phase};hands={'|'.join(cards(h) for h in self.hands)};"
            f"line={cards(self.line)};deck={self.deck_count};table={cards(self.table)};"
            f"by={self.table_seats};covers={self.covers}/{self.trick_size};"
            f"discard={self.discard_count};turn={self.turn};out={self.out};"
            f"over={self.over}:{self.fool}"
        )
