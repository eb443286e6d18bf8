"""Complete (round) fool's rules as data: the preset of text A and its options."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from engine.cards import LOWEST_RANK_OF_DECK
from engine.errors import ParseError

MIN_SEATS = 2
MAX_SEATS = 6
TEXT_LEAD_SIZES = (1, 3, 5)
"""'You can play with one, three or five cards.' (text A): the only sizes a lead may have."""


@dataclass(frozen=True)
class RoundRules:
    """One preset of round fool; every field is a choice the text leaves open or a deck size."""

    id: str = "round"
    deck: int = 36  # "played with a deck of 36 cards"
    table_cards: int = 8  # "8 cards are laid out on the table; the ninth card is a trump card"
    lead_sizes: tuple[int, ...] = TEXT_LEAD_SIZES  # an option may leave some of them out
    must_hit: bool = True  # a drawn card that can beat a table card must beat one
    take_all: bool = False  # a defender who fails takes the beaten pairs too (Durak's way)
    description: str = "eight cards on the table, draw and beat; then leads of 1, 3 or 5 cards"

    def check_players(self, players: int) -> None:
        """ParseError unless `players` can sit at this game with cards left to draw."""
        if self.deck not in LOWEST_RANK_OF_DECK or self.deck == 20:
            raise ParseError("round fool is played with 24, 32, 36 or 52 cards")
        if not MIN_SEATS <= players <= MAX_SEATS:
            raise ParseError(f"round fool is for {MIN_SEATS} to {MAX_SEATS} players")
        if not 1 <= self.table_cards < self.deck - 1:
            raise ParseError("the table cards must leave a deck to draw from")
        check_lead_sizes(self.lead_sizes)

    def replace(self, **options: Any) -> RoundRules:
        """A copy with options changed (ParseError for an unknown option)."""
        known = {f.name for f in fields(self)} - {"id"}
        unknown = set(options) - known
        if unknown:
            raise ParseError(f"round fool has no option {sorted(unknown)}")
        if "lead_sizes" in options:
            options["lead_sizes"] = tuple(options["lead_sizes"])
            check_lead_sizes(options["lead_sizes"])
        return replace(self, **options)


def check_lead_sizes(sizes: tuple[int, ...]) -> None:
    """ParseError unless `sizes` are some of the text's 1, 3 and 5 (a 7-card lead, "any card
    and three pairs", is not among the text's leads, and the legal leads never list one)."""
    if not sizes or any(type(size) is not int or size < 1 or size % 2 == 0 for size in sizes):
        raise ParseError("a lead is one card and pairs: an odd number of cards")
    beyond = sorted(set(sizes) - set(TEXT_LEAD_SIZES))
    if beyond:
        raise ParseError(
            f"a lead of {beyond[0]} cards is not in the rules: "
            '"You can play with one, three or five cards."'
        )


ROUND_PRESETS: dict[str, RoundRules] = {"round": RoundRules()}


def round_ids() -> list[str]:
    """Every round preset id."""
    return list(ROUND_PRESETS)


def get_round_rules(name: str, **overrides: Any) -> RoundRules:
    """The round preset named `name`, with options overridden (ParseError when unknown)."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in ROUND_PRESETS:
        raise ParseError(f"no round variant named {name!r}")
    rules = ROUND_PRESETS[key]
    return rules.replace(**overrides) if overrides else rules
