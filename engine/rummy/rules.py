"""Joker rummy's rules as data: the game of text C ("Distribution." onwards) and its options."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards import BLACK_JOKER, RED_JOKER, Card, deck_spec
from engine.errors import ParseError

MIN_SEATS = 2
SEATS_BY_DECKS = {2: 7, 3: 11}
"""The most players each deck allows: two decks up to 7; "If there are 8-10 players, you can add
another deck ... you can play with 11 players"."""


@dataclass(frozen=True)
class RummyRules:
    """One preset of joker rummy; every field is a rule or option of text C."""

    id: str
    decks: int = 2  # 2: 104 cards and 2 jokers (106); 3: 156 cards and 3 jokers (159)
    hand_size: int = 14  # the first player gets one card more
    open_points: int = 51  # the first laying of a player must reach this many points
    quiet_first_round: bool = True  # nothing is laid out until every player has moved once
    low_ace_opening: int = 0  # points an ace below the deuce adds to the first laying
    joker_points: int = 10  # a joker left in hand ("sometimes - 20-25 points")
    lone_joker_points: int = 50  # a joker that is the only card left in hand
    out_points: int = -50  # the player who got rid of all his cards
    joker_out_points: tuple[int, ...] = (-100, -200, -400)  # finishing with 1, 2, 3 jokers
    set_aside_complete: bool = False  # a complete set or run leaves the table: no joker back
    refill_shuffle: bool = False  # the turned-over stock is shuffled (the text only turns it)
    match_limit: int | None = None  # a match ends when a player reaches this many points
    description: str = field(default="", compare=False)

    def check_players(self, players: int) -> None:
        """ParseError unless `players` can sit at this game."""
        if self.decks not in SEATS_BY_DECKS:
            raise ParseError("joker rummy is played with 2 decks (or 3 for 8 to 11 players)")
        most = SEATS_BY_DECKS[self.decks]
        if not MIN_SEATS <= players <= most:
            raise ParseError(f"joker rummy with {self.decks} decks is for {MIN_SEATS} to {most}")
        if self.hand_size < 1 or players * self.hand_size + 1 >= len(self.deck()):
            raise ParseError(f"{players} hands of {self.hand_size} leave no deck")

    def lays_in_round(self, round_number: int, players: int) -> bool:
        """Whether combinations may be laid out after `round_number` finished turns ("Actions
        cannot be performed during the first round")."""
        return not self.quiet_first_round or round_number >= players

    def deck(self) -> tuple[Card, ...]:
        """The physical cards: `decks` packs of 52 and one joker per pack beyond the first."""
        jokers = (RED_JOKER, BLACK_JOKER, RED_JOKER)[: self.decks]
        return deck_spec(52) * self.decks + jokers

    def replace(self, **options: Any) -> RummyRules:
        """A copy with options changed."""
        return replace(self, **options)


RUMMY_PRESETS: dict[str, RummyRules] = {
    "joker-rummy": RummyRules(
        id="joker-rummy",
        description="Joker: draw and discard, lay runs and sets (51 the first time), jokers",
    )
}


def rummy_ids() -> list[str]:
    """Every joker-rummy preset id."""
    return list(RUMMY_PRESETS)


def get_rummy_rules(name: str, **overrides: Any) -> RummyRules:
    """The preset named `name` with options overridden (ParseError when unknown)."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in RUMMY_PRESETS:
        raise ParseError(f"no joker-rummy variant named {name!r}")
    rules = RUMMY_PRESETS[key]
    if overrides:
        unknown = set(overrides) - set(RummyRules.__dataclass_fields__) - {"id"}
        if unknown:
            raise ParseError(f"unknown joker-rummy options {sorted(unknown)}")
        if "joker_out_points" in overrides:
            overrides["joker_out_points"] = tuple(overrides["joker_out_points"])
        rules = rules.replace(**overrides)
    return rules
