"""The table's view of joker rummy (`engine.rummy`), a `GameAdapter` on the model of czech's.

What the game hides and how the table deals it (docs/fair-dealing.md, "Joker rummy"): each hand
of 14 is opened to its owner, the deck stays closed and each drawn card is opened to its drawer
only (the first player's first move draws the top card: the text's 15th card), every card laid
in a combination, added, given for a joker or discarded is opened to everyone before the move is
applied (the stock lies face up and the combinations are open), a joker won back from the table
was already open, and the stock turned over as a new deck keeps its open faces (the text turns
it over) or, with `refill_shuffle`, is re-dealt by a hidden sub-deck. At the end of the hand
every hand is shown so that every seat counts the points.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Event
from engine.cards import Card
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from engine.rummy.actions import ADD, DISCARD, FORFEIT, RUN, SET, SWAP, RummyAction
from engine.rummy.game import REFILLED, RummyGame
from engine.rummy.rules import get_rummy_rules
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan

SHOWING = (RUN, SET, ADD, SWAP, DISCARD)
"""The moves that put cards from the hand face up (one position per card)."""


class RummyAdapter:
    """Joker rummy and its options at a table."""

    teams = False

    def __init__(self, config: TableConfig) -> None:
        self.rules = get_rummy_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = self.rules.deck()
        self.hands, self.stack = RummyGame.table_layout(self.rules, self.players)

    def unsupported(self) -> str | None:
        """Every joker-rummy option can be dealt at a table."""
        return None

    def plan(self, config: TableConfig) -> DealPlan:
        """Position p of the shuffled deck goes to seat p mod players (14 each); the rest is
        the deck."""
        masks = [0] * len(self.deck)
        for seat, hand in enumerate(self.hands):
            for position in hand:
                masks[position] = 1 << seat
        table = config.table_id + ":" + config.digest().hex()[:16]
        texts = tuple(c.text for c in self.deck)
        context = DealContext(table=table, hand=config.game_no, players=self.players, deck=texts)
        return DealPlan([list(h) for h in self.hands], None, masks, [], False, context)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """ "the first dealer is determined by lot, then clockwise in a circle": the deal's lot
        names the first player, or the seat the match's previous hand fixed (config.first)."""
        return FirstLead(config.first, claims=False)

    def start_openings(self, first: int) -> list[int]:
        """Nothing is turned up before the first move."""
        return []

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> RummyGame:
        """This seat's hidden game (`RummyGame.new_hidden`)."""
        return RummyGame.new_hidden(self.rules, self.players, first)

    def parse(self, text: str) -> RummyAction:
        """A joker-rummy action from its text."""
        return RummyAction.parse(text)

    def wire(self, game: RummyGame, action: RummyAction) -> str:
        """Rummy moves name their cards by face: the text is the move."""
        return str(action)

    def forfeit(self, seat: int) -> RummyAction:
        """Leaving is a forfeit: the hand ends and the leaver is the fool."""
        return RummyAction(seat, FORFEIT)

    def is_forfeit(self, action: RummyAction) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: RummyGame) -> list[int]:
        """Every seat votes in every round (nobody leaves a hand before its end)."""
        return list(range(game.players))

    def lead(self, game: RummyGame) -> int:
        """The seat whose turn it is bids first."""
        return game.turn

    def still_legal(self, game: RummyGame, seat: int, action: RummyAction) -> bool:
        """A forfeit, or legal by this seat's own (open) hand."""
        return action.kind == FORFEIT or action in game.legal_tuple(seat)

    def shown_positions(self, game: RummyGame, action: RummyAction) -> list[int]:
        """The hand positions of the cards a move lays, adds, gives for a joker or discards."""
        return game.shown_slots(action)

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: RummyGame
    ) -> tuple[RummyAction, list[int]]:
        """A received move checked against what this seat knows of the game."""
        try:
            action = RummyAction.parse(str(body.get("a")))
        except ParseError as exc:
            raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
        if action.seat != sender:
            raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
        positions = body.get("pos")
        if not isinstance(positions, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise CheatDetected(sender, f"move {index} names no list of positions")
        expected = len(action.cards) if action.kind in SHOWING else 0
        if len(positions) != expected:
            raise CheatDetected(sender, f"move {index} names the wrong number of positions")
        hand = game.hands[sender]
        if any(p not in hand for p in positions) or len(set(positions)) != len(positions):
            raise CheatDetected(sender, f"move {index} shows a position not in its hand")
        return action, positions

    def claimed_faces(self, action: RummyAction, positions: list[int]) -> tuple[Card | None, ...]:
        """Each position shows the card the move names for it, in order."""
        return tuple(action.cards) if action.kind in SHOWING else ()

    def kept_in_hand(self, action: RummyAction, positions: list[int]) -> list[int]:
        """No shown card stays in the hand."""
        return []

    def turned_up(self, game: RummyGame, action: RummyAction) -> list[tuple[int, int | None]]:
        """Nothing else is turned up by a rummy move (a joker won back was open on the table)."""
        return []

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """With `refill_shuffle`, the stock turned over as the new deck (one card alone needs
        no shuffle); as the text turns it over, its faces stay open and nothing is re-dealt."""
        if not self.rules.refill_shuffle:
            return []
        return [e.slots for e in events if e.kind == REFILLED and len(e.slots) > 1]

    def next_first(self, config: TableConfig, previous: RummyGame) -> int | None:
        """ "Distribution is carried out in a circle ... then clockwise in a circle": the next
        hand's first player is the seat after this hand's (`RummyMatch`)."""
        return (previous.first + 1) % self.players

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: RummyGame | None,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The hand replayed from the opened deck and re-deals with every face open: the first
        move the rules refuse (a combination the hand could not lay, a card not held, an
        opening short of 51) names its seat."""
        if first is None:
            return [(None, "the game never started")]
        try:
            deck = [Card.parse(t) for t in opened_deck]
            dealt = [[Card.parse(t) for t in cards] for cards in redeals]
            replay = RummyGame.from_table(self.rules, self.players, deck, first, dealt)
        except (ParseError, EngineError) as exc:
            return [(None, f"the opened deck cannot be replayed: {exc}")]
        for index, entry in enumerate(entries):
            action = RummyAction.parse(str(entry["a"]))
            try:
                replay.apply(action)
            except (EngineError, ParseError) as exc:
                return [(action.seat, f"made an illegal move {index} ({action}): {exc}")]
        if not replay.over:
            return [(None, f"the replayed game is not over after {len(entries)} moves")]
        return []
