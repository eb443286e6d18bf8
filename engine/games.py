"""The registry of game kinds: the games with an engine of their own (family 3), found by id.

Family 1 and 2 are Durak (`engine.game.Game`, presets in `engine.rules`). Every other game
lives in its own package and describes itself with one `GameKind`, named in `KIND_MODULES`.
The simulator, the scenario runner, the table and the client find a game's engine here.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.actions import Event

KIND_MODULES: tuple[str, ...] = (
    "engine.road.kind",
    "engine.cross.kind",
    "engine.round.kind",
    "engine.czech.kind",
    "engine.pagons.kind",
    "engine.rummy.kind",
)
"""Modules that each define `KIND`, a `GameKind` (one line per game; order = listing order)."""


class FamilyGame(Protocol):
    """What every game engine offers (Durak's `Game` has the same names).

    Hidden cards are slots: `faces[slot]` is a card and `known[slot]` the bitmask of seats that
    may see it (`engine.hidden.HiddenCardGame` is the base every family-3 engine builds on).
    `fool` is the seat that lost (None: nobody, or not over). An action is a
    NamedTuple whose first field is `seat`, and `str(action)` is its canonical text
    ("0 play 7H"), read back by the kind's `parse_action`.
    """

    @property
    def players(self) -> int:
        """Number of seats."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    def fool(self) -> int | None:
        """The seat that lost; None when nobody did or the game is not over."""

    @property
    def log(self) -> Sequence[Any]:
        """Every action applied so far, in order."""

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now."""

    def legal_actions(self, seat: int) -> list[Any]:
        """Every action `seat` may take now."""

    def apply(self, action: Any) -> list[Event]:
        """Apply a legal action (IllegalAction with a reason otherwise, nothing changed)."""

    def observation(self, seat: int) -> Any:
        """Exactly what `seat` may know now."""

    def public_observation(self) -> Any:
        """What someone without a seat may know now (a spectator): faces open to every seat."""

    def open_observation(self) -> Any:
        """The game with every face known here shown (a replay after the audit)."""

    def clone(self) -> FamilyGame:
        """An independent copy."""

    def resample(self, seat: int, rng: random.Random) -> FamilyGame:
        """A copy whose faces unknown to `seat` are dealt again at random, consistently."""

    def winners(self) -> list[int]:
        """Seats that won a finished game."""

    @property
    def result(self) -> dict[str, object]:
        """The outcome as plain data."""

    def state_hash(self) -> str:
        """SHA-256 of the whole state."""

    def public_hash(self) -> str:
        """SHA-256 of what every seat knows."""

    def information_state_key(self, seat: int) -> str:
        """Equal for two games exactly when `seat` cannot tell them apart."""


@dataclass(frozen=True)
class GameKind:
    """One game with its own engine: its presets and how to make, play and check a game."""

    name: str  # the family-3 id of `../shared/variants.md` (czech, road, joker-rummy, ...)
    ids: Callable[[], list[str]]  # every preset id of this game
    get_rules: Callable[..., Any]  # (preset id, **overrides) -> rules (.id, .check_players)
    new_game: Callable[[Any, int, random.Random], FamilyGame]  # (rules, players, rng)
    bots: Sequence[str]  # bot names `make_bot` knows ("random", "heuristic", ...)
    make_bot: Callable[[str, int], Any]  # (name, seed) -> a bot: .choose(game, seat) -> action
    parse_action: Callable[[str], Any]  # canonical action text -> action (ParseError)
    run_scenario: Callable[[dict[str, Any], str], list[Any]]  # (data, path) -> failures


_KINDS: list[GameKind] | None = None


def kinds() -> list[GameKind]:
    """Every registered game kind, in `KIND_MODULES` order."""
    global _KINDS
    if _KINDS is None:
        _KINDS = [importlib.import_module(name).KIND for name in KIND_MODULES]
    return _KINDS


def family3_ids() -> list[str]:
    """Every preset id of every game kind."""
    return [variant for kind in kinds() for variant in kind.ids()]


_KIND_OF: dict[str, GameKind | None] = {}


def kind_of(variant: object) -> GameKind | None:
    """The game kind a preset id belongs to; None for Durak (families 1 and 2) or no preset."""
    if not isinstance(variant, str):
        return None
    try:
        return _KIND_OF[variant]  # (asked once per game: remembered by the text asked)
    except KeyError:
        pass
    key = variant.strip().lower()
    from engine.rules import ALIASES, PRESETS  # (engine.rules asks this module for family 3)

    if key in PRESETS or key in ALIASES:  # a Durak preset: no family-3 package is imported
        found = None
    else:
        found = next((kind for kind in kinds() if key in kind.ids()), None)
    if len(_KIND_OF) < 1024:
        _KIND_OF[variant] = found
    return found
