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

from engine.cards import Card, deck_spec
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from engine.road.actions import SHOW, RoadAction
from engine.road.game import RoadGame
from engine.road.match import first_leader
from engine.road.rules import get_road_rules
from net.table.config import TableConfig
from net.table.deals import DealPlan
from net.table.game_adapter import Family3Adapter, Problem


class RoadAdapter(Family3Adapter):
    """Road fool at a table."""

    action_type = RoadAction

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
        masks = self.owner_masks(self.hands)
        masks[self.trump_slot] = self.everyone()
        return self.deal_plan(config, [list(h) for h in self.hands], masks)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Nobody shows a card before the game: the previous game's winner leads
        (config.first), else the game itself asks for the lowest trump (`RoadGame.new_hidden`)."""
        return FirstLead(config.first, claims=False)

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> RoadGame:
        """This seat's hidden game: the leader fixed by the match, or asked for (the table's
        lot in `first` is not the rule, so it is not used)."""
        card = faces[self.trump_slot]
        return RoadGame.new_hidden(self.rules, self.players, self.dealer, card, self.config.first)

    def voters(self, game: RoadGame) -> list[int]:
        """The seats still holding cards (a seat that is out has nothing left to do)."""
        return [seat for seat in range(game.players) if game.hands[seat]]

    def shown_positions(self, game: RoadGame, action: RoadAction) -> list[int]:
        """A lead, a beat or the shown lowest trump names the position of its card."""
        if action.card is None:
            return []
        return [s for s in game.hands[action.seat] if game.faces[s] is action.card][:1]

    def shown_cards(self, action: RoadAction) -> tuple[Card | None, ...]:
        """A card move (a lead, a beat, the shown lowest trump) shows its card."""
        return () if action.card is None else (action.card,)

    def kept_in_hand(self, action: RoadAction, positions: list[int]) -> list[int]:
        """The shown lowest trump stays in the hand."""
        return list(positions) if action.kind == SHOW else []

    def next_first(self, config: TableConfig, previous: RoadGame) -> int | None:
        """The engine's rule (`engine.road.match.first_leader`): the first seat out of the last
        game; after a game nobody went out of (a forfeit), the lowest trump is asked for again."""
        return first_leader(previous)

    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> RoadGame:
        """The game from the opened deck, dealt by this table's dealer (road fool has no deck to
        turn over)."""
        return RoadGame.from_table(self.rules, self.players, deck, self.dealer, self.config.first)

    def replay_move(self, replay: RoadGame, index: int, entry: dict[str, Any]) -> Problem | None:
        """The first move the rules refuse (a pass by the holder of the lowest trump, a take
        while able to beat where that is not allowed) names its seat, as the log wrote it."""
        return self.replay_move_as_written(replay, index, entry)
