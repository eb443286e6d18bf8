"""What one seat of durak with pagons may know: its hand, the table, what was shown to it."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Event
from engine.cards import Card
from engine.pagons.actions import PagonsAction


@dataclass(frozen=True)
class PagonsObservation:
    """One seat's view of a pagons deal; faces the seat may not know are None."""

    seat: int
    players: int
    variant: str
    trump: str
    trump_card: Card | None  # the card under the talon (None in a scenario with no talon)
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    talon_count: int
    table: tuple[tuple[Card, Card | None, int], ...]  # (attack card, cover or None, who laid it)
    discard_count: int
    phase: str  # "lead", "defend", "throw" or "taking"
    attacker: int
    defender: int
    turn: int  # -1 when the deal is over
    to_act: tuple[int, ...]
    teams: tuple[int, ...]  # the team of each seat (each seat its own when nobody plays in teams)
    levels: tuple[int, ...]  # the pagon rank each team hangs in this deal
    out: tuple[int, ...]
    over: bool
    fool: int | None
    hanger: int | None
    hung: tuple[Card, ...]
    legal: tuple[PagonsAction, ...]
    last_events: tuple[Event, ...] = ()

    def key(self) -> str:
        """Canonical text of the observation (part of an information-state key)."""

        def cards(row: tuple[Card | None, ...]) -> str:
            return ",".join("?" if c is None else c.text for c in row)

        table = "/".join(f"{a}:{b}@{by}" for a, b, by in self.table)
        return (
            f"seat={self.seat};trump={self.trump_card}:{self.trump};"
            f"hands={'|'.join(cards(h) for h in self.hands)};talon={self.talon_count};"
            f"table={table};discard={self.discard_count};phase={self.phase};"
            f"bout={self.attacker}>{self.defender};turn={self.turn};levels={self.levels};"
            f"out={self.out};over={self.over}:{self.fool}:{self.hanger}:{cards(self.hung)}"
        )
