"""The table's view of durak with pagons (`engine.pagons`).

What the game hides and how the table deals it (docs/fair-dealing.md, "Pagons"): each hand is
opened to its owner, the trump card under the talon to everyone, each drawn card to its drawer
only; "The player who has the lowest value trump card starts the game": every seat shows its
lowest trump (or that it holds none) as at a Durak table, and the lowest shown leads. Every card
played to the table is opened to everyone before the move is applied; a hang shows the whole
hand it hangs to everyone; pagons handed on to a partner are opened to that partner only. The
audit replays the deal with every face open and checks every shown lowest trump.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Event
from engine.audit import NO_TRUMP
from engine.cards import Card, deck_spec
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from engine.pagons.actions import ATTACK, BEAT, FORFEIT, HANG, THROW, PagonsAction
from engine.pagons.game import PagonsGame
from engine.pagons.match import PagonsMatch
from engine.pagons.rules import get_pagons_rules
from engine.rules import Rules, get_rules
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan

CARD_MOVES = (ATTACK, THROW, BEAT)

FIRST_LEAD_RULES: Rules = get_rules("throw-in")
"""The rules the table's start reads to decide the leader (`net.table.claiming`): text B's deal
is throw-in fool's, so each seat shows its lowest trump of the turned-up card's suit, the lowest
leads, and with no trump shown the deal's lot decides."""


class PagonsAdapter:
    """Durak with pagons at a table, each for himself or in two teams."""

    def __init__(self, config: TableConfig) -> None:
        self.game_rules = get_pagons_rules(config.variant, **dict(config.options))
        self.rules = FIRST_LEAD_RULES  # what the start's claims read; the game's: game_rules
        self.players = config.players
        self.teams = self.game_rules.team_play(self.players)
        self.deck: tuple[Card, ...] = deck_spec(self.game_rules.deck)
        self.hands, self.talon = PagonsGame.table_layout(self.game_rules, self.players)
        self.trump_slot = self.game_rules.deck - 1

    def unsupported(self) -> str | None:
        """Every pagons configuration can be dealt at a table."""
        return None

    def plan(self, config: TableConfig) -> DealPlan:
        """Position p of the shuffled deck to seat p mod players (six each), the rest the talon;
        the last position is the trump card, open to everyone (with six players, in a hand)."""
        masks = [0] * len(self.deck)
        for seat, hand in enumerate(self.hands):
            for position in hand:
                masks[position] = 1 << seat
        masks[self.trump_slot] = (1 << self.players) - 1
        table = config.table_id + ":" + config.digest().hex()[:16]
        texts = tuple(c.text for c in self.deck)
        context = DealContext(table=table, hand=config.game_no, players=self.players, deck=texts)
        return DealPlan([list(h) for h in self.hands], None, masks, [self.trump_slot], False,
                        context)  # fmt: skip

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Every deal: "The player who has the lowest value trump card starts the game" (each
        seat shows its lowest trump, `net.table.claiming`), also after a previous deal."""
        return FirstLead(None, claims=True)

    def start_openings(self, first: int) -> list[int]:
        """Nothing beyond the deal's openings."""
        return []

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> PagonsGame:
        """This seat's hidden deal (`PagonsGame.new_hidden`), led by the lowest trump shown."""
        return PagonsGame.new_hidden(self.game_rules, self.players, first, faces[self.trump_slot])

    def parse(self, text: str) -> PagonsAction:
        """A pagons action from its text."""
        return PagonsAction.parse(text)

    def wire(self, game: PagonsGame, action: PagonsAction) -> str:
        """Pagons moves name their cards by face: the text is the move."""
        return str(action)

    def forfeit(self, seat: int) -> PagonsAction:
        """Leaving is a forfeit: the seat is the fool, its team loses."""
        return PagonsAction(seat, FORFEIT)

    def is_forfeit(self, action: PagonsAction) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: PagonsGame) -> list[int]:
        """The seats still in the deal."""
        return [s for s in range(game.players) if s not in game.out]

    def lead(self, game: PagonsGame) -> int:
        """The seat the deal waits for bids first."""
        return game.turn

    def still_legal(self, game: PagonsGame, seat: int, action: PagonsAction) -> bool:
        """A forfeit of a seat still in the deal, or legal by this seat's own open hand."""
        if action.kind == FORFEIT:
            return game.is_legal(action)
        return action in game.legal_tuple(seat)

    def shown_positions(self, game: PagonsGame, action: PagonsAction) -> list[int]:
        """An attack, a throw or a beat names its cards' positions (in the order of the move's
        cards); a hang every position of the hand it hangs."""
        hand = game.hands[action.seat]
        if action.kind == HANG:
            return list(hand)
        if action.kind not in CARD_MOVES:
            return []
        return [next(s for s in hand if game.faces[s] == card) for card in action.cards]

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: PagonsGame
    ) -> tuple[PagonsAction, list[int]]:
        """A received move checked against what every seat knows of the deal."""
        try:
            action = PagonsAction.parse(str(body.get("a")))
        except ParseError as exc:
            raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
        if action.seat != sender:
            raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
        positions = body.get("pos")
        if not isinstance(positions, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in positions
        ):
            raise CheatDetected(sender, f"move {index} names no list of positions")
        hand = game.hands[sender]
        if any(p not in hand for p in positions) or len(set(positions)) != len(positions):
            raise CheatDetected(sender, f"move {index} plays a position not in its hand")
        if action.kind == HANG:
            if sorted(positions) != sorted(hand):
                raise CheatDetected(sender, f"move {index} hangs without showing its whole hand")
        elif len(positions) != len(action.cards if action.kind in CARD_MOVES else ()):
            raise CheatDetected(sender, f"move {index} names the wrong number of positions")
        return action, positions

    def claimed_faces(self, action: PagonsAction, positions: list[int]) -> tuple[Card | None, ...]:
        """A card move claims its cards; a hang claims nothing (the engine judges the shown
        hand)."""
        if action.kind in CARD_MOVES:
            return action.cards
        return (None,) * len(positions)

    def kept_in_hand(self, action: PagonsAction, positions: list[int]) -> list[int]:
        """No pagons move shows a card that stays in the hand."""
        return []

    def turned_up(self, game: PagonsGame, action: PagonsAction) -> list[tuple[int, int | None]]:
        """Nothing else is turned up by a pagons move."""
        return []

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """Pagons never shuffles cards back into the talon."""
        return []

    def next_first(self, config: TableConfig, previous: PagonsGame) -> int | None:
        """Nobody: "the lowest trump still leads" every deal (`PagonsMatch`)."""
        return None

    def next_options(self, config: TableConfig, previous: PagonsGame) -> dict[str, Any]:
        """The next deal's options: "Hanging pagons should start with sixes, then sevens and in
        ascending order": `PagonsMatch` scores the finished deal and its `steps` give each team
        its next level (a deal that did not end is not scored; after the queen a new match)."""
        options = dict(config.options)
        if not previous.over:
            return options
        match = PagonsMatch.at_deal(self.game_rules, self.players)
        match.record(previous)
        steps = match.next_rules().steps
        options.pop("steps", None)
        return {**options, "steps": steps} if steps else options

    def claim_problems(self, game: PagonsGame | None, deck: list[Card]) -> list[tuple[int, str]]:
        """Each lowest trump shown (or "none") against the hand its seat was dealt."""
        if game is None:
            return []
        trump = deck[self.trump_slot].suit
        found = []
        for seat, text in game.claims:
            trumps = [deck[p] for p in self.hands[seat] if deck[p].suit == trump]
            lowest = min(trumps, key=lambda c: c.rank) if trumps else None
            if (lowest.text if lowest is not None else NO_TRUMP) != text:
                shown = "no trump" if text == NO_TRUMP else text
                found.append((seat, f"showed {shown} as its lowest trump; it was dealt "
                                    f"{lowest or 'none'}"))  # fmt: skip
        return found

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: PagonsGame | None,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The deal replayed from the opened deck: a lowest trump shown falsely names its seat,
        as does the first move the rules refuse; a deal the moves leave unfinished names
        nobody."""
        if first is None:
            return [(None, "the game never started")]
        try:
            deck = [Card.parse(t) for t in opened_deck]
            replay = PagonsGame.from_table(self.game_rules, self.players, deck, first)
        except (ParseError, EngineError) as exc:
            return [(None, f"the opened deck cannot be replayed: {exc}")]
        found: list[tuple[int | None, str]] = list(self.claim_problems(game, deck))
        for index, entry in enumerate(entries):
            try:
                action = PagonsAction.parse(str(entry["a"]))
            except ParseError as exc:
                return [*found, (None, f"move {index} cannot be read: {exc}")]
            try:
                replay.apply(action)
            except EngineError as exc:
                return [*found, (action.seat, f"made an illegal move {index} ({action}): {exc}")]
        if not replay.over:
            found.append((None, f"the replayed deal is not over after {len(entries)} moves"))
        return found
