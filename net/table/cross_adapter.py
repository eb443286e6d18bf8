"""The table's view of cross fool (`engine.cross`).

What the game hides and how the table deals it (docs/fair-dealing.md, "Cross fool"): one card to
each seat and one on the line are dealt face up, opened to every seat before the game starts;
the rest of the shuffled deck stays closed, and each `draw` turns the deck's top card up for
every seat before the move is applied (the engine lays it where the rules say, so its face must
be known). Nothing else is hidden: the piles become the hands, every card of which every seat
has seen, and each lead or close names its card's position, checked against the deal log.
"""

from __future__ import annotations

from engine.cards import Card, deck_spec
from engine.cross.actions import BEAT, DRAW, FORFEIT, LEAD, CrossAction
from engine.cross.game import CrossGame
from engine.cross.rules import get_cross_rules
from engine.first_lead import FirstLead
from net.table.config import TableConfig
from net.table.deals import DealPlan
from net.table.game_adapter import Family3Adapter

CARD_MOVES = (LEAD, BEAT)


class CrossAdapter(Family3Adapter):
    """Cross fool at a table."""

    action_type = CrossAction

    def __init__(self, config: TableConfig) -> None:
        self.rules = get_cross_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = deck_spec(self.rules.deck)
        self.piles, self.line, self.stock = CrossGame.table_layout(self.rules, self.players)

    def plan(self, config: TableConfig) -> DealPlan:
        """Positions 0..players-1 face up to their seats, the next face up on the line (both
        opened to everyone at once); the rest is the closed deck."""
        masks = [0] * len(self.deck)
        for position in (*self.piles, self.line):
            masks[position] = self.everyone()
        return self.deal_plan(config, [[p] for p in self.piles], masks)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Nobody shows a card: the open cards decide who builds first ("The one with the highest
        card goes first"); the seat fixed by the match's previous game (config.first) or the
        deal's lot only breaks a tie of highest cards, clockwise from it."""
        return FirstLead(config.first, claims=False)

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> CrossGame:
        """This seat's hidden game (`CrossGame.new_hidden`) from the open cards of the deal."""
        return CrossGame.new_hidden(self.rules, self.players, first, faces)

    def voters(self, game: CrossGame) -> list[int]:
        """The seats still holding cards (a seat that left the game has no more moves)."""
        return [s for s in range(game.players) if s not in game.out]

    def still_legal(self, game: CrossGame, seat: int, action: CrossAction) -> bool:
        """A forfeit of a seat still in the game, or listed as legal (every face it needs is
        open: the piles and hands are open to all, a draw's card is turned up as it is made)."""
        if action.kind == FORFEIT:
            return not game.over and seat not in game.out
        return action in game.legal_tuple(seat)

    def shown_positions(self, game: CrossGame, action: CrossAction) -> list[int]:
        """A lead or a close names the position of its card."""
        if action.kind not in CARD_MOVES:
            return []
        return [next(s for s in game.hands[action.seat] if game.faces[s] == action.card)]

    def shown_cards(self, action: CrossAction) -> tuple[Card | None, ...]:
        """A lead or a close shows its card."""
        return (action.card,) if action.kind in CARD_MOVES else ()

    def turned_up(self, game: CrossGame, action: CrossAction) -> list[tuple[int, int | None]]:
        """A draw turns up the deck's top card for everyone (where it goes is the engine's)."""
        if action.kind == DRAW and game.deck and not game.over:
            return [(game.deck[-1], None)]
        return []

    def next_first(self, config: TableConfig, previous: CrossGame) -> int | None:
        """ "the first to leave a game deals the next" (`CrossMatch`): the first seat that left
        breaks the next game's ties; after a game nobody left, the same seat as before (or
        the lot)."""
        return config.first if previous.winner is None else previous.winner

    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> CrossGame:
        """The game from the opened deck (cross fool never shuffles cards back into the deck)."""
        return CrossGame.from_table(self.rules, self.players, deck, first)
