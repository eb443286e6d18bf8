"""Bots for czech fool: the heuristic player, and the factory the simulator uses for family 3."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.bots.kind_search import kind_search_factory
from engine.bots.play_reader import PlayReader
from engine.bots.random_bot import RandomBot
from engine.czech.actions import DRAW, ORDER, PLAY

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.czech.actions import CzechAction
    from engine.czech.game import CzechGame

WILD_COST = 12.0  # a wild card saved for a suit you lack is worth more than most plays


class SeatView:
    """The fields of `game.observation(seat)` the heuristic reads (its legal moves, its hand,
    the number of players), without building the whole observation: the heuristic is the
    search bot's rollout policy."""

    __slots__ = ("hand", "legal", "players")

    def __init__(self, game: CzechGame, seat: int) -> None:
        self.legal: tuple[CzechAction, ...] = game.legal_tuple(seat)
        self.hand: tuple[Card, ...] = tuple(game.hand_cards(seat))
        self.players: int = game.players


class VoidScan:
    """`next_seat_voids` kept up to date as one game's public log grows: a bot asked again
    about the same game reads only the moves since (rollouts ask after every move)."""

    __slots__ = ("game", "last", "ordered", "read", "top_suit", "void")

    def __init__(self, game: CzechGame) -> None:
        self.game = game
        self.top_suit: str | None = None if game.opened is None else game.opened.suit
        self.ordered: str | None = None
        self.void: set[str] = set()
        self.read = 0
        self.last: CzechAction | None = None

    def follows(self, game: CzechGame) -> bool:
        """Whether `game` is this scan's game, its log grown only by new moves."""
        log = game.log
        if game is not self.game or len(log) < self.read:
            return False
        return self.read == 0 or log[self.read - 1] is self.last

    def update(self, other: int) -> set[str]:
        """Read the moves since the last call; the suits `other` lacks now."""
        log = self.game.log
        for action in log[self.read :]:
            if action.kind == PLAY:
                assert action.card is not None
                self.top_suit, self.ordered = action.card.suit, None
                if action.seat == other:
                    self.void.discard(action.card.suit)
            elif action.kind == ORDER:
                self.ordered = action.suit
            elif action.kind == DRAW and action.seat == other:
                needed = self.ordered or self.top_suit
                if needed is not None:
                    self.void.add(needed)
        self.read = len(log)
        self.last = log[-1] if log else None
        return self.void


class CzechHeuristicBot(Bot):
    """Sheds its costliest cards in its longest suit, hits the next seat with action cards,
    keeps the wild card for when nothing else fits, and orders its longest suit."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._scans: dict[int, VoidScan] = {}

    def voids(self, game: CzechGame, other: int) -> set[str]:
        """`next_seat_voids(game, other)`, read incrementally while the game is the same."""
        scan = self._scans.get(other)
        if scan is None or not scan.follows(game):
            scan = self._scans[other] = VoidScan(game)
        return set(scan.update(other))

    def choose(self, game: CzechGame, seat: int) -> CzechAction:  # type: ignore[override]
        """The best-scoring legal action by what `game.observation(seat)` shows (its
        `SeatView`, and the public record of moves)."""
        seen = SeatView(game, seat)
        legal = seen.legal
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        rules = game.rules
        wild = rules.wild_rank
        suits = Counter(c.suit for c in seen.hand if c.rank != wild)
        void = self.voids(game, (seat + 1) % seen.players)
        if legal[0].kind == ORDER:
            return max(legal, key=lambda a: (suits[a.suit] + 3 * (a.suit in void), a.suit))
        plays = [a for a in legal if a.kind == PLAY]
        if not plays:
            return legal[0]

        def score(action: CzechAction) -> tuple[float, str]:
            card = action.card
            assert card is not None
            value = 0.3 * rules.card_points.get(card.text, rules.points[card.rank])
            value += suits[card.suit] - 1  # stay in a suit you can follow again
            if card.suit in void:
                value += 3.0
            effect = rules.effect_of(card.rank, card.suit)
            again = effect is not None and effect.skip and seen.players == 2
            if card.rank in rules.continue_ranks:
                again = True
            if effect is not None:
                value += 2.0 * effect.draw
            if again:  # the turn comes back: worth it only with a card to play on it
                rest = [c for c in seen.hand if c is not card]
                follow = any(
                    c.suit == card.suit or c.rank == card.rank or c.rank == wild for c in rest
                )
                value += 4.0 if follow else -1.0
            if card.rank == wild:
                value -= WILD_COST if len(seen.hand) > 2 else 0
            return (value, card.text)

        return max(plays, key=score)


def next_seat_voids(game: CzechGame, other: int) -> set[str]:
    """Suits `other` lacked when he last had to draw, from the public record of moves
    (a card he has played since shows he holds that suit again)."""
    top_suit = None if game.opened is None else game.opened.suit
    ordered: str | None = None
    void: set[str] = set()
    for action in game.log:
        if action.kind == PLAY:
            assert action.card is not None
            top_suit, ordered = action.card.suit, None
            if action.seat == other:
                void.discard(action.card.suit)
        elif action.kind == ORDER:
            ordered = action.suit
        elif action.kind == DRAW and action.seat == other:
            needed = ordered or top_suit
            if needed is not None:
                void.add(needed)
    return void


CZECH_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": CzechHeuristicBot,
    # (bench/bots.py, 2 players against the heuristic: at 0.1 s a move the tree search won 3
    # and 1 of 10 games of czech and joker rummy, anchored at 0.05 5 and 2; at 0.3 s, anchored,
    # with heuristic opponents in the tree 8 of 19 and 4 of 11; paired at 0.3 s, anchored at
    # 0.02, 14 of 20 and 7 of 20)
    "search": kind_search_factory(
        CzechHeuristicBot,
        anchor=0.02,
        paired=True,
        reader=functools.partial(PlayReader, CzechHeuristicBot),
    ),
}


def make_czech_bot(name: str, seed: int = 0) -> Bot:
    """Create the czech bot named `name` ("random", "heuristic" or "search"), seeded."""
    try:
        return CZECH_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"no czech bot named {name!r}; choose from {', '.join(CZECH_BOTS)}"
        ) from None
