"""Albanian: the shuffled deck is ordered by rank, aces on top, before the deal, so every
position's rank is public (docs/rules.md, `albanian`; option `talon_by_rank`).

The deck order and its checks, of a dealt deck and of a laid-out deal (the `Albanian` twist of
the deal), the public rank of a position, the ranks each observation shows, and keeping a
resampled deal within the public ranks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from engine.cards import ALL_FACES, Card, deck_spec
from engine.errors import EngineError
from engine.rules import Rules
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game

_RANK_OF_CODE = [0] * (max(c.code for c in ALL_FACES) + 1)
for _card in ALL_FACES:
    _RANK_OF_CODE[_card.code] = _card.rank


def order_deck_by_rank(deck: list[Card]) -> None:
    """Albanian: order a shuffled deck by rank, highest on top (position 0); suits stay shuffled.

    The sort is stable, so within a rank the shuffled order remains: every suit order is
    equally likely. The deal then goes on as usual from the top.
    """
    deck.sort(key=lambda card: -card.rank)


@lru_cache(maxsize=64)
def deck_ranks_by_position(rules: Rules) -> tuple[int, ...]:
    """Albanian: the public rank of every deck position of a deck ordered by rank, top first.

    Runs of equal rank are the segments the table shuffles on their own (36 cards: positions
    0..3 aces, 4..7 kings, ...).
    """
    deck = list(deck_spec(rules.deck, rules.jokers, rules.decks))
    order_deck_by_rank(deck)
    return tuple(card.rank for card in deck)


def rank_order_problem(rules: Rules, hands: Sequence[Sequence[Card]], talon: Sequence[Card]) -> str:
    """Albanian: why laid-out hands and talon are not what a deck ordered by rank deals ("": ok).

    The hands must be a deal one card at a time, seat 0 first (a full deal when a talon is
    left), and the cards in dealt order, then the talon top first, must never rise in rank.
    """
    from engine.game import deal_positions  # (engine.game imports this module)

    players = len(hands)
    dealt = sum(len(hand) for hand in hands)
    if talon and dealt != players * rules.hand_size:
        return (
            f"albanian: with a talon left, deal {rules.hand_size} cards to each of the"
            f" {players} seats"
        )
    positions = deal_positions(players, rules.hand_size, dealt)
    if [len(p) for p in positions] != [len(hand) for hand in hands]:
        return "albanian: the hands must be dealt one card at a time, seat 0 first"
    order: list[Card | None] = [None] * dealt
    for seat, hand in enumerate(hands):
        for position, card in zip(positions[seat], hand, strict=True):
            order[position] = card
    deck = [card for card in order if card is not None] + list(talon)
    for above, below in pairwise(deck):
        if above.rank < below.rank:
            return (
                f"albanian: {above} would be dealt above the higher {below}: the deck is"
                " ordered by rank, aces on top"
            )
    return ""


class Albanian(Twist):
    """The deck ordered by rank before the deal (a part of the deal only)."""

    __slots__ = ()

    def order_deck(self, deck: list[Card], rng: random.Random) -> None:
        """Order the shuffled deck by rank, aces on top."""
        order_deck_by_rank(deck)

    def check_deck(self, deck: Sequence[Card]) -> None:
        """Raise EngineError unless the deck is ordered by rank, aces on top."""
        if any(a.rank < b.rank for a, b in pairwise(deck)):
            raise EngineError("albanian: the deck must be ordered by rank, aces on top")

    def check_layout(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        talon: Sequence[Card],
        trump: str | None,
    ) -> None:
        """Raise EngineError unless the laid-out hands and talon are a deal of a deck by rank."""
        problem = rank_order_problem(rules, hands, talon)
        if problem:
            raise EngineError(problem)

    def public_rank(self, game: Game, slot: int) -> int | None:
        """Every position's rank is public: the deck is dealt by rank."""
        return public_rank(game, slot)

    def generations(self, rules: Rules, faces: Sequence[Card | None]) -> list[int]:
        """Each position's public rank: a seat knows which faces each rank's positions hold."""
        return rank_generations(rules, faces)

    def order_unseen(self, game: Game, unopened: list[int]) -> None:
        """Unopened positions highest public rank first."""
        order_unseen(game, unopened)

    def place_unseen(self, game: Game, pool: list[int], unopened: Sequence[int]) -> None:
        """Each face falls on an unopened position of its own public rank."""
        place_by_rank(game, pool, unopened)

    def observe(self, game: Game, mask: int, fields: dict[str, Any]) -> None:
        """Everyone sees the public rank of every hand's cards and of the talon."""
        fields.update(observation_ranks(game))


def public_rank(game: Game, slot: int) -> int:
    """The rank everyone knows a position holds (its face's when this engine knows it)."""
    if not 0 <= slot < len(game.faces):
        raise EngineError(f"no slot {slot}")
    face = game.faces[slot]
    if face is not None:
        return face.rank
    return deck_ranks_by_position(game.rules)[slot]


def rank_generations(rules: Rules, faces: Sequence[Card | None]) -> list[int]:
    """The public rank of every position of a deal: its face's, or the deck's by position
    (a table seat's unopened slot)."""
    ranks = deck_ranks_by_position(rules)
    return [ranks[s] if face is None else face.rank for s, face in enumerate(faces)]


def observation_ranks(game: Game) -> dict[str, Any]:
    """The public ranks of every hand's cards and of the talon, for the observation."""
    return {
        "hand_ranks": tuple(tuple(public_rank(game, s) for s in hand) for hand in game.hands),
        "talon_ranks": tuple(public_rank(game, s) for s in game.talon),
    }


def order_unseen(game: Game, unknown: list[int]) -> None:
    """Sort unseen slots highest public rank first (ranks stay where they are)."""
    unknown.sort(key=lambda s: -(public_rank(game, s) or 0))


def place_by_rank(game: Game, pool: list[int], unknown: Sequence[int]) -> None:
    """Reorder codes so each falls on an unopened slot of its own public rank (a stable sort:
    within a rank they keep their order); EngineError when they do not fit."""
    pool.sort(key=_RANK_OF_CODE.__getitem__, reverse=True)
    if [_RANK_OF_CODE[c] for c in pool] != [public_rank(game, s) for s in unknown]:
        raise EngineError("the unseen faces do not fit the public ranks")
