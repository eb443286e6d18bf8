"""Bots for road fool: the heuristic player and the factory the simulator uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.bots.kind_search import kind_search_factory
from engine.bots.random_bot import RandomBot
from engine.road.actions import BEAT, CLEAR, LEAD, PASS, SHOW, TAKE

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.road.actions import RoadAction
    from engine.road.game import RoadGame

TRUMP_BONUS = 20  # a trump is worth more than any plain card


class RoadHeuristicBot(Bot):
    """Leads its cheapest card, beats with the cheapest card that covers, answers a beat while
    that costs no trump (or few cards are left), and takes only when it cannot beat."""

    name = "heuristic"

    def choose(self, game: RoadGame, seat: int) -> RoadAction:  # type: ignore[override]
        """The best legal action by what `game.observation(seat)` shows."""
        seen = game.observation(seat)
        legal = seen.legal
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        if legal[0].kind in (SHOW, PASS):  # a table asks for the lowest trump: one answer
            return legal[0]
        trump = seen.trump

        def value(card: Card | None) -> tuple[int, str]:
            assert card is not None
            return (card.rank + TRUMP_BONUS * (card.suit == trump), card.text)

        cards = [a for a in legal if a.kind in (LEAD, BEAT)]
        if legal[0].kind == LEAD:
            return min(cards, key=lambda a: value(a.card))
        cheapest = min(cards, key=lambda a: value(a.card)) if cards else None
        fallback = next((a for a in legal if a.kind in (TAKE, CLEAR)), None)
        if cheapest is None:
            assert fallback is not None
            return fallback
        if fallback is None or fallback.kind == TAKE:  # (none: `voluntary_take` off, must beat)
            return cheapest
        assert cheapest.card is not None
        if cheapest.card.suit != trump or len(seen.hand) <= 3 or len(seen.pile) >= 4:
            return cheapest
        return fallback


ROAD_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": RoadHeuristicBot,
    "search": kind_search_factory(RoadHeuristicBot),
}


def make_road_bot(name: str, seed: int = 0) -> Bot:
    """Create the road bot named `name` ("random", "heuristic" or "search"), seeded."""
    try:
        return ROAD_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"no road bot named {name!r}; choose from {', '.join(ROAD_BOTS)}"
        ) from None
