"""Joker rummy's actions with a canonical text form.

"0 draw" (top of the deck), "0 take" (top of the stock), "0 run 3C 4C RJ" (a run, low to high),
"0 set QS QH RJ" (a set), "0 add 2 5C high" (a card to combination 2: a run's low or high end;
no end for a set), "0 swap 2 5C" (give 5C to combination 2 and take back the joker standing for
it), "0 discard 9D" (end the turn; "0 discard BJ RJ": finish with several jokers at once).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.errors import ParseError

DRAW = "draw"
TAKE = "take"
RUN = "run"
SET = "set"
ADD = "add"
SWAP = "swap"
DISCARD = "discard"
KINDS = (DRAW, TAKE, RUN, SET, ADD, SWAP, DISCARD)
FORFEIT = "forfeit"  # a LAN table seat leaves: never among the legal moves, always accepted
LOW = "low"
HIGH = "high"


class RummyAction(NamedTuple):
    """One move of one seat; `meld` indexes the combinations on the table (0 = laid first)."""

    seat: int
    kind: str
    cards: tuple[Card, ...] = ()
    meld: int = -1
    end: str = ""

    def __str__(self) -> str:
        cards = " ".join(c.text for c in self.cards)
        if self.kind in (DRAW, TAKE, FORFEIT):
            return f"{self.seat} {self.kind}"
        if self.kind in (ADD, SWAP):
            tail = f" {self.end}" if self.end else ""
            return f"{self.seat} {self.kind} {self.meld} {cards}{tail}"
        return f"{self.seat} {self.kind} {cards}"

    @classmethod
    def parse(cls, text: str) -> RummyAction:
        """Parse the canonical text form (ParseError when it is not one)."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2 or not parts[0].isdigit():
            raise ParseError(f"not a joker-rummy action: {text!r}")
        seat, kind, rest = int(parts[0]), parts[1].lower(), parts[2:]
        if kind in (DRAW, TAKE, FORFEIT) and not rest:
            return cls(seat, kind)
        if kind in (RUN, SET, DISCARD) and rest:
            return cls(seat, kind, tuple(Card.parse(t) for t in rest))
        if kind == ADD and len(rest) in (2, 3) and rest[0].isdigit():
            end = rest[2].lower() if len(rest) == 3 else ""
            if end in ("", LOW, HIGH):
                return cls(seat, ADD, (Card.parse(rest[1]),), int(rest[0]), end)
        if kind == SWAP and len(rest) == 2 and rest[0].isdigit():
            return cls(seat, SWAP, (Card.parse(rest[1]),), int(rest[0]))
        raise ParseError(f"not a joker-rummy action: {text!r}")
