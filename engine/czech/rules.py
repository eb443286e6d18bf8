"""Czech fool's rules as data: the base game of text A and its nine options as presets."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import ParseError

MIN_SEATS = 2
MAX_SEATS = 6


@dataclass(frozen=True)
class Effect:
    """What a played card does to the next player: draw `draw` cards, then maybe skip his turn.

    `suit` None matches every suit of `rank`.
    """

    rank: int
    suit: str | None = None
    draw: int = 0
    skip: bool = False

    def matches(self, rank: int, suit: str | None) -> bool:
        """Whether this effect belongs to a card of this rank and suit."""
        return rank == self.rank and (self.suit is None or self.suit == suit)


BASE_EFFECTS = (Effect(6, draw=2, skip=True), Effect(7, draw=1, skip=True), Effect(14, skip=True))
KING_OF_SPADES_DRAW = 5  # option 9's optional rule: "the opponent takes 5 cards"
BASE_POINTS = {6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 2, 12: 3, 13: 4, 14: 11}


@dataclass(frozen=True)
class CzechRules:
    """One preset of czech fool; every field is a difference some option of text A makes."""

    id: str
    deck: int = 36
    hand_size: int = 5
    wild_rank: int | None = 12  # the card placed on any card that orders a suit (queen; jack)
    effects: tuple[Effect, ...] = BASE_EFFECTS
    voluntary_draw: bool = True  # draw also with a card that fits ("will not play")
    draw_limit: int | None = None  # None: draw until playable; 1: one card, then pass
    open_start: bool = False  # the leader's last dealt card is turned up as his move
    suit_only: bool = False  # pentagon: follow suit only; a six also on a six
    any_on_six: bool = False  # polish: any card may be placed on a six
    skip_after_order: bool = False  # pentagon: after a wild order the next player skips
    ace_follow: bool = False  # english: the ace's player adds a card of its suit and orders
    continue_ranks: tuple[int, ...] = ()  # option 9: an eight continues the player's move
    wild_left_loses: bool = False  # option 3: left with only the jack, a player loses at once
    king_of_spades: bool = False  # option 9's optional rule: KS, the next takes 5, play on
    points: dict[int, int] = field(default_factory=lambda: dict(BASE_POINTS))
    card_points: dict[str, int] = field(default_factory=dict)  # per-card override ("QS": 50)
    lone_queen: int = 20  # points of a hand that is one queen
    finish_bonus: dict[str, int] = field(default_factory=dict)  # "Q" or "QS": points on going out
    description: str = field(default="", compare=False)

    def check_players(self, players: int) -> None:
        """ValueError unless `players` can sit at this game with a card to draw after the deal."""
        if not MIN_SEATS <= players <= MAX_SEATS:
            raise ParseError(f"czech fool is for {MIN_SEATS} to {MAX_SEATS} players")
        if players * self.hand_size >= self.deck:
            raise ParseError(f"{players} hands of {self.hand_size} leave no deck")

    def replace(self, **options: Any) -> CzechRules:
        """A copy with options changed."""
        return replace(self, **options)

    def king_of_spades_draw(self, rank: int, suit: str | None) -> int:
        """Cards the next player takes at once for this card under the optional King of Spades
        rule (option 9: "if a player places a King of Spades, then the opponent takes 5 cards
        from the deck, and the player continues his turn"); 0 when it does not apply."""
        return KING_OF_SPADES_DRAW if self.king_of_spades and (rank, suit) == (13, "S") else 0

    def effect_of(self, rank: int, suit: str | None) -> Effect | None:
        """The effect a card of this rank and suit has on the next player, if any."""
        for effect in self.effects:
            if effect.matches(rank, suit):
                return effect
        return None


CZECH_PRESETS: dict[str, CzechRules] = {}


def _register(rules: CzechRules) -> None:
    CZECH_PRESETS[rules.id] = rules


BASE = CzechRules(id="czech", description="Czech fool (Mau-Mau): shed by suit or rank")
_register(BASE)
_register(
    BASE.replace(
        id="czech-1", draw_limit=1, description="Option 1: draw one card; if it does not fit, pass"
    )
)
_register(
    BASE.replace(
        id="czech-2",
        deck=32,
        effects=(Effect(7, draw=2, skip=True), Effect(8, draw=1, skip=True), Effect(14, skip=True)),
        description="Option 2: 32 cards; a seven makes the next draw two, an eight one",
    )
)
_register(
    BASE.replace(
        id="czech-3",
        hand_size=6,
        open_start=True,
        wild_rank=11,
        wild_left_loses=True,
        description="Option 3: six cards, the dealer's last card opens, the jack orders",
    )
)
_register(
    BASE.replace(
        id="czech-4",
        ace_follow=True,
        effects=BASE_EFFECTS[:2],
        description="Option 4, English fool: the ace's player adds a card of its suit and orders",
    )
)
_register(
    BASE.replace(
        id="czech-5",
        hand_size=4,
        lone_queen=30,
        finish_bonus={"Q": -30},
        description="Option 5, Pharaoh: four cards; going out on a queen takes 30 points off",
    )
)
_register(
    BASE.replace(
        id="czech-6",
        suit_only=True,
        skip_after_order=True,
        voluntary_draw=False,  # "If he does not have the required card, he must draw" only
        points={6: 0, 7: 0, 8: 0, 9: 0, 10: 10, 11: 2, 12: 20, 13: 4, 14: 11},
        description="Option 6, Pentagon: suit only, a six on a six; an order skips the next",
    )
)
_register(
    BASE.replace(
        id="czech-7",
        open_start=True,
        wild_rank=11,
        any_on_six=True,
        draw_limit=1,
        effects=(
            Effect(7, draw=2),
            Effect(12, "S", draw=4),
            Effect(13, "S", draw=6),
            Effect(14, skip=True),
        ),
        description="Option 7, Polish fool: the jack orders, 7 draws 2, QS 4, KS 6, ace passes",
    )
)
_register(
    BASE.replace(
        id="czech-8",
        draw_limit=1,
        effects=(*BASE_EFFECTS, Effect(13, "D", draw=5, skip=True)),
        description="Option 8: option 1, and the king of diamonds makes the next draw five",
    )
)
_register(
    BASE.replace(
        id="czech-9",
        hand_size=6,
        continue_ranks=(8,),
        effects=(Effect(6, draw=1), Effect(7, draw=2), Effect(14, skip=True)),
        card_points={"QS": 50},
        finish_bonus={"QS": -50},
        description="Option 9: six cards, an eight continues, 6 and 7 draw 1 and 2, QS 50",
    )
)


def czech_ids() -> list[str]:
    """Every czech preset id, base first."""
    return list(CZECH_PRESETS)


def get_czech_rules(name: str, **overrides: Any) -> CzechRules:
    """The czech preset named `name`, with options overridden (ParseError when unknown)."""
    key = name.strip().lower()
    if key not in CZECH_PRESETS:
        raise ParseError(f"no czech variant named {name!r}")
    rules = CZECH_PRESETS[key]
    return rules.replace(**overrides) if overrides else rules


def is_czech(name: object) -> bool:
    """Whether `name` is a czech preset id."""
    return isinstance(name, str) and name.strip().lower() in CZECH_PRESETS
