"""An information-set MCTS bot: one tree for the bot's seat, grown over sampled deals.

Each iteration draws a deal of every card the seat cannot see (`Game.resample`), walks the tree
with UCB1 restricted to the actions legal in that deal (counting how often each was available),
adds one node, plays the deal out with a cheap policy and credits every node on the path with
the result for the seat that chose it (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012). The budget is a number of playouts and optionally seconds of an injected clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import PASS, TAKE, Action
from engine.bots.base import Bot
from engine.bots.heuristic import HeuristicBot, card_value
from engine.errors import EngineError, IllegalAction

if TYPE_CHECKING:
    from engine.game import Game

DEFAULT_PLAYOUTS = 600
"""Playouts per move when make_bot("search") builds the bot."""
EXPLORATION = 0.7
"""The UCB1 exploration constant (rewards lie in [0, 1])."""
PLAYOUT_CAP = 1_500
"""Actions after which a playout is scored as a draw (a loop of taking and leading)."""

OPPONENT_MODELS = ("auto", "tree", "policy")
"""How the other seats choose inside the tree: by UCB ("tree"), by the playout policy
("policy"), or "auto": the tree with two players, the policy with more (where all-seeing UCB
opponents would gang up on the bot in every sampled deal)."""

Clock = Callable[[], float]
Policy = Callable[["Game", int, random.Random], Action]


class Node:
    """One tree node: the action that led here, who chose it, and its statistics."""

    __slots__ = ("action", "available", "children", "parent", "reward", "seat", "visits")

    def __init__(self, parent: Node | None, action: Action | None, seat: int | None) -> None:
        self.parent = parent
        self.action = action
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0

    def ucb(self, exploration: float) -> float:
        """The UCB1 score for the seat that chose this node, over the times it was available."""
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


def select_child(
    children: dict[Any, Node], options: Sequence[Any], exploration: float, rng: random.Random
) -> tuple[Any, Node | None]:
    """UCB1 selection among `options`: an untried action at random (with None), else the child
    of the best UCB score (with it); every tried child's `available` counts this look."""
    untried = []
    best: Node | None = None
    best_score = -1.0
    for action in options:
        child = children.get(action)
        if child is None:
            untried.append(action)
            continue
        child.available += 1
        if not untried:
            score = child.ucb(exploration)
            if score > best_score:
                best, best_score = child, score
    if untried:
        return untried[int(rng.random() * len(untried))], None
    assert best is not None
    return best.action, best


def pick_actor(to_act: Sequence[int], rng: random.Random) -> int:
    """The seat that acts next: the only one, or one drawn when several may."""
    return to_act[0] if len(to_act) == 1 else to_act[int(rng.random() * len(to_act))]


def seat_rewards(game: Game) -> list[float]:
    """Each seat's result in [0, 1]: 1 not the fool (or a best score), 0 the fool, 0.5 a draw."""
    players = game.players
    if not game.over:
        return [0.5] * players
    if game.rules.scoring in ("points", "pogony"):
        winners = game.winners()
        return [1.0 if seat in winners else 0.0 for seat in range(players)]
    fool = game.fool
    if fool is None:
        return [0.5] * players
    if game.rules.teams:
        return [0.0 if seat % 2 == fool % 2 else 1.0 for seat in range(players)]
    return [0.0 if seat == fool else 1.0 for seat in range(players)]


def random_policy(game: Game, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    legal = game.legal_tuple(seat)
    return legal[int(rng.random() * len(legal))]


def light_policy(game: Game, seat: int, rng: random.Random) -> Action:
    """Mostly the cheapest card play (never taking or passing while a card can be played)."""
    return _cheapest(game, seat, rng, 100)


def careful_policy(game: Game, seat: int, rng: random.Random) -> Action:
    """Like light_policy, but passes rather than throw in a trump (or a joker)."""
    return _cheapest(game, seat, rng, 25)


def _cheapest(game: Game, seat: int, rng: random.Random, pass_cost: int) -> Action:
    """A random action one time in four, else the one that spends the least card value."""
    legal = game.legal_tuple(seat)
    if len(legal) == 1 or rng.random() < 0.25:
        return legal[int(rng.random() * len(legal))]
    trump = game.trump_suit
    best = legal[0]
    best_cost = 1_000
    for action in legal:
        if action.kind == TAKE:
            cost = 100
        elif action.kind == PASS:
            cost = pass_cost
        elif action.cards:
            cost = 0
            for card in action.cards:
                cost += card_value(card, trump)
        else:
            cost = 50
        if cost < best_cost:
            best, best_cost = action, cost
    return best


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "light": light_policy,
    "careful": careful_policy,
}


class TreeSearch(Bot):
    """The ISMCTS loop both search bots share: sampled deals, UCB1 selection (or the policy for
    modelled opponents), one expansion, a rollout and backpropagation. Subclasses say how a
    deal is sampled (`sample`), which actions a seat has (`legal_in`), how a seat moves inside
    the tree when modelled (`policy_move`) and how a deal is played out (`rollout`)."""

    refused: tuple[type[Exception], ...] = (IllegalAction,)
    """Errors that make `grow` skip a sampled deal (counted in `skipped`)."""

    def __init__(
        self,
        seed: int,
        playouts: int,
        seconds: float | None,
        clock: Clock | None,
        exploration: float,
        opponents: str,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        if seconds is not None and clock is None:
            raise ValueError("a budget in seconds needs a clock")
        if opponents not in OPPONENT_MODELS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENT_MODELS)}")
        super().__init__(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.clock = clock
        self.exploration = exploration
        self.opponents = opponents
        self.skipped = 0
        self.last_playouts = 0
        self.last_root: Node | None = None

    def sample(self, game: Any, seat: int, rng: random.Random) -> Any:
        """A deal of every card `seat` cannot see, drawn with `rng` (reading only what it knows)."""
        return game.resample(seat, rng)

    def legal_in(self, deal: Any, seat: int) -> Sequence[Any]:
        """Every action `seat` may take in `deal`."""
        raise NotImplementedError

    def policy_move(self, deal: Any, seat: int, rng: random.Random) -> Any:
        """The move of a modelled seat inside the tree (and of the rollout policy)."""
        raise NotImplementedError

    def rollout(self, deal: Any, rng: random.Random) -> list[float]:
        """Play `deal` to the end; each seat's reward in [0, 1]."""
        raise NotImplementedError

    def modelled_opponents(self, players: int) -> bool:
        """Whether the other seats play the policy inside the tree instead of UCB."""
        if self.opponents == "auto":
            return players > 2
        return self.opponents == "policy"

    def grow(self, game: Any, seat: int, legal: Sequence[Any]) -> Node:
        """Run iterations on deals sampled from `game` until the budget (playouts, or seconds
        of the clock after the first) is spent; the root of the tree for `seat`."""
        rng = self.rng
        root = Node(None, None, None)
        clock, deadline = self.clock, None
        if clock is not None and self.seconds is not None:
            deadline = clock() + self.seconds
        done = 0
        while done < self.playouts:
            if deadline is not None and clock is not None and done and clock() >= deadline:
                break
            deal = self.sample(game, seat, rng)  # (the engine's own chance is drawn afresh too)
            done += 1
            try:
                self.iterate(root, deal, seat, legal, rng)
            except self.refused:  # a deal the engine refuses to play on: skip it, counted
                self.skipped += 1
        self.last_playouts = done
        return root

    def iterate(
        self, root: Node, deal: Any, seat: int, legal: Sequence[Any], rng: random.Random
    ) -> None:
        """One selection, expansion, rollout and backpropagation on the sampled `deal`."""
        node = root
        options: Sequence[Any] = legal
        actor = seat
        exploration = self.exploration
        modelled = self.modelled_opponents(deal.players)
        while True:
            children = node.children
            if actor != seat and modelled:  # the opponent plays its policy move, no UCB
                action = self.policy_move(deal, actor, rng)
                deal.apply(action)
                found = children.get(action)
                if found is None:
                    node = children[action] = Node(node, action, actor)
                    node.available = 1
                    break
                found.available += 1
                node = found
            else:
                action, best = select_child(children, options, exploration, rng)
                deal.apply(action)
                if best is None:
                    node = children[action] = Node(node, action, actor)
                    node.available = 1
                    break
                node = best
            if deal.over:
                break
            actor = pick_actor(deal.to_act, rng)
            options = self.legal_in(deal, actor)
        rewards = self.rollout(deal, rng)
        while node.parent is not None:
            node.visits += 1
            node.reward += rewards[node.seat]  # type: ignore[index]
            node = node.parent
        node.visits += 1


class SearchBot(TreeSearch):
    """ISMCTS over the seat's information set; deterministic for a seed and a playout budget."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        clock: Clock | None = None,
        exploration: float = EXPLORATION,
        policy: str = "light",
        opponents: str = "auto",
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"no playout policy {policy!r}; choose from {', '.join(POLICIES)}")
        super().__init__(seed, playouts, seconds, clock, exploration, opponents)
        self.policy_name = policy
        self.policy = POLICIES[policy]
        self.fallback = HeuristicBot(seed)
        self.fallbacks = 0

    def choose(self, game: Game, seat: int) -> Action:
        """The root action with the most visits after the budget (the only action at once)."""
        legal = game.observation(seat).legal
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            self.last_playouts = 0
            return legal[0]
        root = self.search(game, seat, legal)
        if root is None:
            self.fallbacks += 1
            return self.fallback.choose(game, seat)
        self.last_root = root
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def search(self, game: Game, seat: int, legal: Sequence[Action]) -> Node | None:
        """Grow the tree for `seat` within the budget; None when the game cannot be resampled."""
        try:  # (resample depends only on what the seat knows: no peeking at hidden faces)
            game.resample(seat, random.Random(0))
        except (EngineError, ValueError):
            return None
        root = self.grow(game, seat, legal)
        return root if root.children else None

    def legal_in(self, deal: Game, seat: int) -> Sequence[Action]:
        """The engine's legal tuple."""
        return deal.legal_tuple(seat)

    def policy_move(self, deal: Game, seat: int, rng: random.Random) -> Action:
        """The playout policy's move."""
        return self.policy(deal, seat, rng)

    def rollout(self, deal: Game, rng: random.Random) -> list[float]:
        """The playout's rewards; a deal where the engine refused a policy move is a draw."""
        try:
            return self.playout(deal, rng)
        except IllegalAction:
            self.skipped += 1
            return [0.5] * deal.players

    def playout(self, deal: Game, rng: random.Random) -> list[float]:
        """Play `deal` to the end with the playout policy; each seat's reward."""
        policy = self.policy
        steps = 0
        while not deal.over:
            actor = pick_actor(deal.to_act, rng)
            deal.apply(policy(deal, actor, rng))
            steps += 1
            if steps > PLAYOUT_CAP:
                return [0.5] * deal.players
        return seat_rewards(deal)
