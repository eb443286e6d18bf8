"""The table's view of czech fool (`engine.czech`): the second implementation of `GameAdapter`.

What the game hides and how the table deals it (docs/fair-dealing.md, "Czech fool"): each hand is
opened to its owner, the deck stays closed and each drawn card is opened to its drawer only, every
played card is opened to everyone before the move is applied (the discard pile is face up), an
ordered suit is a public move, the leader's last card is opened to everyone before the game starts
where an option turns it up (`open_start`), and the pile turned over into a new deck is re-dealt
by a hidden sub-deck (as crazy's reshuffle). Option 3's "left with the jack loses at once": the
player shows that last jack with the move that leaves it alone.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Event
from engine.cards import Card, deck_spec
from engine.czech.actions import FORFEIT, PLAY, CzechAction
from engine.czech.game import RESHUFFLE, CzechGame
from engine.czech.rules import get_czech_rules
from engine.errors import EngineError, ParseError
from engine.first_lead import FirstLead
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan


class CzechAdapter:
    """Czech fool and its nine options at a table."""

    teams = False

    def __init__(self, config: TableConfig) -> None:
        self.rules = get_czech_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = deck_spec(self.rules.deck)
        self.hands, self.stock = CzechGame.table_layout(self.rules, self.players)

    def unsupported(self) -> str | None:
        """Every czech preset can be dealt at a table."""
        return None

    def plan(self, config: TableConfig) -> DealPlan:
        """Position p of the shuffled deck goes to seat p mod players; the rest is the deck."""
        masks = [0] * len(self.deck)
        for seat, hand in enumerate(self.hands):
            for position in hand:
                masks[position] = 1 << seat
        table = config.table_id + ":" + config.digest().hex()[:16]
        texts = tuple(c.text for c in self.deck)
        context = DealContext(table=table, hand=config.game_no, players=self.players, deck=texts)
        return DealPlan([list(h) for h in self.hands], None, masks, [], False, context)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """ "The first move belongs to the player whom the computer randomly selects" (the deal's
        lot), or the seat the match's previous game fixed (config.first); nobody shows a card."""
        return FirstLead(config.first, claims=False)

    def start_openings(self, first: int) -> list[int]:
        """With `open_start`, the leader's last dealt card is turned up before the first move."""
        return [self.hands[first][-1]] if self.rules.open_start else []

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> CzechGame:
        """This seat's hidden game (`CzechGame.new_hidden`)."""
        start = self.start_openings(first)
        card = faces[start[0]] if start else None
        return CzechGame.new_hidden(self.rules, self.players, first, card)

    def parse(self, text: str) -> CzechAction:
        """A czech action from its text."""
        return CzechAction.parse(text)

    def wire(self, game: CzechGame, action: CzechAction) -> str:
        """Czech moves name their card by face: the text is the move."""
        return str(action)

    def forfeit(self, seat: int) -> CzechAction:
        """Leaving is a forfeit: the seat loses with the points of its hand."""
        return CzechAction(seat, FORFEIT)

    def is_forfeit(self, action: CzechAction) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: CzechGame) -> list[int]:
        """Every seat votes in every round (nobody leaves a czech game before its end)."""
        return list(range(game.players))

    def lead(self, game: CzechGame) -> int:
        """The seat whose turn it is bids first."""
        return game.turn

    def still_legal(self, game: CzechGame, seat: int, action: CzechAction) -> bool:
        """A forfeit, or legal by this seat's own (open) hand."""
        return game.is_legal(action)

    def _last_wild(self, game: CzechGame, seat: int, slot: int) -> int | None:
        """Option 3: the slot of the one card this play leaves, when the rules end the game on it
        (None when the play leaves another count, or the rules have no such loss)."""
        hand = game.hands[seat]
        if not self.rules.wild_left_loses or len(hand) != 2 or slot not in hand:
            return None
        return hand[0] if hand[1] == slot else hand[1]

    def shown_positions(self, game: CzechGame, action: CzechAction) -> list[int]:
        """A play names the position of its card; one that leaves the jack alone in option 3
        shows that jack too (it stays in the hand and ends the game)."""
        if action.kind != PLAY:
            return []
        hand = game.hands[action.seat]
        slot = next(s for s in hand if game.faces[s] is action.card)
        last = self._last_wild(game, action.seat, slot)
        if last is not None:
            face = game.faces[last]
            if face is not None and face.rank == self.rules.wild_rank:
                return [slot, last]
        return [slot]

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: CzechGame
    ) -> tuple[CzechAction, list[int]]:
        """A received move checked against what this seat knows of the game."""
        try:
            action = CzechAction.parse(str(body.get("a")))
        except ParseError as exc:
            raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
        if action.seat != sender:
            raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
        positions = body.get("pos")
        if not isinstance(positions, list) or not all(isinstance(p, int) for p in positions):
            raise CheatDetected(sender, f"move {index} names no list of positions")
        hand = game.hands[sender]
        if action.kind != PLAY:
            expected = 0
        elif positions and self._last_wild(game, sender, positions[0]) is not None:
            expected = len(positions) if len(positions) in (1, 2) else 1
        else:
            expected = 1
        if len(positions) != expected:
            raise CheatDetected(sender, f"move {index} names the wrong number of positions")
        if any(p not in hand for p in positions) or len(set(positions)) != len(positions):
            raise CheatDetected(sender, f"move {index} plays a position not in its hand")
        if len(positions) == 2 and positions[1] != self._last_wild(game, sender, positions[0]):
            raise CheatDetected(sender, f"move {index} shows a card it does not keep")
        return action, positions

    def claimed_faces(self, action: CzechAction, positions: list[int]) -> tuple[Card | None, ...]:
        """A play claims its card; a shown last jack claims nothing (the engine reads its rank)."""
        if action.kind != PLAY:
            return ()
        return (action.card,) + (None,) * (len(positions) - 1)

    def kept_in_hand(self, action: CzechAction, positions: list[int]) -> list[int]:
        """Option 3's shown last card stays in the hand."""
        return positions[1:]

    def turned_up(self, game: CzechGame, action: CzechAction) -> list[tuple[int, int | None]]:
        """Nothing else is turned up by a czech move."""
        return []

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """The discard pile under the top card, turned over as the new deck (one card alone
        needs no shuffle: every seat saw it on the pile)."""
        return [e.slots for e in events if e.kind == RESHUFFLE and len(e.slots) > 1]

    def next_first(self, config: TableConfig, previous: CzechGame) -> int | None:
        """ "and then to the player who won the previous game" (`CzechMatch`); after a game
        nobody won, the same leader as before (or the lot)."""
        return config.first if previous.winner is None else previous.winner

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: CzechGame | None,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The game replayed from the opened deck and re-deals: the first move the rules refuse
        names its seat, as does a last jack kept hidden in option 3."""
        if first is None:
            return [(None, "the game never started")]
        try:
            deck = [Card.parse(t) for t in opened_deck]
            dealt = [[Card.parse(t) for t in cards] for cards in redeals]
            replay = CzechGame.from_table(self.rules, self.players, deck, first, dealt)
        except (ParseError, EngineError) as exc:
            return [(None, f"the opened deck cannot be replayed: {exc}")]
        for index, entry in enumerate(entries):
            action = CzechAction.parse(str(entry["a"]))
            positions = entry.get("pos") or []
            if action.kind == PLAY and positions:
                last = self._last_wild(replay, action.seat, positions[0])
                face = None if last is None else replay.faces[last]
                wild = face is not None and face.rank == self.rules.wild_rank
                if wild and len(positions) == 1:
                    return [(action.seat, f"move {index} ({action}) left it with {face} and "
                             "kept it hidden: it loses at once")]  # fmt: skip
            try:
                replay.apply(action)
            except (EngineError, ParseError) as exc:
                return [(action.seat, f"made an illegal move {index} ({action}): {exc}")]
        if not replay.over:
            return [(None, f"the replayed game is not over after {len(entries)} moves")]
        return []
