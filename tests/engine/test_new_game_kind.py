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
from engine.games import GameKind, kind_of
from engine.hidden import NO_SEAT, HiddenCardGame
from engine.kind_scenario import play_scenario_moves
from engine.scenario import Failure
from engine.simulate import play_game


@dataclass(frozen=True)
class HighCardRules:
    """High card: one card each from a 36-card deck; the highest rank wins."""

    id: str = "high-card"

    def check_players(self, players: int) -> None:
        """Two to four players."""
        if not 2 <= players <= 4:
            raise ParseError("high card is for 2 to 4 players")


class Show(NamedTuple):
    """The one move: "0 show" turns the seat's card face up."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat} show"

    @classmethod
    def parse(cls, text: str) -> Show:
        """Read "0 show" back."""
        seat, _, word = text.partition(" ")
        if word != "show" or not seat.isdigit():
            raise ParseError(f"not a high-card action: {text!r}")
        return cls(int(seat))


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
    """One card each, shown in turn; the highest shown rank wins (ties: the first shown)."""

    def __init__(self, rules: HighCardRules, players: int, rng: random.Random) -> None:
        rules.check_players(players)
        deck = list(deck_spec(36))
        rng.shuffle(deck)
        self.rules, self.players, self.faces = rules, players, deck
        self.hands = [[seat] for seat in range(players)]
        self.known = [1 << seat if seat < players else 0 for seat in range(len(deck))]
        self.generation = [0] * len(deck)
        self.turn, self.over, self.fool = 0, False, None
        self.log: list[Show] = []
        self._events: list[Event] = []

    def legal_tuple(self, seat: int) -> tuple[Show, ...]:
        """The seat to act shows its card."""
        return () if self.over or seat != self.turn else (Show(seat),)

    def apply(self, action: Show) -> list[Event]:
        """Show a card; after the last, the lowest card's holder is the fool."""
        if action not in self.legal_tuple(action.seat):
            raise IllegalAction(f"{action}: it is seat {self.turn}'s turn")
        self.log.append(action)
        self._open_with_event(self.hands[action.seat])
        self.turn += 1
        if self.turn == self.players:
            ranks = [self.faces[hand[0]].rank for hand in self.hands]
            self.over, self.fool = True, ranks.index(min(ranks))
        return self.last_events()

    def winners(self) -> list[int]:
        """The seats with the highest rank."""
        if not self.over:
            return []
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
        return f"{self.rules.id};{hands};turn={self.turn};over={self.over};fool={self.fool}"


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
"""This module's one registry entry (`engine.games.KIND_MODULES` names it below)."""


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Sequence[GameKind]:
    """The registry with this module's kind added as one more entry (undone afterwards)."""
    monkeypatch.setattr(games, "KIND_MODULES", (*games.KIND_MODULES, __name__))
    monkeypatch.setattr(games, "_KINDS", None)
    monkeypatch.setattr(games, "_KIND_OF", {})
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
    game = kind.new_game(kind.get_rules("high-card"), 2, random.Random(4))
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
