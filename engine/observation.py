"""What one seat may know of a game: the only thing a view or a bot's policy should read."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, Event
from engine.cards import Card


@dataclass(frozen=True)
class Observation:
    """One seat's view of the game; unknown faces are None."""

    seat: int
    players: int
    variant: str
    trump_suit: str | None
    trump_card: Card | None
    talon_count: int
    discard_count: int
    hand: tuple[Card | None, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    hand_sizes: tuple[int, ...]
    table: tuple[tuple[Card, Card | None], ...]
    attacker: int | None
    defender: int | None
    to_act: tuple[int, ...]
    passed: tuple[int, ...]
    taking: bool
    out: tuple[int, ...]
    over: bool
    fool: int | None
    legal: tuple[Action, ...]
    last_events: tuple[Event, ...] = ()
    bout: int = 0
    teams: tuple[int, ...] = ()
    # Family 2 (empty / zero in the classic game):
    locked: tuple[int, ...] = ()  # magadan: locked cards of every seat
    face_down: tuple[int, ...] = ()  # believe: table pairs whose cover lies face down
    waiting_check: bool = False  # believe: the lead attacker must accept or check
    trumps: tuple[str | None, ...] = ()  # two-trump: every seat's own trump suit
    scores: tuple[int, ...] = ()  # points (cards beaten) or pogony (straps)
    removed_count: int = 0  # cards out of play (chukotka talon, secret card)
    hand_slots: tuple[int, ...] = ()  # family 2: your hand's deck positions, in hand order
    # albanian: every position's rank is public by the layout (None where it is not public)
    hand_ranks: tuple[tuple[int | None, ...], ...] = ()  # per seat, in hand order
    talon_ranks: tuple[int | None, ...] = ()  # the talon, top first

    @property
    def is_draw(self) -> bool:
        """The game ended with nobody left holding cards."""
        return self.over and self.fool is None

    def key(self) -> str:
        """Canonical text of everything in the observation (an information-state key part)."""

        def faces(cards: tuple[Card | None, ...]) -> str:
            return ",".join("?" if c is None else c.text for c in cards)

        parts = [
            f"seat={self.seat}",
            f"trump={self.trump_suit}:{self.trump_card}",
            f"talon={self.talon_count}",
            f"discard={self.discard_count}",
            "hands=" + "|".join(faces(h) for h in self.hands),
            "table=" + ",".join(f"{a}/{b}" for a, b in self.table),
            f"att={self.attacker}",
            f"def={self.defender}",
            f"passed={self.passed}",
            f"taking={self.taking}",
            f"out={self.out}",
            f"over={self.over}:{self.fool}",
        ]
        if self.hand_ranks or self.talon_ranks:
            parts.append(f"ranks={self.hand_ranks}:{self.talon_ranks}")
        if self.locked or self.face_down or self.trumps or self.scores or self.removed_count:
            parts.append(
                f"f2={self.locked}:{self.face_down}:{self.waiting_check}:{self.trumps}:"
                f"{self.scores}:{self.removed_count}"
            )
        return ";".join(parts)
