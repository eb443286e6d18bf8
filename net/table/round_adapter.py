"""The table's view of complete (round) fool (`engine.round`): a `GameAdapter` for a game whose
only secret is the order of the deck.

What the game hides and how the table deals it (docs/fair-dealing.md, "Round fool"): deal 0
shuffles the whole deck; positions 0-7, the eight table cards, and position 8, the trump card
under the deck, are opened to everyone at the deal ("8 cards are laid out on the table; the
ninth card is a trump card"); the rest is the deck, position 9 on top, which nobody sees. A draw
turns up the deck's top position for everyone before it is applied (the engine needs the face to
know whether it beats a table card); the trump card, drawn last, is open already. Every card in a
hand has thus been seen by every seat, so the play needs no further secret; a lead or a beat names
the positions of its cards, checked against their faces.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, deck_spec
from engine.errors import ParseError
from engine.first_lead import FirstLead
from engine.round.actions import BEAT, DRAW, LEAD, RoundAction
from engine.round.game import RoundGame
from engine.round.rules import get_round_rules
from net.table.config import TableConfig
from net.table.deals import DealPlan
from net.table.game_adapter import Family3Adapter, Problem


class RoundAdapter(Family3Adapter):
    """Complete (round) fool at a table."""

    action_type = RoundAction

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.rules = get_round_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = deck_spec(self.rules.deck)
        try:
            self.rules.check_players(self.players)
            self.problem: str | None = None
        except ParseError as exc:
            self.problem = str(exc)

    def unsupported(self) -> str | None:
        """Only a seat count or option the rules refuse."""
        return self.problem

    @property
    def open_at_start(self) -> range:
        """The table cards and the trump card: positions 0 to `table_cards`."""
        return range(self.rules.table_cards + 1)

    def plan(self, config: TableConfig) -> DealPlan:
        """Nobody is dealt a hand; the table cards and the trump card are opened to everyone."""
        everyone = self.everyone()
        masks = [everyone if p in self.open_at_start else 0 for p in range(len(self.deck))]
        return self.deal_plan(config, [[] for _ in range(self.players)], masks)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Who draws first: the text does not say, so the deal's lot (as `RoundGame.new`), or
        the seat the match's previous game fixed (config.first); nobody shows a card. The play
        is led by the trump six's holder, which every seat sees by then."""
        return FirstLead(config.first, claims=False)

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> RoundGame:
        """This seat's hidden game (`RoundGame.new_hidden`); nothing more is turned up at the
        start (the deal opens the table cards)."""
        return RoundGame.new_hidden(self.rules, self.players, first, faces)

    def lead(self, game: RoundGame) -> int:
        """The seat whose move it is bids first."""
        return game.to_act[0] if game.to_act else 0

    def _card_positions(self, game: RoundGame, action: RoundAction) -> list[int]:
        """The hand positions of a lead's or a beat's cards, in the action's order."""
        hand = game.hands[action.seat]
        return [next((s for s in hand if game.faces[s] is card), -1) for card in action.cards]

    def shown_positions(self, game: RoundGame, action: RoundAction) -> list[int]:
        """A lead or a beat names the positions of the cards it plays."""
        return self._card_positions(game, action) if action.kind in (LEAD, BEAT) else []

    def shown_cards(self, action: RoundAction) -> tuple[Card | None, ...]:
        """A lead or a beat shows its cards."""
        return tuple(action.cards) if action.kind in (LEAD, BEAT) else ()

    def turned_up(self, game: RoundGame, action: RoundAction) -> list[tuple[int, int | None]]:
        """A draw turns up the deck's top card for everyone (the trump card, drawn last, is
        open already)."""
        if action.kind != DRAW or not game.stock:
            return []
        top = game.stock[-1]
        return [] if game.known[top] == (1 << game.players) - 1 else [(top, None)]

    def next_first(self, config: TableConfig, previous: RoundGame) -> int | None:
        """The seat that went out draws first in the next game (`RoundMatch`); after a game
        nobody alone went out of, the seat that drew first before."""
        if previous.winner is not None:
            return previous.winner
        return previous.log[0].seat if previous.log else config.first

    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> RoundGame:
        """The game from the opened deck (round fool has no deck to turn over)."""
        return RoundGame.from_table(self.rules, self.players, deck, first)

    def replay_move(self, replay: RoundGame, index: int, entry: dict[str, Any]) -> Problem | None:
        """The first move the rules refuse names its seat, as the log wrote it."""
        return self.replay_move_as_written(replay, index, entry)
