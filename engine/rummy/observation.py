"""What one seat of joker rummy may know: its hand, the table, the stock, counts."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Event
from engine.cards import Card
from engine.rummy.actions import RummyAction
from engine.rummy.rules import RummyRules


@dataclass(frozen=True)
class TableMeld:
    """A combination on the table as everyone sees it (`low`: a run's first position)."""

    owner: int
    kind: str
    cards: tuple[Card, ...]
    low: int

    def text(self) -> str:
        """Canonical text: "0:run:3C,4C,RJ"."""
        return f"{self.owner}:{self.kind}:" + ",".join(c.text for c in self.cards)


@dataclass(frozen=True)
class RummyObservation:
    """One seat's view of a joker-rummy game; faces the seat may not know are None."""

    seat: int
    players: int
    variant: str
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    hand_sizes: tuple[int, ...]
    deck: tuple[Card | None, ...]  # top last; known faces (a turned-over stock) shown
    stock: tuple[Card, ...]  # the open discard pile, top last
    melds: tuple[TableMeld, ...]
    opened: tuple[bool, ...]  # who has made his first laying
    laid_this_turn: int  # points laid by the player to move this turn
    reclaimed: tuple[Card, ...]  # jokers taken back this turn that must still be placed
    phase: str  # "draw" (take a card) or "play" (lay, add, swap, discard)
    round_number: int  # turns finished so far
    turn: int
    to_act: tuple[int, ...]
    over: bool
    winner: int | None
    fool: int | None
    points: tuple[int, ...]
    legal: tuple[RummyAction, ...]
    last_events: tuple[Event, ...] = ()
    hand_slots: tuple[int, ...] = ()
    rules: RummyRules | None = None  # the table's rules (None: the preset of `variant`)

    def key(self) -> str:
        """Canonical text of the observation (part of an information-state key)."""

        def cards(seq: tuple[Card | None, ...]) -> str:
            return ",".join("?" if c is None else c.text for c in seq)

        return (
            f"seat={self.seat};hands={'|'.join(cards(h) for h in self.hands)};"
            f"deck={cards(self.deck)};stock={cards(self.stock)};"
            f"melds={'|'.join(m.text() for m in self.melds)};opened={self.opened};"
            f"laid={self.laid_this_turn};reclaimed={cards(self.reclaimed)};phase={self.phase};"
            f"round={self.round_number};turn={self.turn};over={self.over}:{self.winner}"
        )
