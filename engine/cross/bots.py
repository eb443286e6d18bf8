"""Bots for cross fool: the random player and a heuristic one that reads only its seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.bots.random_bot import RandomBot
from engine.cards import Card
from engine.cross.actions import BEAT, LEAD
from engine.cross.game import cross_beats
from engine.cross.rules import TRUMP

if TYPE_CHECKING:
    from engine.cross.actions import CrossAction
    from engine.cross.game import CrossGame


def card_cost(card: Card) -> float:
    """How much a card is worth keeping: diamonds most, then clubs (only clubs beat them)."""
    return card.rank + (20 if card.suit == TRUMP else 8 if card.suit == "C" else 0)


def beaters(card: Card, hand: Sequence[Card | None]) -> int:
    """How many of the known cards of `hand` close `card`."""
    return sum(1 for c in hand if c is not None and cross_beats(card, c))


class CrossHeuristicBot(Bot):
    """Leads what the next player cannot close (his cards are open), else its cheapest card;
    closes with the cheapest card that does, keeping diamonds and clubs."""

    name = "heuristic"

    def choose(self, game: CrossGame, seat: int) -> CrossAction:  # type: ignore[override]
        """The best-scoring legal action by what `game.observation(seat)` shows."""
        seen = game.observation(seat)
        legal = seen.legal
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        following = next(
            (
                (seat + k) % seen.players
                for k in range(1, seen.players)
                if (seat + k) % seen.players not in seen.out
            ),
            seat,
        )
        answer = seen.hands[following]
        if legal[0].kind == LEAD:

            def lead_score(action: CrossAction) -> tuple[float, str]:
                card = action.card
                assert card is not None
                closing = [c for c in answer if c is not None and cross_beats(card, c)]
                if not closing:  # he must take it; better a card we can close when it returns
                    back = any(cross_beats(card, c) for c in seen.hand if c is not card)
                    return (100.0 + 10.0 * back - card_cost(card), card.text)
                return (-card_cost(card), card.text)

            return max(legal, key=lead_score)
        closes = [a for a in legal if a.kind == BEAT]
        if not closes:
            return legal[0]
        ends = seen.covers + 1 >= seen.trick_size - 1

        def beat_score(action: CrossAction) -> tuple[float, str]:
            card = action.card
            assert card is not None
            hard = beaters(card, answer) == 0  # a card he cannot close: keep it to lead
            value = -card_cost(card) - (15.0 if hard and ends else 0.0)
            return (value + (0.0 if ends else 30.0 * hard), card.text)

        return max(closes, key=beat_score)


CROSS_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": CrossHeuristicBot,
}


def make_cross_bot(name: str, seed: int = 0) -> Bot:
    """Create the cross bot named `name` ("random" or "heuristic"), seeded."""
    try:
        return CROSS_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"no cross bot named {name!r}; choose from {', '.join(CROSS_BOTS)}"
        ) from None
