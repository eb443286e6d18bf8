"""Durak with pagons: rules as data, one preset, the text's two kinds of game as an option."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import ParseError

MIN_SEATS = 2
MAX_SEATS = 6
LEVELS = (6, 7, 8, 9, 10, 11, 13, 14, 12)
"""The pagons in the order they are hung: "start with sixes, then sevens and in ascending order
... ladies are skipped and are the last ones"."""


@dataclass(frozen=True)
class PagonsRules:
    """One preset of durak with pagons; every field is a reading of text B (docs/rules.md)."""

    id: str
    deck: int = 36  # "To play you will need a deck with 36 cards"
    hand_size: int = 6
    attack_cap: int = 6  # "The maximum number of cards that can be flipped per turn is six."
    teams: bool = True  # 4 players play 2 by 2, 6 players 3 by 3; other counts each for himself
    pagons_move: bool = True  # "with the right to move cards that are pagons, or without it"
    queen_suit: str = "S"  # the queen that is hung last, alone
    levels: tuple[int, ...] = LEVELS
    steps: str = ""  # per team (or seat): its index into levels this deal, "2,0"; "": the first
    description: str = field(default="", compare=False)

    def check_players(self, players: int) -> None:
        """ParseError unless `players` can sit at this game ("from two to six players")."""
        if self.deck != 36:
            raise ParseError("durak with pagons is played with 36 cards")
        if not MIN_SEATS <= players <= MAX_SEATS:
            raise ParseError(f"durak with pagons is for {MIN_SEATS} to {MAX_SEATS} players")
        if self.queen_suit not in ("C", "D", "H", "S"):
            raise ParseError(f"not a suit: {self.queen_suit!r}")
        self.deal_steps(players)

    def deal_steps(self, players: int) -> tuple[int, ...]:
        """Each team's index into `levels` for this deal, read from `steps` (a match's later deal
        at a LAN table, `PagonsMatch.next_rules`); ParseError when it does not fit `players`."""
        teams = 2 if self.team_play(players) else players
        if not self.steps:
            return (0,) * teams
        if not isinstance(self.steps, str):
            raise ParseError("the steps of a deal are text like '2,0'")
        parts = self.steps.split(",")
        if len(parts) != teams or not all(p.isdigit() and int(p) < len(self.levels) for p in parts):
            raise ParseError(
                f"steps {self.steps!r}: give each of {teams} teams a level 0..{len(self.levels) - 1}"
            )
        return tuple(int(p) for p in parts)

    def deal_levels(self, players: int) -> tuple[int, ...]:
        """The pagon rank each team hangs this deal (`steps` into `levels`)."""
        return tuple(self.levels[step] for step in self.deal_steps(players))

    def team_play(self, players: int) -> bool:
        """Whether `players` seats play as two teams (partners alternate round the table)."""
        return self.teams and players in (4, 6)

    def replace(self, **options: Any) -> PagonsRules:
        """A copy with options changed."""
        return replace(self, **options)


PAGONS_PRESETS: dict[str, PagonsRules] = {
    "pagons": PagonsRules(
        id="pagons", description="Durak with pagons: throw-in fool that ends by hanging pagons"
    ),
}


def pagons_ids() -> list[str]:
    """Every pagons preset id."""
    return list(PAGONS_PRESETS)


def get_pagons_rules(name: str, **overrides: Any) -> PagonsRules:
    """The pagons preset named `name`, with options overridden (ParseError when unknown)."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in PAGONS_PRESETS:
        raise ParseError(f"no pagons variant named {name!r}")
    rules = PAGONS_PRESETS[key]
    if "levels" in overrides:
        overrides["levels"] = tuple(overrides["levels"])
    return rules.replace(**overrides) if overrides else rules
