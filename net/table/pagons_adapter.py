"""The table's view of durak with pagons (`engine.pagons`).

What the game hides and how the table deals it (docs/fair-dealing.md, "Pagons"): each hand is
opened to its owner, the trump card under the talon to everyone, each drawn card to its drawer
only; "The player who has the lowest value trump card starts the game": every seat shows its
lowest trump (or that it holds none) as at a Durak table, and the lowest shown leads; with none
shown the deal's lot (the fair-dealing session every seat verifies). The rule is the engine's
(`engine.pagons.lead`): the table decides by `FIRST_LEAD_RULES`, deals `table_layout` (seat 0
first, as `PagonsMatch` deals) and asks `first_lead` every deal. Every card
played to the table is opened to everyone before the move is applied; a hang shows the whole
hand it hangs to everyone; pagons handed on to a partner are opened to that partner only. The
audit replays the deal with every face open and checks every shown lowest trump.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from engine.audit import NO_TRUMP
from engine.cards import Card, deck_spec
from engine.first_lead import FirstLead
from engine.pagons.actions import ATTACK, BEAT, FORFEIT, HANG, THROW, PagonsAction
from engine.pagons.game import PagonsGame
from engine.pagons.lead import FIRST_LEAD_RULES
from engine.pagons.lead import first_lead as deal_first_lead
from engine.pagons.match import PagonsMatch
from engine.pagons.rules import get_pagons_rules
from net.dealing.errors import CheatDetected
from net.table.config import TableConfig
from net.table.deals import DealPlan
from net.table.game_adapter import Family3Adapter, Problem

CARD_MOVES = (ATTACK, THROW, BEAT)


class PagonsAdapter(Family3Adapter):
    """Durak with pagons at a table, each for himself or in two teams."""

    action_type = PagonsAction
    noun = "deal"

    def __init__(self, config: TableConfig) -> None:
        self.game_rules = get_pagons_rules(config.variant, **dict(config.options))
        self.rules = FIRST_LEAD_RULES  # the engine's pagons first-lead rule (`net.table.lead`)
        self.players = config.players
        self.teams = self.game_rules.team_play(self.players)
        self.deck: tuple[Card, ...] = deck_spec(self.game_rules.deck)
        self.hands, self.talon = PagonsGame.table_layout(self.game_rules, self.players)
        self.trump_slot = self.game_rules.deck - 1

    def plan(self, config: TableConfig) -> DealPlan:
        """Position p of the shuffled deck to seat p mod players (six each), the rest the talon;
        the last position is the trump card, open to everyone (with six players, in a hand)."""
        masks = self.owner_masks(self.hands)
        masks[self.trump_slot] = self.everyone()
        return self.deal_plan(config, [list(h) for h in self.hands], masks, [self.trump_slot])

    def first_lead(self, config: TableConfig) -> FirstLead:
        """The engine's `engine.pagons.lead.first_lead`: every deal each seat shows its lowest
        trump (`net.table.claiming`), the lowest leads, with none shown the deal's lot."""
        return deal_first_lead(config.players)

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> PagonsGame:
        """This seat's hidden deal (`PagonsGame.new_hidden`), led by the lowest trump shown."""
        return PagonsGame.new_hidden(self.game_rules, self.players, first, faces[self.trump_slot])

    def voters(self, game: PagonsGame) -> list[int]:
        """The seats still in the deal."""
        return [s for s in range(game.players) if s not in game.out]

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
        action: PagonsAction = self.read_action(sender, index, body)
        positions = self.read_positions(sender, index, body)
        hand = game.hands[sender]
        self.check_held(sender, index, positions, hand)
        if action.kind == HANG:
            if sorted(positions) != sorted(hand):
                raise CheatDetected(sender, f"move {index} hangs without showing its whole hand")
        else:
            self.check_count(sender, index, positions, len(self.shown_cards(action)))
        return action, positions

    def shown_cards(self, action: PagonsAction) -> tuple[Card | None, ...]:
        """An attack, a throw or a beat shows its cards (a hang shows a whole hand, no cards it
        names)."""
        return action.cards if action.kind in CARD_MOVES else ()

    def claimed_faces(self, action: PagonsAction, positions: list[int]) -> tuple[Card | None, ...]:
        """A card move claims its cards; a hang claims nothing (the engine judges the shown
        hand)."""
        if action.kind in CARD_MOVES:
            return action.cards
        return (None,) * len(positions)

    def next_first(self, config: TableConfig, previous: PagonsGame) -> int | None:
        """Nobody: the next deal's leader is decided by its own cards (`first_lead`)."""
        return deal_first_lead(config.players).leader

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

    def start_from_claims(self, claims: Sequence[tuple[int, str, str]]) -> SimpleNamespace:
        """A stand-in for the deal at the start: the `PagonsGame.claims` (seat, lowest trump
        shown) that `start_problems` checks."""
        return SimpleNamespace(claims=[(seat, text) for seat, _, text in claims])

    def lowest_trump_claims(self, config: TableConfig) -> bool:
        """Every deal each seat shows its lowest trump (or that it holds none)."""
        return True

    def start_problems(self, game: PagonsGame | None, deck: list[Card]) -> list[Problem]:
        """Each lowest trump shown (or "none") against the hand its seat was dealt."""
        if game is None:
            return []
        trump = deck[self.trump_slot].suit
        found: list[Problem] = []
        for seat, text in game.claims:
            trumps = [deck[p] for p in self.hands[seat] if deck[p].suit == trump]
            lowest = min(trumps, key=lambda c: c.rank) if trumps else None
            if (lowest.text if lowest is not None else NO_TRUMP) != text:
                shown = "no trump" if text == NO_TRUMP else text
                found.append((seat, f"showed {shown} as its lowest trump; it was dealt "
                                    f"{lowest or 'none'}"))  # fmt: skip
        return found

    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> PagonsGame:
        """The deal from the opened deck (pagons never shuffles cards back into the talon): a
        lowest trump shown falsely names its seat (`start_problems`), as does the first move the
        rules refuse."""
        return PagonsGame.from_table(self.game_rules, self.players, deck, first)
