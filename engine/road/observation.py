"""What one seat of road fool may know: its own hand, the open cards, counts."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Event
from engine.cards import Card
from engine.road.actions import RoadAction


@dataclass(frozen=True)
class RoadObservation:
    """One seat's view of a road game; faces the seat may not know are None."""

    seat: int
    players: int
    variant: str
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    hand_sizes: tuple[int, ...]
    trump: str
    trump_card: Card  # the dealer's last card, shown to all (it stays in his hand)
    pile: tuple[Card, ...]  # the bout's cards, bottom first; the last one is to be beaten
    discard_count: int
    attacker: int
    defender: int
    to_act: tuple[int, ...]
    out: tuple[int, ...]  # seats that emptied their hands, in order
    over: bool
    winner: int | None
    fool: int | None
    legal: tuple[RoadAction, ...]
    last_events: tuple[Event, ...] = ()
    hand_slots: tuple[int, ...] = ()  # deck positions of this seat's hand, in hand order
    asking: int | None = None  # table, first game: the seat asked for the lowest trump

    def key(self) -> str:
        """Canonical text of the observation (part of an information-state key)."""
        hands = "|".join(",".join("?" if c is None else c.text for c in h) for h in self.hands)
        pile = ",".join(c.text for c in self.pile)
        return (
            f"seat={self.seat};hands={hands};trump={self.trump_card};pile={pile};"
            f"discard={self.discard_count};bout={self.attacker}>{self.defender};"
            f"out={self.out};over={self.over}:{self.winner}:{self.fool}"
        )
