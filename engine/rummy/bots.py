"""Bots for joker rummy: the random player and a heuristic one, and the simulator's factory."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.bots.base import Bot
from engine.bots.kind_search import kind_search_factory
from engine.bots.random_bot import RandomBot
from engine.bots.rummy_declines import DeclineReader, makes_combination
from engine.cards import Card
from engine.rummy.actions import ADD, DISCARD, DRAW, RUN, SET, SWAP, TAKE
from engine.rummy.melds import hand_value, meld_value

if TYPE_CHECKING:
    from engine.rummy.actions import RummyAction
    from engine.rummy.game import RummyGame
    from engine.rummy.observation import TableMeld

JOKER_KEEP = 100.0  # a joker is worth keeping far more than any card's points


def connections(card: Card, hand: Sequence[Card]) -> float:
    """How much `card` helps build combinations with the rest of `hand`."""
    if card.is_joker:
        return JOKER_KEEP
    score = 0.0
    others = [c for c in hand if c is not card and not c.is_joker]
    ranks = {c.suit for c in others if c.rank == card.rank}
    score += 1.5 * len(ranks)
    for other in others:
        if other.suit == card.suit:
            gap = abs(other.rank - card.rank)
            if card.rank == 14 or other.rank == 14:
                gap = min(
                    gap,
                    abs(
                        (1 if card.rank == 14 else card.rank)
                        - (1 if other.rank == 14 else other.rank)
                    ),
                )
            score += {1: 2.0, 2: 1.0}.get(gap, 0.0)
    return score


class SeatView:
    """The fields of `game.observation(seat)` the heuristic reads (the seat's hand and legal
    moves, the open stock, who has opened, the table's combinations, the jokers taken back),
    read from the same engine fields without building the whole observation: the heuristic
    is the search bot's rollout policy, and the full observation was 60 % of its time."""

    __slots__ = ("_game", "hand", "legal", "opened", "seat", "stock")

    def __init__(self, game: RummyGame, seat: int) -> None:
        faces = game.faces
        self._game = game
        self.seat = seat
        self.legal: tuple[RummyAction, ...] = game.legal_tuple(seat)
        self.hand: tuple[Card, ...] = tuple(game.hand_cards(seat))
        self.stock: tuple[Card, ...] = tuple(faces[s] for s in game.stock)
        self.opened: tuple[bool, ...] = tuple(game.opened)

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        """The combinations on the table, open to all."""
        return self._game.table_melds()

    @property
    def reclaimed(self) -> tuple[Card, ...]:
        """Jokers taken back this turn that must still be placed (open to all)."""
        faces = self._game.faces
        return tuple(faces[s] for s in self._game.reclaimed)


def takes_part(card: Card, hand: Sequence[Card], seen: SeatView) -> bool:
    """Whether `card` makes a combination (without jokers) with `hand`, or continues one on
    the table once its seat has opened."""
    if card.is_joker or makes_combination(card, hand):
        return True
    if not seen.opened[seen.seat]:
        return False
    for meld in seen.melds:
        if meld.kind == SET:
            lacks = all(c.suit != card.suit for c in meld.cards)
            if len(meld.cards) < 4 and card.rank == meld.low and lacks:
                return True
        else:
            suit = next(c.suit for c in meld.cards if not c.is_joker)
            high = meld.low + len(meld.cards) - 1
            ends = {meld.low - 1, high + 1}
            positions = {1, 14} if card.rank == 14 else {card.rank}
            if card.suit == suit and ends & positions:
                return True
    return False


class RummyHeuristicBot(Bot):
    """Takes the open card when it builds something, lays the biggest combinations, adds every
    card it can, takes jokers back, and discards its costliest loose card."""

    name = "heuristic"

    def choose(self, game: RummyGame, seat: int) -> RummyAction:  # type: ignore[override]
        """The chosen legal action by what `game.observation(seat)` shows (its `SeatView`)."""
        seen = SeatView(game, seat)
        legal = seen.legal
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        by_kind: dict[str, list[RummyAction]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        hand = list(seen.hand)
        if DRAW in by_kind or TAKE in by_kind:
            top = seen.stock[-1] if seen.stock else None
            if TAKE in by_kind and top is not None and takes_part(top, hand, seen):
                return by_kind[TAKE][0]
            return by_kind.get(DRAW, by_kind.get(TAKE, list(legal)))[0]
        if SWAP in by_kind:
            return by_kind[SWAP][0]
        lays = by_kind.get(RUN, []) + by_kind.get(SET, [])
        if lays:
            return max(lays, key=self._lay_score)
        adds = by_kind.get(ADD, [])
        natural = [a for a in adds if not a.cards[0].is_joker]
        if natural:
            return natural[0]
        jokers = [a for a in adds if a.cards[0].is_joker]
        if jokers and (seen.reclaimed or len(hand) <= 2):
            return jokers[0]
        discards = by_kind.get(DISCARD, [])
        if not discards:
            return legal[0]
        for action in discards:  # going out with jokers scores best
            if len(action.cards) > 1 or (len(hand) == 1 and action.cards[0].is_joker):
                return action
        return max(discards, key=lambda a: self._discard_score(a.cards[0], hand, game))

    def candidates(self, game: RummyGame, seat: int, width: int) -> list[RummyAction]:
        """The legal actions worth a search's comparison: all but single-card discards, and of
        those the `width` this bot would discard first (the search's shortlist)."""
        seen = SeatView(game, seat)
        hand = list(seen.hand)
        single = [a for a in seen.legal if a.kind == DISCARD and len(a.cards) == 1]
        single.sort(key=lambda a: self._discard_score(a.cards[0], hand, game), reverse=True)
        kept = set(single[:width])
        return [a for a in seen.legal if a in kept or a.kind != DISCARD or len(a.cards) > 1]

    @staticmethod
    def _lay_score(action: RummyAction) -> tuple[float, str]:
        jokers = sum(c.is_joker for c in action.cards)
        value = meld_value(action.kind, action.cards, 0)
        return (10.0 * len(action.cards) + value - 30.0 * jokers, str(action))

    @staticmethod
    def _discard_score(card: Card, hand: Sequence[Card], game: RummyGame) -> tuple[float, int]:
        value = hand_value(card, game.rules.joker_points)
        return (value - 6.0 * connections(card, hand), -card.code)


RUMMY_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": RummyHeuristicBot,
    # (bench/bots.py, 2 players against the heuristic, 0.3 s a move, deals 0-9 from both
    # seats: paired and anchored at 0.02 it won 7 of 20, with the confidence gate (1.5) and
    # halving 7 of 20, with the shortlist of 3 discards too 10 of 20: docs/bots.md)
    # (the reader of declined cards: docs/bots.md)
    "search": kind_search_factory(
        RummyHeuristicBot,
        anchor=0.02,
        paired=True,
        confidence=1.5,
        halving=True,
        width=3,
        reader=DeclineReader,
    ),
}


def make_rummy_bot(name: str, seed: int = 0) -> Bot:
    """Create the joker-rummy bot named `name` ("random", "heuristic" or "search"), seeded."""
    try:
        return RUMMY_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"no joker-rummy bot named {name!r}; choose from {', '.join(RUMMY_BOTS)}"
        ) from None
