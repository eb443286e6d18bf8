"""Bots for round fool: the heuristic player and the factory the simulator uses."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.bots.kind_search import kind_search_factory
from engine.bots.random_bot import RandomBot
from engine.round.actions import BEAT, HIT, LEAD

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.round.actions import RoundAction
    from engine.round.game import RoundGame

TRUMP_BONUS = 20  # a trump is worth more than any plain card


class RoundHeuristicBot(Bot):
    """Collects the strongest table card it can hit, leads as many cheap cards as it may,
    beats with the cheapest card that covers, and takes only what it cannot beat."""

    name = "heuristic"

    def choose(self, game: RoundGame, seat: int) -> RoundAction:  # type: ignore[override]
        """The best legal action by what `game.observation(seat)` shows."""
        seen = game.observation(seat)
        legal = seen.legal
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        trump = seen.trump

        def value(card: Card) -> int:
            return card.rank + TRUMP_BONUS * (card.suit == trump)

        kind = legal[0].kind
        if kind == HIT:
            ranks = Counter(c.rank for c in seen.hand)
            return max(
                (a for a in legal if a.kind == HIT),
                key=lambda a: (value(a.cards[0]) + 6 * ranks[a.cards[0].rank], a.cards[0].text),
            )
        if kind == LEAD:
            return max(
                legal,
                key=lambda a: (len(a.cards), -sum(value(c) for c in a.cards), str(a)),
            )
        beats = [a for a in legal if a.kind == BEAT]
        if beats:
            return min(beats, key=lambda a: (value(a.cards[0]), str(a)))
        return legal[-1]


ROUND_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": RoundHeuristicBot,
    # (at 0.3 s a move, 2 players, 20 games: other seats by UCB 30 %, by the heuristic 50 %,
    # by the heuristic and anchored at 0.05 80 %: bench/bots.py)
    "search": kind_search_factory(RoundHeuristicBot, anchor=0.05, opponents="policy"),
}


def make_round_bot(name: str, seed: int = 0) -> Bot:
    """Create the round bot named `name` ("random", "heuristic" or "search"), seeded."""
    try:
        return ROUND_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"no round bot named {name!r}; choose from {', '.join(ROUND_BOTS)}"
        ) from None
