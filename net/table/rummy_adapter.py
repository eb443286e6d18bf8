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

from engine.actions import Event
from engine.cards import Card
from engine.first_lead import FirstLead
from engine.rummy.actions import ADD, DISCARD, FORFEIT, RUN, SET, SWAP, RummyAction
from engine.rummy.game import REFILLED, RummyGame
from engine.rummy.rules import get_rummy_rules
from net.table.config import TableConfig
from net.table.deals import DealPlan
from net.table.game_adapter import Family3Adapter

SHOWING = (RUN, SET, ADD, SWAP, DISCARD)
"""The moves that put cards from the hand face up (one position per card)."""


class RummyAdapter(Family3Adapter):
    """Joker rummy and its options at a table."""

    action_type = RummyAction
    held_verb = "shows"

    def __init__(self, config: TableConfig) -> None:
        self.rules = get_rummy_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = self.rules.deck()
        self.hands, self.stack = RummyGame.table_layout(self.rules, self.players)

    def plan(self, config: TableConfig) -> DealPlan:
        """Position p of the shuffled deck goes to seat p mod players (14 each); the rest is
        the deck."""
        return self.deal_plan(config, [list(h) for h in self.hands], self.owner_masks(self.hands))

    def first_lead(self, config: TableConfig) -> FirstLead:
        """ "the first dealer is determined by lot, then clockwise in a circle": the deal's lot
        names the first player, or the seat the match's previous hand fixed (config.first)."""
        return FirstLead(config.first, claims=False)

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> RummyGame:
        """This seat's hidden game (`RummyGame.new_hidden`)."""
        return RummyGame.new_hidden(self.rules, self.players, first)

    def still_legal(self, game: RummyGame, seat: int, action: RummyAction) -> bool:
        """A forfeit, or legal by this seat's own (open) hand."""
        return action.kind == FORFEIT or action in game.legal_tuple(seat)

    def shown_positions(self, game: RummyGame, action: RummyAction) -> list[int]:
        """The hand positions of the cards a move lays, adds, gives for a joker or discards."""
        return game.shown_slots(action)

    def shown_cards(self, action: RummyAction) -> tuple[Card | None, ...]:
        """A move that lays, adds, gives for a joker or discards shows the cards it names."""
        return tuple(action.cards) if action.kind in SHOWING else ()

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

    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> RummyGame:
        """The hand from the opened deck and re-deals with every face open: the first move the
        rules refuse (a combination the hand could not lay, a card not held, an opening short of
        51) names its seat."""
        dealt = [[Card.parse(t) for t in cards] for cards in redeals]
        return RummyGame.from_table(self.rules, self.players, deck, first, dealt)
