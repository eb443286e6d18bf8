"""Adding a game is an engine and one registry entry: a minimal game kind built here (a deck,
a deal, one legal move) is found through `engine.games` and played by the simulator, its
scenario runner and the kind contract, with its hidden cards on `engine.hidden`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pytest

from engine import games
from engine.actions import Event
from engine.bots.random_bot import RandomBot
from engine.cards import Card, deck_spec
from engine.errors import IllegalAction, ParseError
from engine.first_lead import FirstLead
from engine.games import GameEntry, GameKind, kind_of
from engine.hidden import NO_SEAT, HiddenCardGame
from engine.kind_scenario import play_scenario_moves
from engine.scenario import Failure
from engine.simulate import play_game
from net.table.config import TableConfig
from net.table.deals import DealPlan
from net.table.game_adapter import FORFEIT, Family3Adapter
from net.table.sim import make_table
from tests.table.family3_harness import assert_clean, run

SHOW = "show"


@dataclass(frozen=True)
class HighCardRules:
    """High card: one card each from a 36-card deck; the highest rank wins."""

    id: str = "high-card"

    def check_players(self, players: int) -> None:
        """Two to four players."""
        if not 2 <= players <= 4:
            raise ParseError("high card is for 2 to 4 players")


class Show(NamedTuple):
    """The one move: "0 show" turns the seat's card face up ("0 forfeit": the seat leaves a
    table's game and is the fool)."""

    seat: int
    kind: str = SHOW

    def __str__(self) -> str:
        return f"{self.seat} {self.kind}"

    @classmethod
    def parse(cls, text: str) -> Show:
        """Read "0 show" (or "0 forfeit") back."""
        seat, _, word = text.partition(" ")
        if word not in (SHOW, FORFEIT) or not seat.isdigit():
            raise ParseError(f"not a high-card action: {text!r}")
        return cls(int(seat), word)


@dataclass(frozen=True)
class HighCardView:
    """What a viewer knows: every hand as it may see it."""

    seat: int
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    legal: tuple[Show, ...]

    def key(self) -> str:
        """Canonical text of the view."""
        return "|".join(",".join("?" if c is None else c.text for c in h) for h in self.hands)


class HighCardGame(HiddenCardGame):
    """One card each, shown in turn from the first seat; the lowest shown rank is the fool."""

    def __init__(
        self, rules: HighCardRules, players: int, rng: random.Random | None, first: int = 0
    ) -> None:
        rules.check_players(players)
        deck: list[Any] = list(deck_spec(36))
        if rng is None:  # a table seat's game: every face unknown until the table opens it
            self.hidden, deck = True, [None] * len(deck)
        else:
            rng.shuffle(deck)
        self.rules, self.players, self.faces = rules, players, deck
        self.hands = [[seat] for seat in range(players)]  # the seat's slot: table position seat
        self.known = [1 << seat if seat < players else 0 for seat in range(len(deck))]
        self.generation = [0] * len(deck)
        self.first, self.shown, self.over = first, 0, False
        self.fool: int | None = None
        self.log: list[Show] = []
        self._events: list[Event] = []

    @classmethod
    def from_table(cls, rules: HighCardRules, players: int, deck: list[Card], first: int) -> Any:
        """The game with every face open, dealt from a table's opened deck (for its audit)."""
        game = cls(rules, players, None, first)
        game.faces, game.hidden = list(deck), False
        return game

    @property
    def turn(self) -> int:
        """The seat to show next."""
        return (self.first + self.shown) % self.players

    def legal_tuple(self, seat: int) -> tuple[Show, ...]:
        """The seat to act shows its card."""
        return () if self.over or seat != self.turn else (Show(seat),)

    def is_legal(self, action: Show) -> bool:
        """A show in turn, or a forfeit while the game runs."""
        return action in self.legal_tuple(action.seat) or (
            action.kind == FORFEIT and not self.over and 0 <= action.seat < self.players
        )

    def apply(self, action: Show) -> list[Event]:
        """Show a card; after the last, the lowest card's holder is the fool."""
        if not self.is_legal(action):
            raise IllegalAction(f"{action}: it is seat {self.turn}'s turn")
        self._events = []
        self.log.append(action)
        if action.kind == FORFEIT:
            self.over, self.fool = True, action.seat
            return self.last_events()
        self._open_with_event(self.hands[action.seat])
        self.shown += 1
        if self.shown == self.players:
            ranks = [self.faces[hand[0]].rank for hand in self.hands]
            self.over, self.fool = True, ranks.index(min(ranks))
        return self.last_events()

    def winners(self) -> list[int]:
        """The seats with the highest rank (after a forfeit: every other seat)."""
        if not self.over:
            return []
        if self.log[-1].kind == FORFEIT:
            return [seat for seat in range(self.players) if seat != self.fool]
        ranks = [self.faces[hand[0]].rank for hand in self.hands]
        return [seat for seat, rank in enumerate(ranks) if rank == max(ranks)]

    @property
    def result(self) -> dict[str, object]:
        """The outcome as plain data."""
        return {"over": self.over, "fool": self.fool, "winners": self.winners()}

    def _observe(self, seat: int, mask: int) -> HighCardView:
        hand = tuple(self.hand_cards(seat)) if seat != NO_SEAT else ()
        hands = tuple(self.seen_by(h, mask) for h in self.hands)
        legal = self.legal_tuple(seat) if seat != NO_SEAT else ()
        return HighCardView(seat, hand, hands, legal)

    def _state_text(self, public: bool = False) -> str:
        hands = "|".join(",".join(self.face_text(s, public) for s in h) for h in self.hands)
        turn = f"first={self.first};shown={self.shown}"
        return f"{self.rules.id};{hands};{turn};over={self.over};fool={self.fool}"


def _run_scenario(data: dict[str, Any], path: str) -> list[Failure]:
    game = HighCardGame(HighCardRules(), int(data["players"]), random.Random(data["seed"]))

    def check(game: Any, expect: object, path: str, move: int | None) -> list[Failure]:
        found = {"over": game.over, "turn": game.turn}
        assert isinstance(expect, dict)
        return [Failure(path, move, k, v, found[k]) for k, v in expect.items() if found[k] != v]

    return play_scenario_moves(game, data, path, Show.parse, check)


def _get_rules(name: str, **options: Any) -> HighCardRules:
    if name != "high-card":
        raise ParseError(f"no high-card variant named {name!r}")
    return HighCardRules(**options)


KIND = GameKind(
    name="high-card",
    ids=lambda: ["high-card"],
    get_rules=_get_rules,
    new_game=HighCardGame,
    bots=("random",),
    make_bot=lambda name, seed: RandomBot(seed),
    parse_action=Show.parse,
    run_scenario=_run_scenario,
)
"""This module's engine kind (the registry entry `ENTRY` names it by this module's path)."""


class HighCardAdapter(Family3Adapter):
    """High card at a LAN table: position p is seat p's card, opened to its owner; a show opens
    it to everyone (a claim of no particular face: the audit checks the game)."""

    action_type = Show

    def __init__(self, config: TableConfig) -> None:
        self.rules, self.players = HighCardRules(), config.players
        self.deck: tuple[Card, ...] = tuple(deck_spec(36))

    def plan(self, config: TableConfig) -> DealPlan:
        """One position to each seat, seen by its owner alone."""
        hands = [[seat] for seat in range(self.players)]
        return self.deal_plan(config, hands, self.owner_masks(hands))

    def first_lead(self, config: TableConfig) -> FirstLead:
        """The match's leader, else the table's lot."""
        return FirstLead(config.first, claims=False)

    def new_hidden(
        self, seat: int, first: int, trump: str | None, dealer: int | None, faces: dict[int, Card]
    ) -> HighCardGame:
        """This seat's game, every face unknown until the table opens it."""
        return HighCardGame(self.rules, self.players, None, first)

    def shown_positions(self, game: HighCardGame, action: Show) -> list[int]:
        """A show names the seat's one position."""
        return [] if action.kind == FORFEIT else list(game.hands[action.seat])

    def shown_cards(self, action: Show) -> tuple[Card | None, ...]:
        """A show opens one card without naming its face."""
        return () if action.kind == FORFEIT else (None,)

    def next_first(self, config: TableConfig, previous: HighCardGame) -> int | None:
        """Every game's leader is drawn by lot."""
        return None

    def replay_start(self, first: int, deck: list[Card], redeals: list[list[str]]) -> Any:
        """The game from the opened deck, led by `first`."""
        return HighCardGame.from_table(self.rules, self.players, deck, first)


ENTRY = GameEntry(
    name="high-card",
    engine_path=__name__,
    adapter_path=f"{__name__}:HighCardAdapter",
    view_path=f"{__name__}:HighCardView",
    rules_page="",
    bots_path="engine.bots.random_bot:RandomBot",
)
"""The one registry line a new game adds (`engine.games.ENTRIES`)."""


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Sequence[GameKind]:
    """The registry with this module's entry added (`ENTRIES` restored afterwards)."""
    monkeypatch.setattr(games, "ENTRIES", games.with_entries(ENTRY))
    return games.kinds()


def test_a_new_kind_is_found_and_played_through_the_registry(
    registered: Sequence[GameKind],
) -> None:
    """One registry line: the id is listed, its kind found, and the simulator plays it."""
    assert registered[-1] is KIND and "high-card" in games.family3_ids()
    kind = kind_of("high-card")
    assert kind is KIND
    rules = kind.get_rules("high-card")
    bots = [kind.make_bot("random", seat) for seat in range(3)]
    game, actions = play_game(rules, bots, random.Random(1))
    assert actions == 3 and game.over and game.fool is not None
    assert [str(a) for a in game.log] == ["0 show", "1 show", "2 show"]
    assert [kind.parse_action(str(a)) for a in game.log] == game.log


def test_the_new_kind_keeps_the_hidden_card_contract(registered: Sequence[GameKind]) -> None:
    """Before it is shown a card is its holder's alone; the spectator sees none, the replay
    all; a resample deals the others' cards again without changing what the seat sees."""
    kind = kind_of("high-card")
    assert kind is not None
    game: Any = kind.new_game(kind.get_rules("high-card"), 2, random.Random(4))
    assert game.observation(0).hands[1] == (None,)
    assert game.public_observation().hands == ((None,), (None,))
    assert game.open_observation().hands == ((game.faces[0],), (game.faces[1],))
    again = game.resample(0, random.Random(9))
    assert again.observation(0) == game.observation(0)
    with pytest.raises(IllegalAction):
        game.apply(Show(1))
    game.apply(Show(0))
    assert game.public_observation().hands[0] == (game.faces[0],)
    failures = kind.run_scenario(
        {"players": 2, "seed": 4, "moves": [{"action": "1 show", "illegal": True},
                                             {"action": "0 show"}, {"action": "1 show"}],
         "expect": {"over": True}}, "<high-card>"
    )  # fmt: skip
    assert failures == []


@pytest.mark.slow
def test_the_new_kind_is_dealt_and_played_at_a_simulated_table(
    registered: Sequence[GameKind],
) -> None:
    """The registry's adapter of the new game deals it by the fair-dealing protocol, the seats'
    bots play it to the end, every seat agrees on the result and the audit finds it clean."""
    table = make_table(2, variant="high-card", bots="random", seed=5)
    results = run(table)
    assert_clean(results, 2)
    over = results[0]
    assert over.result["fool"] in range(2) and over.result["winners"]
    core = table.cores[0]
    assert core is not None and core.first is not None
    assert [e["a"] for e in core.entries] == [f"{(core.first + n) % 2} show" for n in range(2)]


def test_a_table_without_the_registry_line_does_not_know_the_game() -> None:
    """Without its entry, no table deals the game: the registry line is what adds it."""
    assert kind_of("high-card") is None
    with pytest.raises(ParseError):
        make_table(3, variant="high-card", bots="random", seed=5)
