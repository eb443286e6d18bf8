"""The table's view of cross fool (`engine.cross`).

What the game hides and how the table deals it (docs/fair-dealing.md, "Cross fool"): one card to
each seat and one on the line are dealt face up, opened to every seat before the game starts;
the rest of the shuffled deck stays closed, and each `draw` turns the deck's top card up for
every seat before the move is applied (the engine lays it where the rules say, so its face must
be known). Nothing else is hidden: the piles become the hands, every card of which every seat
has seen, and each lead or close names its card's position, checked against the deal log.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Event
from engine.cards import Card, deck_spec
from engine.cross.actions import BEAT, DRAW, FORFEIT, LEAD, CrossAction
from engine.cross.game import CrossGame
from engine.cross.rules import get_cross_rules
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan

CARD_MOVES = (LEAD, BEAT)


class CrossAdapter:
    """Cross fool at a table."""

    teams = False

    def __init__(self, config: TableConfig) -> None:
        self.rules = get_cross_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = deck_spec(self.rules.deck)
        self.piles, self.line, self.stock = CrossGame.table_layout(self.rules, self.players)

    def unsupported(self) -> str | None:
        """Every cross preset can be dealt at a table."""
        return None

    def plan(self, config: TableConfig) -> DealPlan:
        """Positions 0..players-1 face up to their seats, the next face up on the line (both
        opened to everyone at once); the rest is the closed deck."""
        everyone = (1 << self.players) - 1
        masks = [0] * len(self.deck)
        for position in (*self.piles, self.line):
            masks[position] = everyone
        table = config.table_id + ":" + config.digest().hex()[:16]
        texts = tuple(c.text for c in self.deck)
        context = DealContext(table=table, hand=config.game_no, players=self.players, deck=texts)
        return DealPlan([[p] for p in self.piles], None, masks, [], False, context)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Nobody shows a card: the open cards decide who builds first ("The one with the highest
        card goes first"); the seat fixed by the match's previous game (config.first) or the
        deal's lot only breaks a tie of highest cards, clockwise from it."""
        return FirstLead(config.first, claims=False)

    def start_openings(self, first: int) -> list[int]:
        """Nothing beyond the open cards of the deal."""
        return []

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> CrossGame:
        """This seat's hidden game (`CrossGame.new_hidden`) from the open cards of the deal."""
        return CrossGame.new_hidden(self.rules, self.players, first, faces)

    def parse(self, text: str) -> CrossAction:
        """A cross action from its text."""
        return CrossAction.parse(text)

    def wire(self, game: CrossGame, action: CrossAction) -> str:
        """Cross moves name their card by face: the text is the move."""
        return str(action)

    def forfeit(self, seat: int) -> CrossAction:
        """Leaving is a forfeit: the seat is the fool."""
        return CrossAction(seat, FORFEIT)

    def is_forfeit(self, action: CrossAction) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: CrossGame) -> list[int]:
        """The seats still holding cards (a seat that left the game has no more moves)."""
        return [s for s in range(game.players) if s not in game.out]

    def lead(self, game: CrossGame) -> int:
        """The seat whose turn it is bids first."""
        return game.turn

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

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: CrossGame
    ) -> tuple[CrossAction, list[int]]:
        """A received move checked against what every seat knows of the game."""
        try:
            action = CrossAction.parse(str(body.get("a")))
        except ParseError as exc:
            raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
        if action.seat != sender:
            raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
        positions = body.get("pos")
        if not isinstance(positions, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise CheatDetected(sender, f"move {index} names no list of positions")
        expected = 1 if action.kind in CARD_MOVES else 0
        if len(positions) != expected:
            raise CheatDetected(sender, f"move {index} names the wrong number of positions")
        if any(p not in game.hands[sender] for p in positions):
            raise CheatDetected(sender, f"move {index} plays a position not in its hand")
        return action, positions

    def claimed_faces(self, action: CrossAction, positions: list[int]) -> tuple[Card | None, ...]:
        """A lead or a close claims its card."""
        return (action.card,) if action.kind in CARD_MOVES else ()

    def kept_in_hand(self, action: CrossAction, positions: list[int]) -> list[int]:
        """No cross move shows a card that stays in the hand."""
        return []

    def turned_up(self, game: CrossGame, action: CrossAction) -> list[tuple[int, int | None]]:
        """A draw turns up the deck's top card for everyone (where it goes is the engine's)."""
        if action.kind == DRAW and game.deck and not game.over:
            return [(game.deck[-1], None)]
        return []

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """Cross fool never shuffles cards back into the deck."""
        return []

    def next_first(self, config: TableConfig, previous: CrossGame) -> int | None:
        """ "the first to leave a game deals the next" (`CrossMatch`): the first seat that left
        breaks the next game's ties; after a game nobody left, the same seat as before (or
        the lot)."""
        return config.first if previous.winner is None else previous.winner

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: CrossGame | None,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The game replayed from the opened deck: the first move the rules refuse names its
        seat; a game the moves leave unfinished names nobody."""
        if first is None:
            return [(None, "the game never started")]
        try:
            deck = [Card.parse(t) for t in opened_deck]
            replay = CrossGame.from_table(self.rules, self.players, deck, first)
        except (ParseError, EngineError) as exc:
            return [(None, f"the opened deck cannot be replayed: {exc}")]
        for index, entry in enumerate(entries):
            try:
                action = CrossAction.parse(str(entry["a"]))
            except ParseError as exc:
                return [(None, f"move {index} cannot be read: {exc}")]
            try:
                replay.apply(action)
            except EngineError as exc:
                return [(action.seat, f"made an illegal move {index} ({action}): {exc}")]
        if not replay.over:
            return [(None, f"the replayed game is not over after {len(entries)} moves")]
        return []
