"""The seam between the table protocol and a game: what a table asks of the game it plays.

A `TableCore` deals, orders and signs moves without knowing the rules; for everything that depends
on them it asks its `GameAdapter`: how the deck is laid out, the hidden game every seat starts
from, how a move is written, parsed and checked, which positions a move shows or turns up, which
slots a re-deal must shuffle again, and the audit's replay with every face open. `adapter_for`
picks the adapter of a configuration's variant from its registry entry (`engine.games`); `Family3Adapter`
holds what the family-3 adapters share.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from engine import games
from engine.actions import Event
from engine.cards import Card
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan

FORFEIT = "forfeit"
"""The kind of the action by which a seat leaves a family-3 game (each engine's `FORFEIT`)."""

Problem = tuple[int | None, str]
"""A problem the audit finds, with the seat it names (None: nobody can be named)."""


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


class TurnUpView(Protocol):
    """How far a start's turn-up walk has got (two-trump's distinct suits): the positions turned
    up so far, those that became a seat's trump card, and the next one to turn up (None: done)."""

    @property
    def turned(self) -> list[int]:
        """The positions turned up so far, bottom first."""

    @property
    def chosen(self) -> list[int]:
        """The positions that became a seat's trump card, in seat order."""

    @property
    def next_slot(self) -> int | None:
        """The next position to turn up (None: the walk is done)."""


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

    def turn_up(self, order: Sequence[int], faces: dict[int, Card]) -> TurnUpView:
        """The start's turn-up walk over the talon `order` as far as the opened `faces` go."""

    def seat_suits(self, chosen: Sequence[Card | None]) -> list[str | None]:
        """Each seat's own trump suit from its trump card's face (personal trumps)."""

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

    # ----- a kept game file, checked and replayed (net.history) ----------------------------

    def start_from_claims(self, claims: Sequence[tuple[int, str, str]]) -> Any:
        """The start game `replay` reads (its claims), rebuilt from the claims a game file
        keeps (`GameKind.start_claims`: seat, kind, text); None when the game reads none."""

    def lowest_trump_claims(self, config: TableConfig) -> bool:
        """Whether the positions the seats showed at the start are lowest-trump claims, which
        a game file's verifier reads from the opened deck and compares with the kept ones."""

    def proxy_claim_problems(
        self,
        config: TableConfig,
        claims: Sequence[int | None],
        opened_deck: Sequence[str],
        trump: str | None,
    ) -> list[tuple[int, str]]:
        """The seats whose start claim about another seat's hand (reverse fool: the next
        seat's lowest trump) the opened deck refutes, each with why; `claims`: the position
        each seat showed (None: none)."""

    def replay_from_deck(
        self,
        first: int,
        deck: list[Card],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> Any:
        """The game as dealt from the opened deck (and re-deals) with every face open and led
        by `first`: a game file's replay, stepped by `apply_logged`."""

    def apply_logged(self, game: Any, index: int, entry: dict[str, Any]) -> None:
        """Apply log entry `index` to a `replay_from_deck` game (EngineError or ValueError
        saying why when the move cannot be read or the rules refuse it)."""


@runtime_checkable
class MatchOptions(Protocol):
    """An adapter whose match changes the rules from game to game (pagons' levels)."""

    def next_options(self, config: TableConfig, previous: Any) -> dict[str, Any]:
        """The rule options of the match's next game after `previous`, as every peer computes
        them from the finished game (`TableConfig.next_game`)."""


@runtime_checkable
class DealerRotation(Protocol):
    """An adapter whose match passes the deal on from game to game (Durak: the fool deals)."""

    def next_dealer(self, config: TableConfig, previous: Any) -> int | None:
        """The dealer of the match's next game after `previous`, as every peer computes it."""


class ActionClass(Protocol):
    """A family-3 engine's action class: built from a seat and a kind, read from its text."""

    def __call__(self, seat: int, kind: str) -> Any:
        """The action of `kind` by `seat` that needs no card."""

    def parse(self, text: str) -> Any:
        """An action from its text (ParseError when it is none)."""


class Family3Adapter(ABC):
    """What the family-3 adapters share: the action's text is the move (the engine's own `str`
    and `parse`), leaving is the engine's `forfeit` move, every seat votes and the seat whose
    turn it is bids first, a move keeps no shown card in the hand, turns up nothing else and
    re-deals nothing, nothing is opened before the start, and the audit replays the log move by
    move from the opened deck. Each adapter overrides what its game does otherwise."""

    action_type: ClassVar[ActionClass]  # the engine's action class
    noun: ClassVar[str] = "game"  # what one game of the table is called in the audit's words
    held_verb: ClassVar[str] = "plays"  # what a move does with its hand's cards, in a cheat's words
    teams = False
    rules: Any
    players: int
    deck: tuple[Card, ...]

    def unsupported(self) -> str | None:
        """Every configuration of the game can be dealt at a table."""
        return None

    def start_openings(self, first: int) -> list[int]:
        """Nothing beyond the deal's openings is turned up before the first move."""
        return []

    def turn_up(self, order: Sequence[int], faces: dict[int, Card]) -> TurnUpView:
        """Family 3 turns nothing up at the start (its plan's turn-up order is empty)."""
        raise ValueError(f"{self.noun}: no turn-up at the start")

    def seat_suits(self, chosen: Sequence[Card | None]) -> list[str | None]:
        """Family 3 has no personal trump suits."""
        return [None] * self.players

    def parse(self, text: str) -> Any:
        """An action from its text (the engine's `parse`)."""
        return self.action_type.parse(text)

    def wire(self, game: Any, action: Any) -> str:
        """Family-3 moves name their cards by face: the text is the move."""
        return str(action)

    def forfeit(self, seat: int) -> Any:
        """Leaving is the engine's forfeit move (what it costs is the engine's rule)."""
        return self.action_type(seat, FORFEIT)

    def is_forfeit(self, action: Any) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: Any) -> list[int]:
        """Every seat votes in every round (nobody leaves the game before its end)."""
        return list(range(game.players))

    def lead(self, game: Any) -> int:
        """The seat whose turn it is bids first."""
        return game.turn

    def still_legal(self, game: Any, seat: int, action: Any) -> bool:
        """Legal by what this seat knows (its own open hand), or a forfeit (`is_legal`)."""
        return game.is_legal(action)

    def kept_in_hand(self, action: Any, positions: list[int]) -> list[int]:
        """No shown card stays in the hand."""
        return []

    def turned_up(self, game: Any, action: Any) -> list[tuple[int, int | None]]:
        """Nothing else is turned up by a move."""
        return []

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """No cards are shuffled back into a deck."""
        return []

    @abstractmethod
    def shown_cards(self, action: Any) -> tuple[Card | None, ...]:
        """The cards a move shows from its hand, one named position each, in order."""

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: Any
    ) -> tuple[Any, list[int]]:
        """A received move checked against what this seat knows of the game: made in its
        sender's name, naming a different position of the sender's hand for each card it shows
        (`shown_cards`); CheatDetected else."""
        action = self.read_action(sender, index, body)
        positions = self.read_positions(sender, index, body)
        self.check_count(sender, index, positions, len(self.shown_cards(action)))
        self.check_held(sender, index, positions, game.hands[sender], self.held_verb)
        return action, positions

    def claimed_faces(self, action: Any, positions: list[int]) -> tuple[Card | None, ...]:
        """Each position shows the card the move names for it, in order (`shown_cards`)."""
        return self.shown_cards(action)

    def everyone(self) -> int:
        """The mask of a position opened to every seat."""
        return (1 << self.players) - 1

    def owner_masks(self, hands: Sequence[Sequence[int]]) -> list[int]:
        """Each position of `hands` opened to its owner alone, every other position closed."""
        masks = [0] * len(self.deck)
        for seat, hand in enumerate(hands):
            for position in hand:
                masks[position] = 1 << seat
        return masks

    def deal_plan(
        self,
        config: TableConfig,
        dealt: list[list[int]],
        masks: list[int],
        trump_slots: Sequence[int] = (),
    ) -> DealPlan:
        """Deal 0 of this configuration: the seats' hand positions and who sees each position at
        the start (nobody names a trump; one stage)."""
        table = config.table_id + ":" + config.digest().hex()[:16]
        texts = tuple(c.text for c in self.deck)
        context = DealContext(
            table=table,
            hand=config.game_no,
            players=self.players,
            deck=texts,
            group_name=config.group,
        )
        return DealPlan(dealt, None, masks, list(trump_slots), False, context)

    def read_action(self, sender: int, index: int, body: dict[str, Any]) -> Any:
        """The action of a received move, made in its sender's own name (CheatDetected else)."""
        try:
            action = self.action_type.parse(str(body.get("a")))
        except ParseError as exc:
            raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
        if action.seat != sender:
            raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
        return action

    @staticmethod
    def read_positions(sender: int, index: int, body: dict[str, Any]) -> list[int]:
        """The positions a received move names: a list of whole numbers (CheatDetected else)."""
        positions = body.get("pos")
        if not isinstance(positions, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise CheatDetected(sender, f"move {index} names no list of positions")
        return positions

    @staticmethod
    def check_count(sender: int, index: int, positions: list[int], expected: int) -> None:
        """A move names as many positions as it shows cards (CheatDetected else)."""
        if len(positions) != expected:
            raise CheatDetected(sender, f"move {index} names the wrong number of positions")

    @staticmethod
    def check_held(
        sender: int, index: int, positions: list[int], hand: Sequence[int], verb: str = "plays"
    ) -> None:
        """Every position a move names is a different one of the sender's hand (CheatDetected
        else)."""
        if any(p not in hand for p in positions) or len(set(positions)) != len(positions):
            raise CheatDetected(sender, f"move {index} {verb} a position not in its hand")

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: Any,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[Problem]:
        """The game replayed from the opened deck (and re-deals) with every face open: the
        problems found before the first move (`start_problems`), then the first move the rules
        refuse, naming its seat; a game the moves leave unfinished names nobody."""
        if first is None:
            return [(None, "the game never started")]
        try:
            deck = [Card.parse(t) for t in opened_deck]
            replay = self.replay_start(first, deck, redeals)
        except (ParseError, EngineError) as exc:
            return [(None, f"the opened deck cannot be replayed: {exc}")]
        found = self.start_problems(game, deck)
        for index, entry in enumerate(entries):
            problem = self.replay_move(replay, index, entry)
            if problem is not None:
                return [*found, problem]
        if not replay.over:
            found.append((None, f"the replayed {self.noun} is not over after {len(entries)} moves"))
        return found

    @abstractmethod
    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> Any:
        """The game with every face open, dealt from `deck` (and `redeals`) and led by `first`."""

    def start_problems(self, game: Any, deck: list[Card]) -> list[Problem]:
        """Problems with what the seats showed before the first move (none by default)."""
        return []

    def replay_move(self, replay: Any, index: int, entry: dict[str, Any]) -> Problem | None:
        """Apply log entry `index` to the replay: None, or the problem it is (a move that cannot
        be read names nobody; one the rules refuse names its seat)."""
        try:
            action = self.action_type.parse(str(entry["a"]))
        except ParseError as exc:
            return (None, f"move {index} cannot be read: {exc}")
        return self.replay_action(replay, index, action, entry.get("pos") or [])

    def replay_action(
        self, replay: Any, index: int, action: Any, positions: list[int]
    ) -> Problem | None:
        """Apply a read move (naming `positions`) to the replay: None, or its seat and why the
        rules refuse it."""
        try:
            replay.apply(action)
        except EngineError as exc:
            return (action.seat, f"made an illegal move {index} ({action}): {exc}")
        return None

    def start_from_claims(self, claims: Sequence[tuple[int, str, str]]) -> Any:
        """Nothing is claimed at the start by default (`start_problems` reads no game)."""
        return None

    def lowest_trump_claims(self, config: TableConfig) -> bool:
        """No seat shows its lowest trump at the start by default."""
        return False

    def proxy_claim_problems(
        self,
        config: TableConfig,
        claims: Sequence[int | None],
        opened_deck: Sequence[str],
        trump: str | None,
    ) -> list[tuple[int, str]]:
        """No seat claims anything about another seat's hand."""
        return []

    def replay_from_deck(
        self,
        first: int,
        deck: list[Card],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> Any:
        """The game the audit replays (`replay_start`); the dealer and trump are the deck's."""
        return self.replay_start(first, deck, redeals)

    def apply_logged(self, game: Any, index: int, entry: dict[str, Any]) -> None:
        """`replay_move`, its problem raised as a ValueError."""
        problem = self.replay_move(game, index, entry)
        if problem is not None:
            raise ValueError(problem[1])

    def replay_move_as_written(
        self, replay: Any, index: int, entry: dict[str, Any]
    ) -> Problem | None:
        """As `replay_move`, but any problem names the seat and the move as the entry wrote them
        (`entry_seat`)."""
        try:
            replay.apply(self.action_type.parse(str(entry["a"])))
        except EngineError as exc:
            return (entry_seat(entry), f"made an illegal move {index} ({entry.get('a')}): {exc}")
        return None


def entry_seat(entry: dict[str, Any]) -> int | None:
    """The seat a log entry's move is made in the name of (None when it names none)."""
    head = str(entry.get("a", "")).split()[:1]
    return int(head[0]) if head and head[0].isdigit() else None


def adapter_for(config: TableConfig) -> GameAdapter:
    """The adapter of a configuration's game, from its registry entry (`engine.games`);
    ValueError for an unknown id or a game no LAN table deals yet."""
    found = games.entry(config.variant)
    if found is None:
        raise ValueError(f"no variant named {config.variant!r}")
    adapter: GameAdapter = found.adapter()(config)
    return adapter
