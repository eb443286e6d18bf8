"""Cross fool's rules as data: the text's game as one preset, its unclear sentences as options."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards import LOWEST_RANK_OF_DECK
from engine.errors import ParseError

MIN_SEATS = 2
MAX_SEATS = 6
TRUMP = "D"  # "Diamonds are always considered trump cards"
OWN_SUIT_ONLY = ("C", "D")  # "clubs can only be hit with clubs", "a diamond only with a diamond"


@dataclass(frozen=True)
class CrossRules:
    """One preset of cross fool; every field is a reading of text A (docs/rules.md)."""

    id: str
    deck: int = 36  # "a deck of either 36 cards or a full deck of 52 cards"
    keep_last_drawn: bool = True  # "The last card cannot be given away": the deck's last card
    keep_pile_bottom: bool = False  # the other reading: a pile's last card stays with its owner
    forced_beat: bool = True  # "must close": take the bottom card only with nothing to beat
    description: str = field(default="", compare=False)

    def check_players(self, players: int) -> None:
        """ParseError unless `players` can sit at this game ("from 2 to 6 people")."""
        if self.deck not in (36, 52):
            raise ParseError("cross fool is played with 36 or 52 cards")
        if not MIN_SEATS <= players <= MAX_SEATS:
            raise ParseError(f"cross fool is for {MIN_SEATS} to {MAX_SEATS} players")

    @property
    def lowest_rank(self) -> int:
        """The lowest rank of the deck (6 or 2): it lies on the ace and leads as a diamond."""
        return LOWEST_RANK_OF_DECK[self.deck]

    def replace(self, **options: Any) -> CrossRules:
        """A copy with options changed."""
        return replace(self, **options)


CROSS_PRESETS: dict[str, CrossRules] = {
    "cross": CrossRules(
        id="cross", description="Cross fool: build open piles, then beat in a chain; diamonds trump"
    ),
}


def cross_ids() -> list[str]:
    """Every cross preset id."""
    return list(CROSS_PRESETS)


def get_cross_rules(name: str, **overrides: Any) -> CrossRules:
    """The cross preset named `name`, with options overridden (ParseError when unknown)."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in CROSS_PRESETS:
        raise ParseError(f"no cross variant named {name!r}")
    rules = CROSS_PRESETS[key]
    return rules.replace(**overrides) if overrides else rules
