"""The table's view of road fool (`engine.road`): a `GameAdapter` for the whole-deck Durak.

What the game hides and how the table deals it (docs/fair-dealing.md, "Road fool"): the whole
deck is dealt by the fair-dealing protocol, position p to the seat p places left of the dealer,
each position opened to its owner only; the last position, the dealer's trump card, is opened
to everyone before the game starts. Every card led or beaten is opened to everyone before the
move is applied and stays open (a taken pile is public). In a table's first game nobody knows
who holds the lowest trump, so the seats are asked in turn from the dealer's left: each passes,
or shows that card (opened to all, it stays in the hand) and leads; a false pass is an illegal
move the audit names.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Event
from engine.cards import Card, deck_spec
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from engine.road.actions import FORFEIT, SHOW, RoadAction
from engine.road.game import RoadGame
from engine.road.rules import get_road_rules
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan


class RoadAdapter:
    """Road fool at a table."""

    teams = False

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.rules = get_road_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = deck_spec(self.rules.deck)
        # The text does not say who deals: the table's dealer, else the last seat (seat 0 is
        # dealt the first card, as a Durak table without a dealer deals).
        self.dealer = self.players - 1 if config.dealer is None else config.dealer
        try:
            self.hands: list[list[int]] = RoadGame.table_layout(
                self.rules, self.players, self.dealer
            )
            self.problem: str | None = None
        except (ParseError, EngineError) as exc:
            self.hands, self.problem = [], str(exc)

    def unsupported(self) -> str | None:
        """Only a table size the deck cannot be dealt equally to is refused."""
        return self.problem

    @property
    def trump_slot(self) -> int:
        """The dealer's last card, shown to everyone: the trump."""
        return self.rules.deck - 1

    def plan(self, config: TableConfig) -> DealPlan:
        """Every position to its owner (`RoadGame.table_layout`); the trump card to everyone."""
        masks = [0] * len(self.deck)
        for seat, hand in enumerate(self.hands):
            for position in hand:
                masks[position] = 1 << seat
        masks[self.trump_slot] = (1 << self.players) - 1
        table = config.table_id + ":" + config.digest().hex()[:16]
        texts = tuple(c.text for c in self.deck)
        context = DealContext(table=table, hand=config.game_no, players=self.players, deck=texts)
        return DealPlan([list(h) for h in self.hands], None, masks, [], False, context)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Nobody shows a card before the game: the previous game's winner leads
        (config.first), else the game itself asks for the lowest trump (`RoadGame.new_hidden`)."""
        return FirstLead(config.first, claims=False)

    def start_openings(self, first: int) -> list[int]:
        """Nothing beyond the trump card (opened by the deal plan) is turned up at the start."""
        return []

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> RoadGame:
        """This seat's hidden game: the leader fixed by the match, or asked for (the table's
        lot in `first` is not the rule, so it is not used)."""
        card = faces[self.trump_slot]
        return RoadGame.new_hidden(self.rules, self.players, self.dealer, card, self.config.first)

    def parse(self, text: str) -> RoadAction:
        """A road action from its text."""
        return RoadAction.parse(text)

    def wire(self, game: RoadGame, action: RoadAction) -> str:
        """Road moves name their card by face: the text is the move."""
        return str(action)

    def forfeit(self, seat: int) -> RoadAction:
        """Leaving is a forfeit: the seat is the fool."""
        return RoadAction(seat, FORFEIT)

    def is_forfeit(self, action: RoadAction) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: RoadGame) -> list[int]:
        """The seats still holding cards (a seat that is out has nothing left to do)."""
        return [seat for seat in range(game.players) if game.hands[seat]]

    def lead(self, game: RoadGame) -> int:
        """The seat whose move it is bids first."""
        return game.turn

    def still_legal(self, game: RoadGame, seat: int, action: RoadAction) -> bool:
        """Legal by this seat's own (open) hand, or a forfeit."""
        return game.is_legal(action)

    def shown_positions(self, game: RoadGame, action: RoadAction) -> list[int]:
        """A lead, a beat or the shown lowest trump names the position of its card."""
        if action.card is None:
            return []
        return [s for s in game.hands[action.seat] if game.faces[s] is action.card][:1]

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: RoadGame
    ) -> tuple[RoadAction, list[int]]:
        """A received move checked against what this seat knows of the game."""
        try:
            action = RoadAction.parse(str(body.get("a")))
        except ParseError as exc:
            raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
        if action.seat != sender:
            raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
        positions = body.get("pos")
        if not isinstance(positions, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise CheatDetected(sender, f"move {index} names no list of positions")
        if len(positions) != (0 if action.card is None else 1):
            raise CheatDetected(sender, f"move {index} names the wrong number of positions")
        if any(p not in game.hands[sender] for p in positions):
            raise CheatDetected(sender, f"move {index} plays a position not in its hand")
        return action, positions

    def claimed_faces(self, action: RoadAction, positions: list[int]) -> tuple[Card | None, ...]:
        """A card move claims its card."""
        return () if action.card is None else (action.card,)

    def kept_in_hand(self, action: RoadAction, positions: list[int]) -> list[int]:
        """The shown lowest trump stays in the hand."""
        return list(positions) if action.kind == SHOW else []

    def turned_up(self, game: RoadGame, action: RoadAction) -> list[tuple[int, int | None]]:
        """Nothing else is turned up by a road move."""
        return []

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """Road fool has no deck to turn over."""
        return []

    def next_first(self, config: TableConfig, previous: RoadGame) -> int | None:
        """ "or the one who won the previous game goes first" (`RoadMatch`: the first seat out);
        after a game nobody went out of (a forfeit), the lowest trump is asked for again."""
        return previous.winner

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: RoadGame | None,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The game replayed from the opened deck: the first move the rules refuse (a pass by
        the holder of the lowest trump, a take while able to beat where that is not allowed)
        names its seat."""
        if first is None:
            return [(None, "the game never started")]
        try:
            deck = [Card.parse(t) for t in opened_deck]
            replay = RoadGame.from_table(
                self.rules, self.players, deck, self.dealer, self.config.first
            )
        except (ParseError, EngineError) as exc:
            return [(None, f"the opened deck cannot be replayed: {exc}")]
        for index, entry in enumerate(entries):
            try:
                action = RoadAction.parse(str(entry["a"]))
                replay.apply(action)
            except (EngineError, ParseError) as exc:
                seat = entry_seat(entry)
                return [(seat, f"made an illegal move {index} ({entry.get('a')}): {exc}")]
        if not replay.over:
            return [(None, f"the replayed game is not over after {len(entries)} moves")]
        return []


def entry_seat(entry: dict[str, Any]) -> int | None:
    """The seat a log entry's move is made in the name of (None when it names none)."""
    head = str(entry.get("a", "")).split()[:1]
    return int(head[0]) if head and head[0].isdigit() else None
