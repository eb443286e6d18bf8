"""The table's view of Durak (`engine.game.Game`): the first implementation of `GameAdapter`."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from engine.actions import ATTACK_TALON, CHECK, FORFEIT, RESHUFFLE, SHOW_TRUMP, Action, Event
from engine.cards import Card, deck_spec
from engine.first_lead import FirstLead, decide_first_lead
from engine.game import Claim, Game, deal_layout
from engine.match import next_leader
from engine.rules import Rules
from engine.variants.two_trump import TurnUp, seat_suits, walk_turn_up
from net.table.audit import game_check, proxy_claim_problems
from net.table.config import TableConfig
from net.table.deals import DealPlan, plan_deal, table_support
from net.table.lead import claim_subject, claims_checkable, trump_for
from net.table.log import FACE_UP_KINDS, claimed_cards, read_move


class DurakAdapter:
    """Durak and its family-1 and family-2 variants at a table."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.teams = rules.teams
        self.deck = deck_spec(rules.deck, rules.jokers, rules.decks)

    def unsupported(self) -> str | None:
        """Why these rules cannot be dealt at a table yet (`deals.table_support`)."""
        return table_support(self.rules)

    def plan(self, config: TableConfig) -> DealPlan:
        """The deal of one game of this configuration (`deals.plan_deal`)."""
        return plan_deal(config, self.rules, self.deck)

    def first_lead(self, config: TableConfig) -> FirstLead:
        """Shown cards decide the leader, unless a match's previous result fixed it
        (config.first): then no hand's lowest trump is shown."""
        if config.first is not None:
            return FirstLead(config.first, claims=False)
        return decide_first_lead(self.rules, config.players)

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> Game:
        """The hidden game of `seat` (`Game.new_hidden`); the faces come through `reveal`.

        Two-trump with distinct suits: the seats' trump positions follow from the talon cards
        the table turned up (`faces`), walked as the engine walks them."""
        rules = self.rules
        trump_slots: list[int] = []
        if rules.distinct_trumps:
            talon = deal_layout(rules, self.players, dealer)[1]
            walk = walk_turn_up(talon, faces.get, self.players)
            if walk.next_slot is not None:
                raise ValueError("two-trump: the trump cards are not all turned up yet")
            trump_slots = walk.chosen
        return Game.new_hidden(
            rules, self.players, seat, first, trump=trump, dealer=dealer, trump_slots=trump_slots
        )

    def start_openings(self, first: int) -> list[int]:
        """Durak opens nothing once the leader is known."""
        return []

    def turn_up(self, order: Sequence[int], faces: dict[int, Card]) -> TurnUp:
        """Two-trump with distinct suits: the talon turned up bottom first until every seat has
        a suit of its own (`engine.variants.two_trump.walk_turn_up`)."""
        return walk_turn_up(order, faces.get, self.players)

    def seat_suits(self, chosen: Sequence[Card | None]) -> list[str | None]:
        """Two-trump: each seat's suit from its trump card (`two_trump.seat_suits`)."""
        return seat_suits(chosen, self.players, self.rules.distinct_trumps)

    def parse(self, text: str) -> Action:
        """A Durak action from its text."""
        return Action.parse(text)

    def wire(self, game: Game, action: Action) -> str:
        """Hidden cards (a face-down beat, an exchange) are named by position."""
        return str(game.wire_action(action))

    def forfeit(self, seat: int) -> Action:
        """Leaving is a forfeit."""
        return Action(seat, FORFEIT)

    def is_forfeit(self, action: Action) -> bool:
        """Whether `action` is a forfeit."""
        return action.kind == FORFEIT

    def voters(self, game: Game) -> list[int]:
        """The seats still in the game."""
        return [s for s in range(game.players) if game.in_game >> s & 1]

    def lead(self, game: Game) -> int:
        """The lead attacker."""
        return game.lead

    def still_legal(self, game: Game, seat: int, action: Action) -> bool:
        """Listed, or legal: a check or a talon lead is legal before its card is opened."""
        if action.kind == FORFEIT or action in game.legal_actions(seat):
            return True
        return game.is_legal(action)

    def shown_positions(self, game: Game, action: Action) -> list[int]:
        """The positions of the cards a face-up move plays or shows."""
        return game.opened_by(action) if action.kind in FACE_UP_KINDS else []

    def read_move(
        self, sender: int, index: int, body: dict[str, Any], game: Game
    ) -> tuple[Action, list[int]]:
        """A received move checked against the game (`log.read_move`)."""
        return read_move(sender, index, body, game)

    def claimed_faces(self, action: Action, positions: list[int]) -> tuple[Card | None, ...]:
        """The faces a move claims (`log.claimed_cards`)."""
        return claimed_cards(action)

    def kept_in_hand(self, action: Action, positions: list[int]) -> list[int]:
        """A shown trump stays in the hand."""
        return positions if action.kind == SHOW_TRUMP else []

    def turned_up(self, game: Game, action: Action) -> list[tuple[int, int | None]]:
        """A talon lead turns up the talon's top card (it becomes the leader's); a check turns
        over the face-down beat."""
        if action.kind == ATTACK_TALON and game.talon:
            return [(game.talon[0], action.seat)]
        if action.kind == CHECK and game.pending >= 0:
            return [(game.pending, None)]
        return []

    def redealt(self, events: list[Event]) -> list[tuple[int, ...]]:
        """Crazy and poker shuffle slots into a new talon."""
        return [event.slots for event in events if event.kind == RESHUFFLE]

    def next_first(self, config: TableConfig, previous: Game) -> int | None:
        """The leader the previous result fixes (`engine.match.next_leader`)."""
        return next_leader(self.rules, self.players, previous)

    def next_dealer(self, config: TableConfig, previous: Game) -> int | None:
        """The previous game's fool deals the next; after a draw the same dealer deals again
        (as `engine.match.Match` does)."""
        return config.dealer if previous.fool is None else previous.fool

    def replay(
        self,
        first: int | None,
        entries: list[dict[str, Any]],
        game: Game | None,
        opened_deck: list[str],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> list[tuple[int | None, str]]:
        """The engine's audit of the game (`audit.game_check`): problems naming no seat."""
        claims = [] if game is None else list(game.claims)
        problems = game_check(self.rules, self.players, first, entries, claims, opened_deck,
                              redeals, dealer, trump)  # fmt: skip
        return [(None, problem) for problem in problems]

    # ----- a kept game file, checked and replayed (net.history) ----------------------------

    def start_from_claims(self, claims: Sequence[tuple[int, str, str]]) -> SimpleNamespace:
        """A stand-in for the table's game at the start: the `Game.claims` `replay` checks."""
        return SimpleNamespace(claims=[Claim(seat, kind, text) for seat, kind, text in claims])

    def lowest_trump_claims(self, config: TableConfig) -> bool:
        """The seats show their lowest trumps where the trump is the turned-up card
        (`lead.claims_checkable`)."""
        return claims_checkable(self.rules, self.plan(config).trump_namer)

    def proxy_claim_problems(
        self,
        config: TableConfig,
        claims: Sequence[int | None],
        opened_deck: Sequence[str],
        trump: str | None,
    ) -> list[tuple[int, str]]:
        """Reverse fool: each seat's claim about the next seat's lowest trump, against the
        opened deck (the table audit's `audit.proxy_claim_problems`)."""
        plan = self.plan(config)
        cards = {slot: Card.parse(text) for slot, text in enumerate(opened_deck)}
        proxy: list[tuple[int, int, Card | None]] = []
        for seat, position in enumerate(claims):
            subject = claim_subject(self.rules, self.players, seat)
            if subject != seat:
                proxy.append((seat, subject, None if position is None else cards.get(position)))
        if not proxy:
            return []
        named = trump_for(self.rules, 0, None, trump, plan.trump_slots, cards, self.seat_suits)
        return proxy_claim_problems(named, plan.dealt, proxy, tuple(opened_deck))

    def replay_from_deck(
        self,
        first: int,
        deck: list[Card],
        redeals: list[list[str]],
        dealer: int | None,
        trump: str | None,
    ) -> Game:
        """The game dealt from the opened deck and re-deals (`Game.from_deck`)."""
        return Game.from_deck(
            self.rules,
            self.players,
            deck,
            first=first,
            redeals=[[Card.parse(text) for text in cards] for cards in redeals],
            dealer=dealer,
            trump=trump,
        )

    def apply_logged(self, game: Game, index: int, entry: dict[str, Any]) -> None:
        """The entry's action applied (ParseError, IllegalAction: why it cannot be)."""
        game.apply(Action.parse(str(entry.get("a"))))


def durak_table_adapter(config: TableConfig) -> DurakAdapter:
    """Durak's adapter for a table's configuration (the registry's `adapter_path` of Durak)."""
    return DurakAdapter(config.rules(), config.players)
