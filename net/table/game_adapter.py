"""The seam between the table protocol and a game: what a table asks of the game it plays.

A `TableCore` deals, orders and signs moves without knowing the rules; for everything that depends
on them it asks its `GameAdapter`: how the deck is laid out, the hidden game every seat starts
from, how a move is written, parsed and checked, which positions a move shows or turns up, which
slots a re-deal must shuffle again, and the audit's replay with every face open. `adapter_for`
picks the adapter of a configuration's variant (docs/protocol.md, "Code map").
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from engine.actions import Event
from engine.cards import Card
from engine.first_lead import FirstLead
from engine.games import kind_of
from net.table.config import TableConfig
from net.table.deals import DealPlan


class HiddenGame(Protocol):
    """The game state a table keeps at one seat: slots whose faces arrive through `reveal`."""

    hands: list[list[int]]
    known: list[int]

    @property
    def faces(self) -> Sequence[Card | None]:
        """Each slot's face (None while hidden from this seat)."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    def to_act(self) -> Sequence[int]:
        """The seats the game waits for."""

    @property
    def result(self) -> dict[str, Any]:
        """The outcome, as the engine reports it."""

    def reveal(self, slot: int, card: Card, to: Sequence[int] | None = None) -> None:
        """Learn a slot's face for seats `to` (everyone when None)."""

    def legal_actions(self, seat: int) -> Sequence[Any]:
        """Every action `seat` may take now."""

    def observation(self, seat: int) -> Any:
        """What `seat` may know now."""

    def apply(self, action: Any) -> list[Event]:
        """Apply an action; IllegalAction when it is not legal."""


class GameAdapter(Protocol):
    """What the table protocol asks of one game family (Durak, czech fool, ...)."""

    rules: Any  # the engine's rules of this configuration
    deck: tuple[Card, ...]
    teams: bool  # seats play in pairs (a departure's result names both partners)

    def unsupported(self) -> str | None:
        """Why this configuration cannot be played at a table (None: it can)."""

    def plan(self, config: TableConfig) -> DealPlan:
        """The layout of deal 0: hands, who sees each position at the start, trump positions."""

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> Any:
        """The game as `seat` starts it: every face unknown until the table opens it (`faces`:
        those opened to this seat before the start, for a game that needs one at once)."""

    def first_lead(self, config: TableConfig) -> FirstLead:
        """How the first leader is decided: shown cards (claims), the config, or the lot."""

    def start_openings(self, first: int) -> list[int]:
        """Positions opened to everyone before the game is created, once `first` is known."""

    def parse(self, text: str) -> Any:
        """An action from its wire text (ParseError when it is none)."""

    def wire(self, game: Any, action: Any) -> str:
        """The text of `action` as the other seats are sent it."""

    def forfeit(self, seat: int) -> Any:
        """The action by which `seat` leaves the game."""

    def is_forfeit(self, action: Any) -> bool:
        """Whether `action` is a forfeit."""

    def voters(self, game: Any) -> list[int]:
        """The seats that vote in a round (still in the game)."""

    def lead(self, game: Any) -> int:
        """The seat whose bid wins a round first (the rest follow clockwise)."""

    def still_legal(self, game: Any, seat: int, action: Any) -> bool:
        """Whether this seat's queued action can still be made."""

    def shown_positions(self, game: Any, action: Any) -> list[int]:
        """The positions a move shows face up (named in its log entry)."""

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: Any
    ) -> tuple[Any, list[int]]:
        """A received move and its positions, checked against the game (CheatDetected else)."""

    def claimed_faces(self, action: Any, positions: list[int]) -> tuple[Card | None, ...]:
        """The face a move claims for each position it names (None: it claims none)."""

    def kept_in_hand(self, action: Any, positions: list[int]) -> list[int]:
        """The positions a move names that are shown to everyone but stay in the hand."""

    def turned_up(self, game: Any, action: Any) -> list[tuple[int, int | None]]:
        """Slots the move turns up for everyone besides its own cards, with their new owner."""

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """The slots an applied move shuffled into a new deck (each re-dealt by a hidden deal)."""

    def next_first(self, config: TableConfig, previous: Any) -> int | None:
        """Who leads the match's next game after `previous` (None: the lot decides)."""

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: Any,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The audit: the whole game replayed with every face open; each problem found, with
        the seat it names (None: a problem nobody can be named for)."""


@runtime_checkable
class MatchOptions(Protocol):
    """An adapter whose match changes the rules from game to game (pagons' levels)."""

    def next_options(self, config: TableConfig, previous: Any) -> dict[str, Any]:
        """The rule options of the match's next game after `previous`, as every peer computes
        them from the finished game (`TableConfig.next_game`)."""


TABLE_ADAPTERS: dict[str, str] = {
    "czech": "net.table.czech_adapter:CzechAdapter",
    "road": "net.table.road_adapter:RoadAdapter",
    "round": "net.table.round_adapter:RoundAdapter",
    "cross": "net.table.cross_adapter:CrossAdapter",
    "pagons": "net.table.pagons_adapter:PagonsAdapter",
    "joker-rummy": "net.table.rummy_adapter:RummyAdapter",
}
"""The table adapter of each family-3 game kind (`engine.games.GameKind.name`), as module:class;
one line per game. A kind without one is not dealt at a table yet."""


def adapter_for(config: TableConfig) -> GameAdapter:
    """The adapter of a configuration's game: Durak's, or its family-3 kind's
    (`TABLE_ADAPTERS`); ValueError for a family-3 kind no adapter reads yet."""
    kind = kind_of(config.variant)
    if kind is None:
        from net.table.durak_adapter import DurakAdapter

        return DurakAdapter(config.rules(), config.players)
    path = TABLE_ADAPTERS.get(kind.name)
    if path is None:
        raise ValueError(f"{kind.name} is not dealt at a LAN table yet")
    module, name = path.split(":")
    adapter: GameAdapter = getattr(importlib.import_module(module), name)(config)
    return adapter
