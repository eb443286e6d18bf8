"""What one seat of round fool may know: every card that was turned up, counts of the rest."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Event
from engine.cards import Card
from engine.round.actions import RoundAction


@dataclass(frozen=True)
class RoundObservation:
    """One seat's view of a round game; faces the seat may not know are None."""

    seat: int
    players: int
    variant: str
    phase: str  # "collect" (draw), "hit" (choose the table card to beat), "play"
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    hand_sizes: tuple[int, ...]
    trump: str
    trump_card: Card | None  # the ninth card, under the deck until the last draw
    table: tuple[Card, ...]  # the face-up cards of the collecting phase
    drawn: Card | None  # the card just drawn, waiting to beat a table card
    stock_count: int
    attack: tuple[Card, ...]  # the lead being answered
    covers: tuple[Card | None, ...]  # the card beating each attack card, None while unbeaten
    discard_count: int
    attacker: int
    defender: int
    to_act: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    fool: int | None
    legal: tuple[RoundAction, ...]
    last_events: tuple[Event, ...] = ()
    hand_slots: tuple[int, ...] = ()  # deck positions of this seat's hand, in hand order

    def key(self) -> str:
        """Canonical text of the observation (part of an information-state key)."""

        def text(cards: tuple[Card | None, ...]) -> str:
            return ",".join("?" if c is None else c.text for c in cards)

        hands = "|".join(text(h) for h in self.hands)
        return (
            f"seat={self.seat};phase={self.phase};hands={hands};trump={self.trump}:"
            f"{self.trump_card};table={text(self.table)};drawn={self.drawn};"
            f"stock={self.stock_count};attack={text(self.attack)};covers={text(self.covers)};"
            f"discard={self.discard_count};bout={self.attacker}>{self.defender};"
            f"over={self.over}:{self.winners}:{self.fool}"
        )
