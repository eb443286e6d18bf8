"""Rule options as one frozen value, and the registry of named presets (catalogue ids)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from engine.cards import LOWEST_RANK_OF_DECK
from engine.errors import ParseError

THROWERS = ("all", "neighbours")
THROW_ORDERS = ("free", "strict")
TRANSFERS = ("off", "before_beat", "any_time")
FIRST_LEAD_FALLBACKS = ("lot", "lowest_card")
NEXT_LEADS = ("under_fool", "from_under_fool", "winner")
SCORINGS = ("none", "kozlov")


@dataclass(frozen=True)
class Rules:
    """Every option of a game; presets are named values of this type."""

    id: str = "throw-in"
    deck: int = 36
    jokers: int = 0
    decks: int = 1
    hand_size: int = 6
    min_players: int = 2
    max_players: int = 6
    teams: bool = False
    throw_in: bool = True
    throwers: str = "all"
    throw_order: str = "free"
    attack_cap: int = 6
    first_bout_cap: int | None = None
    lead_max: int | None = None
    transfer: str = "off"
    transfer_trump_show: bool = False
    self_throw: bool = False
    defender_draws_first: bool = False
    first_lead_fallback: str = "lot"
    next_lead: str = "under_fool"
    scoring: str = "none"
    roubles_per_win: int = 10
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        problems = []
        if self.deck not in LOWEST_RANK_OF_DECK:
            problems.append(f"deck must be 24, 32, 36 or 52, not {self.deck}")
        if self.jokers not in (0, 2):
            problems.append("jokers must be 0 or 2")
        if self.decks not in (1, 2):
            problems.append("decks must be 1 or 2")
        if not 1 <= self.hand_size <= 60:
            problems.append("hand_size must be 1..60")
        if not 2 <= self.min_players <= self.max_players <= 12:
            problems.append("players must satisfy 2 <= min_players <= max_players <= 12")
        for name, allowed in (
            ("throwers", THROWERS),
            ("throw_order", THROW_ORDERS),
            ("transfer", TRANSFERS),
            ("first_lead_fallback", FIRST_LEAD_FALLBACKS),
            ("next_lead", NEXT_LEADS),
            ("scoring", SCORINGS),
        ):
            if getattr(self, name) not in allowed:
                problems.append(f"{name} must be one of {', '.join(allowed)}")
        if self.attack_cap < 1:
            problems.append("attack_cap must be at least 1")
        if problems:
            raise ParseError(f"rules {self.id!r}: " + "; ".join(problems))

    @property
    def deck_size(self) -> int:
        """Number of physical cards in play."""
        return (self.deck + self.jokers) * self.decks

    def check_players(self, players: int) -> None:
        """Raise ParseError unless this many players can sit at the table."""
        if not self.min_players <= players <= self.max_players:
            raise ParseError(
                f"{self.id} is played by {self.min_players}..{self.max_players} players, "
                f"not {players}"
            )
        if self.teams and players not in (4, 6):
            raise ParseError("team play needs 4 (2x2) or 6 (3x3) players")
        if players * self.hand_size > self.deck_size:
            raise ParseError(
                f"{players} hands of {self.hand_size} need more than {self.deck_size} cards"
            )

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed; unknown names raise ParseError."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(options) - names)
        if unknown:
            raise ParseError(f"unknown rule options: {', '.join(unknown)}")
        return dataclasses.replace(self, **options)

    def options(self) -> dict[str, Any]:
        """Every option as plain data (for saving and the wire)."""
        data = dataclasses.asdict(self)
        data.pop("description")
        return data


PRESETS: dict[str, Rules] = {}
ALIASES: dict[str, str] = {}


def register(rules: Rules, *aliases: str) -> Rules:
    """Add a preset under its id and aliases."""
    PRESETS[rules.id] = rules
    for alias in aliases:
        ALIASES[alias] = rules.id
    return rules


def get_rules(name: str, **overrides: Any) -> Rules:
    """Return the preset named by id or alias, with options overridden."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        raise ParseError(f"no variant named {name!r}")
    rules = PRESETS[key]
    return rules.replace(**overrides) if overrides else rules


def variant_ids() -> list[str]:
    """Every preset id, in registration order."""
    return list(PRESETS)


register(
    Rules(
        id="simple",
        throw_in=False,
        lead_max=2,
        max_players=6,
        description="Attack with one card or two of a rank; no throwing in.",
    ),
    "prostoy",
    "simple-fool",
)
register(
    Rules(
        id="throw-in",
        description="Others throw in cards of ranks on the table; at most 6 per bout.",
    ),
    "podkidnoy",
    "podkidnoi",
    "classic",
)
register(
    Rules(
        id="transfer",
        transfer="before_beat",
        description="Before beating, the defender may pass the attack on with a card of that rank.",
    ),
    "perevodnoy",
    "perevodnoi",
)
register(
    Rules(
        id="transfer-trump-show",
        transfer="before_beat",
        transfer_trump_show=True,
        description="Transfer also by showing the trump of that rank, once per bout.",
    ),
)
register(
    Rules(
        id="transfer-2",
        transfer="any_time",
        description="Transfer is allowed after beating has started too.",
    ),
    "transferable-2",
)
register(
    Rules(
        id="american",
        self_throw=True,
        description="Having beaten everything, the defender may throw on himself and beat it.",
    ),
)
register(
    Rules(
        id="teams",
        teams=True,
        min_players=4,
        description="2x2 or 3x3, partners sit opposite and never attack each other.",
    ),
    "couple",
    "pairs",
)
register(
    Rules(
        id="kozlov",
        max_players=4,
        scoring="kozlov",
        throw_order="strict",
        description="Scored throw-in for 2-4: 2 points a win, 1 a draw, 10 roubles a win.",
    ),
    "kozlov-borisov",
    "scored",
)
