"""Rule options as one frozen value, and the registry of named presets (catalogue ids)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Final

from engine.cards import LOWEST_RANK_OF_DECK
from engine.errors import ParseError

THROWERS = ("all", "neighbours")
THROW_ORDERS = ("free", "strict")
TRANSFERS = ("off", "before_beat", "any_time")
FIRST_LEAD_FALLBACKS = ("lot", "lowest_card")
NEXT_LEADS = ("under_fool", "from_under_fool", "winner")
SCORINGS = ("none", "kozlov", "points", "pogony")
BASES = ("simple", "throw-in", "transfer")
SUIT_NAMES = ("C", "D", "H", "S")
MAX_SEATS: Final = 10
"""Most seats at any table: the one range, 2..MAX_SEATS, that the engine, dealing, the lobby,
the create-table dialog and durak-peer accept (fair dealing supports up to ten)."""


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
    pairs: bool = False  # team play in pairs: six players form three pairs, not two threes
    throw_in: bool = True
    throwers: str = "all"
    throw_order: str = "strict"
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
    # Family 2 (see docs/rules.md, "Family 2"); the defaults are the classic game.
    base: str = ""  # the family-1 preset a family-2 variant is played on
    fixed_trump: str | None = None  # japanese: this suit is always trump
    fixed_trump_card: bool = False  # japanese option: a card of that suit lies under the talon
    spades_only_spades: bool = False  # japanese: spades are beaten only by higher spades
    talon_by_rank: bool = False  # albanian: the whole deck ordered by rank, aces on top
    attack_talon: bool = False  # armenian: the lead may be the top card of the talon
    trumpless: bool = False  # no trump suit, nothing turned up
    lose_at: int | None = None  # big: holding this many cards after taking loses at once
    hidden_beats: bool = False  # believe: beat face down; the attacker accepts or checks
    personal_trumps: bool = False  # two-trump: every player has his own trump suit
    distinct_trumps: bool = False  # two-trump: turn up until every player's suit differs
    lead_highest: bool = False  # boring: lead only cards of your highest rank
    trump_change: bool = False  # trump-change: at two talon cards the bottom card is swapped
    royal: bool = False  # royal: the lowest rank is beaten only by an ace
    royal_any_ace: bool = False  # royal, second reading: by any ace
    pass_hands: bool = False  # circular: hands move one seat left after every bout
    locked: bool = False  # magadan: all but one dealt card locked face down
    deal_all: bool = False  # piled: the whole deck is dealt, the last card shows the trump
    dealer_names_trump: bool = False  # the whole deck dealt: the dealer names the trump suit
    hidden_trump_card: bool = False  # invisible: the trump card is hidden until the end
    reverse: bool = False  # reverse: you see every hand but your own
    recycle: bool = False  # crazy: every second discarded bout goes back into the talon
    exchange: bool = False  # poker: the defender may swap two cards with the talon
    secret_trump: bool = False  # secret: a hidden card under the trump decides the last trump
    draw_when_empty: bool = False  # empty: draw only with an empty hand
    lead_count: int | None = None  # treshka: every lead is exactly this many cards (any ranks)
    no_talon: bool = False  # chukotka: the talon leaves the game after the deal
    chinese: bool = False  # chinese: 9D leads, a beaten 9D ends the bout, takers keep 1 card
    repetition_draw: int | None = None  # a draw when a bout starts this often in one position
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        problems = []
        if self.deck not in LOWEST_RANK_OF_DECK:
            problems.append(f"deck must be 24, 32, 36 or 52 (20 in royal), not {self.deck}")
        elif self.deck == 20 and not self.royal:
            problems.append(
                "a 20-card deck is royal fool's ('a deck of 20 cards ... lowest is 10')"
            )
        if self.jokers not in (0, 2):
            problems.append("jokers must be 0 or 2")
        if self.decks not in (1, 2):
            problems.append("decks must be 1 or 2")
        if not 1 <= self.hand_size <= 60:
            problems.append("hand_size must be 1..60")
        if not 2 <= self.min_players <= self.max_players <= MAX_SEATS:
            problems.append(f"players must satisfy 2 <= min_players <= max_players <= {MAX_SEATS}")
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
        if self.base and self.base not in BASES:
            problems.append(f"base must be one of {', '.join(BASES)}")
        if self.fixed_trump is not None and self.fixed_trump not in SUIT_NAMES:
            problems.append("fixed_trump must be C, D, H or S")
        if self.fixed_trump_card and self.fixed_trump is None:
            problems.append("fixed_trump_card needs a fixed_trump suit (japanese)")
        if self.lead_count is not None and not 1 <= self.lead_count <= 6:
            problems.append("lead_count must be 1..6")
        if self.repetition_draw is not None and self.repetition_draw < 2:
            problems.append("repetition_draw must be at least 2")
        if self.lose_at is not None and self.lose_at < 2:
            problems.append("lose_at must be at least 2")
        if self.pairs and not self.teams:
            problems.append("pairs is a form of team play (teams)")
        if self.distinct_trumps and not self.personal_trumps:
            problems.append("distinct_trumps belongs to personal trumps (two-trump)")
        if self.distinct_trumps and self.max_players > 4:
            problems.append("distinct trump suits seat 4 players at most")
        if self.personal_trumps and (self.trumpless or self.fixed_trump):
            problems.append("personal trumps need a turned-up card per player")
        if problems:
            raise ParseError(f"rules {self.id!r}: " + "; ".join(problems))

    @property
    def deck_size(self) -> int:
        """Number of physical cards in play."""
        return (self.deck + self.jokers) * self.decks

    @property
    def seat_limit(self) -> int:
        """Most players: `max_players` per deck (two decks seat more), MAX_SEATS at most."""
        return min(self.max_players * self.decks, MAX_SEATS)

    def team_count(self, players: int) -> int:
        """How many teams `players` seats form: 0 without team play, else 2, or 3 pairs of 6.

        Seat s plays in team `s % team_count`: partners sit evenly apart round the table.
        """
        if not self.teams:
            return 0
        return 3 if self.pairs and players == 6 else 2

    def check_players(self, players: int) -> None:
        """Raise ParseError unless this many players can sit at the table."""
        if not self.min_players <= players <= self.seat_limit:
            raise ParseError(
                f"{self.id} is played by {self.min_players}..{self.seat_limit} players, "
                f"not {players}"
            )
        if self.teams and players not in (4, 6):
            raise ParseError("team play needs 4 (2x2) or 6 (3x3, or 2x2x2 in pairs) players")
        if not self.deal_all and players * self.hand_size > self.deck_size:
            raise ParseError(
                f"{players} hands of {self.hand_size} need more than {self.deck_size} cards"
            )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as a call with every option (a compiled, frozen Rules has no __dict__ that
        pickle could fill in, and refuses attribute assignment)."""
        return (
            _rules_of,
            (type(self), {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}),
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


FAMILY2_OPTIONS: dict[str, dict[str, Any]] = {}
"""For each family-2 id, the options it sets on top of its base (the family-1 preset)."""


def _rules_of(cls: type[Rules], options: dict[str, Any]) -> Rules:
    """The rules `cls(**options)` (how a pickled Rules is restored)."""
    return cls(**options)


def get_rules(name: str, **overrides: Any) -> Rules:
    """Return the preset named by id or alias, with options overridden.

    A family-2 variant may be played on another base: `get_rules("crazy", base="transfer")`.
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        raise ParseError(f"no variant named {name!r}")
    rules = PRESETS[key]
    base = overrides.pop("base", None)
    if base is not None and base != rules.base:
        if key not in FAMILY2_OPTIONS:
            raise ParseError(f"{key} is not played on a base; only family-2 variants are")
        rules = family2(key, str(base), rules.description)
    return rules.replace(**overrides) if overrides else rules


def family2(variant: str, base: str, description: str = "") -> Rules:
    """The family-2 `variant` played on the family-1 preset `base`."""
    if base not in BASES:
        raise ParseError(f"base must be one of {', '.join(BASES)}, not {base!r}")
    options = dict(FAMILY2_OPTIONS[variant])
    return PRESETS[base].replace(id=variant, base=base, description=description, **options)


def register_family2(
    variant: str, base: str, description: str, *aliases: str, **options: Any
) -> Rules:
    """Add a family-2 preset: `options` on top of the family-1 preset `base`."""
    FAMILY2_OPTIONS[variant] = options
    return register(family2(variant, base, description), *aliases)


def variant_ids() -> list[str]:
    """Every preset id, in registration order."""
    return list(PRESETS)


def family3_ids() -> list[str]:
    """Every family-3 preset id (games with an engine of their own, registered in `engine.games`)."""
    from engine.games import family3_ids as registered

    return registered()


def all_variant_ids() -> list[str]:
    """Every preset id of every family: the Durak presets, then family 3."""
    return variant_ids() + family3_ids()


register(
    Rules(
        id="simple",
        throw_in=False,
        lead_max=2,
        first_lead_fallback="lowest_card",
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
        description="2x2 or 3x3 (or three pairs), partners never attack each other.",
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


# ------------------------------------------------------------------- family 2
register_family2(
    "japanese",
    "throw-in",
    "Diamonds are always trump; spades are beaten only by higher spades.",
    fixed_trump="D",
    spades_only_spades=True,
)
register_family2(
    "albanian",
    "throw-in",
    "The whole deck is ordered by rank, aces on top; the lowest card at the bottom is trump.",
    talon_by_rank=True,
)
register_family2(
    "armenian",
    "throw-in",
    "The lead attacker may lead the top card of the talon instead of a card from hand.",
    attack_talon=True,
)
register_family2(
    "trumpless",
    "throw-in",
    "No trump suit; the lowest card leads first.",
    trumpless=True,
    first_lead_fallback="lowest_card",
)
register_family2(
    "big",
    "throw-in",
    "Two 52-card decks, 2 to 10 players; 52 cards or more in hand loses at once.",
    deck=52,
    decks=2,
    max_players=MAX_SEATS,
    lose_at=52,
)
register_family2(
    "believe",
    "throw-in",
    "Beat face down if you dare; the attacker accepts or checks, and the liar takes the bout.",
    hidden_beats=True,
)
register_family2(
    "two-trump",
    "throw-in",
    "Every player has his own trump suit, turned up from the bottom of the talon.",
    "two-trumps",
    personal_trumps=True,
    distinct_trumps=True,
    max_players=4,
)
register_family2(
    "boring",
    "throw-in",
    "Lead only with cards of your highest rank.",
    lead_highest=True,
    repetition_draw=3,
)
register_family2(
    "trump-change",
    "throw-in",
    "With two cards left in the talon the bottom card is swapped with the trump: a new trump.",
    trump_change=True,
)
register_family2(
    "royal",
    "throw-in",
    "The lowest rank is beaten only by the ace of its suit or the trump ace.",
    royal=True,
)
register_family2(
    "circular",
    "throw-in",
    "After every bout each player passes his hand to the player on his left.",
    pass_hands=True,
    repetition_draw=3,
)
register_family2(
    "magadan",
    "throw-in",
    "All but one dealt card are locked face down; one unlocks per discarded bout.",
    locked=True,
)
register_family2(
    "piled",
    "throw-in",
    "The whole deck is dealt at once; the last card dealt shows the trump; no talon.",
    "piled-up",
    deal_all=True,
)
register_family2(
    "invisible",
    "throw-in",
    "The trump suit is known but the trump card stays hidden until one card is left.",
    hidden_trump_card=True,
)
register_family2(
    "reverse",
    "throw-in",
    "You see every hand but your own; a wrong beat, throw or transfer takes the bout.",
    "werefool",
    reverse=True,
)
register_family2(
    "crazy",
    "throw-in",
    "Every second discarded bout is shuffled back into the talon.",
    "damn",
    recycle=True,
)
register_family2(
    "points",
    "throw-in",
    "The winner is whoever beat the most cards.",
    "spectacled",
    scoring="points",
)
register_family2(
    "pogony",
    "throw-in",
    "Score a shoulder strap when the defender takes exactly two cards of one rank.",
    "shoulder-straps",
    scoring="pogony",
)
register_family2(
    "poker",
    "throw-in",
    "Before beating, the defender may swap two cards with the talon once per bout.",
    exchange=True,
)
register_family2(
    "secret",
    "throw-in",
    "A hidden card under the trump becomes the trump once the talon is gone.",
    secret_trump=True,
)
register_family2(
    "empty",
    "throw-in",
    "Draw from the talon only when your hand is empty.",
    draw_when_empty=True,
)
register_family2(
    "treshka",
    "simple",
    "Every lead is three cards of any ranks (two, one when fewer are left); no throwing in.",
    lead_count=3,
    lead_max=None,
    throw_in=False,
)
register_family2(
    "chukotka",
    "throw-in",
    "After the deal the talon with the trump card leaves the game.",
    no_talon=True,
)
register_family2(
    "chinese",
    "throw-in",
    "The 9 of diamonds leads; beating it ends the bout; a taker keeps only the first card.",
    chinese=True,
)
register_family2(
    "jokers",
    "throw-in",
    "Two jokers join the deck: the joker of the trump colour is the highest card.",
    "two-jokers",
    jokers=2,
)

FAMILY_2 = tuple(FAMILY2_OPTIONS)
