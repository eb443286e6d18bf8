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

from engine.actions import Event
from engine.cards import Card, deck_spec
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from engine.round.actions import BEAT, DRAW, FORFEIT, LEAD, RoundAction
from engine.round.game import RoundGame
from engine.round.rules import get_round_rules
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan


class RoundAdapter:
    """Complete (round) fool at a table."""

    teams = False

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
        everyone = (1 << self.players) - 1
        masks = [everyone if p in self.open_at_start else 0 for p in range(len(self.deck))]
        table = config.table_id + ":" + config.digest().hex()[:16]
        texts = tuple(c.text for c in self.deck)
        context = DealContext(table=table, hand=config.game_no, players=self.players, deck=texts)
        return DealPlan([[] for _ in range(self.players)], None, masks, [], False, context)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Who draws first: the text does not say, so the deal's lot (as `RoundGame.new`), or
        the seat the match's previous game fixed (config.first); nobody shows a card. The play
        is led by the trump six's holder, which every seat sees by then."""
        return FirstLead(config.first, claims=False)

    def start_openings(self, first: int) -> list[int]:
        """Nothing more is turned up at the start (the deal opens the table cards)."""
        return []

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> RoundGame:
        """This seat's hidden game (`RoundGame.new_hidden`)."""
        return RoundGame.new_hidden(self.rules, self.players, first, faces)

    def parse(self, text: str) -> RoundAction:
        """A round action from its text."""
        return RoundAction.parse(text)

    def wire(self, game: RoundGame, action: RoundAction) -> str:
        """Round moves name their cards by face: the text is the move."""
        return str(action)

    def forfeit(self, seat: int) -> RoundAction:
        """Leaving is a forfeit: the seat is the fool."""
        return RoundAction(seat, FORFEIT)

    def is_forfeit(self, action: RoundAction) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: RoundGame) -> list[int]:
        """Every seat votes in every round (every seat draws; the game ends when one is out)."""
        return list(range(game.players))

    def lead(self, game: RoundGame) -> int:
        """The seat whose move it is bids first."""
        return game.to_act[0] if game.to_act else 0

    def still_legal(self, game: RoundGame, seat: int, action: RoundAction) -> bool:
        """Legal by the open cards, or a forfeit."""
        return game.is_legal(action)

    def _card_positions(self, game: RoundGame, action: RoundAction) -> list[int]:
        """The hand positions of a lead's or a beat's cards, in the action's order."""
        hand = game.hands[action.seat]
        return [next((s for s in hand if game.faces[s] is card), -1) for card in action.cards]

    def shown_positions(self, game: RoundGame, action: RoundAction) -> list[int]:
        """A lead or a beat names the positions of the cards it plays."""
        return self._card_positions(game, action) if action.kind in (LEAD, BEAT) else []

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: RoundGame
    ) -> tuple[RoundAction, list[int]]:
        """A received move checked against the open cards."""
        try:
            action = RoundAction.parse(str(body.get("a")))
        except ParseError as exc:
            raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
        if action.seat != sender:
            raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
        positions = body.get("pos")
        if not isinstance(positions, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise CheatDetected(sender, f"move {index} names no list of positions")
        expected = len(action.cards) if action.kind in (LEAD, BEAT) else 0
        if len(positions) != expected:
            raise CheatDetected(sender, f"move {index} names the wrong number of positions")
        hand = game.hands[sender]
        if any(p not in hand for p in positions) or len(set(positions)) != len(positions):
            raise CheatDetected(sender, f"move {index} plays a position not in its hand")
        return action, positions

    def claimed_faces(self, action: RoundAction, positions: list[int]) -> tuple[Card | None, ...]:
        """A lead or a beat claims its cards."""
        return tuple(action.cards) if action.kind in (LEAD, BEAT) else ()

    def kept_in_hand(self, action: RoundAction, positions: list[int]) -> list[int]:
        """No round move shows a card it keeps."""
        return []

    def turned_up(self, game: RoundGame, action: RoundAction) -> list[tuple[int, int | None]]:
        """A draw turns up the deck's top card for everyone (the trump card, drawn last, is
        open already)."""
        if action.kind != DRAW or not game.stock:
            return []
        top = game.stock[-1]
        return [] if game.known[top] == (1 << game.players) - 1 else [(top, None)]

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """Round fool has no deck to turn over."""
        return []

    def next_first(self, config: TableConfig, previous: RoundGame) -> int | None:
        """The seat that went out draws first in the next game (`RoundMatch`); after a game
        nobody alone went out of, the seat that drew first before."""
        if previous.winner is not None:
            return previous.winner
        return previous.log[0].seat if previous.log else config.first

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: RoundGame | None,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The game replayed from the opened deck: the first move the rules refuse names its
        seat."""
        if first is None:
            return [(None, "the game never started")]
        try:
            deck = [Card.parse(t) for t in opened_deck]
            replay = RoundGame.from_table(self.rules, self.players, deck, first)
        except (ParseError, EngineError) as exc:
            return [(None, f"the opened deck cannot be replayed: {exc}")]
        for index, entry in enumerate(entries):
            try:
                action = RoundAction.parse(str(entry["a"]))
                replay.apply(action)
            except (EngineError, ParseError) as exc:
                head = str(entry.get("a", "")).split()[:1]
                seat = int(head[0]) if head and head[0].isdigit() else None
                return [(seat, f"made an illegal move {index} ({entry.get('a')}): {exc}")]
        if not replay.over:
            return [(None, f"the replayed game is not over after {len(entries)} moves")]
        return []
