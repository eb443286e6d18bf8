"""What a game's view reads besides the observation and the window's frame, as plain values: the
player's choice not yet played (`TableMoment`) and what a tooltip reads of a card (`CardFacts`).

Every game's view functions (`durak_qt.table.game_view.GameView`) take the same `TableMoment`, so
Durak and each family-3 game share one selection value; a field a game does not use keeps its
default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from durak_qt.table.absence import Absence
from durak_qt.table.layout import CardKey
from engine.cards import Card


@dataclass(frozen=True)
class TableMoment:
    """The player's choice at the table and the table's people and clock, as one plain value."""

    picked: tuple[int, ...] = ()
    """Hand indexes picked for a move, in the order picked (Durak: the last one beats)."""
    aim: Card | None = None
    """The card of the table your next move aims at (`durak_qt.table.piles.Aim`)."""
    chooser: int = 0
    """Which option of the game's chooser the keys point at (a family-3 game's)."""
    target_index: int = 0
    """Durak: which of the cards the chosen card may beat ↑/↓ point at (counted round)."""
    face_down: bool = False
    """Durak's believe: the beats chosen now are laid face down."""
    focused_hand: int | None = None
    """The hand index the keys point at."""
    keys_used: bool = False
    """The player uses the keys (their focus is drawn)."""
    tab_target: CardKey | None = None
    """The table's card Tab gave the keys' focus (None: your hand has it)."""
    read_only: bool = False
    """The table is only watched (a replay, a spectator): no move, no "you"."""
    note: str = ""
    """A word on what was done for the player (auto-pass), until their next move."""
    absences: Mapping[int, Absence] = field(default_factory=dict, hash=False)
    """Who is away, by seat."""
    now: float = 0.0
    """The clock's time now (what the absences' countdowns read)."""
    bot_hosts: Mapping[int, str] = field(default_factory=dict, hash=False)
    """Which machine runs each bot, by seat."""
    match_points: tuple[int, ...] = ()
    """The match's points per seat (a family-3 match), shown on the name plates."""


@dataclass(frozen=True)
class CardFacts:
    """What a tooltip reads of a card drawn now."""

    key: CardKey
    card: Card | None  # None: a back
    hand_index: int | None  # its index in your hand (None: not yours)
    lit: bool  # a click on it does something
    target: bool = False  # the chosen card may beat it
    talon: bool = False  # the talon's top, which may lead (armenian)
    blind: bool = False  # your card whose face only the others see (reverse fool)
    note: str = ""  # what the pile says of it (locked cards, personal trumps, ...)


def toggled(picked: tuple[int, ...], hand_index: int) -> tuple[int, ...]:
    """The picked hand indexes with this one added (last) or taken out."""
    if hand_index in picked:
        return tuple(index for index in picked if index != hand_index)
    return (*picked, hand_index)
