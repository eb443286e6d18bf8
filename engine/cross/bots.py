"""Bots for cross fool: the random player and a heuristic one that reads only its seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.bots.kind_search import kind_search_factory
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


def exchange_values(hand: Sequence[Card], answer: Sequence[Card]) -> dict[Card, float]:
    """For each card of `hand` the next player can close: the worst, over his closing cards,
    of our free leads left (cards he cannot close) against his (cards we cannot close; his
    count weighs double, a free lead of his comes back at us)."""
    closes_mine = {c: {d for d in answer if cross_beats(c, d)} for c in hand}
    closes_his = {d: {c for c in hand if cross_beats(d, c)} for d in answer}
    values: dict[Card, float] = {}
    for card, closers in closes_mine.items():
        if not closers:
            continue
        worst = None
        for closer in closers:
            mine = sum(1 for c, by in closes_mine.items() if c is not card and by <= {closer})
            his = sum(1 for d, by in closes_his.items() if d is not closer and by <= {card})
            value = 2.0 * mine - 4.0 * his
            worst = value if worst is None else min(worst, value)
        values[card] = float(worst or 0.0)
    return values


class CrossHeuristicBot(Bot):
    """Leads what the next player cannot close (his cards are open), else the card whose
    exchange leaves it the most free leads against his; closes with the cheapest card that
    does, keeping diamonds and clubs."""

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
            known = [c for c in answer if c is not None]
            exchange = exchange_values(seen.hand, known) if len(known) == len(answer) else {}

            def lead_score(action: CrossAction) -> tuple[float, str]:
                card = action.card
                assert card is not None
                if not beaters(card, answer):  # he must take it; better one we can close later
                    back = any(cross_beats(card, c) for c in seen.hand if c is not card)
                    return (100.0 + 10.0 * back - card_cost(card), card.text)
                return (exchange.get(card, 0.0) - card_cost(card), card.text)

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
    # (random rollouts: the cross heuristic is slow, and random ones won 19 of 20 at 0.1 s)
    "search": kind_search_factory(CrossHeuristicBot, guided=0.0),
}


def make_cross_bot(name: str, seed: int = 0) -> Bot:
    """Create the cross bot named `name` ("random", "heuristic" or "search"), seeded."""
    try:
        return CROSS_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"no cross bot named {name!r}; choose from {', '.join(CROSS_BOTS)}"
        ) from None
