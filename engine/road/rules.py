"""Road fool's rules as data: the preset of text A and its options."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from engine.cards import LOWEST_RANK_OF_DECK
from engine.errors import ParseError

MIN_SEATS = 2
MAX_SEATS = 6


@dataclass(frozen=True)
class RoadRules:
    """One preset of road fool; every field is a choice the text leaves open or a deck size."""

    id: str = "road"
    deck: int = 36
    voluntary_take: bool = True  # the defender may take although he could beat
    description: str = "whole deck dealt; one-card attacks; beat the top card or accept"

    def check_players(self, players: int) -> None:
        """ParseError unless `players` can share the deck equally ("dealt equally")."""
        if self.deck not in LOWEST_RANK_OF_DECK or self.deck == 20:
            raise ParseError("road fool is played with 24, 32, 36 or 52 cards")
        if not MIN_SEATS <= players <= MAX_SEATS:
            raise ParseError(f"road fool is for {MIN_SEATS} to {MAX_SEATS} players")
        if self.deck % players:
            raise ParseError(
                f"a {self.deck}-card deck cannot be dealt equally to {players} players"
            )

    def replace(self, **options: Any) -> RoadRules:
        """A copy with options changed (ParseError for an unknown option)."""
        known = {f.name for f in fields(self)} - {"id"}
        unknown = set(options) - known
        if unknown:
            raise ParseError(f"road fool has no option {sorted(unknown)}")
        return replace(self, **options)


ROAD_PRESETS: dict[str, RoadRules] = {"road": RoadRules()}


def road_ids() -> list[str]:
    """Every road preset id."""
    return list(ROAD_PRESETS)


def get_road_rules(name: str, **overrides: Any) -> RoadRules:
    """The road preset named `name`, with options overridden (ParseError when unknown)."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in ROAD_PRESETS:
        raise ParseError(f"no road variant named {name!r}")
    rules = ROAD_PRESETS[key]
    return rules.replace(**overrides) if overrides else rules
