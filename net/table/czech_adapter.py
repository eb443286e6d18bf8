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
from engine.czech.actions import PLAY, CzechAction
from engine.czech.game import RESHUFFLE, CzechGame
from engine.czech.rules import get_czech_rules
from engine.first_lead import FirstLead
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan
from net.table.game_adapter import Family3Adapter, Problem


class CzechAdapter(Family3Adapter):
    """Czech fool and its nine options at a table."""

    action_type = CzechAction

    def __init__(self, config: TableConfig) -> None:
        self.rules = get_czech_rules(config.variant, **dict(config.options))
        self.players = config.players
        self.deck: tuple[Card, ...] = deck_spec(self.rules.deck)
        self.hands, self.stock = CzechGame.table_layout(self.rules, self.players)

    def plan(self, config: TableConfig) -> DealPlan:
        """Position p of the shuffled deck goes to seat p mod players; the rest is the deck."""
        return self.deal_plan(config, [list(h) for h in self.hands], self.owner_masks(self.hands))

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
        action: CzechAction = self.read_action(sender, index, body)
        positions = self.read_positions(sender, index, body)
        expected = len(self.shown_cards(action))
        if expected and positions and self._last_wild(game, sender, positions[0]) is not None:
            expected = len(positions) if len(positions) in (1, 2) else 1
        self.check_count(sender, index, positions, expected)
        self.check_held(sender, index, positions, game.hands[sender])
        if len(positions) == 2 and positions[1] != self._last_wild(game, sender, positions[0]):
            raise CheatDetected(sender, f"move {index} shows a card it does not keep")
        return action, positions

    def shown_cards(self, action: CzechAction) -> tuple[Card | None, ...]:
        """A play shows its card."""
        return (action.card,) if action.kind == PLAY else ()

    def claimed_faces(self, action: CzechAction, positions: list[int]) -> tuple[Card | None, ...]:
        """A play claims its card; a shown last jack claims nothing (the engine reads its rank)."""
        cards = self.shown_cards(action)
        return cards + (None,) * (len(positions) - 1) if cards else ()

    def kept_in_hand(self, action: CzechAction, positions: list[int]) -> list[int]:
        """Option 3's shown last card stays in the hand."""
        return positions[1:]

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """The discard pile under the top card, turned over as the new deck (one card alone
        needs no shuffle: every seat saw it on the pile)."""
        return [e.slots for e in events if e.kind == RESHUFFLE and len(e.slots) > 1]

    def next_first(self, config: TableConfig, previous: CzechGame) -> int | None:
        """ "and then to the player who won the previous game" (`CzechMatch`); after a game
        nobody won, the same leader as before (or the lot)."""
        return config.first if previous.winner is None else previous.winner

    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> CzechGame:
        """The game from the opened deck and the re-deals, every face open."""
        dealt = [[Card.parse(t) for t in cards] for cards in redeals]
        return CzechGame.from_table(self.rules, self.players, deck, first, dealt)

    def replay_action(
        self, replay: CzechGame, index: int, action: CzechAction, positions: list[int]
    ) -> Problem | None:
        """The first move the rules refuse names its seat, as does a play that leaves the last
        jack alone in option 3 and keeps it hidden (it loses at once)."""
        if action.kind == PLAY and positions:
            last = self._last_wild(replay, action.seat, positions[0])
            face = None if last is None else replay.faces[last]
            wild = face is not None and face.rank == self.rules.wild_rank
            if wild and len(positions) == 1:
                return (action.seat, f"move {index} ({action}) left it with {face} and "
                        "kept it hidden: it loses at once")  # fmt: skip
        return super().replay_action(replay, index, action, positions)
