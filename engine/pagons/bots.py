"""Bots for durak with pagons: the random player and a heuristic one that reads only its view."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.bots.kind_search import kind_search_factory
from engine.bots.random_bot import RandomBot
from engine.pagons.actions import ATTACK, BEAT, HANG, THROW, TRANSFER

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.pagons.actions import PagonsAction
    from engine.pagons.game import PagonsGame
    from engine.pagons.observation import PagonsObservation

TRUMP_COST = 20.0  # a trump is worth keeping
PAGON_COST = 15.0  # so is a pagon: a hand of them at the end hangs them
HIGH_TRUMP_RANK = 12  # early in the deal, take rather than spend a trump this high


def card_cost(seen: PagonsObservation, card: Card, queen_suit: str = "S") -> float:
    """How much `card` is worth keeping for the seat of `seen`."""
    rank = seen.levels[seen.teams[seen.seat]]
    pagon = card.rank == rank and (rank != 12 or card.suit == queen_suit)
    return card.rank + TRUMP_COST * (card.suit == seen.trump) + PAGON_COST * pagon


class PagonsHeuristicBot(Bot):
    """Hangs or hands on its pagons when it may; otherwise plays its cheapest cards, keeping
    trumps and pagons, and takes rather than spend a high trump while the talon is long."""

    name = "heuristic"

    def choose(self, game: PagonsGame, seat: int) -> PagonsAction:  # type: ignore[override]
        """The best-scoring legal action by what `game.observation(seat)` shows."""
        seen = game.observation(seat)
        legal = seen.legal
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        for kind in (HANG, TRANSFER):
            chosen = next((a for a in legal if a.kind == kind), None)
            if chosen is not None:
                return chosen

        def cost(action: PagonsAction) -> tuple[float, str]:
            assert action.card is not None
            return (card_cost(seen, action.card, game.rules.queen_suit), str(action))

        plays = [a for a in legal if a.kind in (ATTACK, BEAT, THROW)]
        if not plays:
            return legal[0]
        best = min(plays, key=cost)
        if best.kind == ATTACK:
            return best
        if best.kind == BEAT:
            assert best.card is not None
            costly = best.card.suit == seen.trump and best.card.rank >= HIGH_TRUMP_RANK
            return legal[-1] if costly and seen.talon_count > 6 else best
        assert best.card is not None  # a throw: only cheap plain cards, the pass is last
        cheap = best.card.suit != seen.trump and cost(best)[0] < 11 + 4 * (seen.talon_count == 0)
        return best if cheap else legal[-1]


PAGONS_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": PagonsHeuristicBot,
    "search": kind_search_factory(PagonsHeuristicBot),
}


def make_pagons_bot(name: str, seed: int = 0) -> Bot:
    """Create the pagons bot named `name` ("random", "heuristic" or "search"), seeded."""
    try:
        return PAGONS_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"no pagons bot named {name!r}; choose from {', '.join(PAGONS_BOTS)}"
        ) from None
